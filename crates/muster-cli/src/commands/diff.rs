//! `muster diff OLD NEW`: what changed between two versions of files or folders, in game
//! terms (units moved or added, terrain changed, overlays moved, rules changed), readable
//! in a pull-request comment.

use muster_check::{discover, inspect_json, load_in_pack, read_in_pack, Checker};
use muster_model::canonical::inline;
use muster_model::{FileKind, MapFile, ScenarioFile};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// How to print the changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffFormat {
    /// Plain lines.
    Human,
    /// Markdown for a pull-request comment.
    Markdown,
}

/// Show what changed between two files or two folders (e.g. two checkouts), in game terms.
#[derive(clap::Args)]
pub struct Args {
    /// The old file or folder.
    old: PathBuf,
    /// The new file or folder.
    new: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiffFormat::Human)]
    format: DiffFormat,
}

fn files(root: &Path) -> BTreeMap<PathBuf, (PathBuf, FileKind)> {
    let found = discover(&[root.to_path_buf()]);
    found
        .files
        .into_iter()
        .map(|(p, k)| {
            let rel = if root.is_file() {
                PathBuf::from(root.file_name().unwrap_or_default())
            } else {
                p.strip_prefix(root)
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|_| p.clone())
            };
            (rel, (p, k))
        })
        .collect()
}

/// The placements of a scenario in one of the compared trees (`roots`, which bound the
/// pack when neither holds a manifest).
fn placements(path: &Path, roots: &[PathBuf]) -> Option<Value> {
    Checker::new()
        .with_roots(roots.iter().cloned())
        .load_scenario(path)
        .ok()
        .map(|l| inspect_json(&l))
}

/// For each (side, unit id): how many counters stand on each place (a line's hexes, with
/// `turn N:` first for a reinforcement). Counts, never one entry per counter (inspect's
/// contract since version 2; version 3's `mode` and `at` are not needed here: a change is
/// a change of the lines as written): a `10000x` line is one number.
type Counters = BTreeMap<(String, String), BTreeMap<Vec<String>, u64>>;

fn counters(v: &Value) -> Counters {
    let mut out: Counters = BTreeMap::new();
    for p in v["placements"].as_array().into_iter().flatten() {
        let side = p["side"].as_str().unwrap_or_default().to_string();
        let mut hexes: Vec<String> = p["hexes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|h| h.as_str().map(String::from))
            .collect();
        if let Some(t) = p.get("turn") {
            hexes.insert(0, format!("turn {t}:"));
        }
        for u in p["units"].as_array().into_iter().flatten() {
            let id = u["id"].as_str().unwrap_or_default().to_string();
            let n = u["count"].as_u64().unwrap_or(0);
            let at = out
                .entry((side.clone(), id))
                .or_default()
                .entry(hexes.clone())
                .or_default();
            *at = at.saturating_add(n);
        }
    }
    out
}

/// `unit` with its count when more than one: `2x Red Knights`.
fn counted(n: u64, unit: &str) -> String {
    if n == 1 {
        unit.to_string()
    } else {
        format!("{n}x {unit}")
    }
}

/// The changes of one unit of one side, in game terms: moved (all its counters from one
/// place to one other), else removed from and added at each place, counted.
fn unit_changes(
    (side, unit): &(String, String),
    va: &BTreeMap<Vec<String>, u64>,
    vb: &BTreeMap<Vec<String>, u64>,
    out: &mut Vec<String>,
) {
    if let ([(from, n)], [(to, m)]) = (
        va.iter().collect::<Vec<_>>().as_slice(),
        vb.iter().collect::<Vec<_>>().as_slice(),
    ) {
        if n == m {
            out.push(format!(
                "**{}** ({side}) moved from {} to {}",
                counted(**n, unit),
                where_(from),
                where_(to)
            ));
            return;
        }
    }
    let places: BTreeSet<&Vec<String>> = va.keys().chain(vb.keys()).collect();
    for at in places {
        let (n, m) = (
            va.get(at).copied().unwrap_or(0),
            vb.get(at).copied().unwrap_or(0),
        );
        if n > m {
            out.push(format!(
                "**{}** ({side}) removed from {}",
                counted(n - m, unit),
                where_(at)
            ));
        } else if m > n {
            out.push(format!(
                "**{}** ({side}) added at {}",
                counted(m - n, unit),
                where_(at)
            ));
        }
    }
}

fn where_(hexes: &[String]) -> String {
    if hexes.len() > 6 {
        format!(
            "{} … {} ({} hexes)",
            hexes[0],
            hexes[hexes.len() - 1],
            hexes.len()
        )
    } else {
        hexes.join(", ")
    }
}

fn scenario_changes(old: &Path, new: &Path, roots: &[PathBuf]) -> Vec<String> {
    let mut out = Vec::new();
    let (Some(a), Some(b)) = (placements(old, roots), placements(new, roots)) else {
        return vec!["cannot compare: one version does not load (run `muster validate`)".into()];
    };
    for key in ["title", "turns", "first_side"] {
        if a[key] != b[key] {
            out.push(format!("{key}: {} → {}", a[key], b[key]));
        }
    }
    let (ca, cb) = (counters(&a), counters(&b));
    let keys: BTreeSet<_> = ca.keys().chain(cb.keys()).cloned().collect();
    let none = BTreeMap::new();
    for k in keys {
        let (va, vb) = (ca.get(&k).unwrap_or(&none), cb.get(&k).unwrap_or(&none));
        if va != vb {
            unit_changes(&k, va, vb, &mut out);
        }
    }
    if a["overlays"] != b["overlays"] {
        out.push(format!("overlays: {} → {}", a["overlays"], b["overlays"]));
    }
    let (sa, sb) = (
        load_in_pack::<ScenarioFile>(old, FileKind::Scenario),
        load_in_pack::<ScenarioFile>(new, FileKind::Scenario),
    );
    if let (Ok(sa), Ok(sb)) = (sa, sb) {
        let lines = |s: &ScenarioFile| -> (Vec<String>, Vec<String>, Vec<String>) {
            let f = |v: Vec<String>| v;
            (
                f(s.special_rules
                    .iter()
                    .filter_map(|r| inline(r).ok())
                    .collect()),
                f(s.victory.iter().filter_map(|r| inline(r).ok()).collect()),
                f(s.errata.iter().filter_map(|r| inline(r).ok()).collect()),
            )
        };
        works_changes(&sa.value, &sb.value, &mut out);
        let (ra, va, ea) = lines(&sa.value);
        let (rb, vb, eb) = lines(&sb.value);
        for (what, x, y) in [
            ("special rule", ra, rb),
            ("victory condition", va, vb),
            ("erratum", ea, eb),
        ] {
            for gone in x.iter().filter(|l| !y.contains(l)) {
                out.push(format!("{what} removed: `{}`", short(gone)));
            }
            for new in y.iter().filter(|l| !x.contains(l)) {
                out.push(format!("{what} added: `{}`", short(new)));
            }
        }
    }
    out
}

/// Siege pieces and markers, in game terms.
fn works_changes(a: &ScenarioFile, b: &ScenarioFile, out: &mut Vec<String>) {
    let place = |p: &muster_model::Piece| match (&p.at, &p.facing) {
        (Some(at), Some(f)) => format!("{at} facing {f}"),
        (Some(at), None) => at.to_string(),
        (None, _) => "off the map".into(),
    };
    for p in &a.pieces {
        match b.pieces.iter().find(|q| q.id == p.id) {
            None => out.push(format!(
                "**{}** ({}) removed from {}",
                p.id,
                p.kind,
                place(p)
            )),
            Some(q) if place(p) != place(q) => out.push(format!(
                "**{}** ({}) moved from {} to {}",
                p.id,
                p.kind,
                place(p),
                place(q)
            )),
            Some(_) => {}
        }
    }
    for q in b
        .pieces
        .iter()
        .filter(|q| !a.pieces.iter().any(|p| p.id == q.id))
    {
        out.push(format!("**{}** ({}) added at {}", q.id, q.kind, place(q)));
    }
    let tag = |m: &muster_model::Marker| match m.value {
        Some(v) => format!("{} {v} on {}", m.kind, m.hex),
        None => format!("{} on {}", m.kind, m.hex),
    };
    for m in a.markers.iter().filter(|m| !b.markers.contains(m)) {
        out.push(format!("marker removed: {}", tag(m)));
    }
    for m in b.markers.iter().filter(|m| !a.markers.contains(m)) {
        out.push(format!("marker added: {}", tag(m)));
    }
}

fn short(s: &str) -> String {
    if s.chars().count() > 120 {
        format!("{}…", s.chars().take(119).collect::<String>())
    } else {
        s.to_string()
    }
}

fn map_changes(old: &Path, new: &Path) -> Vec<String> {
    let (Ok(a), Ok(b)) = (
        load_in_pack::<MapFile>(old, FileKind::Map),
        load_in_pack::<MapFile>(new, FileKind::Map),
    ) else {
        return vec!["cannot compare: one version does not load (run `muster validate`)".into()];
    };
    let (a, b) = (a.value, b.value);
    let mut out = Vec::new();
    if a.grid != b.grid {
        out.push(format!(
            "grid: {} → {}",
            inline(&a.grid).unwrap_or_default(),
            inline(&b.grid).unwrap_or_default()
        ));
    }
    let terrain = |m: &MapFile| -> BTreeMap<String, String> {
        m.hexes
            .iter()
            .filter_map(|e| e.terrain.clone().map(|t| (e.hex.to_string(), t)))
            .collect()
    };
    let (ta, tb) = (terrain(&a), terrain(&b));
    let hexes: BTreeSet<_> = ta.keys().chain(tb.keys()).cloned().collect();
    for h in hexes {
        let (x, y) = (
            ta.get(&h).unwrap_or(&a.default_terrain),
            tb.get(&h).unwrap_or(&b.default_terrain),
        );
        if x != y {
            out.push(format!("terrain {h}: {x} → {y}"));
        }
    }
    let sides = |m: &MapFile| -> BTreeMap<String, String> {
        m.hexsides
            .iter()
            .map(|e| (e.side.clone(), e.feature.clone()))
            .collect()
    };
    let (sa, sb) = (sides(&a), sides(&b));
    for s in sa.keys().chain(sb.keys()).collect::<BTreeSet<_>>() {
        let (x, y) = (
            sa.get(s).map(String::as_str).unwrap_or("nothing"),
            sb.get(s).map(String::as_str).unwrap_or("nothing"),
        );
        if x != y {
            out.push(format!("hexside {s}: {x} → {y}"));
        }
    }
    let paths =
        |m: &MapFile| -> Vec<String> { m.paths.iter().filter_map(|p| inline(p).ok()).collect() };
    let (pa, pb) = (paths(&a), paths(&b));
    for gone in pa.iter().filter(|p| !pb.contains(p)) {
        out.push(format!("path removed: `{}`", short(gone)));
    }
    for new in pb.iter().filter(|p| !pa.contains(p)) {
        out.push(format!("path added: `{}`", short(new)));
    }
    out
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    for p in [&args.old, &args.new] {
        if !p.exists() {
            anyhow::bail!("no such file or folder: {}", p.display());
        }
    }
    let (fa, fb) = (files(&args.old), files(&args.new));
    let roots: Vec<PathBuf> = [&args.old, &args.new]
        .into_iter()
        .filter(|p| p.is_dir())
        .cloned()
        .collect();
    let names: BTreeSet<_> = fa.keys().chain(fb.keys()).cloned().collect();
    let md = args.format == DiffFormat::Markdown;
    let mut any = false;
    for name in names {
        let changes = match (fa.get(&name), fb.get(&name)) {
            (Some(_), None) => vec!["file removed".to_string()],
            (None, Some(_)) => vec!["file added".to_string()],
            (Some((pa, FileKind::Scenario)), Some((pb, _))) => scenario_changes(pa, pb, &roots),
            (Some((pa, FileKind::Map)), Some((pb, _))) => map_changes(pa, pb),
            (Some((pa, _)), Some((pb, _))) => {
                if read_in_pack(pa).ok() != read_in_pack(pb).ok() {
                    vec!["changed".to_string()]
                } else {
                    vec![]
                }
            }
            (None, None) => vec![],
        };
        if changes.is_empty() {
            continue;
        }
        any = true;
        // File names and what changed quote files: bounded and escaped, one line each.
        let title = muster_cli::render::clean(&name.display().to_string().replace('\\', "/"));
        super::emit(if md {
            format!("### `{title}`\n")
        } else {
            format!("{title}:")
        })?;
        for c in changes {
            let c = muster_cli::render::clean(&c);
            let c = if md {
                c
            } else {
                c.replace("**", "").replace('`', "")
            };
            super::emit(if md {
                format!("- {c}")
            } else {
                format!("  {c}")
            })?;
        }
        if md {
            super::emit("")?;
        }
    }
    if !any {
        super::emit("no changes in game terms")?;
    }
    Ok(ExitCode::SUCCESS)
}
