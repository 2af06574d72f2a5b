//! The resolved map of a scenario: the map's terrain with the overlays applied, hexsides,
//! paths and named zones, all in axial hexes. Built by the checks and the engine alike.

use crate::codes;
use crate::diagnostic::{Diagnostic, FileRole, Location};
use crate::hex_ids::{hex_on_grid, off_map};
use crate::overlay_fit::{fit_overlay, OverlayFit};
use crate::FastMap as HashMap;
use muster_hex::{Grid, Hex, Hexside};
use muster_model::{MapFile, OverlayFile, OverlayPlacement, Zone};

/// Where an entry of a map or overlay was written: formatted into a [`Location`] only
/// when a diagnostic needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    /// The file.
    pub file: FileRole,
    /// The list (`hexes`, `hexsides`).
    pub list: &'static str,
    /// Index in the list.
    pub index: usize,
    /// The field of the entry.
    pub field: &'static str,
}

impl Origin {
    /// The location it names.
    pub fn location(&self) -> Location {
        Location {
            file: self.file,
            pointer: format!("/{}/{}/{}", self.list, self.index, self.field),
        }
    }
}

/// A path (road) resolved to hexes.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedPath {
    /// Kind from the ruleset.
    pub kind: String,
    /// Its name on the map ("the London road"), if it has one.
    pub name: Option<String>,
    /// Hexes in order.
    pub hexes: Vec<Hex>,
    /// The entry in its file.
    pub location: Location,
}

/// The resolved map.
#[derive(Debug, Clone)]
pub struct World {
    /// The grid.
    pub grid: Grid,
    /// The file the map came from (for locating the default terrain).
    pub role: FileRole,
    /// Terrain of unlisted hexes.
    pub default_terrain: String,
    terrain: HashMap<Hex, (String, Origin)>,
    /// Terrain written on entries that place nothing (off the map, or listed again), so
    /// that the vocabulary is still checked on them.
    stray_terrain: Vec<(String, Origin)>,
    elevation: HashMap<Hex, i32>,
    labels: HashMap<Hex, String>,
    hexsides: HashMap<Hexside, Vec<(String, Origin)>>,
    /// Paths.
    pub paths: Vec<ResolvedPath>,
    zones: Vec<(String, String, Zone)>,
    label_zones: Vec<(String, Zone)>,
    /// How each overlay placement fitted (by placement index), where it did.
    pub overlay_fits: Vec<Option<OverlayFit>>,
    /// The paths' steps and hexes, for lookups (rebuilt when paths are added here).
    path_index: crate::path_index::PathIndex,
}

/// Where things of a file in `role` are: a pointer's location, and an entry's origin.
fn places(
    role: FileRole,
) -> (
    impl Fn(String) -> Location,
    impl Fn(&'static str, usize, &'static str) -> Origin,
) {
    let loc = move |pointer: String| Location {
        file: role,
        pointer,
    };
    let origin = move |list: &'static str, index: usize, field: &'static str| Origin {
        file: role,
        list,
        index,
        field,
    };
    (loc, origin)
}

fn hex_ptr(base: &str, i: usize) -> String {
    format!("{base}/{i}/hex")
}

impl World {
    /// Builds the world of a map alone, reporting hex ids that do not parse or lie off the
    /// map (`MU023`, `MU024`) and paths that are not contiguous (`MU025`).
    pub fn from_map(map: &MapFile, role: FileRole, out: &mut Vec<Diagnostic>) -> World {
        let grid = Grid::new(map.grid.clone());
        let mut w = World {
            grid,
            role,
            default_terrain: map.default_terrain.clone(),
            terrain: HashMap::default(),
            stray_terrain: Vec::new(),
            elevation: HashMap::default(),
            labels: HashMap::default(),
            hexsides: HashMap::default(),
            paths: Vec::new(),
            zones: map
                .zones
                .iter()
                .map(|z| (z.id.clone(), z.name.clone(), z.zone.clone()))
                .collect(),
            label_zones: Vec::new(),
            overlay_fits: Vec::new(),
            path_index: Default::default(),
        };
        let (loc, origin) = places(role);
        let mut first: HashMap<Hex, usize> = HashMap::default();
        // Findings beyond MAX_ALIKE of a kind are counted, not built: `out` is only
        // appended to here, so what each entry pushed is settled after it.
        let mut alike = crate::diagnostic::Alike::default();
        for (i, e) in map.hexes.iter().enumerate() {
            let from = out.len();
            w.hex_entry(i, e, &mut first, out);
            alike.settle(out, from);
        }
        let mut alike = crate::diagnostic::Alike::default();
        for (i, e) in map.hexsides.iter().enumerate() {
            let from = out.len();
            let l = loc(format!("/hexsides/{i}/side"));
            if let Some(s) = w.hexside_on_map(&e.side, l, out) {
                w.hexsides
                    .entry(s)
                    .or_default()
                    .push((e.feature.clone(), origin("hexsides", i, "feature")));
            }
            alike.settle(out, from);
        }
        w.index_labels();
        // One bound for every hex of every path: a single path may list 400,000 ids.
        let mut alike = crate::diagnostic::Alike::default();
        for (i, p) in map.paths.iter().enumerate() {
            let base = format!("/paths/{i}/hexes");
            let hexes = w.path_hexes(&p.hexes, &base, &role, &mut alike, out);
            w.paths.push(ResolvedPath {
                kind: p.kind.clone(),
                name: p.name.clone(),
                hexes,
                location: loc(format!("/paths/{i}/kind")),
            });
        }
        w.path_index = crate::path_index::PathIndex::new(&w.paths);
        w
    }

    /// Takes one entry of the map's `hexes` into the world.
    fn hex_entry(
        &mut self,
        i: usize,
        e: &muster_model::HexEntry,
        first: &mut HashMap<Hex, usize>,
        out: &mut Vec<Diagnostic>,
    ) {
        let (loc, origin) = places(self.role);
        let w = self;
        let Some(h) = w.hex_on_map_with(e.hex.as_str(), || loc(hex_ptr("/hexes", i)), out) else {
            if let Some(t) = &e.terrain {
                w.stray_terrain
                    .push((t.clone(), origin("hexes", i, "terrain")));
            }
            return;
        };
        if let Some(&j) = first.get(&h) {
            out.push(
                Diagnostic::error(
                    codes::HEX_LISTED_TWICE.code,
                    loc(hex_ptr("/hexes", i)),
                    format!("hex {} is listed twice", e.hex.as_str()),
                )
                .at_hex(e.hex.as_str())
                .label(loc(hex_ptr("/hexes", j)), "first listed here")
                .help("keep one entry per hex: merge the two (the second replaces the first)"),
            );
            // The second replaces the first, as it always did; the first's terrain is
            // still held to the vocabulary.
            if let Some(replaced) = w.terrain.remove(&h) {
                w.stray_terrain.push(replaced);
            }
        }
        first.entry(h).or_insert(i);
        if let Some(t) = &e.terrain {
            w.terrain
                .insert(h, (t.clone(), origin("hexes", i, "terrain")));
        }
        if let Some(z) = e.elevation {
            w.elevation.insert(h, z);
        }
        if let Some(l) = &e.label {
            w.labels.insert(h, l.clone());
        }
    }

    fn path_hexes(
        &self,
        ids: &[muster_model::HexId],
        base: &str,
        role: &FileRole,
        alike: &mut crate::diagnostic::Alike,
        out: &mut Vec<Diagnostic>,
    ) -> Vec<Hex> {
        let mut hexes: Vec<Hex> = Vec::new();
        for (j, id) in ids.iter().enumerate() {
            let l = Location {
                file: *role,
                pointer: format!("{base}/{j}"),
            };
            let from = out.len();
            let on_map = self.hex_on_map(id.as_str(), l.clone(), out);
            alike.settle(out, from);
            let Some(h) = on_map else {
                continue;
            };
            if let Some(prev) = hexes.last() {
                if muster_hex::distance(*prev, h) != 1 {
                    alike.push(
                        out,
                        Diagnostic::error(
                            codes::PATH_GAP.code,
                            l,
                            format!(
                                "path jumps from {} to {id}, which are not neighbours",
                                self.grid.to_printed(*prev)
                            ),
                        )
                        .at_hex(id.as_str())
                        .help("list every hex the path passes through, in order"),
                    );
                }
            }
            hexes.push(h);
        }
        hexes
    }

    /// [`World::hex_on_map`] with the location built only when it is needed.
    pub fn hex_on_map_with(
        &self,
        id: &str,
        location: impl FnOnce() -> Location,
        out: &mut Vec<Diagnostic>,
    ) -> Option<Hex> {
        match self.grid.from_printed(id) {
            Ok(h) if self.grid.contains(h) => Some(h),
            _ => hex_on_grid(&self.grid, id, location(), out),
        }
    }

    /// Parses a printed id and checks it is on the map, reporting `MU024`/`MU023`.
    pub fn hex_on_map(
        &self,
        id: &str,
        location: Location,
        out: &mut Vec<Diagnostic>,
    ) -> Option<Hex> {
        hex_on_grid(&self.grid, id, location, out)
    }

    /// The `MU023` diagnostic for a hex off the map.
    pub fn off_map(&self, id: &str, location: Location) -> Diagnostic {
        off_map(&self.grid, id, location)
    }

    fn hexside_on_map(
        &self,
        text: &str,
        location: Location,
        out: &mut Vec<Diagnostic>,
    ) -> Option<Hexside> {
        let Some(side) = self.grid.parse_hexside(text) else {
            out.push(Diagnostic::error(codes::BAD_HEX_ID.code, location, format!("`{text}` is not a hexside of this grid: write a hex and a direction like `0504/NE`")));
            return None;
        };
        let (a, b) = side.hexes(self.grid.orientation());
        if !self.grid.contains(a) && !self.grid.contains(b) {
            out.push(self.off_map(text, location));
            return None;
        }
        Some(side)
    }

    /// Applies an overlay placed by the scenario. Returns false (with diagnostics) when it
    /// does not fit.
    pub fn apply_overlay(
        &mut self,
        index: usize,
        overlay: &OverlayFile,
        placement: &OverlayPlacement,
        out: &mut Vec<Diagnostic>,
    ) -> bool {
        let role = FileRole::Overlay(index);
        let base = format!("/overlays/{index}");
        let fit = match fit_overlay(&self.grid, overlay, placement, &base, index, out) {
            Some(f) => f,
            None => {
                self.overlay_fits.push(None);
                return false;
            }
        };
        let og = Grid::new(overlay.grid.clone());
        let mut ok = true;
        for (i, e) in overlay.hexes.iter().enumerate() {
            let Ok(local) = og.from_printed(e.hex.as_str()) else {
                out.push(Diagnostic::error(
                    codes::BAD_HEX_ID.code,
                    Location {
                        file: role,
                        pointer: hex_ptr("/hexes", i),
                    },
                    format!("`{}` is not a hex id of the overlay's grid", e.hex),
                ));
                continue;
            };
            let h = fit.apply(local);
            if !self.grid.contains(h) {
                ok = false;
                out.push(
                    Diagnostic::error(
                        codes::OVERLAY_OFF_MAP.code,
                        Location::here(format!("{base}/at")),
                        format!(
                            "overlay hex {} would land at {}, off the map",
                            e.hex,
                            self.grid.to_printed(h)
                        ),
                    )
                    .at_hex(self.grid.to_printed(h))
                    .label(
                        Location {
                            file: role,
                            pointer: hex_ptr("/hexes", i),
                        },
                        "this overlay hex",
                    )
                    .help("check the anchor hexes against the printed placement"),
                );
                continue;
            }
            if let Some(t) = &e.terrain {
                self.terrain.insert(
                    h,
                    (
                        t.clone(),
                        Origin {
                            file: role,
                            list: "hexes",
                            index: i,
                            field: "terrain",
                        },
                    ),
                );
            }
            if let Some(z) = e.elevation {
                self.elevation.insert(h, z);
            }
            if let Some(l) = &e.label {
                self.labels.insert(h, l.clone());
            }
        }
        let o = self.grid.orientation();
        for (i, e) in overlay.hexsides.iter().enumerate() {
            if let Some(s) = og.parse_hexside(&e.side) {
                let (a, b) = s.hexes(o);
                let (a, b) = (fit.apply(a), fit.apply(b));
                if let Some(side) = self.grid.hexside_between(a, b) {
                    self.hexsides.entry(side).or_default().push((
                        e.feature.clone(),
                        Origin {
                            file: role,
                            list: "hexsides",
                            index: i,
                            field: "feature",
                        },
                    ));
                }
            }
        }
        for (i, p) in overlay.paths.iter().enumerate() {
            let hexes = p
                .hexes
                .iter()
                .filter_map(|id| og.from_printed(id.as_str()).ok())
                .map(|h| fit.apply(h))
                .collect();
            self.paths.push(ResolvedPath {
                kind: p.kind.clone(),
                name: p.name.clone(),
                hexes,
                location: Location {
                    file: role,
                    pointer: format!("/paths/{i}/kind"),
                },
            });
        }
        self.overlay_fits.push(Some(fit));
        self.index_labels();
        self.path_index = crate::path_index::PathIndex::new(&self.paths);
        ok
    }

    /// Terrain id of a hex.
    pub fn terrain(&self, hex: Hex) -> &str {
        self.terrain
            .get(&hex)
            .map(|(t, _)| t.as_str())
            .unwrap_or(&self.default_terrain)
    }

    /// Where the terrain of a hex was set, if not by default.
    pub fn terrain_origin(&self, hex: Hex) -> Option<Origin> {
        self.terrain.get(&hex).map(|(_, o)| *o)
    }

    /// Every explicitly set terrain with its origin.
    pub fn terrain_entries(&self) -> impl Iterator<Item = (Hex, &str, Origin)> {
        self.terrain.iter().map(|(h, (t, o))| (*h, t.as_str(), *o))
    }

    /// Terrain written on entries that place nothing: off the map, or a hex listed again.
    pub fn stray_terrain(&self) -> impl Iterator<Item = (&str, Origin)> {
        self.stray_terrain.iter().map(|(t, o)| (t.as_str(), *o))
    }

    /// Elevation of a hex (0 if unset).
    pub fn elevation(&self, hex: Hex) -> i32 {
        self.elevation.get(&hex).copied().unwrap_or(0)
    }

    /// Label printed in a hex.
    pub fn label(&self, hex: Hex) -> Option<&str> {
        self.labels.get(&hex).map(String::as_str)
    }

    /// All labels.
    pub fn labels(&self) -> impl Iterator<Item = (Hex, &str)> {
        self.labels.iter().map(|(h, l)| (*h, l.as_str()))
    }

    /// Features on the side between two neighbouring hexes.
    pub fn features_between(&self, a: Hex, b: Hex) -> Vec<&str> {
        self.grid
            .hexside_between(a, b)
            .and_then(|s| self.hexsides.get(&s))
            .map(|v| v.iter().map(|(f, _)| f.as_str()).collect())
            .unwrap_or_default()
    }

    /// Every hexside feature with its origin.
    pub fn hexside_entries(&self) -> impl Iterator<Item = (Hexside, &str, Origin)> {
        self.hexsides
            .iter()
            .flat_map(|(s, v)| v.iter().map(move |(f, o)| (*s, f.as_str(), *o)))
    }

    /// Whether a path of `kind` joins two neighbouring hexes directly.
    pub fn path_joins(&self, kind: &str, a: Hex, b: Hex) -> bool {
        self.path_index.joins(&self.paths, kind, a, b)
    }

    fn index_labels(&mut self) {
        let mut v: Vec<(String, Zone)> = self
            .labels
            .iter()
            .map(|(h, l)| {
                (
                    l.clone(),
                    Zone::Hexes(vec![self.grid.to_printed(*h).as_str().into()]),
                )
            })
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        self.label_zones = v;
    }

    /// The map's named zone, by id or by display name, or else the hex labelled so
    /// ("St Peter's church").
    pub fn named_zone(&self, name: &str) -> Option<&Zone> {
        self.zones
            .iter()
            .find(|(id, n, _)| id == name || n == name)
            .map(|(_, _, z)| z)
            .or_else(|| {
                self.label_zones
                    .iter()
                    .find(|(l, _)| l == name)
                    .map(|(_, z)| z)
            })
    }

    /// The map's named zones as `(id, name)`, then its labelled hexes as `(label, label)`
    /// (a label names a zone too, [`World::named_zone`]).
    pub fn zone_names(&self) -> impl Iterator<Item = (&str, &str)> {
        self.zones
            .iter()
            .map(|(id, n, _)| (id.as_str(), n.as_str()))
            .chain(
                self.label_zones
                    .iter()
                    .map(|(l, _)| (l.as_str(), l.as_str())),
            )
    }

    /// Ids of the map's named zones.
    pub fn zone_ids(&self) -> impl Iterator<Item = &str> {
        self.zones.iter().map(|(id, _, _)| id.as_str())
    }

    /// Resolves a zone to hexes (all on the map or, for listed hexes, possibly off it).
    pub fn resolve(&self, zone: &Zone) -> Result<Vec<Hex>, muster_model::ZoneError> {
        zone.resolve(&self.grid, &|n| self.named_zone(n))
    }
}
