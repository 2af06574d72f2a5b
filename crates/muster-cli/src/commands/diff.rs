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
    /// Exit with 1 when there are changes (0 when there are none), like `git diff
    /// --exit-code`.
    #[arg(long)]
    exit_code: bool,
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
/// Each placement whose line stands on no hex of the map (its hexes off the map, or a
/// zone that names none) also carries `"nowhere"`: where the line puts it, in words.
fn placements(path: &Path, roots: &[PathBuf]) -> Result<Value, String> {
    Checker::new()
        .with_roots(roots.iter().cloned())
        .load_scenario(path)
        .map(|l| {
            let mut v = inspect_json(&l);
            let s = l.resolve();
            let placed = v["placements"].as_array_mut().into_iter().flatten();
            for (p, d) in placed.zip(&s.deployments) {
                if d.hexes.is_empty() {
                    p["nowhere"] = Value::from(nowhere(d.zone));
                }
            }
            v
        })
        .map_err(|report| {
            report
                .findings()
                .next()
                .map(why)
                .unwrap_or_else(|| "it has errors".into())
        })
}

/// Where a line on no hex of the map puts its units, in words: `off the map (4004,
/// 4003)` for hexes not on it, else the zone as written.
fn nowhere(zone: &muster_model::Zone) -> String {
    match zone {
        muster_model::Zone::Hexes(h) if !h.is_empty() => {
            let h: Vec<String> = h.iter().map(ToString::to_string).collect();
            format!("off the map ({})", where_(&h))
        }
        z => match inline(z) {
            Ok(z) => format!("no hex of the map (`{}`)", short(&z)),
            Err(_) => "no hex of the map".into(),
        },
    }
}

/// One finding as a reason: `MU002 missing field `turns` (line 3)`.
fn why(f: &muster_check::Finding) -> String {
    format!("{} {}", f.diagnostic.code, f.diagnostic.message)
}

/// Why one of the two versions does not load, naming which.
fn not_loading(
    old: Result<(), String>,
    new: Result<(), String>,
    a: &Path,
    b: &Path,
) -> Vec<String> {
    let mut out = Vec::new();
    for (which, r, p) in [("old", old, a), ("new", new, b)] {
        if let Err(e) = r {
            out.push(format!(
                "cannot compare: the {which} version ({}) does not load: {e} (run `muster validate` on it)",
                p.display()
            ));
        }
    }
    out
}

/// Loads `path` as `kind` and serializes the model back to JSON: every field the model
/// has, whatever the file's form (RON or JSON, comments, order).
fn model_json(path: &Path, kind: FileKind) -> Result<Value, String> {
    fn to<T: serde::de::DeserializeOwned + serde::Serialize>(
        path: &Path,
        kind: FileKind,
    ) -> Result<Value, String> {
        match load_in_pack::<T>(path, kind) {
            Ok(l) => serde_json::to_value(&l.value).map_err(|e| e.to_string()),
            Err((findings, _)) => Err(findings
                .first()
                .map(why)
                .unwrap_or_else(|| "it has errors".into())),
        }
    }
    match kind {
        FileKind::Scenario => to::<ScenarioFile>(path, kind),
        FileKind::Map => to::<MapFile>(path, kind),
        FileKind::Overlay => to::<muster_model::OverlayFile>(path, kind),
        FileKind::Manifest => to::<muster_model::Manifest>(path, kind),
        FileKind::Ruleset => to::<muster_model::Ruleset>(path, kind),
        FileKind::ArmyList => to::<muster_model::ArmyListFile>(path, kind),
    }
}

/// One step of a path into a file's model: a field, an element known by its id (a side, a
/// unit, a command group, a hex), or an element by position.
#[derive(Clone)]
enum Step {
    Field(String),
    Id(String),
    Index(usize),
}

/// What a field is called in game terms: its name in words (`army_morale` → "army
/// morale"), with a few shared fields named as a designer says them. A game system's own
/// fields are named by their own words, never matched here.
fn field_words(key: &str) -> String {
    match key {
        "steps" => "ratings".into(),
        "mp" => "movement points".into(),
        other => other.replace('_', " "),
    }
}

/// A path in game terms: `side byzantines, unit Francs: ratings 1 strength`.
fn label(path: &[Step]) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut i = 0;
    while i < path.len() {
        match (&path[i], path.get(i + 1)) {
            (Step::Field(f), Some(Step::Id(id))) => {
                let what = match f.as_str() {
                    "sides" => "side",
                    "units" => "unit",
                    "commands" => "command group",
                    "hexes" => "hex",
                    "zones" => "zone",
                    "pieces" => "piece",
                    "entries" => "entry",
                    "terrain" => "terrain",
                    "kinds" | "unit_kinds" => "kind",
                    _ => "",
                };
                words.push(if what.is_empty() {
                    format!("{} {id}", field_words(f))
                } else {
                    format!("{what} {id}")
                });
                i += 2;
            }
            (Step::Field(f), Some(Step::Index(n))) => {
                let what = match f.as_str() {
                    "steps" => "step".to_string(),
                    other => field_words(other),
                };
                words.push(format!("{what} {}", n + 1));
                i += 2;
            }
            (Step::Field(f), _) => {
                words.push(field_words(f));
                i += 1;
            }
            (Step::Id(id), _) => {
                words.push(id.clone());
                i += 1;
            }
            (Step::Index(n), _) => {
                words.push(format!("{}", n + 1));
                i += 1;
            }
        }
    }
    words.join(", ")
}

/// A value as a designer reads it: strings bare, lists and structs compact.
fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "nothing".into(),
        other => short(&other.to_string()),
    }
}

/// The key an element of a list is known by, if every element has one.
fn element_id(v: &Value) -> Option<String> {
    for k in ["id", "hex", "side", "name", "code", "title"] {
        if let Some(x) = v.get(k) {
            return Some(match x {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            });
        }
    }
    None
}

/// Every difference between two model values, walked generically; `skip` says which
/// paths the game-term comparisons above already cover.
fn walk(
    path: &mut Vec<Step>,
    a: &Value,
    b: &Value,
    skip: &dyn Fn(&[Step]) -> bool,
    out: &mut Vec<String>,
) {
    if a == b || skip(path) {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                path.push(Step::Field(k.clone()));
                walk(
                    path,
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                    skip,
                    out,
                );
                path.pop();
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            let ids = |v: &Vec<Value>| -> Option<Vec<String>> {
                let ids: Vec<String> = v.iter().map(element_id).collect::<Option<_>>()?;
                let unique: BTreeSet<&String> = ids.iter().collect();
                (unique.len() == ids.len()).then_some(ids)
            };
            match (ids(x), ids(y)) {
                (Some(ix), Some(iy)) if !x.is_empty() && !y.is_empty() => {
                    for (i, id) in ix.iter().enumerate() {
                        path.push(Step::Id(id.clone()));
                        match iy.iter().position(|j| j == id) {
                            Some(j) => walk(path, &x[i], &y[j], skip, out),
                            None => out.push(format!("{} removed", label(path))),
                        }
                        path.pop();
                    }
                    for id in iy.iter().filter(|id| !ix.contains(id)) {
                        path.push(Step::Id(id.clone()));
                        out.push(format!("{} added", label(path)));
                        path.pop();
                    }
                }
                _ if x.len() == y.len() => {
                    for (i, (p, q)) in x.iter().zip(y).enumerate() {
                        path.push(Step::Index(i));
                        walk(path, p, q, skip, out);
                        path.pop();
                    }
                }
                _ => {
                    let l = label(path);
                    for gone in x.iter().filter(|v| !y.contains(v)) {
                        out.push(format!("{l}: removed `{}`", shown(gone)));
                    }
                    for new in y.iter().filter(|v| !x.contains(v)) {
                        out.push(format!("{l}: added `{}`", shown(new)));
                    }
                }
            }
        }
        _ => out.push(format!("{}: {} → {}", label(path), shown(a), shown(b))),
    }
}

/// The fields of a scenario the game-term comparisons cover (placements, siege works,
/// rules, victory, errata, the header): the generic walk leaves them out.
fn scenario_covered(path: &[Step]) -> bool {
    let f = |i: usize| match path.get(i) {
        Some(Step::Field(f)) => f.as_str(),
        _ => "",
    };
    matches!(
        f(0),
        "title"
            | "turns"
            | "first_side"
            | "pieces"
            | "markers"
            | "special_rules"
            | "victory"
            | "errata"
            | "overlays"
    ) || (f(0) == "sides" && path.len() >= 3 && matches!(f(2), "setup" | "reinforcements"))
}

/// The fields of a map the game-term comparisons cover (grid, each hex's terrain,
/// hexsides, paths).
fn map_covered(path: &[Step]) -> bool {
    let f = |i: usize| match path.get(i) {
        Some(Step::Field(f)) => f.as_str(),
        _ => "",
    };
    matches!(f(0), "grid" | "hexsides" | "paths" | "default_terrain")
        || (f(0) == "hexes" && f(2) == "terrain")
}

/// Every other field of the two versions, in game terms where the path is known.
fn model_changes(old: &Path, new: &Path, kind: FileKind) -> Vec<String> {
    let (a, b) = (model_json(old, kind), model_json(new, kind));
    let (a, b) = match (a, b) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => return not_loading(a.map(|_| ()), b.map(|_| ()), old, new),
    };
    let skip: &dyn Fn(&[Step]) -> bool = match kind {
        FileKind::Scenario => &scenario_covered,
        FileKind::Map => &map_covered,
        _ => &|_: &[Step]| false,
    };
    let mut out = Vec::new();
    walk(&mut Vec::new(), &a, &b, skip, &mut out);
    out
}

/// Repeated lines once, counted: `2x Chomatenoi (byzantines) removed from 1004, 1003`.
fn counted_lines(lines: Vec<String>) -> Vec<String> {
    let mut order: Vec<(String, usize)> = Vec::new();
    for l in lines {
        match order.iter_mut().find(|(x, _)| *x == l) {
            Some((_, n)) => *n += 1,
            None => order.push((l, 1)),
        }
    }
    order
        .into_iter()
        .map(|(l, n)| if n == 1 { l } else { format!("{n}x {l}") })
        .collect()
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
        if let Some(n) = p["nowhere"].as_str().filter(|_| hexes.is_empty()) {
            hexes.push(n.to_string());
        }
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
    let (a, b) = match (placements(old, roots), placements(new, roots)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => return not_loading(a.map(|_| ()), b.map(|_| ()), old, new),
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
    out.extend(model_changes(old, new, FileKind::Scenario));
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
    let (a, b) = match (
        load_in_pack::<MapFile>(old, FileKind::Map),
        load_in_pack::<MapFile>(new, FileKind::Map),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let reason = |r: Result<_, muster_check::LoadError>| {
                r.map(|_| ()).map_err(|(f, _): muster_check::LoadError| {
                    f.first().map(why).unwrap_or_else(|| "it has errors".into())
                })
            };
            return not_loading(reason(a), reason(b), old, new);
        }
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
    out.extend(model_changes(old, new, FileKind::Map));
    out
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    for p in [&args.old, &args.new] {
        if !p.exists() {
            anyhow::bail!("no such file or folder: {}", p.display());
        }
    }
    let (mut fa, mut fb) = (files(&args.old), files(&args.new));
    // Two files are compared with each other whatever their names.
    if args.old.is_file() && args.new.is_file() && fa.len() == 1 && fb.len() == 1 {
        let name = match (args.old.file_name(), args.new.file_name()) {
            (Some(x), Some(y)) if x == y => PathBuf::from(x),
            (Some(x), Some(y)) => {
                PathBuf::from(format!("{} → {}", x.to_string_lossy(), y.to_string_lossy()))
            }
            _ => PathBuf::from("file"),
        };
        fa = fa.into_values().map(|v| (name.clone(), v)).collect();
        fb = fb.into_values().map(|v| (name.clone(), v)).collect();
    }
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
            (Some((pa, kind)), Some((pb, _))) => {
                let changes = model_changes(pa, pb, *kind);
                if changes.is_empty() && read_in_pack(pa).ok() != read_in_pack(pb).ok() {
                    // Only comments or layout changed: nothing in game terms.
                    vec![]
                } else {
                    changes
                }
            }
            (None, None) => vec![],
        };
        if changes.is_empty() {
            continue;
        }
        let changes = counted_lines(changes);
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
    Ok(if any && args.exit_code {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
