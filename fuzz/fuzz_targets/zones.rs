//! Zone expressions read from any RON text and resolved on a 20 x 15 map: an error or a
//! set of hexes, never a panic; a hex off the map only when the text lists it (resolve
//! keeps listed off-map hexes so that the checks can report them, MU023).
#![no_main]
use libfuzzer_sys::fuzz_target;
use muster_hex::GridSpec;
use muster_model::{MapFile, Zone};
use muster_rules::{FileRole, World};

fuzz_target!(|text: &str| {
    let Ok(zone) = ron::from_str::<Zone>(text) else {
        return;
    };
    let map = MapFile::blank("fuzz", "a-la-charge", "clear", GridSpec::flat(20, 15));
    let world = World::from_map(&map, FileRole::This, &mut Vec::new());
    if let Ok(hexes) = world.resolve(&zone) {
        for h in hexes.into_iter().filter(|h| !world.grid.contains(*h)) {
            let id = world.grid.to_printed(h);
            assert!(text.contains(&id), "{text}: {id} is off the map and not listed");
        }
    }
});
