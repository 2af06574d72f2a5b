//! `muster render MAP_OR_SCENARIO -o out.png`

use anyhow::{bail, Context};
use muster_check::{load_value, Checker};
use muster_model::{FileKind, MapFile};
use muster_render::{encode_png, render, RenderOptions, Scene};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Draw a map, or a scenario on its map, to a PNG image.
///
/// A picture has at most 16 Mpx, 16,000 pixels a side and 40,000 hexes; a larger one is
/// refused (exit 2) with a `--px-per-hex` and a `--hexes` crop that fit.
#[derive(clap::Args)]
pub struct Args {
    /// The map or scenario file.
    file: PathBuf,
    /// The image to write.
    #[arg(short, long)]
    output: PathBuf,
    /// Width of a hex in pixels (4 to 512).
    #[arg(long, default_value_t = 48.0, value_parser = px_per_hex)]
    px_per_hex: f32,
    /// Leave out the hex numbers.
    #[arg(long)]
    no_numbers: bool,
    /// Only the hexes between two printed corners, e.g. 0101:1515 (both hexes of the map).
    #[arg(long, value_name = "FROM:TO")]
    hexes: Option<String>,
}

/// A hex width the renderer can draw: a number from 4 to 512 pixels.
fn px_per_hex(text: &str) -> Result<f32, String> {
    let v: f32 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if (4.0..=512.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{text} pixels a hex: give 4 to 512"))
    }
}

/// Builds the scene of a map or scenario file, marking the given hexes.
pub fn scene_of(file: &Path, marked: &[String]) -> anyhow::Result<Scene> {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let mut scene = match FileKind::from_file_name(name).map(|(k, _)| k) {
        Some(FileKind::Scenario) => {
            let loaded = Checker::new().load_scenario(file).map_err(|_| {
                anyhow::anyhow!("{} has errors; run `muster validate` on it", file.display())
            })?;
            Scene::of_scenario(
                &loaded.scenario.value,
                &loaded.map().value,
                &loaded.overlay_values(),
                &loaded.army_lists(),
                loaded.ruleset,
            )
        }
        Some(FileKind::Map) => {
            let map = load_value::<MapFile>(file, FileKind::Map).map_err(|_| {
                anyhow::anyhow!("{} has errors; run `muster validate` on it", file.display())
            })?;
            let ruleset = muster_rules::ruleset(&map.value.ruleset).with_context(|| {
                format!(
                    "unknown ruleset `{}`: {}",
                    map.value.ruleset,
                    muster_rules::suggest::did_you_mean(
                        &map.value.ruleset,
                        "rulesets",
                        &muster_rules::system_ids().collect::<Vec<_>>(),
                        ""
                    )
                )
            })?;
            Scene::of_map(&map.value, ruleset)
        }
        _ => bail!("{} is not a map or scenario file", file.display()),
    };
    scene.marked = marked
        .iter()
        .filter_map(|h| scene.grid.from_printed(h).ok())
        .collect();
    Ok(scene)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // The image is PNG: another extension would name it wrongly.
    match args.output.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("png") => {}
        _ => anyhow::bail!(
            "{}: muster render writes PNG images; name the output `.png`",
            args.output.display()
        ),
    }
    let scene = scene_of(&args.file, &[])?;
    let crop = match &args.hexes {
        Some(s) => {
            let (a, b) = s
                .split_once(':')
                .context("--hexes takes FROM:TO, e.g. 0101:1515")?;
            Some((a.to_string(), b.to_string()))
        }
        None => None,
    };
    let image = render(
        &scene,
        &RenderOptions {
            px_per_hex: args.px_per_hex,
            numbers: !args.no_numbers,
            crop,
            frame: true,
        },
    )?;
    muster_check::write_atomically(&args.output, &encode_png(&image)?)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", args.output.display()))?;
    super::emit(format!(
        "wrote {} ({}×{} px)",
        muster_cli::render::escape_controls(&args.output.display().to_string()),
        image.width(),
        image.height()
    ))?;
    Ok(ExitCode::SUCCESS)
}
