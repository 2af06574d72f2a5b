//! The comment-keeping canonical writer on any scenario text that loads: every comment
//! kept, the value unchanged, and formatting twice gives the same text.
#![no_main]
use libfuzzer_sys::fuzz_target;
use muster_check::syntax::read_with_comments;
use muster_check::{keep_comments, parse_text};
use muster_model::canonical::scenario_layout;
use muster_model::{FileKind, ScenarioFile};
use std::path::Path;
use std::sync::Arc;

fn comments(text: &str) -> Vec<String> {
    let mut c: Vec<String> = read_with_comments(text)
        .map(|(_, spans)| spans.iter().map(|s| text[s.start..s.end].trim_end().to_string()).collect())
        .unwrap_or_default();
    c.sort();
    c
}

fuzz_target!(|text: &str| {
    let path = Path::new("f.scenario.ron");
    let Ok(loaded) = parse_text::<ScenarioFile>(path, Arc::from(text), FileKind::Scenario) else {
        return;
    };
    let Ok(layout) = scenario_layout(&loaded.value) else {
        return;
    };
    let once = keep_comments(text, &layout, &layout).expect("a text that loaded reads");
    let again = parse_text::<ScenarioFile>(path, Arc::from(once.as_str()), FileKind::Scenario)
        .unwrap_or_else(|_| panic!("the canonical text does not load:\n{once}"));
    assert_eq!(again.value, loaded.value, "the value changed:\n{once}");
    assert_eq!(comments(&once), comments(text), "a comment was lost:\n{once}");
    let twice = keep_comments(&once, &layout, &layout).unwrap();
    assert_eq!(twice, once, "formatting twice changes the text");
});
