//! `muster validate PATH...`

use super::Color;
use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};
use muster_check::{Checker, Report, Severity};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// Source snippets for people.
    Human,
    /// One JSON document (see the README).
    Json,
    /// SARIF 2.1.0 for code-scanning uploads.
    Sarif,
    /// JUnit XML, one test case per file.
    Junit,
    /// GitHub Actions annotations.
    Github,
}

/// Check maps, overlays and scenarios against the schemas and the rules.
///
/// Exit status: 0 when no errors are found, 1 when errors are found (or warnings, with
/// `--deny warnings`), 2 when muster could not run (for example a path that does not exist).
#[derive(clap::Args)]
pub struct Args {
    /// Files and folders to check (folders are searched for *.map.ron, *.overlay.ron,
    /// *.scenario.ron, *.armylist.ron, *.ruleset.ron, muster.pack.ron and their .json
    /// twins). Without one, the working directory (`.`).
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Human)]
    format: ReportFormat,
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
    /// Report these codes as notes (repeatable; a pack manifest may allow codes too).
    #[arg(long, value_name = "CODE")]
    allow: Vec<String>,
    /// Report these codes as errors; `--deny warnings` fails the run on any warning.
    #[arg(long, value_name = "CODE|warnings")]
    deny: Vec<String>,
    /// Treat warnings as errors for the exit status (same as `--deny warnings`).
    #[arg(long)]
    deny_warnings: bool,
    /// Print only errors (human format), no summary: nothing at all when there are none.
    #[arg(short, long)]
    quiet: bool,
    /// Write a PNG per failing scenario or map into this folder, offending hexes marked.
    #[arg(long, value_name = "DIR")]
    render_failures: Option<PathBuf>,
    /// Leave files and folders out of folder walks (repeatable): a glob with `/` matches
    /// the path below the folder walked, one without matches any name (`drafts`,
    /// `*.draft.scenario.ron`). `.git`, `target` and `node_modules` are always skipped.
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
    /// Check and report only shard I of N (1-based), for CI job matrices: each file
    /// belongs to the shard its path (relative to its pack root) hashes to, so the shards'
    /// reports together are the whole report, each finding once (join them with
    /// `muster merge`). See docs/ci.md.
    #[arg(long, value_name = "I/N")]
    shard: Option<muster_check::Shard>,
    /// Keep findings in this folder, keyed by the content of each file and of every file
    /// it references (and the tool's version): unchanged files are not checked again.
    #[arg(long, value_name = "DIR")]
    cache: Option<PathBuf>,
    /// Absolute URL where codes are explained (e.g. your published docs/codes.md): SARIF
    /// rules link to it plus `#` and the code (`…/codes.md#mu013`). Defaults to the
    /// `help_base` of the first path's pack manifest; without either, rules carry their
    /// help text but no link.
    #[arg(long, value_name = "URL")]
    help_base: Option<String>,
    /// With `--format github`, also annotate notes (`::notice`); by default only errors
    /// and warnings become annotations, so that a clean pack adds none to a pull request.
    #[arg(long)]
    github_notes: bool,
}

/// The base of rule links: `--help-base`, else the first path's manifest's `help_base`;
/// one that is not an absolute URL is refused (exit 2), never written as a relative link.
fn help_base(args: &Args) -> anyhow::Result<Option<String>> {
    if let Some(b) = &args.help_base {
        return muster_check::help_base(b)
            .map(Some)
            .map_err(|e| anyhow::anyhow!("--help-base: {e}"));
    }
    match args
        .paths
        .first()
        .and_then(|p| muster_check::manifest_help_base(p))
    {
        Some(b) => muster_check::help_base(&b)
            .map(Some)
            .map_err(|e| anyhow::anyhow!("help_base in the pack manifest: {e}")),
        None => Ok(None),
    }
}

/// Refuses (exit 2) a code no check has, naming the nearest one: `--allow AC1O1` must not
/// silently allow nothing.
fn known_codes(codes: &[String], flag: &str, warnings_too: bool) -> anyhow::Result<()> {
    let all = muster_rules::registry::all_codes();
    for c in codes {
        if all.iter().any(|d| d.code.eq_ignore_ascii_case(c))
            || (warnings_too && c.eq_ignore_ascii_case("warnings"))
        {
            continue;
        }
        let hint = match muster_check::nearest(c, all.iter().map(|d| d.code)) {
            Some(n) => format!("did you mean `{n}`? "),
            None => String::new(),
        };
        anyhow::bail!(
            "{flag} {c}: no check has this code; {hint}`muster explain --list` lists them"
        );
    }
    Ok(())
}

/// The severity `--allow` and `--deny CODE` give a finding of `code`.
fn rate(code: &str, severity: Severity, allow: &[String], deny: &[String]) -> Severity {
    if allow.iter().any(|c| c.eq_ignore_ascii_case(code)) && severity > Severity::Note {
        Severity::Note
    } else if deny.iter().any(|c| c.eq_ignore_ascii_case(code)) {
        Severity::Error
    } else {
        severity
    }
}

/// Applies `--allow` and `--deny CODE` to a report, findings left out by the cap included.
pub fn adjust(report: &mut Report, allow: &[String], deny: &[String]) {
    for file in &mut report.files {
        file.suppressed
            .rerate(|code, severity| rate(code, severity, allow, deny));
        for f in &mut file.findings {
            let d = &mut f.diagnostic;
            let rated = rate(d.code, d.severity, allow, deny);
            if rated == Severity::Note && d.severity > Severity::Note {
                d.help
                    .get_or_insert_with(|| "allowed on the command line".into());
            }
            d.severity = rated;
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let missing: Vec<_> = args.paths.iter().filter(|p| !p.exists()).collect();
    if !missing.is_empty() {
        let list: Vec<_> = missing.iter().map(|p| p.display().to_string()).collect();
        anyhow::bail!("no such file or folder: {}", list.join(", "));
    }
    let progress = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} checked {pos} files ({per_sec})")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        bar
    });
    let tick = || {
        if let Some(b) = &progress {
            b.inc(1);
        }
    };
    known_codes(&args.allow, "--allow", false)?;
    let help_base = help_base(&args)?;
    known_codes(&args.deny, "--deny", true)?;
    let exclude = muster_check::Exclude::new(&args.exclude).map_err(anyhow::Error::msg)?;
    // A sharded report records its shard and its pack, for `muster merge` to check.
    let tag = args.shard.map(|s| {
        (
            s.to_string(),
            super::shard_tag::pack_identity(&args.paths, &exclude),
        )
    });
    let mut checker = Checker::new()
        .with_cap(muster_check::MAX_FINDINGS_PER_FILE)
        .with_exclude(exclude);
    if let Some(shard) = args.shard {
        checker = checker.with_shard(shard);
    }
    if let Some(dir) = &args.cache {
        muster_check::refuse_inside_pack(dir, &args.paths).map_err(anyhow::Error::msg)?;
    }
    let cache = args.cache.as_ref().map(|dir| {
        let name = match args.shard {
            Some(s) => format!("shard-{}-of-{}", s.index(), s.count()),
            None => "all".to_string(),
        };
        let cache = std::sync::Arc::new(muster_check::Cache::open(
            dir,
            &name,
            Some(muster_check::MAX_FINDINGS_PER_FILE),
        ));
        for why in cache.ignored() {
            super::tell(format!("muster: cache file ignored: {why}\n"));
        }
        cache
    });
    if let Some(c) = &cache {
        checker = checker.with_cache(c.clone());
    }
    let mut report = checker.check_paths_with_progress(&args.paths, &tick);
    if let Some(c) = &cache {
        // A cache that cannot be written costs the next run time, not this run its verdict.
        if let Err(e) = c.save() {
            super::tell(format!("muster: cannot write the cache: {e}\n"));
        }
        if !args.quiet {
            super::tell(format!(
                "muster: {} of {} files unchanged, findings from the cache\n",
                c.hits(),
                report.files.len()
            ));
        }
    }
    if let Some(b) = &progress {
        b.finish_and_clear();
    }
    let deny_warnings =
        args.deny_warnings || args.deny.iter().any(|c| c.eq_ignore_ascii_case("warnings"));
    adjust(&mut report, &args.allow, &args.deny);
    report.cap_per_file(muster_check::MAX_FINDINGS_PER_FILE);
    let failed = report.has_errors() || (deny_warnings && report.count(Severity::Warning) > 0);
    let code = if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    // A closed stdout (`muster validate bad | head -1`) ends the output, not the verdict.
    match output(&args, &report, tag.as_ref(), help_base.as_deref()) {
        Err(e) if super::is_broken_pipe(&e) => return Ok(code),
        other => other?,
    }
    if let Some(dir) = &args.render_failures {
        super::render_failures::write(&report, dir);
    }
    Ok(code)
}

/// Writes the report to stdout in the chosen format; `tag` is the shard (`I/N`) and pack
/// identity of a sharded run (see [`super::shard_tag`]).
fn output(
    args: &Args,
    report: &Report,
    tag: Option<&(String, String)>,
    help_base: Option<&str>,
) -> anyhow::Result<()> {
    let base = std::env::current_dir().ok();
    let base = base.as_deref();
    match args.format {
        ReportFormat::Json => {
            let mut v = muster_cli::render::json(report, base);
            if let (Some((shard, pack)), Some(o)) = (tag, v.as_object_mut()) {
                o.insert("shard".into(), shard.as_str().into());
                o.insert("pack".into(), pack.as_str().into());
            }
            super::emit(serde_json::to_string_pretty(&v)?)?
        }
        ReportFormat::Sarif => {
            let mut v = muster_cli::render::sarif_with_help(report, base, help_base);
            let props = v
                .pointer_mut("/runs/0/properties")
                .and_then(|p| p.as_object_mut());
            if let (Some((shard, pack)), Some(o)) = (tag, props) {
                o.insert("shard".into(), shard.as_str().into());
                o.insert("pack".into(), pack.as_str().into());
            }
            super::emit(serde_json::to_string_pretty(&v)?)?
        }
        ReportFormat::Junit => {
            let props: Vec<(&str, &str)> = tag
                .map(|(shard, pack)| {
                    vec![
                        (super::shard_tag::JUNIT_SHARD, shard.as_str()),
                        (super::shard_tag::JUNIT_PACK, pack.as_str()),
                    ]
                })
                .unwrap_or_default();
            super::emit(muster_cli::render::junit_with_properties(
                report, base, &props,
            ))?
        }
        ReportFormat::Github => {
            use std::io::Write;
            std::io::stdout().lock().write_all(
                muster_cli::render::github_with_notes(report, base, args.github_notes).as_bytes(),
            )?;
        }
        ReportFormat::Human => {
            let mut shown = report.clone();
            if args.quiet {
                for f in &mut shown.files {
                    f.findings
                        .retain(|x| x.diagnostic.severity == Severity::Error);
                }
            }
            let choice = if args.color.enabled() {
                ColorChoice::Always
            } else {
                ColorChoice::Never
            };
            let stream = StandardStream::stdout(choice);
            let mut lock = stream.lock();
            if args.quiet {
                muster_cli::render::human_findings(&shown, base, &mut lock)?;
            } else {
                muster_cli::render::human_to_writer(&shown, base, &mut lock)?;
            }
        }
    }
    Ok(())
}
