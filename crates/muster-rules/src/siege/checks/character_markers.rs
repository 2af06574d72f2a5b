//! SI419 — A panic, rout or ransom marker on a character who cannot carry it.

use super::super::cite;
use super::support::*;
use crate::diagnostic::{Diagnostic, Location};
use crate::placement::{Assume, Holder};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::fields;
use crate::siege::vocabulary::{markers, options, unit_traits};

/// `SI419`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI419", "character-markers", "siege", "A panic, rout or ransom marker on a character who cannot carry it.",
        "A `panic` or `rout` marker needs the option `panic-and-rout`, a character set up in its hex, and that character neither a knight nor, when the siege names its `defender`, a defender inside the castle (when it names none, a warning on a panic or rout marker inside the castle: Muster cannot tell whose castle it is, ours); a `ransom` marker needs the option `ransom` and a knight on foot in its hex. The set-up is read through the placement model: an error when every character that may stand in the hex is barred, none when the owner could put one there who may carry it.",
        "\"Knights are fearless and so never panic\"; \"Defenders of the castle are not affected by panic or rout while they are inside the castle\" (6.1); \"Only a knight can surrender\" and then takes a RANSOM marker (6.4). Inside the castle is ours: its walls, arrow-slits, towers, keep, stairways, courtyards and gateways.",
        "A panic marker on 1208, where the knight Sir Renaud is set up.",
        "Siege 6.1, 6.4."),
    run: markers,
};

/// Where "inside the castle" comes from, for the help text.
const INSIDE: &str = "inside the castle is our reading: its walls, arrow-slits, towers, keep, stairways, courtyards and gateways, and the hexes they enclose";

fn markers(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = super::super::field::Field::new(s);
    let defender = fields::scenario(s.file)
        .siege
        .as_ref()
        .and_then(|st| st.defender.as_deref())
        .and_then(|d| s.file.sides.iter().position(|sd| sd.id == d));
    for (i, m) in s.file.markers.iter().enumerate() {
        let (needs, rule) = match m.kind.as_str() {
            markers::PANIC | markers::ROUT => (options::PANIC_AND_ROUT, "6.1"),
            markers::RANSOM => (options::RANSOM, "6.4"),
            _ => continue,
        };
        let Some(h) = marker_hex(s, i) else { continue };
        let loc = Location::here(format!("/markers/{i}"));
        let err = |msg: String| {
            Diagnostic::error(CHECK.doc.code, loc.clone(), msg)
                .at_hex(m.hex.to_string())
                .rule(cite(rule))
        };
        if !option(s, needs) {
            out.push(err(format!(
                "a {} marker needs the option `{needs}`",
                m.kind
            )));
        }
        let holders = s.placements.held(h, Assume::Worst);
        if holders.is_empty() {
            out.push(err(format!(
                "a {} marker on {}, where no character is set up",
                m.kind, m.hex
            )));
            continue;
        }
        let inside = f.inside_castle(h);
        let barred = |o: &Holder| -> Option<String> {
            let kind = o.unit.and_then(|u| s.unit(o.side, u).1);
            let knight = kind.is_some_and(|k| k.has(unit_traits::KNIGHT));
            match m.kind.as_str() {
                markers::RANSOM if knight && kind.is_some_and(|k| k.mounted) => Some(format!(
                    "{} is set up mounted, and a knight who surrenders dismounts at once: set him up as a knight on foot",
                    o_name(s, *o)
                )),
                markers::RANSOM if o.unit.is_some() && !knight => Some(format!(
                    "{} is not a knight: only a knight surrenders",
                    o_name(s, *o)
                )),
                markers::PANIC | markers::ROUT if knight => Some(format!(
                    "{} is a knight, and knights never panic",
                    o_name(s, *o)
                )),
                markers::PANIC | markers::ROUT if inside && Some(o.side) == defender => Some(format!(
                    "{} is a defender inside the castle, who neither panics nor routs",
                    o_name(s, *o)
                )),
                _ => None,
            }
        };
        let reasons: Vec<String> = holders
            .iter()
            .map(barred)
            .collect::<Option<_>>()
            .unwrap_or_default();
        if let Some(why) = reasons.first() {
            let mut d = err(format!("a {} marker on {}: {why}", m.kind, m.hex));
            if inside && m.kind != markers::RANSOM {
                d = d.help(INSIDE);
            }
            out.push(d);
        } else if inside && defender.is_none() && m.kind != markers::RANSOM {
            // 6.1 note 2 still applies when the scenario does not say who defends: the
            // character may be a defender inside the castle (ours: a warning, not a guess).
            out.push(
                Diagnostic::warning(
                    CHECK.doc.code,
                    loc.clone(),
                    format!(
                        "a {} marker on {}, inside the castle: if the character there defends it, he neither panics nor routs, and the siege names no `defender` to tell",
                        m.kind, m.hex
                    ),
                )
                .at_hex(m.hex.to_string())
                .rule(cite(rule))
                .help(format!(
                    "name the side that holds the castle in `siege: (…, defender: \"…\")`; {INSIDE}"
                )),
            );
        }
    }
}
