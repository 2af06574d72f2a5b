//! Colours of the features the renderer draws, shared with the other pictures of a map
//! (the Tiled export's layers), so that every picture uses one palette. Terrain colours
//! come from the ruleset (`TerrainDef::rgb`).

/// Colour of roads and other paths.
pub const ROAD: [u8; 3] = [138, 106, 58];

/// Colour of a hexside feature.
pub fn hexside(feature: &str) -> [u8; 3] {
    match feature {
        "battlement" => [30, 30, 30],
        "wall" => [90, 60, 40],
        "arrow-slit" => [120, 120, 150],
        "door" => [200, 160, 90],
        "window" => [150, 200, 230],
        "lip" => [150, 110, 50],
        "river" => [47, 111, 192],
        "bridge" => [107, 75, 42],
        "stream" => [79, 147, 214],
        "hedge" => [46, 107, 46],
        _ => [60, 60, 60],
    }
}
