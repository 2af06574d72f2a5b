//! Issue 31, part 2 ("Show the truth") and part 3 ("Finish the workspace"): the panels read
//! the current selection after every change, lines are drawn as the placement model's one
//! arrangement reads them, Fit and centring use the real canvas, and the canvas redraws
//! what an edit or a layout change touched. Each test names the review finding it guards
//! (shared/reviews/2026-11-25/editor.md) and fails on the code the review was made on.

use muster_editor::canvas::CanvasMessage;
use muster_editor::diagnostics;
use muster_editor::tool::Tool;
use muster_editor::{panels, App, Message};
use muster_hex::Hex;

mod common;
use common::{click_hex, click_widget, hex, open, scratch_pack, shows, validate};

/// Places one counter of `unit` of `side` on `at` with the place tool.
fn place(app: &mut App, side: usize, unit: usize, at: &str) {
    let _ = app.update(Message::tool(Tool::Place { side, unit }));
    click_hex(app, at);
}

/// What the inspector and the map show for a hex when it is clicked with the select tool
/// on the document as it is now: the lines on it, the lit hexes.
fn as_if_clicked(app: &App, id: &str) -> (Vec<(usize, usize)>, Vec<Hex>) {
    let mut fresh = App::new(Some(app.doc.main_path().to_path_buf())).0;
    fresh.doc = app.doc.clone();
    fresh.snap = app.snap.clone();
    let _ = fresh.update(Message::tool(Tool::Select));
    click_hex(&mut fresh, id);
    (fresh.properties.lines_here.clone(), fresh.highlight.clone())
}

/// Finding 5: clicking a finding selects its hex, and the inspector, the lit reach and the
/// status line are those of that hex, not of the hex selected before.
#[test]
fn clicking_a_finding_shows_the_lines_of_its_hex() {
    let mut app = open("finding-click");
    // A Yorkist (3-2) on 1010; a Yorkist and a Lancastrian archer on 1011 (AC101 there).
    place(&mut app, 1, 1, "1010");
    place(&mut app, 1, 0, "1011");
    place(&mut app, 0, 1, "1011");
    validate(&mut app);
    let finding = app
        .diagnostics
        .iter()
        .find(|d| d.code == "AC101" && d.hex.as_deref() == Some("1011"))
        .cloned()
        .expect("two combat units in 1011");
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "1010");
    let on_1010 = app.properties.lines_here.clone();
    assert_eq!(on_1010.len(), 1, "one line on 1010");
    assert!(!app.highlight.is_empty(), "the (3-2)'s reach is lit");
    click_widget(&mut app, &diagnostics::label(&finding));
    assert_eq!(app.selected, Some(hex(&app, "1011")));
    let (lines, lit) = as_if_clicked(&app, "1011");
    assert_eq!(lines.len(), 2, "two lines on 1011");
    assert_eq!(
        app.properties.lines_here, lines,
        "the inspector lists 1011's lines, not 1010's"
    );
    assert_eq!(app.highlight, lit, "the reach lit is that of 1011");
    assert!(
        !app.status.contains("(3-2)"),
        "the status no longer speaks of 1010's unit: {}",
        app.status
    );
    assert!(shows(&app, "Properties of 1011"));
    assert!(shows(&app, "Lancastrians: set-up line 3"));
}

/// Finding 5: after an undo or an erase takes the counter off the selected hex, its reach is
/// no longer lit and the inspector lists no line there.
#[test]
fn undo_and_erase_leave_no_stale_selection_behind() {
    let mut app = open("undo-erase");
    place(&mut app, 1, 1, "1010");
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "1010");
    assert!(!app.highlight.is_empty(), "the reach is lit");
    let _ = app.update(Message::Undo);
    assert_eq!(app.selected, Some(hex(&app, "1010")), "still selected");
    assert!(app.properties.lines_here.is_empty(), "no line on 1010 now");
    assert!(app.highlight.is_empty(), "no reach of a counter gone");
    // Redo puts it back: the panels read the hex again.
    let _ = app.update(Message::Redo);
    assert_eq!(app.properties.lines_here.len(), 1);
    assert_eq!(app.highlight, as_if_clicked(&app, "1010").1);
    // The erase tool takes it off again.
    let _ = app.update(Message::tool(Tool::Erase));
    click_hex(&mut app, "1010");
    assert!(app.properties.lines_here.is_empty());
    assert!(app.highlight.is_empty(), "no reach of an erased counter");
}

/// Draws the panels in a window of `size` (a frame is asked for, as the window does before
/// it draws) and delivers what they send: the canvas tells its real size.
fn show_in_window(app: &mut App, size: iced::Size) {
    let mut ui = iced_test::Simulator::with_size(Default::default(), size, panels::view(app));
    let _ = ui.simulate([iced::Event::Window(iced::window::Event::RedrawRequested(
        std::time::Instant::now(),
    ))]);
    for m in ui.into_messages().collect::<Vec<_>>() {
        let _ = app.update(m);
    }
}

/// Finding 11: Fit uses the canvas's real size, in a small window and in a large one:
/// every hex of the map lies inside the canvas, and the map fills one of its dimensions.
#[test]
fn fit_uses_the_real_canvas_size() {
    for (w, h) in [(1000.0, 650.0), (1600.0, 1000.0)] {
        let mut app = open(&format!("fit-{w}"));
        show_in_window(&mut app, iced::Size::new(w, h));
        let canvas = app.viewport.expect("the canvas told its size");
        assert!(canvas.width < w && canvas.height < h, "{canvas:?}");
        let _ = app.update(Message::Fit);
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for hx in app.snap.grid.hexes() {
            let p = app.camera.to_screen(&app.snap, hx);
            (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
        }
        let z = app.camera.zoom;
        assert!(
            x0 - z >= 0.0 && y0 - z >= 0.0 && x1 + z <= canvas.width && y1 + z <= canvas.height,
            "window {w}×{h}: the map ({x0}..{x1}, {y0}..{y1}, hex radius {z}) is not inside \
             the canvas {canvas:?}"
        );
        let used = ((x1 - x0 + 2.0 * z) / canvas.width).max((y1 - y0 + 2.0 * z) / canvas.height);
        assert!(
            used > 0.85,
            "window {w}×{h}: the map fills only {used} of the canvas"
        );
    }
}

/// Finding 11: clicking a finding centres its hex in the canvas as it really is.
#[test]
fn a_finding_is_centred_in_the_real_canvas() {
    let mut app = open("centre");
    show_in_window(&mut app, iced::Size::new(1400.0, 1000.0));
    let canvas = app.viewport.expect("the canvas told its size");
    let _ = app.update(Message::Focus("1011".into()));
    let p = app.camera.to_screen(&app.snap, hex(&app, "1011"));
    assert!(
        (p.x - canvas.width / 2.0).abs() < 1.0 && (p.y - canvas.height / 2.0).abs() < 1.0,
        "1011 at {p:?}, the canvas is {canvas:?}"
    );
}

/// Finding 6: one unit type over exactly as many listed hexes is certain (the placement
/// model's `Spread::Certain`): drawn solid on each hex, not labelled "owner's choice".
#[test]
fn a_filled_line_is_drawn_and_labelled_certain() {
    use muster_editor::palette;
    let mut app = open("certain");
    // Yorkists (2-2) ×3 on three hexes, by quick entry (the review's repro).
    let _ = app.update(Message::tool(Tool::Place { side: 1, unit: 2 }));
    let _ = app.update(Message::Palette(palette::Message::Quick(
        "0910, 1010, 1110".into(),
    )));
    let _ = app.update(Message::Palette(palette::Message::QuickPlace));
    let line = app.doc.scenario.as_ref().unwrap().sides[1]
        .setup
        .last()
        .unwrap();
    assert_eq!(line.units[0].to_string(), "3x (2-2)");
    for id in ["0910", "1010", "1110"] {
        let marks = &app.snap.units[&hex(&app, id)];
        assert_eq!(marks.len(), 1, "{id}");
        assert_eq!(
            marks[0].spread,
            muster_rules::placement::Spread::Certain,
            "{id} is certainly held"
        );
    }
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "1010");
    assert!(
        shows(&app, "Yorkists: (2-2) 2-2"),
        "labelled without a choice"
    );
    assert!(!shows(&app, "Yorkists: (2-2) 2-2 (owner's choice)"));
}

/// Finding 6: an owner's choice among listed hexes and a zone expression are told apart,
/// on the map and in the inspector, as the arrangement reads them.
#[test]
fn choice_and_zone_lines_are_told_apart() {
    let path = scratch_pack(
        "choice-zone",
        &[
            "scenarios/a-la-charge/st-albans-1.scenario.ron",
            "maps/saint-albans.map.ron",
        ],
    );
    // The Yorkists get two lines: one (3-2) on one of two listed hexes (a choice), and
    // two (1-2) anywhere in column 02xx (a zone).
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text.replacen(
        "            reinforcements: [",
        "            setup: [\n                (units: [\"(3-2)\"], at: Hexes([\"0110\", \"0111\"])),\n                (units: [\"2x (1-2)\"], at: Row(\"02xx\")),\n            ],\n            reinforcements: [",
        1,
    );
    std::fs::write(&path, text).unwrap();
    let mut app = App::new(Some(path)).0;
    let yorkists = &app.doc.scenario.as_ref().unwrap().sides[1];
    assert_eq!(yorkists.setup.len(), 2, "{}", app.status);
    let spread_of = |app: &App, id: &str, name: &str| {
        app.snap.units[&hex(app, id)]
            .iter()
            .find(|m| m.text == name)
            .map(|m| m.spread)
    };
    use muster_rules::placement::Spread;
    assert_eq!(spread_of(&app, "0110", "(3-2)"), Some(Spread::Choice));
    assert_eq!(spread_of(&app, "0111", "(3-2)"), Some(Spread::Choice));
    assert_eq!(spread_of(&app, "0205", "(1-2)"), Some(Spread::Zone));
    // The Lancastrian line of eleven counters over eleven hexes is certain.
    assert_eq!(spread_of(&app, "1304", "Archers"), Some(Spread::Certain));
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "0110");
    assert!(shows(&app, "Yorkists: (3-2) 3-2 (owner's choice)"));
    click_hex(&mut app, "0205");
    assert!(shows(&app, "Yorkists: (1-2) 1-2 (anywhere in its zone)"));
    assert!(!shows(&app, "Yorkists: (1-2) 1-2 (owner's choice)"));
    // The legend names the three ways.
    assert!(shows(&app, "Yorkists: owner's choice"));
    assert!(shows(&app, "Yorkists: anywhere in a zone"));
}

/// Charles the Bold's Saint-Aubin, opened from a scratch copy.
fn saint_aubin(name: &str) -> App {
    let path = scratch_pack(
        name,
        &[
            "scenarios/charles-the-bold/saint-aubin.scenario.ron",
            "maps/saint-aubin.map.ron",
            "scenarios/charles-the-bold/english.armylist.ron",
            "scenarios/charles-the-bold/burgundian.armylist.ron",
        ],
    );
    App::new(Some(path)).0
}

/// Finding 20: a system whose units face no way (A la Charge: "There is no unit facing in
/// this game", the GameSystem table says so) is offered no facing, in the palette or the
/// inspector, and a facing typed before does not go into a placed line; Charles the Bold's
/// stands are.
#[test]
fn a_system_without_facing_offers_none() {
    use muster_editor::palette;
    use muster_editor::tool::Section;
    let mut app = open("no-facing");
    let _ = app.update(Message::Palette(palette::Message::Section(Section::Units)));
    assert!(shows(&app, "Yorkists"), "the Units section is open");
    assert!(!shows(&app, "Facing"), "no Facing field for A la Charge");
    let _ = app.update(Message::Palette(palette::Message::Facing("ne".into())));
    place(&mut app, 1, 1, "1010");
    let line = app.doc.scenario.as_ref().unwrap().sides[1]
        .setup
        .last()
        .unwrap();
    assert_eq!(line.facing, None, "no facing written for A la Charge");
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "1010");
    assert!(shows(&app, "Yorkists: set-up line 1"));
    assert!(!shows(&app, "facing"), "no facing field in the inspector");

    let mut app = saint_aubin("facing");
    let _ = app.update(Message::Palette(palette::Message::Section(Section::Units)));
    assert!(
        shows(&app, "Facing"),
        "Charles the Bold's stands face a corner"
    );
    let _ = app.update(Message::tool(Tool::Select));
    let held = app
        .snap
        .units
        .keys()
        .copied()
        .min_by_key(|h| (h.x, h.y))
        .unwrap();
    let id = app.snap.grid.to_printed(held);
    click_hex(&mut app, &id);
    assert!(shows(&app, "facing"), "the inspector offers the facing");
}

/// A drag of the left button over hexes, as the canvas sends it.
fn stroke(app: &mut App, ids: &[&str]) {
    let first = hex(app, ids[0]);
    let side = muster_hex::Hexside::new(
        first,
        muster_hex::Direction::new(1),
        app.snap.grid.orientation(),
    );
    let _ = app.update(Message::Canvas(CanvasMessage::Press(first, side)));
    for id in &ids[1..] {
        let h = hex(app, id);
        let _ = app.update(Message::Canvas(CanvasMessage::Drag(h)));
    }
    let _ = app.update(Message::Canvas(CanvasMessage::Release));
}

/// Finding 17: an undo step is named for exactly what it changed: a brush stroke counts
/// each hex it changed once (not a hex painted twice, nor one already of the terrain);
/// elevation, roads and a drag of counters say what they did.
#[test]
fn undo_labels_say_exactly_what_changed() {
    let mut app = open("labels");
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    // Back and forth over three hexes: three hexes change.
    stroke(&mut app, &["0810", "0811", "0812", "0811", "0810", "0811"]);
    assert_eq!(app.history.undo_label(), Some("paint woods on 3 hexes"));
    // Over the same hexes again and one more: one hex changes.
    stroke(&mut app, &["0810", "0811", "0812", "0811", "0810", "0809"]);
    assert_eq!(app.history.undo_label(), Some("paint woods on 0809"));
    let _ = app.update(Message::tool(Tool::Elevation));
    let _ = app.update(Message::Palette(
        muster_editor::palette::Message::Elevation("2".into()),
    ));
    click_hex(&mut app, "0808");
    assert_eq!(app.history.undo_label(), Some("set elevation of 0808 to 2"));
    let _ = app.update(Message::tool(Tool::Road));
    click_hex(&mut app, "1710");
    assert_eq!(app.history.undo_label(), Some("start a road at 1710"));
    click_hex(&mut app, "1711");
    assert_eq!(app.history.undo_label(), Some("extend the road to 1711"));
    place(&mut app, 1, 1, "1210");
    let _ = app.update(Message::tool(Tool::Select));
    stroke(&mut app, &["1210", "1211"]);
    assert_eq!(
        app.history.undo_label(),
        Some("move the counters of 1210 to 1211")
    );
    // The Edit menu names the step as the history does.
    let _ = app.update(Message::Undo);
    assert_eq!(app.status, "undone: move the counters of 1210 to 1211");
}

/// Finding 18: after a brush stroke the hover outline and read-out are on the hex under
/// the pointer (the stroke's last), not on the hex where the stroke began.
#[test]
fn the_hover_read_out_follows_a_stroke() {
    let mut app = open("hover");
    let start = app.camera.to_screen(&app.snap, hex(&app, "0810"));
    let _ = app.update(Message::Canvas(CanvasMessage::Pointer(Some(start))));
    assert_eq!(app.hover, Some(hex(&app, "0810")));
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    stroke(&mut app, &["0810", "0811", "0812"]);
    assert_eq!(
        app.hover,
        Some(hex(&app, "0812")),
        "the outline and the read-out (drawn from it) are on the hex under the pointer"
    );
}

/// Finding 19: elevation is drawn (its own layer, which the Layers list offers) and the
/// legend names each level with what it looks like and how many hexes have it.
#[test]
fn elevation_is_a_layer_with_a_legend() {
    use muster_editor::layers::Layer;
    let mut app = open("elevation");
    assert!(!shows(&app, "Elevation 2: 2 rings (1)"));
    let _ = app.update(Message::tool(Tool::Elevation));
    let _ = app.update(Message::Palette(
        muster_editor::palette::Message::Elevation("2".into()),
    ));
    click_hex(&mut app, "0808");
    assert_eq!(app.snap.elevation.get(&hex(&app, "0808")), Some(&2));
    assert!(
        shows(&app, "Elevation 2: 2 rings (1)"),
        "the legend names it"
    );
    assert!(Layer::ALL.contains(&Layer::Elevation));
    assert!(app.palette.show.shows(Layer::Elevation), "drawn by default");
    let _ = app.update(Message::Palette(
        muster_editor::palette::Message::ToggleLayer(Layer::Elevation),
    ));
    assert!(
        !app.palette.show.shows(Layer::Elevation),
        "and can be hidden"
    );
}

/// The bounds of the open dropdown and of a text in it.
fn in_dropdown(app: &App, wanted: &str) -> (iced::Rectangle, Option<iced::Rectangle>) {
    let mut ui = iced_test::simulator(panels::view(app));
    let dropdown = ui
        .find(iced::widget::Id::new("menu-dropdown"))
        .expect("a menu is open");
    let area = iced_test::selector::Bounded::bounds(&dropdown);
    let text = ui
        .find(wanted)
        .ok()
        .map(|t| iced_test::selector::Bounded::bounds(&t));
    (area, text)
}

/// The width a line of text takes on its own.
fn natural_width(s: &str, size: f32) -> f32 {
    let alone: iced::Element<'_, ()> = iced::widget::text(s.to_string()).size(size).into();
    let mut ui = iced_test::simulator(alone);
    iced_test::selector::Bounded::bounds(&ui.find(s).unwrap()).width
}

/// Finding 16: however long the step an Undo or Redo entry names, its line stays one line
/// and its shortcut stays inside the menu's box: the box grows with its longest line, and
/// past a limit the label is cut short with an ellipsis.
#[test]
fn menu_shortcuts_stay_inside_the_box() {
    let mut app = open("menu-width");
    let _ = app.update(Message::tool(Tool::Terrain("village".into())));
    stroke(&mut app, &["0110", "0910"]);
    let label = app.history.undo_label().unwrap().to_string();
    assert!(label.starts_with("paint village on "), "{label}");
    let _ = app.update(Message::Undo);
    let _ = app.update(Message::Menu(Some(muster_editor::menu::Title::Edit)));
    let (area, shortcut) = in_dropdown(&app, "Ctrl+Shift+Z");
    let shortcut = shortcut.expect("Redo's shortcut is shown");
    assert!(
        area.contains(shortcut.position())
            && area.contains(iced::Point::new(
                shortcut.x + shortcut.width,
                shortcut.y + shortcut.height
            )),
        "{shortcut:?} runs out of the menu {area:?}"
    );
    let (_, redo) = in_dropdown(&app, &format!("Redo {label}"));
    let redo = redo.expect("the whole label, on one line");
    assert!(redo.height < 24.0, "one line: {redo:?}");
    // Not squeezed: the shortcut has the width it has on its own (a row too narrow lays
    // it out narrower, and its letters run out of its bounds and the box).
    let natural = natural_width("Ctrl+Shift+Z", 12.0);
    assert!(
        shortcut.width >= natural - 0.5,
        "the shortcut is squeezed to {shortcut:?}, it needs {natural}"
    );
    assert!(
        redo.x + redo.width <= shortcut.x,
        "the label {redo:?} stops short of the shortcut {shortcut:?}"
    );
    // A label longer than any box: cut short, the shortcut still inside.
    let _ = app.update(Message::Menu(None));
    let _ = app.update(Message::Redo);
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "0808");
    let long = "The long field beyond the abbey where the Yorkist archers stood all the morning";
    let _ = app.update(Message::Property(
        muster_editor::properties::Message::Draft(
            muster_editor::properties::Field::Label,
            long.into(),
        ),
    ));
    let _ = app.update(Message::Property(
        muster_editor::properties::Message::Commit(muster_editor::properties::Field::Label),
    ));
    assert!(app
        .history
        .undo_label()
        .unwrap()
        .contains("all the morning"));
    let _ = app.update(Message::Menu(Some(muster_editor::menu::Title::Edit)));
    let (area, undo) = in_dropdown(&app, "Ctrl+Z");
    let undo = undo.expect("Undo's shortcut is shown");
    assert!(
        area.contains(iced::Point::new(undo.x + undo.width, undo.y + undo.height)),
        "{undo:?} runs out of the menu {area:?}"
    );
    assert!(area.width <= 480.0, "{area:?}");
}

/// The canvas of an app, as the window draws it.
fn canvas_of(app: &App) -> muster_editor::canvas::MapCanvas<'_> {
    muster_editor::canvas::MapCanvas {
        snap: &app.snap,
        camera: app.camera,
        caches: &app.caches,
        errors: &app.error_hexes,
        highlight: &app.highlight,
        selected: app.selected,
        ghost: None,
        hover: app.hover,
        shot: None,
        show: app.palette.show,
        viewport: app.viewport,
    }
}

/// Finding 15: zoomed in on the Roche-Noire assault (screens with archers behind them,
/// stacks, place names), no text the canvas draws lies over another: a screen's name no
/// longer sits on its archer's name and ratings, a stack's "+2" is clear of its counter.
#[test]
fn no_text_on_the_canvas_lies_over_another() {
    let path = scratch_pack(
        "overlap",
        &[
            "scenarios/siege/assault-on-roche-noire.scenario.ron",
            "maps/roche-noire.map.ron",
        ],
    );
    let roche_noire = App::new(Some(path)).0;
    assert!(
        !roche_noire.snap.pieces.is_empty(),
        "{}",
        roche_noire.status
    );
    for (mut app, zoom) in [26.0, 40.0, 80.0].into_iter().flat_map(|z| {
        [
            (
                App::new(Some(roche_noire.doc.main_path().to_path_buf())).0,
                z,
            ),
            (open(&format!("overlap-{z}")), z),
        ]
    }) {
        app.camera.zoom = zoom;
        let canvas = canvas_of(&app);
        // A canvas large enough for the whole map.
        let bounds = iced::Rectangle::new(iced::Point::ORIGIN, iced::Size::new(1e5, 1e5));
        let texts = canvas.texts(bounds);
        assert!(texts.len() > 10, "texts drawn at zoom {zoom}");
        for (i, a) in texts.iter().enumerate() {
            for b in &texts[i + 1..] {
                let (ra, rb) = (a.bounds(), b.bounds());
                assert!(
                    ra.intersection(&rb)
                        .is_none_or(|r| r.width < 0.5 || r.height < 0.5),
                    "at zoom {zoom}: `{}` {ra:?} lies over `{}` {rb:?}",
                    a.text,
                    b.text
                );
            }
        }
    }
}

/// The window as the headless renderer draws it (at twice its size), as pixels.
fn pixels(app: &App, size: iced::Size, name: &str) -> image::RgbaImage {
    let mut ui = iced_test::Simulator::with_size(Default::default(), size, panels::view(app));
    let dir = std::env::temp_dir().join(format!("muster-truth-shot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    ui.snapshot(&iced::Theme::Light)
        .unwrap()
        .matches_image(dir.join("shot.png"))
        .unwrap();
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    image::open(file).unwrap().to_rgba8()
}

/// Finding 14: a place name on the canvas is cut at the canvas's edge: with "Bernards
/// Heath" just above the canvas's top, the menu bar over it looks the same with place
/// names shown and hidden.
#[test]
fn canvas_text_stays_inside_the_canvas() {
    use muster_editor::layers::Layer;
    let window = iced::Size::new(1024.0, 768.0);
    let mut app = open("clip");
    show_in_window(&mut app, window);
    app.camera.zoom = 40.0;
    // The label's baseline (0.84 of a hex radius under its centre) 3 pixels above the
    // canvas: its letters would be drawn over the menu bar.
    let p = app.camera.to_screen(&app.snap, hex(&app, "0505"));
    app.camera.offset.y += -3.0 - (p.y + 0.84 * 40.0);
    app.caches.clear_all();
    let with = pixels(&app, window, "with");
    let _ = app.update(Message::Palette(
        muster_editor::palette::Message::ToggleLayer(Layer::Labels),
    ));
    let without = pixels(&app, window, "without");
    let bar = (muster_editor::menu::BAR_HEIGHT * 2.0) as u32;
    let differ = (0..bar)
        .flat_map(|y| (0..with.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| with.get_pixel(x, y) != without.get_pixel(x, y))
        .count();
    assert_eq!(
        differ, 0,
        "{differ} pixels of the menu bar changed with the place names"
    );
}

/// The hexes a piece covers, as the canvas draws them.
fn piece_hexes(app: &App, id: &str) -> Vec<String> {
    let p = app.snap.pieces.iter().find(|p| p.id == id).unwrap();
    p.hexes
        .iter()
        .map(|h| app.snap.grid.to_printed(*h))
        .collect()
}

/// Finding 8: a siege piece is moved by dragging its placed hex and turned by dragging
/// another of its hexes, with the select tool; each drag is one undo step named for it.
#[test]
fn siege_pieces_are_moved_and_turned_by_drag() {
    let path = scratch_pack(
        "drag-piece",
        &[
            "scenarios/siege/assault-on-roche-noire.scenario.ron",
            "maps/roche-noire.map.ron",
        ],
    );
    let mut app = App::new(Some(path)).0;
    let before = piece_hexes(&app, "west-tower");
    assert_eq!(before[0], "1021");
    let _ = app.update(Message::tool(Tool::Select));
    let steps = app.history.undo_label().map(str::to_owned);
    stroke(&mut app, &["1021", "1019"]);
    assert_eq!(piece_hexes(&app, "west-tower")[0], "1019", "moved");
    assert_eq!(
        app.history.undo_label(),
        Some("move west-tower from 1021 to 1019 with the 2 set-up lines on it")
    );
    // Its crew (the men-at-arms pushing it, the crossbowmen on top) went with it, each to
    // the hex of the tower it stood on.
    let crew = |app: &App| -> Vec<Vec<String>> {
        app.doc.scenario.as_ref().unwrap().sides[0]
            .setup
            .iter()
            .filter(|l| {
                l.source
                    .as_deref()
                    .is_some_and(|s| s.contains("west tower"))
            })
            .map(|l| match &l.at {
                muster_model::Zone::Hexes(v) => v.iter().map(|h| h.0.clone()).collect(),
                other => panic!("{other:?}"),
            })
            .collect()
    };
    let tower = piece_hexes(&app, "west-tower");
    assert_eq!(crew(&app).len(), 2);
    for line in crew(&app) {
        let mut line = line.clone();
        let mut on = tower.clone();
        line.sort();
        on.sort();
        assert_eq!(line, on, "the crew stands on the tower's hexes");
    }
    // Turned: its far end dragged round to the hex beside it.
    let moved = piece_hexes(&app, "west-tower");
    let end = moved[1].clone();
    let centre = hex(&app, "1019");
    let target = app
        .snap
        .grid
        .neighbors_on_map(centre)
        .find(|h| !moved.contains(&app.snap.grid.to_printed(*h)))
        .unwrap();
    let target = app.snap.grid.to_printed(target);
    stroke(&mut app, &[&end, &target]);
    let turned = piece_hexes(&app, "west-tower");
    assert_eq!(turned[0], "1019", "turned about its placed hex");
    assert_eq!(turned[1], target, "its end where it was dragged");
    assert!(
        app.history
            .undo_label()
            .is_some_and(|l| l.starts_with("turn west-tower to face ")),
        "{:?}",
        app.history.undo_label()
    );
    // One undo step each.
    let _ = app.update(Message::Undo);
    assert_eq!(piece_hexes(&app, "west-tower"), moved);
    let _ = app.update(Message::Undo);
    assert_eq!(piece_hexes(&app, "west-tower"), before);
    assert_eq!(app.history.undo_label().map(str::to_owned), steps);
}

/// Finding 18: when the pointer leaves the window, no hex stays outlined as hovered.
#[test]
fn no_hover_outline_once_the_pointer_leaves_the_window() {
    let mut app = open("left");
    let p = app.camera.to_screen(&app.snap, hex(&app, "0810"));
    let _ = app.update(Message::Canvas(CanvasMessage::Pointer(Some(p))));
    assert_eq!(app.hover, Some(hex(&app, "0810")));
    let mut ui = iced_test::simulator(panels::view(&app));
    let _ = ui.simulate([iced::Event::Mouse(iced::mouse::Event::CursorLeft)]);
    for m in ui.into_messages().collect::<Vec<_>>() {
        let _ = app.update(m);
    }
    assert_eq!(app.hover, None);
}

/// A key press as the window delivers it.
fn key(app: &mut App, k: iced::keyboard::Key, m: iced::keyboard::Modifiers) {
    let _ = app.update(Message::Key(iced::keyboard::Event::KeyPressed {
        key: k.clone(),
        modified_key: k,
        physical_key: iced::keyboard::key::Physical::Unidentified(
            iced::keyboard::key::NativeCode::Unidentified,
        ),
        location: iced::keyboard::Location::Standard,
        modifiers: m,
        text: None,
        repeat: false,
    }));
}

/// Finding 10: the menus work from the keyboard: Alt and a title's letter (or F10) opens
/// one, the arrows go through its entries (not the map behind) and along the bar, Enter
/// chooses the entry lit.
#[test]
fn menus_work_from_the_keyboard() {
    use iced::keyboard::key::Named;
    use iced::keyboard::{Key, Modifiers};
    use muster_editor::menu::{self, Entry, Title};
    let mut app = open("menu-keys");
    let camera = app.camera;
    key(&mut app, Key::Character("v".into()), Modifiers::ALT);
    assert_eq!(app.menu, Some(Title::View), "Alt+V opens View");
    assert_eq!(
        app.camera, camera,
        "and does not fit the map (F's shortcut)"
    );
    let entries = menu::entries(&app, Title::View);
    let label = |i: Option<usize>| match i.and_then(|i| entries.get(i)) {
        Some(Entry::Item { label, .. }) => label.clone(),
        _ => String::new(),
    };
    let first = app.menu_cursor;
    assert!(!label(first).is_empty(), "an entry is lit");
    key(&mut app, Key::Named(Named::ArrowDown), Modifiers::default());
    assert_eq!(app.camera, camera, "Down does not scroll the map behind");
    assert_ne!(app.menu_cursor, first);
    key(&mut app, Key::Named(Named::ArrowUp), Modifiers::default());
    assert_eq!(app.menu_cursor, first);
    // Down to "Zoom in", then Enter.
    while label(app.menu_cursor) != "Zoom in" {
        key(&mut app, Key::Named(Named::ArrowDown), Modifiers::default());
    }
    key(&mut app, Key::Named(Named::Enter), Modifiers::default());
    assert_eq!(app.menu, None, "chosen: the menu closes");
    assert!(
        (app.camera.zoom - camera.zoom * 1.2).abs() < 1e-3,
        "and zooms in"
    );
    // F10 opens File; the arrows go along the bar.
    key(&mut app, Key::Named(Named::F10), Modifiers::default());
    assert_eq!(app.menu, Some(Title::File));
    key(
        &mut app,
        Key::Named(Named::ArrowRight),
        Modifiers::default(),
    );
    assert_eq!(app.menu, Some(Title::Edit));
    key(&mut app, Key::Named(Named::ArrowLeft), Modifiers::default());
    key(&mut app, Key::Named(Named::ArrowLeft), Modifiers::default());
    assert_eq!(app.menu, Some(Title::Help), "round the bar");
    key(&mut app, Key::Named(Named::Escape), Modifiers::default());
    assert_eq!(app.menu, None);
}

/// Finding 13.3 and 13.4: each change of the window's layout (a banner closing, the Help
/// bar, a palette section) is followed by one whole repaint: the window's background moves
/// by a step no one sees, which the renderer takes as "repaint everything". Without a
/// change of layout it stays put (no needless repaints).
#[test]
fn a_change_of_layout_repaints_the_whole_window() {
    use muster_editor::palette;
    use muster_editor::tool::Section;
    let theme = iced::Theme::Light;
    let mut app = open("repaint");
    let first = app.window_style(&theme).background_color;
    assert_eq!(
        app.window_style(&theme).background_color,
        first,
        "no change, no repaint"
    );
    let _ = app.update(Message::Help(true));
    let help = app.window_style(&theme).background_color;
    assert_ne!(help, first, "the Help bar opened: a whole repaint");
    assert_eq!(app.window_style(&theme).background_color, help);
    let _ = app.update(Message::Palette(palette::Message::Section(Section::Units)));
    let units = app.window_style(&theme).background_color;
    assert_ne!(units, help, "a palette section opened: a whole repaint");
    let step = (units.r - help.r).abs().max((units.r - first.r).abs());
    assert!(step <= 1.5 / 255.0, "a step no one sees: {step}");
}

/// Finding 8: a click of the siege-tower tool on any hex of a tower turns that tower, not
/// only a click on the hex it is placed on (a click on its end placed a second tower).
#[test]
fn the_piece_tool_turns_a_piece_clicked_anywhere_on_it() {
    let path = scratch_pack(
        "turn-piece",
        &[
            "scenarios/siege/assault-on-roche-noire.scenario.ron",
            "maps/roche-noire.map.ron",
        ],
    );
    let mut app = App::new(Some(path)).0;
    let towers = |app: &App| {
        app.doc
            .scenario
            .as_ref()
            .unwrap()
            .pieces
            .iter()
            .filter(|p| p.kind == "siege-tower")
            .count()
    };
    let before = towers(&app);
    let hexes = piece_hexes(&app, "west-tower");
    let _ = app.update(Message::tool(Tool::Piece {
        side: 0,
        kind: "siege-tower".into(),
    }));
    click_hex(&mut app, &hexes[1]);
    assert_eq!(towers(&app), before, "no second tower");
    let turned = piece_hexes(&app, "west-tower");
    assert_eq!(turned[0], hexes[0], "turned about its placed hex");
    assert_ne!(turned, hexes, "turned");
}

/// Finding 21: the transcription view gives each line in the words of a printed set-up
/// beside its print, not as RON: "St Peter's church", "the east edge from 1401 to 0401".
#[test]
fn the_transcription_view_reads_like_the_print() {
    let mut app = open("words");
    let _ = app.update(Message::Transcript(true));
    assert!(
        shows(&app, "King Henry — St Peter's church"),
        "a named zone by its name"
    );
    assert!(
        shows(
            &app,
            "10x Archers, 2x (3-2), 3x (2-2), 2x (1-2) — the east edge from 1401 to 0401 (enters on turn 1)"
        ),
        "an edge in words"
    );
    assert!(shows(
        &app,
        "source: §13.1 Set-up: enter east edge between 1401 and 0401"
    ));
    assert!(shows(
        &app,
        "file: Edge(side: East, from: \"1401\", to: \"0401\")"
    ));
    assert!(!shows(&app, "King Henry — Named(\"St Peter's church\")"));
    // And it can be read: its letters are dark on the line's grey (in the secondary text
    // colour they were the button's own grey, and could not be seen).
    let window = iced::Size::new(1024.0, 768.0);
    let file_line = "file: Named(\"St Peter's church\")";
    let mut ui = iced_test::Simulator::with_size(Default::default(), window, panels::view(&app));
    let at = iced_test::selector::Bounded::bounds(&ui.find(file_line).unwrap());
    drop(ui);
    let shot = pixels(&app, window, "file-line");
    let darkest = (at.y as u32 * 2..(at.y + at.height) as u32 * 2)
        .flat_map(|y| (at.x as u32 * 2..(at.x + at.width) as u32 * 2).map(move |x| (x, y)))
        .map(|(x, y)| {
            let p = shot.get_pixel(x, y);
            (u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])) / 3
        })
        .min()
        .unwrap();
    assert!(
        darkest < 90,
        "the file line is drawn faint: darkest {darkest}"
    );
}

/// Types into an inspector field and presses Enter.
fn commit(app: &mut App, field: muster_editor::properties::Field, typed: &str) {
    use muster_editor::properties::Message as P;
    let _ = app.update(Message::Property(P::Draft(field, typed.into())));
    let _ = app.update(Message::Property(P::Commit(field)));
}

/// Finding 8: the inspector offers a selected piece's hex and facing; each commit is one
/// undo step that carries the counters on the piece, and a value that does not read is
/// refused.
#[test]
fn the_inspector_moves_and_turns_a_piece() {
    use muster_editor::properties::Field;
    let path = scratch_pack(
        "piece-fields",
        &[
            "scenarios/siege/assault-on-roche-noire.scenario.ron",
            "maps/roche-noire.map.ron",
        ],
    );
    let mut app = App::new(Some(path)).0;
    let index = app
        .doc
        .scenario
        .as_ref()
        .unwrap()
        .pieces
        .iter()
        .position(|p| p.id == "west-tower")
        .unwrap();
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "1021");
    assert!(shows(&app, "piece west-tower (siege tower)"));
    assert!(shows(&app, "placed on"));
    commit(&mut app, Field::PieceAt(index), "1019");
    assert_eq!(piece_hexes(&app, "west-tower")[0], "1019");
    assert_eq!(
        app.history.undo_label(),
        Some("move west-tower to 1019 with the 2 set-up lines on it")
    );
    commit(&mut app, Field::PieceAt(index), "9999");
    assert!(
        app.status.contains("not a hex of the map"),
        "{}",
        app.status
    );
    assert_eq!(piece_hexes(&app, "west-tower")[0], "1019", "refused");
    commit(&mut app, Field::PieceFacing(index), "up");
    assert!(app.status.contains("is not a facing"), "{}", app.status);
    commit(&mut app, Field::PieceFacing(index), "ne");
    assert!(
        app.history
            .undo_label()
            .is_some_and(|l| l.starts_with("turn west-tower to face NE")),
        "{:?}",
        app.history.undo_label()
    );
    let _ = app.update(Message::Undo);
    let _ = app.update(Message::Undo);
    assert_eq!(piece_hexes(&app, "west-tower")[0], "1021");
}
