//! The keyboard shortcuts, in one table read by both the key handler and the menus (and
//! the Help bar), so what a menu entry says and what the key does cannot disagree.

use crate::app::Message;
use crate::tool::Tool;
use iced::keyboard::{key::Named, Key, Modifiers};

/// What a shortcut does: each command is one existing [`Message`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// A new map.
    New,
    /// Open a file (the native dialog).
    Open,
    /// Save the files that changed.
    Save,
    /// Save under another name (the native dialog).
    SaveAs,
    /// The Export PNG prompt.
    ExportPng,
    /// Close the window (asks first when there are unsaved changes).
    Quit,
    /// Undo the last edit.
    Undo,
    /// Redo.
    Redo,
    /// Fit the map in the window.
    Fit,
    /// Zoom in.
    ZoomIn,
    /// Zoom out.
    ZoomOut,
    /// Back to the select tool.
    Select,
}

impl Command {
    /// The message the command sends.
    pub fn message(self) -> Message {
        match self {
            Command::New => Message::New,
            Command::Open => Message::OpenDialog,
            Command::Save => Message::Save,
            Command::SaveAs => Message::SaveAsDialog,
            Command::ExportPng => Message::ExportPng,
            Command::Quit => Message::CloseRequested,
            Command::Undo => Message::Undo,
            Command::Redo => Message::Redo,
            Command::Fit => Message::Fit,
            Command::ZoomIn => Message::Zoom(true),
            Command::ZoomOut => Message::Zoom(false),
            Command::Select => Message::tool(Tool::Select),
        }
    }
}

/// A key, as the table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyName {
    /// A character key (compared without case).
    Char(char),
    /// The Escape key.
    Escape,
}

/// A key with its modifiers: `ctrl` is the platform's command key; `shift: None` accepts
/// the key with or without Shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chord {
    /// The key.
    pub key: KeyName,
    /// Whether Ctrl (Cmd on macOS) is held.
    pub ctrl: bool,
    /// Whether Shift is held (`None`: either).
    pub shift: Option<bool>,
}

const fn ctrl(c: char) -> Chord {
    Chord {
        key: KeyName::Char(c),
        ctrl: true,
        shift: Some(false),
    }
}

const fn ctrl_shift(c: char) -> Chord {
    Chord {
        key: KeyName::Char(c),
        ctrl: true,
        shift: Some(true),
    }
}

const fn plain(c: char) -> Chord {
    Chord {
        key: KeyName::Char(c),
        ctrl: false,
        shift: None,
    }
}

/// Every shortcut: a command and its chords, the first one shown in the menus.
pub const SHORTCUTS: &[(Command, &[Chord])] = &[
    (Command::New, &[ctrl('n')]),
    (Command::Open, &[ctrl('o')]),
    (Command::Save, &[ctrl('s')]),
    (Command::SaveAs, &[ctrl_shift('s')]),
    (Command::ExportPng, &[ctrl('e')]),
    (Command::Quit, &[ctrl('q')]),
    (Command::Undo, &[ctrl('z')]),
    (Command::Redo, &[ctrl_shift('z'), ctrl('y')]),
    (Command::Fit, &[plain('f')]),
    (Command::ZoomIn, &[plain('+'), plain('=')]),
    (Command::ZoomOut, &[plain('-')]),
    (
        Command::Select,
        &[Chord {
            key: KeyName::Escape,
            ctrl: false,
            shift: None,
        }],
    ),
];

/// Keys the table does not list because they are not commands of a menu.
pub const OTHER_KEYS: &[(&str, &str)] = &[
    ("Arrows", "Pan the map"),
    ("R", "Turn the overlay being placed a sixth"),
    ("Esc", "Close an open menu"),
    ("Alt+F, E, V, T, H or F10", "Open a menu"),
    (
        "Arrows in a menu",
        "Go through its entries and along the bar; Enter chooses",
    ),
];

impl Chord {
    /// Whether a key press is this chord.
    pub fn matches(&self, key: &Key, modifiers: Modifiers) -> bool {
        let key_matches = match (self.key, key.as_ref()) {
            (KeyName::Char(c), Key::Character(s)) => {
                let mut chars = s.chars().flat_map(char::to_lowercase);
                chars.next() == Some(c) && chars.next().is_none()
            }
            (KeyName::Escape, Key::Named(Named::Escape)) => true,
            _ => false,
        };
        key_matches
            && modifiers.command() == self.ctrl
            && self.shift.is_none_or(|s| s == modifiers.shift())
    }

    /// How the chord reads: `Ctrl+Shift+S`, `F`, `Esc`.
    pub fn label(&self) -> String {
        let key = match self.key {
            KeyName::Char(c) => c.to_uppercase().to_string(),
            KeyName::Escape => "Esc".into(),
        };
        format!(
            "{}{}{key}",
            if self.ctrl { "Ctrl+" } else { "" },
            if self.shift == Some(true) {
                "Shift+"
            } else {
                ""
            }
        )
    }
}

/// The command a key press asks for, if any.
pub fn command_for(key: &Key, modifiers: Modifiers) -> Option<Command> {
    SHORTCUTS
        .iter()
        .find(|(_, chords)| chords.iter().any(|c| c.matches(key, modifiers)))
        .map(|(command, _)| *command)
}

/// How a command's shortcut reads in a menu (its first chord), if it has one.
pub fn label_of(command: Command) -> Option<String> {
    SHORTCUTS
        .iter()
        .find(|(c, _)| *c == command)
        .and_then(|(_, chords)| chords.first())
        .map(Chord::label)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(c: &str, m: Modifiers) -> Option<Command> {
        command_for(&Key::Character(c.into()), m)
    }

    #[test]
    fn chords_find_their_commands() {
        assert_eq!(press("s", Modifiers::CTRL), Some(Command::Save));
        assert_eq!(
            press("S", Modifiers::CTRL | Modifiers::SHIFT),
            Some(Command::SaveAs)
        );
        assert_eq!(press("y", Modifiers::CTRL), Some(Command::Redo));
        assert_eq!(press("=", Modifiers::empty()), Some(Command::ZoomIn));
        assert_eq!(press("s", Modifiers::empty()), None);
        assert_eq!(press("f", Modifiers::CTRL), None);
    }

    #[test]
    fn labels_read_as_menus_print_them() {
        assert_eq!(label_of(Command::SaveAs).as_deref(), Some("Ctrl+Shift+S"));
        assert_eq!(label_of(Command::Fit).as_deref(), Some("F"));
        assert_eq!(label_of(Command::Select).as_deref(), Some("Esc"));
    }

    #[test]
    fn no_chord_is_bound_twice() {
        let chords: Vec<Chord> = SHORTCUTS
            .iter()
            .flat_map(|(_, c)| c.iter().copied())
            .collect();
        for (i, a) in chords.iter().enumerate() {
            assert!(!chords[i + 1..].contains(a), "{} bound twice", a.label());
        }
    }
}
