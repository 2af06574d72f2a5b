//! Issue 31, part 1: the editor never loses a designer's work. Each test drives the app
//! through its messages and iced_test's simulator (clicking the prompts' buttons by their
//! text) along a path that lost work before (review of 2026-11-25, editor.md findings 1,
//! 2, 3, 4, 7 and 9), and fails on the code that lost it.

use muster_editor::canvas::CanvasMessage;
use muster_editor::document::Document;
use muster_editor::tool::Tool;
use muster_editor::{panels, App, Message};
use std::path::Path;

mod common;
use common::{
    click_widget, pack, shows, shows_text_containing, st_albans, terrain, ST_ALBANS, ST_ALBANS_MAP,
};

fn paint(app: &mut App, terrain: &str, id: &str) {
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

/// Clicks the widget whose text starts with `prefix` (a button naming a file).
fn click_starting(app: &mut App, prefix: &str) {
    let mut ui = iced_test::simulator(panels::view(app));
    let p = prefix.to_string();
    ui.click(move |c: iced_test::selector::Candidate<'_>| match c {
        iced_test::selector::Candidate::Text { content, .. } if content.starts_with(&p) => {
            Some(iced_test::selector::Target::from(c))
        }
        _ => None,
    })
    .unwrap_or_else(|e| panic!("no `{prefix}…` widget ({}): {e:?}", app.status));
    for m in ui.into_messages().collect::<Vec<_>>() {
        let _ = app.update(m);
    }
}

fn ctrl_s(app: &mut App) {
    let k = iced::keyboard::Key::Character("s".into());
    let _ = app.update(Message::Key(iced::keyboard::Event::KeyPressed {
        key: k.clone(),
        modified_key: k,
        physical_key: iced::keyboard::key::Physical::Unidentified(
            iced::keyboard::key::NativeCode::Unidentified,
        ),
        location: iced::keyboard::Location::Standard,
        modifiers: iced::keyboard::Modifiers::CTRL,
        text: None,
        repeat: false,
    }));
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

/// Guards against finding 1: "Save to path" shared its field with Open, and replaced any
/// existing file without asking (one click turned a Siege scenario into St Albans).
#[test]
fn open_and_save_as_have_their_own_fields_and_replacing_another_file_asks() {
    let (dir, mut app) = st_albans("replace");
    let other = dir.join("scenarios/a-la-charge/st-albans-2.scenario.ron");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join("scenarios/a-la-charge/st-albans-2.scenario.ron"),
        &other,
    )
    .unwrap();
    let original = read(&other);
    // Typed into the Open field to open it, then the Save button pressed: the Save as
    // field still names the document's own file, so the other file is not touched.
    let _ = app.update(Message::PathInput(other.display().to_string()));
    paint(&mut app, "woods", "0210");
    click_widget(&mut app, "Save to path");
    assert_eq!(
        read(&other),
        original,
        "the Open field is not where Save as saves"
    );
    assert_eq!(app.doc.main_path(), dir.join(ST_ALBANS), "{}", app.status);
    // Typed into the Save as field: the file exists and is another document's, so the
    // editor asks, and Cancel writes nothing.
    let _ = app.update(Message::SaveAsInput(other.display().to_string()));
    click_widget(&mut app, "Save to path");
    assert_eq!(read(&other), original, "nothing replaced before the answer");
    assert!(
        shows_text_containing(&app, "already exists and is not this document's file"),
        "{}",
        app.status
    );
    click_widget(&mut app, "Cancel");
    assert_eq!(read(&other), original, "Cancel replaces nothing");
    assert!(app.file_prompt.is_none());
    // Replace, asked again and answered: now it is replaced and becomes the document.
    click_widget(&mut app, "Save to path");
    click_widget(&mut app, "Replace");
    assert_ne!(read(&other), original, "{}", app.status);
    assert_eq!(app.doc.main_path(), other);
    assert!(!app.doc.is_dirty());
    // Saving over the document's own file asks nothing.
    paint(&mut app, "woods", "0212");
    click_widget(&mut app, "Save to path");
    assert!(
        app.file_prompt.is_none() && !app.doc.is_dirty(),
        "{}",
        app.status
    );
}

/// Guards against finding 2: a file changed on disk while open was silently written over
/// on save.
#[test]
fn a_save_over_a_file_changed_on_disk_asks_and_shows_the_change() {
    let (dir, mut app) = st_albans("on-disk");
    let map = dir.join(ST_ALBANS_MAP);
    let outside = read(&map).replacen(
        "    title: \"Saint Albans\",\n",
        "    title: \"Saint Albans\",\n    // EXTERNAL EDIT\n",
        1,
    );
    assert!(outside.contains("EXTERNAL"));
    std::fs::write(&map, &outside).unwrap();
    paint(&mut app, "woods", "1711");
    ctrl_s(&mut app);
    assert_eq!(read(&map), outside, "the change made outside survives");
    assert!(app.doc.is_dirty(), "nothing saved yet: {}", app.status);
    assert!(
        shows_text_containing(&app, "changed on disk"),
        "{}",
        app.status
    );
    assert!(
        shows_text_containing(&app, "+ 5:     // EXTERNAL EDIT"),
        "the prompt shows what changed on disk"
    );
    // Cancel: nothing written.
    click_widget(&mut app, "Cancel");
    assert_eq!(read(&map), outside);
    // Reload: the file as it is on disk, the edit dropped as the button says.
    ctrl_s(&mut app);
    click_widget(&mut app, "Reload from disk (drops my edits)");
    assert!(!app.doc.is_dirty(), "{}", app.status);
    assert_ne!(terrain(&app, "1711"), "woods");
    // Edited again after the reload: the save writes, keeping the outside edit.
    paint(&mut app, "woods", "1711");
    ctrl_s(&mut app);
    assert!(!app.doc.is_dirty(), "{}", app.status);
    assert!(
        read(&map).contains("EXTERNAL EDIT"),
        "the reloaded comment is kept"
    );
    // Changed outside once more; Overwrite writes my version over it.
    std::fs::write(&map, read(&map).replace("EXTERNAL EDIT", "SECOND EDIT")).unwrap();
    paint(&mut app, "woods", "1712");
    ctrl_s(&mut app);
    assert!(read(&map).contains("SECOND EDIT"));
    click_widget(&mut app, "Overwrite with my version");
    assert!(!app.doc.is_dirty(), "{}", app.status);
    assert!(!read(&map).contains("SECOND EDIT"), "overwritten as chosen");
}

/// Guards against finding 2's other half: a change made outside while nothing is being
/// saved is offered for reload at the next check (the autosave tick).
#[test]
fn a_change_made_outside_is_offered_for_reload() {
    let (dir, mut app) = st_albans("offered");
    let scenario = dir.join(ST_ALBANS);
    std::fs::write(&scenario, read(&scenario).replace("turns: 5,", "turns: 7,")).unwrap();
    let _ = app.update(Message::Autosave);
    assert!(
        shows(&app, "Reload from disk (drops my edits)"),
        "{}",
        app.status
    );
    assert!(shows_text_containing(&app, "+ 13:     turns: 7,"));
    click_widget(&mut app, "Keep my version");
    let _ = app.update(Message::Autosave);
    assert!(app.file_prompt.is_none(), "asked once for one change");
    // A save of the map alone leaves the scenario as it is on disk.
    paint(&mut app, "woods", "0210");
    ctrl_s(&mut app);
    assert!(!app.doc.is_dirty(), "{}", app.status);
    assert!(read(&scenario).contains("turns: 7,"));
    // A save that would write the scenario asks before writing over it.
    let _ = app.update(Message::Source(Some(true)));
    let text = app.source.as_ref().unwrap().content.text();
    let text = text.replace("turns: 5,", "turns: 6,");
    app.source.as_mut().unwrap().content = iced::widget::text_editor::Content::with_text(&text);
    let _ = app.update(Message::SourcePanel(
        muster_editor::source_panel::Message::Apply,
    ));
    let _ = app.update(Message::Source(None));
    assert_eq!(app.doc.scenario.as_ref().unwrap().turns, 6);
    ctrl_s(&mut app);
    assert!(read(&scenario).contains("turns: 7,"), "{}", app.status);
    click_widget(&mut app, "Reload from disk (drops my edits)");
    assert_eq!(app.doc.scenario.as_ref().unwrap().turns, 7);
}

/// Guards against finding 3: autosave replaced a recovery file whose question was still
/// open (a second crash lost the first session's work), and Restore silently replaced
/// newer edits.
#[test]
fn a_recovery_file_is_never_overwritten_while_its_question_is_open() {
    let (dir, mut app) = st_albans("recovery");
    let path = dir.join(ST_ALBANS);
    paint(&mut app, "woods", "1801");
    let _ = app.update(Message::Autosave);
    drop(app); // crash
    let first = muster_editor::recovery::load(&path).expect("recovery file written");
    // Second session: the question is open and not answered; more work, autosaved.
    let (mut app, _) = App::new(Some(path.clone()));
    assert!(shows(&app, "Restore"));
    paint(&mut app, "village", "0112");
    let _ = app.update(Message::Autosave);
    assert_eq!(
        muster_editor::recovery::load(&path),
        Some(first.clone()),
        "the unanswered recovery file is as the first session left it"
    );
    drop(app); // second crash
    let pending = muster_editor::recovery::pending(&path);
    assert_eq!(pending.len(), 2, "both sessions' work is kept");
    // Third session: the banner counts the file waiting behind the one offered.
    let (mut app, _) = App::new(Some(path.clone()));
    assert!(
        shows_text_containing(&app, "1 more session's changes wait after this one"),
        "the banner says a second recovery file waits"
    );
    // Restore over newer edits asks first.
    paint(&mut app, "woods", "0305");
    click_widget(&mut app, "Restore");
    assert_eq!(
        terrain(&app, "0305"),
        "woods",
        "nothing replaced before the answer"
    );
    assert_ne!(terrain(&app, "1801"), "woods");
    assert!(shows_text_containing(&app, "replaces the edits made since"));
    click_widget(&mut app, "Restore anyway");
    assert_eq!(terrain(&app, "1801"), "woods", "{}", app.status);
    assert!(app.status.contains("replaced"), "{}", app.status);
    // The second session's file is offered next; both were kept until answered.
    let offered = app
        .recovery
        .clone()
        .expect("the second recovery file is offered");
    assert!(offered.map.contains("0112"), "{}", offered.map);
    assert!(shows(&app, "Restore"));
    assert!(
        !shows_text_containing(&app, "more session"),
        "the last one waiting: none behind it"
    );
    click_widget(&mut app, "Restore");
    click_widget(&mut app, "Restore anyway");
    assert_eq!(terrain(&app, "0112"), "village");
    let _ = app.update(Message::Undo);
    assert_eq!(
        terrain(&app, "1801"),
        "woods",
        "undo steps back one restore"
    );
}

/// Guards against finding 4: Save as of a scenario wrote unsaved map edits into the
/// original map, which other scenarios share, without a word (and rewrote it even
/// without edits).
#[test]
fn save_as_of_a_scenario_asks_where_the_map_edits_go() {
    let (dir, mut app) = st_albans("shared-map");
    let map = dir.join(ST_ALBANS_MAP);
    let original = read(&map);
    let variant = dir.join("scenarios/a-la-charge/variant.scenario.ron");
    // No edits: Save as writes the scenario only.
    let _ = app.update(Message::SaveAsInput(
        dir.join("scenarios/a-la-charge/plain.scenario.ron")
            .display()
            .to_string(),
    ));
    click_widget(&mut app, "Save to path");
    assert!(app.status.starts_with("saved"), "{}", app.status);
    assert!(
        !app.status.contains("saint-albans.map.ron"),
        "{}",
        app.status
    );
    // Map edits: the editor asks; nothing is written before the answer.
    paint(&mut app, "woods", "0101");
    let _ = app.update(Message::SaveAsInput(variant.display().to_string()));
    click_widget(&mut app, "Save to path");
    assert!(!variant.exists(), "{}", app.status);
    assert_eq!(read(&map), original);
    assert!(shows_text_containing(&app, "other scenarios may use it"));
    click_starting(&mut app, "Save a copy of the map as");
    assert_eq!(read(&map), original, "the shared map is untouched");
    let text = read(&variant);
    assert!(text.contains("map: \"variant.map.ron\""), "{text}");
    let reopened = Document::open(&variant).unwrap();
    let h = app.snap.grid.from_printed("0101").unwrap();
    let (reopened_app, _) = App::new(Some(variant.clone()));
    assert_eq!(reopened_app.snap.terrain[&h], "woods");
    assert_eq!(
        reopened.map_path,
        dir.join("scenarios/a-la-charge/variant.map.ron")
    );
    // Choosing the same map writes the edits there, as asked.
    let (_, mut app) = st_albans("shared-map-same");
    let dir = app.doc.main_path().parent().unwrap().to_path_buf();
    paint(&mut app, "woods", "0101");
    let _ = app.update(Message::SaveAsInput(
        dir.join("same.scenario.ron").display().to_string(),
    ));
    click_widget(&mut app, "Save to path");
    let same = app
        .file_prompt
        .as_ref()
        .map(|p| format!("{p:?}"))
        .unwrap_or_default();
    assert!(same.contains("MapChoice"), "{same}");
    let _ = app.update(Message::FilePrompt(
        muster_editor::file_prompt::Message::SameMap,
    ));
    assert!(!app.doc.is_dirty(), "{}", app.status);
    assert!(
        app.status.contains("saint-albans.map.ron"),
        "{}",
        app.status
    );
}

/// Guards against finding 7: a failed Save as of a new map moved its paths anyway, so
/// every later Save as failed the same way.
#[test]
fn after_a_failed_save_as_the_document_can_be_saved_elsewhere() {
    let dir = pack("failed", &[]);
    let mut app = App::new(None).0;
    paint(&mut app, "woods", "0305");
    let missing = dir.join("no-such-folder/test-field.scenario.ron");
    let _ = app.update(Message::SaveAsInput(missing.display().to_string()));
    click_widget(&mut app, "Save to path");
    assert!(app.status.contains("cannot save"), "{}", app.status);
    assert!(
        app.doc.untitled && app.doc.is_dirty(),
        "the document is as it was"
    );
    let good = dir.join("test-field.scenario.ron");
    let _ = app.update(Message::SaveAsInput(good.display().to_string()));
    click_widget(&mut app, "Save to path");
    assert!(!app.doc.is_dirty(), "{}", app.status);
    assert!(good.exists() && dir.join("test-field.map.ron").exists());
    // The same for a document that was open: a failed Save as leaves its paths.
    let (_, mut app) = st_albans("failed-open");
    let own = app.doc.main_path().to_path_buf();
    paint(&mut app, "woods", "0305");
    let _ = app.update(Message::SaveAsInput(
        own.with_file_name("missing/x.scenario.ron")
            .display()
            .to_string(),
    ));
    click_widget(&mut app, "Save to path");
    click_starting(&mut app, "Save into the same map");
    assert_eq!(app.doc.main_path(), own, "{}", app.status);
    ctrl_s(&mut app);
    assert!(!app.doc.is_dirty(), "saved where it was: {}", app.status);
}

/// Types `variant.scenario.ron` in a fresh folder beside the pack `dir` (outside it) into
/// the Save as field and presses *Save to path*; the folder and the path.
fn save_outside(dir: &Path, app: &mut App) -> (std::path::PathBuf, std::path::PathBuf) {
    let outside = dir.with_extension("outside");
    let _ = std::fs::remove_dir_all(&outside);
    std::fs::create_dir_all(&outside).unwrap();
    let target = outside.join("variant.scenario.ron");
    let _ = app.update(Message::SaveAsInput(target.display().to_string()));
    click_widget(app, "Save to path");
    (outside, target)
}

/// Guards against finding 9: a scenario saved outside its pack kept references that lead
/// back into the pack, so it could not be opened again (MU013); and opening says where the
/// pack boundary is.
#[test]
fn a_scenario_saved_outside_its_pack_can_be_opened_again() {
    let (dir, mut app) = st_albans("outside");
    assert!(app.status.contains("pack boundary"), "{}", app.status);
    let (outside, target) = save_outside(&dir, &mut app);
    assert!(!target.exists(), "asked first: {}", app.status);
    assert!(shows_text_containing(&app, "would be outside the pack"));
    assert!(
        !shows_text_containing(&app, "Save into the same map"),
        "the same map cannot be reached from there"
    );
    let _ = app.update(Message::FilePrompt(
        muster_editor::file_prompt::Message::CopyMap,
    ));
    assert!(target.exists(), "{}", app.status);
    assert!(outside.join("variant.map.ron").exists());
    let reopened = Document::open(&target);
    assert!(reopened.is_ok(), "{:?}", reopened.err());
    let (mut app, _) = App::new(Some(target.clone()));
    assert!(
        app.status.contains("no muster.pack.ron above it"),
        "{}",
        app.status
    );
    // A file written outside the pack by the old editor (its map reached back into the
    // pack): it does not open, and the message says where the boundary is.
    let stale = outside.join("stale.scenario.ron");
    std::fs::write(
        &stale,
        read(&dir.join(ST_ALBANS)).replace(
            "map: \"../../maps/saint-albans.map.ron\"",
            &format!(
                "map: \"../{}/maps/saint-albans.map.ron\"",
                dir.file_name().unwrap().to_string_lossy()
            ),
        ),
    )
    .unwrap();
    let _ = app.update(Message::PathInput(stale.display().to_string()));
    let _ = app.update(Message::Open);
    assert!(
        app.status.contains("outside the pack")
            && app.status.contains("the pack boundary is its folder"),
        "{}",
        app.status
    );
}

/// Issue 31's left item: Save as outside the pack copied the map but refused a scenario
/// with overlays or army lists ("would lead outside its pack"). They are copied beside the
/// scenario now, byte for byte, and the saved scenario opens again.
#[test]
fn save_as_outside_the_pack_copies_overlays_and_army_lists() {
    let cases: [(&str, &[&str], &[&str]); 2] = [
        (
            "copies-overlays",
            &[
                "scenarios/a-la-charge/civitate-1053.scenario.ron",
                "maps/normans-byzantines.map.ron",
                "maps/nb-overlay-1.overlay.ron",
                "maps/nb-overlay-2.overlay.ron",
            ],
            &[
                "maps/nb-overlay-1.overlay.ron",
                "maps/nb-overlay-2.overlay.ron",
            ],
        ),
        (
            "copies-lists",
            &[
                "scenarios/charles-the-bold/saint-aubin.scenario.ron",
                "maps/saint-aubin.map.ron",
                "scenarios/charles-the-bold/english.armylist.ron",
                "scenarios/charles-the-bold/burgundian.armylist.ron",
            ],
            &[
                "scenarios/charles-the-bold/english.armylist.ron",
                "scenarios/charles-the-bold/burgundian.armylist.ron",
            ],
        ),
    ];
    for (name, files, copied) in cases {
        let dir = pack(name, files);
        let (mut app, _) = App::new(Some(dir.join(files[0])));
        let (outside, target) = save_outside(&dir, &mut app);
        let _ = app.update(Message::FilePrompt(
            muster_editor::file_prompt::Message::CopyMap,
        ));
        assert!(target.exists(), "{name}: {}", app.status);
        let saved = read(&target);
        for f in copied {
            let file = Path::new(f).file_name().unwrap();
            let copy = outside.join(file);
            assert_eq!(
                std::fs::read(&copy).unwrap_or_default(),
                std::fs::read(dir.join(f)).unwrap(),
                "{name}: {} copied byte for byte",
                copy.display()
            );
            assert!(
                saved.contains(&format!("\"{}\"", file.to_string_lossy())),
                "{name}: the scenario names the copy: {saved}"
            );
        }
        let reopened = Document::open(&target);
        assert!(reopened.is_ok(), "{name}: {:?}", reopened.err());
        for f in copied {
            let file = Path::new(f).file_name().unwrap().to_string_lossy();
            assert!(
                app.status.contains(file.as_ref()),
                "{name}: the status line names {file}: {}",
                app.status
            );
        }
    }
}
