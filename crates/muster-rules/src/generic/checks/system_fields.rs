//! A field another game system owns: each system declares the scenario fields only it
//! reads ([`crate::GameSystem::fields`]); a scenario of another system that sets one is
//! told, since no rule of its own system will ever read it (a Siege block on an A la
//! Charge scenario passed with no finding before).

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
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
    let Ok(file) = serde_json::to_value(s.file) else {
        return;
    };
    let ours = crate::fields::pointers(this);
    // Each field set, with every other system that reads it (`group` is Charles the Bold's
    // and Siege's): one finding naming them all.
    let mut owners: Vec<(String, Vec<&dyn crate::GameSystem>)> = Vec::new();
    for other in crate::system::SYSTEMS {
        if other.id() == this.id() {
            continue;
        }
        for pattern in crate::fields::pointers(*other) {
            if ours.contains(&pattern) {
                continue;
            }
            let mut found = Vec::new();
            expand(
                &file,
                pattern.trim_start_matches('/'),
                String::new(),
                &mut found,
            );
            for pointer in found {
                match owners.iter_mut().find(|(p, _)| *p == pointer) {
                    Some((_, systems)) => systems.push(*other),
                    None => owners.push((pointer, vec![*other])),
                }
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

/// The pointers below `at` (written `prefix`) that `pattern` (`a/*/b`) names and that hold
/// a value (not null, false, an empty list or an empty record).
fn expand(at: &Value, pattern: &str, prefix: String, found: &mut Vec<String>) {
    let (head, rest) = match pattern.split_once('/') {
        Some((h, r)) => (h, Some(r)),
        None => (pattern, None),
    };
    let children: Vec<(String, &Value)> = match (head, at) {
        ("*", Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v))
            .collect(),
        (key, Value::Object(map)) => map
            .get(key)
            .map(|v| (key.to_string(), v))
            .into_iter()
            .collect(),
        _ => Vec::new(),
    };
    for (key, value) in children {
        let pointer = format!("{prefix}/{key}");
        match rest {
            Some(rest) => expand(value, rest, pointer, found),
            None if is_set(value) => found.push(pointer),
            None => {}
        }
    }
}

fn is_set(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => false,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        _ => true,
    }
}
