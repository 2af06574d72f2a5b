//! `muster explain CODE`

use std::process::ExitCode;

/// Print what a diagnostic code checks, why, an example and the rule it enforces.
#[derive(clap::Args)]
pub struct Args {
    /// The code, e.g. AC101.
    code: Option<String>,
    /// List every code with its system and one line.
    #[arg(long)]
    list: bool,
    /// Print every code's explanation as one Markdown document (docs/codes.md, which
    /// SARIF `helpUri`s point at).
    #[arg(long, conflicts_with_all = ["code", "list"])]
    markdown: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.markdown {
        super::emit(muster_cli::render::codes_markdown().trim_end())?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.list {
        for d in muster_rules::registry::all_codes() {
            super::emit(format!(
                "{}  {:<12} {:<30} {}",
                d.code, d.system, d.name, d.summary
            ))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let Some(code) = args.code else {
        anyhow::bail!(
            "which code? e.g. `muster explain AC101`; `muster explain --list` lists every code"
        );
    };
    match muster_rules::registry::explain(&code) {
        Some(d) => {
            super::emit(format!(
                "# {} {} ({})\n\n{}\n\n{}",
                d.code, d.name, d.system, d.summary, d.doc
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            // Codes of the same system (`AC1..`) when none is close: the whole table is
            // for `--list`.
            let all: Vec<&str> = muster_rules::registry::all_codes()
                .into_iter()
                .map(|d| d.code)
                .collect();
            let prefix: String = code.chars().take(2).collect::<String>().to_uppercase();
            let same: Vec<&str> = all
                .iter()
                .copied()
                .filter(|c| c.starts_with(&prefix))
                .collect();
            let help = match muster_rules::suggest::nearest(&code, all.iter().copied()) {
                Some(n) => format!("did you mean `{n}`?"),
                None if !same.is_empty() => format!(
                    "the {prefix} codes are {}",
                    muster_rules::suggest::listing(&same)
                ),
                None => String::new(),
            };
            if help.is_empty() {
                anyhow::bail!("unknown code `{code}`; `muster explain --list` lists every code")
            }
            anyhow::bail!(
                "unknown code `{code}`: {help} (`muster explain --list` lists every code)"
            )
        }
    }
}
