//! Piece definitions: a counter's image and its VASSAL type and state, as a `PieceSlot`
//! element carries them (`+/null/TYPE/STATE`, an `AddPiece` command).
//!
//! A piece is a `BasicPiece` (`piece;CLONE;DELETE;IMAGE;NAME`) inside a `Marker` trait
//! (`mark;Side,Unit,Scenario`) so that reports and other tools can tell which side and
//! unit a counter is; traits nest by tab, as `Decorator.getType` writes them.

use crate::seq::Seq;
use crate::xml::El;

/// A piece: what it is called, its image, and its size.
#[derive(Debug, Clone)]
pub struct PieceDef {
    /// The piece's name (shown in VASSAL's reports).
    pub name: String,
    /// Image file name under `images/`.
    pub image: String,
    /// Image size.
    pub width: u32,
    /// Image size.
    pub height: u32,
    /// Side name.
    pub side: String,
    /// Unit or piece id in the scenario.
    pub unit: String,
    /// Scenario slug.
    pub scenario: String,
}

const MARKER_KEYS: [&str; 3] = ["Side", "Unit", "Scenario"];

impl PieceDef {
    /// The piece's type string.
    pub fn type_string(&self) -> String {
        let basic = format!(
            "piece;{}",
            Seq::starting("", ';')
                .push("")
                .push(&self.image)
                .push(&self.name)
                .value()
        );
        let marker = format!(
            "mark;{}",
            MARKER_KEYS
                .iter()
                .fold(Seq::new(','), |s, k| s.push(k))
                .value()
        );
        Seq::starting(&marker, '\t').push(&basic).value()
    }

    /// The piece's state string, off any map (as a palette or set-up stack holds it).
    pub fn state_string(&self, gpid: u32) -> String {
        let marker = Seq::new(',')
            .push(&self.side)
            .push(&self.unit)
            .push(&self.scenario)
            .value();
        let basic = Seq::new(';')
            .push("null")
            .push("0")
            .push("0")
            .push(&gpid.to_string())
            .push("0")
            .value();
        Seq::starting(&marker, '\t').push(&basic).value()
    }

    /// A `PieceSlot` element for this piece with a fresh `gpid`.
    pub fn slot(&self, gpid: u32) -> El {
        let add = format!(
            "+/{}",
            Seq::new('/')
                .push("null")
                .push(&self.type_string())
                .push(&self.state_string(gpid))
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

    #[test]
    fn a_slot_carries_an_add_piece_command_with_marker_and_basic_piece() {
        let d = PieceDef {
            name: "Knights/Lances".into(),
            image: "k.png".into(),
            width: 52,
            height: 52,
            side: "Normans".into(),
            unit: "Knights".into(),
            scenario: "civitate".into(),
        };
        assert_eq!(
            d.type_string(),
            "mark;Side,Unit,Scenario\tpiece;;;k.png;Knights/Lances"
        );
        let slot = El::new("r").child(d.slot(7)).document();
        // The `/` inside the name is escaped for the command's own delimiter.
        assert!(
            slot.contains("+/null/mark;Side,Unit,Scenario\tpiece;;;k.png;Knights\\/Lances/Normans,Knights,civitate\tnull;0;0;7;0<"),
            "{slot}"
        );
    }
}
