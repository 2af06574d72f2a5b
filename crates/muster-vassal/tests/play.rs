//! Issue 33, items 1 and 2 (interop review findings 2 and 6): a module's pieces are what
//! players use, and its scenarios are what players choose.
//! - Every counter set up has Delete and a Mask owned by its side; a two-step unit has a
//!   Layer with an image per step, each printing that step's ratings, and flips with
//!   Ctrl+F; a hidden set-up starts masked by its side, a printed one face up; the counter
//!   detail viewer shows name, side and ratings, never of a counter masked from the viewer.
//! - Each off-map box is a zone of its own, named by the box's title ("Byzantine (loyal)
//!   Army, turn 2, enter at …"), without a grid, so VASSAL never names a hex there; the
//!   map's gridded zone ends where the map's picture does.
//! - With several scenarios, one predefined set-up each, and each scenario's sides in the
//!   roster named with it; its help has its special rules and victory conditions.
//!
//! VASSAL's own engine reads the same modules in scripts/vassal-engine-check.sh.

use muster_check::Checker;
use muster_vassal::{export, Module, ScenarioInput};
use std::path::Path;

const KALAVRYAI: &str = "scenarios/a-la-charge/kalavryai-1078.scenario.ron";
const CIVITATE: &str = "scenarios/a-la-charge/civitate-1053.scenario.ron";

fn module(paths: &[&str]) -> Module {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let checker = Checker::new();
    let loaded: Vec<_> = paths
        .iter()
        .map(|p| {
            checker
                .load_scenario(&root.join(p))
                .expect("a bundled scenario loads")
        })
        .collect();
    let resolved: Vec<_> = loaded.iter().map(|l| l.resolve()).collect();
    let inputs: Vec<ScenarioInput> = loaded
        .iter()
        .zip(&resolved)
        .map(|(l, s)| ScenarioInput {
            scenario: s,
            map: &l.map().value,
            overlays: l.overlay_values(),
        })
        .collect();
    export("test", &inputs).expect("exports")
}

fn build(m: &Module) -> String {
    String::from_utf8(m.file("buildFile.xml").expect("a build file").to_vec()).expect("UTF-8")
}

/// Splits `s` at each `delim` not preceded by a backslash, taking one level of escapes
/// off each part (as VASSAL's `SequenceEncoder.Decoder` reads it).
fn split(s: &str, delim: char) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&delim) {
            out.last_mut().expect("a part").push(delim);
            chars.next();
        } else if c == delim {
            out.push(String::new());
        } else {
            out.last_mut().expect("a part").push(c);
        }
    }
    out
}

/// The traits of a nested type or state string, outermost first.
fn traits(nested: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = nested.to_string();
    loop {
        let mut parts = split(&rest, '\t');
        if parts.len() == 1 {
            out.push(parts.remove(0));
            return out;
        }
        let inner = parts[1..].join("\t");
        out.push(parts.remove(0));
        rest = inner;
    }
}

/// A set-up piece: (stack name, type traits, state traits).
type Piece = (String, Vec<String>, Vec<String>);

fn set_up_pieces(doc: &roxmltree::Document) -> Vec<Piece> {
    let mut out = Vec::new();
    for st in doc
        .descendants()
        .filter(|n| n.has_tag_name("VASSAL.build.module.map.SetupStack"))
    {
        let stack = st.attribute("name").unwrap_or_default().to_string();
        for slot in st.children().filter(|n| n.is_element()) {
            let add = slot.text().expect("an AddPiece command");
            let parts = split(add.strip_prefix("+/").expect("an AddPiece command"), '/');
            assert_eq!(parts.len(), 3, "{add}");
            out.push((stack.clone(), traits(&parts[1]), traits(&parts[2])));
        }
    }
    out
}

#[test]
fn every_counter_has_delete_a_mask_of_its_side_and_a_flip_when_it_has_two_steps() {
    let m = module(&[KALAVRYAI]);
    let xml = build(&m);
    let doc = roxmltree::Document::parse(&xml).expect("well-formed");
    let pieces = set_up_pieces(&doc);
    assert_eq!(pieces.len(), 26, "24 on hexes and 2 in boxes");
    let (mut flips, mut masked) = (0, 0);
    for (stack, ty, state) in &pieces {
        let kinds: Vec<&str> = ty
            .iter()
            .map(|t| t.split(';').next().unwrap_or_default())
            .collect();
        assert_eq!(kinds.len(), state.len(), "{stack}: {ty:?} / {state:?}");
        assert_eq!(&kinds[..3], ["mark", "obs", "delete"], "{stack}: {ty:?}");
        assert_eq!(*kinds.last().expect("a basic piece"), "piece");
        assert!(ty[2].starts_with("delete;Delete;68,130"), "{}", ty[2]);
        // The mask belongs to the side: SideAccess, so only that side reveals it.
        let side = state[0].split(',').next().expect("a side");
        assert!(ty[1].contains(";side:;"), "{}", ty[1]);
        // Leaders print one step; every other unit of A la Charge has two.
        let name = ty
            .last()
            .expect("a basic piece")
            .rsplit(';')
            .next()
            .unwrap();
        let leader = ["Alexios Kommenos", "Nikephoros Bryennios"].contains(&name);
        if leader {
            assert_eq!(kinds.len(), 4, "{stack}: {ty:?}");
        } else {
            assert_eq!(kinds[3], "emb2", "{stack}: {ty:?}");
            let fields = split(&ty[3], ';');
            let images = split(&fields[16], ',');
            assert_eq!(images.len(), 2, "{}", ty[3]);
            assert_ne!(images[0], images[1]);
            for i in &images {
                assert!(m.file(&format!("images/{i}")).is_some(), "{i}");
            }
            assert_eq!(fields[4], "Flip", "{}", ty[3]);
            assert!(ty[3].contains(";70,130;"), "Ctrl+F flips: {}", ty[3]);
            assert_eq!(state[3], "1", "the full step shows first");
            // Under a Layer the basic piece draws nothing of its own.
            assert!(ty[4].starts_with("piece;;;;"), "{}", ty[4]);
            flips += 1;
        }
        let hidden = stack.contains("hidden, set up secretly");
        if hidden {
            assert_eq!(state[1], format!("{side};"), "{stack}");
            masked += 1;
        } else {
            assert_eq!(state[1], "null;", "{stack}");
        }
        // The Marker carries the ratings the detail viewer shows.
        assert!(ty[0].ends_with(",Ratings"), "{}", ty[0]);
        assert!(state[0].split(',').nth(3).is_some_and(|r| !r.is_empty()));
    }
    assert_eq!((flips, masked), (24, 1));
    let viewer = doc
        .descendants()
        .find(|n| n.has_tag_name("VASSAL.build.module.map.CounterDetailViewer"))
        .expect("a counter detail viewer");
    assert_eq!(
        viewer.attribute("counterReportFormat"),
        Some("$PieceName$ ($Side$): $Ratings$")
    );
    assert_eq!(viewer.attribute("propertyFilter"), Some("Obscured!=true"));
}

#[test]
fn the_off_map_boxes_are_named_zones_and_the_grid_ends_with_the_map() {
    let m = module(&[KALAVRYAI]);
    let xml = build(&m);
    let doc = roxmltree::Document::parse(&xml).expect("well-formed");
    let board = doc
        .descendants()
        .find(|n| n.has_tag_name("VASSAL.build.module.map.boardPicker.Board"))
        .expect("a board");
    let height: i32 = board.attribute("height").unwrap().parse().unwrap();
    let zones: Vec<_> = board
        .descendants()
        .filter(|n| n.has_tag_name("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"))
        .collect();
    let rect = |z: &roxmltree::Node| -> [i32; 4] {
        let pts: Vec<(i32, i32)> = z
            .attribute("path")
            .unwrap()
            .split(';')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        let xs = pts.iter().map(|p| p.0);
        let ys = pts.iter().map(|p| p.1);
        [
            xs.clone().min().unwrap(),
            ys.clone().min().unwrap(),
            xs.max().unwrap(),
            ys.max().unwrap(),
        ]
    };
    let inside = |r: [i32; 4], x: i32, y: i32| x >= r[0] && x <= r[2] && y >= r[1] && y <= r[3];
    let map_zone = zones
        .iter()
        .find(|z| z.attribute("name") == Some("Map"))
        .expect("the map's zone");
    assert!(rect(map_zone)[3] < height, "the grid stops above the boxes");
    let boxes: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("useGridLocation") == Some("false"))
        .collect();
    let titles: Vec<&str> = boxes.iter().map(|b| b.attribute("name").unwrap()).collect();
    assert_eq!(
        titles,
        [
            "Byzantine (loyal) Army, hidden, set up secretly in on or south of row 09xx and on or west of row xx13",
            "Byzantine (loyal) Army, turn 2, enter at the edge from 1201 to 1215",
        ]
    );
    for b in boxes {
        let title = b.attribute("name").unwrap();
        let (x, y): (i32, i32) = (
            b.attribute("x").unwrap().parse().unwrap(),
            b.attribute("y").unwrap().parse().unwrap(),
        );
        let zone = zones
            .iter()
            .find(|z| z.attribute("name") == Some(title))
            .unwrap_or_else(|| panic!("no zone named {title}"));
        assert_eq!(zone.attribute("locationFormat"), Some("$name$"));
        assert!(zone.children().all(|c| !c.is_element()), "no grid in a box");
        assert!(
            inside(rect(zone), x, y),
            "{title}: its stack is in its zone"
        );
        assert!(!inside(rect(map_zone), x, y), "{title}: not on the grid");
    }
}

#[test]
fn each_scenario_is_a_set_up_with_its_own_sides_and_its_rules_in_its_help() {
    let m = module(&[CIVITATE, KALAVRYAI]);
    let xml = build(&m);
    let doc = roxmltree::Document::parse(&xml).expect("well-formed");
    let setups: Vec<&str> = doc
        .descendants()
        .filter(|n| {
            n.has_tag_name("VASSAL.build.module.PredefinedSetup")
                && n.attribute("isMenu") == Some("false")
        })
        .map(|n| n.attribute("name").unwrap())
        .collect();
    assert_eq!(setups, ["Civitate 18 June 1053", "Kalavryai 1078"]);
    let roster: Vec<&str> = doc
        .descendants()
        .find(|n| n.has_tag_name("VASSAL.build.module.PlayerRoster"))
        .expect("a roster")
        .children()
        .filter_map(|n| n.text().filter(|_| n.is_element()))
        .collect();
    assert_eq!(
        roster,
        [
            "Civitate 18 June 1053: Papal Army",
            "Civitate 18 June 1053: Norman Army",
            "Kalavryai 1078: Byzantine (loyal) Army",
            "Kalavryai 1078: Rebel Army",
        ]
    );
    // The hidden Turcs are masked by their side as the roster names it.
    let hidden = set_up_pieces(&doc)
        .into_iter()
        .find(|(stack, ..)| stack.contains("hidden"))
        .expect("the hidden box");
    assert_eq!(hidden.2[1], "Kalavryai 1078: Byzantine (loyal) Army;");
    let help = String::from_utf8(m.file("help/kalavryai-1078.html").unwrap().to_vec()).unwrap();
    assert!(help.contains("<h2>Special rules</h2>"), "{help}");
    assert!(help.contains("Ambush"), "{help}");
    assert!(help.contains("<h2>Victory conditions</h2>"), "{help}");
}
