//! Piece definitions: a counter's images and its VASSAL type and state, as a `PieceSlot`
//! element carries them (`+/null/TYPE/STATE`, an `AddPiece` command).
//!
//! A piece is a stack of VASSAL traits around a `BasicPiece`, outermost first, each
//! written as the engine's `Decorator.getType` writes it (traits joined by tabs):
//! - `Marker` (`mark;Side,Unit,Scenario,Ratings`): which side and unit a counter is, and
//!   what it prints, for reports and the counter detail viewer;
//! - `Obscurable` (a *Mask*, `obs;…`), on a side's counters: the owning side may mask the piece from the
//!   other side (access `side:`, so only the side whose name masked it sees its face and
//!   may reveal it); hidden and owner's-choice set-ups start masked;
//! - `Delete` (`delete;Delete;Ctrl+D;`): removes an eliminated counter;
//! - on a marker the rules let players place as often as it happens (see
//!   [`crate::markers`]), a `Clone` (`clone;Clone;Ctrl+C;`) that duplicates it;
//! - where the system's units face a way, a `FreeRotator` (*Can Rotate*, `rotate;6;…`)
//!   of six facings, turned clockwise by Ctrl+] and back by Ctrl+[ (see [`crate::facing`]);
//! - for a two-step unit, an `Embellishment` (a *Layer*, `emb2;…`) with both steps'
//!   images, always active, whose *Flip* command goes to the reduced step and back
//!   (the reduced level renames the piece "… (reduced)");
//! - `BasicPiece` (`piece;CLONE;DELETE;IMAGE;NAME`), with no image of its own under a
//!   Layer.

use crate::seq::Seq;
use crate::xml::El;

/// Traits nested as `Decorator.getType`/`getState` write them: each trait's string, then
/// the whole of the piece inside it as one tab-delimited token (escaped again at every
/// level), outermost first.
fn nest(parts: &[String]) -> String {
    let mut it = parts.iter().rev();
    let inner = it.next().cloned().unwrap_or_default();
    it.fold(inner, |acc, outer| {
        Seq::starting(outer, '\t').push(&acc).value()
    })
}

/// A key stroke as VASSAL's `NamedHotKeyConfigurer.encode` writes it: the AWT key code
/// and modifiers (`CTRL_MASK | CTRL_DOWN_MASK` = 130).
fn ctrl(key: char) -> String {
    format!("{},130", u32::from(key.to_ascii_uppercase()))
}

/// A piece: what it is called, its images, and its size.
#[derive(Debug, Clone)]
pub struct PieceDef {
    /// The piece's name (shown in VASSAL's reports).
    pub name: String,
    /// Image file name under `images/` (the full-strength step of a two-step unit).
    pub image: String,
    /// The reduced step's image, for a two-step unit.
    pub reduced: Option<String>,
    /// The image the other side sees while the piece is masked (`None`: a marker, which
    /// no side owns or masks).
    pub mask: Option<String>,
    /// Players may duplicate it (a marker whose number the rules leave open).
    pub clone: bool,
    /// Image size.
    pub width: u32,
    /// Image size.
    pub height: u32,
    /// Side name.
    pub side: String,
    /// The roster's side that owns the piece and may mask it (the side's name, qualified
    /// by its scenario's title when the module holds several).
    pub owner: String,
    /// Unit or piece id in the scenario.
    pub unit: String,
    /// Scenario slug.
    pub scenario: String,
    /// What the counter prints (both steps of a two-step unit), for the detail viewer.
    pub ratings: String,
    /// The name of its rotator, when it turns through the hex's facings (its images are
    /// then drawn facing facing 0, see [`crate::facing`]).
    pub rotator: Option<&'static str>,
}

const MARKER_KEYS: [&str; 4] = ["Side", "Unit", "Scenario", "Ratings"];

/// The name of the flip command and of the layer.
pub const FLIP: &str = "Flip";
/// The name of the mask command.
pub const MASK: &str = "Mask / reveal";
/// The name of the clone command (Ctrl+C).
pub const CLONE: &str = "Clone";
/// The name of the command that turns a counter to its next facing clockwise (Ctrl+]).
pub const ROTATE_CW: &str = "Rotate clockwise";
/// The name of the command that turns a counter back (Ctrl+[).
pub const ROTATE_CCW: &str = "Rotate anticlockwise";

impl PieceDef {
    fn marker_type() -> String {
        format!(
            "mark;{}",
            MARKER_KEYS
                .iter()
                .fold(Seq::new(','), |s, k| s.push(k))
                .value()
        )
    }

    fn mask_type(&self, mask: &str) -> String {
        // Key, image, command, display (I: the owner sees the face with the mask inset),
        // the name others see, access, peek command, description, auto-peek, deal key,
        // deal expression (`Obscurable.myGetType`).
        format!(
            "obs;{}",
            Seq::new(';')
                .push(&ctrl('M'))
                .push(mask)
                .push(MASK)
                .push("I")
                .push(&format!("Hidden ({})", self.owner))
                .push("side:")
                .push("Peek")
                .push("Hidden set-up")
                .push("true")
                .push("")
                .push("")
                .value()
        )
    }

    fn delete_type() -> String {
        format!(
            "delete;{}",
            Seq::new(';')
                .push("Delete")
                .push(&ctrl('D'))
                .push("")
                .value()
        )
    }

    /// A rotator of the hex's six facings (`FreeRotator.myGetType`: the number of facings,
    /// the clockwise and anticlockwise keys and commands, no random rotation, the trait's
    /// name and description, no direct rotation).
    fn rotator_type(name: &str) -> String {
        let s = Seq::new(';')
            .push(&crate::facing::FACINGS.to_string())
            .push(&ctrl(']'))
            .push(&ctrl('['))
            .push(ROTATE_CW)
            .push(ROTATE_CCW)
            .push("")
            .push("")
            .push(name)
            .push(name)
            .push("")
            .push("")
            .push("")
            .push("true");
        format!("rotate;{}", s.value())
    }

    /// A Layer showing the two steps (`Embellishment.myGetType`, version 1, always
    /// active, looping, its increase command being the flip).
    fn layer_type(&self, reduced: &str) -> String {
        let images = Seq::new(',').push(&self.image).push(reduced).value();
        let names = Seq::new(',').push("").push("+ (reduced)").value();
        let mut s = Seq::new(';');
        for t in [
            "", "130", "", FLIP, "130", "", "", "130", "", "", "", "1", "false", "0", "0",
        ] {
            s = s.push(t);
        }
        s = s
            .push(&images)
            .push(&names)
            .push("true")
            .push("Step")
            .push("")
            .push("")
            .push("false")
            .push("")
            .push("1")
            .push("1")
            .push("true")
            .push("")
            .push(&ctrl('F'))
            .push("")
            .push("Step")
            .push("1.0");
        format!("emb2;{}", s.value())
    }

    /// The piece's type string.
    pub fn type_string(&self) -> String {
        let own_image = if self.reduced.is_some() {
            ""
        } else {
            self.image.as_str()
        };
        let basic = format!(
            "piece;{}",
            Seq::starting("", ';')
                .push("")
                .push(own_image)
                .push(&self.name)
                .value()
        );
        let mut parts = vec![Self::marker_type()];
        if let Some(mask) = &self.mask {
            parts.push(self.mask_type(mask));
        }
        parts.push(Self::delete_type());
        if self.clone {
            parts.push(format!(
                "clone;{}",
                Seq::new(';').push(CLONE).push(&ctrl('C')).push("").value()
            ));
        }
        if let Some(name) = self.rotator {
            parts.push(Self::rotator_type(name));
        }
        if let Some(r) = &self.reduced {
            parts.push(self.layer_type(r));
        }
        parts.push(basic);
        nest(&parts)
    }

    /// The piece's state string, off any map (as a palette or set-up stack holds it),
    /// masked by its side when `masked`, turned to facing `facing` when it has a rotator.
    pub fn state_string(&self, gpid: u32, masked: bool, facing: u8) -> String {
        let marker = Seq::new(',')
            .push(&self.side)
            .push(&self.unit)
            .push(&self.scenario)
            .push(&self.ratings)
            .value();
        let mask = Seq::new(';')
            .push(if masked { &self.owner } else { "null" })
            .push("")
            .value();
        let basic = Seq::new(';')
            .push("null")
            .push("0")
            .push("0")
            .push(&gpid.to_string())
            .push("0")
            .value();
        // The Layer starts on level 1, shown.
        // Delete and Clone keep no state (an empty token each).
        let mut parts = vec![marker];
        if self.mask.is_some() {
            parts.push(mask);
        }
        parts.push(String::new());
        if self.clone {
            parts.push(String::new());
        }
        if self.rotator.is_some() {
            parts.push((facing % crate::facing::FACINGS).to_string());
        }
        if self.reduced.is_some() {
            parts.push("1".into());
        }
        parts.push(basic);
        nest(&parts)
    }

    /// A `PieceSlot` element for this piece with a fresh `gpid`, masked by its side when
    /// `masked`, turned to facing `facing` (see [`PieceDef::state_string`]).
    pub fn slot(&self, gpid: u32, masked: bool, facing: u8) -> El {
        let add = format!(
            "+/{}",
            Seq::new('/')
                .push("null")
                .push(&self.type_string())
                .push(&self.state_string(gpid, masked, facing))
                .value()
        );
        El::new("VASSAL.build.widget.PieceSlot")
            .attr("entryName", &self.name)
            .attr("gpid", gpid)
            .attr("height", self.height)
            .attr("width", self.width)
            .text(add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Splits a nested string as `SequenceEncoder.Decoder` reads it: up to the first tab
    /// not preceded by a backslash, then the rest with one level of escapes taken off.
    fn unnest(mut t: String) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let b = t.as_bytes();
            let cut = (0..b.len()).find(|&i| b[i] == b'\t' && (i == 0 || b[i - 1] != b'\\'));
            match cut {
                Some(i) => {
                    out.push(t[..i].to_string());
                    t = t[i + 1..].replace("\\\t", "\t");
                }
                None => {
                    out.push(t);
                    return out;
                }
            }
        }
    }

    fn knights(reduced: Option<&str>) -> PieceDef {
        PieceDef {
            name: "Knights/Lances".into(),
            image: "k.png".into(),
            reduced: reduced.map(String::from),
            mask: Some("m.png".into()),
            clone: false,
            width: 52,
            height: 52,
            side: "Normans".into(),
            owner: "Normans".into(),
            unit: "Knights".into(),
            scenario: "civitate".into(),
            ratings: "3-2; back 1-2".into(),
            rotator: None,
        }
    }

    #[test]
    fn a_one_step_piece_has_marker_mask_delete_and_its_image() {
        let d = knights(None);
        assert_eq!(
            unnest(d.type_string()),
            [
                "mark;Side,Unit,Scenario,Ratings",
                "obs;77,130;m.png;Mask / reveal;I;Hidden (Normans);side:;Peek;Hidden set-up;true;;",
                "delete;Delete;68,130;",
                "piece;;;k.png;Knights/Lances",
            ]
        );
        assert_eq!(
            unnest(d.state_string(7, false, 0)),
            [
                "Normans,Knights,civitate,3-2; back 1-2",
                "null;",
                "",
                "null;0;0;7;0"
            ]
        );
        let slot = El::new("r").child(d.slot(7, false, 0)).document();
        // The `/` inside the name is escaped for the command's own delimiter.
        assert!(
            slot.contains("piece;;;k.png;Knights\\/Lances/Normans,"),
            "{slot}"
        );
    }

    #[test]
    fn a_two_step_piece_flips_through_a_layer_of_both_images() {
        let t = unnest(knights(Some("k-reduced.png")).type_string());
        assert_eq!(t.len(), 5, "{t:?}");
        assert_eq!(
            t[3],
            "emb2;;130;;Flip;130;;;130;;;;1;false;0;0;k.png,k-reduced.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Step;1.0"
        );
        // The Layer draws the counter: the basic piece has no image of its own.
        assert_eq!(t[4], "piece;;;;Knights/Lances");
    }

    #[test]
    fn a_masked_piece_starts_obscured_by_its_side() {
        let s = unnest(knights(Some("r.png")).state_string(3, true, 0));
        assert_eq!(
            s,
            [
                "Normans,Knights,civitate,3-2; back 1-2",
                "Normans;",
                "",
                "1",
                "null;0;0;3;0"
            ]
        );
    }

    #[test]
    fn a_faced_piece_turns_through_six_facings_from_its_set_up_facing() {
        let mut d = knights(Some("r.png"));
        d.rotator = Some("Facing (hex corner)");
        let t = unnest(d.type_string());
        assert_eq!(t.len(), 6, "{t:?}");
        // Inside Delete, outside the Layer, so both steps turn and the mask does not.
        assert_eq!(
            t[3],
            "rotate;6;93,130;91,130;Rotate clockwise;Rotate anticlockwise;;;Facing (hex corner);Facing (hex corner);;;;true"
        );
        let s = unnest(d.state_string(3, false, 4));
        assert_eq!(s[3], "4");
        assert_eq!(s[4], "1");
    }

    #[test]
    fn a_marker_has_no_mask_and_clones_where_allowed() {
        let mut d = knights(None);
        d.mask = None;
        d.clone = true;
        let t = unnest(d.type_string());
        assert_eq!(
            t,
            [
                "mark;Side,Unit,Scenario,Ratings",
                "delete;Delete;68,130;",
                "clone;Clone;67,130;",
                "piece;;;k.png;Knights/Lances",
            ]
        );
        assert_eq!(unnest(d.state_string(2, false, 0)).len(), 4);
    }
}
