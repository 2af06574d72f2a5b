//! Completion: unit ids of the cursor's side in set-up lines, hex ids and zone names of the
//! map, terrain, hexside, path and unit-kind ids of the ruleset, rulesets, codes, zone forms and enum values, and field
//! names, the last three from the file kind's JSON Schema.

use crate::context::{self, Context};
use crate::docs::Docs;
use crate::handlers::Cursor;
use crate::model::Model;
use crate::text;
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionResponse, CompletionTextEdit,
    Range, TextEdit,
};
use muster_check::syntax::NodeKind;
use muster_model::{FileKind, MapFile, Ruleset};
use serde_json::Value;
use std::sync::Arc;

/// Answers `textDocument/completion`.
pub fn complete(docs: &Docs, p: CompletionParams) -> Option<CompletionResponse> {
    let tdp = p.text_document_position;
    let c = Cursor::of(docs, &tdp.text_document.uri, tdp.position)?;
    let ctx = context::of(&c.text, c.offset);
    let items = match ctx.string_start {
        Some(start) => in_string(docs, &c, &ctx, start),
        None if ctx.at_key() => field_names(&c, &ctx),
        None => forms(&c, &ctx),
    };
    Some(CompletionResponse::Array(items))
}

fn item(
    c: &Cursor,
    start: usize,
    label: String,
    detail: Option<String>,
    kind: CompletionItemKind,
) -> CompletionItem {
    let range = Range::new(
        text::position(&c.text, start),
        text::position(&c.text, c.offset),
    );
    CompletionItem {
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
            range,
            label.clone(),
        ))),
        label,
        detail,
        kind: Some(kind),
        ..Default::default()
    }
}

/// What a scenario or map names, for completing values: the units of the side the cursor
/// is in, its map (the scenario's or itself) and its ruleset. Read tolerantly
/// ([`crate::tolerant`]), so that they complete inside a line still being typed.
struct Facts {
    units: Vec<(String, String)>,
    map: Option<MapFile>,
    ruleset: Option<&'static Ruleset>,
}

impl Facts {
    /// The printed ids of the map's hexes.
    fn hexes(&self) -> Vec<String> {
        let Some(m) = &self.map else {
            return vec![];
        };
        let grid = muster_hex::Grid::new(m.grid.clone());
        grid.hexes().map(|h| grid.to_printed(h)).collect()
    }
}

fn facts(docs: &Docs, c: &Cursor) -> Facts {
    let tolerant = crate::tolerant::read_around(&c.text, c.offset);
    let root = tolerant.as_ref().map(|t| &t.tree);
    let mut units = Vec::new();
    if let Some(root) = root {
        if let (NodeKind::Object(_), Some(sides)) = (&root.kind, field(root, "sides")) {
            let all = items(sides);
            // The side whose text holds the cursor; all sides when none does.
            let own: Vec<&muster_check::syntax::Node> = all
                .iter()
                .filter(|s| s.span.start <= c.offset && c.offset <= s.span.end)
                .collect();
            let sides = if own.is_empty() {
                all.iter().collect()
            } else {
                own
            };
            for side in sides {
                let side_name = field(side, "name").and_then(string).unwrap_or_default();
                for u in field(side, "units").map(items).unwrap_or_default() {
                    if let Some(id) = field(u, "id").and_then(string) {
                        let name = field(u, "name").and_then(string).unwrap_or(id);
                        units.push((id.to_string(), format!("{name} — {side_name}")));
                    }
                }
            }
        }
    }
    let (map, ruleset) = match Model::load(docs, &c.path, c.kind) {
        Some(Model::Scenario(s)) => (Some(s.map().value.clone()), Some(s.ruleset)),
        Some(Model::Map(m)) => {
            let r = muster_rules::ruleset(&m.value.ruleset);
            (Some(m.value), r)
        }
        None => {
            let map = match c.kind {
                FileKind::Scenario => root
                    .and_then(|r| field(r, "map"))
                    .and_then(string)
                    .and_then(|w| referenced_map(docs, c, w)),
                // The repaired text, else (a line that reads but does not validate
                // yet, such as `(hex: "", terrain: "woods")`) the text without it.
                FileKind::Map => tolerant
                    .as_ref()
                    .map(|t| t.text.clone())
                    .into_iter()
                    .chain([crate::tolerant::blank_line(&c.text, c.offset)])
                    .find_map(|t| {
                        muster_check::parse_text::<MapFile>(&c.path, Arc::from(t), c.kind)
                            .ok()
                            .map(|m| m.value)
                    }),
                _ => None,
            };
            (map, written_ruleset(&c.text))
        }
    };
    Facts {
        units,
        map,
        ruleset,
    }
}

/// The map a scenario names (`map: "..."`), held to the pack boundary: the editor's
/// buffer when it is open, else the file.
fn referenced_map(docs: &Docs, c: &Cursor, written: &str) -> Option<MapFile> {
    let target = muster_check::lexical(&c.path.parent()?.join(written));
    let checker = docs.checker();
    if checker.admit_reference(&c.path, &target) != Ok(true) {
        return None;
    }
    let text: Arc<str> = match docs.get(&target) {
        Some(d) => d.text.clone(),
        None => String::from_utf8(checker.read_reference(&c.path, &target).ok()?)
            .ok()?
            .into(),
    };
    muster_check::parse_text::<MapFile>(&target, text, FileKind::Map)
        .ok()
        .map(|m| m.value)
}

/// The ruleset a file names, read from the text (for files that do not load yet).
fn written_ruleset(text: &str) -> Option<&'static Ruleset> {
    muster_rules::ruleset(written_ruleset_id(text)?)
}

/// The id the text's first `ruleset` field gives, as written.
fn written_ruleset_id(text: &str) -> Option<&str> {
    let at = text.find("ruleset")?;
    let rest = &text[at..];
    let open = rest.find('"')? + 1;
    let close = open + rest[open..].find('"')?;
    Some(&rest[open..close])
}

fn field<'n>(
    n: &'n muster_check::syntax::Node,
    name: &str,
) -> Option<&'n muster_check::syntax::Node> {
    match &n.kind {
        NodeKind::Object(f) => f.iter().find(|(k, _)| k.name == name).map(|(_, v)| v),
        _ => None,
    }
}

fn items(n: &muster_check::syntax::Node) -> &[muster_check::syntax::Node] {
    match &n.kind {
        NodeKind::Array(i) => i,
        _ => &[],
    }
}

fn string(n: &muster_check::syntax::Node) -> Option<&str> {
    match &n.kind {
        NodeKind::Str(s) => Some(s),
        _ => None,
    }
}

fn in_string(docs: &Docs, c: &Cursor, ctx: &Context, start: usize) -> Vec<CompletionItem> {
    let typed = &c.text[start..c.offset];
    let field = ctx.field().unwrap_or_default();
    let kind = CompletionItemKind::VALUE;
    let ids = |list: Vec<(String, String)>, k| {
        list.into_iter()
            .map(|(id, d)| item(c, start, id, Some(d), k))
            .collect::<Vec<_>>()
    };
    match field {
        "units" if ctx.within("setup") || ctx.within("reinforcements") => {
            // Keep a count already typed: `"6x |`.
            let count = typed
                .split_once("x ")
                .filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                .map_or(0, |(n, _)| n.len() + 2);
            ids(facts(docs, c).units, CompletionItemKind::CLASS)
                .into_iter()
                .map(|mut i| {
                    if let Some(CompletionTextEdit::Edit(e)) = &mut i.text_edit {
                        e.range.start = text::position(&c.text, start + count);
                    }
                    i
                })
                .collect()
        }
        _ if ctx.variant() == Some("Hexes") => hexes(docs, c, start),
        _ if ctx.variant() == Some("Named") => facts(docs, c)
            .map
            .map(|m| m.zones)
            .unwrap_or_default()
            .into_iter()
            .map(|z| item(c, start, z.id, Some(z.name), kind))
            .collect(),
        "hexes" | "hex" | "at" | "enter" | "from" | "to" => hexes(docs, c, start),
        "terrain" | "default_terrain" => vocab(c, start, docs, |r| {
            r.terrain
                .iter()
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        }),
        "feature" => vocab(c, start, docs, |r| {
            r.hexside_features
                .iter()
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        }),
        "kind" if ctx.within("paths") => vocab(c, start, docs, |r| {
            r.paths
                .iter()
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        }),
        "kind" => vocab(c, start, docs, |r| {
            r.unit_kinds
                .iter()
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        }),
        "ruleset" => muster_rules::system_ids()
            .map(|id| item(c, start, id.to_string(), None, kind))
            .collect(),
        // An erratum's code: Muster's own codes and those of the file's game system (all
        // of them while the ruleset is unknown), not every system's (review finding 27.9).
        "code" => {
            let system = facts(docs, c).ruleset.map(|r| r.id.as_str());
            codes_of(system)
                .into_iter()
                .map(|d| {
                    item(
                        c,
                        start,
                        d.code.to_string(),
                        Some(d.summary.to_string()),
                        kind,
                    )
                })
                .collect()
        }
        _ => vec![],
    }
}

/// The codes an erratum of a file of game system `system` may waive: the generic ones
/// and the system's; every code when the system is not known.
fn codes_of(system: Option<&str>) -> Vec<&'static muster_rules::registry::CodeDoc> {
    muster_rules::registry::all_codes()
        .into_iter()
        .filter(|d| system.is_none_or(|s| d.system == "generic" || d.system == s))
        .collect()
}

fn hexes(docs: &Docs, c: &Cursor, start: usize) -> Vec<CompletionItem> {
    facts(docs, c)
        .hexes()
        .into_iter()
        .map(|h| item(c, start, h, None, CompletionItemKind::VALUE))
        .collect()
}

fn vocab(
    c: &Cursor,
    start: usize,
    docs: &Docs,
    of: impl Fn(&Ruleset) -> Vec<(String, String)>,
) -> Vec<CompletionItem> {
    let Some(r) = facts(docs, c).ruleset else {
        return vec![];
    };
    of(r)
        .into_iter()
        .map(|(id, name)| item(c, start, id, Some(name), CompletionItemKind::ENUM_MEMBER))
        .collect()
}

/// The pointer of the schema definition a field's value (or its items) has, e.g.
/// `at` → `/$defs/Zone`; `""` (the root) for no field.
fn def_of(root: &Value, field: Option<&str>) -> Option<String> {
    let Some(field) = field else {
        return Some(String::new());
    };
    let holders = std::iter::once(root).chain(
        root.get("$defs")
            .and_then(Value::as_object)
            .into_iter()
            .flat_map(|d| d.values()),
    );
    for h in holders {
        let Some(prop) = h.get("properties").and_then(|p| p.get(field)) else {
            continue;
        };
        let candidates = [
            prop.get("$ref"),
            prop.get("items").and_then(|i| i.get("$ref")),
        ];
        let from_any = prop
            .get("anyOf")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .flat_map(|b| [b.get("$ref"), b.get("items").and_then(|i| i.get("$ref"))]);
        if let Some(r) = candidates
            .into_iter()
            .chain(from_any)
            .flatten()
            .find_map(Value::as_str)
        {
            return r.strip_prefix('#').map(str::to_string);
        }
    }
    None
}

/// Field names allowed in the struct holding the cursor; in a scenario, not those only
/// another game system reads (they would be MU082).
fn field_names(c: &Cursor, ctx: &Context) -> Vec<CompletionItem> {
    let root = muster_check::schema(c.kind);
    let Some(def) = def_of(root, ctx.field()) else {
        return vec![];
    };
    let others = match (c.kind, written_ruleset_id(&c.text)) {
        (FileKind::Scenario, Some(id)) => muster_rules::fields::others_fields(id, &def),
        _ => Vec::new(),
    };
    muster_check::allowed_fields(c.kind, &format!("{def}/properties"))
        .into_iter()
        .filter(|f| !others.contains(f))
        .map(|f| {
            let mut i = item(
                c,
                ctx.word_start,
                f.clone(),
                None,
                CompletionItemKind::FIELD,
            );
            if let Some(CompletionTextEdit::Edit(e)) = &mut i.text_edit {
                e.new_text = format!("{f}: ");
            }
            i
        })
        .collect()
}

/// The forms a field's value may take (zone forms, enum values), from the schema.
fn forms(c: &Cursor, ctx: &Context) -> Vec<CompletionItem> {
    let root = muster_check::schema(c.kind);
    let Some(def) = def_of(root, ctx.field()) else {
        return vec![];
    };
    let mut forms = muster_check::allowed_forms(c.kind, &format!("{def}/oneOf"));
    if forms.is_empty() {
        forms = muster_check::allowed_forms(c.kind, &format!("{def}/anyOf"));
    }
    forms
        .into_iter()
        .filter(|f| !f.contains(' '))
        .map(|f| {
            let bare = f.trim_end_matches("(..)").to_string();
            let mut i = item(
                c,
                ctx.word_start,
                f.clone(),
                None,
                CompletionItemKind::ENUM_MEMBER,
            );
            if let Some(CompletionTextEdit::Edit(e)) = &mut i.text_edit {
                e.new_text = if f.ends_with("(..)") {
                    format!("{bare}(")
                } else {
                    bare
                };
            }
            i
        })
        .collect()
}

#[cfg(test)]
mod tests {
    //! Completion inside a line still being typed (issue 28 item 7, review finding 5):
    //! the documents below do not parse, and still complete.
    use super::*;
    use crate::docs::Doc;
    use lsp_types::Uri;
    use std::path::{Path, PathBuf};
    use std::str::FromStr;

    const SCENARIO: &str =
        include_str!("../../../tests/cases/invalid-ac101-stacking/x.scenario.ron");
    const MAP: &str = include_str!("../../../tests/cases/invalid-ac101-stacking/x.map.ron");
    const ZONES: &str = "    zones: [(id: \"ford\", name: \"The ford\", zone: Hexes([\"0303\"])), \
                         (id: \"hill\", name: \"The hill\", zone: Hexes([\"0404\"]))],\n)";

    /// A pack folder with the corpus map (with two named zones) on disk.
    fn pack(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("muster-lsp-tolerant-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let map = MAP.trim_end().strip_suffix(')').unwrap().to_string() + ZONES;
        std::fs::write(dir.join("x.map.ron"), map).unwrap();
        std::fs::write(dir.join("muster.pack.ron"), "(name: \"t\")\n").unwrap();
        dir
    }

    /// The labels completion offers in `text` (the document `file` of `dir`) at `|`.
    fn labels(dir: &Path, file: &str, text: &str) -> Vec<String> {
        let at = text.find('|').expect("a cursor");
        let text = text.replacen('|', "", 1);
        let path = dir.join(file);
        let uri = Uri::from_str(&format!("file://{}", path.display())).unwrap();
        let mut docs = Docs::new(vec![dir.to_path_buf()]);
        docs.set(
            path,
            Doc {
                uri: uri.clone(),
                text: Arc::from(text.as_str()),
                version: 1,
            },
        );
        let position = text::position(&text, at);
        let p: CompletionParams = serde_json::from_value(serde_json::json!({
            "textDocument": {"uri": uri.as_str()},
            "position": position,
        }))
        .unwrap();
        match complete(&docs, p) {
            Some(CompletionResponse::Array(items)) => items.into_iter().map(|i| i.label).collect(),
            _ => vec![],
        }
    }

    /// The scenario cut after its first set-up line of `side`'s list, and `line` typed
    /// there: the file ends at the cursor, with no closing brackets.
    fn typed_after(anchor: &str, line: &str) -> String {
        let at = SCENARIO.find(anchor).unwrap() + anchor.len();
        format!("{}\n                {line}", &SCENARIO[..at])
    }

    /// The scenario with `line` inserted after `anchor`, the rest kept.
    fn typed_into(anchor: &str, line: &str) -> String {
        let at = SCENARIO.find(anchor).unwrap() + anchor.len();
        format!(
            "{}\n                {line}{}",
            &SCENARIO[..at],
            &SCENARIO[at..]
        )
    }

    const RED: &str = "(units: [\"Red Leader\"], at: Hexes([\"0202\"])),";
    const BLUE: &str = "(units: [\"Blue Leader\"], at: Hexes([\"0503\"])),";

    /// Issue 30: a side of an A la Charge scenario is offered its own system's fields
    /// (`army_morale`) and the shared ones, never another system's (`training`).
    #[test]
    fn a_sides_fields_are_its_own_systems_and_the_shared_ones() {
        let dir = pack("side-fields");
        let text = SCENARIO.replacen(
            "            commander:",
            "            |\n            commander:",
            1,
        );
        let l = labels(&dir, "x.scenario.ron", &text);
        assert!(l.contains(&"army_morale".to_string()), "{l:?}");
        assert!(l.contains(&"units".to_string()), "{l:?}");
        for other in [
            "training",
            "break_proportion",
            "army_morale_number",
            "commands",
        ] {
            assert!(!l.contains(&other.to_string()), "{other} offered: {l:?}");
        }
    }

    #[test]
    fn unit_ids_of_the_lines_own_side_complete_in_an_unclosed_line() {
        let dir = pack("units");
        for text in [
            typed_after(RED, "(units: [\"Red Kn|"),
            typed_into(RED, "(units: [\"Red Kn|"),
            typed_into(RED, "(units: [\"2x |"),
        ] {
            assert!(muster_check::syntax::read(&text.replace('|', "")).is_err());
            let l = labels(&dir, "x.scenario.ron", &text);
            assert_eq!(l, ["Red Leader", "Red Knights", "Red Foot"], "{text}");
        }
        let l = labels(&dir, "x.scenario.ron", &typed_into(BLUE, "(units: [\"|"));
        assert_eq!(l, ["Blue Leader", "Blue Knights", "Blue Archers"]);
    }

    #[test]
    fn hex_ids_of_the_scenarios_map_complete_in_an_unclosed_zone() {
        let dir = pack("hexes");
        for text in [
            typed_after(RED, "(units: [\"Red Foot\"], at: Hexes([\"02|"),
            typed_into(RED, "(units: [\"Red Foot\"], at: Hexes([\"02|"),
            typed_into(RED, "(units: [\"Red Foot\"], at: Hexes([\"|\"])),"),
        ] {
            let l = labels(&dir, "x.scenario.ron", &text);
            assert_eq!(l.len(), 36, "{text}: {l:?}");
            assert!(l.contains(&"0606".to_string()));
        }
    }

    #[test]
    fn zone_names_of_the_map_complete_in_an_unclosed_line() {
        let dir = pack("zones");
        let l = labels(
            &dir,
            "x.scenario.ron",
            &typed_after(RED, "(units: [\"Red Foot\"], at: Named(\"f|"),
        );
        assert_eq!(l, ["ford", "hill"]);
    }

    #[test]
    fn an_erratums_code_completes_from_its_systems_codes_and_muster_s_own() {
        // Review finding 27.9: every system's codes were offered in an A la Charge file.
        let dir = pack("codes");
        let head = SCENARIO.trim_end().strip_suffix(')').unwrap();
        let text = format!("{head}    errata: [\n        (code: \"|");
        let l = labels(&dir, "y.scenario.ron", &text);
        assert!(l.iter().any(|c| c == "AC101"), "{l:?}");
        assert!(l.iter().any(|c| c == "MU070"), "{l:?}");
        assert!(
            l.iter().all(|c| c.starts_with("AC") || c.starts_with("MU")),
            "{l:?}"
        );
        let all = muster_rules::registry::all_codes().len();
        assert_eq!(codes_of(None).len(), all);
        assert!(codes_of(Some("siege"))
            .iter()
            .all(|d| !d.code.starts_with("AC")));
    }

    #[test]
    fn hex_ids_and_terrain_complete_in_a_new_map_entry() {
        let dir = pack("map");
        let head = MAP.trim_end().strip_suffix(')').unwrap();
        let text = format!("{head}    hexes: [\n        (hex: \"|");
        assert_eq!(labels(&dir, "y.map.ron", &text).len(), 36);
        let text =
            format!("{head}    hexes: [\n        (hex: \"|\", terrain: \"woods\"),\n    ],\n)");
        assert_eq!(labels(&dir, "y.map.ron", &text).len(), 36);
        let text = format!("{head}    hexes: [\n        (hex: \"0101\", terrain: \"w|");
        let ruleset = muster_rules::ruleset("a-la-charge").unwrap();
        let ids: Vec<String> = ruleset.terrain.iter().map(|t| t.id.clone()).collect();
        assert_eq!(labels(&dir, "y.map.ron", &text), ids);
    }
}
