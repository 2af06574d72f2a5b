//! The siege-works tools: pieces, markers, and pieces entering at the edge (Siege 2.41);
//! and a piece dragged with the select tool: by its placed hex to move it, by another of
//! its hexes to turn it (one undo step each).

use super::super::*;

impl App {
    /// Places a piece of `side` facing the facing field's way, or turns the one there: a
    /// click on any hex of a piece of the kind turns it (about the hex it is placed on),
    /// not only a click on that hex.
    pub(in crate::app) fn press_piece(
        &mut self,
        side: usize,
        kind: &str,
        hex: Hex,
    ) -> Task<Message> {
        let covering = self.doc.scenario.as_ref().and_then(|s| {
            self.snap
                .pieces
                .iter()
                .filter(|p| p.hexes.contains(&hex))
                .find(|p| s.pieces.iter().any(|q| q.id == p.id && q.kind == kind))
                .and_then(|p| p.hexes.first().copied())
        });
        let hex = covering.unwrap_or(hex);
        let edit = self.doc.scenario.as_ref().and_then(|s| {
            crate::siege_works::place_piece(
                s,
                &self.snap.grid,
                side,
                kind,
                hex,
                &self.palette.facing,
            )
        });
        match edit {
            Some(e) => self.apply(e),
            None => Task::none(),
        }
    }

    /// Puts a marker with the marker field's value on `hex`, or takes it off.
    pub(in crate::app) fn press_marker(&mut self, kind: &str, hex: Hex) -> Task<Message> {
        let Some(s) = &self.doc.scenario else {
            return Task::none();
        };
        let e = crate::siege_works::toggle_marker(
            s,
            &self.snap.grid,
            kind,
            hex,
            &self.palette.marker_value,
        );
        self.apply(e)
    }

    /// Turns a piece between set up and entering later.
    pub(in crate::app) fn toggle_entering(&mut self, id: String) -> Task<Message> {
        let Some(s) = &self.doc.scenario else {
            return Task::none();
        };
        let mut next = s.clone();
        match next.pieces.iter_mut().find(|p| p.id == id) {
            Some(p) => {
                p.entering = !p.entering;
                self.apply(Edit::Scenario(Box::new(next)))
            }
            None => Task::none(),
        }
    }

    /// A drag with the select tool from `from` to `to` over a piece: from the hex it is
    /// placed on, the piece moves there (facing kept); from another of its hexes, it turns
    /// about its placed hex to the facing that brings that hex nearest `to`. The counters
    /// set up on its hexes (its crew, below and on top) go with it, each to the hex of the
    /// piece it stood on. The piece's hexes for each position come from the rules
    /// library's placement of pieces. The edit and its label, or `None` when no piece
    /// covers `from` or nothing would change.
    pub(in crate::app) fn drag_piece(&self, from: Hex, to: Hex) -> Option<(Edit, String)> {
        let file = self.doc.scenario.as_ref()?;
        let o = self.snap.grid.orientation();
        // Where each piece stands, as the scene (the rules library's placement) has it.
        let shown = self.snap.pieces.iter().find(|p| p.hexes.contains(&from))?;
        let index = file.pieces.iter().position(|p| p.id == shown.id)?;
        let piece = &file.pieces[index];
        let k = shown.hexes.iter().position(|h| *h == from)?;
        // Where it could go: moved (dragged by its placed hex) or turned each way.
        let moving = k == 0;
        let candidates: Vec<(String, muster_model::Piece)> = if moving {
            let at = self.printed(to);
            let mut p = piece.clone();
            p.at = Some(HexId(at.clone()));
            vec![(
                format!("move {} from {} to {at}", piece.id, self.printed(from)),
                p,
            )]
        } else {
            muster_hex::Direction::ALL
                .into_iter()
                .map(|d| {
                    let mut p = piece.clone();
                    p.facing = Some(d.name(o).to_string());
                    (format!("turn {} to face {}", piece.id, d.name(o)), p)
                })
                .collect()
        };
        let (label, chosen) = {
            let resolved = self.doc.resolve()?;
            candidates
                .iter()
                .filter_map(|(label, p)| {
                    let hexes = muster_rules::siege::field::place(&resolved, index, p)
                        .ok()?
                        .hexes;
                    Some((muster_hex::distance(*hexes.get(k)?, to), label, p))
                })
                .min_by_key(|(distance, ..)| *distance)
                .map(|(_, label, p)| (label.clone(), p.clone()))?
        };
        self.reposition_piece(index, chosen, label)
    }

    /// The edit that puts piece `index` where `chosen` says (another hex, another
    /// facing), the set-up lines on its hexes going with it, each to the hex of the piece
    /// it stood on; its label is `label` and the lines carried. `None` when nothing would
    /// change or the rules library cannot lay the piece out there.
    pub(in crate::app) fn reposition_piece(
        &self,
        index: usize,
        chosen: muster_model::Piece,
        label: String,
    ) -> Option<(Edit, String)> {
        let file = self.doc.scenario.as_ref()?;
        let piece = file.pieces.get(index)?;
        if chosen == *piece {
            return None;
        }
        let shown = self.snap.pieces.iter().find(|p| p.id == piece.id)?;
        let hexes = {
            let resolved = self.doc.resolve()?;
            muster_rules::siege::field::place(&resolved, index, &chosen)
                .ok()?
                .hexes
        };
        if hexes.len() != shown.hexes.len() {
            return None;
        }
        let old: Vec<String> = shown.hexes.iter().map(|h| self.printed(*h)).collect();
        let new: Vec<String> = hexes.iter().map(|h| self.printed(*h)).collect();
        let mut next = file.clone();
        next.pieces[index] = chosen;
        let mut crew = 0;
        for line in next.sides.iter_mut().flat_map(|s| s.setup.iter_mut()) {
            let Zone::Hexes(ids) = &mut line.at else {
                continue;
            };
            let mut moved = false;
            for id in ids.iter_mut() {
                if let Some(i) = old.iter().position(|h| *h == id.0) {
                    moved |= id.0 != new[i];
                    id.0 = new[i].clone();
                }
            }
            crew += usize::from(moved);
        }
        let label = match crew {
            0 => label,
            1 => format!("{label} with the set-up line on it"),
            n => format!("{label} with the {n} set-up lines on it"),
        };
        Some((Edit::Scenario(Box::new(next)), label))
    }
}
