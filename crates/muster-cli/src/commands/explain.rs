//! `muster explain CODE`

use std::process::ExitCode;

/// Print what a diagnostic code checks, why, an example and the rule it enforces.
#[derive(clap::Args)]
pub struct Args {
    /// The code, e.g. AC101.
    #[arg(required_unless_present_any = ["list", "markdown"])]
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
    let code = args.code.unwrap_or_default();
    match muster_rules::registry::explain(&code) {
        Some(d) => {
            super::emit(format!(
                "# {} {} ({})\n\n{}\n\n{}",
                d.code, d.name, d.system, d.summary, d.doc
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        None => anyhow::bail!("unknown code `{code}`; run `muster explain --list`"),
    }
}
