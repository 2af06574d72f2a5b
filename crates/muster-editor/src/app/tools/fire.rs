//! The line-of-fire tool: the shooter, then the target; the line is drawn and each hex's part in the verdict listed.

use super::super::*;

impl App {
    pub(in crate::app) fn line_of_fire(&mut self, hex: Hex) {
        let Some(from) = self.los_from.take() else {
            self.los_from = Some(hex);
            self.shot = None;
            self.light(vec![hex]);
            self.status = format!("line of fire from {}: click the target", self.printed(hex));
            return;
        };
        let Some(resolved) = self.doc.resolve() else {
            return;
        };
        let ends = (
            muster_rules::fire_end_at(&resolved, from),
            muster_rules::fire_end_at(&resolved, hex),
        );
        let shot = match muster_rules::line_of_fire(&resolved, ends.0, ends.1) {
            Ok(los) => {
                self.light(los.path.clone());
                crate::shot::Shot {
                    from,
                    to: hex,
                    path: los.path,
                    clear: los.clear,
                    reason: los.reason,
                    steps: los.steps,
                    uncertain: los.uncertain,
                }
            }
            // The system has no line of fire, or the unit cannot shoot: say so, with the
            // line drawn as blocked.
            Err(e) => {
                self.light(
                    muster_hex::hex_line(from, hex)
                        .into_iter()
                        .flat_map(LineStep::hexes)
                        .collect(),
                );
                crate::shot::Shot {
                    from,
                    to: hex,
                    path: self.highlight.clone(),
                    clear: false,
                    reason: e.to_string(),
                    steps: vec![],
                    uncertain: vec![],
                }
            }
        };
        self.status = format!("{} — {}", shot.heading(|h| self.printed(h)), shot.reason);
        self.shot = Some(shot);
    }
}
