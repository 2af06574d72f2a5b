//! And Gentlemen All's own fields: the scenario's scale and terrain classes, a side's army
//! morale number and commands, a unit's regiment.

use crate::fields::CommandDef;
use muster_model::{ScenarioFile, Side, UnitDef};
use schemars::JsonSchema;
use serde::Deserialize;

/// A scenario's And Gentlemen All fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct ScenarioFields {
    /// Ground and figure scale (the rules are written in inches).
    #[serde(default)]
    pub scale: Option<Scale>,
    /// How the scenario classes the map's terrain (§6: "difficult terrain should be defined
    /// at the start of each scenario"; §7 cover classes).
    #[serde(default)]
    pub terrain_classes: Vec<TerrainClass>,
}

/// A side's And Gentlemen All fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct SideFields {
    /// Declared army morale number (§10); checked against the computed one.
    #[serde(default)]
    pub army_morale_number: Option<u32>,
    /// Commands of the army (centre, wings, reserve).
    #[serde(default)]
    pub commands: Vec<CommandDef>,
}

/// A unit's And Gentlemen All fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct UnitFields {
    /// Regiment organisation and state (§3, §6).
    #[serde(default)]
    pub regiment: Option<Regiment>,
}

/// The scale a scenario plays at on a hex map.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scale {
    /// Inches of the printed rules per hex.
    #[schemars(range(min = 0.5, max = 24.0))]
    pub inches_per_hex: f32,
    /// Figure scale, which picks the movement and range columns.
    pub figures: FigureScale,
}

/// Figure scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum FigureScale {
    /// 15 mm and smaller (the rules' main columns).
    Mm15,
    /// 25 mm (the rules' figures in parentheses).
    Mm25,
}

/// Cover a terrain gives (§7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum Cover {
    /// Light cover (woods, hedges): +2.
    Light,
    /// Medium cover (buildings, stone walls): +3.
    Medium,
    /// Heavy cover (earthworks, fortifications): +4.
    Heavy,
}

/// How a scenario classes one terrain type.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainClass {
    /// Terrain id (a hex terrain or a hexside feature).
    pub terrain: String,
    /// Difficult: movement at half speed.
    pub difficult: bool,
    /// Cover it gives, if any.
    #[serde(default)]
    pub cover: Option<Cover>,
}

/// A regiment's organisation and state (§3, §6).
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Regiment {
    /// Stands in the regiment.
    #[schemars(range(min = 1, max = 8))]
    pub stands: u32,
    /// Foot organisation, for foot.
    #[serde(default)]
    pub foot: Option<FootKind>,
    /// Horse kind, for horse.
    #[serde(default)]
    pub horse: Option<HorseKind>,
    /// Troop rating.
    pub rating: TroopRating,
    /// Formation at set-up.
    pub formation: Formation,
    /// Dragoons: mounted at set-up.
    #[serde(default)]
    pub mounted: Option<bool>,
    /// The command it belongs to (a command id of its side).
    pub command: String,
}

/// Foot organisation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum FootKind {
    /// 2 musket + 1 pike.
    Balanced,
    /// 3 musket.
    MusketHeavy,
    /// 2 musket + 2 pike (an extra pike stand behind).
    PikeHeavy,
}

/// Kinds of horse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum HorseKind {
    /// Horse.
    Horse,
    /// Cuirassiers.
    Cuirassier,
    /// Lancers.
    Lancer,
}

/// Troop rating (§3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum TroopRating {
    /// Green.
    Green,
    /// Regular.
    Regular,
    /// Veteran.
    Veteran,
}

/// Formation (§6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum Formation {
    /// Deployed.
    Deployed,
    /// March column.
    MarchColumn,
}

/// A scenario's And Gentlemen All fields, as the file sets them.
pub fn scenario(s: &ScenarioFile) -> &ScenarioFields {
    s.system.typed()
}

/// A side's And Gentlemen All fields.
pub fn side(side: &Side) -> &SideFields {
    side.system.typed()
}

/// A unit's And Gentlemen All fields.
pub fn unit(unit: &UnitDef) -> &UnitFields {
    unit.system.typed()
}
