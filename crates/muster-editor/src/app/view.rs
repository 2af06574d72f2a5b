//! The camera: keys, pan, zoom, and the hover read-out after the map moves.

use super::*;

impl App {
    /// Finds the hex under the pointer again after the map moved under it.
    pub(super) fn rehover(&mut self) {
        self.hover = self
            .pointer
            .map(|p| self.camera.hex_at(&self.snap, p))
            .filter(|h| self.snap.grid.contains(*h));
    }

    pub(super) fn key(&mut self, event: keyboard::Event) -> Task<Message> {
        let keyboard::Event::KeyPressed { key, modifiers, .. } = event else {
            return Task::none();
        };
        // Escape closes an open menu before it does anything else.
        if self.menu.is_some() && key == Key::Named(Named::Escape) {
            self.menu = None;
            return Task::none();
        }
        // The menus from the keyboard: Alt and a title's first letter (or F10) opens one;
        // while one is open, the arrows go through its entries and along the bar, Enter
        // chooses; the map behind does not move.
        if let Some(task) = self.menu_key(&key, modifiers) {
            return task;
        }
        if let Some(command) = crate::shortcuts::command_for(&key, modifiers) {
            // A shortcut acts as its menu entry would: the open menu closes.
            self.menu = None;
            return self.update(command.message());
        }
        let step = 60.0;
        match key.as_ref() {
            Key::Named(Named::ArrowLeft) => self.pan(Vector::new(step, 0.0)),
            Key::Named(Named::ArrowRight) => self.pan(Vector::new(-step, 0.0)),
            Key::Named(Named::ArrowUp) => self.pan(Vector::new(0.0, step)),
            Key::Named(Named::ArrowDown) => self.pan(Vector::new(0.0, -step)),
            Key::Character("r")
                if !modifiers.command()
                    && matches!(self.palette.tool, Tool::Overlay { next: 1, .. }) =>
            {
                self.overlay_turn = (self.overlay_turn + 1) % 6;
                self.update_ghost();
                Task::none()
            }
            _ => Task::none(),
        }
    }

    pub(super) fn pan(&mut self, by: Vector) -> Task<Message> {
        self.camera.offset += by;
        self.caches.clear_all();
        self.rehover();
        Task::none()
    }

    pub(super) fn zoom(&mut self, k: f32) -> Task<Message> {
        self.camera.zoom = (self.camera.zoom * k).clamp(4.0, 120.0);
        self.caches.clear_all();
        self.rehover();
        Task::none()
    }

    /// The canvas's size: as it last told it, or the size of the canvas in a window of
    /// the default size until it has been drawn (the tests' headless app).
    pub(super) fn canvas_size(&self) -> iced::Size {
        self.viewport.unwrap_or(iced::Size::new(820.0, 640.0))
    }

    /// Fits the whole map in the canvas as it is now.
    pub(super) fn fit(&mut self) -> Task<Message> {
        let size = self.canvas_size();
        self.camera = Camera::fit(&self.snap, size.width, size.height);
        self.caches.clear_all();
        self.rehover();
        Task::none()
    }

    /// The canvas told its size. The first time for a document, the map is fitted to it
    /// (the document was fitted to a guess before); afterwards the view keeps its place.
    pub(super) fn resized(&mut self, size: iced::Size) -> Task<Message> {
        let first = self.viewport.is_none();
        self.viewport = Some(size);
        // Everything cached was drawn for the old bounds.
        self.caches.clear_all();
        if first {
            return self.fit();
        }
        Task::none()
    }

    /// Centres the view on a hex, in the canvas as it is now.
    pub(super) fn centre_on(&mut self, h: Hex) {
        let size = self.canvas_size();
        let (x, y) = self.snap.grid.center(h, self.camera.zoom);
        self.camera.offset = Vector::new(size.width / 2.0 - x, size.height / 2.0 - y);
        self.caches.clear_all();
        self.rehover();
    }

    /// Centres the view on a hex (a finding's, a transcription line's) and selects it:
    /// the inspector, the lit hexes and the status line are that hex's.
    pub(super) fn focus(&mut self, hex: String) -> Task<Message> {
        if let Ok(h) = self.snap.grid.from_printed(&hex) {
            self.centre_on(h);
            self.select(h);
        }
        Task::none()
    }

    /// A key for the menus, if it is one (see [`App::key`]).
    fn menu_key(&mut self, key: &Key, modifiers: keyboard::Modifiers) -> Option<Task<Message>> {
        use crate::menu::{self, Title};
        let open = |app: &mut App, title: Title| {
            app.menu = Some(title);
            app.menu_cursor = menu::next_choice(&menu::entries(app, title), None, true);
            Task::none()
        };
        if modifiers.alt() && !modifiers.command() {
            if let Key::Character(c) = key.as_ref() {
                let title = Title::ALL
                    .into_iter()
                    .find(|t| t.name().to_lowercase().starts_with(&c.to_lowercase()))?;
                return Some(open(self, title));
            }
        }
        if key == &Key::Named(Named::F10) {
            return Some(match self.menu {
                Some(_) => {
                    self.menu = None;
                    Task::none()
                }
                None => open(self, Title::File),
            });
        }
        let title = self.menu?;
        let along = |step: isize| {
            let i = Title::ALL.iter().position(|t| *t == title).unwrap_or(0) as isize;
            let n = Title::ALL.len() as isize;
            Title::ALL[(i + step).rem_euclid(n) as usize]
        };
        Some(match key.as_ref() {
            Key::Named(Named::ArrowDown) | Key::Named(Named::ArrowUp) => {
                let down = key == &Key::Named(Named::ArrowDown);
                self.menu_cursor =
                    menu::next_choice(&menu::entries(self, title), self.menu_cursor, down)
                        .or(self.menu_cursor);
                Task::none()
            }
            Key::Named(Named::ArrowRight) => open(self, along(1)),
            Key::Named(Named::ArrowLeft) => open(self, along(-1)),
            Key::Named(Named::Enter) => {
                let chosen = self.menu_cursor.and_then(|i| {
                    match menu::entries(self, title).into_iter().nth(i)? {
                        menu::Entry::Item { message, .. } => message,
                        menu::Entry::Separator => None,
                    }
                });
                match chosen {
                    Some(m) => self.update(Message::MenuChoose(Box::new(m))),
                    None => Task::none(),
                }
            }
            // Other keys (the shortcuts) act as before, closing the menu.
            _ => return None,
        })
    }

    /// The window's background and text colours: the theme's, except that the background
    /// moves by one step of red (1/255, not to be seen) each time the layout changes
    /// (a banner comes or goes, a panel opens, a palette section opens).
    ///
    /// Why: the software renderer repaints between frames only what it finds changed, and
    /// it finds no change in a text that moved with the panel holding it: after the
    /// recovery banner closed, the inspector's "Hex" heading was not drawn at its new place
    /// and "Diagnostics" was cut short (review finding 13.3; the first opening of a palette
    /// section likewise, 13.4). The renderer repaints the whole window when the background
    /// differs from the last frame's, so one whole repaint follows each change of layout.
    pub fn window_style(&self, theme: &iced::Theme) -> iced::theme::Style {
        let mut style = iced::theme::Base::base(theme);
        let layout = self.layout_digest();
        let (seen, odd) = self.layout_seen.get();
        let odd = if layout == seen { odd } else { !odd };
        self.layout_seen.set((layout, odd));
        if odd {
            let step = 1.0 / 255.0;
            let r = style.background_color.r;
            style.background_color.r = if r >= step { r - step } else { r + step };
        }
        style
    }

    /// A digest of what decides the window's layout besides its size: the banners and
    /// prompts, the panel on the right, the Help bar, the open palette section and menu.
    fn layout_digest(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (
            self.recovery.is_some(),
            self.pending.is_some(),
            self.file_prompt.is_some(),
            self.new_form.is_some(),
            self.export_form.is_some(),
            self.browser.is_some(),
            self.help_open,
            self.source.is_some(),
            self.transcript.is_some(),
        )
            .hash(&mut h);
        format!("{:?} {:?}", self.palette.section, self.menu).hash(&mut h);
        h.finish()
    }
}
