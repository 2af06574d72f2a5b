//! Which layers of the map the canvas draws: each can be hidden to see what lies under it
//! (the counters over a hexside, the terrain under a diagnostic). Hiding draws less; it
//! never changes the document.

/// One layer of the canvas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// Terrain colours.
    Terrain,
    /// Elevation: contour rings inside each raised hex, and its level.
    Elevation,
    /// Hexside features: walls, hedges, rivers, streams.
    Hexsides,
    /// Roads and tracks.
    Roads,
    /// Place names and hex numbers.
    Labels,
    /// Entry hexes and zones shown by the zone field or a tool.
    Zones,
    /// Counters of the set-up.
    Units,
    /// Siege pieces and markers.
    Pieces,
    /// Red outlines of hexes with errors.
    Diagnostics,
}

impl Layer {
    /// Every layer, in the order the panel lists them.
    pub const ALL: [Layer; 9] = [
        Layer::Terrain,
        Layer::Elevation,
        Layer::Hexsides,
        Layer::Roads,
        Layer::Labels,
        Layer::Zones,
        Layer::Units,
        Layer::Pieces,
        Layer::Diagnostics,
    ];

    /// The name the panel shows.
    pub fn name(self) -> &'static str {
        match self {
            Layer::Terrain => "Terrain",
            Layer::Elevation => "Elevation",
            Layer::Hexsides => "Hexsides and rivers",
            Layer::Roads => "Roads",
            Layer::Labels => "Labels and hex numbers",
            Layer::Zones => "Zones and entry hexes",
            Layer::Units => "Units",
            Layer::Pieces => "Pieces and markers",
            Layer::Diagnostics => "Diagnostics",
        }
    }

    fn bit(self) -> u16 {
        1 << Layer::ALL.iter().position(|l| *l == self).unwrap_or(0)
    }
}

/// The layers shown: all of them to start with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visible(u16);

impl Default for Visible {
    fn default() -> Self {
        Visible(u16::MAX)
    }
}

impl Visible {
    /// Whether `layer` is drawn.
    pub fn shows(self, layer: Layer) -> bool {
        self.0 & layer.bit() != 0
    }

    /// Shows a hidden layer, hides a shown one.
    pub fn toggle(&mut self, layer: Layer) {
        self.0 ^= layer.bit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layer_toggles_alone() {
        let mut v = Visible::default();
        for l in Layer::ALL {
            assert!(v.shows(l));
        }
        v.toggle(Layer::Units);
        assert!(!v.shows(Layer::Units));
        assert!(Layer::ALL
            .iter()
            .filter(|l| **l != Layer::Units)
            .all(|l| v.shows(*l)));
        v.toggle(Layer::Units);
        assert_eq!(v, Visible::default());
    }
}
