//! AC108 — counter ratings fit the unit's kind (§3, §8, §12.6).

use crate::a_la_charge::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC108`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC108", "ratings", "a-la-charge", "A counter's ratings do not fit its kind.",
        "The kind is one of the unit kinds of the variant the scenario plays (§3: Normans and Byzantines have infantry, archers, knights, mounted archers and leaders; The Red Rose and the White infantry, archers, cavalry and leaders, plus King Henry of its §7 and §13); leaders have a rating and one side; combat units have one or two steps (front, back) with strength and MP of at least 1, the back no stronger than the front; archers and mounted archers have a range on every step, other units none.",
        "The counter is what the engine computes with: a missing range or an archer without one breaks fire and odds.",
        "`(id: \"Archers\", kind: \"archers\", steps: [(strength: 2, mp: 4)])` — no range.",
        "A la Charge §3 Counters, §8 Leaders, §12.6 Unit Reduction."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u) in side.units.iter().enumerate() {
            let base = format!("/sides/{si}/units/{ui}");
            let mut err = |ptr: &str, msg: String, section: &str| {
                out.push(
                    Diagnostic::error(CHECK.doc.code, Location::here(format!("{base}{ptr}")), msg)
                        .rule(cite(s, section)),
                )
            };
            let (_, kind) = s.unit(si, ui);
            let options = &s.file.options;
            let variant_ids = || -> Vec<&str> {
                s.ruleset
                    .unit_kinds
                    .iter()
                    .filter(|k| k.in_variant(options))
                    .map(|k| k.id.as_str())
                    .collect()
            };
            if let Some(k) = kind.filter(|k| !k.in_variant(options)) {
                let variant = match (&k.with_option, &k.without_option) {
                    (Some(o), _) => format!(
                        "a kind of the variant with option `{o}`, which this scenario does not play"
                    ),
                    (_, Some(o)) => {
                        format!("not a kind of the variant this scenario plays (option `{o}`)")
                    }
                    _ => String::new(),
                };
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("{base}/kind")),
                        format!("`{}` is {variant}", u.kind),
                    )
                    .rule(cite(s, "§3"))
                    .help(format!(
                        "the kinds of this variant are {}",
                        variant_ids().join(", ")
                    )),
                );
                continue;
            }
            let Some(kind) = kind else {
                out.extend(crate::unit_kinds::unknown_kind(
                    s,
                    si,
                    ui,
                    CHECK.doc.code,
                    &variant_ids(),
                    cite(s, "§3"),
                ));
                continue;
            };
            if kind.leader {
                if u.rating.is_none() {
                    err("", format!("leader `{}` has no rating", u.id), "§8");
                }
                if u.mp.is_none() {
                    err(
                        "",
                        format!("leader `{}` has no movement points (`mp`)", u.id),
                        "§9",
                    );
                }
                if !u.steps.is_empty() {
                    err(
                        "/steps",
                        format!(
                            "leader `{}` has steps; leaders' counters have one side and a rating",
                            u.id
                        ),
                        "§3",
                    );
                }
                continue;
            }
            if kind.stacks {
                continue;
            }
            if u.steps.is_empty() || u.steps.len() > 2 {
                err(
                    "/steps",
                    format!(
                        "`{}` has {} steps; a combat unit has one or two (front and back)",
                        u.id,
                        u.steps.len()
                    ),
                    "§12.6",
                );
            }
            for (k, st) in u.steps.iter().enumerate() {
                if st.strength < 1 || st.mp < 1 {
                    err(
                        &format!("/steps/{k}"),
                        format!(
                            "`{}` step {} needs strength and MP of at least 1",
                            u.id,
                            k + 1
                        ),
                        "§3",
                    );
                }
                match (kind.archer, st.range) {
                    (true, None) | (true, Some(0)) => err(
                        &format!("/steps/{k}"),
                        format!(
                            "`{}` is {} but step {} has no range",
                            u.id,
                            kind.name.to_lowercase(),
                            k + 1
                        ),
                        "§3",
                    ),
                    (false, Some(_)) => err(
                        &format!("/steps/{k}/range"),
                        format!(
                            "`{}` is {} and cannot have a range",
                            u.id,
                            kind.name.to_lowercase()
                        ),
                        "§3",
                    ),
                    _ => {}
                }
            }
            if let [front, back] = u.steps.as_slice() {
                if back.strength > front.strength {
                    err(
                        "/steps/1/strength",
                        format!(
                            "`{}`'s back ({}) is stronger than its front ({})",
                            u.id, back.strength, front.strength
                        ),
                        "§12.6",
                    );
                }
            }
        }
    }
}
