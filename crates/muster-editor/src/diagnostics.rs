//! The findings as the designer sees them: each with a badge of its severity (error red,
//! warning amber, note grey); a finding about a hex is a link that centres the map on it,
//! one without a hex is plain text. And the count badge of the menu bar, so errors show
//! where the eye goes first, not only in the status line.

use crate::app::{App, Message};
use crate::validate::Item;
use iced::widget::{button, column, container, row, text};
use iced::{Element, Fill};
use muster_check::Severity;

/// How many errors, warnings and notes the latest validation found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Notes.
    pub notes: usize,
}

impl Counts {
    /// Counts the findings by severity.
    pub fn of(items: &[Item]) -> Counts {
        let mut c = Counts::default();
        for i in items {
            match i.severity {
                Severity::Error => c.errors += 1,
                Severity::Warning => c.warnings += 1,
                Severity::Note => c.notes += 1,
            }
        }
        c
    }

    /// "3 errors, 1 warning", "no findings".
    pub fn summary(self) -> String {
        let mut parts = vec![];
        if self.errors > 0 {
            parts.push(plural(self.errors, "error"));
        }
        if self.warnings > 0 {
            parts.push(plural(self.warnings, "warning"));
        }
        if self.notes > 0 {
            parts.push(plural(self.notes, "note"));
        }
        if parts.is_empty() {
            "no findings".into()
        } else {
            parts.join(", ")
        }
    }
}

/// "1 error", "3 errors".
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The colour of a severity: red, amber, grey.
fn colour(severity: Option<Severity>) -> iced::Color {
    match severity {
        Some(Severity::Error) => iced::Color::from_rgb8(0xc0, 0x2b, 0x2b),
        Some(Severity::Warning) => iced::Color::from_rgb8(0xc7, 0x7c, 0x02),
        Some(Severity::Note) => iced::Color::from_rgb8(0x70, 0x70, 0x70),
        None => iced::Color::from_rgb8(0x2e, 0x7d, 0x32),
    }
}

/// A small coloured label.
fn pill<'a>(label: String, severity: Option<Severity>) -> Element<'a, Message> {
    let background = colour(severity);
    container(text(label).size(11))
        .padding([1, 5])
        .style(move |_| container::Style {
            background: Some(background.into()),
            text_color: Some(iced::Color::WHITE),
            border: iced::border::rounded(3),
            ..container::Style::default()
        })
        .into()
}

/// The count badge of the menu bar: red with errors, amber with warnings only.
pub fn badge(app: &App) -> Element<'_, Message> {
    let counts = Counts::of(&app.diagnostics);
    let worst = if counts.errors > 0 {
        Some(Severity::Error)
    } else if counts.warnings > 0 {
        Some(Severity::Warning)
    } else if counts.notes > 0 {
        Some(Severity::Note)
    } else {
        None
    };
    pill(counts.summary(), worst)
}

/// How a finding reads in the list: its code, message and hex.
pub fn label(item: &Item) -> String {
    format!(
        "{} {}{}",
        item.code,
        item.message,
        item.hex
            .as_ref()
            .map(|h| format!(" [{h}]"))
            .unwrap_or_default()
    )
}

/// The findings, one line each.
pub fn list(app: &App) -> Element<'_, Message> {
    let counts = Counts::of(&app.diagnostics);
    let heading = format!(
        "Diagnostics: {}, {}",
        plural(counts.errors, "error"),
        plural(counts.warnings, "warning")
    );
    let mut col = column![text(heading).size(15)].spacing(2);
    for item in &app.diagnostics {
        let line = row![
            pill(item.severity.as_str().into(), Some(item.severity)),
            text(label(item)).size(12).width(Fill),
        ]
        .spacing(6)
        .align_y(iced::Alignment::Center);
        col = col.push(match &item.hex {
            Some(hex) => button(line)
                .width(Fill)
                .padding([2, 4])
                .style(button::text)
                .on_press(Message::Focus(hex.clone()))
                .into(),
            None => Element::from(container(line).width(Fill).padding([2, 4])),
        });
    }
    col.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_count_in_words() {
        let c = |errors, warnings, notes| Counts {
            errors,
            warnings,
            notes,
        };
        assert_eq!(c(3, 1, 0).summary(), "3 errors, 1 warning");
        assert_eq!(c(0, 0, 2).summary(), "2 notes");
        assert_eq!(c(0, 0, 0).summary(), "no findings");
    }
}
