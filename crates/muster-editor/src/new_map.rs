//! The New dialog: asks for a title, a ruleset and the grid (size, orientation, stagger,
//! numbering, first hex) before a new map and scenario exist, checking the grid against the
//! schema's bounds (`GridSpec::check`). A panel of its own: its state, `Message`, `update`
//! returning an [`Event`] for the app, and `view`.

use crate::document::Document;
use iced::widget::{button, column, container, row, text, text_input};
use iced::{Element, Length};
use muster_hex::{Grid, GridSpec, Numbering, Orientation, Stagger};

/// What the dialog holds while the designer fills it in.
#[derive(Debug, Clone)]
pub struct NewMap {
    /// Title of the map and the scenario.
    pub title: String,
    /// Ruleset id (one of the game systems).
    pub ruleset: String,
    /// Columns, as typed.
    pub columns: String,
    /// Rows, as typed.
    pub rows: String,
    /// Flat or pointy hexes.
    pub orientation: Orientation,
    /// Which columns (rows) are shifted.
    pub stagger: Stagger,
    /// Column first or row first in printed ids.
    pub numbering: Numbering,
    /// Printed number of the first column, as typed.
    pub first_column: String,
    /// Printed number of the first row, as typed.
    pub first_row: String,
    /// Why Create was refused, if it was.
    pub error: Option<String>,
}

impl Default for NewMap {
    fn default() -> Self {
        NewMap {
            title: String::new(),
            ruleset: muster_rules::default_system().id().into(),
            columns: "12".into(),
            rows: "10".into(),
            orientation: Orientation::Flat,
            stagger: Stagger::Even,
            numbering: Numbering::ColumnRow,
            first_column: "1".into(),
            first_row: "1".into(),
            error: None,
        }
    }
}

/// What the designer does in the dialog.
#[derive(Debug, Clone)]
pub enum Message {
    /// Title typed.
    Title(String),
    /// Ruleset chosen.
    Ruleset(&'static str),
    /// Columns typed.
    Columns(String),
    /// Rows typed.
    Rows(String),
    /// Orientation chosen.
    Orientation(Orientation),
    /// Stagger chosen.
    Stagger(Stagger),
    /// Numbering chosen.
    Numbering(Numbering),
    /// First column typed.
    FirstColumn(String),
    /// First row typed.
    FirstRow(String),
    /// Make the document.
    Create,
    /// Close the dialog.
    Cancel,
}

/// What the dialog tells the app.
#[derive(Debug, Clone)]
pub enum Event {
    /// A new, untitled document, not yet written anywhere.
    Create(Box<Document>),
    /// The designer closed the dialog.
    Cancel,
}

fn number(typed: &str, what: &str, min: u32, max: u32) -> Result<u32, String> {
    typed.trim().parse::<u32>().map_err(|_| {
        format!(
            "{what}: `{}` is not a number ({min} to {max})",
            typed.trim()
        )
    })
}

impl NewMap {
    /// The grid the fields describe, checked against the schema's bounds.
    pub fn grid(&self) -> Result<GridSpec, String> {
        let spec = GridSpec {
            orientation: self.orientation,
            stagger: self.stagger,
            numbering: self.numbering,
            first_column: number(&self.first_column, "first column", 0, GridSpec::MAX_FIRST)?,
            first_row: number(&self.first_row, "first row", 0, GridSpec::MAX_FIRST)?,
            columns: number(&self.columns, "columns", 1, GridSpec::MAX_SIZE)?,
            rows: number(&self.rows, "rows", 1, GridSpec::MAX_SIZE)?,
            ..GridSpec::flat(1, 1)
        };
        spec.check().map_err(|e| e.to_string())?;
        Ok(spec)
    }

    /// The new document the fields describe.
    pub fn document(&self) -> Result<Document, String> {
        let title = self.title.trim();
        if title.is_empty() {
            return Err("give the map a title".into());
        }
        let ruleset = muster_rules::ruleset(&self.ruleset)
            .ok_or_else(|| format!("`{}` is not a known ruleset", self.ruleset))?;
        let terrain = ruleset
            .terrain
            .first()
            .map(|t| t.id.clone())
            .ok_or_else(|| format!("the ruleset {} has no terrain", ruleset.name))?;
        Ok(Document::untitled(
            title,
            &ruleset.id,
            &terrain,
            self.grid()?,
        ))
    }

    /// Handles a message; an event when the dialog is done.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Title(s) => self.title = s,
            Message::Ruleset(id) => self.ruleset = id.into(),
            Message::Columns(s) => self.columns = s,
            Message::Rows(s) => self.rows = s,
            Message::Orientation(o) => self.orientation = o,
            Message::Stagger(s) => self.stagger = s,
            Message::Numbering(n) => self.numbering = n,
            Message::FirstColumn(s) => self.first_column = s,
            Message::FirstRow(s) => self.first_row = s,
            Message::Create => match self.document() {
                Ok(d) => return Some(Event::Create(Box::new(d))),
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

    /// The dialog, shown as a bar under the toolbar.
    pub fn view(&self) -> Element<'_, Message> {
        let choice = |label: String, chosen: bool, m: Message| {
            button(text(label).size(12))
                .padding([2, 6])
                .on_press(m)
                .style(if chosen {
                    button::primary
                } else {
                    button::secondary
                })
        };
        let field = |placeholder: &'static str, value: &str, on: fn(String) -> Message, w| {
            text_input(placeholder, value)
                .on_input(on)
                .size(13)
                .width(Length::Fixed(w))
        };
        let mut rulesets = row![text("Ruleset").size(13)].spacing(4);
        for id in muster_rules::system_ids() {
            let name = muster_rules::ruleset(id).map_or(id.to_string(), |r| r.name.clone());
            rulesets = rulesets.push(choice(name, self.ruleset == id, Message::Ruleset(id)));
        }
        let o = self.orientation;
        let grid = row![
            text("Columns").size(13),
            field("12", &self.columns, Message::Columns, 50.0),
            text("rows").size(13),
            field("10", &self.rows, Message::Rows, 50.0),
            choice(
                "Flat".into(),
                o == Orientation::Flat,
                Message::Orientation(Orientation::Flat)
            ),
            choice(
                "Pointy".into(),
                o == Orientation::Pointy,
                Message::Orientation(Orientation::Pointy)
            ),
            text("shifted").size(13),
            choice(
                "even".into(),
                self.stagger == Stagger::Even,
                Message::Stagger(Stagger::Even)
            ),
            choice(
                "odd".into(),
                self.stagger == Stagger::Odd,
                Message::Stagger(Stagger::Odd)
            ),
            text("ids").size(13),
            choice(
                "CCRR".into(),
                self.numbering == Numbering::ColumnRow,
                Message::Numbering(Numbering::ColumnRow)
            ),
            choice(
                "RRCC".into(),
                self.numbering == Numbering::RowColumn,
                Message::Numbering(Numbering::RowColumn)
            ),
            text("first column").size(13),
            field("1", &self.first_column, Message::FirstColumn, 30.0),
            text("first row").size(13),
            field("1", &self.first_row, Message::FirstRow, 30.0),
        ]
        .spacing(4);
        let verdict = match (self.error.clone(), self.grid()) {
            (Some(e), _) | (None, Err(e)) => text(e).size(13).style(text::danger),
            (None, Ok(spec)) => {
                let g = Grid::new(spec);
                let (cs, rs) = (g.column_range(), g.row_range());
                let first = g.to_printed(g.from_column_row(*cs.start(), *rs.start()));
                let last = g.to_printed(g.from_column_row(*cs.end(), *rs.end()));
                text(format!("{} hexes, {first} to {last}", g.len())).size(13)
            }
        };
        let body = column![
            row![
                text("New map").size(15),
                text("Title").size(13),
                field("Battle of …", &self.title, Message::Title, 260.0),
                button(text("Create").size(13)).on_press(Message::Create),
                button(text("Cancel").size(13)).on_press(Message::Cancel),
            ]
            .spacing(8),
            rulesets,
            grid,
            verdict,
        ]
        .spacing(4)
        .padding(6);
        container(body).style(container::bordered_box).into()
    }
}
