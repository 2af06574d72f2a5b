//! `muster-bench gen DIR N`, `muster-bench floor DIR [ron|json|reader]` and
//! `muster-bench lsp FILE... [ROUNDS]` (the language server's latency).

mod lsp_latency;
mod trace_accuracy;

use muster_hex::GridSpec;
use muster_model::canonical::map_to_ron;
use muster_model::*;
use muster_rules::canonical::scenario_to_ron;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A small deterministic generator (no dependency on a RNG crate).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

fn id(c: u32, r: u32) -> HexId {
    HexId(format!("{c:02}{r:02}"))
}

fn map(i: usize, rng: &mut Lcg) -> MapFile {
    let (cols, rows) = (20 + rng.next(30) as u32, 15 + rng.next(25) as u32);
    let terrains = ["woods", "hill", "village", "slope", "hilltop", "building"];
    let mut hexes: Vec<HexEntry> = (0..(20 + rng.next(200)))
        .map(|_| HexEntry {
            hex: id(
                1 + rng.next(cols as u64) as u32,
                1 + rng.next(rows as u64) as u32,
            ),
            terrain: Some(terrains[rng.next(6) as usize].into()),
            elevation: None,
            label: None,
        })
        .collect();
    hexes.sort_by(|a, b| a.hex.cmp(&b.hex));
    hexes.dedup_by(|a, b| a.hex == b.hex);
    let river_col = 2 + rng.next((cols - 3) as u64) as u32;
    let hexsides = (1..rows)
        .map(|r| HexsideEntry {
            side: format!(
                "{}/{}",
                id(river_col, r),
                if river_col.is_multiple_of(2) {
                    "SE"
                } else {
                    "NE"
                }
            ),
            feature: if r % 5 == 0 {
                "bridge".into()
            } else {
                "river".into()
            },
        })
        .collect();
    let road: Vec<HexId> = (1..=cols).map(|c| id(c, 5)).collect();
    MapFile {
        title: format!("Synthetic map {i}"),
        ruleset: "a-la-charge".into(),
        provenance: Provenance::Original,
        source: None,
        notes: vec!["Generated for the benchmark.".into()],
        grid: GridSpec::flat(cols, rows),
        default_terrain: "clear".into(),
        hexes,
        hexsides,
        paths: vec![PathEntry {
            kind: "road".into(),
            name: Some("the road".into()),
            hexes: road,
        }],
        zones: vec![NamedZone {
            id: "camp".into(),
            name: "The camp".into(),
            zone: Zone::Row("01xx".into()),
        }],
    }
}

fn scenario(i: usize, map_name: &str, m: &MapFile, rng: &mut Lcg) -> ScenarioFile {
    let (cols, rows) = (m.grid.columns, m.grid.rows);
    let mut sides = Vec::new();
    for (s, (sid, name)) in [("red", "Red Army"), ("blue", "Blue Army")]
        .into_iter()
        .enumerate()
    {
        let n_types = 4 + rng.next(12) as usize;
        let mut units = vec![UnitDef {
            rating: Some(1),
            mp: Some(6),
            ..UnitDef::new("General", "leader", 1)
        }];
        let mut setup = vec![];
        let col = if s == 0 { 2 } else { cols - 1 };
        // Every counter its own hex: walk the side's three home columns row by row.
        let home: Vec<HexId> = (1..=rows)
            .flat_map(|r| (0..3).map(move |k| (k, r)))
            .map(|(k, r)| id(if s == 0 { col + 1 + k } else { col - 1 - k }, r))
            .collect();
        let mut next = 0usize;
        setup.push(SetupEntry::new(
            vec![UnitRef {
                count: 1,
                unit: "General".into(),
            }],
            Zone::Hexes(vec![id(col, 1)]),
        ));
        for t in 0..n_types {
            let count = (1 + rng.next(4) as u32).min((home.len() - next.min(home.len())) as u32);
            if count == 0 {
                break;
            }
            let archer = t % 3 == 0;
            units.push(UnitDef {
                steps: vec![
                    Step {
                        strength: 3,
                        mp: 4,
                        range: archer.then_some(3),
                    },
                    Step {
                        strength: 1,
                        mp: 4,
                        range: archer.then_some(3),
                    },
                ],
                ..UnitDef::new(
                    &format!("Unit {t}"),
                    if archer { "archers" } else { "infantry" },
                    count,
                )
            });
            let hexes: Vec<HexId> = (0..count as usize)
                .map(|k| home[next + k].clone())
                .collect();
            next += count as usize;
            setup.push(SetupEntry {
                source: Some("p. 1".into()),
                ..SetupEntry::new(
                    vec![UnitRef {
                        count,
                        unit: format!("Unit {t}"),
                    }],
                    Zone::Hexes(hexes),
                )
            });
        }
        let mut system = muster_model::SystemFields::default();
        system.set("army_morale", Some(5.into()));
        sides.push(Side {
            id: sid.into(),
            name: name.into(),
            commander: Some("General".into()),
            system,
            units,
            setup,
            reinforcements: vec![],
            army_lists: vec![],
        });
    }
    ScenarioFile {
        title: format!("Synthetic scenario {i}"),
        ruleset: "a-la-charge".into(),
        options: vec![],
        provenance: Provenance::Original,
        source: None,
        notes: vec![],
        map: format!("../maps/{map_name}"),
        overlays: vec![],
        turns: 6,
        first_side: "red".into(),
        sides,
        system: Default::default(),
        special_rules: vec![SpecialRule {
            title: Some("Camp".into()),
            text: Some("Entering the camp".into()),
            rule: Effect::ZoneTrigger {
                side: "blue".into(),
                zone: Zone::Named("camp".into()),
                affects: "red".into(),
                strength: -1,
                morale: -1,
            },
        }],
        victory: vec![Victory {
            side: "red".into(),
            level: VictoryLevel::Major,
            when: Condition::ArmyMoraleExceeded("blue".into()),
            text: None,
        }],
        errata: vec![],
        army_lists: vec![],
        pieces: vec![],
        markers: vec![],
    }
}

fn gen(dir: &Path, n: usize) -> anyhow::Result<()> {
    let maps_n = (n / 10).max(1);
    for sub in ["ron/maps", "ron/scenarios", "json/maps", "json/scenarios"] {
        std::fs::create_dir_all(dir.join(sub))?;
    }
    let mut rng = Lcg(42);
    let maps: Vec<MapFile> = (0..maps_n).map(|i| map(i, &mut rng)).collect();
    for (i, m) in maps.iter().enumerate() {
        std::fs::write(
            dir.join(format!("ron/maps/m{i:05}.map.ron")),
            map_to_ron(m)?,
        )?;
        std::fs::write(
            dir.join(format!("json/maps/m{i:05}.map.json")),
            serde_json::to_string_pretty(m)?,
        )?;
    }
    let mut bytes = 0usize;
    for i in 0..n {
        let mi = i % maps_n;
        let s_ron = scenario(i, &format!("m{mi:05}.map.ron"), &maps[mi], &mut rng);
        let mut s_json = s_ron.clone();
        s_json.map = format!("../maps/m{mi:05}.map.json");
        let text = scenario_to_ron(&s_ron)?;
        bytes += text.len();
        std::fs::write(
            dir.join(format!("ron/scenarios/s{i:05}.scenario.ron")),
            text,
        )?;
        std::fs::write(
            dir.join(format!("json/scenarios/s{i:05}.scenario.json")),
            serde_json::to_string_pretty(&s_json)?,
        )?;
    }
    println!(
        "wrote {n} scenarios (mean {} bytes) and {maps_n} maps, in RON and JSON, under {}",
        bytes / n.max(1),
        dir.display()
    );
    Ok(())
}

/// One big map for the render benchmark: COLS×ROWS hexes, a third of them in four
/// terrains (in patches, as printed maps have them), a river and a road across.
fn big_map(cols: u32, rows: u32, out: &Path) -> anyhow::Result<()> {
    let mut rng = Lcg(7);
    let grid = muster_hex::Grid::new(GridSpec::flat(cols, rows));
    let id = |c: u32, r: u32| HexId(grid.to_printed(grid.from_column_row(c as i32, r as i32)));
    let terrains = ["woods", "hill", "village", "slope"];
    let mut hexes = Vec::new();
    for c in 1..=cols {
        for r in 1..=rows {
            // Patches: the terrain follows a coarse 6×6 block, most blocks left clear.
            let block = (c / 6) * 1000 + r / 6;
            let pick = (block.wrapping_mul(2_654_435_761) >> 7) % 12;
            if pick < 4 && rng.next(10) < 9 {
                hexes.push(HexEntry {
                    hex: id(c, r),
                    terrain: Some(terrains[pick as usize].into()),
                    elevation: None,
                    label: None,
                });
            }
        }
    }
    let river_col = cols / 3;
    let side = if river_col.is_multiple_of(2) {
        "SE"
    } else {
        "NE"
    };
    let hexsides = (1..rows)
        .map(|r| HexsideEntry {
            side: format!("{}/{side}", id(river_col, r).0),
            feature: if r % 10 == 0 { "bridge" } else { "river" }.into(),
        })
        .collect();
    let map = MapFile {
        title: format!("Synthetic {cols}x{rows} map"),
        ruleset: "a-la-charge".into(),
        provenance: Provenance::Original,
        source: None,
        notes: vec!["Generated for the render benchmark.".into()],
        grid: GridSpec::flat(cols, rows),
        default_terrain: "clear".into(),
        hexes,
        hexsides,
        paths: vec![PathEntry {
            kind: "road".into(),
            name: Some("the road".into()),
            hexes: (1..=cols).map(|c| id(c, rows / 2)).collect(),
        }],
        zones: vec![],
    };
    std::fs::write(out, map_to_ron(&map)?)?;
    println!("wrote a {cols}x{rows} map to {}", out.display());
    Ok(())
}

fn floor(dir: &Path, how: &str) -> anyhow::Result<()> {
    let files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect();
    let start = Instant::now();
    let ok: usize = files
        .par_iter()
        .map(|p| {
            let Ok(text) = std::fs::read_to_string(p) else {
                return 0;
            };
            let parsed = match how {
                "json" => serde_json::from_str::<serde_json::Value>(&text).is_ok(),
                "ron" => ron::from_str::<ron::Value>(&text).is_ok(),
                _ => muster_check::syntax::read(&text).is_ok(),
            };
            usize::from(parsed)
        })
        .sum();
    println!(
        "parsed {ok} of {} files with {how} in {:.3} s",
        files.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// How to run each subcommand.
const USAGE: &str = "usage:
  muster-bench gen DIR N                     write a synthetic pack of N scenarios (and N/10 maps), RON and JSON, under DIR
  muster-bench floor DIR [reader|ron|json]   parse every file under DIR, nothing else (the parse-only floor)
  muster-bench bigmap COLS ROWS OUT.map.ron  write one large map
  muster-bench lsp FILE... [ROUNDS]          the language server's didChange-to-diagnostics latency
  muster-bench trace OUTDIR                  muster trace's accuracy on every bundled map, drawn and degraded (needs ImageMagick)
  muster-bench --help                        this help";

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    // Help is asked for anywhere on the line: nothing is written then.
    if args
        .iter()
        .skip(1)
        .any(|a| a == "-h" || a == "--help" || a == "help")
    {
        println!("{USAGE}");
        return Ok(());
    }
    // A folder or file argument that looks like an option is a mistake, not a name.
    if let Some(flag) = args.iter().skip(2).find(|a| a.starts_with('-')) {
        eprintln!("muster-bench: unknown option `{flag}`\n{USAGE}");
        std::process::exit(2);
    }
    match args.get(1).map(String::as_str) {
        Some("gen") => match (args.get(2), args.get(3).map(|n| n.parse::<usize>())) {
            (Some(dir), Some(Ok(n))) if args.len() == 4 => gen(Path::new(dir), n),
            _ => {
                eprintln!("muster-bench gen takes a folder and a number of scenarios: muster-bench gen DIR N\n{USAGE}");
                std::process::exit(2);
            }
        },
        Some("floor") => floor(
            Path::new(
                args.get(2)
                    .map(String::as_str)
                    .unwrap_or("target/bench-pack/ron"),
            ),
            args.get(3).map(String::as_str).unwrap_or("reader"),
        ),
        Some("bigmap") => {
            let n = |i: usize| args.get(i).and_then(|n| n.parse().ok());
            match (n(2), n(3), args.get(4)) {
                (Some(c), Some(r), Some(out)) => big_map(c, r, Path::new(out)),
                _ => anyhow::bail!("usage: muster-bench bigmap COLS ROWS OUT.map.ron"),
            }
        }
        Some("lsp") => {
            let rounds = args
                .last()
                .and_then(|n| n.parse().ok())
                .filter(|_| args.len() > 3)
                .unwrap_or(50);
            let files: Vec<std::path::PathBuf> = args[2..]
                .iter()
                .filter(|a| a.parse::<usize>().is_err())
                .map(std::path::PathBuf::from)
                .collect();
            lsp_latency::run(&files, rounds)
        }
        Some("trace") => match args.get(2) {
            Some(dir) if args.len() == 3 => trace_accuracy::run(Path::new(dir)).map(|_| ()),
            _ => anyhow::bail!("usage: muster-bench trace OUTDIR"),
        },
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    }
}
