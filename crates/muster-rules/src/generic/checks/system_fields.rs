//! A field another game system owns: each system declares its own fields
//! ([`crate::GameSystem::field_schemas`]) and the model's shared fields only it reads
//! ([`crate::GameSystem::shared_fields`]); a scenario of another system that sets one is
//! told, since no rule of its own system will ever read it (a Siege block on an A la
//! Charge scenario passed with no finding before).

use crate::diagnostic::{Diagnostic, Location};
use crate::fields::names_by_level;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::GameSystem;
use muster_model::{ScenarioFile, SystemFields};
use serde_json::Value;

/// `MU082`: a field of another game system.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!(
        "MU082",
        "field-of-another-system",
        "generic",
        "The scenario sets a field that only another game system reads.",
        "Each game system declares the scenario, side, unit and set-up fields only it reads (A la Charge's `army_morale` and `rout`, And Gentlemen All's `scale`, `terrain_classes` and `regiment`, Charles the Bold's `training`, `break_proportion` and `list_entry`, Siege's `siege`, `pieces` and `markers`, …). A field set on a scenario of a system that does not read it is reported at the field, naming the system it belongs to. A field two systems share (`commands`, `group`) is accepted by either.",
        "No rule of the scenario's own system reads such a field, so whatever it says is silently ignored: usually a field copied from another game's scenario, or a scenario whose `ruleset` is wrong.",
        "`siege: (days: 3, …)` on an A la Charge scenario.",
        "Muster file format: each game system's fields (Muster's own rule, not the publisher's)."
    ),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let Some(this) = crate::system(&s.file.ruleset) else {
        return;
    };
    let others: Vec<&dyn GameSystem> = crate::SYSTEMS
        .iter()
        .copied()
        .filter(|g| g.id() != this.id())
        .collect();
    // Each field set, with every other system that reads it (`group` is Charles the Bold's
    // and Siege's): one finding naming them all.
    let mut owners: std::collections::BTreeMap<String, Vec<&dyn GameSystem>> = Default::default();
    let mut owned = |pointer: String, g: &'static dyn GameSystem| {
        owners.entry(pointer).or_default().push(g);
    };
    // The systems' own fields, as the file keeps them at each level.
    let ours = names_by_level(this);
    for (level, at, fields) in levels(s.file) {
        for (name, _) in fields.iter().filter(|(_, v)| is_set(v)) {
            if ours[level].iter().any(|n| n == name) {
                continue;
            }
            for g in others
                .iter()
                .filter(|g| names_by_level(**g)[level].iter().any(|n| n == name))
            {
                owned(format!("{at}/{name}"), *g);
            }
        }
    }
    // The model's shared fields a system alone reads.
    for g in &others {
        for shared in g
            .shared_fields()
            .iter()
            .filter(|f| !this.shared_fields().contains(f))
        {
            for pointer in shared.set_in(s.file) {
                owned(pointer, *g);
            }
        }
    }
    for (pointer, systems) in owners {
        let field = pointer.rsplit('/').next().unwrap_or_default().to_string();
        let name = |g: &&dyn crate::GameSystem| g.ruleset().name.clone();
        let owners = joined(systems.iter().map(name), "and");
        let names = joined(systems.iter().map(name), "or");
        let sets = joined(
            systems.iter().map(|g| format!("`ruleset: \"{}\"`", g.id())),
            "or",
        );
        out.push(
            Diagnostic::warning(
                CHECK.doc.code,
                Location::here(pointer),
                format!(
                    "`{field}` is a field of {owners}; {} does not read it",
                    s.ruleset.name
                ),
            )
            .help(format!(
                "remove it, or, if this scenario is for {names}, set {sets}"
            )),
        );
    }
}

/// `a`, `a or b`, `a, b or c` (with `word` "or").
fn joined(items: impl Iterator<Item = String>, word: &str) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, init)) => format!("{} {word} {last}", init.join(", ")),
    }
}

/// Every object of the file that keeps a game system's fields, with its level (an index
/// into `muster_model::schema::SYSTEM_LEVELS`) and its pointer.
fn levels(f: &ScenarioFile) -> Vec<(usize, String, &SystemFields)> {
    // Pointers are written only for the objects that keep any field (most keep none).
    let mut out = Vec::new();
    if !f.system.is_empty() {
        out.push((0, String::new(), &f.system));
    }
    for (i, sd) in f.sides.iter().enumerate() {
        if !sd.system.is_empty() {
            out.push((1, format!("/sides/{i}"), &sd.system));
        }
        let units = sd.units.iter().map(|u| &u.system);
        let lines = sd.setup.iter().map(|e| &e.system);
        let entering = sd.reinforcements.iter().map(|r| &r.system);
        let kinds: [(usize, &str, Vec<&SystemFields>); 3] = [
            (2, "units", units.collect()),
            (3, "setup", lines.collect()),
            (4, "reinforcements", entering.collect()),
        ];
        for (level, list, all) in kinds {
            for (j, fields) in all.into_iter().enumerate().filter(|(_, x)| !x.is_empty()) {
                out.push((level, format!("/sides/{i}/{list}/{j}"), fields));
            }
        }
    }
    out
}

/// A value that says something (not null, false, an empty list or an empty record).
fn is_set(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => false,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        _ => true,
    }
}
