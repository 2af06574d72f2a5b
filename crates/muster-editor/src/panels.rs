//! The window: the menu bar, the prompt bars, the palette, the map, the right panel (the
//! inspector, or the source panel or the transcription view in its place) and the status
//! bar. Each panel draws itself from its own module; this lays them out and wraps their
//! messages.

use crate::app::{App, Message, Pending};
use crate::canvas::MapCanvas;
use iced::widget::{button, column, row, scrollable, text, text_input, Canvas, Space};
use iced::{Element, Fill, Length};

/// The menu bar, with the Open field (Enter or Open opens the path) and the Save as field
/// apart from it (Save to path saves there, asking before it replaces a file), and the
/// findings badge at its right end.
fn toolbar(app: &App) -> Element<'_, Message> {
    let path = row![
        text_input("open: path of a .scenario.ron or .map.ron", &app.path_input)
            .on_input(Message::PathInput)
            .on_submit(Message::Open)
            .size(13)
            .width(Length::Fixed(250.0)),
        button(text("Open").size(13))
            .padding([4, 8])
            .on_press(Message::Open),
        text_input("save as: path to save to", &app.save_as_input)
            .on_input(Message::SaveAsInput)
            .on_submit(Message::SaveAs)
            .size(13)
            .width(Length::Fixed(250.0)),
        button(text("Save to path").size(13))
            .padding([4, 8])
            .on_press(Message::SaveAs),
    ]
    .spacing(6)
    .align_y(iced::Alignment::Center);
    crate::menu::bar(app, path.into(), crate::diagnostics::badge(app))
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
                        spread_words(u.spread)
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
    let cx = crate::properties::Context {
        doc: &app.doc,
        snap: &app.snap,
        selected: app.selected,
    };
    if let Some(properties) = crate::properties::view(&app.properties, cx) {
        col = col.push(properties.map(Message::Property));
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

/// How the inspector names the way a counter's line fills its hexes, as the placement
/// model's arrangement reads it (a certain counter needs no words).
fn spread_words(spread: muster_rules::placement::Spread) -> &'static str {
    use muster_rules::placement::Spread;
    match spread {
        Spread::Certain => "",
        Spread::Choice => " (owner's choice)",
        Spread::Zone => " (anywhere in its zone)",
        Spread::Nowhere => " (on no hex of the map)",
    }
}

fn banners(app: &App) -> Element<'_, Message> {
    let mut col = column![].spacing(4);
    if let Some(p) = &app.file_prompt {
        col = col.push(p.view().map(Message::FilePrompt));
    }
    if app.recovery.is_some() {
        col = col.push(
            row![
                text(match app.recovery_behind {
                    0 => "Unsaved changes from a previous session were recovered.".to_string(),
                    n => format!(
                        "Unsaved changes from a previous session were recovered; {} more {} after this one.",
                        n,
                        if n == 1 { "session's changes wait" } else { "sessions' changes wait" }
                    ),
                })
                .size(13),
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
    if let Some(b) = &app.browser {
        col = col.push(b.view().map(Message::Browser));
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
        text(format!("tool: {}", app.palette.tool.name()))
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
        show: app.palette.show,
        viewport: app.viewport,
    })
    .width(Fill)
    .height(Fill)
    .into()
}

/// The whole window.
pub fn view(app: &App) -> Element<'_, Message> {
    let mut canvas = map_canvas(app).map(Message::Canvas);
    // The picture being traced lies over the map in a layer of its own (issue 32).
    if app.trace.active() {
        let layer = Canvas::new(crate::trace_layer::Layer {
            trace: &app.trace,
            snap: &app.snap,
            camera: app.camera,
        })
        .width(Fill)
        .height(Fill);
        // Clipped: the picture reaches past the canvas, and images are not cut at its edge.
        canvas = iced::widget::container(
            iced::widget::stack![canvas, Element::from(layer).map(Message::Trace)].clip(true),
        )
        .id(crate::trace_layer::LAYER_ID)
        .into();
    }
    let right = match (&app.source, &app.transcript) {
        (Some(panel), _) => panel.view().map(Message::SourcePanel),
        (None, _) if app.trace.open => app.trace.view(&app.snap).map(Message::Trace),
        (None, Some(t)) => column![
            app.paste.view(&app.doc).map(Message::Paste),
            t.view(&app.doc, &app.diagnostics, &app.snap.grid)
                .map(Message::Transcription)
        ]
        .width(Length::Fixed(420.0))
        .into(),
        (None, None) => inspector(app),
    };
    let window = column![
        toolbar(app),
        banners(app),
        row![
            app.palette.view(&app.doc, &app.snap).map(Message::Palette),
            canvas,
            right
        ]
        .height(Fill),
        status(app),
        Space::new().height(2)
    ];
    crate::menu::over(app, window.into())
}
