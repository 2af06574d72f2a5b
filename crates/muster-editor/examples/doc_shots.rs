//! The editor's pictures in docs/ for each game system (issue 16): a bundled scenario of each
//! of the four systems, a counter's hex selected (the property inspector, the legend and the
//! live findings on the right), then the same scenario in the transcription view. Drawn by
//! the renderer the window uses (tiny-skia), through iced_test, at 1440×900 and a scale
//! factor of 2.
//!
//! `cargo run -p muster-editor --example doc_shots -- OUT_DIR` writes
//! `editor-<system>.png` and `editor-<system>-transcription.png` into OUT_DIR.

use muster_editor::canvas::CanvasMessage;
use muster_editor::validate::Job;
use muster_editor::{panels, App, Message};
use std::path::{Path, PathBuf};

/// Each system's scenario.
const SHOTS: [(&str, &str); 4] = [
    (
        "a-la-charge",
        "scenarios/a-la-charge/civitate-1053.scenario.ron",
    ),
    (
        "siege",
        "scenarios/siege/assault-on-roche-noire.scenario.ron",
    ),
    (
        "charles-the-bold",
        "scenarios/charles-the-bold/saint-aubin.scenario.ron",
    ),
    (
        "and-gentlemen-all",
        "scenarios/and-gentlemen-all/brampton-field.scenario.ron",
    ),
];

fn main() {
    let out = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "docs".into()));
    std::fs::create_dir_all(&out).expect("the output folder");
    let out = std::path::absolute(&out).expect("the output folder's path");
    // From the repository's top, so the path field shows `scenarios/...` as a user's would.
    std::env::set_current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .expect("the repository");
    std::env::set_var(
        "MUSTER_CACHE_DIR",
        std::env::temp_dir().join("muster-doc-shots"),
    );
    for (system, scenario) in SHOTS {
        let (mut app, _) = App::new(Some(PathBuf::from(scenario)));
        let items = Job::of(&app.doc).expect("a scenario").run();
        let _ = app.update(Message::Validated(app.generation, items));
        // The first hex (by its printed id) a counter stands on.
        let mut held: Vec<_> = app.snap.units.keys().copied().collect();
        held.sort_by_key(|h| app.snap.grid.to_printed(*h));
        if let Some(&h) = held.first() {
            let side = muster_hex::Hexside::new(
                h,
                muster_hex::Direction::new(0),
                app.snap.grid.orientation(),
            );
            let _ = app.update(Message::Canvas(CanvasMessage::Press(h, side)));
            let _ = app.update(Message::Canvas(CanvasMessage::Release));
        }
        shoot(&app, &out.join(format!("editor-{system}.png")));
        let _ = app.update(Message::Transcript(true));
        shoot(
            &app,
            &out.join(format!("editor-{system}-transcription.png")),
        );
        println!("{system}: {}", app.status);
    }
}

fn shoot(app: &App, path: &Path) {
    let _ = std::fs::remove_file(path);
    let mut ui = iced_test::Simulator::with_size(
        iced::Settings::default(),
        iced::Size::new(1440.0, 900.0),
        panels::view(app),
    );
    let snapshot = ui.snapshot(&iced::Theme::Light).expect("a frame");
    // Written at the simulator's scale factor of 2 (next to `path`, as `*-tiny-skia.png`,
    // since there is no picture to compare with), then halved to the window's size.
    let _ = snapshot.matches_image(path).expect("the picture written");
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("shot");
    let written = path.with_file_name(format!("{stem}-tiny-skia.png"));
    let full = image::open(&written).expect("the picture").to_rgba8();
    let half = image::imageops::resize(
        &full,
        full.width() / 2,
        full.height() / 2,
        image::imageops::FilterType::Triangle,
    );
    half.save(path).expect("the picture saved");
    let _ = std::fs::remove_file(&written);
    println!("wrote {}", path.display());
}
