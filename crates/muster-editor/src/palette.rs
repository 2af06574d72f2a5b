//! The palette, the window's left panel: the tools, the brush, and the values the tools
//! give what they make (a label's text, an elevation, a facing, a reinforcement turn, a
//! zone's name, quick-entry hexes), in sections that open one at a time, and the layers'
//! visibility. A panel of its own: its state, `Message`, `update` returning an [`Event`]
//! for the shell where the document is concerned, and `view`.

use crate::document::Document;
use crate::layers::{Layer, Visible};
use crate::snapshot::Snapshot;
use crate::tool::{Section, Tool};
use crate::widgets::{choice, with_tip};
use iced::widget::{button, checkbox, column, row, scrollable, text, text_input};
use iced::{Element, Fill, Length};
use muster_model::Level;

/// The tool in force and the values it works with.
#[derive(Debug, Clone)]
pub struct Palette {
    /// Active tool.
    pub tool: Tool,
    /// Brush radius in hexes (0, 1, 2 for sizes 1, 2, 3).
    pub brush: u32,
    /// The open section, if any.
    pub section: Option<Section>,
    /// Text for the label tool.
    pub label: String,
    /// Elevation the elevation tool sets.
    pub elevation: String,
    /// Name of the zone the zone tools paint.
    pub zone_name: String,
    /// A zone expression to show on the map (`Row("08xx")`).
    pub zone: String,
    /// Facing given to placed units (a side, or a point for stands that face one).
    pub facing: String,
    /// Level given to placed units in a siege-tower hex.
    pub level: Option<Level>,
    /// Turn on which placed units enter as reinforcements (empty: set-up).
    pub enters_on: String,
    /// Quick-entry hexes ("0504, 0505").
    pub quick: String,
    /// Value given to placed markers (a fire's turns, a wall's damage stage).
    pub marker_value: String,
    /// Side whose pieces the siege-works buttons place.
    pub piece_side: usize,
    /// The layers the canvas draws.
    pub show: Visible,
}

impl Default for Palette {
    fn default() -> Self {
        Palette {
            tool: Tool::Select,
            brush: 0,
            section: Some(Section::default()),
            label: String::new(),
            elevation: "1".into(),
            zone_name: String::new(),
            zone: String::new(),
            facing: String::new(),
            level: None,
            enters_on: String::new(),
            quick: String::new(),
            marker_value: String::new(),
            piece_side: 0,
            show: Visible::default(),
        }
    }
}

/// What the designer does in the palette.
#[derive(Debug, Clone)]
pub enum Message {
    /// Choose a tool.
    Tool(Tool),
    /// Brush size (1, 2, 3).
    Brush(u32),
    /// Open a section (a second click on the open one closes it).
    Section(Section),
    /// Label field edited.
    Label(String),
    /// Elevation field edited.
    Elevation(String),
    /// Zone-name field edited.
    ZoneName(String),
    /// Zone field edited.
    Zone(String),
    /// Facing field edited.
    Facing(String),
    /// Level for placed units (None: ground).
    Level(Option<Level>),
    /// Reinforcement-turn field edited.
    EntersOn(String),
    /// Quick-entry field edited.
    Quick(String),
    /// Marker-value field edited.
    MarkerValue(String),
    /// The side whose pieces the siege-works buttons place.
    PieceSide(usize),
    /// Highlight the hexes of the zone field's expression.
    ShowZone,
    /// Place the selected unit on the quick-entry hexes.
    QuickPlace,
    /// Show or hide a layer of the canvas.
    ToggleLayer(Layer),
}

/// What the palette tells the shell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Another tool is in force: what the last one left half done goes.
    ToolChosen,
    /// Light the zone field's hexes.
    ShowZone,
    /// Place the selected unit on the quick-entry hexes.
    QuickPlace,
    /// A layer was shown or hidden: the canvas redraws.
    LayersChanged,
}

impl Palette {
    /// Handles a message; the document is the shell's, so what touches it is an event.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Tool(t) => {
                self.tool = t;
                return Some(Event::ToolChosen);
            }
            Message::Brush(n) => self.brush = n.clamp(1, 3) - 1,
            Message::Section(section) => {
                self.section = (self.section != Some(section)).then_some(section);
            }
            Message::Label(s) => self.label = s,
            Message::Elevation(s) => self.elevation = s,
            Message::ZoneName(s) => self.zone_name = s,
            Message::Zone(s) => self.zone = s,
            Message::Facing(s) => self.facing = s.trim().to_uppercase(),
            Message::Level(l) => self.level = l,
            Message::EntersOn(s) => self.enters_on = s,
            Message::Quick(s) => self.quick = s,
            Message::MarkerValue(s) => self.marker_value = s,
            Message::PieceSide(i) => {
                self.piece_side = i;
                if let Tool::Piece { kind, .. } = self.tool.clone() {
                    self.tool = Tool::Piece { side: i, kind };
                }
            }
            Message::ShowZone => return Some(Event::ShowZone),
            Message::QuickPlace => return Some(Event::QuickPlace),
            Message::ToggleLayer(layer) => {
                self.show.toggle(layer);
                return Some(Event::LayersChanged);
            }
        }
        None
    }

    /// Forgets the tool's half-done state for another document.
    pub fn reset_for_new_document(&mut self) {
        self.tool = Tool::Select;
        self.level = None;
    }

    fn tool_button<'a>(&self, label: String, tool: Tool) -> Element<'a, Message> {
        let chosen = self.tool == tool;
        let help = tool.help();
        with_tip(
            choice(label, 13, chosen, Message::Tool(tool))
                .width(Fill)
                .padding([3, 6]),
            help,
        )
    }

    /// A section header: a button that opens its section (one at a time, so that a long
    /// vocabulary such as Siege's stays reachable).
    fn header<'a>(&self, label: &'static str, section: Section) -> Element<'a, Message> {
        let open = self.section == Some(section);
        let b = button(text(format!("{} {label}", if open { "▾" } else { "▸" })).size(14))
            .width(Fill)
            .padding([3, 4])
            .on_press(Message::Section(section));
        if open {
            b.style(button::secondary).into()
        } else {
            b.style(button::text).into()
        }
    }

    /// The palette for the document open.
    pub fn view<'a>(&'a self, doc: &'a Document, snap: &Snapshot) -> Element<'a, Message> {
        let mut col = column![text("Tools").size(15)].spacing(4);
        col = col.push(self.tool_button("Select / reach".into(), Tool::Select));
        // The system's queries decide which of its tools exist.
        let answers = |q| muster_rules::answers(&doc.map.ruleset, q);
        if answers(muster_rules::Query::Los) {
            col = col.push(self.tool_button("Line of fire".into(), Tool::LineOfFire));
        }
        if answers(muster_rules::Query::Odds) {
            col = col.push(self.tool_button("Combat odds".into(), Tool::Odds));
        }
        col = col.push(self.tool_button("Erase units".into(), Tool::Erase));
        col = col.push(
            row![
                text("Brush").size(13),
                button(text("1").size(12)).on_press(Message::Brush(1)),
                button(text("2").size(12)).on_press(Message::Brush(2)),
                button(text("3").size(12)).on_press(Message::Brush(3)),
                text(format!("size {}", self.brush + 1)).size(12)
            ]
            .spacing(4),
        );
        if let Some(r) = muster_rules::ruleset(&doc.map.ruleset) {
            col = self.map_sections(col, r, &doc.map.ruleset, snap);
        }
        if let Some(s) = &doc.scenario {
            col = self.scenario_sections(col, doc, s);
        }
        col = col.push(self.header("Layers", Section::Layers));
        if self.section == Some(Section::Layers) {
            for layer in Layer::ALL {
                col = col.push(
                    checkbox(self.show.shows(layer))
                        .label(layer.name())
                        .text_size(13)
                        .on_toggle(move |_| Message::ToggleLayer(layer)),
                );
            }
        }
        // The scrollbar is embedded beside the buttons: floating over them, it clipped
        // their right edge when a prompt bar left less height.
        scrollable(col.padding(6))
            .spacing(2)
            .width(Length::Fixed(230.0))
            .height(Fill)
            .into()
    }

    /// Terrain, hexsides, roads, labels and zones: what any map has.
    fn map_sections<'a>(
        &'a self,
        mut col: iced::widget::Column<'a, Message>,
        r: &'a muster_model::Ruleset,
        ruleset: &str,
        snap: &Snapshot,
    ) -> iced::widget::Column<'a, Message> {
        col = col.push(self.header("Terrain", Section::Terrain));
        if self.section == Some(Section::Terrain) {
            for t in &r.terrain {
                col = col.push(
                    row![
                        crate::legend::swatch(crate::legend::terrain_colour(ruleset, snap, &t.id)),
                        self.tool_button(t.name.clone(), Tool::Terrain(t.id.clone())),
                        button(text("fill").size(11))
                            .padding([3, 4])
                            .on_press(Message::Tool(Tool::Fill(t.id.clone())))
                    ]
                    .spacing(2)
                    .align_y(iced::Alignment::Center),
                );
            }
        }
        col = col.push(self.header("Hexsides", Section::Hexsides));
        if self.section == Some(Section::Hexsides) {
            for f in &r.hexside_features {
                col = col.push(self.tool_button(f.name.clone(), Tool::Hexside(Some(f.id.clone()))));
            }
            col = col.push(self.tool_button("Erase hexside".into(), Tool::Hexside(None)));
        }
        col = col.push(self.header("Roads, labels, zones", Section::Roads));
        if self.section == Some(Section::Roads) {
            col = col.push(self.tool_button("Road".into(), Tool::Road));
            col = col.push(
                row![
                    self.tool_button("Label".into(), Tool::Label),
                    text_input("St Peter's church", &self.label)
                        .on_input(Message::Label)
                        .size(13)
                ]
                .spacing(2),
            );
            col = col.push(
                row![
                    self.tool_button("Elevation".into(), Tool::Elevation),
                    text_input("1", &self.elevation)
                        .on_input(Message::Elevation)
                        .size(13)
                        .width(Length::Fixed(40.0))
                ]
                .spacing(2),
            );
            col = col.push(text("Zone name").size(13));
            col = col.push(
                text_input("Yorkist set-up", &self.zone_name)
                    .on_input(Message::ZoneName)
                    .size(13),
            );
            col = col.push(
                row![
                    self.tool_button("Paint zone".into(), Tool::ZonePaint),
                    self.tool_button("Edge zone".into(), Tool::EdgeZone(None)),
                ]
                .spacing(2),
            );
            col = col.push(text("Show a zone").size(13));
            col = col.push(
                text_input("Row(\"08xx\")", &self.zone)
                    .on_input(Message::Zone)
                    .on_submit(Message::ShowZone)
                    .size(13),
            );
        }
        col
    }

    /// Overlays, units, siege works and markers: what a scenario places.
    fn scenario_sections<'a>(
        &'a self,
        mut col: iced::widget::Column<'a, Message>,
        doc: &'a Document,
        s: &'a muster_model::ScenarioFile,
    ) -> iced::widget::Column<'a, Message> {
        if !s.overlays.is_empty() {
            col = col.push(self.header("Overlays", Section::Overlays));
            if self.section == Some(Section::Overlays) {
                for (i, o) in s.overlays.iter().enumerate() {
                    let name = doc
                        .overlays
                        .get(i)
                        .and_then(|x| x.as_ref())
                        .map(|x| x.title.clone())
                        .unwrap_or_else(|| o.file.clone());
                    col = col.push(self.tool_button(
                        format!("Place {name}"),
                        Tool::Overlay {
                            placement: i,
                            next: 0,
                        },
                    ));
                }
            }
        }
        col = col.push(self.header("Units", Section::Units));
        if self.section == Some(Section::Units) {
            col = self.units_section(col, s);
        }
        if let Some(r) = muster_rules::ruleset(&s.ruleset).filter(|r| !r.pieces.is_empty()) {
            col = col.push(self.header("Siege works", Section::Siege));
            if self.section == Some(Section::Siege) {
                let mut sides = row![text("for").size(13)].spacing(3);
                for (i, sd) in s.sides.iter().enumerate() {
                    sides = sides.push(choice(
                        sd.id.clone(),
                        12,
                        self.piece_side == i,
                        Message::PieceSide(i),
                    ));
                }
                col = col.push(sides);
                for p in &r.pieces {
                    col = col.push(self.tool_button(
                        p.name.clone(),
                        Tool::Piece {
                            side: self.piece_side,
                            kind: p.id.clone(),
                        },
                    ));
                }
            }
            col = col.push(self.header("Markers", Section::Markers));
            if self.section == Some(Section::Markers) {
                col = col.push(
                    row![
                        text("value").size(13),
                        text_input("1", &self.marker_value)
                            .on_input(Message::MarkerValue)
                            .size(13)
                    ]
                    .spacing(4),
                );
                for m in &r.markers {
                    col = col.push(self.tool_button(m.name.clone(), Tool::Marker(m.id.clone())));
                }
            }
        }
        col
    }

    /// Each side's units to place, and the values placed units get.
    fn units_section<'a>(
        &'a self,
        mut col: iced::widget::Column<'a, Message>,
        s: &'a muster_model::ScenarioFile,
    ) -> iced::widget::Column<'a, Message> {
        for (si, side) in s.sides.iter().enumerate() {
            col = col.push(text(side.name.clone()).size(14));
            for (ui, u) in side.units.iter().enumerate() {
                let label = if u.count > 1 {
                    format!("{} ×{}", u.id, u.count)
                } else {
                    u.id.clone()
                };
                col = col.push(self.tool_button(label, Tool::Place { side: si, unit: ui }));
            }
        }
        // Only where the system's units face a way (the GameSystem table says).
        if crate::app::has_facing(&s.ruleset) {
            col = col.push(
                row![
                    text("Facing").size(13),
                    text_input("NE", &self.facing)
                        .on_input(Message::Facing)
                        .size(13)
                ]
                .spacing(4),
            );
        }
        if crate::app::has_levels(&s.ruleset) {
            let level = |label: &'static str, l: Option<Level>| {
                choice(label, 12, self.level == l, Message::Level(l))
            };
            col = col.push(
                row![
                    text("Level").size(13),
                    level("ground", None),
                    level("lower", Some(Level::Lower)),
                    level("upper", Some(Level::Upper)),
                ]
                .spacing(3),
            );
        }
        col = col.push(
            row![
                text("Enters on turn").size(13),
                text_input("set-up", &self.enters_on)
                    .on_input(Message::EntersOn)
                    .size(13)
                    .width(Length::Fixed(60.0))
            ]
            .spacing(4),
        );
        col = col.push(text("Quick entry").size(14));
        col = col.push(
            text_input("0504, 0505, 0508", &self.quick)
                .on_input(Message::Quick)
                .on_submit(Message::QuickPlace)
                .size(13),
        );
        col.push(button(text("Place on these hexes").size(13)).on_press(Message::QuickPlace))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_click_on_the_open_section_closes_it() {
        let mut p = Palette::default();
        assert_eq!(p.update(Message::Section(Section::Units)), None);
        assert_eq!(p.section, Some(Section::Units));
        p.update(Message::Section(Section::Units));
        assert_eq!(p.section, None);
    }

    #[test]
    fn the_piece_side_follows_into_the_piece_tool_in_force() {
        let mut p = Palette::default();
        let piece = Tool::Piece {
            side: 0,
            kind: "ram".into(),
        };
        assert_eq!(p.update(Message::Tool(piece)), Some(Event::ToolChosen));
        p.update(Message::PieceSide(1));
        assert_eq!(
            p.tool,
            Tool::Piece {
                side: 1,
                kind: "ram".into()
            }
        );
        // Another tool in force is left alone.
        p.update(Message::Tool(Tool::Road));
        p.update(Message::PieceSide(0));
        assert_eq!(p.tool, Tool::Road);
    }

    #[test]
    fn the_brush_is_one_to_three_hexes_and_facings_read_upper_case() {
        let mut p = Palette::default();
        p.update(Message::Brush(9));
        assert_eq!(p.brush, 2);
        p.update(Message::Brush(0));
        assert_eq!(p.brush, 0);
        p.update(Message::Facing(" ne ".into()));
        assert_eq!(p.facing, "NE");
    }

    #[test]
    fn what_touches_the_document_or_the_canvas_is_an_event() {
        let mut p = Palette::default();
        assert_eq!(p.update(Message::QuickPlace), Some(Event::QuickPlace));
        assert_eq!(p.update(Message::ShowZone), Some(Event::ShowZone));
        assert!(p.show.shows(Layer::Units));
        assert_eq!(
            p.update(Message::ToggleLayer(Layer::Units)),
            Some(Event::LayersChanged)
        );
        assert!(!p.show.shows(Layer::Units));
        assert_eq!(p.update(Message::Quick("0504".into())), None);
    }
}
