//! code.md 4: the repro's control characters (a title with BEL and ESC, a name with U+0001)
//! never reach `buildFile.xml` or `moduledata`: both parse with a strict XML parser. VASSAL
//! and Tiled now share one writer and one sanitiser (`muster-xml`).

use muster_check::Checker;
use muster_vassal::{export, ScenarioInput};
use std::path::Path;

fn forbidden(c: char) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{FFFE}' || c == '\u{FFFF}'
}

#[test]
fn control_characters_in_titles_and_names_give_a_well_formed_build_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/charles-the-bold/saint-aubin.scenario.ron");
    let mut loaded = Checker::new().load_scenario(&path).expect("loads");
    loaded.scenario.value.title = "Bell\u{7}map\u{1b}[31m".into();
    loaded.scenario.value.sides[0].name = "A\u{1}B \"<&>'".into();
    let s = loaded.resolve();
    let input = ScenarioInput {
        scenario: &s,
        map: &loaded.map().value,
        overlays: loaded.overlay_values(),
    };
    let module = export("Module\u{FFFF}\u{2}", &[input]).expect("exports");
    for file in ["buildFile.xml", "moduledata"] {
        let bytes = module.file(file).expect("the module has the file");
        let text = std::str::from_utf8(bytes).expect("UTF-8");
        assert!(
            !text.chars().any(forbidden),
            "{file} holds a forbidden character"
        );
        let doc = roxmltree::Document::parse(text)
            .unwrap_or_else(|e| panic!("a strict XML parser reads {file}: {e}"));
        if file == "buildFile.xml" {
            let titles: Vec<_> = doc
                .descendants()
                .filter_map(|n| n.attribute("title"))
                .collect();
            assert!(titles.contains(&"Bellmap[31m"), "{titles:?}");
            assert_eq!(doc.root_element().attribute("name"), Some("Module"));
        }
    }
}
