//! The menu bar: File, Edit, View, Tools and Help, each a dropdown shown under its title.
//! iced has no menu widget, so this is buttons over a `stack` layer: the open menu's
//! entries are pinned under its title, and the rest of the window (below the bar) is an
//! opaque layer whose click closes the menu. Every entry sends the message the keys and
//! panels send, its shortcut read from [`crate::shortcuts`].

use crate::app::{App, Message};
use crate::layers::Layer;
use crate::shortcuts::{label_of, Command};
use crate::tool::{Section, Tool};
use iced::widget::{
    button, column, container, mouse_area, opaque, pin, row, rule, stack, text, Space,
};
use iced::{Element, Fill, Length};

/// Height of the menu bar, in logical pixels: the dropdowns open under it.
pub const BAR_HEIGHT: f32 = 36.0;
/// Width of a title in the bar: a dropdown opens under its title.
const TITLE_WIDTH: f32 = 64.0;
/// Width of a dropdown at the least; it grows with its longest line up to
/// [`DROPDOWN_MAX`], past which a label is cut short with an ellipsis.
const DROPDOWN_WIDTH: f32 = 270.0;
/// Width of a dropdown at the most.
const DROPDOWN_MAX: f32 = 480.0;
/// Text sizes of an entry's label and shortcut.
const LABEL_SIZE: f32 = 13.0;
const SHORTCUT_SIZE: f32 = 12.0;
/// What an entry's line holds besides its label and shortcut: the check-mark column (16),
/// the row's spacing (3 × 4), the button's padding (2 × 6), the dropdown's padding and
/// border (2 × 5), and a gap of at least 16 between label and shortcut.
const ENTRY_CHROME: f32 = 16.0 + 12.0 + 12.0 + 10.0 + 16.0;

/// The menus of the bar, left to right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Title {
    /// New, Open, Save, Save as, Export PNG, Quit.
    File,
    /// Undo, Redo.
    Edit,
    /// Fit, zoom, source panels, transcription, layers.
    View,
    /// The tools.
    Tools,
    /// The keys, and what Muster is.
    Help,
}

impl Title {
    /// Every menu, in the order of the bar.
    pub const ALL: [Title; 5] = [
        Title::File,
        Title::Edit,
        Title::View,
        Title::Tools,
        Title::Help,
    ];

    /// The title's word.
    pub fn name(self) -> &'static str {
        match self {
            Title::File => "File",
            Title::Edit => "Edit",
            Title::View => "View",
            Title::Tools => "Tools",
            Title::Help => "Help",
        }
    }
}

/// One line of a dropdown.
#[derive(Debug, Clone)]
pub enum Entry {
    /// A choice: its label, its shortcut, the message it sends (`None`: not available
    /// now), and whether it is the one in force (a check mark).
    Item {
        /// What the entry says.
        label: String,
        /// The shortcut, as it reads (`Ctrl+S`).
        shortcut: Option<String>,
        /// What choosing it sends.
        message: Option<Message>,
        /// Shown with a check mark.
        checked: bool,
    },
    /// A line between groups.
    Separator,
}

fn item(label: impl Into<String>, message: Option<Message>) -> Entry {
    Entry::Item {
        label: label.into(),
        shortcut: None,
        message,
        checked: false,
    }
}

fn command(label: &str, command: Command, enabled: bool) -> Entry {
    Entry::Item {
        label: label.into(),
        shortcut: label_of(command),
        message: enabled.then(|| command.message()),
        checked: false,
    }
}

fn named(verb: &str, step: Option<&str>) -> String {
    match step {
        Some(step) => format!("{verb} {step}"),
        None => verb.to_string(),
    }
}

fn check(label: impl Into<String>, checked: bool, message: Message) -> Entry {
    Entry::Item {
        label: label.into(),
        shortcut: None,
        message: Some(message),
        checked,
    }
}

fn tool(app: &App, label: &str, tool: Tool) -> Entry {
    let shortcut = (tool == Tool::Select)
        .then(|| label_of(Command::Select))
        .flatten();
    Entry::Item {
        label: label.into(),
        shortcut,
        checked: app.palette.tool == tool,
        message: Some(Message::tool(tool)),
    }
}

/// The entries of a menu for the app as it is now.
pub fn entries(app: &App, title: Title) -> Vec<Entry> {
    let has_scenario = app.doc.scenario.is_some();
    match title {
        Title::File => vec![
            command("New…", Command::New, true),
            command("Open…", Command::Open, true),
            item("Open from pack…", Some(Message::BrowsePack)),
            Entry::Separator,
            command("Save", Command::Save, true),
            command("Save as…", Command::SaveAs, true),
            item("Save to the Save as field", Some(Message::SaveAs)),
            Entry::Separator,
            command("Export PNG…", Command::ExportPng, true),
            Entry::Separator,
            command("Quit", Command::Quit, true),
        ],
        // Each names the step it would take back or make again ("Undo paint woods on 0210").
        Title::Edit => vec![
            command(
                &named("Undo", app.history.undo_label()),
                Command::Undo,
                app.history.can_undo(),
            ),
            command(
                &named("Redo", app.history.redo_label()),
                Command::Redo,
                app.history.can_redo(),
            ),
        ],
        Title::View => {
            let mut v = vec![
                command("Fit the map", Command::Fit, true),
                command("Zoom in", Command::ZoomIn, true),
                command("Zoom out", Command::ZoomOut, true),
                Entry::Separator,
                item(
                    "Scenario source",
                    has_scenario.then_some(Message::Source(Some(true))),
                ),
                item("Map source", Some(Message::Source(Some(false)))),
                Entry::Item {
                    label: "Transcription".into(),
                    shortcut: None,
                    message: has_scenario.then_some(Message::Transcript(app.transcript.is_none())),
                    checked: app.transcript.is_some(),
                },
                Entry::Item {
                    label: "Trace a scanned map".into(),
                    shortcut: None,
                    message: Some(Message::Trace(crate::trace_layer::Message::Open(
                        !app.trace.open,
                    ))),
                    checked: app.trace.open,
                },
                Entry::Separator,
            ];
            v.extend(Layer::ALL.into_iter().map(|layer| {
                check(
                    format!("Show {}", layer.name().to_lowercase()),
                    app.palette.show.shows(layer),
                    Message::Palette(crate::palette::Message::ToggleLayer(layer)),
                )
            }));
            v
        }
        Title::Tools => {
            // The system's queries decide which of its tools exist.
            let answers = |q| muster_rules::answers(&app.doc.map.ruleset, q);
            let mut v = vec![tool(app, "Select / reach", Tool::Select)];
            if answers(muster_rules::Query::Los) {
                v.push(tool(app, "Line of fire", Tool::LineOfFire));
            }
            if answers(muster_rules::Query::Odds) {
                v.push(tool(app, "Combat odds", Tool::Odds));
            }
            v.extend([
                tool(app, "Erase units", Tool::Erase),
                tool(app, "Road", Tool::Road),
                tool(app, "Label", Tool::Label),
                tool(app, "Elevation", Tool::Elevation),
                tool(app, "Paint zone", Tool::ZonePaint),
                tool(app, "Edge zone", Tool::EdgeZone(None)),
                Entry::Separator,
            ]);
            // The tools that take a terrain, a unit or a piece are chosen in the palette:
            // these open its section.
            // (Only the sections the palette shows for this document.)
            let scenario = app.doc.scenario.as_ref();
            let has_overlays = scenario.is_some_and(|s| !s.overlays.is_empty());
            let has_pieces = scenario
                .and_then(|s| muster_rules::ruleset(&s.ruleset))
                .is_some_and(|r| !r.pieces.is_empty());
            let sections = [
                ("Terrain brushes…", Section::Terrain, true),
                ("Hexside features…", Section::Hexsides, true),
                ("Units…", Section::Units, has_scenario),
                ("Overlays…", Section::Overlays, has_overlays),
                ("Siege works…", Section::Siege, has_pieces),
                ("Markers…", Section::Markers, has_pieces),
            ];
            v.extend(sections.into_iter().filter(|s| s.2).map(|(label, s, _)| {
                check(
                    label,
                    app.palette.section == Some(s),
                    Message::Palette(crate::palette::Message::Section(s)),
                )
            }));
            v
        }
        Title::Help => vec![
            check(
                "Keyboard shortcuts",
                app.help_open,
                Message::Help(!app.help_open),
            ),
            item("About Muster", Some(Message::Help(true))),
        ],
    }
}

/// The bar: the menu titles, then `rest` (the path field), then `right` (the findings
/// badge) at the right end.
pub fn bar<'a>(
    app: &App,
    rest: Element<'a, Message>,
    right: Element<'a, Message>,
) -> Element<'a, Message> {
    let mut titles = row![].spacing(0);
    for title in Title::ALL {
        let open = app.menu == Some(title);
        titles = titles.push(
            button(text(title.name()).size(14).center())
                .width(Length::Fixed(TITLE_WIDTH))
                .padding([5, 4])
                .style(if open { button::primary } else { button::text })
                .on_press(Message::Menu((!open).then_some(title))),
        );
    }
    container(
        row![titles, rest, Space::new().width(Fill), right]
            .spacing(8)
            .align_y(iced::Alignment::Center),
    )
    .padding([0, 6])
    .height(Length::Fixed(BAR_HEIGHT))
    .align_y(iced::Alignment::Center)
    .width(Fill)
    .into()
}

/// The window with the open menu's dropdown over it, if a menu is open.
pub fn over<'a>(app: &App, window: Element<'a, Message>) -> Element<'a, Message> {
    let Some(title) = app.menu else {
        return window;
    };
    let index = Title::ALL.iter().position(|t| *t == title).unwrap_or(0);
    let entries = entries(app, title);
    let width = dropdown_width(&entries);
    let dropdown = container(dropdown(entries, width, app.menu_cursor))
        .id("menu-dropdown")
        .width(Length::Fixed(width))
        .padding(4)
        .style(container::bordered_box);
    // Below the bar, a click anywhere outside the dropdown closes the menu (a click on a
    // disabled entry or a separator does nothing); the bar itself stays live, so another
    // title opens its menu at once.
    let below = opaque(
        mouse_area(pin(opaque(dropdown)).x(6.0 + index as f32 * TITLE_WIDTH))
            .on_press(Message::Menu(None)),
    );
    stack![
        window,
        column![Space::new().height(BAR_HEIGHT), below].height(Fill)
    ]
    .into()
}

/// The width of a line's label and shortcut, in the font the editor draws text with
/// (the bundled Fira Sans, see `main.rs`), and a tenth more in case a system font stands
/// in. iced's text size is the em; ab_glyph's scale is the font's height, so the size is
/// converted first.
fn text_width(text: &str, size: f32) -> f32 {
    use ab_glyph::Font;
    muster_render::text::font()
        .map(|f| {
            let em = f.height_unscaled() / f.units_per_em().unwrap_or(f.height_unscaled());
            muster_render::text::width(&f, text, size * em) * 1.1
        })
        // Without the font, a generous guess: 0.6 em a character.
        .unwrap_or(text.chars().count() as f32 * size * 0.6)
}

/// The entry the arrow keys light next, from `from` (none: the first or the last), going
/// down or up and round: only entries that can be chosen now.
pub fn next_choice(entries: &[Entry], from: Option<usize>, down: bool) -> Option<usize> {
    let n = entries.len();
    let choosable = |i: usize| {
        matches!(
            &entries[i],
            Entry::Item {
                message: Some(_),
                ..
            }
        )
    };
    (1..=n)
        .map(|k| match (from, down) {
            (Some(f), true) => (f + k) % n,
            (Some(f), false) => (f + n * 2 - k) % n,
            (None, true) => k - 1,
            (None, false) => n - k,
        })
        .find(|i| choosable(*i))
}

/// A dropdown wide enough for its longest line (label, gap, shortcut), within bounds.
fn dropdown_width(entries: &[Entry]) -> f32 {
    entries
        .iter()
        .filter_map(|e| match e {
            Entry::Item {
                label, shortcut, ..
            } => Some(
                text_width(label, LABEL_SIZE)
                    + text_width(shortcut.as_deref().unwrap_or(""), SHORTCUT_SIZE)
                    + ENTRY_CHROME,
            ),
            Entry::Separator => None,
        })
        .fold(DROPDOWN_WIDTH, f32::max)
        .min(DROPDOWN_MAX)
        .ceil()
}

/// `label` as it fits in `room` pixels: whole, or cut short with an ellipsis.
fn fitted(label: String, room: f32) -> String {
    if text_width(&label, LABEL_SIZE) <= room {
        return label;
    }
    let mut cut: String = label.clone();
    while !cut.is_empty() && text_width(&format!("{cut}…"), LABEL_SIZE) > room {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

fn dropdown<'a>(entries: Vec<Entry>, width: f32, lit: Option<usize>) -> Element<'a, Message> {
    let mut col = column![].spacing(1);
    for (i, entry) in entries.into_iter().enumerate() {
        col = col.push(match entry {
            Entry::Separator => rule::horizontal(1).into(),
            Entry::Item {
                label,
                shortcut,
                message,
                checked,
            } => {
                // One line whatever the label: the shortcut keeps its place inside the box.
                let shortcut = shortcut.unwrap_or_default();
                let room = width - ENTRY_CHROME - text_width(&shortcut, SHORTCUT_SIZE);
                let line = row![
                    text(if checked { "✓" } else { "" })
                        .size(LABEL_SIZE)
                        .width(Length::Fixed(16.0)),
                    text(fitted(label, room))
                        .size(LABEL_SIZE)
                        .wrapping(text::Wrapping::None),
                    Space::new().width(Fill),
                    text(shortcut)
                        .size(SHORTCUT_SIZE)
                        .wrapping(text::Wrapping::None),
                ]
                .spacing(4);
                let b: Element<'a, Message> = button(line)
                    .width(Fill)
                    .padding([3, 6])
                    .style(if lit == Some(i) {
                        lit_entry_style
                    } else {
                        entry_style
                    })
                    .on_press_maybe(message.map(|m| Message::MenuChoose(Box::new(m))))
                    .into();
                b
            }
        });
    }
    col.into()
}

/// The entry the arrow keys have lit: as under the pointer.
fn lit_entry_style(theme: &iced::Theme, status: button::Status) -> button::Style {
    let lit = match status {
        button::Status::Disabled => status,
        _ => button::Status::Hovered,
    };
    entry_style(theme, lit)
}

/// An entry: plain, lit under the pointer, faint when it cannot be chosen now.
fn entry_style(theme: &iced::Theme, status: button::Status) -> button::Style {
    let palette = theme.extended_palette();
    let plain = button::Style {
        background: None,
        text_color: palette.background.base.text,
        border: iced::border::rounded(3),
        ..button::Style::default()
    };
    match status {
        button::Status::Active => plain,
        button::Status::Hovered | button::Status::Pressed => button::Style {
            background: Some(palette.primary.weak.color.into()),
            text_color: palette.primary.weak.text,
            ..plain
        },
        button::Status::Disabled => button::Style {
            text_color: palette.background.strong.color,
            ..plain
        },
    }
}
