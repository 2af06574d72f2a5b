//! Saves a document over and over, flipping it between two states, for
//! `scripts/kill9.sh` (issue 15 item 8): the script kills this process at random moments
//! and checks that each file is always one whole state, never a mix or a prefix.
//!
//! `save_loop SCENARIO --states DIR` writes the two states' texts (`DIR/{a,b}.{map,scenario}`)
//! and exits; `save_loop SCENARIO` saves forever, printing `saved N`.

use muster_editor::document::Document;
use std::path::Path;

/// The two states: the document as opened (with five turns), and the same with another
/// title, seven turns and its hexes in reverse order (which rewrites the whole map body).
fn states(doc: &Document) -> [(muster_model::MapFile, Option<muster_model::ScenarioFile>); 2] {
    let mut a = (doc.map.clone(), doc.scenario.clone());
    if let Some(s) = &mut a.1 {
        s.turns = 5;
    }
    let mut b = a.clone();
    b.0.title.push_str(" (B)");
    b.0.hexes.reverse();
    if let Some(s) = &mut b.1 {
        s.turns = 7;
    }
    [a, b]
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let scenario = Path::new(
        args.get(1)
            .ok_or("usage: save_loop SCENARIO [--states DIR]")?,
    );
    let mut doc = Document::open(scenario)?;
    if let (Some("--states"), Some(dir)) = (args.get(2).map(String::as_str), args.get(3)) {
        for (name, (map, scenario)) in ["a", "b"].into_iter().zip(states(&doc)) {
            (doc.map, doc.scenario) = (map, scenario);
            let (s, m) = doc.texts()?;
            std::fs::write(Path::new(dir).join(format!("{name}.map")), m)
                .map_err(|e| e.to_string())?;
            std::fs::write(
                Path::new(dir).join(format!("{name}.scenario")),
                s.unwrap_or_default(),
            )
            .map_err(|e| e.to_string())?;
        }
        return Ok(());
    }
    let states = states(&doc);
    for n in 0u64.. {
        (doc.map, doc.scenario) = states[(n % 2) as usize].clone();
        doc.save().map_err(|e| e.to_string())?;
        println!("saved {n}");
    }
    Ok(())
}
