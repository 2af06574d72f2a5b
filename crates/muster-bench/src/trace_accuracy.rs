//! `muster-bench trace OUTDIR`: how often `muster trace` proposes the right terrain
//! (issue 32). Every bundled map is drawn by `muster render` and, where Tiled's
//! `tmxrasterizer` is installed, by Tiled from our TMX export (a renderer we did not
//! write); each picture is degraded with ImageMagick (`convert`: JPEG quality 60, rotation,
//! scale, blur, a colour cast, and all at once), the three corner hexes' centres carried
//! through the same transforms as calibration, three sample hexes taken per terrain (spread
//! over that terrain's hexes), and every other hex scored against the map. The degraded
//! pictures are made here, in OUTDIR, never committed.

use muster_hex::{Grid, Hex};
use muster_model::MapFile;
use muster_trace::Anchor;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A point of a picture (x, y), and a picture's size (w, h), in pixels.
type Point = (f64, f64);

/// A row of the table: (renderer, degradation) and (right, scored, the worst map's share,
/// its name).
type Row = ((String, String), (usize, usize, f64, String));

/// A degradation: its name, ImageMagick's arguments, and where it moves a point of a
/// picture of size (w, h).
struct Degrade {
    name: &'static str,
    args: Vec<String>,
    ext: &'static str,
    moves: fn(Point, Point) -> Point,
}

const BORDER: f64 = 60.0;

/// Rotation by `deg` clockwise about the picture's centre, after scaling by `s` about it.
fn srt(p: (f64, f64), size: (f64, f64), s: f64, deg: f64) -> (f64, f64) {
    let (cx, cy) = (size.0 / 2.0, size.1 / 2.0);
    let (c, sn) = (deg.to_radians().cos(), deg.to_radians().sin());
    let (dx, dy) = (p.0 - cx, p.1 - cy);
    (cx + s * (c * dx - sn * dy), cy + s * (sn * dx + c * dy))
}

fn degradations() -> Vec<Degrade> {
    let a = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        Degrade {
            name: "clean",
            args: a(&[]),
            ext: "png",
            moves: |p, _| p,
        },
        Degrade {
            name: "JPEG quality 60",
            args: a(&["-quality", "60"]),
            ext: "jpg",
            moves: |p, _| p,
        },
        Degrade {
            name: "rotated 2°",
            args: a(&[
                "-bordercolor",
                "white",
                "-border",
                "60",
                "-virtual-pixel",
                "white",
                "-distort",
                "SRT",
                "2",
            ]),
            ext: "png",
            moves: |p, size| {
                srt(
                    (p.0 + BORDER, p.1 + BORDER),
                    (size.0 + 2.0 * BORDER, size.1 + 2.0 * BORDER),
                    1.0,
                    2.0,
                )
            },
        },
        Degrade {
            name: "scaled 0.8",
            args: a(&["-resize", "80%"]),
            ext: "png",
            moves: |p, _| (p.0 * 0.8, p.1 * 0.8),
        },
        Degrade {
            name: "scaled 1.2",
            args: a(&["-resize", "120%"]),
            ext: "png",
            moves: |p, _| (p.0 * 1.2, p.1 * 1.2),
        },
        Degrade {
            name: "blurred (σ 1.5 px)",
            args: a(&["-blur", "0x1.5"]),
            ext: "png",
            moves: |p, _| p,
        },
        Degrade {
            name: "colour cast (15 % orange)",
            args: a(&["-fill", "#ff9030", "-colorize", "15"]),
            ext: "png",
            moves: |p, _| p,
        },
        Degrade {
            name: "all: 0.9, −1.5°, blur, cast, JPEG 60",
            args: a(&[
                "-bordercolor",
                "white",
                "-border",
                "60",
                "-virtual-pixel",
                "white",
                "-distort",
                "SRT",
                "0.9 -1.5",
                "-blur",
                "0x1",
                "-fill",
                "#ff9030",
                "-colorize",
                "10",
                "-quality",
                "60",
            ]),
            ext: "jpg",
            moves: |p, size| {
                srt(
                    (p.0 + BORDER, p.1 + BORDER),
                    (size.0 + 2.0 * BORDER, size.1 + 2.0 * BORDER),
                    0.9,
                    -1.5,
                )
            },
        },
    ]
}

/// One picture of a map and where each hex's centre is on it.
struct Picture {
    renderer: &'static str,
    path: PathBuf,
    size: (f64, f64),
    centre: HashMap<Hex, (f64, f64)>,
}

fn muster_render(
    map: &MapFile,
    ruleset: &muster_model::Ruleset,
    dir: &Path,
    stem: &str,
) -> anyhow::Result<Picture> {
    let scene = muster_render::Scene::of_map(map, ruleset);
    let opts = muster_render::RenderOptions::default();
    let img = muster_render::render(&scene, &opts)?;
    let place = muster_render::placement(&scene, &opts)?;
    let path = dir.join(format!("{stem}-render.png"));
    img.save(&path)?;
    let grid = Grid::new(map.grid.clone());
    let centre = grid
        .hexes()
        .map(|h| {
            let (x, y) = place.centre(&grid, h);
            (h, (f64::from(x), f64::from(y)))
        })
        .collect();
    Ok(Picture {
        renderer: "muster render",
        path,
        size: (f64::from(img.width()), f64::from(img.height())),
        centre,
    })
}

fn tiled_render(
    map: &MapFile,
    ruleset: &muster_model::Ruleset,
    dir: &Path,
    stem: &str,
) -> anyhow::Result<Option<Picture>> {
    if Command::new("tmxrasterizer")
        .arg("--version")
        .output()
        .is_err()
    {
        return Ok(None);
    }
    let opts = muster_tiled::ExportOptions {
        tileset_image: format!("{stem}-terrain.png"),
        ..muster_tiled::ExportOptions::default()
    };
    let out = muster_tiled::export(map, ruleset, &opts)?;
    let tmx = dir.join(format!("{stem}.tmx"));
    std::fs::write(&tmx, &out.tmx)?;
    std::fs::write(dir.join(&opts.tileset_image), &out.tileset_png)?;
    let path = dir.join(format!("{stem}-tiled.png"));
    let runtime = dir.join("xdg-runtime");
    std::fs::create_dir_all(&runtime)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700))?;
    }
    let status = Command::new("tmxrasterizer")
        .arg(&tmx)
        .arg(&path)
        .env("QT_QPA_PLATFORM", "offscreen")
        .env("XDG_RUNTIME_DIR", &runtime)
        .status()?;
    anyhow::ensure!(
        status.success(),
        "tmxrasterizer failed on {}",
        tmx.display()
    );
    let img = image::open(&path)?;
    let grid = Grid::new(map.grid.clone());
    let cells = muster_tiled::Cells::new(grid.clone());
    let g = muster_tiled::geometry(&grid, &cells, opts.px_per_hex)?;
    let centre = grid
        .hexes()
        .map(|h| {
            let (x, y) = cells.cell(h);
            (h, g.center(x, y))
        })
        .collect();
    Ok(Some(Picture {
        renderer: "Tiled tmxrasterizer",
        path,
        size: (f64::from(img.width()), f64::from(img.height())),
        centre,
    }))
}

/// Three sample hexes of each terrain, spread over its hexes (all of them where it has
/// fewer).
fn samples(grid: &Grid, truth: &HashMap<Hex, String>) -> Vec<(Hex, String)> {
    let mut by: HashMap<&str, Vec<Hex>> = HashMap::new();
    for h in grid.hexes() {
        by.entry(truth[&h].as_str()).or_default().push(h);
    }
    let mut out = Vec::new();
    let mut terrains: Vec<_> = by.into_iter().collect();
    terrains.sort_by(|a, b| a.0.cmp(b.0));
    for (t, hexes) in terrains {
        let n = hexes.len();
        let picks: Vec<usize> = if n <= 3 {
            (0..n).collect()
        } else {
            vec![n / 6, n / 2, n - 1 - n / 6]
        };
        out.extend(picks.into_iter().map(|i| (hexes[i], t.to_string())));
    }
    out
}

/// Runs the measurement; prints the table (markdown) and returns it.
pub fn run(out: &Path) -> anyhow::Result<String> {
    std::fs::create_dir_all(out)?;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut maps: Vec<PathBuf> = std::fs::read_dir(root.join("maps"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_str().is_some_and(|s| s.ends_with(".map.ron")))
        .collect();
    maps.sort();
    // (renderer, degradation) → (right, scored, worst map's share, its name)
    let mut rows: Vec<Row> = Vec::new();
    for path in &maps {
        let stem = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("map")
            .trim_end_matches(".map.ron")
            .to_string();
        let map: MapFile = muster_check::load_value::<MapFile>(path, muster_model::FileKind::Map)
            .map_err(|_| anyhow::anyhow!("{} does not load", path.display()))?
            .value;
        let ruleset = muster_rules::ruleset(&map.ruleset)
            .ok_or_else(|| anyhow::anyhow!("ruleset {}", map.ruleset))?;
        let grid = Grid::new(map.grid.clone());
        let listed: HashMap<String, String> = map
            .hexes
            .iter()
            .filter_map(|e| Some((e.hex.to_string(), e.terrain.clone()?)))
            .collect();
        let truth: HashMap<Hex, String> = grid
            .hexes()
            .map(|h| {
                (
                    h,
                    listed
                        .get(&grid.to_printed(h))
                        .cloned()
                        .unwrap_or(map.default_terrain.clone()),
                )
            })
            .collect();
        let samples = samples(&grid, &truth);
        let sampled: Vec<Hex> = samples.iter().map(|(h, _)| *h).collect();
        let (cs, rs) = (grid.column_range(), grid.row_range());
        let anchors_at: Vec<Hex> = [
            (*cs.start(), *rs.start()),
            (*cs.end(), *rs.start()),
            (*cs.start(), *rs.end()),
        ]
        .into_iter()
        .map(|(c, r)| grid.from_column_row(c, r))
        .collect();
        let mut pictures = vec![muster_render(&map, ruleset, out, &stem)?];
        pictures.extend(tiled_render(&map, ruleset, out, &stem)?);
        for pic in &pictures {
            for d in degradations() {
                let target = out.join(format!(
                    "{stem}-{}-{}.{}",
                    pic.renderer.split(' ').next().unwrap_or("x"),
                    d.name
                        .split(|c: char| !c.is_alphanumeric())
                        .filter(|w| !w.is_empty())
                        .collect::<Vec<_>>()
                        .join("-"),
                    d.ext
                ));
                let status = Command::new("convert")
                    .arg(&pic.path)
                    .args(&d.args)
                    .arg(&target)
                    .status()?;
                anyhow::ensure!(status.success(), "convert failed: {:?}", d.args);
                let image = muster_trace::open_image(&target)?;
                let anchors: Vec<Anchor> = anchors_at
                    .iter()
                    .map(|h| Anchor {
                        hex: *h,
                        px: (d.moves)(pic.centre[h], pic.size),
                    })
                    .collect();
                let fit = muster_trace::fit(&grid, &anchors)?;
                // The calibration of each picture, for running `muster trace` on it by hand.
                let at: Vec<String> = anchors
                    .iter()
                    .map(|a| {
                        format!(
                            "--at {}={:.1},{:.1}",
                            grid.to_printed(a.hex),
                            a.px.0,
                            a.px.1
                        )
                    })
                    .collect();
                let sample: Vec<String> = samples
                    .iter()
                    .map(|(h, t)| format!("--sample {}={t}", grid.to_printed(*h)))
                    .collect();
                eprintln!("{} {} {}", target.display(), at.join(" "), sample.join(" "));
                let proposals = muster_trace::propose(&image, &grid, &fit, &samples)?;
                let (mut right, mut scored) = (0, 0);
                for p in &proposals {
                    if sampled.contains(&p.hex) {
                        continue;
                    }
                    scored += 1;
                    if p.terrain.as_deref() == Some(truth[&p.hex].as_str()) {
                        right += 1;
                    }
                }
                let share = right as f64 / scored.max(1) as f64;
                let key = (pic.renderer.to_string(), d.name.to_string());
                match rows.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, v)) => {
                        v.0 += right;
                        v.1 += scored;
                        if share < v.2 {
                            v.2 = share;
                            v.3 = stem.clone();
                        }
                    }
                    None => rows.push((key, (right, scored, share, stem.clone()))),
                }
            }
        }
    }
    let mut table = String::from("| Drawn by | Degradation | Right / scored hexes | Share | Worst map |\n|---|---|---:|---:|---|\n");
    for ((r, d), (right, scored, worst, map)) in &rows {
        table.push_str(&format!(
            "| {r} | {d} | {right} / {scored} | {:.1} % | {map} ({:.1} %) |\n",
            100.0 * *right as f64 / (*scored).max(1) as f64,
            100.0 * worst
        ));
    }
    print!("{table}");
    Ok(table)
}
