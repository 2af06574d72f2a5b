//! Line of fire between two hexes, answered by the scenario's game system (the CLI's
//! `query los` and the editor's line-of-fire tool both come here, so neither knows which
//! system does what).

use crate::scenario::Scenario;
use muster_hex::Hex;

/// One end of a line: a hex, and whether on the upper level of a siege tower there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FireEnd {
    /// The hex.
    pub hex: Hex,
    /// On a siege tower's upper level (Siege; ignored elsewhere).
    pub upper: bool,
}

impl FireEnd {
    /// At ground (or battlement) level.
    pub fn at(hex: Hex) -> FireEnd {
        FireEnd { hex, upper: false }
    }

    /// The end at `hex` where the character set up there stands: on a siege tower's upper
    /// level when its set-up line says so (the editor's line-of-fire tool picks ends so).
    pub fn of_character(s: &Scenario, hex: Hex) -> FireEnd {
        let upper = s.file.ruleset == "siege"
            && crate::siege::field::Field::new(s)
                .characters
                .iter()
                .any(|c| c.hex == hex && c.level == Some(muster_model::Level::Upper));
        FireEnd { hex, upper }
    }
}

/// The answer, in the same shape for every system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineOfFire {
    /// Whether the shot is possible.
    pub clear: bool,
    /// The target's cover or defensive terrain, where the system has one.
    pub cover: Option<String>,
    /// The cover protects from one side only (Siege corners, gateways, doorways).
    pub one_sided: bool,
    /// The hexes of the line, both ends included.
    pub path: Vec<Hex>,
    /// Levels of the two ends (Siege).
    pub levels: Option<(i32, i32)>,
    /// What each hex or hexside did, where the system explains step by step.
    pub steps: Vec<String>,
    /// The verdict in one sentence.
    pub reason: String,
}

/// The line of fire from `from` to `to` by the scenario's rules, or why the system has none.
pub fn line_of_fire(s: &Scenario, from: FireEnd, to: FireEnd) -> Result<LineOfFire, String> {
    match s.file.ruleset.as_str() {
        "a-la-charge" => {
            let l = crate::a_la_charge::los::line_of_fire(s, from.hex, to.hex);
            Ok(LineOfFire {
                clear: l.clear,
                cover: l.cover,
                one_sided: false,
                path: l.path,
                levels: None,
                steps: vec![],
                reason: l.reason,
            })
        }
        "charles-the-bold" => {
            let p = &s.placements;
            let archer = p
                .certainly_held(from.hex)
                .into_iter()
                .filter_map(|o| s.list_entry(o.side, o.unit?))
                .any(|e| e.has("Longbow") || e.has("Bow"));
            // Stands block sight; generals are not stands (§1.2).
            let stands: Vec<Hex> = p
                .certain_hexes()
                .filter(|h| p.certainly_held(*h).iter().any(|o| !o.free))
                .collect();
            let v = crate::charles_the_bold::visibility::sight(s, from.hex, to.hex, archer, &stands);
            Ok(LineOfFire {
                clear: v.clear,
                cover: None,
                one_sided: false,
                path: v.path,
                levels: None,
                steps: vec![],
                reason: v.reason,
            })
        }
        "siege" => {
            let f = crate::siege::field::Field::new(s);
            Ok(siege_answer(&f, from, to, crate::siege::los::line_of_fire(&f, from, to)))
        }
        _ => Err(format!(
            "line of fire is not modelled for {} (its rules measure fire in inches on an open table)",
            s.ruleset.name
        )),
    }
}

/// A Siege answer in the shape every system gives.
fn siege_answer(
    f: &crate::siege::field::Field,
    from: FireEnd,
    to: FireEnd,
    l: crate::siege::los::Fire,
) -> LineOfFire {
    LineOfFire {
        clear: l.clear,
        cover: l.clear.then(|| l.cover.name().to_string()),
        one_sided: l.one_sided,
        path: l.path,
        levels: Some((f.level(from.hex, from.upper), f.level(to.hex, to.upper))),
        steps: l.steps,
        reason: l.reason,
    }
}

/// Several shooters at one target: each line of fire, and the shooters between whose
/// one-sided cover the target's owner chooses (Siege 3.28, 3.29: medium cover counts once).
pub fn crossfire(
    s: &Scenario,
    shooters: &[FireEnd],
    target: FireEnd,
) -> Result<(Vec<LineOfFire>, Vec<usize>), String> {
    if s.file.ruleset != "siege" {
        return Err(format!(
            "crossfire cover is a Siege / Cry Havoc rule, not one of {}",
            s.ruleset.name
        ));
    }
    let f = crate::siege::field::Field::new(s);
    let (fires, choose) = crate::siege::los::crossfire(&f, shooters, target);
    let answers = fires
        .into_iter()
        .zip(shooters)
        .map(|(l, a)| siege_answer(&f, *a, target, l))
        .collect();
    Ok((answers, choose))
}
