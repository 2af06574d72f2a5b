//! The transcription view (use case 2: transcribing a printed set-up): the scenario's
//! set-up lines and reinforcements as written, side by side, each with its source section
//! and the diagnostics about its hexes. Hovering a line lights its hexes on the map;
//! clicking it selects them and centres the view. A panel of its own: its state,
//! `Message`, `update` returning an [`Event`] for the shell, and `view`.

use crate::document::Document;
use crate::validate::Item;
use iced::widget::{button, column, container, mouse_area, row, scrollable, text};
use iced::{Element, Fill, Length};
use muster_check::Severity;
use muster_hex::Hex;
use muster_model::Zone;
use muster_rules::DeployKind;

/// One set-up line or reinforcement, ready to show.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Side index.
    pub side: usize,
    /// "2x Archers, Somerset".
    pub units: String,
    /// The zone as written in the file: `0504 0505 0506`, `Row("08xx")`.
    pub zone: String,
    /// The zone in the words of a printed set-up, to check against the print:
    /// `0504, 0505, 0506`, `row 08xx`, `the east edge from 1401 to 0401`.
    pub words: String,
    /// Where in the print it comes from, as the file says.
    pub source: Option<String>,
    /// "hidden", "enters on turn 3", or nothing.
    pub note: String,
    /// The hexes its zone names on the map (empty when the zone does not resolve).
    pub hexes: Vec<Hex>,
}

/// The zone as it reads in the file, hexes listed plainly.
pub fn written(zone: &Zone) -> String {
    match zone {
        Zone::Hexes(ids) => ids
            .iter()
            .map(|h| h.0.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        Zone::Named(name) => format!("Named({name:?})"),
        // The other forms hold hex ids, rows and sides: spaced as people write them.
        other => ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .to_string(other)
            .map(|t| t.replace(',', ", ").replace(':', ": "))
            .unwrap_or_else(|_| format!("{other:?}")),
    }
}

/// The lines of the document's scenario in file order: each side's set-up, then its
/// reinforcements. Empty for a map.
pub fn entries(doc: &Document) -> Vec<Entry> {
    let (Some(file), Some(resolved)) = (&doc.scenario, doc.resolve()) else {
        return vec![];
    };
    let hexes_of = |side: usize, index: usize, setup: bool| {
        resolved
            .deployments
            .iter()
            .find(|d| {
                (d.side, d.index, matches!(d.kind, DeployKind::Setup { .. }))
                    == (side, index, setup)
            })
            .map(|d| d.hexes.clone())
            .unwrap_or_default()
    };
    let units = |refs: &[muster_model::UnitRef]| {
        refs.iter()
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = vec![];
    for (si, side) in file.sides.iter().enumerate() {
        for (i, e) in side.setup.iter().enumerate() {
            out.push(Entry {
                side: si,
                units: units(&e.units),
                zone: written(&e.at),
                words: e.at.to_string(),
                source: e.source.clone(),
                note: if e.hidden {
                    "hidden".into()
                } else {
                    String::new()
                },
                hexes: hexes_of(si, i, true),
            });
        }
        for (i, r) in side.reinforcements.iter().enumerate() {
            out.push(Entry {
                side: si,
                units: units(&r.units),
                zone: written(&r.enter),
                words: r.enter.to_string(),
                source: r.source.clone(),
                note: format!("enters on turn {}", r.turn),
                hexes: hexes_of(si, i, false),
            });
        }
    }
    out
}

/// The open view: the lines and the one selected.
#[derive(Debug, Clone, Default)]
pub struct Transcript {
    /// The scenario's lines, in file order.
    pub entries: Vec<Entry>,
    /// The line selected.
    pub line: Option<usize>,
}

/// What the designer does in the view.
#[derive(Debug, Clone)]
pub enum Message {
    /// The pointer is over a line (`None`: it left).
    Hover(Option<usize>),
    /// A line was clicked.
    Select(usize),
    /// Close the view.
    Close,
}

/// What the view tells the shell.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Light these hexes on the map (those of the line under the pointer, or of the
    /// selected line when the pointer leaves).
    Light(Vec<Hex>),
    /// This line was selected: show it on the map.
    Selected(Entry),
    /// The designer closed the view.
    Close,
}

impl Transcript {
    /// The view over the document's scenario.
    pub fn of(doc: &Document) -> Transcript {
        Transcript {
            entries: entries(doc),
            line: None,
        }
    }

    /// After the document changed: its lines again, the selection kept while it exists.
    pub fn refresh(&mut self, doc: &Document) {
        self.entries = entries(doc);
        self.line = self.line.filter(|i| *i < self.entries.len());
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Hover(line) => {
                let shown = line.or(self.line);
                Some(Event::Light(
                    shown
                        .and_then(|i| self.entries.get(i))
                        .map(|e| e.hexes.clone())
                        .unwrap_or_default(),
                ))
            }
            Message::Select(line) => {
                let entry = self.entries.get(line)?.clone();
                self.line = Some(line);
                Some(Event::Selected(entry))
            }
            Message::Close => Some(Event::Close),
        }
    }

    /// The panel, with the findings of `diagnostics` about each line's hexes.
    pub fn view<'a>(
        &'a self,
        doc: &'a Document,
        diagnostics: &'a [Item],
        grid: &'a muster_hex::Grid,
    ) -> Element<'a, Message> {
        let mut col = column![row![
            text("Transcription").size(15),
            button(text("Close").size(13)).on_press(Message::Close)
        ]
        .spacing(8)]
        .spacing(4);
        let sides = doc.scenario.as_ref().map(|s| &s.sides[..]).unwrap_or(&[]);
        if sides.is_empty() {
            col = col.push(text("A map has no set-up to transcribe.").size(13));
        }
        let mut last_side = None;
        for (i, e) in self.entries.iter().enumerate() {
            if last_side != Some(e.side) {
                last_side = Some(e.side);
                let name = sides.get(e.side).map_or("", |s| s.name.as_str());
                col = col.push(text(name.to_string()).size(14));
            }
            // The line in the words of a printed set-up, beside the print it transcribes;
            // the file's own form only where the words differ from it.
            let mut head = format!("{} — {}", e.units, e.words);
            if !e.note.is_empty() {
                head.push_str(&format!(" ({})", e.note));
            }
            let mut line = column![text(head).size(12)].spacing(1);
            line = line.push(
                text(match &e.source {
                    Some(s) => format!("source: {s}"),
                    None => "source: not given".into(),
                })
                .size(11),
            );
            if e.words.replace(", ", " ") != e.zone {
                line = line.push(
                    text(format!("file: {}", e.zone))
                        .size(11)
                        .font(iced::Font::MONOSPACE),
                );
            }
            for d in findings(diagnostics, grid, e) {
                line = line.push(text(format!("{} {}", d.code, d.message)).size(11).style(
                    match d.severity {
                        Severity::Error => text::danger,
                        Severity::Warning => text::warning,
                        Severity::Note => text::secondary,
                    },
                ));
            }
            let chosen = self.line == Some(i);
            let b = button(line)
                .width(Fill)
                .padding([3, 5])
                .style(if chosen {
                    button::primary
                } else {
                    button::secondary
                })
                .on_press(Message::Select(i));
            col = col.push(
                mouse_area(b)
                    .on_enter(Message::Hover(Some(i)))
                    .on_exit(Message::Hover(None)),
            );
        }
        container(scrollable(col.padding(6)))
            .width(Length::Fixed(420.0))
            .height(Fill)
            .into()
    }
}

/// The diagnostics about the hexes of an entry.
pub fn findings<'a>(
    diagnostics: &'a [Item],
    grid: &'a muster_hex::Grid,
    entry: &'a Entry,
) -> impl Iterator<Item = &'a Item> {
    diagnostics.iter().filter(move |d| {
        d.hex
            .as_deref()
            .and_then(|h| grid.from_printed(h).ok())
            .is_some_and(|h| entry.hexes.contains(&h))
    })
}

#[cfg(test)]
mod tests {
    use super::written;
    use muster_model::Zone;

    #[test]
    fn zones_read_as_the_file_writes_them() {
        for text in [
            r#"Hexes(["1403", "1304"])"#,
            r#"Named("St Peter's church")"#,
            r#"Edge(side: East, from: "1401", to: "0401")"#,
            r#"Row("08xx")"#,
        ] {
            let zone: Zone = ron::Options::default()
                .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
                .from_str(text)
                .unwrap();
            let shown = written(&zone);
            let expected = if text.starts_with("Hexes") {
                "1403 1304".to_string()
            } else {
                text.to_string()
            };
            assert_eq!(shown, expected);
        }
    }
}
