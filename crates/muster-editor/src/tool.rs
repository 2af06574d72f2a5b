//! Editing tools.

/// The active tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tool {
    /// Select a hex: inspector, and movement reach of the unit there.
    Select,
    /// Paint terrain with the brush.
    Terrain(String),
    /// Flood-fill terrain.
    Fill(String),
    /// Put a feature on the hexside nearest the pointer (`None` erases).
    Hexside(Option<String>),
    /// Place a unit type of a side.
    Place {
        /// Side index.
        side: usize,
        /// Unit index in the side.
        unit: usize,
    },
    /// Remove set-up lines at a hex.
    Erase,
    /// Line of fire: click the shooter, then the target.
    LineOfFire,
    /// Combat odds (A la Charge): click the attackers' hexes, then the defender's.
    Odds,
    /// Draw a road: click hexes in order; a hex not next to the last starts a new road.
    Road,
    /// Print the label field's text in a hex (an empty field removes the label).
    Label,
    /// Set the elevation of a hex to the elevation field's value (0 clears it).
    Elevation,
    /// Add a hex to (or take it from) the named zone in the zone-name field.
    ZonePaint,
    /// Make the named zone a stretch of the map's edge: click one end, then the other.
    EdgeZone(Option<muster_hex::Hex>),
    /// Place a piece (siege engine, horse, cart, screen) of a side facing the facing
    /// field's direction; clicking its hex again turns it a sixth clockwise.
    Piece {
        /// Side index.
        side: usize,
        /// Piece kind from the ruleset.
        kind: String,
    },
    /// Put a marker on a hex with the marker-value field's value; clicking a hex that has
    /// one removes it.
    Marker(String),
    /// Place an overlay of the scenario: click the map hex for each anchor in turn (A, then
    /// B …); the overlay is fitted (or the diagnostics say why it cannot be).
    Overlay {
        /// Index of the placement in the scenario's overlays.
        placement: usize,
        /// How many anchors have been clicked so far.
        next: usize,
    },
}

impl Tool {
    /// What the tool does and how to use it, for its tooltip.
    pub fn help(&self) -> &'static str {
        match self {
            Tool::Select => {
                "Click a hex: the inspector shows it, and the reach of the unit there (Esc)"
            }
            Tool::Terrain(_) => "Paint this terrain with the brush; drag to paint a stroke",
            Tool::Fill(_) => "Fill the connected hexes of one terrain with this one",
            Tool::Hexside(Some(_)) => {
                "Click near a hexside to put this feature on it, again to take it off"
            }
            Tool::Hexside(None) => "Click near a hexside to take its feature off",
            Tool::Place { .. } => {
                "Click a hex to set this unit type up there (quick entry takes a list of hexes)"
            }
            Tool::Erase => "Click a hex to remove the set-up lines that place units there",
            Tool::LineOfFire => {
                "Click the shooter, then the target: the line is drawn and each hex explained"
            }
            Tool::Odds => "Click the attackers' hexes, then the defender's: the combat odds",
            Tool::Road => "Click hexes in order; a hex not next to the last starts a new road",
            Tool::Label => "Click a hex to print the label field's text there (empty removes it)",
            Tool::Elevation => "Click a hex to give it the elevation field's value (0 clears it)",
            Tool::ZonePaint => "Click hexes to add them to, or take them from, the named zone",
            Tool::EdgeZone(_) => "Click one end of a stretch of the map's edge, then the other",
            Tool::Piece { .. } => {
                "Click a hex to place this piece facing the facing field; click again to turn it"
            }
            Tool::Marker(_) => {
                "Click a hex to put this marker there with the value field; again to remove it"
            }
            Tool::Overlay { .. } => {
                "Click the map hex for each anchor in turn (A, then B); R turns the overlay"
            }
        }
    }

    /// Short name for the status bar.
    pub fn name(&self) -> String {
        match self {
            Tool::Select => "select".into(),
            Tool::Terrain(t) => format!("paint {t}"),
            Tool::Fill(t) => format!("fill {t}"),
            Tool::Hexside(Some(f)) => format!("hexside {f}"),
            Tool::Hexside(None) => "erase hexside".into(),
            Tool::Place { .. } => "place unit".into(),
            Tool::Erase => "erase units".into(),
            Tool::LineOfFire => "line of fire".into(),
            Tool::Odds => "combat odds".into(),
            Tool::Road => "road".into(),
            Tool::Label => "label".into(),
            Tool::Piece { kind, .. } => format!("piece {kind}"),
            Tool::Elevation => "elevation".into(),
            Tool::ZonePaint => "paint zone".into(),
            Tool::EdgeZone(None) => "edge zone: first end".into(),
            Tool::EdgeZone(Some(_)) => "edge zone: other end".into(),
            Tool::Marker(kind) => format!("marker {kind}"),
            Tool::Overlay { placement, next } => {
                format!("overlay {} anchor {}", placement + 1, next + 1)
            }
        }
    }
}

/// The palette's sections; one is open at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Section {
    /// Terrain brushes and fills.
    #[default]
    Terrain,
    /// Hexside features.
    Hexsides,
    /// Roads, labels and the zone field.
    Roads,
    /// The scenario's overlays.
    Overlays,
    /// The sides' units, facing, level and quick entry.
    Units,
    /// Siege pieces.
    Siege,
    /// Markers on hexes (Siege).
    Markers,
    /// Which layers the canvas draws.
    Layers,
}
