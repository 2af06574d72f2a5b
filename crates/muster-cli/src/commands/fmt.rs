//! `muster fmt [--check] PATH...`: rewrite files in canonical form.

use muster_check::{discover, load_value};
use muster_model::canonical::{army_list_to_ron, map_to_ron, overlay_to_ron, scenario_to_ron};
use muster_model::{ArmyListFile, FileKind, MapFile, OverlayFile, ScenarioFile, Syntax};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Rewrite maps, overlays and scenarios canonically: stable field order, one hex, unit or
/// set-up line per line, so that diffs stay small. Comments before the first value are
/// kept; comments inside a file are not.
#[derive(clap::Args)]
pub struct Args {
    /// Files and folders.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Only report files that are not canonical (exit 1 if any).
    #[arg(long)]
    check: bool,
}

/// The comment lines that open a file, kept across formatting.
fn header(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("//") || (t.is_empty() && !out.is_empty()) {
            out.push_str(line);
            out.push('\n');
        } else if !t.is_empty() {
            break;
        }
    }
    out
}

/// The canonical text of a file (RON or JSON, as its name says), or None for kinds that
/// have no canonical writer.
pub fn canonical(
    path: &Path,
    kind: FileKind,
    syntax: Syntax,
) -> anyhow::Result<Option<(String, String)>> {
    let fail =
        |p: &Path| anyhow::anyhow!("{} has errors; run `muster validate` on it", p.display());
    let (text, body) = match kind {
        FileKind::Map => {
            let l = load_value::<MapFile>(path, kind).map_err(|_| fail(path))?;
            let body = if syntax == Syntax::Json {
                serde_json::to_string_pretty(&l.value)? + "\n"
            } else {
                map_to_ron(&l.value)?
            };
            (l.text, body)
        }
        FileKind::Overlay => {
            let l = load_value::<OverlayFile>(path, kind).map_err(|_| fail(path))?;
            let body = if syntax == Syntax::Json {
                serde_json::to_string_pretty(&l.value)? + "\n"
            } else {
                overlay_to_ron(&l.value)?
            };
            (l.text, body)
        }
        FileKind::Scenario => {
            let l = load_value::<ScenarioFile>(path, kind).map_err(|_| fail(path))?;
            let body = if syntax == Syntax::Json {
                serde_json::to_string_pretty(&l.value)? + "\n"
            } else {
                scenario_to_ron(&l.value)?
            };
            (l.text, body)
        }
        FileKind::ArmyList => {
            let l = load_value::<ArmyListFile>(path, kind).map_err(|_| fail(path))?;
            let body = if syntax == Syntax::Json {
                serde_json::to_string_pretty(&l.value)? + "\n"
            } else {
                army_list_to_ron(&l.value)?
            };
            (l.text, body)
        }
        _ => return Ok(None),
    };
    let head = if syntax == Syntax::Ron {
        header(&text)
    } else {
        String::new()
    };
    Ok(Some((text.to_string(), head + &body)))
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let found = discover(&args.paths);
    if let Some(p) = found.problems.first() {
        anyhow::bail!("{}: {}", p.file.display(), p.diagnostic.message);
    }
    let mut unformatted = 0;
    for (path, kind) in &found.files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let Some((_, syntax)) = FileKind::from_file_name(name) else {
            continue;
        };
        let Some((old, new)) = canonical(path, *kind, syntax)? else {
            continue;
        };
        if old != new {
            unformatted += 1;
            if args.check {
                super::emit(format!("not canonical: {}", path.display()))?;
            } else {
                write_atomically(path, &new)?;
                super::emit(format!("formatted {}", path.display()))?;
            }
        }
    }
    Ok(if args.check && unformatted > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes a file atomically (the shared writer).
pub fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    muster_check::write_atomically(path, text.as_bytes())
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}
