//! The editor's panels: toolbar, palette, inspector and diagnostics, source, status bar.

use crate::app::{App, Message, Pending};
use crate::canvas::MapCanvas;
use crate::document::Document;
use crate::edit::Edit;
use crate::tool::{Section, Tool};
use iced::widget::{
    button, checkbox, column, container, row, scrollable, text, text_editor, text_input, tooltip,
    Canvas, Space,
};
use iced::{Element, Fill, Length};
use muster_model::{FileKind, MapFile, ScenarioFile};
use std::sync::Arc;

/// Parses the source panel's text into an edit replacing the scenario or the map.
pub fn parse_source(doc: &Document, scenario: bool, text: &str) -> Result<Edit, String> {
    let first = |f: &[muster_check::Finding]| {
        f.first()
            .map(|f| format!("line {}:{}: {}", f.line, f.column, f.diagnostic.message))
            .unwrap_or_default()
    };
    if scenario {
        let path = doc.scenario_path.clone().unwrap_or_default();
        muster_check::parse_text::<ScenarioFile>(&path, Arc::from(text), FileKind::Scenario)
            .map(|l| Edit::Scenario(Box::new(l.value)))
            .map_err(|(f, _)| first(&f))
    } else {
        muster_check::parse_text::<MapFile>(&doc.map_path, Arc::from(text), FileKind::Map)
            .map(|l| Edit::Map(Box::new(l.value)))
            .map_err(|(f, _)| first(&f))
    }
}

fn tool_button<'a>(label: String, tool: Tool, active: &Tool) -> Element<'a, Message> {
    let chosen = *active == tool;
    let help = tool.help();
    with_tip(
        choice(label, 13, chosen, Message::Tool(tool))
            .width(Fill)
            .padding([3, 6]),
        help,
    )
}

/// `content` with a tooltip that appears on hover.
fn with_tip<'a>(content: impl Into<Element<'a, Message>>, tip: &'a str) -> Element<'a, Message> {
    tooltip(
        content,
        container(text(tip).size(12))
            .padding(6)
            .max_width(320)
            .style(container::rounded_box),
        tooltip::Position::Bottom,
    )
    .into()
}

/// A button that shows whether its choice is the one in force.
fn choice<'a>(
    label: impl Into<String>,
    size: u32,
    chosen: bool,
    message: Message,
) -> button::Button<'a, Message> {
    button(text(label.into()).size(size))
        .padding([2, 6])
        .on_press(message)
        .style(if chosen {
            button::primary
        } else {
            button::secondary
        })
}

/// The menu bar, with the path field (Enter opens the path, the button saves there) and
/// the findings badge at its right end.
fn toolbar(app: &App) -> Element<'_, Message> {
    let path = row![
        text_input(
            "path of a .scenario.ron or .map.ron: Enter opens it, Save to path saves there",
            &app.path_input
        )
        .on_input(Message::PathInput)
        .on_submit(Message::Open)
        .size(13)
        .width(Length::Fixed(420.0)),
        button(text("Save to path").size(13))
            .padding([4, 8])
            .on_press(Message::SaveAs),
    ]
    .spacing(6)
    .align_y(iced::Alignment::Center);
    crate::menu::bar(app, path.into(), crate::diagnostics::badge(app))
}

/// A section header of the palette: a button that opens its section (one at a time, so
/// that a long vocabulary such as Siege's stays reachable).
fn header<'a>(app: &App, label: &'static str, section: Section) -> Element<'a, Message> {
    let open = app.section == Some(section);
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

fn palette(app: &App) -> Element<'_, Message> {
    let mut col = column![text("Tools").size(15)].spacing(4);
    col = col.push(tool_button(
        "Select / reach".into(),
        Tool::Select,
        &app.tool,
    ));
    col = col.push(tool_button(
        "Line of fire".into(),
        Tool::LineOfFire,
        &app.tool,
    ));
    if app.doc.map.ruleset == "a-la-charge" {
        col = col.push(tool_button("Combat odds".into(), Tool::Odds, &app.tool));
    }
    col = col.push(tool_button("Erase units".into(), Tool::Erase, &app.tool));
    col = col.push(
        row![
            text("Brush").size(13),
            button(text("1").size(12)).on_press(Message::Brush(1)),
            button(text("2").size(12)).on_press(Message::Brush(2)),
            button(text("3").size(12)).on_press(Message::Brush(3)),
            text(format!("size {}", app.brush + 1)).size(12)
        ]
        .spacing(4),
    );
    if let Some(r) = muster_rules::ruleset(&app.doc.map.ruleset) {
        col = col.push(header(app, "Terrain", Section::Terrain));
        if app.section == Some(Section::Terrain) {
            for t in &r.terrain {
                col = col.push(
                    row![
                        crate::legend::swatch(crate::legend::terrain_colour(app, &t.id)),
                        tool_button(t.name.clone(), Tool::Terrain(t.id.clone()), &app.tool),
                        button(text("fill").size(11))
                            .padding([3, 4])
                            .on_press(Message::Tool(Tool::Fill(t.id.clone())))
                    ]
                    .spacing(2)
                    .align_y(iced::Alignment::Center),
                );
            }
        }
        col = col.push(header(app, "Hexsides", Section::Hexsides));
        if app.section == Some(Section::Hexsides) {
            for f in &r.hexside_features {
                col = col.push(tool_button(
                    f.name.clone(),
                    Tool::Hexside(Some(f.id.clone())),
                    &app.tool,
                ));
            }
            col = col.push(tool_button(
                "Erase hexside".into(),
                Tool::Hexside(None),
                &app.tool,
            ));
        }
        col = col.push(header(app, "Roads, labels, zones", Section::Roads));
        if app.section == Some(Section::Roads) {
            col = col.push(tool_button("Road".into(), Tool::Road, &app.tool));
            col = col.push(
                row![
                    tool_button("Label".into(), Tool::Label, &app.tool),
                    text_input("St Peter's church", &app.label)
                        .on_input(Message::LabelInput)
                        .size(13)
                ]
                .spacing(2),
            );
            col = col.push(
                row![
                    tool_button("Elevation".into(), Tool::Elevation, &app.tool),
                    text_input("1", &app.elevation)
                        .on_input(Message::ElevationInput)
                        .size(13)
                        .width(Length::Fixed(40.0))
                ]
                .spacing(2),
            );
            col = col.push(text("Zone name").size(13));
            col = col.push(
                text_input("Yorkist set-up", &app.zone_name)
                    .on_input(Message::ZoneNameInput)
                    .size(13),
            );
            col = col.push(
                row![
                    tool_button("Paint zone".into(), Tool::ZonePaint, &app.tool),
                    tool_button("Edge zone".into(), Tool::EdgeZone(None), &app.tool),
                ]
                .spacing(2),
            );
            col = col.push(text("Show a zone").size(13));
            col = col.push(
                text_input("Row(\"08xx\")", &app.zone)
                    .on_input(Message::ZoneInput)
                    .on_submit(Message::ShowZone)
                    .size(13),
            );
        }
    }
    let Some(s) = &app.doc.scenario else {
        return palette_scroll(col);
    };
    if !s.overlays.is_empty() {
        col = col.push(header(app, "Overlays", Section::Overlays));
        if app.section == Some(Section::Overlays) {
            for (i, o) in s.overlays.iter().enumerate() {
                let name = app
                    .doc
                    .overlays
                    .get(i)
                    .and_then(|x| x.as_ref())
                    .map(|x| x.title.clone())
                    .unwrap_or_else(|| o.file.clone());
                col = col.push(tool_button(
                    format!("Place {name}"),
                    Tool::Overlay {
                        placement: i,
                        next: 0,
                    },
                    &app.tool,
                ));
            }
        }
    }
    col = col.push(header(app, "Units", Section::Units));
    if app.section == Some(Section::Units) {
        for (si, side) in s.sides.iter().enumerate() {
            col = col.push(text(side.name.clone()).size(14));
            for (ui, u) in side.units.iter().enumerate() {
                let label = if u.count > 1 {
                    format!("{} ×{}", u.id, u.count)
                } else {
                    u.id.clone()
                };
                col = col.push(tool_button(
                    label,
                    Tool::Place { side: si, unit: ui },
                    &app.tool,
                ));
            }
        }
        col = col.push(
            row![
                text("Facing").size(13),
                text_input("NE", &app.facing)
                    .on_input(Message::FacingInput)
                    .size(13)
            ]
            .spacing(4),
        );
        if crate::app::has_levels(&s.ruleset) {
            let level = |label: &'static str, l: Option<muster_model::Level>| {
                choice(label, 12, app.level == l, Message::Level(l))
            };
            col = col.push(
                row![
                    text("Level").size(13),
                    level("ground", None),
                    level("lower", Some(muster_model::Level::Lower)),
                    level("upper", Some(muster_model::Level::Upper)),
                ]
                .spacing(3),
            );
        }
        col = col.push(
            row![
                text("Enters on turn").size(13),
                text_input("set-up", &app.enters_on)
                    .on_input(Message::EntersOnInput)
                    .size(13)
                    .width(Length::Fixed(60.0))
            ]
            .spacing(4),
        );
        col = col.push(text("Quick entry").size(14));
        col = col.push(
            text_input("0504, 0505, 0508", &app.quick)
                .on_input(Message::QuickInput)
                .on_submit(Message::QuickPlace)
                .size(13),
        );
        col = col.push(button(text("Place on these hexes").size(13)).on_press(Message::QuickPlace));
    }
    if let Some(r) = muster_rules::ruleset(&s.ruleset).filter(|r| !r.pieces.is_empty()) {
        col = col.push(header(app, "Siege works", Section::Siege));
        if app.section == Some(Section::Siege) {
            let mut sides = row![text("for").size(13)].spacing(3);
            for (i, sd) in s.sides.iter().enumerate() {
                sides = sides.push(choice(
                    sd.id.clone(),
                    12,
                    app.piece_side == i,
                    Message::PieceSide(i),
                ));
            }
            col = col.push(sides);
            for p in &r.pieces {
                col = col.push(tool_button(
                    p.name.clone(),
                    Tool::Piece {
                        side: app.piece_side,
                        kind: p.id.clone(),
                    },
                    &app.tool,
                ));
            }
        }
        col = col.push(header(app, "Markers", Section::Markers));
        if app.section == Some(Section::Markers) {
            col = col.push(
                row![
                    text("value").size(13),
                    text_input("1", &app.marker_value)
                        .on_input(Message::MarkerValueInput)
                        .size(13)
                ]
                .spacing(4),
            );
            for m in &r.markers {
                col = col.push(tool_button(
                    m.name.clone(),
                    Tool::Marker(m.id.clone()),
                    &app.tool,
                ));
            }
        }
    }
    col = col.push(header(app, "Layers", Section::Layers));
    if app.section == Some(Section::Layers) {
        for layer in crate::layers::Layer::ALL {
            col = col.push(
                checkbox(app.show.shows(layer))
                    .label(layer.name())
                    .text_size(13)
                    .on_toggle(move |_| Message::ToggleLayer(layer)),
            );
        }
    }
    palette_scroll(col)
}

/// The palette in its scrollable column. The scrollbar is embedded beside the buttons:
/// floating over them, it clipped their right edge when a prompt bar left less height.
fn palette_scroll(col: iced::widget::Column<'_, Message>) -> Element<'_, Message> {
    scrollable(col.padding(6))
        .spacing(2)
        .width(Length::Fixed(230.0))
        .height(Fill)
        .into()
}

fn inspector(app: &App) -> Element<'_, Message> {
    let mut col = column![].spacing(4);
    if let Some(shot) = &app.shot {
        col = col.push(text("Line of fire").size(15));
        col = col.push(text(shot.heading(|h| app.snap.grid.to_printed(h))).size(13));
        col = col.push(text(shot.reason.clone()).size(12));
        let path: Vec<String> = shot
            .path
            .iter()
            .map(|h| app.snap.grid.to_printed(*h))
            .collect();
        col = col.push(text(format!("through {}", path.join(" "))).size(12));
        for step in &shot.steps {
            col = col.push(text(format!("• {step}")).size(12));
        }
    }
    col = col.push(text("Hex").size(15));
    if let Some(h) = app.selected.or(app.hover) {
        let id = app.snap.grid.to_printed(h);
        let terrain = app.snap.terrain.get(&h).cloned().unwrap_or_default();
        col = col.push(text(format!("{id}: {terrain}")).size(13));
        if let Some(e) = app.snap.elevation.get(&h) {
            col = col.push(text(format!("elevation {e}")).size(13));
        }
        if let Some((_, l)) = app.snap.labels.iter().find(|(x, _)| *x == h) {
            col = col.push(text(l.clone()).size(13));
        }
        for p in app.snap.pieces.iter().filter(|p| p.hexes.contains(&h)) {
            col = col.push(text(format!("piece: {}", p.name)).size(13));
            let entering = app
                .doc
                .scenario
                .as_ref()
                .and_then(|s| s.pieces.iter().find(|q| q.id == p.id))
                .is_some_and(|q| q.entering);
            col = col.push(
                button(
                    text(if entering {
                        "enters at the edge: yes"
                    } else {
                        "enters at the edge: no"
                    })
                    .size(12),
                )
                .padding([2, 6])
                .on_press(Message::ToggleEntering(p.id.clone())),
            );
        }
        for m in app.snap.markers.get(&h).into_iter().flatten() {
            col = col.push(text(format!("marker: {m}")).size(13));
        }
        for u in app.snap.units.get(&h).into_iter().flatten() {
            let side = app
                .doc
                .scenario
                .as_ref()
                .and_then(|s| s.sides.get(u.side))
                .map(|s| s.name.clone())
                .unwrap_or_default();
            // Each counter of the stack is a button: its reach when picked.
            col = col.push(
                button(
                    text(format!(
                        "{side}: {} {}{}",
                        u.text,
                        u.ratings,
                        if u.choice { " (owner's choice)" } else { "" }
                    ))
                    .size(13),
                )
                .width(Fill)
                .padding([2, 4])
                .style(button::text)
                .on_press(Message::PickCounter(h, u.side, u.unit)),
            );
        }
    }
    if let Some(properties) = crate::properties::view(app) {
        col = col.push(properties);
    }
    col = col.push(crate::diagnostics::list(app));
    col = col.push(crate::legend::legend(app));
    // Room on the right for the scrollbar, which is drawn over the content.
    scrollable(col.padding(iced::Padding {
        top: 6.0,
        right: 16.0,
        bottom: 6.0,
        left: 6.0,
    }))
    .width(Length::Fixed(320.0))
    .height(Fill)
    .into()
}

fn source(app: &App) -> Option<Element<'_, Message>> {
    let (scenario, content, error) = app.source.as_ref()?;
    let title = if *scenario {
        "Scenario source"
    } else {
        "Map source"
    };
    let mut col = column![
        row![
            text(title).size(15),
            button(text("Apply").size(13)).on_press(Message::SourceApply),
            button(text("Close").size(13)).on_press(Message::Source(None))
        ]
        .spacing(8),
        // The editor is a whole number of lines tall: a partly shown line under the last
        // one drew its glyphs' tops as a strip of garbled dots along the bottom edge.
        iced::widget::responsive(move |space| {
            const LINE: f32 = 16.0;
            const PAD: f32 = 5.0;
            let lines = ((space.height - 2.0 * PAD) / LINE).floor().max(1.0);
            text_editor(content)
                .on_action(Message::SourceEdit)
                .line_height(iced::Pixels(LINE))
                .padding(PAD)
                .height(lines * LINE + 2.0 * PAD)
                .size(12)
                .into()
        }),
    ]
    .spacing(4)
    .padding(6);
    if let Some(e) = error {
        col = col.push(text(e.clone()).size(12).style(text::danger));
    }
    Some(
        container(col)
            .width(Length::Fixed(460.0))
            .height(Fill)
            .into(),
    )
}

fn banners(app: &App) -> Element<'_, Message> {
    let mut col = column![].spacing(4);
    if app.recovery.is_some() {
        col = col.push(
            row![
                text("Unsaved changes from a previous session were recovered.").size(13),
                button(text("Restore").size(13)).on_press(Message::Recover),
                button(text("Discard").size(13)).on_press(Message::DiscardRecovery)
            ]
            .spacing(8)
            .padding(4),
        );
    }
    if let Some(p) = &app.pending {
        let (what, then) = match p {
            Pending::Open => ("open another file", "open"),
            Pending::New => ("start a new map", "start a new map"),
            Pending::Quit => ("quit", "quit"),
        };
        col = col.push(
            row![
                text(format!(
                    "There are unsaved changes. Save them, or discard them, and {what}?"
                ))
                .size(13),
                button(text(format!("Save and {then}")).size(13))
                    .style(button::primary)
                    .on_press(Message::SavePending),
                button(text("Discard changes").size(13))
                    .style(button::danger)
                    .on_press(Message::Confirm),
                button(text("Cancel").size(13)).on_press(Message::Cancel)
            ]
            .spacing(8)
            .padding(4),
        );
    }
    if let Some(form) = &app.new_form {
        col = col.push(form.view().map(Message::NewMap));
    }
    if let Some(form) = &app.export_form {
        col = col.push(form.view().map(Message::ExportPrompt));
    }
    if app.help_open {
        col = col.push(crate::help::view());
    }
    col.into()
}

fn status(app: &App) -> Element<'_, Message> {
    let hover = app
        .hover
        .map(|h| {
            let units = app
                .snap
                .units
                .get(&h)
                .map(|v| {
                    v.iter()
                        .map(|u| u.text.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            let works: Vec<String> = app
                .snap
                .pieces
                .iter()
                .filter(|p| p.hexes.contains(&h))
                .map(|p| p.name.clone())
                .chain(app.snap.markers.get(&h).into_iter().flatten().cloned())
                .collect();
            let elevation = app
                .snap
                .elevation
                .get(&h)
                .map(|e| format!(" (elevation {e})"))
                .unwrap_or_default();
            format!(
                "{} {}{elevation} {} {}",
                app.snap.grid.to_printed(h),
                app.snap.terrain.get(&h).cloned().unwrap_or_default(),
                units,
                works.join(", ")
            )
        })
        .unwrap_or_default();
    row![
        text(hover).size(13).width(Length::Fixed(260.0)),
        text(format!("tool: {}", app.tool.name()))
            .size(13)
            .width(Length::Fixed(160.0)),
        text(app.status.clone()).size(13)
    ]
    .spacing(10)
    .padding(4)
    .into()
}

/// The map canvas alone (the window's centre; the draw-path benchmark renders it).
pub fn map_canvas(app: &App) -> Element<'_, crate::canvas::CanvasMessage> {
    Canvas::new(MapCanvas {
        snap: &app.snap,
        camera: app.camera,
        caches: &app.caches,
        errors: &app.error_hexes,
        highlight: &app.highlight,
        selected: app.selected,
        ghost: app.ghost.as_ref(),
        hover: app.hover,
        shot: app.shot.as_ref(),
        show: app.show,
    })
    .width(Fill)
    .height(Fill)
    .into()
}

/// The whole window.
pub fn view(app: &App) -> Element<'_, Message> {
    let canvas = map_canvas(app);
    let right = source(app).unwrap_or_else(|| {
        if app.transcript_open {
            crate::transcript::view(app)
        } else {
            inspector(app)
        }
    });
    let window = column![
        toolbar(app),
        banners(app),
        row![palette(app), canvas.map(Message::Canvas), right].height(Fill),
        status(app),
        Space::new().height(2)
    ];
    crate::menu::over(app, window.into())
}
