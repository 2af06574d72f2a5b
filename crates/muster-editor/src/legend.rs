//! The legend: what each colour of the canvas means on this map — its terrain, its
//! hexside features and the sides' counters — with the same swatches as the terrain
//! buttons.

use crate::app::{App, Message};
use crate::canvas::{hexside_colour, side_colour};
use iced::widget::{column, container, row, text, Space};
use iced::{Border, Color, Element};
use std::collections::BTreeMap;

/// A small square of `colour`, outlined so that a pale one shows on the panel.
pub fn swatch<'a, M: 'a>(colour: Color) -> Element<'a, M> {
    container(Space::new().width(12).height(12))
        .style(move |_| container::Style {
            background: Some(colour.into()),
            border: Border {
                color: Color::from_rgb8(0x60, 0x60, 0x60),
                width: 1.0,
                radius: 2.0.into(),
            },
            ..container::Style::default()
        })
        .into()
}

/// The colour of a terrain on the canvas: the ruleset's, as the renderer paints it.
pub fn terrain_colour(ruleset: &str, snap: &crate::snapshot::Snapshot, terrain: &str) -> Color {
    let [r, g, b] = muster_rules::ruleset(ruleset)
        .and_then(|rs| rs.terrain.iter().find(|t| t.id == terrain))
        .map(|t| t.rgb())
        .or_else(|| snap.colours.get(terrain).copied())
        .unwrap_or([220, 220, 220]);
    Color::from_rgb8(r, g, b)
}

fn entry<'a>(colour: Color, label: String) -> Element<'a, Message> {
    row![swatch(colour), text(label).size(12)]
        .spacing(6)
        .align_y(iced::Alignment::Center)
        .into()
}

/// The legend of the open document: the terrain its map uses (with how many hexes), its
/// hexside features, and the colour of each side.
pub fn legend(app: &App) -> Element<'_, Message> {
    let ruleset = muster_rules::ruleset(&app.doc.map.ruleset);
    let name = |id: &str| {
        ruleset
            .and_then(|r| r.terrain.iter().find(|t| t.id == id))
            .map_or_else(|| id.to_string(), |t| t.name.clone())
    };
    let mut col = column![text("Legend").size(15)].spacing(3);
    let mut used: BTreeMap<&str, usize> = BTreeMap::new();
    for h in app.snap.grid.hexes() {
        *used
            .entry(app.snap.terrain.get(&h).map(String::as_str).unwrap_or(""))
            .or_default() += 1;
    }
    for (t, n) in used.into_iter().filter(|(t, _)| !t.is_empty()) {
        col = col.push(entry(
            terrain_colour(&app.doc.map.ruleset, &app.snap, t),
            format!("{} ({n})", name(t)),
        ));
    }
    // Elevation, drawn as contour rings: how many hexes at each level.
    let mut levels: BTreeMap<i32, usize> = BTreeMap::new();
    for e in app.snap.elevation.values().filter(|e| **e != 0) {
        *levels.entry(*e).or_default() += 1;
    }
    for (e, n) in levels {
        col = col.push(entry(
            crate::canvas::ELEVATION,
            format!("Elevation {e}: {} ({n})", crate::canvas::elevation_rings(e)),
        ));
    }
    let mut features: Vec<&str> = app.snap.hexsides.iter().map(|(_, f)| f.as_str()).collect();
    features.sort_unstable();
    features.dedup();
    for f in features {
        let label = ruleset
            .and_then(|r| r.hexside_features.iter().find(|d| d.id == f))
            .map_or_else(|| f.to_string(), |d| d.name.clone());
        col = col.push(entry(hexside_colour(f), format!("{label} (hexside)")));
    }
    if let Some(s) = &app.doc.scenario {
        for (i, side) in s.sides.iter().enumerate() {
            let c = side_colour(i);
            col = col.push(entry(c, side.name.clone()));
            col = col.push(entry(
                Color { a: 0.45, ..c },
                format!("{}: owner's choice", side.name),
            ));
            col = col.push(entry(
                Color { a: 0.2, ..c },
                format!("{}: anywhere in a zone", side.name),
            ));
        }
    }
    col.into()
}
