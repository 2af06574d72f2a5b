//! Siege works in the editor: placing and turning pieces, toggling markers, erasing them.
//! Each returns an undoable [`Edit`] that replaces the scenario; the checks that judge the
//! result are the validator's (SI401–SI417), run live like every other edit.

use crate::edit::Edit;
use muster_hex::{Direction, Grid, Hex};
use muster_model::{HexId, Marker, Piece, ScenarioFile};

/// Places a piece of `kind` for side `side` on `hex` facing `facing`; when a piece of that
/// kind already stands on `hex`, turns it a sixth clockwise instead.
pub fn place_piece(
    s: &ScenarioFile,
    grid: &Grid,
    side: usize,
    kind: &str,
    hex: Hex,
    facing: &str,
) -> Option<Edit> {
    let side_id = s.sides.get(side)?.id.clone();
    let id = grid.to_printed(hex);
    let o = grid.orientation();
    let mut next = s.clone();
    if let Some(p) = next
        .pieces
        .iter_mut()
        .find(|p| p.kind == kind && p.at.as_ref().is_some_and(|a| a.as_str() == id))
    {
        let d = p
            .facing
            .as_deref()
            .and_then(|f| Direction::from_name(f, o))
            .unwrap_or(Direction::new(0));
        p.facing = Some(d.rotated(1).name(o).to_string());
        return Some(Edit::Scenario(Box::new(next)));
    }
    let facing = Direction::from_name(facing.trim(), o)
        .unwrap_or(Direction::new(0))
        .name(o)
        .to_string();
    let n = (1..)
        .map(|k| format!("{kind}-{k}"))
        .find(|c| !s.pieces.iter().any(|p| &p.id == c))?;
    next.pieces.push(Piece {
        id: n,
        kind: kind.into(),
        side: side_id,
        at: Some(HexId(id)),
        facing: Some(facing),
        entering: false,
        rider: None,
        animal: None,
        source: None,
    });
    Some(Edit::Scenario(Box::new(next)))
}

/// Puts a marker of `kind` (with `value` when it parses as a number) on `hex`, or removes
/// the one already there.
pub fn toggle_marker(s: &ScenarioFile, grid: &Grid, kind: &str, hex: Hex, value: &str) -> Edit {
    let id = grid.to_printed(hex);
    let mut next = s.clone();
    match next
        .markers
        .iter()
        .position(|m| m.kind == kind && m.hex.as_str() == id)
    {
        Some(i) => {
            next.markers.remove(i);
        }
        None => next.markers.push(Marker {
            kind: kind.into(),
            hex: HexId(id),
            value: value.trim().parse().ok(),
        }),
    }
    Edit::Scenario(Box::new(next))
}

/// Removes the markers on `hex`, or when there are none the pieces covering it (`covering`:
/// their ids) or placed on it (also those that cannot be laid out, so none is stuck).
pub fn erase_works(s: &ScenarioFile, covering: &[String], grid: &Grid, hex: Hex) -> Option<Edit> {
    let id = grid.to_printed(hex);
    let mut next = s.clone();
    let before = (next.markers.len(), next.pieces.len());
    next.markers.retain(|m| m.hex.as_str() != id);
    if next.markers.len() == before.0 {
        next.pieces.retain(|p| {
            !covering.contains(&p.id) && p.at.as_ref().is_none_or(|a| a.as_str() != id)
        });
    }
    ((next.markers.len(), next.pieces.len()) != before).then(|| Edit::Scenario(Box::new(next)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (ScenarioFile, Grid) {
        use muster_hex::GridSpec;
        let s = ScenarioFile::blank("t", "siege", "x.map.ron");
        let g = Grid::new(GridSpec::flat(10, 10));
        (s, g)
    }

    fn applied(e: Edit) -> ScenarioFile {
        match e {
            Edit::Scenario(b) => *b,
            other => panic!("not a scenario edit: {other:?}"),
        }
    }

    #[test]
    fn a_second_click_turns_the_piece() {
        let (s, g) = setup();
        let h = g.from_printed("0505").unwrap();
        let s1 = applied(place_piece(&s, &g, 0, "siege-tower", h, "N").unwrap());
        assert_eq!(s1.pieces.len(), 1);
        assert_eq!(s1.pieces[0].facing.as_deref(), Some("N"));
        assert_eq!(s1.pieces[0].id, "siege-tower-1");
        let s2 = applied(place_piece(&s1, &g, 0, "siege-tower", h, "N").unwrap());
        assert_eq!(s2.pieces.len(), 1);
        assert_eq!(s2.pieces[0].facing.as_deref(), Some("NE"));
    }

    #[test]
    fn markers_toggle_and_erase_takes_markers_before_pieces() {
        let (s, g) = setup();
        let h = g.from_printed("0303").unwrap();
        let s1 = applied(toggle_marker(&s, &g, "fire", h, "2"));
        assert_eq!(s1.markers[0].value, Some(2));
        let s2 = applied(toggle_marker(&s1, &g, "fire", h, ""));
        assert!(s2.markers.is_empty());
        let s3 = applied(place_piece(&s1, &g, 1, "ballista", h, "N").unwrap());
        let covering = vec!["ballista-1".to_string()];
        let s4 = applied(erase_works(&s3, &covering, &g, h).unwrap());
        assert!(s4.markers.is_empty() && s4.pieces.len() == 1);
        let s5 = applied(erase_works(&s4, &covering, &g, h).unwrap());
        assert!(s5.pieces.is_empty());
        assert!(erase_works(&s5, &covering, &g, h).is_none());
    }
}
