//! Which way a counter faces, as VASSAL's *Can Rotate* trait (`FreeRotator`) turns it.
//!
//! A system whose units face a way ([`GameSystem::has_facing`]) gives every unit counter a
//! rotator of six facings: Charles the Bold stands face a corner of the hex
//! ([`GameSystem::faces_corners`], §3: "All stands must face one of the points of the hex
//! they are in"), the other systems' units a hexside. A la Charge has no facing (§3), so
//! its counters have no rotator. The table is asked; no system id is matched here.
//!
//! VASSAL turns a piece about its position, clockwise by `index × 60°`, and draws it at
//! index 0 as its image is. So each faced counter's image is drawn turned to face the
//! grid's facing 0 (the first direction, or the first corner, of the orientation: see
//! `muster_hex::Direction`), and a counter set up facing facing `i` starts at index `i`:
//! the index VASSAL keeps is then the facing's own index, clockwise, as the model numbers
//! it. The facing is the set-up line's, from the placement model (`Line::facing` or
//! `Line::corner`); a counter whose line writes none starts at index 0.
//!
//! A mounted character of a siege covers two hexes (Siege 3.31: "A character on horseback
//! occupies two hexes"): his head, where he is set up, and the hex behind it, where the
//! siege field lays his horse's tail (`muster_rules::siege::field::Character::tail`). His
//! counter's image spans both at facing 0 ([`Facing::tail`]), so VASSAL, turning it about
//! the head, keeps the tail behind him.

use muster_hex::{Direction, Hex};
use muster_rules::placement::Line;
use muster_rules::Scenario;

/// The number of facings of a hex (six sides, six corners).
pub const FACINGS: u8 = 6;

/// How the counters of a scenario face.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Facing {
    /// They face a corner of the hex (else a hexside).
    pub corners: bool,
    /// The screen angle, in degrees clockwise from east, of facing 0 on this grid.
    pub rest_deg: f32,
}

impl Facing {
    /// How the counters of `s` face, or `None` when its system has no facing (or is not
    /// one Muster knows).
    pub fn of(s: &Scenario) -> Option<Facing> {
        let system = muster_rules::system(&s.ruleset.id)?;
        if !system.has_facing() {
            return None;
        }
        let corners = system.faces_corners();
        let grid = &s.world.grid;
        let h = Hex::new(0, 0);
        let (cx, cy) = grid.center(h, 1.0);
        let (x, y) = if corners {
            grid.corners(h, 1.0)[0]
        } else {
            grid.center(grid.neighbor(h, Direction::new(0)), 1.0)
        };
        Some(Facing {
            corners,
            rest_deg: (y - cy).atan2(x - cx).to_degrees(),
        })
    }

    /// The turn, in degrees clockwise, that brings an upright counter (its front at the
    /// top) to face facing 0.
    pub fn upright_turn(&self) -> f32 {
        self.rest_deg + 90.0
    }

    /// The index a counter of `line` starts at: its written facing (a corner or a side, as
    /// the system faces), else 0.
    pub fn index_of(&self, line: &Line) -> u8 {
        let i = if self.corners {
            line.corner.map(|c| c.index())
        } else {
            line.facing.map(|d| d.index())
        };
        i.unwrap_or(0)
    }

    /// For a counter that also covers the hex behind it (the system says: a Siege
    /// character on horseback), the centre of that hex relative to his own when he faces
    /// facing 0, at hex `radius`.
    pub fn tail(&self, s: &Scenario, side: usize, unit: usize, radius: f32) -> Option<(f32, f32)> {
        let behind = muster_rules::system(&s.file.ruleset)
            .is_some_and(|g| g.covers_hex_behind(s, side, unit));
        if self.corners || !behind {
            return None;
        }
        let grid = &s.world.grid;
        let h = Hex::new(0, 0);
        let (cx, cy) = grid.center(h, radius);
        let behind = grid.neighbor(h, Direction::new(0).opposite());
        let (x, y) = grid.center(behind, radius);
        Some((x - cx, y - cy))
    }

    /// What the rotator is called in the piece's type (the harness reads which way the
    /// counter faces from it).
    pub fn trait_name(&self) -> &'static str {
        if self.corners {
            "Facing (hex corner)"
        } else {
            "Facing (hexside)"
        }
    }
}
