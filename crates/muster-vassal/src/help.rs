//! The module's help page of a scenario (notes, special rules, victory conditions, errata
//! of the source) and its set-up notes (owner's choices and off-map boxes), as HTML.

use crate::setup::Setup;
use muster_rules::Scenario;

/// Escapes text for HTML.
pub fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn list(out: &mut String, head: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    out.push_str(&format!("<h2>{}</h2>\n<ul>\n", esc(head)));
    for i in items {
        out.push_str(&format!("<li>{}</li>\n", esc(i)));
    }
    out.push_str("</ul>\n");
}

/// The help page of a scenario.
pub fn help_page(s: &Scenario, setup: &Setup) -> String {
    let f = s.file;
    let mut out = format!("<html><body>\n<h1>{}</h1>\n", esc(&f.title));
    if let Some(src) = &f.source {
        let by: Vec<&str> = [&src.author, &src.publisher, &src.section]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        out.push_str(&format!(
            "<p>Source: <i>{}</i> {}</p>\n",
            esc(&src.work),
            esc(&by.join(", "))
        ));
    }
    out.push_str(&format!(
        "<p>{} turns; {} moves first. Ruleset: {}.</p>\n",
        f.turns,
        esc(&f.first_side),
        esc(&f.ruleset)
    ));
    list(&mut out, "Notes", &f.notes);
    let rules: Vec<String> = f
        .special_rules
        .iter()
        .map(|r| {
            let title = r.title.clone().unwrap_or_else(|| "Special rule".into());
            match &r.text {
                Some(t) => format!("{title}: {t}"),
                None => format!("{title}: {:?}", r.rule),
            }
        })
        .collect();
    list(&mut out, "Special rules", &rules);
    let victory: Vec<String> = f
        .victory
        .iter()
        .map(|v| {
            let what = v.text.clone().unwrap_or_else(|| format!("{:?}", v.when));
            format!("{} ({:?}): {what}", v.side, v.level)
        })
        .collect();
    list(&mut out, "Victory conditions", &victory);
    let errata: Vec<String> = f
        .errata
        .iter()
        .map(|e| {
            let read = e
                .read_as
                .as_deref()
                .map(|r| format!(", read as {r}"))
                .unwrap_or_default();
            format!("Printed {}{read}: {}", e.printed, e.why)
        })
        .collect();
    list(&mut out, "Errata of the source", &errata);
    out.push_str(&notes_body(setup));
    out.push_str("</body></html>\n");
    out
}

fn notes_body(setup: &Setup) -> String {
    let mut out = String::new();
    list(
        &mut out,
        "Owner's choice (placed in order; rearrange as you choose)",
        &setup.choices,
    );
    list(&mut out, "Off-map boxes (below the map)", &setup.groups);
    list(&mut out, "Not exported", &setup.unplaced);
    out
}

/// The set-up notes of a scenario: its owner's-choice lines as printed and its off-map
/// boxes.
pub fn notes_page(s: &Scenario, setup: &Setup) -> String {
    let mut out = format!(
        "<html><body>\n<h1>{}: set-up notes</h1>\n",
        esc(&s.file.title)
    );
    let body = notes_body(setup);
    if body.is_empty() {
        out.push_str("<p>Every counter stands on its printed hex.</p>\n");
    }
    out.push_str(&body);
    out.push_str("</body></html>\n");
    out
}
