//! Issue 31, review finding 12: without a desktop file dialog (a bare X server has no
//! portal) the editor lists the pack's files to open; before, Ctrl+O only said "no file
//! chosen" and the designer had to type a path.

use muster_editor::{panels, App, Message};

mod common;
use common::{pack, ST_ALBANS, ST_ALBANS_MAP};

#[test]
fn with_no_dialog_the_packs_files_are_listed_and_open_with_a_click() {
    let dir = pack("browse", &[ST_ALBANS, ST_ALBANS_MAP]);
    let (mut app, _) = App::new(Some(
        dir.join("scenarios/a-la-charge/st-albans-1.scenario.ron"),
    ));
    // The platform dialog gave no file.
    let _ = app.update(Message::Picked(None, false));
    let browser = app.browser.as_ref().expect("the pack browser opens");
    let labels: Vec<String> = browser.files.iter().map(|p| browser.label(p)).collect();
    assert!(
        labels.contains(&"maps/saint-albans.map.ron".to_string()),
        "{labels:?}"
    );
    let _ = app.update(Message::Browser(
        muster_editor::pack_browser::Message::Filter("saint-albans".into()),
    ));
    assert_eq!(app.browser.as_ref().unwrap().shown().len(), 1);
    // Click the map's button, as a person would.
    let mut ui = iced_test::simulator(panels::view(&app));
    ui.click("maps/saint-albans.map.ron")
        .unwrap_or_else(|e| panic!("no button for the map: {e:?}"));
    for m in ui.into_messages().collect::<Vec<_>>() {
        let _ = app.update(m);
    }
    assert!(
        app.doc.main_path().ends_with("maps/saint-albans.map.ron"),
        "{} ({})",
        app.doc.main_path().display(),
        app.status
    );
    assert!(app.browser.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}
