//! Movement reach, answered by the scenario's game system (the CLI's `query reach` and the
//! editor's preview both come here, so neither knows which system does what).

use crate::scenario::Scenario;
use muster_hex::Hex;

/// Where a unit can end its move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// Movement allowance (MP, or hexes for systems measured in distance).
    pub mp: u32,
    /// Hexes where the move can end, with what it costs, sorted by printed id.
    pub hexes: Vec<(Hex, u32)>,
    /// Why the unit cannot move at all, if so.
    pub restricted: Option<String>,
}

/// The reach of unit `unit` of side `side` from `from`, by the scenario's rules.
pub fn reach(s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
    match s.file.ruleset.as_str() {
        "and-gentlemen-all" => crate::and_gentlemen_all::reach::reach(s, side, unit, from),
        "a-la-charge" => crate::a_la_charge::reach::reach(s, side, unit, from),
        "siege" => {
            let f = crate::siege::field::Field::new(s);
            crate::siege::movement::reach(&f, side, unit, from)
        }
        other => Reach {
            mp: 0,
            hexes: vec![],
            restricted: Some(format!("movement is not modelled for `{other}` yet")),
        },
    }
}

/// The reach of a character carrying something (`"screen"` or `"oil"`, Siege 5.21, 5.32),
/// or why the scenario's system has no such thing.
pub fn reach_carrying(
    s: &Scenario,
    side: usize,
    unit: usize,
    from: Hex,
    load: &str,
) -> Result<Reach, String> {
    use crate::siege::movement::{reach_carrying, Load};
    if s.file.ruleset != "siege" {
        return Err(format!(
            "{} has no screens or barrels to carry",
            s.ruleset.name
        ));
    }
    let load = match load {
        "screen" => Load::Screen,
        "oil" | "barrel" => Load::Barrel,
        other => return Err(format!("`{other}` cannot be carried: `screen` or `oil`")),
    };
    let f = crate::siege::field::Field::new(s);
    Ok(reach_carrying(&f, side, unit, from, load))
}
