//! `muster merge REPORT...`: joins the reports of `muster validate --shard i/n` jobs (all
//! JSON, all SARIF or all JUnit) into the one report an unsharded run gives.

use anyhow::{bail, Context};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Join the JSON, SARIF or JUnit reports of `muster validate --shard` jobs into one.
///
/// The inputs must all be of one format (told apart by their content) and from one
/// version of muster. The output, on stdout, is in that format: counts summed, files in
/// path order. Exit status: 0 when the joined report has no errors, 1 when it has, 2 when
/// an input cannot be read or the inputs do not match.
#[derive(clap::Args)]
pub struct Args {
    /// The reports, one per shard.
    #[arg(required = true, value_name = "REPORT")]
    reports: Vec<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Json,
    Sarif,
    Junit,
}

fn kind(text: &str, path: &Path) -> anyhow::Result<Kind> {
    let t = text.trim_start();
    if t.starts_with('<') {
        return Ok(Kind::Junit);
    }
    let v: Value = serde_json::from_str(t)
        .with_context(|| format!("{} is neither JSON nor XML", path.display()))?;
    if v.get("runs").is_some() {
        Ok(Kind::Sarif)
    } else if v.get("diagnostics").is_some() && v["version"] == 1 {
        Ok(Kind::Json)
    } else {
        bail!(
            "{} is not a report of `muster validate --format json|sarif|junit`",
            path.display()
        )
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut texts = Vec::new();
    for p in &args.reports {
        let text =
            std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?;
        let k = kind(&text, p)?;
        texts.push((p.clone(), k, text));
    }
    let first = texts[0].1;
    if let Some((p, k, _)) = texts.iter().find(|(_, k, _)| *k != first) {
        bail!(
            "{} is {k:?} but {} is {first:?}: merge reports of one format",
            p.display(),
            texts[0].0.display()
        );
    }
    let (out, errors) = match first {
        Kind::Json => {
            let v = merge_json(&parse_all(&texts)?)?;
            let errors = v["summary"]["errors"].as_u64().unwrap_or(0);
            (serde_json::to_string_pretty(&v)?, errors)
        }
        Kind::Sarif => {
            let v = merge_sarif(&parse_all(&texts)?)?;
            let errors = v["runs"][0]["results"]
                .as_array()
                .map_or(0, |r| r.iter().filter(|x| x["level"] == "error").count())
                as u64;
            (serde_json::to_string_pretty(&v)?, errors)
        }
        Kind::Junit => merge_junit(&texts)?,
    };
    super::emit(out)?;
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn parse_all(texts: &[(PathBuf, Kind, String)]) -> anyhow::Result<Vec<Value>> {
    texts
        .iter()
        .map(|(p, _, t)| serde_json::from_str(t).with_context(|| format!("{}", p.display())))
        .collect()
}

/// The order of files in a report: by path components, as an unsharded run sorts them.
fn path_key(shown: &str) -> Vec<String> {
    shown.split('/').map(str::to_string).collect()
}

fn array<'a>(v: &'a Value, what: &str) -> anyhow::Result<&'a Vec<Value>> {
    v.as_array()
        .with_context(|| format!("`{what}` is not a list: not a muster report"))
}

fn merge_json(reports: &[Value]) -> anyhow::Result<Value> {
    let mut diagnostics = Vec::new();
    let mut suppressed = Vec::new();
    let mut summary = json!({"files": 0, "errors": 0, "warnings": 0, "notes": 0, "suppressed": 0});
    for r in reports {
        diagnostics.extend(array(&r["diagnostics"], "diagnostics")?.iter().cloned());
        suppressed.extend(array(&r["suppressed"], "suppressed")?.iter().cloned());
        for key in ["files", "errors", "warnings", "notes", "suppressed"] {
            let n = r["summary"][key].as_u64().unwrap_or(0);
            summary[key] = json!(summary[key].as_u64().unwrap_or(0) + n);
        }
    }
    // Stable: each file's findings come from one shard, in their order.
    let file = |d: &Value| path_key(d["file"].as_str().unwrap_or(""));
    diagnostics.sort_by_key(file);
    suppressed.sort_by_key(file);
    Ok(json!({
        "version": 1,
        "summary": summary,
        "suppressed": suppressed,
        "diagnostics": diagnostics,
    }))
}

fn merge_sarif(logs: &[Value]) -> anyhow::Result<Value> {
    let mut out = logs[0].clone();
    let driver = |v: &Value| v["runs"][0]["tool"]["driver"]["version"].clone();
    let mut results = Vec::new();
    let mut notifications = Vec::new();
    let mut suppressed = 0;
    let mut by_file = serde_json::Map::new();
    for log in logs {
        if driver(log) != driver(&logs[0]) {
            bail!("the SARIF logs come from different versions of muster");
        }
        let run = &log["runs"][0];
        results.extend(array(&run["results"], "results")?.iter().cloned());
        if let Some(n) = run["invocations"][0]["toolExecutionNotifications"].as_array() {
            notifications.extend(n.iter().cloned());
        }
        suppressed += run["properties"]["suppressedFindings"]
            .as_u64()
            .unwrap_or(0);
        if let Some(m) = run["properties"]["suppressedByFile"].as_object() {
            by_file.extend(m.clone());
        }
    }
    let uri = |r: &Value| {
        path_key(
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap_or(""),
        )
    };
    results.sort_by_key(uri);
    let run = &mut out["runs"][0];
    run["results"] = json!(results);
    run["properties"]["suppressedFindings"] = json!(suppressed);
    run["properties"]["suppressedByFile"] = Value::Object(by_file);
    run["invocations"][0]["toolExecutionNotifications"] = json!(notifications);
    Ok(out)
}

fn merge_junit(texts: &[(PathBuf, Kind, String)]) -> anyhow::Result<(String, u64)> {
    use quick_junit::{Report, TestCaseStatus, TestSuite};
    let mut cases = Vec::new();
    for (p, _, t) in texts {
        let report = Report::deserialize_from_str(t)
            .map_err(|e| anyhow::anyhow!("{}: not a JUnit report ({e})", p.display()))?;
        for suite in report.test_suites {
            cases.extend(suite.test_cases);
        }
    }
    cases.sort_by_key(|c| path_key(c.name.as_str()));
    let failed = cases
        .iter()
        .filter(|c| matches!(c.status, TestCaseStatus::NonSuccess { .. }))
        .count() as u64;
    let mut suite = TestSuite::new("muster validate");
    suite.add_test_cases(cases);
    let mut junit = Report::new("muster");
    junit.add_test_suite(suite);
    Ok((junit.to_string()?, failed))
}
