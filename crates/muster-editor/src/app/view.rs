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

    /// Centres the view on a hex and selects it.
    pub(super) fn focus(&mut self, hex: String) -> Task<Message> {
        if let Ok(h) = self.snap.grid.from_printed(&hex) {
            let (x, y) = self.snap.grid.center(h, self.camera.zoom);
            self.camera.offset = Vector::new(410.0 - x, 320.0 - y);
            self.selected = Some(h);
            self.caches.clear_all();
        }
        Task::none()
    }
}
