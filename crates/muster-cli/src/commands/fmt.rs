//! `muster fmt [--check] PATH...`: rewrite files in canonical form.

use muster_check::{discover_except, keep_comments, Loaded};
use muster_model::canonical::{army_list_layout, map_layout, overlay_layout, Layout, WriteError};
use muster_model::{ArmyListFile, FileKind, MapFile, OverlayFile, ScenarioFile, Syntax};
use muster_rules::canonical::scenario_layout;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Rewrite maps, overlays and scenarios canonically: stable field order, one hex, unit or
/// set-up line per line, so that diffs stay small. Every comment is kept beside the value
/// it annotates.
#[derive(clap::Args)]
pub struct Args {
    /// Files and folders.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Only report files that are not canonical (exit 1 if any).
    #[arg(long)]
    check: bool,
    /// Leave files and folders out of folder walks (repeatable; as `validate --exclude`).
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
}

/// The canonical text of a loaded file in `syntax`: RON keeps every comment of the file
/// (the shared comment-keeping writer), JSON has none to keep.
fn write<T: serde::Serialize>(
    loaded: &Loaded<T>,
    syntax: Syntax,
    layout: fn(&T) -> Result<Layout, WriteError>,
) -> anyhow::Result<String> {
    Ok(match syntax {
        Syntax::Json => serde_json::to_string_pretty(&loaded.value)? + "\n",
        Syntax::Ron => {
            let lines = layout(&loaded.value)?;
            keep_comments(&loaded.text, &lines, &lines)?
        }
    })
}

fn canonical_of<T: serde::Serialize + serde::de::DeserializeOwned>(
    path: &Path,
    kind: FileKind,
    syntax: Syntax,
    layout: fn(&T) -> Result<Layout, WriteError>,
) -> anyhow::Result<(String, String)> {
    let l = muster_check::load_in_pack::<T>(path, kind).map_err(|_| {
        anyhow::anyhow!("{} has errors; run `muster validate` on it", path.display())
    })?;
    let body = write(&l, syntax, layout)?;
    Ok((l.text.to_string(), body))
}

/// The text of a file and its canonical text (RON or JSON, as `syntax` says), or None
/// for kinds that have no canonical writer.
pub fn canonical(
    path: &Path,
    kind: FileKind,
    syntax: Syntax,
) -> anyhow::Result<Option<(String, String)>> {
    Ok(Some(match kind {
        FileKind::Map => canonical_of::<MapFile>(path, kind, syntax, map_layout)?,
        FileKind::Overlay => canonical_of::<OverlayFile>(path, kind, syntax, overlay_layout)?,
        FileKind::Scenario => canonical_of::<ScenarioFile>(path, kind, syntax, scenario_layout)?,
        FileKind::ArmyList => canonical_of::<ArmyListFile>(path, kind, syntax, army_list_layout)?,
        _ => return Ok(None),
    }))
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let exclude = muster_check::Exclude::new(&args.exclude).map_err(anyhow::Error::msg)?;
    let found = discover_except(&args.paths, &exclude);
    // What the walk could not take (a link out of the pack, a FIFO) is said and passed
    // over; the rest is formatted, and the exit status is 2.
    for p in &found.problems {
        super::tell(format!(
            "muster: {}: {} {}\n",
            muster_cli::render::escape_controls(&p.file.display().to_string()),
            p.diagnostic.code,
            muster_cli::render::escape_controls(&p.diagnostic.message)
        ));
    }
    let mut unformatted = 0;
    let mut broken = 0;
    for (path, kind) in &found.files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let Some((_, syntax)) = FileKind::from_file_name(name) else {
            continue;
        };
        // A file that does not load is reported and passed over: the rest of the walk is
        // still formatted (or checked), and the exit status is 2.
        let (old, new) = match canonical(path, *kind, syntax) {
            Ok(Some(pair)) => pair,
            Ok(None) => continue,
            Err(e) => {
                broken += 1;
                super::tell(format!(
                    "muster: {}\n",
                    muster_cli::render::escape_controls(&e.to_string())
                ));
                continue;
            }
        };
        if old != new {
            unformatted += 1;
            if args.check {
                super::emit(format!(
                    "not canonical: {}: {}",
                    muster_cli::render::escape_controls(&path.display().to_string()),
                    muster_cli::render::escape_controls(&first_difference(&old, &new))
                ))?;
            } else {
                write_atomically(path, &new)?;
                super::emit(format!(
                    "formatted {}",
                    muster_cli::render::escape_controls(&path.display().to_string())
                ))?;
            }
        }
    }
    Ok(if !found.problems.is_empty() || broken > 0 {
        ExitCode::from(2)
    } else if args.check && unformatted > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Where a file first differs from its canonical text: the line number, the line as
/// written and as it should be (each shortened).
fn first_difference(old: &str, new: &str) -> String {
    let cut = |l: &str| -> String {
        let l = l.trim_end();
        if l.chars().count() > 80 {
            format!("{}…", l.chars().take(79).collect::<String>())
        } else {
            l.to_string()
        }
    };
    let (mut a, mut b) = (old.lines(), new.lines());
    let mut n = 0;
    loop {
        n += 1;
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(x), Some(y)) => {
                return format!("line {n} is `{}`, canonical `{}`", cut(x), cut(y))
            }
            (Some(x), None) => return format!("line {n} `{}` is past the canonical end", cut(x)),
            (None, Some(y)) => return format!("line {n} is missing: canonical `{}`", cut(y)),
            (None, None) => return "the line endings or the final newline differ".into(),
        }
    }
}

/// Writes a file atomically (the shared writer).
pub fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    muster_check::write_atomically(path, text.as_bytes())
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}
