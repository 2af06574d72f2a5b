//! `muster schema [--kind KIND] [--out DIR]`

use std::path::PathBuf;
use std::process::ExitCode;

/// Write the JSON Schemas generated from Muster's types.
///
/// Without `--out`, prints one JSON object keyed by kind (`map`, `overlay`, `scenario`,
/// `pack`, `armylist`, `ruleset`), or with `--kind` that kind's schema alone.
#[derive(clap::Args)]
pub struct Args {
    /// Folder to write `*.schema.json` into (printed to stdout if absent).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Only this kind's schema (`map`, `overlay`, `scenario`, `pack`, `armylist`,
    /// `ruleset`).
    #[arg(long, value_name = "KIND")]
    kind: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let kinds = muster_model::schema::KINDS;
    let chosen: Vec<_> = match &args.kind {
        None => kinds.to_vec(),
        Some(k) => match kinds
            .iter()
            .find(|x| x.schema_name().eq_ignore_ascii_case(k))
        {
            Some(x) => vec![*x],
            None => {
                let names: Vec<_> = kinds
                    .iter()
                    .map(|x| format!("`{}`", x.schema_name()))
                    .collect();
                anyhow::bail!(
                    "--kind {k}: no such kind; the kinds are {}",
                    names.join(", ")
                )
            }
        },
    };
    match &args.out {
        Some(dir) => {
            std::fs::create_dir_all(dir)?;
            for k in chosen {
                let text = serde_json::to_string_pretty(&muster_rules::schema::for_kind(k))? + "\n";
                let name = format!("{}.schema.json", k.schema_name());
                super::fmt::write_atomically(&dir.join(name), &text)?;
            }
        }
        None => {
            let value = if let (Some(_), [k]) = (&args.kind, chosen.as_slice()) {
                serde_json::to_value(muster_rules::schema::for_kind(*k))?
            } else {
                let map: serde_json::Map<String, serde_json::Value> = chosen
                    .iter()
                    .map(|k| {
                        let v = serde_json::to_value(muster_rules::schema::for_kind(*k));
                        v.map(|v| (k.schema_name().to_string(), v))
                    })
                    .collect::<Result<_, _>>()?;
                serde_json::Value::Object(map)
            };
            super::emit(serde_json::to_string_pretty(&value)?)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
