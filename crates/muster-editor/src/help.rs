//! The Help bar: the keyboard shortcuts, read from [`crate::shortcuts`] (the table the
//! key handler uses), and what Muster is.

use crate::app::Message;
use crate::shortcuts::{Command, OTHER_KEYS, SHORTCUTS};
use iced::widget::{button, column, container, row, text};
use iced::{Element, Fill, Length};

fn describe(command: Command) -> &'static str {
    match command {
        Command::New => "New map",
        Command::Open => "Open a file",
        Command::Save => "Save",
        Command::SaveAs => "Save as",
        Command::ExportPng => "Export PNG",
        Command::Quit => "Quit",
        Command::Undo => "Undo",
        Command::Redo => "Redo",
        Command::Fit => "Fit the map",
        Command::ZoomIn => "Zoom in",
        Command::ZoomOut => "Zoom out",
        Command::Select => "Select tool",
    }
}

/// The bar, under the menu bar.
pub fn view<'a>() -> Element<'a, Message> {
    let key_line = |keys: String, what: &str| {
        row![
            text(keys).size(12).width(Length::Fixed(140.0)),
            text(what.to_string()).size(12)
        ]
    };
    let mut left = column![].spacing(1);
    let mut right = column![].spacing(1);
    for (i, (command, chords)) in SHORTCUTS.iter().enumerate() {
        let keys: Vec<String> = chords.iter().map(|c| c.label()).collect();
        let line = key_line(keys.join(" or "), describe(*command));
        if i < SHORTCUTS.len().div_ceil(2) {
            left = left.push(line);
        } else {
            right = right.push(line);
        }
    }
    for (keys, what) in OTHER_KEYS {
        right = right.push(key_line(keys.to_string(), what));
    }
    let about = column![
        text("Muster").size(15),
        text("A scenario and map editor for hex wargames; the rules engine checks each edit live, as muster validate does.").size(12),
    ]
    .spacing(2)
    .width(Length::Fixed(300.0));
    container(
        row![
            column![
                text("Keyboard shortcuts").size(15),
                row![left, right].spacing(24)
            ]
            .spacing(4)
            .width(Fill),
            about,
            button(text("Close").size(13)).on_press(Message::Help(false)),
        ]
        .spacing(16)
        .padding(6),
    )
    .width(Fill)
    .style(container::bordered_box)
    .into()
}
