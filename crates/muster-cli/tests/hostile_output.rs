//! Issue 27 (security review F2, F16): text from files, file names included, cannot start
//! a line of output in any format (a GitHub workflow command such as `::error` in the CI
//! log), and a finding quoting a huge value is cut.

use muster_check::{FileReport, Finding, LocatedLabel, Report};
use muster_rules::{Diagnostic, Location};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const PAYLOAD: &str = "\n::error file=README.md,line=1::pwned\r::add-mask::x\u{2028}::stop\u{85}::nel\u{2029}\u{202e}::end";

/// Every line break a log viewer may honour.
fn lines(text: &str) -> Vec<&str> {
    text.split([
        '\n', '\r', '\u{85}', '\u{2028}', '\u{2029}', '\u{b}', '\u{c}',
    ])
    .collect()
}

fn report(message: &str) -> Report {
    let file = PathBuf::from(format!("/pack/a{PAYLOAD}.scenario.ron"));
    let mut d = Diagnostic::error("MU010", Location::here(""), message.to_string());
    d.help = Some(format!("help{PAYLOAD}"));
    d.hex = Some(format!("0101{PAYLOAD}"));
    d.rule = Some(format!("§1{PAYLOAD}"));
    d.erratum = Some(format!("e{PAYLOAD}"));
    let finding = Finding {
        diagnostic: d,
        file: file.clone(),
        start: 0,
        end: 4,
        line: 1,
        column: 1,
        end_line: 1,
        end_column: 5,
        labels: vec![LocatedLabel {
            file: PathBuf::from(format!("/pack/other{PAYLOAD}.map.ron")),
            start: 0,
            end: 1,
            line: 1,
            column: 1,
            message: format!("label{PAYLOAD}"),
        }],
    };
    let mut r = Report::default();
    r.sources.insert(
        file.clone(),
        Arc::from(format!("map: \"x{}\"\n", PAYLOAD.replace('\n', " ")).as_str()),
    );
    r.files.push(FileReport {
        path: file,
        findings: vec![finding],
        suppressed: Default::default(),
    });
    r
}

fn all_formats(r: &Report) -> Vec<(&'static str, String)> {
    let base = Some(Path::new("/pack"));
    use muster_cli::render;
    vec![
        ("human", render::human(r, base)),
        ("github", render::github(r, base)),
        (
            "json",
            serde_json::to_string_pretty(&render::json(r, base)).unwrap(),
        ),
        (
            "sarif",
            serde_json::to_string_pretty(&render::sarif(r, base)).unwrap(),
        ),
        ("junit", render::junit(r, base)),
    ]
}

#[test]
fn no_line_of_any_format_starts_with_text_from_a_file() {
    let r = report(&format!("`{PAYLOAD}` does not exist"));
    for (format, out) in all_formats(&r) {
        let commands: Vec<&str> = lines(&out)
            .into_iter()
            .filter(|l| l.trim_start().starts_with("::"))
            .collect();
        if format == "github" {
            // Our own annotation, one line, its payload escaped.
            assert_eq!(commands.len(), 1, "{format}: {out}");
            assert!(
                commands[0].starts_with(
                    "::error file=a\\u{a}%3A%3Aerror file=README.md%2Cline=1%3A%3Apwned"
                ),
                "{format}: {}",
                commands[0]
            );
        } else {
            assert!(commands.is_empty(), "{format}: {commands:?}\n{out}");
        }
        assert!(
            !out.contains('\u{202e}'),
            "{format}: a bidi override printed"
        );
        assert!(!out.contains('\u{85}'), "{format}: NEL printed");
        assert!(
            out.contains("pwned"),
            "{format}: the text is shown, escaped"
        );
    }
}

#[test]
fn a_message_quoting_a_huge_value_is_cut_in_every_format() {
    let huge = "9".repeat(100_000);
    let r = report(&format!("`{huge}` is out of range"));
    for (format, out) in all_formats(&r) {
        assert!(!out.contains(&huge[..201]), "{format}: not cut");
        assert!(
            out.contains(&format!("{}…", &huge[..200])),
            "{format}: cut and marked"
        );
    }
}
