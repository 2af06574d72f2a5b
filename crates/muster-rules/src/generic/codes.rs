//! Documentation of the codes raised by the pipeline itself (reading, schema, references,
//! world building) rather than by a check function.

use crate::registry::CodeDoc;

/// `MU001` `syntax`: The file is not valid RON or JSON.
pub const SYNTAX: CodeDoc = doc!(
    "MU001",
    "syntax",
    "generic", "The file is not valid RON or JSON.", "Reads the file as RON (or JSON for `.json`) and reports the first syntax error at its line and column.", "Nothing else can be checked until the file reads.", "`(title: \"Civitate\" turns: 5)` — a comma is missing after the title.", "Muster file format.");

/// `MU002` `schema`: A value does not match the file's JSON Schema.
pub const SCHEMA: CodeDoc = doc!(
    "MU002",
    "schema",
    "generic", "A value does not match the file's JSON Schema.", "Validates the file against `schemas/<kind>.schema.json` and reports every error at the offending key or value.", "Catches unknown fields, missing fields, wrong types and malformed hex ids before the rules run.", "`turns: \"five\"` — turns must be a number.", "Muster file format (schemas/).");

/// `MU003` `shape`: The file matches the schema but cannot be read into Muster's model.
pub const SHAPE: CodeDoc = doc!(
    "MU003",
    "shape",
    "generic",
    "The file matches the schema but cannot be read into Muster's model.",
    "Deserialises the validated value and reports where it fails.",
    "A safety net for constraints the schema cannot express.",
    "A unit reference with a count of zero: `0x Archers`.",
    "Muster file format."
);

/// `MU004` `unreadable`: The file cannot be read.
pub const UNREADABLE: CodeDoc = doc!(
    "MU004",
    "unreadable",
    "generic", "The file cannot be read.", "Reports files that cannot be opened, are not regular files (a device, FIFO or socket named on the command line), are not UTF-8, are too large (over 16 MiB, counted by the bytes actually read) or nest too deeply, and symlink loops.", "A pack run must report every problem, not stop at the first unreadable file.", "A file without read permission.", "Muster file format.");

/// `MU010` `reference`: A file the scenario references does not exist or cannot be loaded.
pub const REFERENCE: CodeDoc = doc!(
    "MU010",
    "reference",
    "generic",
    "A file the scenario references does not exist or cannot be loaded.",
    "Resolves the map and overlay paths relative to the scenario and loads them.",
    "A scenario without its map cannot be checked.",
    "`map: \"../maps/civitate.map.ron\"` when the file is named `normans.map.ron`.",
    "Muster file format."
);

/// `MU011` `ruleset`: The file names a ruleset Muster does not know.
pub const RULESET: CodeDoc = doc!(
    "MU011",
    "ruleset",
    "generic",
    "The file names a ruleset Muster does not know.",
    "Looks the `ruleset` id up among the built-in game systems.",
    "The rules engine and the terrain vocabulary come from the ruleset.",
    "`ruleset: \"a-la-charg\"`.",
    "Muster file format."
);

/// `MU012` `referenced-file-invalid`: A referenced map or overlay has errors of its own.
pub const REFERENCED_FILE_INVALID: CodeDoc = doc!(
    "MU012",
    "referenced-file-invalid",
    "generic", "A referenced map or overlay has errors of its own.", "Reports, on the scenario, that its map or an overlay failed to load; the errors themselves are reported on that file.", "The scenario's own checks need a valid map.", "A map with a syntax error.", "Muster file format.");

/// `MU013` `pack-boundary`: A reference leads outside the pack or to something that is not a regular file.
pub const PACK_BOUNDARY: CodeDoc = doc!(
    "MU013",
    "pack-boundary",
    "generic", "A reference leads outside the pack or to something that is not a regular file.", "Resolves every `map`, `overlays[].file` and `army_lists` entry of a scenario (and every file a folder walk reaches through a symlink) against the pack root: the nearest folder at or above the file holding `muster.pack.ron` (or `.json`); without one, the folder named on the command line (or the editor's workspace folder) that holds the file; a file named directly, its own folder. The working directory plays no part. The root is opened once and every read is resolved beneath it by the kernel, so the target must lie inside that root after symlinks are resolved (a symlink swapped in mid-run fails at the open), be a regular file (not a folder, device, FIFO or socket) and not lie inside a `.git` folder. A folder walk reports a folder symlink that leads out of the pack once, with this code, and does not enter it. Nothing of the target is read or shown.", "Pull requests are untrusted input: `map: \"../../../../etc/passwd\"` must not print a line of that file into a CI log, and `map: \"/dev/zero\"` must not fill memory.", "`map: \"/dev/zero\"`, `map: \"../../../../etc/passwd\"`, or a `maps/x.map.ron` symlink to a file outside the pack.", "Muster file format: references are relative paths inside the pack.");

/// `MU023` `off-map`: A hex is not on the map.
pub const OFF_MAP: CodeDoc = doc!(
    "MU023",
    "off-map",
    "generic", "A hex is not on the map.", "Every hex a file names — terrain entries, set-up hexes, anchors, zone ends — must lie within the map's columns and rows.", "A unit set up off the map is usually a transcription slip (0511 typed as 0551).", "`at: Hexes([\"1612\"])` on a map with 12 columns.", "Muster: the scenario places units on the map; reinforcements enter through edge hexes.");

/// `MU024` `bad-hex-id`: A hex id or hexside is malformed for this grid.
pub const BAD_HEX_ID: CodeDoc = doc!(
    "MU024",
    "bad-hex-id",
    "generic", "A hex id or hexside is malformed for this grid.", "Hex ids have two digits per number (three past 99); hexsides are a hex and a direction (`0504/NE`).", "A misread id must be caught before anything is placed.", "`\"504\"` instead of `\"0504\"`.", "Muster file format.");

/// `MU025` `path-gap`: A path jumps between hexes that are not neighbours.
pub const PATH_GAP: CodeDoc = doc!(
    "MU025",
    "path-gap",
    "generic",
    "A path jumps between hexes that are not neighbours.",
    "Consecutive hexes of a road or stream must be neighbours.",
    "Movement along roads follows the path hex by hex.",
    "`hexes: [\"0101\", \"0103\"]`.",
    "Muster file format."
);

/// `MU026` `hex-listed-twice`: A map lists the same hex twice.
pub const HEX_LISTED_TWICE: CodeDoc = doc!(
    "MU026",
    "hex-listed-twice",
    "generic", "A map lists the same hex twice.", "Each hex of a map's `hexes` appears at most once; the second entry is reported with a label on the first.", "The second entry would silently replace the first: one of the two terrains a designer typed is lost.", "`(hex: \"0504\", terrain: \"woods\")` and later `(hex: \"0504\", terrain: \"marsh\")`.", "Muster file format.");

/// `MU040` `overlay-anchor`: An overlay placement names an anchor the overlay does not have.
pub const OVERLAY_ANCHOR: CodeDoc = doc!(
    "MU040",
    "overlay-anchor",
    "generic", "An overlay placement names an anchor the overlay does not have.", "Each anchor letter in `at` must be one of the overlay's anchors, and at least one must be placed.", "The print places overlays by their lettered anchors.", "`at: {\"C\": \"0101\"}` for an overlay with anchors A and B.", "A la Charge (Normans and Byzantines) §4: the scenario says which overlays to use and where.");

/// `MU041` `overlay-distance`: Two anchors are a different distance apart on the map than on the overlay.
pub const OVERLAY_DISTANCE: CodeDoc = doc!(
    "MU041",
    "overlay-distance",
    "generic", "Two anchors are a different distance apart on the map than on the overlay.", "The distance between anchor hexes on the overlay must equal the distance between the map hexes they are placed on.", "No rotation can make an overlay fit anchors the wrong distance apart: the placement or the overlay is mistranscribed.", "Anchors A, B one hex apart placed on 0213 and 0513.", "A la Charge (Normans and Byzantines) §4.");

/// `MU042` `overlay-rotation`: Anchors are the right distance apart but no rotation fits them.
pub const OVERLAY_ROTATION: CodeDoc = doc!(
    "MU042",
    "overlay-rotation",
    "generic", "Anchors are the right distance apart but no rotation fits them.", "Tries the six rotations (and the mirror image if allowed) of the overlay.", "The overlay would have to be turned face down, which the overlay does not allow, or an anchor is mistranscribed.", "Anchors placed in mirror image of the overlay.", "A la Charge (Normans and Byzantines) §4.");

/// `MU043` `overlay-off-map`: Part of a placed overlay falls off the map.
pub const OVERLAY_OFF_MAP: CodeDoc = doc!(
    "MU043",
    "overlay-off-map",
    "generic",
    "Part of a placed overlay falls off the map.",
    "Every hex of a placed overlay must land on the map.",
    "An overlay hanging over the edge means a wrong anchor hex.",
    "Overlay placed with A on 0101 extending north.",
    "A la Charge (Normans and Byzantines) §4."
);

/// `MU044` `overlay-orientation`: The overlay's hexes are turned differently from the map's.
pub const OVERLAY_ORIENTATION: CodeDoc = doc!(
    "MU044",
    "overlay-orientation",
    "generic",
    "The overlay's hexes are turned differently from the map's.",
    "Overlay and map must both be flat-top or both pointy-top.",
    "The overlay could not be laid on the map.",
    "A pointy-top overlay on a flat-top map.",
    "Muster file format."
);

/// `MU050` `empty-zone`: A zone names no hex of the map, or cannot be read.
pub const EMPTY_ZONE: CodeDoc = doc!(
    "MU050",
    "empty-zone",
    "generic",
    "A zone names no hex of the map, or cannot be read.",
    "Resolves every zone (rows, edges, inequalities) against the map.",
    "A set-up or entry zone with no hexes cannot be used; usually a wrong row or edge.",
    "`Row(\"15xx\")` on a map of 12 columns.",
    "Muster file format; the scenario's set-up."
);

/// `MU051` `unknown-zone`: A zone refers to a named zone the map does not have.
pub const UNKNOWN_ZONE: CodeDoc = doc!(
    "MU051",
    "unknown-zone",
    "generic",
    "A zone refers to a named zone the map does not have.",
    "`Named(\"...\")` must match a zone id or name of the map.",
    "Scenarios refer to places the map names (\"St Albans\").",
    "`Named(\"st-albans\")` when the map calls it `town`.",
    "Muster file format."
);

/// `MU063` `unknown-unit`: A set-up line or reinforcement names a unit its side does not define.
pub const UNKNOWN_UNIT: CodeDoc = doc!(
    "MU063",
    "unknown-unit",
    "generic",
    "A set-up line or reinforcement names a unit its side does not define.",
    "Every unit reference must be a unit id of the same side.",
    "A transcription typo would otherwise silently drop a unit.",
    "`units: [\"6x Chevaliers Italien\"]`.",
    "Muster file format."
);

/// `MU070` `stale-erratum`: A recorded erratum waives nothing.
pub const STALE_ERRATUM: CodeDoc = doc!(
    "MU070",
    "stale-erratum",
    "generic", "A recorded erratum waives nothing.", "Every erratum with a code must match at least one diagnostic of that code at its hexes.", "An erratum that no longer waives anything hides nothing and misleads reviewers; remove or fix it.", "An erratum for AC101 at 0909 after the set-up was corrected.", "Muster: errata record known faults of the printed source.");

/// Codes raised outside check functions, in code order (`muster explain` lists them).
pub static PIPELINE_CODES: &[CodeDoc] = &[
    SYNTAX,
    SCHEMA,
    SHAPE,
    UNREADABLE,
    REFERENCE,
    RULESET,
    REFERENCED_FILE_INVALID,
    PACK_BOUNDARY,
    OFF_MAP,
    BAD_HEX_ID,
    PATH_GAP,
    HEX_LISTED_TWICE,
    OVERLAY_ANCHOR,
    OVERLAY_DISTANCE,
    OVERLAY_ROTATION,
    OVERLAY_OFF_MAP,
    OVERLAY_ORIENTATION,
    EMPTY_ZONE,
    UNKNOWN_ZONE,
    UNKNOWN_UNIT,
    STALE_ERRATUM,
];
