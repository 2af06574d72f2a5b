//! Assembles the module: images, help pages, `buildFile.xml` and `moduledata`.

use crate::board::{board, BoardImage};
use crate::counter::{faced_counter, faced_side, piece_image, unit_counter, CounterFace};
use crate::facing::Facing;
use crate::grid::VassalGrid;
use crate::help::{help_page, notes_page};
use crate::pieces::PieceDef;
use crate::setup::{Counter, Place, Setup};
use crate::xml::El;
use crate::{ExportError, Module, PlacedStack, ScenarioInput, ScenarioSummary};
use muster_render::SIDES;
use muster_rules::Scenario;
use std::collections::BTreeMap;

/// The VASSAL version the module is written for.
pub const VASSAL_VERSION: &str = "3.7.0";
const PKG: &str = "VASSAL.build.module";

/// A file name made of lowercase letters, digits and dashes.
fn slug(t: &str) -> String {
    let mut s = String::new();
    for c in t.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            s.push(c);
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-').to_string();
    if s.is_empty() {
        "x".into()
    } else {
        s
    }
}

/// Makes `name` unique among `taken` by adding " (2)", " (3)" …
fn unique(name: String, taken: &mut Vec<String>) -> String {
    let mut n = name.clone();
    let mut k = 2;
    while taken.contains(&n) {
        n = format!("{name} ({k})");
        k += 1;
    }
    taken.push(n.clone());
    n
}

struct Built {
    board: El,
    stacks: Vec<El>,
    palettes: Vec<El>,
    help: El,
    chart: El,
    setup: El,
}

/// Builds the module of the scenarios.
pub fn build(name: &str, inputs: &[ScenarioInput]) -> Result<Module, ExportError> {
    if inputs.is_empty() {
        return Err(ExportError::NoScenario);
    }
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut gpid = 1u32;
    let mut boards_taken = Vec::new();
    let mut slugs_taken = Vec::new();
    let mut sides: Vec<String> = Vec::new();
    let mut built = Vec::new();
    let mut summary = Vec::new();
    let several = inputs.len() > 1;
    for input in inputs {
        let s = input.scenario;
        let board_name = unique(s.file.title.clone(), &mut boards_taken);
        let sl = unique(slug(&s.file.title), &mut slugs_taken);
        // VASSAL keeps one roster per module: with several scenarios each side is named
        // with its scenario, so a player picks a side of the scenario they set up.
        let owners: Vec<String> = s
            .file
            .sides
            .iter()
            .map(|sd| roster_side(several.then_some(board_name.as_str()), &sd.name))
            .collect();
        for o in &owners {
            if !sides.contains(o) {
                sides.push(o.clone());
            }
        }
        let setup = Setup::of(s);
        let img = board(s, input.map, &input.overlays, &setup.groups)?;
        let names = Names {
            slug: &sl,
            board: &board_name,
            owners: &owners,
        };
        let (b, sum) = scenario(s, &names, &setup, &img, &mut files, &mut gpid)?;
        built.push(b);
        summary.push(sum);
    }
    let doc = game_module(name, &sides, built, gpid);
    files.insert(0, ("buildFile.xml".into(), doc.document().into_bytes()));
    files.insert(1, ("moduledata".into(), module_data(name).into_bytes()));
    Ok(Module { files, summary })
}

/// A side's name in the roster: qualified by its scenario when the module holds several.
fn roster_side(scenario: Option<&str>, side: &str) -> String {
    match scenario {
        Some(t) => format!("{t}: {side}"),
        None => side.to_string(),
    }
}

/// What a scenario is called in the module.
struct Names<'n> {
    /// File-name slug.
    slug: &'n str,
    /// Board name.
    board: &'n str,
    /// Each side's name in the roster.
    owners: &'n [String],
}

fn module_data(name: &str) -> String {
    El::new("data")
        .attr("version", "1")
        .child(El::new("version").text("1.0"))
        .child(El::new("extra1").text(""))
        .child(El::new("extra2").text(""))
        .child(El::new("VassalVersion").text(VASSAL_VERSION))
        .child(El::new("dateSaved").text("0"))
        .child(El::new("description").text(format!("{name}, exported by Muster")))
        .child(El::new("name").text(name))
        .document()
}

/// The piece definitions of a scenario's counters, and their images added to `files`.
fn definitions(
    s: &Scenario,
    names: &Names,
    radius: f32,
    files: &mut Vec<(String, Vec<u8>)>,
) -> Result<BTreeMap<Counter, PieceDef>, ExportError> {
    let sl = names.slug;
    let mut defs = BTreeMap::new();
    let size = (3f32.sqrt() * radius * 0.76).round() as u32;
    // Each side's mask: what the other side sees of a masked counter.
    let mut masks = Vec::new();
    for (si, side) in s.file.sides.iter().enumerate() {
        let face = CounterFace {
            rgb: SIDES[si % SIDES.len()],
            kind: &side.name,
            name: "?",
            ratings: "hidden",
        };
        let image = format!("{sl}-{}-mask.png", slug(&side.id));
        files.push((format!("images/{image}"), unit_counter(&face, size)?));
        masks.push(image);
    }
    let owner = |si: usize| names.owners.get(si).cloned().unwrap_or_default();
    // Where the system's units face a way, each unit's images face facing 0 and VASSAL
    // turns them (see `crate::facing`).
    let faces = Facing::of(s);
    for (si, side) in s.file.sides.iter().enumerate() {
        let rgb = SIDES[si % SIDES.len()];
        for (ui, def) in side.units.iter().enumerate() {
            // A mounted siege character's horse behind him (see `crate::facing`).
            let tail = faces.and_then(|f| f.tail(s, si, ui, radius));
            let draw = |face: &CounterFace| match faces {
                Some(f) => faced_counter(face, size, f.upright_turn(), tail),
                None => unit_counter(face, size),
            };
            let drawn_size = match faces {
                Some(_) => faced_side(size, tail),
                None => size,
            };
            let kind = s
                .unit(si, ui)
                .1
                .map(|k| k.name.as_str())
                .unwrap_or(def.kind.as_str());
            let muster_rules::CounterRatings { front, back } =
                muster_rules::counter_ratings(s, si, def);
            let face = CounterFace {
                rgb,
                kind,
                name: &def.name,
                ratings: &front,
            };
            let image = format!("{sl}-{}-u{ui}.png", slug(&side.id));
            files.push((format!("images/{image}"), draw(&face)?));
            // A two-step unit's reduced step: its own image with the back's ratings.
            let reduced = match &back {
                Some(b) => {
                    let kind = format!("{kind} (reduced)");
                    let face = CounterFace {
                        rgb,
                        kind: &kind,
                        name: &def.name,
                        ratings: b,
                    };
                    let image = format!("{sl}-{}-u{ui}-reduced.png", slug(&side.id));
                    files.push((format!("images/{image}"), draw(&face)?));
                    Some(image)
                }
                None => None,
            };
            let ratings = match &back {
                Some(b) => format!("{front}; {b}"),
                None => front.clone(),
            };
            defs.insert(
                Counter::Unit(si, ui),
                PieceDef {
                    name: def.name.clone(),
                    image,
                    reduced,
                    mask: Some(masks[si].clone()),
                    clone: false,
                    width: drawn_size,
                    height: drawn_size,
                    side: side.name.clone(),
                    owner: owner(si),
                    unit: def.id.clone(),
                    scenario: sl.into(),
                    ratings,
                    rotator: faces.map(|f| f.trait_name()),
                },
            );
        }
    }
    let grid = &s.world.grid;
    for (i, p) in s.file.pieces.iter().enumerate() {
        let Ok(placed) = muster_rules::siege::field::place(s, i, p) else {
            continue;
        };
        let si = placed.side.unwrap_or(0);
        let origin = placed
            .hexes
            .first()
            .map(|h| grid.center(*h, radius))
            .unwrap_or((0.0, 0.0));
        let centres: Vec<(f32, f32)> = if placed.hexes.is_empty() {
            vec![(0.0, 0.0)]
        } else {
            placed
                .hexes
                .iter()
                .map(|h| {
                    let (x, y) = grid.center(*h, radius);
                    (x - origin.0, y - origin.1)
                })
                .collect()
        };
        let bar = placed
            .facing
            .filter(|_| placed.def.faced_on_hexside && !placed.hexes.is_empty())
            .map(|d| {
                let c = grid.corners(placed.hexes[0], radius);
                let i = d.index() as usize;
                let (a, b) = (c[(i + 5) % 6], c[i]);
                (
                    (a.0 - origin.0, a.1 - origin.1),
                    (b.0 - origin.0, b.1 - origin.1),
                )
            });
        let label = format!("{} ({})", p.id, placed.def.name.to_lowercase());
        let (png, w, h) = piece_image(&centres, radius, SIDES[si % SIDES.len()], &label, bar)?;
        let image = format!("{sl}-piece{i}.png");
        files.push((format!("images/{image}"), png));
        defs.insert(
            Counter::Piece(i),
            PieceDef {
                name: label,
                image,
                reduced: None,
                mask: masks.get(si).cloned(),
                clone: false,
                width: w,
                height: h,
                side: s
                    .file
                    .sides
                    .get(si)
                    .map(|x| x.name.clone())
                    .unwrap_or_default(),
                owner: owner(si),
                unit: p.id.clone(),
                scenario: sl.into(),
                ratings: placed.def.name.clone(),
                rotator: None,
            },
        );
    }
    add_markers(s, sl, size, files, &mut defs)?;
    Ok(defs)
}

/// The marker pieces of a scenario: each marker it sets up, and a blank one of every kind
/// its ruleset defines for the palette; a marker players may duplicate has Clone
/// ([`crate::markers`]).
fn add_markers(
    s: &Scenario,
    sl: &str,
    size: u32,
    files: &mut Vec<(String, Vec<u8>)>,
    defs: &mut BTreeMap<Counter, PieceDef>,
) -> Result<(), ExportError> {
    let kinds = &s.ruleset.markers;
    let placed = s.file.markers.iter().enumerate().filter_map(|(i, m)| {
        let k = kinds.iter().position(|d| d.id == m.kind)?;
        Some((Counter::Marker(i), k, m.value))
    });
    let blank = (0..kinds.len()).map(|k| (Counter::MarkerKind(k), k, None));
    for (counter, k, value) in placed.chain(blank) {
        let def = &kinds[k];
        let name = crate::markers::name(def, value);
        // The face prints the rule's sections, the detail viewer the whole rule.
        let sections = def.rule.split(" (").next().unwrap_or_default();
        let face = CounterFace {
            rgb: [110, 96, 80],
            kind: "marker",
            name: &name,
            ratings: sections,
        };
        let image = match counter {
            Counter::Marker(i) => format!("{sl}-marker{i}.png"),
            _ => format!("{sl}-marker-{}.png", slug(&def.id)),
        };
        files.push((format!("images/{image}"), unit_counter(&face, size)?));
        defs.insert(
            counter,
            PieceDef {
                name,
                image,
                reduced: None,
                mask: None,
                clone: crate::markers::cloned(s, def),
                width: size,
                height: size,
                side: crate::markers::SIDE.into(),
                owner: String::new(),
                unit: def.id.clone(),
                scenario: sl.into(),
                ratings: def.rule.clone(),
                rotator: None,
            },
        );
    }
    Ok(())
}

fn scenario(
    s: &Scenario,
    names: &Names,
    setup: &Setup,
    img: &BoardImage,
    files: &mut Vec<(String, Vec<u8>)>,
    gpid: &mut u32,
) -> Result<(Built, ScenarioSummary), ExportError> {
    let (sl, board_name) = (names.slug, names.board);
    let grid = &s.world.grid;
    let vg = VassalGrid::new(grid, &img.placement);
    let defs = definitions(s, names, img.placement.radius, files)?;
    let board_image = format!("{sl}-board.png");
    files.push((format!("images/{board_image}"), img.png.clone()));
    let (w, h) = (img.width, img.height);
    let numbering = El::new(&format!(
        "{PKG}.map.boardPicker.board.mapgrid.HexGridNumbering"
    ));
    let numbering = vg
        .numbering_attrs()
        .into_iter()
        .fold(numbering, |e, (k, v)| e.attr(k, v));
    let hexgrid = El::new(&format!("{PKG}.map.boardPicker.board.HexGrid"));
    let hexgrid = vg
        .grid_attrs()
        .into_iter()
        .fold(hexgrid, |e, (k, v)| e.attr(k, v))
        .child(numbering);
    // One zone over the map's picture holds the grid (readers such as pywargame take a
    // hex grid's extent from its zone); each off-map box is a zone of its own with no
    // grid, so VASSAL names a counter there by the box's title, never by a hex.
    let mh = img.map_height;
    let zone_el = |name: &str, path: String, location: &str| {
        El::new(&format!("{PKG}.map.boardPicker.board.mapgrid.Zone"))
            .attr("highlightProperty", "")
            .attr("locationFormat", location)
            .attr("name", name)
            .attr("path", path)
            .attr("useHighlight", "false")
            .attr("useParentGrid", "false")
    };
    let zone = zone_el(
        "Map",
        format!("0,0;{w},0;{w},{mh};0,{mh}"),
        "$gridLocation$",
    )
    .child(hexgrid);
    let box_zones = img
        .box_rects
        .iter()
        .zip(&setup.groups)
        .map(|([l, t, r, b], title)| {
            zone_el(title, format!("{l},{t};{r},{t};{r},{b};{l},{b}"), "$name$")
        });
    let board_el = El::new(&format!("{PKG}.map.boardPicker.Board"))
        .attr("image", &board_image)
        .attr("name", board_name)
        .attr("reversible", "false")
        .attr("width", w)
        .attr("height", h)
        .child(
            El::new(&format!("{PKG}.map.boardPicker.board.ZonedGrid"))
                .child(zone)
                .children(box_zones),
        );
    let mut stacks = Vec::new();
    let mut placed = Vec::new();
    let (mut on_map, mut off_map) = (0, 0);
    for st in &setup.stacks {
        let mut el = El::new(&format!("{PKG}.map.SetupStack"));
        let names: Vec<String> = st
            .counters
            .iter()
            .filter_map(|c| defs.get(c))
            .map(|d| d.name.clone())
            .collect();
        let location = match st.place {
            Place::Hex(hex) => {
                let id = grid.to_printed(hex);
                let (x, y) = img.placement.centre(grid, hex);
                el = el
                    .attr("name", &id)
                    .attr("owningBoard", board_name)
                    .attr("useGridLocation", "true")
                    .attr("location", &id)
                    .attr("x", x.round() as i32)
                    .attr("y", y.round() as i32);
                on_map += names.len();
                id
            }
            Place::OffMap(g) => {
                let (x, y) = img.boxes.get(g).copied().unwrap_or((0, 0));
                let title = setup.groups.get(g).cloned().unwrap_or_default();
                el = el
                    .attr("name", &title)
                    .attr("owningBoard", board_name)
                    .attr("useGridLocation", "false")
                    .attr("x", x)
                    .attr("y", y);
                off_map += names.len();
                title
            }
        };
        for c in &st.counters {
            if let Some(d) = defs.get(c) {
                el = el.child(d.slot(*gpid, st.masked, st.facing));
                *gpid += 1;
            }
        }
        placed.push(PlacedStack {
            location,
            on_map: matches!(st.place, Place::Hex(_)),
            counters: names,
            masked: st.masked,
        });
        stacks.push(el);
    }
    let mut palettes = Vec::new();
    for (si, side) in s.file.sides.iter().enumerate() {
        let mut list = El::new("VASSAL.build.widget.ListWidget")
            .attr("divider", "150")
            .attr("entryName", format!("{} — {}", s.file.title, side.name))
            .attr("height", "0")
            .attr("scale", "1.0")
            .attr("width", "0");
        for (c, d) in &defs {
            let mine = match c {
                Counter::Unit(s2, _) => *s2 == si,
                Counter::Piece(i) => s.file.pieces[*i].side == side.id,
                Counter::Marker(_) | Counter::MarkerKind(_) => false,
            };
            if mine {
                list = list.child(d.slot(*gpid, false, 0));
                *gpid += 1;
            }
        }
        palettes.push(list);
    }
    // The markers of the ruleset, blank, for players to place (`crate::markers`).
    let blanks: Vec<&PieceDef> = defs
        .iter()
        .filter(|(c, _)| matches!(c, Counter::MarkerKind(_)))
        .map(|(_, d)| d)
        .collect();
    if !blanks.is_empty() {
        let mut list = El::new("VASSAL.build.widget.ListWidget")
            .attr("divider", "150")
            .attr("entryName", format!("{} — Markers", s.file.title))
            .attr("height", "0")
            .attr("scale", "1.0")
            .attr("width", "0");
        for d in blanks {
            list = list.child(d.slot(*gpid, false, 0));
            *gpid += 1;
        }
        palettes.push(list);
    }
    let help_name = format!("help/{sl}.html");
    files.push((help_name.clone(), help_page(s, setup).into_bytes()));
    let notes_name = format!("help/{sl}-notes.html");
    files.push((notes_name.clone(), notes_page(s, setup).into_bytes()));
    let help = El::new("VASSAL.build.module.documentation.HelpFile")
        .attr("fileName", &help_name)
        .attr("fileType", "archive")
        .attr("title", &s.file.title);
    let chart = El::new("VASSAL.build.widget.HtmlChart")
        .attr("chartName", &s.file.title)
        .attr("fileName", &notes_name);
    let setup_el = El::new(&format!("{PKG}.PredefinedSetup"))
        .attr(
            "description",
            format!("New game on the board \"{board_name}\": choose that board when asked"),
        )
        .attr("file", "")
        .attr("isMenu", "false")
        .attr("name", &s.file.title)
        .attr("useFile", "false");
    let summary = ScenarioSummary {
        title: s.file.title.clone(),
        board: board_name.into(),
        on_map,
        off_map,
        choices: setup.choices.len(),
        unplaced: setup.unplaced.clone(),
        stacks: placed,
        numbering: vg,
    };
    Ok((
        Built {
            board: board_el,
            stacks,
            palettes,
            help,
            chart,
            setup: setup_el,
        },
        summary,
    ))
}

/// The counter detail viewer: hovering over a counter shows it enlarged with its name,
/// side and printed ratings (both steps of a two-step unit); a counter masked from the
/// viewer is left out, so its unit and ratings stay hidden.
fn detail_viewer() -> El {
    El::new(&format!("{PKG}.map.CounterDetailViewer"))
        .attr("version", "3")
        .attr("delay", "700")
        .attr("description", "Counter detail")
        .attr("showgraph", "true")
        .attr("showtext", "true")
        .attr("showNoStack", "true")
        .attr("showNonMovable", "true")
        .attr("minDisplayPieces", "1")
        .attr("zoomlevel", "1.5")
        .attr("display", "by using a property filter")
        .attr("propertyFilter", "Obscured!=true")
        .attr("summaryReportFormat", "$LocationName$")
        .attr("counterReportFormat", "$PieceName$ ($Side$): $Ratings$")
}

fn game_module(name: &str, sides: &[String], built: Vec<Built>, next_gpid: u32) -> El {
    let map_parts = [
        "StackMetrics",
        "ForwardToKeyBuffer",
        "Scroller",
        "ForwardToChatter",
        "MenuDisplayer",
        "MapCenterer",
        "StackExpander",
        "PieceMover",
        "KeyBufferer",
        "ImageSaver",
        "Zoomer",
    ];
    let mut picker = El::new(&format!("{PKG}.map.BoardPicker"))
        .attr("addColumnText", "Add column")
        .attr("addRowText", "Add row")
        .attr("boardPrompt", "Select the scenario's board")
        .attr("slotHeight", "125")
        .attr("slotScale", "0.2")
        .attr("slotWidth", "350")
        .attr("title", "Choose the scenario's board");
    let mut map = El::new(&format!("{PKG}.Map"))
        .attr("allowMultiple", "false")
        .attr("buttonName", "")
        .attr("mapName", "Main Map")
        .attr("markMoved", "Never");
    let mut tabs = El::new("VASSAL.build.widget.TabWidget").attr("entryName", "Counters");
    let mut docs = El::new(&format!("{PKG}.Documentation"));
    let mut charts = El::new("VASSAL.build.widget.TabWidget").attr("entryName", "Set-up notes");
    let mut setups = El::new(&format!("{PKG}.PredefinedSetup"))
        .attr("isMenu", "true")
        .attr("name", "Scenarios")
        .attr("useFile", "false");
    let mut all_stacks = Vec::new();
    for b in built {
        picker = picker.child(b.board);
        all_stacks.extend(b.stacks);
        tabs = tabs.children(b.palettes);
        docs = docs.child(b.help);
        charts = charts.child(b.chart);
        setups = setups.child(b.setup);
    }
    map = map.child(picker);
    for part in map_parts {
        map = map.child(El::new(&format!("{PKG}.map.{part}")));
    }
    map = map.child(detail_viewer());
    map = map.children(all_stacks);
    let roster = El::new(&format!("{PKG}.PlayerRoster"))
        .attr("buttonKeyStroke", "")
        .attr("buttonText", "Retire")
        .attr(
            "buttonToolTip",
            "Switch sides, become observer, or release faction",
        )
        .children(sides.iter().map(|s| El::new("entry").text(s.as_str())));
    El::new("VASSAL.build.GameModule")
        .attr("ModuleOther1", "")
        .attr("ModuleOther2", "")
        .attr("VassalVersion", VASSAL_VERSION)
        .attr("description", format!("{name}, exported by Muster"))
        .attr("name", name)
        .attr("nextPieceSlotId", next_gpid)
        .attr("version", "1.0")
        .child(El::new(&format!("{PKG}.BasicCommandEncoder")))
        .child(El::new(&format!("{PKG}.Chatter")))
        .child(El::new(&format!("{PKG}.KeyNamer")))
        .child(docs)
        .child(roster)
        .child(El::new(&format!("{PKG}.GlobalOptions")).attr("autoReport", "Always"))
        .child(El::new(&format!("{PKG}.PrototypesContainer")))
        .child(
            El::new(&format!("{PKG}.PieceWindow"))
                .attr("name", "Counters")
                .attr("text", "Counters")
                .child(tabs),
        )
        .child(map)
        .child(setups)
        .child(
            El::new(&format!("{PKG}.ChartWindow"))
                .attr("name", "Set-up notes")
                .attr("text", "Set-up notes")
                .child(charts),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_unique_names() {
        assert_eq!(slug("Civitate, 1053!"), "civitate-1053");
        assert_eq!(slug("***"), "x");
        let mut taken = vec![];
        assert_eq!(unique("A".into(), &mut taken), "A");
        assert_eq!(unique("A".into(), &mut taken), "A (2)");
    }
}
