//! The names of the properties and layer kinds Muster writes into TMX files and reads back:
//! one table, so that the writer and the reader cannot drift.

/// A tile's terrain id (on the tiles of the generated tileset).
pub const TERRAIN: &str = "muster:terrain";
/// What an object layer (or one object) holds: one of the `KIND_*` values.
pub const KIND: &str = "muster:kind";
/// The tile layer of terrain.
pub const KIND_TERRAIN: &str = "terrain";
/// Hexside features, one polyline object per side (or several sides).
pub const KIND_HEXSIDE: &str = "hexside";
/// Paths (roads, streams): polylines through hex centres.
pub const KIND_PATH: &str = "path";
/// Labels: text objects.
pub const KIND_LABEL: &str = "label";
/// Elevation: text objects with an integer.
pub const KIND_ELEVATION: &str = "elevation";
/// Printed hex numbers, written for people and ignored when read.
pub const KIND_NUMBERS: &str = "numbers";
/// A hexside object's feature.
pub const FEATURE: &str = "muster:feature";
/// A hexside object's side as printed (`0504/NE`); kept when the geometry agrees.
pub const SIDE: &str = "muster:side";
/// A path object's kind (`road`).
pub const PATH: &str = "muster:path";
/// An elevation object's level.
pub const ELEVATION: &str = "muster:elevation";
/// A label or elevation object's hex, as printed (for people; the position decides).
pub const HEX: &str = "muster:hex";

/// Map properties: the map file's fields that the TMX grid does not carry.
pub mod map {
    /// Title.
    pub const TITLE: &str = "muster:title";
    /// Ruleset id.
    pub const RULESET: &str = "muster:ruleset";
    /// Provenance (`Printed`, `Reconstructed`, `Supplied`, `Original`).
    pub const PROVENANCE: &str = "muster:provenance";
    /// Source, as inline RON.
    pub const SOURCE: &str = "muster:source";
    /// Notes, as an inline RON list of strings.
    pub const NOTES: &str = "muster:notes";
    /// Named zones, as an inline RON list.
    pub const ZONES: &str = "muster:zones";
    /// The map file's header comments, as written (lines of `//`, or `/* */` blocks).
    pub const COMMENTS: &str = "muster:comments";
    /// Default terrain.
    pub const DEFAULT_TERRAIN: &str = "muster:default-terrain";
    /// Printed number of the first column.
    pub const FIRST_COLUMN: &str = "muster:first-column";
    /// Printed number of the first row.
    pub const FIRST_ROW: &str = "muster:first-row";
    /// `ColumnRow` or `RowColumn`.
    pub const NUMBERING: &str = "muster:numbering";
    /// The grid side facing north (`Top`, `Right`, `Bottom`, `Left`).
    pub const NORTH: &str = "muster:north";
}
