//! What `muster new` (and the editor) put into a new scenario beyond the blank one: each
//! system's example unit and set-up line, as JSON (the form a unit or a line with its
//! system's own fields is read from, see `muster_model::SystemFields`; `muster new` writes
//! them as RON).

use muster_model::{ScenarioFile, SetupEntry, UnitDef};

/// Adds one example unit and its set-up line (both JSON) to the first side of `s`.
pub(crate) fn example(s: &mut ScenarioFile, unit: &str, line: &str) {
    let (Ok(u), Ok(l)) = (
        serde_json::from_str::<UnitDef>(unit),
        serde_json::from_str::<SetupEntry>(line),
    ) else {
        debug_assert!(
            false,
            "an example unit or set-up line does not read: {unit} {line}"
        );
        return;
    };
    if let Some(side) = s.sides.first_mut() {
        side.units.push(u);
        side.setup.push(l);
    }
}

/// The first side's one command group `main`, led by `general` when the system names one.
pub(crate) fn command(s: &mut ScenarioFile, general: Option<&str>) {
    if let Some(side) = s.sides.first_mut() {
        let mut main = serde_json::json!({"id": "main", "name": "Main body"});
        if let Some(g) = general {
            main["general"] = g.into();
        }
        side.system.set("commands", Some(serde_json::json!([main])));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_system_example_reads() {
        for system in crate::system_ids().filter_map(crate::system) {
            let mut s = muster_model::ScenarioFile::blank("t", system.id(), "m.map.ron");
            system.prepare_new_scenario(&mut s);
            assert_eq!(s.sides[0].units.len(), 1, "{}", system.id());
            assert_eq!(s.sides[0].setup.len(), 1, "{}", system.id());
        }
    }
}
