//! `muster query reach|command|crossfire|los` (`odds`, `fire`, `melee` and `morale` in
//! their own files): answers from the rules engine, as JSON for tools and tests. Each asks
//! the scenario's system first whether it answers the query (`GameSystem::queries`), and
//! when it does not, says which queries it does answer.

use super::Format;
use anyhow::{bail, Context};
use muster_check::{Checker, LoadedScenario};
use muster_cli::render::clean;
use muster_rules::{Query as Asked, Scenario};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

/// Ask the rules engine about a scenario's set-up.
#[derive(clap::Subcommand)]
pub enum Query {
    /// Where a unit can move from its set-up hex: {"unit", "from", "hexes", "mp"}.
    Reach {
        /// The scenario file.
        scenario: PathBuf,
        /// A unit id or a unique display name (`side/unit` when two sides share it).
        unit: String,
        /// Start hex, when the unit's set-up leaves it to the owner's choice. A la Charge: a
        /// staged activation (2nd St Albans) judges the unit by this hex, on turn 1 (ours).
        #[arg(long)]
        from: Option<String>,
        /// Siege: what the character carries (`screen` or `oil`: 2 MP less, 5.21, 5.32).
        #[arg(long)]
        carrying: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
    },
    /// The hexes within a command group's command range: {"group", "general", "from", "range", "hexes"}.
    Command {
        /// The scenario file.
        scenario: PathBuf,
        /// The group id (`side/group` when both sides have it).
        group: String,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
    },
    /// Siege: several shooters at one target, and whose one-sided cover the target's owner
    /// must choose between (3.28, 3.29): {"target", "fires": [...], "choose_between"}.
    Crossfire {
        /// The scenario file.
        scenario: PathBuf,
        /// The target's hex.
        target: String,
        /// A shooter's hex (give two or more).
        #[arg(long = "from", required = true)]
        from: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
    },
    /// Line of fire between two hexes: {"clear", "cover", "path", "reason"}.
    ///
    /// Where the system checks range, also {"distance", "range"}: the hexes from shooter to
    /// target and the shooter's longest range (a shot beyond it is not clear). Charles the
    /// Bold: "range" is the longest column of the stand's army-list line (§16; a line with
    /// none does not fire), and a target 1 hex away is in the first column (ours: §16's
    /// columns start at 2H). When the set-up leaves the shooter's hex an owner's choice or
    /// hidden, each stand that may stand there is judged on its own for sight, firing arc
    /// and range together, and the line is clear when one of them can make the shot; the
    /// reason names which (ours: an owner's choice at its most favourable is the best single
    /// stand). `query fire` refuses a shot this answers not clear.
    Los {
        /// The scenario file.
        scenario: PathBuf,
        /// The shooter's hex.
        from: String,
        /// The target's hex.
        to: String,
        /// Siege: the shooter's level in a siege-tower hex (battlements count as raised by
        /// their terrain).
        #[arg(long, value_enum, default_value_t = LevelArg::Ground)]
        from_level: LevelArg,
        /// Siege: the target's level in a siege-tower hex.
        #[arg(long, value_enum, default_value_t = LevelArg::Ground)]
        to_level: LevelArg,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
    },
    /// A la Charge: the odds of a combat between the units set up in the hexes given
    /// (§8, §10, §12): {"attack", "defence", "ratio", "shift", "column", "attackers", "defender"}.
    Odds(super::query_odds::OddsArgs),
    /// And Gentlemen All: fire from one regiment at another (§7), every modifier named:
    /// {"firer", "target", "distance", "band", "shock"}. Charles the Bold: the dice each
    /// rank of a stand throws at a target (§6, §16): {"firer", "distance", "band", "ranks"},
    /// refused when `query los` finds its line of fire not clear (sight, arc, range).
    Fire(super::query_combat::EngageArgs),
    /// And Gentlemen All: melee between regiments in contact (§8): {"attacker", "defender",
    /// "shock"}.
    Melee(super::query_combat::EngageArgs),
    /// And Gentlemen All: a regiment's morale test (§9): {"unit", "modifiers", "score",
    /// "result"}. Charles the Bold: a stand's morale test (§7): {"unit", "terms", "morale",
    /// "passed", "morale_loss", "sp_lost", "disordered"}.
    Morale(super::query_morale::MoraleArgs),
}

/// A level in a siege-tower hex.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LevelArg {
    /// On the ground, or inside the tower (beneath the counter).
    Ground,
    /// On the tower's upper level.
    Upper,
}

pub(super) fn load(path: &std::path::Path) -> anyhow::Result<LoadedScenario> {
    super::expect_scenario(path)?;
    Checker::new().load_scenario(path).map_err(|report| {
        let base = std::env::current_dir().ok();
        super::tell(muster_cli::render::human(&report, base.as_deref()));
        anyhow::anyhow!("{} could not be loaded", path.display())
    })
}

pub(super) fn hex(s: &Scenario, id: &str) -> anyhow::Result<muster_hex::Hex> {
    // The grid's error names the id and says how to write one.
    let h = s.world.grid.from_printed(id).map_err(anyhow::Error::msg)?;
    if !s.world.grid.contains(h) {
        bail!("hex {id} is not on the map");
    }
    Ok(h)
}

pub(super) fn find_unit(s: &Scenario, name: &str) -> anyhow::Result<(usize, usize)> {
    if let muster_rules::UnitLookup::Found(si, ui) = s.find_unit(name) {
        return Ok((si, ui));
    }
    let hits: Vec<(usize, usize)> = s
        .file
        .sides
        .iter()
        .enumerate()
        .flat_map(|(si, side)| {
            side.units
                .iter()
                .enumerate()
                .filter(|(_, u)| u.name == name || u.id == name)
                .map(move |(ui, _)| (si, ui))
        })
        .collect();
    let qualified = |(si, ui): (usize, usize)| {
        let side = &s.file.sides[si];
        format!("{}/{}", side.id, side.units[ui].id)
    };
    match hits.as_slice() {
        [one] => Ok(*one),
        [] => {
            let all = s
                .file
                .sides
                .iter()
                .enumerate()
                .flat_map(|(si, side)| (0..side.units.len()).map(move |ui| (si, ui)));
            let candidates: Vec<String> = if name.contains('/') {
                all.map(qualified).collect()
            } else {
                let mut ids: Vec<String> = all
                    .map(|(si, ui)| s.file.sides[si].units[ui].id.clone())
                    .collect();
                ids.sort();
                ids.dedup();
                ids
            };
            bail!(
                "no unit `{name}` in this scenario: {}",
                muster_rules::suggest::did_you_mean(name, "units", &candidates, "it has no units")
            )
        }
        several => {
            let names: Vec<String> = several.iter().copied().map(qualified).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            bail!(
                "`{name}` names several units: {}; write `side/unit-id`",
                muster_rules::suggest::listing(&names).replacen(" or ", " and ", 1)
            )
        }
    }
}

/// The hex a unit starts from: the first hex the placement model certainly puts it on, for
/// a reinforcement the first hex of its entry zone (the answer's `from` says which), or why
/// there is none (a hidden unit, an owner's choice).
fn start_hex(s: &Scenario, side: usize, unit: usize) -> anyhow::Result<muster_hex::Hex> {
    let grid = &s.world.grid;
    let mut at = s.placements.hexes_of(side, unit);
    at.sort_by_cached_key(|h| grid.to_printed(*h));
    if let Some(h) = at.first() {
        return Ok(*h);
    }
    let id = &s.file.sides[side].units[unit].id;
    let zone = |hexes: &[muster_hex::Hex]| match hexes {
        [] => "no hex of the map".to_string(),
        [one] => grid.to_printed(*one),
        many if many.len() <= 8 => many
            .iter()
            .map(|h| grid.to_printed(*h))
            .collect::<Vec<_>>()
            .join(", "),
        many => format!("a zone of {} hexes", many.len()),
    };
    if let Some(l) = s.placements.lines_of(side, unit).next() {
        let how = if l.hidden() {
            "is hidden"
        } else {
            "is placed by its owner's choice"
        };
        bail!(
            "`{id}` {how} in {}: give the hex it started from with --from",
            zone(&l.hexes)
        );
    }
    if let Some(l) = s.placements.lines().iter().find(|l| {
        l.side == side && l.entry_turn().is_some() && l.counters.iter().any(|c| c.unit == unit)
    }) {
        let mut entry = l.hexes.clone();
        entry.sort_by_cached_key(|h| grid.to_printed(*h));
        return entry.first().copied().with_context(|| {
            format!(
                "`{id}` enters on turn {} through {}: give the hex it enters by with --from",
                l.entry_turn().unwrap_or(0),
                zone(&l.hexes)
            )
        });
    }
    bail!("`{id}` has no set-up hex; give one with --from")
}

pub fn run(q: Query) -> anyhow::Result<ExitCode> {
    match q {
        Query::Odds(args) => super::query_odds::run(args)?,
        Query::Fire(args) => super::query_combat::engage(args, false)?,
        Query::Melee(args) => super::query_combat::engage(args, true)?,
        Query::Morale(args) => super::query_morale::morale(args)?,
        Query::Reach {
            scenario,
            unit,
            from,
            carrying,
            format,
        } => {
            let loaded = load(&scenario)?;
            let s = loaded.resolve();
            muster_rules::answering(&s, Asked::Reach).map_err(anyhow::Error::msg)?;
            let (si, ui) = find_unit(&s, &unit)?;
            let start = match from {
                Some(f) => hex(&s, &f)?,
                None => start_hex(&s, si, ui)?,
            };
            let r = match &carrying {
                Some(load) => muster_rules::reach_carrying(&s, si, ui, start, load)
                    .map_err(anyhow::Error::msg)?,
                None => muster_rules::reach(&s, si, ui, start),
            };
            let grid = &s.world.grid;
            match format {
                // Written as text: a reach may list a million hexes, and a JSON tree of
                // them cost hundreds of MB (issue 27). The same bytes as the tree printed.
                Format::Json => super::emit(reach_json(&s, si, ui, start, &r)?)?,
                Format::Human => {
                    let hexes: Vec<String> =
                        r.hexes.iter().map(|(h, _)| grid.to_printed(*h)).collect();
                    let text = format!(
                        "{} from {} ({} MP): {}",
                        clean(&unit.to_string()),
                        grid.to_printed(start),
                        r.mp,
                        hexes.join(", ")
                    );
                    print(&serde_json::Value::Null, format, || text.clone())?;
                }
            }
        }
        Query::Command {
            scenario,
            group,
            format,
        } => {
            let loaded = load(&scenario)?;
            let s = loaded.resolve();
            muster_rules::answering(&s, Asked::Command).map_err(anyhow::Error::msg)?;
            let (side_filter, gid) = match group.split_once('/') {
                Some((sd, g)) => (Some(sd.to_string()), g.to_string()),
                None => (None, group.clone()),
            };
            let hits: Vec<(usize, usize)> = s
                .file
                .sides
                .iter()
                .enumerate()
                .filter(|(_, sd)| side_filter.as_ref().is_none_or(|f| &sd.id == f))
                .filter_map(|(si, _)| {
                    muster_rules::queries::command_groups(&s, si)
                        .iter()
                        .position(|c| *c == gid)
                        .map(|ci| (si, ci))
                })
                .collect();
            let (si, ci) = match hits.as_slice() {
                [one] => *one,
                [] => {
                    let qualify = side_filter.is_some();
                    let candidates: Vec<String> = s
                        .file
                        .sides
                        .iter()
                        .enumerate()
                        .filter(|(_, sd)| side_filter.as_ref().is_none_or(|f| &sd.id == f))
                        .flat_map(|(si, sd)| {
                            let groups = muster_rules::queries::command_groups(&s, si);
                            groups.into_iter().map(move |c| {
                                if qualify {
                                    format!("{}/{c}", sd.id)
                                } else {
                                    c
                                }
                            })
                        })
                        .collect();
                    bail!(
                        "no command group `{group}`: {}",
                        muster_rules::suggest::did_you_mean(
                            &group,
                            "command groups",
                            &candidates,
                            "this scenario has none"
                        )
                    )
                }
                several => {
                    let names: Vec<String> = several
                        .iter()
                        .map(|(si, _)| format!("{}/{gid}", s.file.sides[*si].id))
                        .collect();
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    bail!(
                        "`{group}` names a group on both sides: {}; write `side/{gid}`",
                        muster_rules::suggest::listing(&names).replacen(" or ", " and ", 1)
                    )
                }
            };
            let side = &s.file.sides[si];
            let group = &muster_rules::queries::command_groups(&s, si)[ci];
            let area =
                muster_rules::queries::command_area(&s, si, ci).map_err(anyhow::Error::msg)?;
            let v = json!({
                "group": group,
                "side": side.id,
                "general": area.general,
                "from": s.world.grid.to_printed(area.from),
                "range": area.range,
                "hexes": area.hexes.iter().map(|h| s.world.grid.to_printed(*h)).collect::<Vec<_>>(),
            });
            print(&v, format, || {
                format!(
                    "{} ({}) from {}: {} hexes within {}",
                    clean(group),
                    clean(&area.general),
                    v["from"].as_str().unwrap_or(""),
                    area.hexes.len(),
                    area.range
                )
            })?;
        }
        Query::Crossfire {
            scenario,
            target,
            from,
            format,
        } => {
            let loaded = load(&scenario)?;
            let s = loaded.resolve();
            muster_rules::answering(&s, Asked::Crossfire).map_err(anyhow::Error::msg)?;
            let t = muster_rules::fire_end_at(&s, hex(&s, &target)?);
            let shooters: Vec<muster_rules::FireEnd> = from
                .iter()
                .map(|f| Ok(muster_rules::fire_end_at(&s, hex(&s, f)?)))
                .collect::<anyhow::Result<_>>()?;
            let (fires, choose) =
                muster_rules::crossfire(&s, &shooters, t).map_err(anyhow::Error::msg)?;
            let v = json!({
                "target": target,
                "fires": fires.iter().zip(&from).map(|(l, f)| json!({
                    "from": f,
                    "clear": l.clear,
                    "cover": l.cover,
                    "one_sided": l.one_sided,
                    "face": l.face,
                    "reason": l.reason,
                    "uncertain": l.uncertain.iter().map(|h| s.world.grid.to_printed(*h)).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
                "choose_between": choose.iter().map(|i| from[*i].clone()).collect::<Vec<_>>(),
            });
            print(&v, format, || {
                let mut t = String::new();
                for (l, f) in fires.iter().zip(&from) {
                    t.push_str(&format!("{f} → {target}: {}\n", clean(&l.reason)));
                }
                if !choose.is_empty() {
                    // The choice is of a side (3.28: "the character must choose from which
                    // side he is protected"): the shooters grouped by the face they come at.
                    let mut sides: Vec<(String, Vec<&str>)> = Vec::new();
                    for &i in &choose {
                        let face = fires[i].face.clone().unwrap_or_else(|| "one side".into());
                        match sides.iter_mut().find(|(f, _)| *f == face) {
                            Some((_, v)) => v.push(from[i].as_str()),
                            None => sides.push((face, vec![from[i].as_str()])),
                        }
                    }
                    let listed: Vec<String> = sides
                        .iter()
                        .map(|(face, who)| format!("{} (against {})", clean(face), who.join(", ")))
                        .collect();
                    t.push_str(&format!(
                        "crossfire: the owner chooses which side the cover protects: {} (Siege 3.28, 3.29)",
                        listed.join(", or ")
                    ));
                }
                t.trim_end().to_string()
            })?;
        }
        Query::Los {
            scenario,
            from,
            to,
            from_level,
            to_level,
            format,
        } => {
            let loaded = load(&scenario)?;
            let s = loaded.resolve();
            muster_rules::answering(&s, Asked::Los).map_err(anyhow::Error::msg)?;
            let (a, b) = (hex(&s, &from)?, hex(&s, &to)?);
            let ends = (
                muster_rules::FireEnd {
                    hex: a,
                    upper: from_level == LevelArg::Upper,
                },
                muster_rules::FireEnd {
                    hex: b,
                    upper: to_level == LevelArg::Upper,
                },
            );
            let l = muster_rules::line_of_fire(&s, ends.0, ends.1).map_err(anyhow::Error::msg)?;
            let mut v = json!({
                "clear": l.clear,
                "cover": l.cover,
                "path": l.path.iter().map(|h| s.world.grid.to_printed(*h)).collect::<Vec<_>>(),
                "reason": l.reason,
                "uncertain": l.uncertain.iter().map(|h| s.world.grid.to_printed(*h)).collect::<Vec<_>>(),
            });
            if let Some((distance, range)) = l.range {
                v["distance"] = json!(distance);
                v["range"] = json!(range);
            }
            if let Some((fl, tl)) = l.levels {
                v["one_sided"] = json!(l.one_sided);
                if let Some(face) = &l.face {
                    v["face"] = json!(face);
                }
                v["from_level"] = json!(fl);
                v["to_level"] = json!(tl);
                v["steps"] = json!(l.steps);
            }
            print(&v, format, || {
                let mut t = format!(
                    "{from} → {to}: {} — {}",
                    if l.clear { "clear" } else { "blocked" },
                    clean(&l.reason)
                );
                if !l.uncertain.is_empty() {
                    let hexes: Vec<String> = l
                        .uncertain
                        .iter()
                        .map(|h| s.world.grid.to_printed(*h))
                        .collect();
                    t.push_str(&format!(
                        " (uncertain: a hidden or owner's-choice unit may stand in {}, which the verdict takes as empty)",
                        hexes.join(", ")
                    ));
                }
                for st in &l.steps {
                    t.push_str(&format!("\n  {}", clean(&st.to_string())));
                }
                t
            })?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The answer of `query reach` as pretty JSON, written hex by hex: {"unit", "side",
/// "from", "mp", "hexes", "cost", "restricted", "moves_with", "uncertain"}, laid out as
/// `serde_json::to_string_pretty` lays it out.
fn reach_json(
    s: &Scenario,
    si: usize,
    ui: usize,
    start: muster_hex::Hex,
    r: &muster_rules::Reach,
) -> anyhow::Result<String> {
    use std::fmt::Write;
    let grid = &s.world.grid;
    let q = |text: &str| serde_json::to_string(text);
    let opt = |text: &Option<String>| match text {
        Some(t) => q(t),
        None => Ok("null".to_string()),
    };
    // Each hex takes about 40 bytes in the two lists.
    let mut out = String::with_capacity(256 + 40 * r.hexes.len() + 12 * r.uncertain.len());
    let list = |out: &mut String, items: &mut dyn Iterator<Item = String>| {
        let mut first = true;
        for item in items {
            out.push_str(if first { "[\n    " } else { ",\n    " });
            out.push_str(&item);
            first = false;
        }
        out.push_str(if first { "[]" } else { "\n  ]" });
    };
    write!(
        out,
        "{{\n  \"unit\": {},\n  \"side\": {},\n  \"from\": {},\n  \"mp\": {},\n  \"hexes\": ",
        q(&s.file.sides[si].units[ui].id)?,
        q(&s.file.sides[si].id)?,
        q(&grid.to_printed(start))?,
        r.mp
    )?;
    list(
        &mut out,
        &mut r
            .hexes
            .iter()
            .map(|(h, _)| format!("\"{}\"", grid.to_printed(*h))),
    );
    out.push_str(",\n  \"cost\": ");
    let mut first = true;
    for (h, c) in &r.hexes {
        out.push_str(if first { "{\n    " } else { ",\n    " });
        write!(out, "\"{}\": {c}", grid.to_printed(*h))?;
        first = false;
    }
    out.push_str(if first { "{}" } else { "\n  }" });
    write!(
        out,
        ",\n  \"restricted\": {},\n  \"moves_with\": {},\n  \"uncertain\": ",
        opt(&r.restricted)?,
        opt(&r.moves_with)?
    )?;
    list(
        &mut out,
        &mut r
            .uncertain
            .iter()
            .map(|h| format!("\"{}\"", grid.to_printed(*h))),
    );
    out.push_str("\n}");
    Ok(out)
}

pub(super) fn print(
    v: &serde_json::Value,
    format: Format,
    human: impl Fn() -> String,
) -> anyhow::Result<()> {
    match format {
        Format::Json => super::emit(serde_json::to_string_pretty(v)?)?,
        // Text from files is escaped where it is quoted; this catches the rest (escape
        // sequences, CR, U+2028) line by line, keeping the lines Muster made.
        Format::Human => super::emit(
            human()
                .split('\n')
                .map(|l| muster_cli::render::escape_controls(l).into_owned())
                .collect::<Vec<_>>()
                .join("\n"),
        )?,
    }
    Ok(())
}
