//! The paste box of the transcription view (issue 32, use case 2): the designer pastes a
//! side's printed set-up, picks the side, and "Read" shows the set-up lines and
//! reinforcements [`muster_transcribe`] reads from it, each with the findings about it;
//! "Apply" hands them to the shell, which replaces that side's lines as one undo step.
//! The reading is the library's: this panel only shows it and holds the text.
//!
//! Nothing is applied while an error stands, nor after the text or the side changed
//! since the last "Read" (the lines shown are always the lines applied).

use crate::document::Document;
use iced::widget::{button, column, container, row, scrollable, text, text_editor};
use iced::{Element, Fill, Length};
use muster_model::{Reinforcement, SetupEntry};
use muster_transcribe::{Finding, Severity, Transcript};

/// The id of the text box, for the tests to click into.
pub const TEXT_ID: &str = "paste-text";

/// The id of the side picker.
pub const SIDES_ID: &str = "paste-sides";

/// A reading: the text as read, the side it was read for, and what the library made of it.
#[derive(Debug, Clone)]
pub struct Reading {
    /// Side index.
    pub side: usize,
    /// The text read.
    pub text: String,
    /// The lines, reinforcements and findings.
    pub transcript: Transcript,
}

/// The paste box's state.
#[derive(Debug, Default)]
pub struct Paste {
    /// The side the set-up is for (index in the scenario's sides).
    pub side: usize,
    /// The pasted text.
    pub text: text_editor::Content,
    /// The last reading, until the text or the side changes.
    pub reading: Option<Reading>,
}

/// What the designer does in the paste box.
#[derive(Debug, Clone)]
pub enum Message {
    /// The side picked.
    Side(usize),
    /// Typing or pasting in the text box.
    Edit(text_editor::Action),
    /// Read the text.
    Read,
    /// Apply the lines read.
    Apply,
}

/// What the paste box asks of the shell.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Replace the side's set-up lines and reinforcements (one undo step).
    Apply {
        /// Side index.
        side: usize,
        /// The side's name, for the undo label.
        name: String,
        /// The new set-up lines.
        setup: Vec<SetupEntry>,
        /// The new reinforcements.
        reinforcements: Vec<Reinforcement>,
    },
}

/// Reads `text` as the printed set-up of side `side` of the document's scenario, through
/// the library (the side's id and name, its units, the map's named zones). `None` when the
/// document has no such side.
pub fn read(doc: &Document, side: usize, text: &str) -> Option<Transcript> {
    let def = doc.scenario.as_ref()?.sides.get(side)?;
    let names = [def.id.as_str(), def.name.as_str()];
    let resolved = doc.resolve();
    let zones: Vec<(&str, &str)> = resolved
        .as_ref()
        .map(|s| s.world.zone_names().collect())
        .unwrap_or_default();
    Some(muster_transcribe::transcribe(
        text, &names, &def.units, &zones,
    ))
}

impl Paste {
    /// The reading, when it is of the text and side as they are now.
    pub fn current(&self) -> Option<&Reading> {
        self.reading
            .as_ref()
            .filter(|r| r.side == self.side && r.text == self.text.text())
    }

    /// Whether "Apply" may be pressed: a current reading with no error that places
    /// something.
    pub fn can_apply(&self) -> bool {
        self.current().is_some_and(|r| {
            let places = !r.transcript.setup.is_empty() || !r.transcript.reinforcements.is_empty();
            places && !r.transcript.has_errors()
        })
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message, doc: &Document) -> Option<Event> {
        match message {
            Message::Side(side) => {
                self.side = side;
                None
            }
            Message::Edit(action) => {
                self.text.perform(action);
                None
            }
            Message::Read => {
                let text = self.text.text();
                self.reading = read(doc, self.side, &text).map(|transcript| Reading {
                    side: self.side,
                    text,
                    transcript,
                });
                None
            }
            Message::Apply => {
                if !self.can_apply() {
                    return None;
                }
                let r = self.current()?;
                let name = doc
                    .scenario
                    .as_ref()
                    .and_then(|s| s.sides.get(r.side))
                    .map_or_else(String::new, |s| s.name.clone());
                Some(Event::Apply {
                    side: r.side,
                    name,
                    setup: r.transcript.setup.clone(),
                    reinforcements: r.transcript.reinforcements.clone(),
                })
            }
        }
    }

    /// The box: the side picker, the text, Read and Apply, and the reading.
    pub fn view<'a>(&'a self, doc: &'a Document) -> Element<'a, Message> {
        let sides = doc.scenario.as_ref().map(|s| &s.sides[..]).unwrap_or(&[]);
        let mut col = column![text("Paste a printed set-up").size(14)].spacing(4);
        let mut picker = row![text("Side:").size(12)]
            .spacing(4)
            .align_y(iced::Alignment::Center);
        for (i, s) in sides.iter().enumerate() {
            picker = picker.push(
                button(text(s.name.clone()).size(12))
                    .padding([2, 6])
                    .style(if i == self.side {
                        button::primary
                    } else {
                        button::secondary
                    })
                    .on_press(Message::Side(i)),
            );
        }
        col = col.push(container(picker).id(SIDES_ID));
        col = col.push(
            text_editor(&self.text)
                .id(TEXT_ID)
                .placeholder("paste the side's set-up as printed: Rudolf: 0508; 6x “Chevaliers Italiens”: 0504, 0505 …")
                .on_action(Message::Edit)
                .size(12)
                .height(Length::Fixed(90.0)),
        );
        let read = button(text("Read").size(12)).padding([3, 8]);
        let apply = button(text("Apply").size(12)).padding([3, 8]);
        col = col.push(
            row![
                if sides.is_empty() {
                    read
                } else {
                    read.on_press(Message::Read)
                },
                apply.on_press_maybe(self.can_apply().then_some(Message::Apply)),
            ]
            .spacing(6),
        );
        match (&self.reading, self.current()) {
            (Some(_), None) => {
                col = col.push(
                    text("The text or the side changed: Read again before applying.")
                        .size(11)
                        .style(text::warning),
                )
            }
            (_, Some(r)) => col = col.push(reading_view(r)),
            (None, None) => {}
        }
        // Room on the right for the scroll bar, which lies over the content.
        container(scrollable(col.padding(iced::Padding {
            top: 6.0,
            right: 16.0,
            bottom: 6.0,
            left: 6.0,
        })))
        .width(Length::Fixed(420.0))
        .max_height(380.0)
        .into()
    }
}

/// The findings about a line: those whose piece of text is the line's printed source or
/// part of it (the library keeps the printed text as each line's source).
fn about(findings: &[Finding], source: Option<&str>) -> Vec<usize> {
    let Some(source) = source.map(str::trim).filter(|s| !s.is_empty()) else {
        return vec![];
    };
    findings
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            let piece = f.piece.trim();
            !piece.is_empty() && (source.contains(piece) || piece.contains(source))
        })
        .map(|(i, _)| i)
        .collect()
}

fn finding_line(f: &Finding) -> Element<'_, Message> {
    let (word, style): (&str, fn(&iced::Theme) -> text::Style) = match f.severity {
        Severity::Error => ("error", text::danger),
        Severity::Note => ("note", text::secondary),
    };
    text(format!("line {}: {word}: {}", f.line, f.message))
        .size(11)
        .style(style)
        .into()
}

/// The lines read, each with the findings beside it, then the findings about no line.
fn reading_view(r: &Reading) -> Element<'_, Message> {
    let t = &r.transcript;
    let errors = t
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let mut col = column![text(format!(
        "Read: {} set-up line(s), {} reinforcement(s), {} error(s), {} note(s)",
        t.setup.len(),
        t.reinforcements.len(),
        errors,
        t.findings.len() - errors
    ))
    .size(12)]
    .spacing(3);
    if errors > 0 {
        col = col.push(
            text("Nothing is applied while an error stands: fix the text and Read again.")
                .size(11)
                .style(text::danger),
        );
    }
    let mut shown: Vec<usize> = vec![];
    let entries = t
        .setup
        .iter()
        .map(|e| {
            (
                format!(
                    "{} — {}{}",
                    units(&e.units),
                    e.at,
                    if e.hidden { " (hidden)" } else { "" }
                ),
                e.source.as_deref(),
            )
        })
        .chain(t.reinforcements.iter().map(|e| {
            (
                format!(
                    "{} — {} (enters on turn {})",
                    units(&e.units),
                    e.enter,
                    e.turn
                ),
                e.source.as_deref(),
            )
        }));
    for (head, source) in entries {
        let mut line = column![text(head).size(12)].spacing(1);
        if let Some(s) = source {
            line = line.push(text(format!("print: {s}")).size(11).style(text::secondary));
        }
        for i in about(&t.findings, source) {
            shown.push(i);
            line = line.push(finding_line(&t.findings[i]));
        }
        col = col.push(container(line).padding([2, 4]).width(Fill));
    }
    let rest: Vec<&Finding> = t
        .findings
        .iter()
        .enumerate()
        .filter(|(i, _)| !shown.contains(i))
        .map(|(_, f)| f)
        .collect();
    if !rest.is_empty() {
        col = col.push(text("Not read into any line:").size(12));
        for f in rest {
            let mut line = column![finding_line(f)].spacing(1);
            if !f.piece.is_empty() {
                line = line.push(
                    text(format!("in: {}", f.piece))
                        .size(11)
                        .style(text::secondary),
                );
            }
            col = col.push(container(line).padding([2, 4]).width(Fill));
        }
    }
    col.into()
}

fn units(refs: &[muster_model::UnitRef]) -> String {
    refs.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
