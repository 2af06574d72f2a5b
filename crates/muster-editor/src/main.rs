//! `muster-editor [FILE]`: opens a scenario or a map (with no argument, a bundled example).

use muster_editor::{panels, App, Message};
use std::path::PathBuf;
use std::time::Duration;

fn bundled_example() -> Option<PathBuf> {
    let candidates = [
        PathBuf::from("scenarios/a-la-charge/st-albans-1.scenario.ron"),
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/a-la-charge/st-albans-1.scenario.ron"),
    ];
    candidates.into_iter().find(|p| p.exists())
}

fn main() -> iced::Result {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .or_else(bundled_example);
    iced::application(move || App::new(path.clone()), App::update, panels::view)
        .title(App::title)
        .style(App::window_style)
        .subscription(|_: &App| {
            iced::Subscription::batch([
                iced::keyboard::listen().map(Message::Key),
                // Escape closes an open menu even while a text field has the keyboard (the
                // field takes the key, so `keyboard::listen` never sees it).
                iced::event::listen_with(|event, status, _| match event {
                    iced::Event::Keyboard(iced::keyboard::Event::KeyPressed {
                        key: iced::keyboard::Key::Named(iced::keyboard::key::Named::Escape),
                        ..
                    }) if status == iced::event::Status::Captured => Some(Message::CloseMenu),
                    _ => None,
                }),
                iced::window::close_requests().map(|_| Message::CloseRequested),
                iced::time::every(Duration::from_secs(20)).map(|_| Message::Autosave),
            ])
        })
        // The bundled Fira Sans for every text, as the tests' simulator draws it: the
        // panels are laid out for it (a system font that stands in may be wider, and a
        // menu's shortcut ran out of its box in DejaVu Sans).
        .default_font(iced::Font::with_name("Fira Sans"))
        .window_size((1400.0, 860.0))
        .exit_on_close_request(false)
        .run()
}
