//! The transcription view's paste box (issue 32): a side's printed set-up pasted, read by
//! muster-transcribe, shown with its findings, and applied as one undo step, driven through
//! iced_test's simulator as a designer would (click, type, click).

use muster_editor::document::Document;
use muster_editor::paste;
use muster_editor::{panels, App, Message};
use std::path::Path;

mod common;
use common::{click_widget, deliver, scratch, shows};

fn printed(file: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/transcribe");
    std::fs::read_to_string(root.join(file))
        .unwrap()
        .trim()
        .to_string()
}

/// Clicks the side's button in the paste box's side picker.
fn pick_side(app: &mut App, name: &str) {
    let mut ui = iced_test::simulator(panels::view(app));
    let picker = ui
        .find(iced::widget::Id::new(paste::SIDES_ID))
        .expect("the paste box has a side picker");
    let area = iced_test::selector::Bounded::bounds(&picker);
    let name = name.to_string();
    let in_picker = move |c: iced_test::selector::Candidate<'_>| match c {
        iced_test::selector::Candidate::Text {
            content, bounds, ..
        } if content == name && area.contains(bounds.center()) => {
            Some(iced_test::selector::Target::from(c))
        }
        _ => None,
    };
    ui.click(in_picker).expect("the side is in the picker");
    let messages = ui.into_messages().collect();
    deliver(app, messages);
}

/// Clicks into the paste box and types the text.
fn type_text(app: &mut App, text: &str) {
    let mut ui = iced_test::simulator(panels::view(app));
    ui.click(iced::widget::Id::new(paste::TEXT_ID))
        .expect("the paste box has a text box");
    ui.typewrite(text);
    let messages = ui.into_messages().collect();
    deliver(app, messages);
}

fn side<'a>(doc: &'a Document, id: &str) -> &'a muster_model::Side {
    doc.scenario
        .as_ref()
        .unwrap()
        .sides
        .iter()
        .find(|s| s.id == id)
        .unwrap()
}

#[test]
fn a_pasted_set_up_is_read_shown_and_applied_as_one_undo_step() {
    let (mut app, _) = App::new(Some(scratch("apply")));
    let _ = app.update(Message::Transcript(true));
    let before = side(&app.doc, "yorkists").clone();
    let text = printed("st-albans-1.yorkists.txt");

    pick_side(&mut app, "Yorkists");
    type_text(&mut app, &text);
    assert_eq!(app.paste.text.text().trim(), text);
    // Nothing to apply before the text is read.
    assert!(!app.paste.can_apply());
    click_widget(&mut app, "Read");

    // What the library reads, shown line by line.
    let expected = paste::read(&app.doc, 1, &text).unwrap();
    assert!(!expected.has_errors(), "{:?}", expected.findings);
    assert_eq!(expected.reinforcements.len(), 1);
    assert!(shows(
        &app,
        "Read: 0 set-up line(s), 1 reinforcement(s), 0 error(s), 0 note(s)"
    ));
    let r = &expected.reinforcements[0];
    let units: Vec<String> = r.units.iter().map(ToString::to_string).collect();
    assert!(shows(
        &app,
        &format!(
            "{} — {} (enters on turn {})",
            units.join(", "),
            r.enter,
            r.turn
        )
    ));

    click_widget(&mut app, "Apply");
    let after = side(&app.doc, "yorkists");
    assert_eq!(after.setup, expected.setup);
    assert_eq!(after.reinforcements, expected.reinforcements);
    // The bundled transcription's units, turn and zone, now with the print as its source.
    assert_eq!(
        after.reinforcements[0].units,
        before.reinforcements[0].units
    );
    assert_eq!(
        after.reinforcements[0].enter,
        before.reinforcements[0].enter
    );
    assert_eq!(after.reinforcements[0].turn, before.reinforcements[0].turn);
    assert_ne!(
        after.reinforcements[0].source,
        before.reinforcements[0].source
    );
    assert_eq!(
        app.history.undo_label(),
        Some("paste the set-up of Yorkists")
    );
    assert!(app.doc.is_dirty());

    // One undo puts both the set-up and the reinforcements back.
    let _ = app.update(Message::Undo);
    assert_eq!(side(&app.doc, "yorkists"), &before);
    assert!(!app.history.can_undo());
    assert!(!app.doc.is_dirty());
    let _ = app.update(Message::Redo);
    assert_eq!(
        side(&app.doc, "yorkists").reinforcements,
        expected.reinforcements
    );
}

#[test]
fn nothing_is_applied_while_an_error_stands() {
    let (mut app, _) = App::new(Some(scratch("errors")));
    let _ = app.update(Message::Transcript(true));
    let before = side(&app.doc, "lancastrians").clone();
    pick_side(&mut app, "Lancastrians");
    type_text(&mut app, "Somerset: 1403; 2x Nobody: 1304, 1204");
    click_widget(&mut app, "Read");

    let reading = app.paste.reading.as_ref().expect("read");
    let error = reading
        .transcript
        .findings
        .iter()
        .find(|f| f.severity == muster_transcribe::Severity::Error)
        .expect("an unknown name is an error");
    assert!(shows(
        &app,
        "Nothing is applied while an error stands: fix the text and Read again."
    ));
    assert!(shows(
        &app,
        &format!("line {}: error: {}", error.line, error.message)
    ));
    click_widget(&mut app, "Apply");
    assert_eq!(side(&app.doc, "lancastrians"), &before);
    assert!(!app.history.can_undo());

    // A reading of another side (or text) is stale: Read again before Apply.
    type_text(&mut app, "");
    pick_side(&mut app, "Yorkists");
    assert!(app.paste.current().is_none());
    assert!(shows(
        &app,
        "The text or the side changed: Read again before applying."
    ));
}
