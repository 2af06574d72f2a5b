//! The TMX reader and the Tiled import on any text: an error or a map, never a panic; a map
//! it reads exports back to TMX without a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(tmx) = muster_tiled::read_tmx(text, &mut |_| Err("no files".into())) else {
        return;
    };
    let opts = muster_tiled::ImportOptions {
        ruleset: Some("a-la-charge".into()),
        empty: Some("clear".into()),
        ..Default::default()
    };
    if let Ok(imported) = muster_tiled::import(&tmx, &opts) {
        let _ = muster_model::canonical::map_to_ron(&imported.map);
        if let Some(ruleset) = muster_rules::ruleset(&imported.map.ruleset) {
            let _ = muster_tiled::export(&imported.map, ruleset, &Default::default());
        }
    }
});
