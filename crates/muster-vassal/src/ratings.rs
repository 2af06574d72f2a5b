//! What a counter prints, per game system: the ratings line(s) of a unit type.

use muster_model::UnitDef;
use muster_rules::Scenario;

/// The ratings a counter shows: the front line and, for a two-step counter, the back.
pub fn ratings(s: &Scenario, side: usize, def: &UnitDef) -> (String, Option<String>) {
    let step = |st: &muster_model::Step| match st.range {
        Some(r) => format!("{}-{} r{r}", st.strength, st.mp),
        None => format!("{}-{}", st.strength, st.mp),
    };
    let mut front: Vec<String> = Vec::new();
    let mut back = None;
    if let Some(st) = def.steps.first() {
        // A la Charge: strength-morale and MP, range for archers; the back step below.
        front.push(step(st));
        back = def.steps.get(1).map(|b| format!("back {}", step(b)));
    }
    if let Some(r) = def.rating {
        front.push(format!("L{r}"));
    }
    if let Some(reg) = &def.regiment {
        // And Gentlemen All: stands and troop rating.
        front.push(format!("{} st {:?}", reg.stands, reg.rating));
    }
    if let Some(id) = &def.list_entry {
        // Charles the Bold: the army list's MP, SP, impact and break points.
        match s.lists.entry(side, id) {
            Some(e) => front.push(format!("{} SP{} IF{} BP{}", e.mp, e.sp, e.impact, e.bp)),
            None => front.push(id.clone()),
        }
    }
    if def.steps.is_empty() {
        if let Some(mp) = def.mp {
            front.push(format!("MP {mp}"));
        }
    }
    if let Some(k) = def.shooting_skill {
        front.push(format!("skill {k:+}"));
    }
    if let Some(r) = def.ranks {
        front.push(format!("+{r} rk"));
    }
    (front.join(" "), back)
}
