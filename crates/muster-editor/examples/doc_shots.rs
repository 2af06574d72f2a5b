//! The editor's pictures in docs/ for each game system (issue 16), on a bundled scenario of
//! each of the four systems:
//! - `editor-<system>.png`: a counter's hex selected (the property inspector, the legend
//!   and the live findings on the right);
//! - `editor-<system>-transcription.png`: the transcription view;
//! - `editor-<system>-line-of-fire.png`: the line-of-fire tool between two opposing
//!   counters, the line drawn and the inspector listing what each hex did;
//! - `editor-<system>-layers.png`: the View menu open with the counters' layer hidden, and
//!   the palette's Layers section.
//!
//! Drawn by the renderer the window uses (tiny-skia), through iced_test, at 1440×900 and a
//! scale factor of 2. `cargo run -p muster-editor --example doc_shots -- OUT_DIR`.

use muster_editor::canvas::CanvasMessage;
use muster_editor::layers::Layer;
use muster_editor::tool::{Section, Tool};
use muster_editor::validate::Job;
use muster_editor::{menu, palette};
use muster_editor::{panels, App, Message};
use muster_hex::Hex;
use std::path::{Path, PathBuf};

/// Each system of the table with its first bundled scenario (by file name) in
/// `scenarios/<id>/`.
fn shots() -> Vec<(&'static str, PathBuf)> {
    muster_rules::SYSTEMS
        .iter()
        .filter_map(|g| {
            let dir = Path::new("scenarios").join(g.id());
            let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
                .ok()?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.to_string_lossy().ends_with(".scenario.ron"))
                .collect();
            found.sort();
            Some((g.id(), found.into_iter().next()?))
        })
        .collect()
}

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
    for (system, scenario) in shots() {
        let (mut app, _) = App::new(Some(scenario));
        let items = Job::of(&app.doc).expect("a scenario").run();
        let _ = app.update(Message::Validated(app.generation, items));
        // The first hex (by its printed id) a counter stands on.
        let mut held: Vec<_> = app.snap.units.keys().copied().collect();
        held.sort_by_key(|h| app.snap.grid.to_printed(*h));
        if let Some(&h) = held.first() {
            press(&mut app, h);
        }
        shoot(&app, &out.join(format!("editor-{system}.png")));
        let _ = app.update(Message::Transcript(true));
        shoot(
            &app,
            &out.join(format!("editor-{system}-transcription.png")),
        );
        println!("{system}: {}", app.status);
        let _ = app.update(Message::Transcript(false));
        let (from, to) = shooter_and_target(&app);
        let _ = app.update(Message::tool(Tool::LineOfFire));
        press(&mut app, from);
        press(&mut app, to);
        shoot(&app, &out.join(format!("editor-{system}-line-of-fire.png")));
        println!("{system}: {}", app.status);
        let _ = app.update(Message::tool(Tool::Select));
        let _ = app.update(Message::Palette(palette::Message::ToggleLayer(
            Layer::Units,
        )));
        let _ = app.update(Message::Palette(palette::Message::Section(Section::Layers)));
        let _ = app.update(Message::Menu(Some(menu::Title::View)));
        shoot(&app, &out.join(format!("editor-{system}-layers.png")));
    }
}

/// A press and release on `hex` with the tool in force.
fn press(app: &mut App, hex: Hex) {
    let side = muster_hex::Hexside::new(
        hex,
        muster_hex::Direction::new(0),
        app.snap.grid.orientation(),
    );
    let _ = app.update(Message::Canvas(CanvasMessage::Press(hex, side)));
    let _ = app.update(Message::Canvas(CanvasMessage::Release));
}

/// Two counters of opposing sides for the line-of-fire picture: of the pairs the system
/// answers for (a shooter that can shoot), one whose verdict left nothing unchecked, then
/// the one whose line does most (steps listed), then a clear one, then the longest up to 8
/// hexes, so the line is seen; any opposing pair otherwise (the picture then shows why
/// not).
fn shooter_and_target(app: &App) -> (Hex, Hex) {
    let resolved = app.doc.resolve().expect("the scenario resolves");
    let mut held: Vec<(Hex, usize)> = app
        .snap
        .units
        .iter()
        .filter_map(|(h, us)| Some((*h, us.first()?.side)))
        .collect();
    held.sort_by_key(|(h, _)| app.snap.grid.to_printed(*h));
    let pairs = held.iter().flat_map(|&(a, sa)| {
        held.iter()
            .filter(move |&&(b, sb)| sa != sb && (2..=8).contains(&a.unsigned_distance_to(b)))
            .map(move |&(b, _)| (a, b))
    });
    let score = |&(a, b): &(Hex, Hex)| {
        let d = a.unsigned_distance_to(b);
        let answer = muster_rules::line_of_fire(
            &resolved,
            muster_rules::fire_end_at(&resolved, a),
            muster_rules::fire_end_at(&resolved, b),
        );
        match answer {
            // Nothing left unchecked (a shooter known to be one), then what the line's
            // hexes did, then a clear verdict.
            Ok(los) => (
                true,
                !los.reason.contains("not checked"),
                los.steps.len().min(4),
                los.clear,
                d,
            ),
            Err(_) => (false, false, 0, false, d),
        }
    };
    // The first of the best, in the order of the printed ids.
    pairs
        .min_by_key(|pair| std::cmp::Reverse(score(pair)))
        .expect("two opposing counters")
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
