//! Draw-path benchmark: a 100×100 map with 2,000 counters drawn by the software renderer
//! (tiny-skia, through iced_test's headless simulator). Prints the median and worst time of
//! a full frame with empty caches (after a pan or zoom) and with warm caches (hover).
//! Run with `cargo bench -p muster-editor --bench canvas`.
//!
//! Two switches for work on the draw path: `CANVAS_PNG=path/zoomed.png` writes the zoomed
//! canvas frame as a PNG (to compare pictures before and after a change), and
//! `CANVAS_ZOOMED_ONLY=N` draws only the zoomed canvas frame, N times (for `perf record`).

use muster_editor::canvas::Camera;
use muster_editor::document::Document;
use muster_editor::{panels, App};
use muster_model::{HexId, SetupEntry, Step, UnitDef, UnitRef, Zone};
use std::time::{Duration, Instant};

fn app_with(columns: u32, rows: u32, counters: usize) -> App {
    let dir = std::env::temp_dir().join(format!("muster-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut doc = Document::new_empty(&dir, &format!("bench-{columns}"), columns, rows);
    let terrains = ["woods", "hill", "village", "clear"];
    let grid = muster_hex::Grid::new(doc.map.grid.clone());
    for (i, h) in grid.hexes().enumerate() {
        if i % 3 == 0 {
            doc.map.hexes.push(muster_model::HexEntry {
                hex: HexId(grid.to_printed(h)),
                terrain: Some(terrains[i % 4].into()),
                elevation: None,
                label: None,
            });
        }
    }
    let s = doc.scenario.as_mut().unwrap();
    for side in 0..2 {
        s.sides[side].units.push(UnitDef {
            steps: vec![Step {
                strength: 2,
                mp: 4,
                range: None,
            }],
            ..UnitDef::new("Foot", "infantry", 1000)
        });
    }
    for (i, h) in grid
        .hexes()
        .enumerate()
        .filter(|(i, _)| i % 5 == 0)
        .take(counters)
    {
        s.sides[i % 2].setup.push(SetupEntry::new(
            vec![UnitRef {
                count: 1,
                unit: "Foot".into(),
            }],
            Zone::Hexes(vec![HexId(grid.to_printed(h))]),
        ));
    }
    let path = dir.join(format!("bench-{columns}.scenario.ron"));
    doc.save_as(&path).unwrap();
    let (mut app, _) = App::new(Some(path));
    app.camera = Camera {
        offset: iced::Vector::new(20.0, 20.0),
        zoom: 9.0,
    };
    app
}

/// One frame of the whole window (1024×768; iced_test renders at a scale factor of 2).
fn frame(app: &App) -> Duration {
    let start = Instant::now();
    let mut ui = iced_test::simulator(panels::view(app));
    let _ = ui.snapshot(&iced::Theme::Light).unwrap();
    start.elapsed()
}

/// One frame of the map canvas alone, at the size it has in the window (820×640 logical
/// pixels, rendered at the simulator's scale factor of 2, so 1640×1280 pixels).
fn canvas_frame(app: &App) -> Duration {
    let start = Instant::now();
    let mut ui = iced_test::Simulator::with_size(
        iced::Settings::default(),
        iced::Size::new(820.0, 640.0),
        panels::map_canvas(app),
    );
    let _ = ui.snapshot(&iced::Theme::Light).unwrap();
    start.elapsed()
}

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let median = times[times.len() / 2];
    let worst = times[times.len() - 1];
    println!(
        "{name:<40} median {:>7.2} ms   worst {:>7.2} ms   ({} frames)",
        median.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3,
        times.len()
    );
}

fn big_app() -> App {
    app_with(100, 100, 2000)
}

/// The zoomed-in canvas: 30 px a hex, hex numbers and counter texts drawn.
fn zoomed_app() -> App {
    let mut app = big_app();
    app.camera = Camera {
        offset: iced::Vector::new(-400.0, -300.0),
        zoom: 30.0,
    };
    app
}

fn main() {
    if let Ok(path) = std::env::var("CANVAS_PNG") {
        // CANVAS_SCENARIO=file: that scenario instead, at the same zoom, with its first
        // siege marker (or its first counter) near the middle.
        let app = match std::env::var("CANVAS_SCENARIO") {
            Ok(file) => {
                let (mut app, _) = App::new(Some(file.into()));
                let snap = &app.snap;
                let hex = snap
                    .markers
                    .keys()
                    .chain(snap.units.keys())
                    .min_by_key(|h| (h.x, h.y))
                    .copied()
                    .unwrap_or_default();
                let (x, y) = snap.grid.center(hex, 30.0);
                app.camera = Camera {
                    offset: iced::Vector::new(410.0 - x, 320.0 - y),
                    zoom: 30.0,
                };
                app
            }
            Err(_) => zoomed_app(),
        };
        let mut ui = iced_test::Simulator::with_size(
            iced::Settings::default(),
            iced::Size::new(820.0, 640.0),
            panels::map_canvas(&app),
        );
        let snap = ui.snapshot(&iced::Theme::Light).unwrap();
        // `matches_image` writes the file when none is there (named with the renderer).
        snap.matches_image(&path).unwrap();
        println!("wrote the zoomed canvas frame beside {path}");
        return;
    }
    if let Some(n) = std::env::var("CANVAS_ZOOMED_ONLY")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    {
        let app = zoomed_app();
        // One whole-window frame first, as in the full run: the allocator then keeps the
        // frame's large buffers instead of faulting fresh pages in for each.
        let _ = frame(&app);
        let z: Vec<Duration> = (0..n)
            .map(|_| {
                app.caches.clear_all();
                canvas_frame(&app)
            })
            .collect();
        report("  zoomed in with hex numbers, cold", z);
        return;
    }
    let mut baseline = app_with(1, 1, 0);
    baseline.camera = Camera {
        offset: iced::Vector::new(20.0, 20.0),
        zoom: 9.0,
    };
    let _ = frame(&baseline);
    let base: Vec<Duration> = (0..10)
        .map(|_| {
            baseline.caches.clear_all();
            frame(&baseline)
        })
        .collect();
    report("baseline: same window, a 1-hex map", base);
    let app = big_app();
    println!(
        "map 100x100 hexes, {} counters on the map",
        app.snap.units.values().map(Vec::len).sum::<usize>()
    );
    let _ = frame(&app);
    let cold: Vec<Duration> = (0..10)
        .map(|_| {
            app.caches.clear_all();
            frame(&app)
        })
        .collect();
    report("full frame, caches cleared (pan/zoom)", cold);
    let warm: Vec<Duration> = (0..10).map(|_| frame(&app)).collect();
    report("full frame, caches warm (hover)", warm);
    println!("the map canvas alone, 820x640 at 2x (the draw path):");
    let _ = canvas_frame(&baseline);
    let b: Vec<Duration> = (0..10)
        .map(|_| {
            baseline.caches.clear_all();
            canvas_frame(&baseline)
        })
        .collect();
    report("  1-hex map", b);
    let c: Vec<Duration> = (0..10)
        .map(|_| {
            app.caches.clear_all();
            canvas_frame(&app)
        })
        .collect();
    report("  100x100 + 2000 counters, cold", c);
    let w: Vec<Duration> = (0..10).map(|_| canvas_frame(&app)).collect();
    report("  100x100 + 2000 counters, warm", w);
    let zoomed_canvas = zoomed_app();
    let z: Vec<Duration> = (0..10)
        .map(|_| {
            zoomed_canvas.caches.clear_all();
            canvas_frame(&zoomed_canvas)
        })
        .collect();
    report("  zoomed in with hex numbers, cold", z);
    println!("the whole window, 1024x768 at 2x:");
    let mut no_counters = app_with(100, 100, 0);
    no_counters.camera = app.camera;
    let t: Vec<Duration> = (0..10)
        .map(|_| {
            no_counters.caches.clear_all();
            frame(&no_counters)
        })
        .collect();
    report("terrain only (no counters)", t);
    let zoomed = zoomed_app();
    let cold: Vec<Duration> = (0..10)
        .map(|_| {
            zoomed.caches.clear_all();
            frame(&zoomed)
        })
        .collect();
    report("zoomed in (numbers, culled), caches cleared", cold);
}
