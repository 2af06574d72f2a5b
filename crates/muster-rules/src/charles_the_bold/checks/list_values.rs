//! CB307 — army list values are coherent (§15, §16).

use super::super::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::CodeDoc;
use muster_model::ArmyListFile;

/// `CB307`: run on army-list files themselves ([`list_coherence`]), not on scenarios.
pub const DOC: CodeDoc = doc!("CB307", "list-values", "charles-the-bold", "An army list line is incoherent.",
        "Each line is a Combat Stand (CS) or a Support Stand (SS) of a known sub-category (HC, MC, Bills, HI, LI, LSp, Pk or Pike, WB — the key of abbreviations prints Bills among the combat stands; LC, Sk, Sh or Shot, Art); its id appears once in the list; SP per rank and MP are positive, and the SP column gives no more ranks than the type has (ours: §7.4 and §1.2 give examples, not a closed list, which we read as the maxima — a front rank and: pikes 2 more, long spears, heavy infantry, bills and longbows 1 (bills: §7.4's example of a double Bill stand; ours: read as the maximum, as for heavy infantry), warbands 2, every other type none; a line of no known sub-category, such as `[\"CS\", \"Halberds\"]`, is told to name one); IF is not negative; support stands that shoot (Sh, Sk, Art, or LC with a missile weapon) have range bands and other stands none; artillery may not move and fire (`moves_and_fires: false`).",
        "The list is what every stand computes with; a shooting stand without range bands cannot fire.",
        "`(cat: [\"SS\", \"Sh\", \"Longbow\"], fire: {})`.",
        "Charles the Bold §15 Unit Types, §16 Reading the Army List, §6.0, §6.1 and §7.4 (ranks).");

/// The key's combat stands (MC, HC, Bills, HI, LI, LSp, Pike) and §15's (Pk, WB).
const COMBAT: [&str; 8] = ["HC", "MC", "HI", "Bills", "LI", "LSp", "Pk", "WB"];
const SUPPORT: [&str; 4] = ["LC", "Sk", "Sh", "Art"];
const MISSILES: [&str; 6] = ["XBow", "Longbow", "Bow", "Handgun", "Javelin", "Gun"];

/// Checks a whole army list file.
pub fn list_coherence(list: &ArmyListFile, out: &mut Vec<Diagnostic>) {
    // Each line id's first row: a stand's `list_entry` names one row (§16).
    let mut first: crate::FastMap<&str, usize> = Default::default();
    for (i, e) in list.entries.iter().enumerate() {
        let base = format!("/entries/{i}");
        if let Some(j) = first.get(e.id.as_str()) {
            out.push(
                Diagnostic::error(
                    DOC.code,
                    Location::here(format!("{base}/id")),
                    format!("the line `{}` is defined twice in this list", e.id),
                )
                .label(Location::here(format!("/entries/{j}/id")), "first defined here")
                .rule(cite("§16"))
                .help("a stand's `list_entry` names one row of the list: rename or remove one of them"),
            );
        } else {
            first.insert(e.id.as_str(), i);
        }
        let mut err = |field: &str, msg: String, section: &str| {
            out.push(
                Diagnostic::error(DOC.code, Location::here(format!("{base}{field}")), msg)
                    .rule(cite(section)),
            )
        };
        let cs = e.has("CS");
        let ss = e.has("SS");
        if cs == ss {
            err(
                "/cat",
                format!(
                    "`{}` must be a Combat Stand (CS) or a Support Stand (SS)",
                    e.id
                ),
                "§15",
            );
        }
        // `has` knows both printed spellings ("SS, Shot, Longbow" in §16; `Pike` in the
        // glossary, `Pk` in §15).
        let mut sub: Vec<&str> = COMBAT
            .iter()
            .chain(SUPPORT.iter())
            .copied()
            .filter(|t| e.has(t))
            .collect();
        // "CS, HI, Bills": heavy infantry armed with bills (§15.1 lists halberdiers among
        // heavy infantry), one sub-category.
        if sub.contains(&"HI") {
            sub.retain(|t| *t != "Bills");
        }
        match sub.as_slice() {
            [one] if cs && !COMBAT.contains(one) => err("/cat", format!("`{}` is CS but {one} is a support sub-category", e.id), "§15"),
            [one] if ss && !SUPPORT.contains(one) => err("/cat", format!("`{}` is SS but {one} is a combat sub-category", e.id), "§15"),
            [_] => {}
            _ => err("/cat", format!("`{}` needs exactly one sub-category (HC, MC, Bills, HI, LI, LSp, Pk, WB, LC, Sk, Sh, Art)", e.id), "§15"),
        }
        if e.sp_ranks().is_empty() || e.sp_ranks().contains(&0) {
            err(
                "/sp",
                format!("`{}` needs positive SP for each rank", e.id),
                "§16",
            );
        }
        // §7.4: pikes "may have 2 additional ranks behind the first", long spears "a
        // second rank", heavy infantry "a rear stand"; §6.1 longbows two ranks deep.
        let most = 1 + super::ranks::allowed(e) as usize;
        if e.sp_ranks().len() > most {
            let ours = if e.has("WB") && !e.has("Pk") {
                "warbands as pikes, §1.2 gives no number"
            } else {
                "§7.4 and §1.2 give examples — pikes 2 more, long spears, heavy infantry and bills 1 (§7.4's example of a double Bill stand), longbows a double rank (§6.1) — which we read as the maxima"
            };
            let stand = if sub.is_empty() {
                format!(
                    "a stand of no known sub-category (its Cat {}: add one of the key's or §15's, e.g. Bills for a double Bill stand, or HI: §15.1 lists halberdiers as heavy infantry)",
                    e.cat.join(", ")
                )
            } else {
                format!("a {} stand", e.cat.join(", "))
            };
            err(
                "/sp",
                format!(
                    "`{}` gives SP for {} ranks (`sp: \"{}\"`); {stand} has at most {most}: a front rank and {} more (ours: {ours})",
                    e.id,
                    e.sp_ranks().len(),
                    e.sp,
                    most - 1
                ),
                "§1.2, §6.1, §7.4",
            );
        }
        let (first_mp, more) = e.mp_moves();
        if !e.has("Art") && (first_mp == 0 || more == 0) {
            err("/mp", format!("`{}` needs positive MP", e.id), "§16");
        }
        if e.impact < 0 {
            err(
                "/impact",
                format!("`{}` has a negative impact factor", e.id),
                "§10.3",
            );
        }
        let shoots = e.has("Sh")
            || e.has("Sk")
            || e.has("Art")
            || (e.has("LC") && MISSILES.iter().any(|m| e.has(m)));
        if shoots && e.fire.is_empty() {
            err(
                "/fire",
                format!("`{}` shoots but has no range bands (2H, 3H, 4H, 6H)", e.id),
                "§16",
            );
        }
        if !shoots && !e.fire.is_empty() {
            err(
                "/fire",
                format!("`{}` has range bands but does not shoot", e.id),
                "§16",
            );
        }
        if let Some(band) = e
            .fire
            .keys()
            .find(|b| !["2H", "3H", "4H", "6H"].contains(&b.as_str()))
        {
            err(
                "/fire",
                format!("`{band}` is not a range band of the list (2H, 3H, 4H, 6H)"),
                "§16",
            );
        }
        if e.has("Art") && e.moves_and_fires {
            err("/moves_and_fires", format!("artillery `{}` can never move and fire in one turn: set `moves_and_fires: false`", e.id), "§6.0");
        }
    }
}
