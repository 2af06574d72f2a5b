//! Export → import gives back the same map: the same terrain in every hex, the same
//! hexsides, paths, labels and elevation, the same grid and metadata, for every bundled map
//! and for synthetic maps of every grid kind (orientation, stagger, first number,
//! numbering), whose every hexside carries a feature. The imported map validates.

use muster_hex::{Direction, Grid, GridSpec, Hex, Numbering, Orientation, Stagger};
use muster_model::{FileKind, HexEntry, HexId, HexsideEntry, MapFile, PathEntry};
use muster_tiled::{export, import, read_tmx, ExportOptions, ImportOptions};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn round_trip(map: &MapFile, px: u32) -> MapFile {
    let ruleset = muster_rules::ruleset(&map.ruleset).expect("ruleset");
    let opts = ExportOptions {
        px_per_hex: px,
        ..ExportOptions::default()
    };
    let out = export(map, ruleset, &opts).expect("exports");
    let tmx = read_tmx(&out.tmx, &mut |_| Err("no external tilesets".into())).expect("reads");
    import(&tmx, &ImportOptions::default())
        .expect("imports")
        .map
}

/// Everything a map says, per hex and per side, independent of listing order and spelling.
#[derive(Debug, PartialEq)]
struct Meaning {
    terrain: BTreeMap<(i32, i32), String>,
    elevation: BTreeMap<(i32, i32), i32>,
    labels: BTreeMap<(i32, i32), String>,
    hexsides: Vec<(muster_hex::Hexside, String)>,
    paths: Vec<(String, Option<String>, Vec<Hex>)>,
}

fn meaning(m: &MapFile) -> Meaning {
    let grid = Grid::new(m.grid.clone());
    let at = |id: &HexId| {
        let h = grid.from_printed(id.as_str()).expect("hex id");
        (h.x, h.y)
    };
    let mut terrain: BTreeMap<(i32, i32), String> = grid
        .hexes()
        .map(|h| ((h.x, h.y), m.default_terrain.clone()))
        .collect();
    let (mut elevation, mut labels) = (BTreeMap::new(), BTreeMap::new());
    for e in &m.hexes {
        if let Some(t) = &e.terrain {
            terrain.insert(at(&e.hex), t.clone());
        }
        if let Some(l) = e.elevation.filter(|l| *l != 0) {
            elevation.insert(at(&e.hex), l);
        }
        if let Some(l) = &e.label {
            labels.insert(at(&e.hex), l.clone());
        }
    }
    let mut hexsides: Vec<_> = m
        .hexsides
        .iter()
        .map(|s| {
            (
                grid.parse_hexside(&s.side).expect("side"),
                s.feature.clone(),
            )
        })
        .collect();
    hexsides.sort();
    let paths = m
        .paths
        .iter()
        .map(|p| {
            let hexes = p
                .hexes
                .iter()
                .map(|h| grid.from_printed(h.as_str()).expect("hex"))
                .collect();
            (p.kind.clone(), p.name.clone(), hexes)
        })
        .collect();
    Meaning {
        terrain,
        elevation,
        labels,
        hexsides,
        paths,
    }
}

fn assert_same(a: &MapFile, b: &MapFile, what: &str) {
    assert_eq!(meaning(a), meaning(b), "{what}: features");
    assert_eq!(a.grid, b.grid, "{what}: grid");
    assert_eq!(
        (
            &a.title,
            &a.ruleset,
            a.provenance,
            &a.source,
            &a.notes,
            &a.zones
        ),
        (
            &b.title,
            &b.ruleset,
            b.provenance,
            &b.source,
            &b.notes,
            &b.zones
        ),
        "{what}: metadata"
    );
}

fn validate(m: &MapFile, name: &str) {
    let path = std::env::temp_dir().join(format!(
        "muster-tiled-{}-{name}.map.ron",
        std::process::id()
    ));
    let text = muster_model::canonical::map_to_ron(m).expect("writes");
    let checker =
        muster_check::Checker::with_overrides([(path.clone(), Arc::<str>::from(text.as_str()))]);
    let mut report = muster_check::Report::default();
    let (findings, _) = checker.check_file(&path, FileKind::Map, &mut report);
    let errors: Vec<_> = findings
        .iter()
        .filter(|f| f.diagnostic.severity == muster_check::Severity::Error)
        .map(|f| f.diagnostic.message.clone())
        .collect();
    assert!(
        errors.is_empty(),
        "{name} does not validate: {errors:?}\n{text}"
    );
}

#[test]
fn every_bundled_map_round_trips() {
    let mut n = 0;
    for entry in std::fs::read_dir(root().join("maps")).expect("maps/") {
        let path = entry.expect("entry").path();
        if !path.to_string_lossy().ends_with(".map.ron") {
            continue;
        }
        let map = muster_check::load_value::<MapFile>(&path, FileKind::Map)
            .unwrap_or_else(|_| panic!("{} loads", path.display()))
            .value;
        for px in [48, 20, 100] {
            let back = round_trip(&map, px);
            assert_same(&map, &back, &format!("{} at {px} px", path.display()));
            validate(&back, &format!("bundled-{n}-{px}"));
        }
        n += 1;
    }
    assert!(n >= 5, "the bundled maps were found ({n})");
}

/// A map on the given grid with cycling terrain, elevation, labels, a feature on every
/// hexside (map edges included), and a path snaking through every column.
fn synthetic(spec: GridSpec) -> MapFile {
    let grid = Grid::new(spec.clone());
    let ruleset = muster_rules::ruleset("siege").expect("siege");
    let terrain: Vec<&str> = ruleset.terrain.iter().map(|t| t.id.as_str()).collect();
    let features: Vec<&str> = ruleset
        .hexside_features
        .iter()
        .map(|f| f.id.as_str())
        .collect();
    let mut m = MapFile::blank("Synthetic", "siege", terrain[0], spec);
    for (i, h) in grid.hexes().enumerate() {
        m.hexes.push(HexEntry {
            hex: HexId(grid.to_printed(h)),
            terrain: Some(terrain[i % terrain.len()].to_string()).filter(|t| t != terrain[0]),
            elevation: (i % 4 == 1).then_some(i as i32 % 3 - 1).filter(|l| *l != 0),
            label: (i % 5 == 2).then(|| format!("Label {i} & <{i}>")),
        });
    }
    m.hexes
        .retain(|e| e.terrain.is_some() || e.elevation.is_some() || e.label.is_some());
    let mut seen = std::collections::BTreeSet::new();
    for (i, h) in grid.hexes().enumerate() {
        for d in Direction::ALL {
            let side = muster_hex::Hexside::new(h, d, grid.orientation());
            if seen.insert(side) {
                // Named from `h`, on the map: a side's canonical hex may be off it.
                m.hexsides.push(HexsideEntry {
                    side: format!("{}/{}", grid.to_printed(h), d.name(grid.orientation())),
                    feature: features[(i + d.index() as usize) % features.len()].to_string(),
                });
            }
        }
    }
    let mut path = vec![];
    let mut h = grid.from_column_row(spec_first(&grid).0, spec_first(&grid).1);
    for _ in 0..grid.len() {
        path.push(HexId(grid.to_printed(h)));
        let next = Direction::ALL
            .into_iter()
            .map(|d| grid.neighbor(h, d))
            .find(|n| grid.contains(*n) && !path.iter().any(|p| p.as_str() == grid.to_printed(*n)));
        match next {
            Some(n) => h = n,
            None => break,
        }
    }
    m.paths.push(PathEntry {
        kind: ruleset
            .paths
            .first()
            .map(|p| p.id.clone())
            .unwrap_or_else(|| "road".into()),
        name: Some("the long way".into()),
        hexes: path,
    });
    m
}

fn spec_first(grid: &Grid) -> (i32, i32) {
    (
        grid.spec().first_column as i32,
        grid.spec().first_row as i32,
    )
}

#[test]
fn every_grid_kind_round_trips_with_every_hexside() {
    for orientation in [Orientation::Flat, Orientation::Pointy] {
        for stagger in [Stagger::Even, Stagger::Odd] {
            for first in [0, 1] {
                for numbering in [Numbering::ColumnRow, Numbering::RowColumn] {
                    let mut spec = GridSpec::flat(7, 6);
                    spec.orientation = orientation;
                    spec.stagger = stagger;
                    spec.first_column = first;
                    spec.first_row = first;
                    spec.numbering = numbering;
                    let map = synthetic(spec);
                    let back = round_trip(&map, 48);
                    let what = format!("{orientation:?} {stagger:?} first {first} {numbering:?}");
                    assert_same(&map, &back, &what);
                    assert_eq!(map.hexsides.len(), back.hexsides.len(), "{what}");
                }
            }
        }
    }
}

#[test]
fn an_imported_export_is_the_same_text_but_for_the_order_of_hexsides() {
    // The hexsides come back grouped by feature (one Tiled layer per feature); all else,
    // order and spelling included, is as written.
    let path = root().join("maps/brampton-field.map.ron");
    let map = muster_check::load_value::<MapFile>(&path, FileKind::Map)
        .expect("loads")
        .value;
    let back = round_trip(&map, 48);
    let mut sorted = map.clone();
    let order: Vec<&String> = back.hexsides.iter().map(|h| &h.feature).collect();
    sorted
        .hexsides
        .sort_by_key(|h| order.iter().position(|f| **f == h.feature));
    assert_eq!(sorted, back);
}
