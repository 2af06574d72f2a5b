//! `muster`: validate, inspect and query scenario packs for hex wargames.

mod commands;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

// Validation allocates many small trees on several threads; mimalloc halves the time
// glibc's allocator spends on them (see scripts/bench.sh).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Scenario and map validation for hex wargames (A la Charge, Siege / Cry Havoc, Charles
/// the Bold, And Gentlemen All).
#[derive(Parser)]
#[command(name = "muster", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Validate(commands::validate::Args),
    Merge(commands::merge::Args),
    Inspect(commands::inspect::Args),
    #[command(subcommand)]
    Query(commands::query::Query),
    Explain(commands::explain::Args),
    #[command(subcommand)]
    Export(commands::export::Export),
    Render(commands::render::Args),
    Schema(commands::schema::Args),
    Fmt(commands::fmt::Args),
    Convert(commands::convert::Args),
    Diff(commands::diff::Args),
    New(commands::new::Args),
    Completions(commands::completions::Args),
    #[command(subcommand)]
    Import(commands::tiled::Import),
    Lsp(commands::lsp::Args),
    Transcribe(commands::transcribe::Args),
    Trace(commands::trace::Args),
}

// mimalloc's `mi_option_set` and the ordinal of `mi_option_purge_delay` in the
// `mi_option_t` enum of the bundled mimalloc.h (v3, libmimalloc-sys 0.1.49).
unsafe extern "C" {
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

fn main() -> ExitCode {
    // Return freed pages to the system after 1 ms instead of 10 ms: a hostile 16 MB
    // file passes through tree, JSON value, typed value and diagnostics in turn, and with
    // the delay the freed stages pile up (peak 370 MB instead of 235 MB on a map with
    // 400,000 off-map entries, at the same speed; issue 15).
    // `MIMALLOC_PURGE_DELAY` in the environment still decides, as mimalloc documents.
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
        // SAFETY: sets a documented allocator option; takes no pointers.
        unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, 1) };
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Validate(a) => commands::validate::run(a),
        Command::Merge(a) => commands::merge::run(a),
        Command::Inspect(a) => commands::inspect::run(a),
        Command::Query(q) => commands::query::run(q),
        Command::Explain(a) => commands::explain::run(a),
        Command::Export(e) => commands::export::run(e),
        Command::Render(a) => commands::render::run(a),
        Command::Schema(a) => commands::schema::run(a),
        Command::Fmt(a) => commands::fmt::run(a),
        Command::Convert(a) => commands::convert::run(a),
        Command::Diff(a) => commands::diff::run(a),
        Command::New(a) => commands::new::run(a),
        Command::Completions(a) => commands::completions::run(a, Cli::command()),
        Command::Lsp(a) => commands::lsp::run(a),
        Command::Import(i) => commands::tiled::run_import(i),
        Command::Transcribe(a) => commands::transcribe::run(a),
        Command::Trace(a) => commands::trace::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) if commands::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // An error may quote a file or a file name: bounded and escaped like findings.
            let why = muster_cli::render::clean(&format!("{e:#}"));
            commands::tell(format_args!("error: {why}\n"));
            ExitCode::from(2)
        }
    }
}
