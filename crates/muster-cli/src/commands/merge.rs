//! `muster merge REPORT...`: joins the reports of `muster validate --shard i/n` jobs (all
//! JSON, all SARIF or all JUnit) into the one report an unsharded run gives. Inputs are
//! untrusted: read bounded, checked for a whole set of shards of one run (see
//! [`super::shard_tag`]), counts added with overflow checks and held to the findings
//! listed, and never indexed in a way that could panic.

use super::shard_tag::{check_set, ShardTag, JUNIT_PACK, JUNIT_SHARD};
use anyhow::{bail, Context};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Join the JSON, SARIF or JUnit reports of `muster validate --shard` jobs into one.
///
/// The inputs must all be of one format (told apart by their content), from one version
/// of muster, and together exactly the shards 1..N of one run (each report records its
/// shard and its pack). The output, on stdout, is in that format: counts summed, files in
/// path order, as an unsharded run prints it.
///
/// Exit status: 0 when the joined report has no errors; 1 when it has; 2 when nothing is
/// printed because an input cannot be read (not a regular file, over 16 MiB, not UTF-8),
/// is not a report of `muster validate`, or the inputs do not match: formats differ, a
/// shard is given twice or is missing, shards of different runs, packs or N, a file in two
/// shards, a summary that contradicts the findings the report lists, or counts that
/// overflow.
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

/// One input: where it came from, its format and its text.
struct Input {
    path: PathBuf,
    kind: Kind,
    text: String,
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
    } else if v.get("diagnostics").is_some() && v.get("version") == Some(&json!(1)) {
        Ok(Kind::Json)
    } else {
        bail!(
            "{} is not a report of `muster validate --format json|sarif|junit`",
            path.display()
        )
    }
}

fn read(path: &Path) -> anyhow::Result<Input> {
    let bytes = muster_check::read_bytes(path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("{} is not UTF-8: not a muster report", path.display()))?;
    let kind = kind(&text, path)?;
    Ok(Input {
        path: path.to_path_buf(),
        kind,
        text,
    })
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let inputs = args
        .reports
        .iter()
        .map(|p| read(p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let Some(first) = inputs.first() else {
        bail!("no report to merge");
    };
    if let Some(i) = inputs.iter().find(|i| i.kind != first.kind) {
        bail!(
            "{} is {:?} but {} is {:?}: merge reports of one format",
            i.path.display(),
            i.kind,
            first.path.display(),
            first.kind
        );
    }
    let (out, errors) = match first.kind {
        Kind::Json => {
            let v = merge_json(&parse_all(&inputs)?)?;
            let errors = v["summary"]["errors"].as_u64().unwrap_or(0);
            (serde_json::to_string_pretty(&v)?, errors)
        }
        Kind::Sarif => {
            let v = merge_sarif(&parse_all(&inputs)?)?;
            let errors = v["runs"][0]["results"]
                .as_array()
                .map_or(0, |r| r.iter().filter(|x| x["level"] == "error").count())
                as u64;
            (serde_json::to_string_pretty(&v)?, errors)
        }
        Kind::Junit => merge_junit(&inputs)?,
    };
    super::emit(out)?;
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn parse_all(inputs: &[Input]) -> anyhow::Result<Vec<(PathBuf, Value)>> {
    inputs
        .iter()
        .map(|i| {
            serde_json::from_str(&i.text)
                .map(|v| (i.path.clone(), v))
                .with_context(|| format!("{}", i.path.display()))
        })
        .collect()
}

/// The order of files in a report: by path components, as an unsharded run sorts them.
fn path_key(shown: &str) -> Vec<String> {
    shown.split('/').map(str::to_string).collect()
}

fn array<'a>(v: &'a Value, what: &str, path: &Path) -> anyhow::Result<&'a Vec<Value>> {
    v.as_array().with_context(|| {
        format!(
            "{}: `{what}` is not a list: not a muster report",
            path.display()
        )
    })
}

/// A count of a report: a non-negative integer, or why not.
fn count(v: &Value, what: &str, path: &Path) -> anyhow::Result<u64> {
    v.as_u64().with_context(|| {
        format!(
            "{}: `{what}` is not a count: not a muster report",
            path.display()
        )
    })
}

/// `a + b`, or an error saying the counts overflow.
fn add(a: u64, b: u64, what: &str) -> anyhow::Result<u64> {
    a.checked_add(b)
        .with_context(|| format!("the reports' `{what}` counts overflow: not muster reports"))
}

/// Refuses a file reported by two shards: the shards are not of one run.
fn disjoint(per_report: &[(PathBuf, BTreeSet<String>)]) -> anyhow::Result<()> {
    let mut owner: BTreeMap<&str, &Path> = BTreeMap::new();
    for (p, files) in per_report {
        for f in files {
            if let Some(other) = owner.insert(f, p) {
                bail!(
                    "{} is reported by both {} and {}: each file belongs to one shard, so \
                     these are not the shards of one run",
                    muster_cli::render::clean(f),
                    other.display(),
                    p.display()
                );
            }
        }
    }
    Ok(())
}

fn tag_of(v: &Value, path: &Path) -> anyhow::Result<(PathBuf, ShardTag)> {
    let tag = ShardTag::read(
        v.get("shard").and_then(Value::as_str),
        v.get("pack").and_then(Value::as_str),
        path,
    )?;
    Ok((path.to_path_buf(), tag))
}

fn merge_json(reports: &[(PathBuf, Value)]) -> anyhow::Result<Value> {
    let tags = reports
        .iter()
        .map(|(p, r)| tag_of(r, p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    check_set(&tags)?;
    let mut diagnostics = Vec::new();
    let mut suppressed = Vec::new();
    let keys = ["files", "errors", "warnings", "notes", "suppressed"];
    let mut summary = [0u64; 5];
    let mut files = Vec::new();
    for (p, r) in reports {
        let listed = array(&r["diagnostics"], "diagnostics", p)?;
        let left_out = array(&r["suppressed"], "suppressed", p)?;
        let mut own = [0u64; 5];
        for (i, key) in keys.iter().enumerate() {
            own[i] = count(&r["summary"][*key], &format!("summary.{key}"), p)?;
            summary[i] = add(summary[i], own[i], key)?;
        }
        // What the report lists must be what its summary counts.
        let mut seen = [0u64; 5];
        for (i, sev) in ["error", "warning", "note"].iter().enumerate() {
            seen[i + 1] = listed.iter().filter(|d| d["severity"] == *sev).count() as u64;
        }
        for s in left_out {
            for (i, key) in ["count", "errors", "warnings", "notes"].iter().enumerate() {
                let n = count(&s[*key], &format!("suppressed[].{key}"), p)?;
                let at = if i == 0 { 4 } else { i };
                seen[at] = add(seen[at], n, key)?;
            }
        }
        for (i, key) in keys.iter().enumerate().skip(1) {
            if seen[i] != own[i] {
                bail!(
                    "{}: the summary counts {} {key} but the report lists {}: refused, a \
                     report's summary must count the findings it lists",
                    p.display(),
                    own[i],
                    seen[i]
                );
            }
        }
        files.push((
            p.clone(),
            listed
                .iter()
                .chain(left_out)
                .filter_map(|d| d["file"].as_str().map(String::from))
                .collect(),
        ));
        diagnostics.extend(listed.iter().cloned());
        suppressed.extend(left_out.iter().cloned());
    }
    disjoint(&files)?;
    // Stable: each file's findings come from one shard, in their order.
    let file = |d: &Value| path_key(d["file"].as_str().unwrap_or(""));
    diagnostics.sort_by_key(file);
    suppressed.sort_by_key(file);
    let summary: Map<String, Value> = keys
        .iter()
        .zip(summary)
        .map(|(k, n)| (k.to_string(), json!(n)))
        .collect();
    Ok(json!({
        "version": 1,
        "summary": summary,
        "suppressed": suppressed,
        "diagnostics": diagnostics,
    }))
}

/// `v[key]` as a mutable object, made one when absent; an error when it is something
/// else.
fn object<'a>(
    v: &'a mut Map<String, Value>,
    key: &str,
) -> anyhow::Result<&'a mut Map<String, Value>> {
    v.entry(key)
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .with_context(|| format!("`{key}` is not an object: not a muster SARIF log"))
}

fn merge_sarif(logs: &[(PathBuf, Value)]) -> anyhow::Result<Value> {
    let mut tags = Vec::new();
    let mut results = Vec::new();
    let mut notifications = Vec::new();
    let mut suppressed = 0u64;
    let mut by_file = Map::new();
    let mut files = Vec::new();
    let driver = |v: &Value| v["runs"][0]["tool"]["driver"]["version"].clone();
    let Some((_, first)) = logs.first() else {
        bail!("no report to merge");
    };
    for (p, log) in logs {
        if driver(log) != driver(first) {
            bail!("the SARIF logs come from different versions of muster");
        }
        let run = &log["runs"][0];
        let props = &run["properties"];
        tags.push(tag_of(props, p)?);
        let listed = array(&run["results"], "results", p)?;
        results.extend(listed.iter().cloned());
        if let Some(n) = run["invocations"][0]["toolExecutionNotifications"].as_array() {
            notifications.extend(n.iter().cloned());
        }
        let own = match props.get("suppressedFindings") {
            None => 0,
            Some(n) => count(n, "suppressedFindings", p)?,
        };
        let mut per_file = 0u64;
        if let Some(m) = props["suppressedByFile"].as_object() {
            for (f, n) in m {
                per_file = add(per_file, count(n, "suppressedByFile", p)?, "suppressed")?;
                by_file.insert(f.clone(), n.clone());
            }
        }
        if per_file != own {
            bail!(
                "{}: `suppressedFindings` is {own} but `suppressedByFile` adds up to \
                 {per_file}: refused",
                p.display()
            );
        }
        suppressed = add(suppressed, own, "suppressedFindings")?;
        files.push((p.clone(), listed.iter().map(uri).collect()));
    }
    check_set(&tags)?;
    disjoint(&files)?;
    results.sort_by_key(|r| path_key(&uri(r)));
    let mut out = first.clone();
    let run = out
        .get_mut("runs")
        .and_then(Value::as_array_mut)
        .and_then(|r| r.first_mut())
        .and_then(Value::as_object_mut)
        .context("`runs[0]` is not an object: not a muster SARIF log")?;
    run.insert("results".into(), json!(results));
    let props = object(run, "properties")?;
    props.remove("shard");
    props.remove("pack");
    props.insert("suppressedFindings".into(), json!(suppressed));
    props.insert("suppressedByFile".into(), Value::Object(by_file));
    let invocation = run
        .entry("invocations")
        .or_insert_with(|| json!([{}]))
        .as_array_mut()
        .and_then(|a| a.first_mut())
        .and_then(Value::as_object_mut)
        .context("`invocations[0]` is not an object: not a muster SARIF log")?;
    invocation.insert("toolExecutionNotifications".into(), json!(notifications));
    Ok(out)
}

/// The file of a SARIF result.
fn uri(r: &Value) -> String {
    r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

fn merge_junit(inputs: &[Input]) -> anyhow::Result<(String, u64)> {
    use quick_junit::{Report, TestCaseStatus, TestSuite};
    let mut cases = Vec::new();
    let mut tags = Vec::new();
    let mut files = Vec::new();
    for i in inputs {
        let report = Report::deserialize_from_str(&i.text)
            .map_err(|e| anyhow::anyhow!("{}: not a JUnit report ({e})", i.path.display()))?;
        let property = |name: &str| {
            report
                .test_suites
                .iter()
                .flat_map(|s| &s.properties)
                .find(|p| p.name.as_str() == name)
                .map(|p| p.value.to_string())
        };
        let tag = ShardTag::read(
            property(JUNIT_SHARD).as_deref(),
            property(JUNIT_PACK).as_deref(),
            &i.path,
        )?;
        tags.push((i.path.clone(), tag));
        let mut names = BTreeSet::new();
        for suite in report.test_suites {
            for case in suite.test_cases {
                names.insert(case.name.to_string());
                cases.push(case);
            }
        }
        files.push((i.path.clone(), names));
    }
    check_set(&tags)?;
    disjoint(&files)?;
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
