//! Charles the Bold's own fields: a side's command groups, training and break proportion;
//! a stand's extra ranks, command group and leave to charge cavalry. (A stand's army-list
//! line, `list_entry`, is the model's: army lists are a kind of file Muster reads.)

use crate::fields::CommandDef;
use muster_model::{Side, UnitDef};
use schemars::JsonSchema;
use serde::Deserialize;

/// A side's Charles the Bold fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct SideFields {
    /// The army's command groups, each led by its general.
    #[serde(default)]
    pub commands: Vec<CommandDef>,
    /// How well the army is trained (§2.0: command range 6H, or 4H when poorly trained).
    #[serde(default)]
    pub training: Option<Training>,
    /// Proportion of the army's break points whose loss breaks it (§14), e.g. `"1/3"`.
    #[serde(default)]
    #[schemars(pattern(r"^[0-9]+/[0-9]+$"))]
    pub break_proportion: Option<String>,
}

/// A stand's Charles the Bold fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct UnitFields {
    /// Extra ranks in the same hex (§7.4): pikes up to 2, long spears, heavy infantry and
    /// double-rank longbows 1.
    #[serde(default)]
    pub ranks: Option<u32>,
    /// The command group the stand belongs to (a command id of its side).
    #[serde(default)]
    pub group: Option<String>,
    /// Infantry that may move to contact cavalry (§10: only where the scenario says).
    #[serde(default)]
    pub charges_cavalry: bool,
}

/// How well an army is trained (§2.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum Training {
    /// Command range 6 hexes.
    Well,
    /// Command range 4 hexes.
    Poorly,
}

/// A side's Charles the Bold fields, as the file sets them.
pub fn side(side: &Side) -> &SideFields {
    side.system.typed()
}

/// A stand's Charles the Bold fields.
pub fn unit(unit: &UnitDef) -> &UnitFields {
    unit.system.typed()
}
