//! What the canvas's pointer does: hover, pan and zoom, and a press, drag or release
//! handed to the tool in force (each tool in its own file under `tools/`).

use super::*;

impl App {
    pub(super) fn canvas(&mut self, m: CanvasMessage) -> Task<Message> {
        match m {
            CanvasMessage::Hover(h) => {
                self.hover = h;
                Task::none()
            }
            CanvasMessage::Pointer(p) => {
                self.pointer = p;
                self.rehover();
                Task::none()
            }
            CanvasMessage::Camera(c, p) => {
                self.camera = c;
                self.pointer = Some(p);
                self.caches.clear_all();
                self.rehover();
                Task::none()
            }
            CanvasMessage::Resized(size) => self.resized(size),
            CanvasMessage::Press(hex, side) => self.press(hex, side),
            CanvasMessage::Drag(hex) => {
                // The pointer is over this hex now: the hover outline and read-out follow a
                // drag, not only a free move.
                self.hover = Some(hex).filter(|h| self.snap.grid.contains(*h));
                if matches!(self.palette.tool, Tool::Terrain(_)) && self.snap.grid.contains(hex) {
                    self.paint(hex);
                }
                if let Some((from, _)) = self.drag {
                    self.drag = Some((from, hex));
                }
                Task::none()
            }
            CanvasMessage::Release => match self.finish_drag() {
                Some(task) => task,
                None => self.finish_stroke(),
            },
        }
    }

    /// A press on `hex` (and the hexside nearest the pointer) under the tool in force.
    fn press(&mut self, hex: Hex, side: Hexside) -> Task<Message> {
        if !self.snap.grid.contains(hex) {
            return Task::none();
        }
        match self.palette.tool.clone() {
            Tool::Select => self.press_select(hex),
            Tool::Terrain(_) => self.start_stroke(hex),
            Tool::Fill(t) => {
                let e = self.fill(hex, &t);
                self.apply(e)
            }
            Tool::Hexside(feature) => self.press_hexside(side, feature),
            Tool::Place { side, unit } => self.press_place(side, unit, hex),
            Tool::Erase => self.press_erase(hex),
            Tool::Elevation => self.press_elevation(hex),
            Tool::ZonePaint => self.press_zone_paint(hex),
            Tool::EdgeZone(from) => self.press_edge_zone(from, hex),
            Tool::Piece { side, kind } => self.press_piece(side, &kind, hex),
            Tool::Marker(kind) => self.press_marker(&kind, hex),
            Tool::LineOfFire => {
                self.line_of_fire(hex);
                Task::none()
            }
            Tool::Odds => {
                self.combat_odds(hex);
                Task::none()
            }
            Tool::Road => self.press_road(hex),
            Tool::Overlay { placement, next } => self.place_anchor(placement, next, hex),
            Tool::Label => self.press_label(hex),
        }
    }
}
