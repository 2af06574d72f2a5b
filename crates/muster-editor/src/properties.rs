//! The property inspector (issue 16): typed widgets for what is selected — the hex
//! (terrain from the ruleset's vocabulary, elevation, label), the set-up lines on it (how
//! many of each unit, where, hidden), the units they name (each step's strength and
//! movement) and their sides (commander, and the whole-number fields their game system
//! declares, such as A la Charge's army morale). Each change is one labelled undo
//! step; the raw source panels stay for everything else.

use crate::document::Document;
use crate::snapshot::Snapshot;
use iced::widget::{checkbox, column, pick_list, row, text, text_input};
use iced::{Element, Fill};
use muster_hex::Hex;
use muster_model::Zone;
use std::collections::HashMap;

/// A field typed into, until Enter commits it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// The selected hex's elevation.
    Elevation,
    /// The selected hex's label.
    Label,
    /// Where a set-up line stands (side, line).
    Zone(usize, usize),
    /// How many of a line's unit (side, line, unit in the line).
    Count(usize, usize, usize),
    /// A step's strength (side, unit, step).
    Strength(usize, usize, usize),
    /// A step's movement points (side, unit, step).
    Mp(usize, usize, usize),
    /// A set-up line's facing (side, line).
    Facing(usize, usize),
    /// A unit's name (side, unit).
    UnitName(usize, usize),
    /// The turn a reinforcement enters (side, reinforcement).
    Turn(usize, usize),
    /// Where a reinforcement enters (side, reinforcement).
    Enter(usize, usize),
    /// How many of a reinforcement's unit (side, reinforcement, unit in it).
    ReinforcementCount(usize, usize, usize),
    /// A side's commander.
    Commander(usize),
    /// A whole-number field of a side's game system (side, field name), such as A la
    /// Charge's army morale level.
    SideNumber(usize, &'static str),
    /// The hex a siege piece is placed on (piece, by its index in the scenario).
    PieceAt(usize),
    /// The way a siege piece faces (piece).
    PieceFacing(usize),
}

/// What the inspector's widgets send.
#[derive(Debug, Clone)]
pub enum Message {
    /// A terrain picked for the selected hex.
    Terrain(String),
    /// A field typed into.
    Draft(Field, String),
    /// Enter in a field.
    Commit(Field),
    /// A set-up line's hidden box (side, line, hidden).
    Hidden(usize, usize, bool),
    /// A unit kind picked for a unit (side, unit, kind).
    Kind(usize, usize, String),
}

/// What the inspector asks of the shell, which owns the document and its undo history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Give the selected hex this terrain.
    Terrain(String),
    /// A field was committed with this text (trimmed).
    Commit(Field, String),
    /// Hide or show a set-up line (side, line, hidden).
    Hidden(usize, usize, bool),
    /// Give a unit this kind (side, unit, kind).
    Kind(usize, usize, String),
}

/// The inspector's own state: what is typed and not yet committed, why the last value
/// was refused, and the set-up lines on the selected hex.
#[derive(Debug, Clone, Default)]
pub struct Properties {
    /// Fields typed into and not yet committed.
    pub drafts: HashMap<Field, String>,
    /// Why the last value typed was refused.
    pub error: Option<String>,
    /// The set-up lines on the selected hex, as (side, line).
    pub lines_here: Vec<(usize, usize)>,
    /// The reinforcements entering through the selected hex, as (side, reinforcement).
    pub reinforcements_here: Vec<(usize, usize)>,
}

impl Properties {
    /// Handles a message; what changes the document goes to the shell as an event.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Draft(f, s) => {
                self.drafts.insert(f, s);
                None
            }
            Message::Commit(f) => {
                let typed = self.drafts.get(&f)?;
                Some(Event::Commit(f, typed.trim().to_string()))
            }
            Message::Terrain(t) => Some(Event::Terrain(t)),
            Message::Hidden(si, li, hidden) => Some(Event::Hidden(si, li, hidden)),
            Message::Kind(si, ui, kind) => Some(Event::Kind(si, ui, kind)),
        }
    }

    /// The shell took the committed value: the field shows the document again.
    pub fn accepted(&mut self, f: Field) {
        self.drafts.remove(&f);
        self.error = None;
    }

    /// The shell refused the committed value: the typed text stays, with the reason.
    pub fn refused(&mut self, reason: String) {
        self.error = Some(reason);
    }

    /// Another hex was selected (or another document opened): drafts and errors go.
    pub fn select(&mut self, here: LinesHere) {
        self.drafts.clear();
        self.error = None;
        self.lines_here = here.setup;
        self.reinforcements_here = here.reinforcements;
    }
}

/// The set-up lines and the reinforcements on a hex, each as (side, index in its list).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinesHere {
    /// Set-up lines, as (side, line).
    pub setup: Vec<(usize, usize)>,
    /// Reinforcements entering through the hex, as (side, reinforcement).
    pub reinforcements: Vec<(usize, usize)>,
}

/// What the inspector's view reads: the document, what the canvas shows, the selection.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// The document.
    pub doc: &'a Document,
    /// What the canvas draws (the grid, to print hex ids).
    pub snap: &'a Snapshot,
    /// The selected hex.
    pub selected: Option<Hex>,
}

/// Reads a zone as the inspector shows it: hex ids separated by spaces or commas
/// (`0504 0505`), or any zone form as RON (`Row("08xx")`, `Edge(side: East, ...)`).
pub fn parse_zone(text: &str) -> Result<Zone, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("a set-up line needs hexes or a zone".into());
    }
    if !text.contains('(') {
        let ids = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(|s| muster_model::HexId(s.trim_matches('"').to_string()))
            .collect();
        return Ok(Zone::Hexes(ids));
    }
    // Wrapped in a field, so that `Edge(side: ...)` is read as a variant and not as a
    // named top-level struct.
    muster_check::syntax::read(&format!("(zone: {text})"))
        .map_err(|e| e.message)
        .and_then(|n| {
            serde_json::from_value::<Zone>(n.to_json()["zone"].clone())
                .map_err(|e| format!("not a zone: {e}"))
        })
}

/// The zone as the inspector shows it (hex lists plainly, other forms as RON).
pub fn zone_text(zone: &Zone) -> String {
    crate::transcript::written(zone)
}

fn field<'a>(
    props: &'a Properties,
    f: Field,
    current: String,
    hint: &'a str,
) -> Element<'a, Message> {
    let value = props.drafts.get(&f).cloned().unwrap_or(current);
    text_input(hint, &value)
        .on_input(move |s| Message::Draft(f, s))
        .on_submit(Message::Commit(f))
        .size(13)
        .padding(3)
        .width(Fill)
        .into()
}

fn labelled<'a>(label: &'a str, widget: Element<'a, Message>) -> Element<'a, Message> {
    row![text(label).size(12).width(90), widget]
        .spacing(6)
        .align_y(iced::Alignment::Center)
        .into()
}

/// The inspector's typed section for the selected hex, if a hex is selected.
pub fn view<'a>(props: &'a Properties, cx: Context<'a>) -> Option<Element<'a, Message>> {
    let hex = cx.selected?;
    let id = cx.snap.grid.to_printed(hex);
    let map = &cx.doc.map;
    let entry = map.hexes.iter().find(|e| e.hex.as_str() == id);
    let mut col = column![text(format!("Properties of {id}")).size(15)].spacing(4);
    let terrains: Vec<String> = muster_rules::ruleset(&map.ruleset)
        .map(|r| r.terrain.iter().map(|t| t.id.clone()).collect())
        .unwrap_or_default();
    let current = entry
        .and_then(|e| e.terrain.clone())
        .unwrap_or_else(|| map.default_terrain.clone());
    col = col.push(labelled(
        "terrain",
        pick_list(terrains, Some(current), Message::Terrain)
            .text_size(13)
            .padding(3)
            .width(Fill)
            .into(),
    ));
    let elevation = entry
        .and_then(|e| e.elevation)
        .map(|e| e.to_string())
        .unwrap_or_default();
    col = col.push(labelled(
        "elevation",
        field(props, Field::Elevation, elevation, "0"),
    ));
    let label = entry.and_then(|e| e.label.clone()).unwrap_or_default();
    col = col.push(labelled("label", field(props, Field::Label, label, "none")));
    if let Some(error) = &props.error {
        col = col.push(
            text(error.clone())
                .size(12)
                .color(iced::Color::from_rgb8(0xb0, 0x10, 0x10)),
        );
    }
    let Some(scenario) = &cx.doc.scenario else {
        return Some(col.into());
    };
    let mut sides_here: Vec<usize> = Vec::new();
    for &(si, li) in &props.lines_here {
        if let Some(line) = setup_line(props, scenario, si, li) {
            col = col.push(line);
            sides_here.push(si);
        }
    }
    for &(si, ri) in &props.reinforcements_here {
        if let Some(r) = reinforcement(props, scenario, si, ri) {
            col = col.push(r);
            sides_here.push(si);
        }
    }
    // The siege pieces on the hex: where each is placed and which way it faces (a drag
    // with the select tool does the same on the map).
    for shown in cx.snap.pieces.iter().filter(|p| p.hexes.contains(&hex)) {
        let Some((pi, piece)) = scenario
            .pieces
            .iter()
            .enumerate()
            .find(|(_, p)| p.id == shown.id)
        else {
            continue;
        };
        col = col.push(text(format!("piece {}", shown.name)).size(14));
        let at = piece.at.as_ref().map(|h| h.0.clone()).unwrap_or_default();
        col = col.push(labelled(
            "placed on",
            field(props, Field::PieceAt(pi), at, "off the map"),
        ));
        let facing = piece.facing.clone().unwrap_or_default();
        col = col.push(labelled(
            "facing",
            field(props, Field::PieceFacing(pi), facing, "N"),
        ));
    }
    // Each side with a counter here, once, after its lines.
    sides_here.sort_unstable();
    sides_here.dedup();
    for si in sides_here {
        col = col.push(side_fields(props, scenario, si));
    }
    Some(col.into())
}

/// A set-up line: how many of each unit (with the unit's own fields), where, facing,
/// hidden, and the print it comes from.
fn setup_line<'a>(
    props: &'a Properties,
    scenario: &'a muster_model::ScenarioFile,
    si: usize,
    li: usize,
) -> Option<Element<'a, Message>> {
    let side = scenario.sides.get(si)?;
    let line = side.setup.get(li)?;
    let mut col =
        column![text(format!("{}: set-up line {}", side.name, li + 1)).size(14)].spacing(4);
    for (k, r) in line.units.iter().enumerate() {
        col = col.push(count_row(props, Field::Count(si, li, k), r));
        if let Some(ui) = side.units.iter().position(|u| u.id == r.unit) {
            col = col.push(unit(props, si, ui, scenario));
        }
    }
    col = col.push(labelled(
        "where",
        field(props, Field::Zone(si, li), zone_text(&line.at), "0504 0505"),
    ));
    // Only where the system's units face a way, or to clear a facing a line of a system
    // without one was given.
    if crate::app::has_facing(&scenario.ruleset) || line.facing.is_some() {
        col = col.push(labelled(
            "facing",
            field(
                props,
                Field::Facing(si, li),
                line.facing.clone().unwrap_or_default(),
                "none",
            ),
        ));
    }
    col = col.push(
        checkbox(line.hidden)
            .label("hidden")
            .on_toggle(move |b| Message::Hidden(si, li, b))
            .size(14)
            .text_size(12),
    );
    if let Some(source) = &line.source {
        col = col.push(text(format!("source: {source}")).size(12));
    }
    Some(col.into())
}

/// A reinforcement entering through the hex: its units, its turn and where it enters.
fn reinforcement<'a>(
    props: &'a Properties,
    scenario: &'a muster_model::ScenarioFile,
    si: usize,
    ri: usize,
) -> Option<Element<'a, Message>> {
    let side = scenario.sides.get(si)?;
    let r = side.reinforcements.get(ri)?;
    let mut col =
        column![text(format!("{}: reinforcement {}", side.name, ri + 1)).size(14)].spacing(4);
    for (k, u) in r.units.iter().enumerate() {
        col = col.push(count_row(props, Field::ReinforcementCount(si, ri, k), u));
        if let Some(ui) = side.units.iter().position(|d| d.id == u.unit) {
            col = col.push(unit(props, si, ui, scenario));
        }
    }
    col = col.push(labelled(
        "turn",
        field(props, Field::Turn(si, ri), r.turn.to_string(), "1"),
    ));
    col = col.push(labelled(
        "enters at",
        field(
            props,
            Field::Enter(si, ri),
            zone_text(&r.enter),
            "0101 0102",
        ),
    ));
    if let Some(source) = &r.source {
        col = col.push(text(format!("source: {source}")).size(12));
    }
    Some(col.into())
}

/// How many of a unit a line names, beside the unit's id.
fn count_row<'a>(
    props: &'a Properties,
    f: Field,
    r: &'a muster_model::UnitRef,
) -> Element<'a, Message> {
    labelled(
        "count",
        row![
            field(props, f, r.count.to_string(), "1"),
            text(r.unit.clone()).size(13).width(Fill)
        ]
        .spacing(6)
        .into(),
    )
}

/// A side's own fields: its commander, then each whole-number field its game system
/// declares (A la Charge's army morale level).
fn side_fields<'a>(
    props: &'a Properties,
    scenario: &'a muster_model::ScenarioFile,
    si: usize,
) -> Element<'a, Message> {
    let side = &scenario.sides[si];
    let mut fields = column![
        text(format!("Side: {}", side.name)).size(14),
        labelled(
            "commander",
            field(
                props,
                Field::Commander(si),
                side.commander.clone().unwrap_or_default(),
                "none",
            ),
        ),
    ]
    .spacing(4);
    let numbers = muster_rules::system(&scenario.ruleset)
        .map(muster_rules::fields::side_numbers)
        .unwrap_or_default();
    for n in numbers {
        let now = side
            .system
            .get(&n.name)
            .filter(|v| !v.is_null())
            .map(|v| v.to_string())
            .unwrap_or_default();
        fields = fields.push(labelled(
            &n.label,
            field(props, Field::SideNumber(si, n.name.as_str()), now, "none"),
        ));
    }
    fields.into()
}

/// A unit definition's ratings, step by step.
fn unit<'a>(
    props: &'a Properties,
    si: usize,
    ui: usize,
    scenario: &'a muster_model::ScenarioFile,
) -> Element<'a, Message> {
    let side = &scenario.sides[si];
    let def = &side.units[ui];
    let used = side
        .setup
        .iter()
        .filter(|l| l.units.iter().any(|r| r.unit == def.id))
        .count();
    let kinds: Vec<String> = muster_rules::ruleset(&scenario.ruleset)
        .map(|r| r.unit_kinds.iter().map(|k| k.id.clone()).collect())
        .unwrap_or_default();
    let mut col = column![
        text(format!(
            "unit {}{}",
            def.id,
            if used > 1 {
                format!(", used by {used} set-up lines")
            } else {
                String::new()
            }
        ))
        .size(12),
        labelled(
            "name",
            field(props, Field::UnitName(si, ui), def.name.clone(), "name"),
        ),
        labelled(
            "kind",
            pick_list(kinds, Some(def.kind.clone()), move |k| {
                Message::Kind(si, ui, k)
            })
            .text_size(13)
            .padding(3)
            .width(Fill)
            .into(),
        ),
    ]
    .spacing(2);
    for (j, step) in def.steps.iter().enumerate() {
        col = col.push(
            row![
                text(format!("step {}", j + 1)).size(12).width(50),
                text("strength").size(12),
                field(
                    props,
                    Field::Strength(si, ui, j),
                    step.strength.to_string(),
                    "0"
                ),
                text("MP").size(12),
                field(props, Field::Mp(si, ui, j), step.mp.to_string(), "0"),
            ]
            .spacing(4)
            .align_y(iced::Alignment::Center),
        );
    }
    col.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enter_commits_the_typed_text_trimmed_and_nothing_when_nothing_was_typed() {
        let mut p = Properties::default();
        assert_eq!(p.update(Message::Commit(Field::Label)), None);
        assert_eq!(
            p.update(Message::Draft(Field::Label, " St Albans ".into())),
            None
        );
        assert_eq!(
            p.update(Message::Commit(Field::Label)),
            Some(Event::Commit(Field::Label, "St Albans".into()))
        );
        // Refused: the text stays for the designer to mend.
        p.refused("no".into());
        assert_eq!(
            p.drafts.get(&Field::Label).map(String::as_str),
            Some(" St Albans ")
        );
        assert_eq!(p.error.as_deref(), Some("no"));
        p.accepted(Field::Label);
        assert!(p.drafts.is_empty() && p.error.is_none());
    }

    #[test]
    fn selecting_another_hex_forgets_what_was_typed() {
        let mut p = Properties::default();
        p.update(Message::Draft(Field::Elevation, "2".into()));
        p.refused("x".into());
        p.select(LinesHere {
            setup: vec![(0, 3)],
            reinforcements: vec![(1, 0)],
        });
        assert!(p.drafts.is_empty() && p.error.is_none());
        assert_eq!(p.lines_here, vec![(0, 3)]);
        assert_eq!(p.reinforcements_here, vec![(1, 0)]);
    }
}
