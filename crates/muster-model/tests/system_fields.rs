//! A game system's own fields need no change to the model (issue 30): a system that the
//! model has never heard of declares its side fields as a type of its own, and the scenario
//! schema lists them, the file reads them, the system reads them typed, and the canonical
//! writer puts them back where they were.

use muster_model::canonical::scenario_to_ron;
use muster_model::schema::for_kind_with;
use muster_model::{FileKind, ScenarioFile};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Deserialize;

/// A fifth system's side fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
struct FifthSide {
    /// Supply level at the start.
    #[serde(default)]
    supply: Option<u32>,
}

/// A fifth system's set-up line fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
struct FifthLine {
    /// Set up in column of march.
    #[serde(default)]
    in_column: bool,
}

/// A fifth system's field types, as a system in the table gives them.
fn fifth(g: &mut SchemaGenerator) -> Vec<(String, [Schema; 5])> {
    let none = || schemars::json_schema!({"type": "object", "properties": {}});
    let (side, line) = (FifthSide::json_schema(g), FifthLine::json_schema(g));
    vec![("Fifth".into(), [none(), side, none(), line, none()])]
}

fn scenario(side_fields: &str) -> serde_json::Value {
    serde_json::from_str(&format!(
        r#"{{"title": "T", "ruleset": "fifth", "map": "m.map.ron", "turns": 3,
            "first_side": "a", "sides": [
              {{"id": "a", "name": "A", "commander": "Boss"{side_fields},
                "units": [{{"id": "Boss", "name": "Boss", "kind": "leader"}}],
                "setup": [{{"units": ["Boss"], "at": {{"Hexes": ["0101"]}}, "in_column": true}}]}}]}}"#
    ))
    .unwrap()
}

#[test]
fn a_new_systems_side_field_is_in_the_schema_and_read_typed() {
    let schema = serde_json::Value::from(for_kind_with(FileKind::Scenario, &fifth));
    let side = &schema["$defs"]["Side"];
    assert_eq!(
        side["properties"]["supply"]["description"],
        "(Fifth) Supply level at the start."
    );
    assert_eq!(side["additionalProperties"], false);
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&scenario(r#", "supply": 3"#))
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert!(
        !validator.is_valid(&scenario(r#", "suply": 3"#)),
        "a misspelt field is still refused"
    );
    assert!(!validator.is_valid(&scenario(r#", "supply": "lots""#)));
    let without = serde_json::Value::from(for_kind_with(FileKind::Scenario, &|_| Vec::new()));
    assert!(
        !jsonschema::draft202012::new(&without)
            .unwrap()
            .is_valid(&scenario(r#", "supply": 3"#)),
        "only a system that declares a field makes it valid"
    );

    let file: ScenarioFile = serde_json::from_value(scenario(r#", "supply": 3"#)).unwrap();
    assert_eq!(file.sides[0].system.typed::<FifthSide>().supply, Some(3));
    assert!(file.sides[0].setup[0].system.typed::<FifthLine>().in_column);
    let text = scenario_to_ron(&file, &schema).unwrap();
    assert!(
        text.contains("            commander: \"Boss\",\n            supply: 3,\n"),
        "written where it was read, after the commander:\n{text}"
    );
    assert!(
        text.contains("(units: [\"Boss\"], at: Hexes([\"0101\"]), in_column: true),"),
        "a set-up line's own field on its line:\n{text}"
    );
}
