//! Tracing a scanned map in the editor (issue 32): a picture of the map (drawn by the shared
//! renderer, as a scan would be) loaded under the grid, calibrated by clicking three hex
//! centres on it, terrain proposed from it by muster-trace, and the proposals accepted hex
//! by hex (one undo step each), refused, or accepted all at once (one undo step), driven
//! through iced_test's simulator.

use muster_editor::canvas::CanvasMessage;
use muster_editor::tool::Tool;
use muster_editor::trace_layer::{self, Message as T};
use muster_editor::{panels, App, Message};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

mod common;
use common::{click_widget, deliver, scratch_pack, shows, terrain, ST_ALBANS_MAP};

/// A scratch pack holding a copy of the St Albans map; the map's path.
fn scratch(name: &str) -> PathBuf {
    scratch_pack(name, &[ST_ALBANS_MAP])
}

/// Clicks the map area at a point of the canvas (the picture layer lies over it).
fn click_map(app: &mut App, at: iced::Point) {
    let mut ui = iced_test::simulator(panels::view(app));
    let area = ui
        .find(iced::widget::Id::new(trace_layer::LAYER_ID))
        .expect("a picture lies on the map");
    let origin = iced_test::selector::Bounded::bounds(&area).position();
    ui.point_at(iced::Point::new(origin.x + at.x, origin.y + at.y));
    let _ = ui.simulate(iced_test::simulator::click());
    let messages = ui.into_messages().collect();
    deliver(app, messages);
}

/// The canvas tells its size, as it does before it is first drawn: the map is fitted to it.
fn settle(app: &mut App) {
    let mut ui = iced_test::simulator(panels::view(app));
    let area = ui
        .find(iced::widget::Id::new(trace_layer::LAYER_ID))
        .expect("a picture lies on the map");
    let size = iced_test::selector::Bounded::bounds(&area).size();
    drop(ui);
    let _ = app.update(Message::Canvas(CanvasMessage::Resized(size)));
}

/// The map as the shared renderer draws it, written as a PNG, and where each hex's centre
/// is in it.
fn picture(app: &App, path: &Path) -> HashMap<String, (f64, f64)> {
    let ruleset = muster_rules::ruleset(&app.doc.map.ruleset).unwrap();
    let scene = muster_render::Scene::of_map(&app.doc.map, ruleset);
    let opts = muster_render::RenderOptions::default();
    let img = muster_render::render(&scene, &opts).unwrap();
    img.save(path).unwrap();
    let place = muster_render::placement(&scene, &opts).unwrap();
    let grid = &app.snap.grid;
    grid.hexes()
        .map(|h| {
            let (x, y) = place.centre(grid, h);
            (grid.to_printed(h), (f64::from(x), f64::from(y)))
        })
        .collect()
}

fn paint(app: &mut App, id: &str, terrain: &str) {
    let _ = app.update(Message::tool(Tool::Terrain(terrain.into())));
    let h = app.snap.grid.from_printed(id).unwrap();
    let side = muster_hex::Hexside::new(
        h,
        muster_hex::Direction::new(1),
        app.snap.grid.orientation(),
    );
    let _ = app.update(Message::Canvas(CanvasMessage::Press(h, side)));
    let _ = app.update(Message::Canvas(CanvasMessage::Release));
}

#[test]
fn a_picture_is_calibrated_by_clicks_and_its_terrain_accepted_hex_by_hex() {
    let (mut app, _) = App::new(Some(scratch("calibrate")));
    let png = std::env::temp_dir().join(format!("muster-trace-{}.png", std::process::id()));
    let centres = picture(&app, &png);

    // The picture is of the map as it was; three hexes of it are painted otherwise since.
    let changed = ["1611", "1711", "1812"];
    for id in changed {
        assert_eq!(terrain(&app, id), "clear");
        paint(&mut app, id, "woods");
    }
    let painted = app.doc.map.clone();

    let _ = app.update(Message::Trace(T::Open(true)));
    let _ = app.update(Message::Trace(T::Path(png.display().to_string())));
    click_widget(&mut app, "Load picture");
    let size = app
        .trace
        .picture
        .as_ref()
        .expect("loaded")
        .pixels
        .dimensions();
    assert!(shows(
        &app,
        &format!(
            "muster-trace-{}.png — {}×{} px",
            std::process::id(),
            size.0,
            size.1
        )
    ));
    settle(&mut app);
    click_widget(&mut app, "Calibrate");
    assert!(app.trace.calibrating);

    // Three hex centres clicked on the picture, each named.
    for id in ["0101", "1801", "0112"] {
        let at = app
            .trace
            .to_canvas(&app.snap, app.camera, centres[id])
            .unwrap();
        click_map(&mut app, at);
        let (x, y) = app
            .trace
            .point
            .expect("the click gave a point of the picture");
        let (tx, ty) = centres[id];
        assert!(
            (x - tx).abs() < 1.5 && (y - ty).abs() < 1.5,
            "{id}: {x},{y} vs {tx},{ty}"
        );
        let _ = app.update(Message::Trace(T::HexInput(id.into())));
        click_widget(&mut app, "Add point");
    }
    let fit = app.trace.fit.clone().expect("fitted");
    assert_eq!(fit.points, 3);
    assert!(fit.residual_px < 1.5, "residual {}", fit.residual_px);
    // The calibration clicks painted nothing.
    assert_eq!(app.doc.map, painted);

    click_widget(&mut app, "Use the map's terrain as samples");
    click_widget(&mut app, "Propose terrain");
    let rows: Vec<(String, String)> = app
        .trace
        .rows
        .iter()
        .map(|r| (r.hex.clone(), r.terrain.clone()))
        .collect();
    for id in changed {
        assert!(
            rows.contains(&(id.to_string(), "clear".to_string())),
            "{rows:?}"
        );
    }
    assert_eq!(rows.len(), 3, "{rows:?}");
    let first = app.trace.rows[0].clone();
    let check = if first.confidence < trace_layer::THRESHOLD {
        " — check"
    } else {
        ""
    };
    let line = format!(
        "{} woods → clear ({:.2}{check})",
        first.hex, first.confidence
    );
    assert!(shows(&app, &line), "{line}");

    // Accept one: one undo step.
    let accepted = app.trace.rows[0].hex.clone();
    click_widget(&mut app, "Accept");
    assert_eq!(terrain(&app, &accepted), "clear");
    assert_eq!(
        app.history.undo_label().unwrap(),
        format!("accept clear on {accepted} from the picture")
    );
    // Refuse the next: nothing changes.
    let refused = app.trace.rows[0].hex.clone();
    let map = app.doc.map.clone();
    click_widget(&mut app, "Refuse");
    assert_eq!(app.doc.map, map);
    assert_eq!(terrain(&app, &refused), "woods");
    // Accept all (the one left): one step.
    let last = app.trace.rows[0].hex.clone();
    click_widget(&mut app, "Accept all");
    assert!(app.trace.rows.is_empty());
    assert_eq!(terrain(&app, &last), "clear");
    let _ = app.update(Message::Undo);
    assert_eq!(terrain(&app, &last), "woods");
    assert_eq!(terrain(&app, &accepted), "clear");
    let _ = app.update(Message::Undo);
    assert_eq!(app.doc.map, painted);
}

#[test]
fn the_picture_is_shown_hidden_and_its_opacity_set() {
    let (mut app, _) = App::new(Some(scratch("show")));
    let png = std::env::temp_dir().join(format!("muster-trace-show-{}.png", std::process::id()));
    picture(&app, &png);
    let _ = app.update(Message::Trace(T::Open(true)));
    // A file that is no picture is refused with the library's reason, and nothing is laid
    // on the map.
    let _ = app.update(Message::Trace(T::Path(
        app.doc.main_path().display().to_string(),
    )));
    click_widget(&mut app, "Load picture");
    assert!(app.trace.picture.is_none());
    assert!(
        app.trace.note.starts_with("cannot read the picture"),
        "{}",
        app.trace.note
    );

    let _ = app.update(Message::Trace(T::Path(png.display().to_string())));
    click_widget(&mut app, "Load picture");
    assert!(app.trace.shown);
    click_widget(&mut app, "Show picture");
    assert!(!app.trace.shown);
    let _ = app.update(Message::Trace(T::Opacity(0.35)));
    assert!(shows(&app, "opacity 35 %"));
    // Before calibration, a click on the map is the map's own (the picture takes no click).
    let before = app.trace.point;
    let _ = app.update(Message::Trace(T::Point(10.0, 10.0)));
    assert_eq!(app.trace.point, before);
}

#[test]
fn canvas_points_and_picture_pixels_are_inverse() {
    let (mut app, _) = App::new(Some(scratch("inverse")));
    let png = std::env::temp_dir().join(format!("muster-trace-inv-{}.png", std::process::id()));
    picture(&app, &png);
    let _ = app.update(Message::Trace(T::Path(png.display().to_string())));
    let _ = app.update(Message::Trace(T::Load));
    let p = iced::Point::new(123.0, 77.0);
    let px = app.trace.to_picture(&app.snap, app.camera, p).unwrap();
    let back = app.trace.to_canvas(&app.snap, app.camera, px).unwrap();
    assert!((back.x - p.x).abs() < 0.01 && (back.y - p.y).abs() < 0.01);
}

#[test]
fn another_document_forgets_the_calibration_and_the_proposals() {
    let path = scratch("forget");
    let (mut app, _) = App::new(Some(path.clone()));
    let png = std::env::temp_dir().join(format!("muster-trace-forget-{}.png", std::process::id()));
    let centres = picture(&app, &png);
    let _ = app.update(Message::Trace(T::Path(png.display().to_string())));
    let _ = app.update(Message::Trace(T::Load));
    let _ = app.update(Message::Trace(T::Calibrate(true)));
    for id in ["0101", "1801"] {
        let (x, y) = centres[id];
        let _ = app.update(Message::Trace(T::Point(x, y)));
        let _ = app.update(Message::Trace(T::HexInput(id.into())));
        let _ = app.update(Message::Trace(T::AddPoint));
    }
    let _ = app.update(Message::Trace(T::MapSamples));
    assert!(app.trace.fit.is_some());
    assert!(!app.trace.samples.is_empty());

    // The same file opened again: a new document, whose grid the old fit may not match.
    let _ = app.update(Message::PathInput(path.display().to_string()));
    let _ = app.update(Message::Open);
    assert!(app.trace.fit.is_none());
    assert!(app.trace.anchors.is_empty());
    assert!(app.trace.samples.is_empty());
    assert!(!app.trace.calibrating);
    assert!(app.trace.picture.is_some(), "the picture stays loaded");
}

#[test]
fn sample_hexes_named_one_by_one_drive_the_proposals() {
    let (mut app, _) = App::new(Some(scratch("samples")));
    let png = std::env::temp_dir().join(format!("muster-trace-samples-{}.png", std::process::id()));
    let centres = picture(&app, &png);
    let truth = app.snap.terrain.clone();
    let _ = app.update(Message::Trace(T::Open(true)));
    let _ = app.update(Message::Trace(T::Path(png.display().to_string())));
    let _ = app.update(Message::Trace(T::Load));
    let _ = app.update(Message::Trace(T::Calibrate(true)));
    for id in ["0101", "1801", "0112"] {
        let (x, y) = centres[id];
        let _ = app.update(Message::Trace(T::Point(x, y)));
        let _ = app.update(Message::Trace(T::HexInput(id.into())));
        let _ = app.update(Message::Trace(T::AddPoint));
    }
    // Propose needs samples: its button stays greyed until one is named.
    click_widget(&mut app, "Propose terrain");
    assert!(app.trace.rows.is_empty() && app.trace.agreeing == 0);

    // A hex that is not on the map is refused, with the reason.
    let _ = app.update(Message::Trace(T::SampleHex("9999".into())));
    let _ = app.update(Message::Trace(T::SampleTerrain("clear".into())));
    click_widget(&mut app, "Add sample");
    assert!(app.trace.samples.is_empty());
    assert!(app.trace.note.contains("9999"), "{}", app.trace.note);

    // Three samples of each terrain of the map, named by hand (each the terrain it has).
    let mut by_terrain: HashMap<String, Vec<String>> = HashMap::new();
    let mut ids: Vec<(String, String)> = truth
        .iter()
        .map(|(h, t)| (app.snap.grid.to_printed(*h), t.clone()))
        .collect();
    ids.sort();
    for (id, t) in ids {
        let v = by_terrain.entry(t).or_default();
        if v.len() < 3 {
            v.push(id);
        }
    }
    for (t, hexes) in &by_terrain {
        for id in hexes {
            let _ = app.update(Message::Trace(T::SampleHex(id.clone())));
            let _ = app.update(Message::Trace(T::SampleTerrain(t.clone())));
            click_widget(&mut app, "Add sample");
        }
    }
    assert_eq!(
        app.trace.samples.len(),
        by_terrain.values().map(Vec::len).sum::<usize>()
    );
    click_widget(&mut app, "Propose terrain");
    // The picture is the map: nothing to change, every hex proposed as it is.
    assert!(app.trace.rows.is_empty(), "{:?}", app.trace.rows);
    assert_eq!(app.trace.agreeing, truth.len());
}
