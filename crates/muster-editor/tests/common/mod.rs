//! What the editor's tests share: a scratch pack of bundled files, and a person's actions
//! on the window (click a widget by its text, click a hex, open a menu entry, read what the
//! window shows). Each test binary uses only some of these, hence `dead_code` allowed here.
#![allow(dead_code)]

use iced_test::selector::{Candidate, Target};
use muster_editor::canvas::CanvasMessage;
use muster_editor::validate::Job;
use muster_editor::{panels, App, Message};
use muster_hex::Hex;
use std::path::{Path, PathBuf};

/// 1st St Albans, and its map: the scenario most workflows open.
pub const ST_ALBANS: &str = "scenarios/a-la-charge/st-albans-1.scenario.ron";
/// The map of [`ST_ALBANS`].
pub const ST_ALBANS_MAP: &str = "maps/saint-albans.map.ron";

/// Recovery files of the tests go to a cache folder of the test process's own, not the
/// user's.
pub fn test_cache() -> PathBuf {
    static ONCE: std::sync::Once = std::sync::Once::new();
    let dir = std::env::temp_dir().join(format!("muster-editor-cache-{}", std::process::id()));
    ONCE.call_once(|| std::env::set_var("MUSTER_CACHE_DIR", &dir));
    dir
}

/// A fresh pack folder `name` (marked with `muster.pack.ron`, so that scenarios may reach
/// their maps in `../../maps`) holding copies of bundled files (paths relative to the
/// repository); returns the folder.
pub fn pack(name: &str, files: &[&str]) -> PathBuf {
    test_cache();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = std::env::temp_dir().join(format!("muster-editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in files {
        std::fs::create_dir_all(dir.join(f).parent().unwrap()).unwrap();
        std::fs::copy(root.join(f), dir.join(f)).unwrap();
    }
    std::fs::write(dir.join("muster.pack.ron"), "(name: \"scratch\")\n").unwrap();
    dir
}

/// [`pack`], returning the copy of the first file.
pub fn scratch_pack(name: &str, files: &[&str]) -> PathBuf {
    pack(name, files).join(files[0])
}

/// A scratch copy of 1st St Albans and its map; the scenario's path.
pub fn scratch(name: &str) -> PathBuf {
    scratch_pack(name, &[ST_ALBANS, ST_ALBANS_MAP])
}

/// The editor opened on a scratch copy of 1st St Albans.
pub fn open(name: &str) -> App {
    App::new(Some(scratch(name))).0
}

/// The pack folder of a scratch copy of 1st St Albans, and the editor opened on it.
pub fn st_albans(name: &str) -> (PathBuf, App) {
    let dir = pack(name, &[ST_ALBANS, ST_ALBANS_MAP]);
    let (app, _) = App::new(Some(dir.join(ST_ALBANS)));
    (dir, app)
}

/// Runs validation synchronously and delivers it, as the background task would.
pub fn validate(app: &mut App) {
    let items = Job::of(&app.doc).unwrap().run();
    let _ = app.update(Message::Validated(app.generation, items));
}

/// The hex of a printed number on the open map.
pub fn hex(app: &App, id: &str) -> Hex {
    app.snap.grid.from_printed(id).unwrap()
}

/// The terrain of a hex of the open map.
pub fn terrain(app: &App, id: &str) -> String {
    app.snap.terrain[&hex(app, id)].clone()
}

/// A press and release on a hex under the tool in force.
pub fn click_hex(app: &mut App, id: &str) {
    let h = hex(app, id);
    let side = muster_hex::Hexside::new(
        h,
        muster_hex::Direction::new(1),
        app.snap.grid.orientation(),
    );
    let _ = app.update(Message::Canvas(CanvasMessage::Press(h, side)));
    let _ = app.update(Message::Canvas(CanvasMessage::Release));
}

/// Delivers messages to the editor, in order.
pub fn deliver(app: &mut App, messages: Vec<Message>) {
    for m in messages {
        let _ = app.update(m);
    }
}

/// Clicks a widget of the window by its text, as a person would, and delivers what it sends.
pub fn click_widget(app: &mut App, label: &str) {
    let mut ui = iced_test::simulator(panels::view(app));
    ui.click(label)
        .unwrap_or_else(|e| panic!("no `{label}` widget ({}): {e:?}", app.status));
    let messages = ui.into_messages().collect();
    deliver(app, messages);
}

/// Whether the window shows a widget with this text.
pub fn shows(app: &App, text: &str) -> bool {
    iced_test::simulator(panels::view(app)).find(text).is_ok()
}

/// Whether the window shows some text containing `part`.
pub fn shows_text_containing(app: &App, part: &str) -> bool {
    let mut ui = iced_test::simulator(panels::view(app));
    let part = part.to_string();
    ui.find(move |c: Candidate<'_>| match c {
        Candidate::Text { content, .. } if content.contains(&part) => Some(Target::from(c)),
        _ => None,
    })
    .is_ok()
}

/// The bounds of the open dropdown menu, if one is open.
pub fn dropdown(app: &App) -> Option<iced::Rectangle> {
    let mut ui = iced_test::simulator(panels::view(app));
    ui.find(iced::widget::Id::new("menu-dropdown"))
        .ok()
        .map(|t| t.bounds())
}

/// Opens `menu` by its title and clicks `entry` inside the open dropdown (not a widget of
/// the same text elsewhere in the window); delivers what it sends.
pub fn click_menu_entry(app: &mut App, menu: &str, entry: &str) {
    click_widget(app, menu);
    let area = dropdown(app).unwrap_or_else(|| panic!("the {menu} menu did not open"));
    let mut ui = iced_test::simulator(panels::view(app));
    let in_dropdown = move |c: Candidate<'_>| match c {
        Candidate::Text {
            content, bounds, ..
        } if content == entry && area.contains(bounds.center()) => Some(Target::from(c)),
        _ => None,
    };
    ui.click(in_dropdown)
        .unwrap_or_else(|e| panic!("no `{entry}` in the {menu} menu: {e:?}"));
    let messages = ui.into_messages().collect();
    deliver(app, messages);
}
