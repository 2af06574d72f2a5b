//! The Export PNG prompt: asks where to write the picture and at how many pixels a hex,
//! refuses a size out of [`crate::export::PX_PER_HEX`], and hands the app a checked
//! request. A panel of its own: its state, `Message`, `update` returning an [`Event`] for
//! the app, and `view` (a bar under the menu bar, like the New dialog).

use iced::widget::{button, container, row, text, text_input};
use iced::{Element, Length};
use std::path::PathBuf;

/// What the prompt holds while the designer fills it in.
#[derive(Debug, Clone)]
pub struct ExportPrompt {
    /// The path of the PNG, as typed.
    pub path: String,
    /// Pixels per hex, as typed.
    pub px_per_hex: String,
    /// Why Export was refused, if it was.
    pub error: Option<String>,
}

/// What the designer does in the prompt.
#[derive(Debug, Clone)]
pub enum Message {
    /// Path typed.
    Path(String),
    /// Pixels per hex typed.
    PxPerHex(String),
    /// Write the picture.
    Export,
    /// Close the prompt.
    Cancel,
}

/// What the prompt tells the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Write the document's picture to this path at this many pixels a hex.
    Export(PathBuf, u32),
    /// The designer closed the prompt.
    Cancel,
}

impl ExportPrompt {
    /// A prompt offering `path` at the renderer's usual 48 pixels a hex.
    pub fn new(path: PathBuf) -> ExportPrompt {
        ExportPrompt {
            path: path.display().to_string(),
            px_per_hex: "48".into(),
            error: None,
        }
    }

    /// The request the fields describe, or why it cannot be made.
    pub fn request(&self) -> Result<(PathBuf, u32), String> {
        let path = self.path.trim();
        if path.is_empty() {
            return Err("type the path of the PNG to write".into());
        }
        let range = crate::export::PX_PER_HEX;
        let px = self.px_per_hex.trim();
        let refuse = || {
            format!(
                "pixels per hex: `{px}` is not a number from {} to {}",
                range.start(),
                range.end()
            )
        };
        let n: u32 = px.parse().map_err(|_| refuse())?;
        if !range.contains(&n) {
            return Err(refuse());
        }
        Ok((PathBuf::from(path), n))
    }

    /// Handles a message; an event when the prompt is done.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Path(s) => self.path = s,
            Message::PxPerHex(s) => self.px_per_hex = s,
            Message::Export => match self.request() {
                Ok((path, px)) => return Some(Event::Export(path, px)),
                Err(e) => {
                    self.error = Some(e);
                    return None;
                }
            },
            Message::Cancel => return Some(Event::Cancel),
        }
        self.error = None;
        None
    }

    /// The prompt, shown as a bar under the menu bar.
    pub fn view(&self) -> Element<'_, Message> {
        let mut bar = row![
            text("Export PNG").size(15),
            text("to").size(13),
            text_input("map.png", &self.path)
                .on_input(Message::Path)
                .on_submit(Message::Export)
                .size(13)
                .width(Length::Fixed(420.0)),
            text("pixels per hex").size(13),
            text_input("48", &self.px_per_hex)
                .on_input(Message::PxPerHex)
                .on_submit(Message::Export)
                .size(13)
                .width(Length::Fixed(50.0)),
            button(text("Export").size(13))
                .style(button::primary)
                .on_press(Message::Export),
            button(text("Cancel").size(13)).on_press(Message::Cancel),
        ]
        .spacing(8)
        .align_y(iced::Alignment::Center);
        if let Some(e) = &self.error {
            bar = bar.push(text(e.clone()).size(13).style(text::danger));
        }
        container(bar.padding(6))
            .width(iced::Fill)
            .style(container::bordered_box)
            .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_out_of_bounds_are_refused() {
        let mut p = ExportPrompt::new("x.png".into());
        for bad in ["0", "7", "129", "big", ""] {
            p.px_per_hex = bad.into();
            assert!(p.request().is_err(), "{bad} accepted");
        }
        p.px_per_hex = " 64 ".into();
        assert_eq!(p.request(), Ok(("x.png".into(), 64)));
    }
}
