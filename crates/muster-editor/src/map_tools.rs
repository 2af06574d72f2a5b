//! Map edits beyond terrain: elevation, and named zones painted hex by hex or picked as a
//! stretch of the map's edge. Each returns an undoable [`Edit`].

use crate::edit::Edit;
use muster_hex::{Grid, Hex};
use muster_model::{HexEntry, HexId, MapFile, NamedZone, Zone};

/// Sets the elevation of `hex` (`0` clears it); `None` when nothing would change.
pub fn set_elevation(
    map: &MapFile,
    grid: &Grid,
    hex: Hex,
    value: &str,
) -> Result<Option<Edit>, String> {
    let id = grid.to_printed(hex);
    let elevation = value.trim().parse::<i32>().map_err(|_| {
        format!(
            "`{}` is not an elevation: type a whole number",
            value.trim()
        )
    })?;
    let elevation = Some(elevation).filter(|v| *v != 0);
    let mut next = map.clone();
    match next.hexes.iter().position(|e| e.hex.as_str() == id) {
        Some(i) => {
            next.hexes[i].elevation = elevation;
            let e = &next.hexes[i];
            if e.terrain.is_none() && e.elevation.is_none() && e.label.is_none() {
                next.hexes.remove(i);
            }
        }
        None if elevation.is_some() => {
            let at = next.hexes.partition_point(|e| e.hex.as_str() < id.as_str());
            next.hexes.insert(
                at,
                HexEntry {
                    hex: HexId(id),
                    terrain: None,
                    elevation,
                    label: None,
                },
            );
        }
        None => {}
    }
    Ok((next != *map).then(|| Edit::Map(Box::new(next))))
}

/// A zone id typed by a person: trimmed, spaces to dashes, lower case.
fn zone_id(name: &str) -> Option<String> {
    let id: String = name.trim().to_lowercase().replace(' ', "-");
    (!id.is_empty()).then_some(id)
}

/// Adds `hex` to the named zone `name` (made if missing, as a list of hexes), or takes it
/// out when it is already there. A zone written another way is not repainted.
pub fn toggle_zone_hex(map: &MapFile, grid: &Grid, name: &str, hex: Hex) -> Result<Edit, String> {
    let id = zone_id(name).ok_or("type the zone's name in the zone field first")?;
    let h = HexId(grid.to_printed(hex));
    let mut next = map.clone();
    match next.zones.iter_mut().find(|z| z.id == id) {
        Some(z) => match &mut z.zone {
            Zone::Hexes(v) => match v.iter().position(|x| *x == h) {
                Some(i) => {
                    v.remove(i);
                }
                None => {
                    v.push(h);
                    v.sort();
                }
            },
            _ => {
                return Err(format!(
                    "zone `{id}` is not a list of hexes; edit it in the map source"
                ))
            }
        },
        None => next.zones.push(NamedZone {
            id: id.clone(),
            name: name.trim().to_string(),
            zone: Zone::Hexes(vec![h]),
        }),
    }
    Ok(Edit::Map(Box::new(next)))
}

/// Makes (or replaces) the named zone `name` as the stretch of the map's edge between two
/// edge hexes; `None` when the zone is that already.
pub fn edge_zone(
    map: &MapFile,
    grid: &Grid,
    name: &str,
    from: Hex,
    to: Hex,
) -> Result<Option<Edit>, String> {
    let id = zone_id(name).ok_or("type the zone's name in the zone field first")?;
    let zone = Zone::Edge {
        side: None,
        from: HexId(grid.to_printed(from)),
        to: HexId(grid.to_printed(to)),
    };
    let mut sink = Vec::new();
    let world = muster_rules::World::from_map(map, muster_rules::FileRole::This, &mut sink);
    world.resolve(&zone).map_err(|e| e.to_string())?;
    let mut next = map.clone();
    let at = map
        .zones
        .iter()
        .position(|z| z.id == id)
        .unwrap_or(map.zones.len());
    next.zones.retain(|z| z.id != id);
    next.zones.insert(
        at.min(next.zones.len()),
        NamedZone {
            id,
            name: name.trim().to_string(),
            zone,
        },
    );
    Ok((next != *map).then(|| Edit::Map(Box::new(next))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_hex::GridSpec;

    fn map() -> (MapFile, Grid) {
        let spec = GridSpec::flat(8, 6);
        (
            MapFile::blank("t", "siege", "flat", spec.clone()),
            Grid::new(spec),
        )
    }

    fn applied(e: Edit) -> MapFile {
        match e {
            Edit::Map(m) => *m,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn elevation_is_set_and_cleared() {
        let (m, g) = map();
        let h = g.from_printed("0303").unwrap();
        let m1 = applied(set_elevation(&m, &g, h, "2").unwrap().unwrap());
        assert_eq!(m1.hexes[0].elevation, Some(2));
        assert!(
            set_elevation(&m1, &g, h, "2").unwrap().is_none(),
            "no change, no undo step"
        );
        assert!(
            set_elevation(&m1, &g, h, "2a").is_err(),
            "unreadable values are refused"
        );
        let m2 = applied(set_elevation(&m1, &g, h, "0").unwrap().unwrap());
        assert!(m2.hexes.is_empty(), "a hex with nothing left is dropped");
    }

    #[test]
    fn zones_are_painted_and_edges_picked() {
        let (m, g) = map();
        let a = g.from_printed("0101").unwrap();
        let b = g.from_printed("0102").unwrap();
        assert!(toggle_zone_hex(&m, &g, "  ", a).is_err());
        let m1 = applied(toggle_zone_hex(&m, &g, "Yorkist set-up", a).unwrap());
        let m2 = applied(toggle_zone_hex(&m1, &g, "Yorkist set-up", b).unwrap());
        assert_eq!(m2.zones[0].id, "yorkist-set-up");
        assert_eq!(
            m2.zones[0].zone,
            Zone::Hexes(vec!["0101".into(), "0102".into()])
        );
        let m3 = applied(toggle_zone_hex(&m2, &g, "Yorkist set-up", a).unwrap());
        assert_eq!(m3.zones[0].zone, Zone::Hexes(vec!["0102".into()]));
        let west = applied(
            edge_zone(&m, &g, "west edge", a, g.from_printed("0106").unwrap())
                .unwrap()
                .unwrap(),
        );
        assert!(
            edge_zone(&west, &g, "west edge", a, g.from_printed("0106").unwrap())
                .unwrap()
                .is_none(),
            "the same zone again changes nothing"
        );
        assert!(matches!(west.zones[0].zone, Zone::Edge { .. }));
        assert!(
            edge_zone(&m, &g, "bad", a, g.from_printed("0404").unwrap()).is_err(),
            "0404 is not on an edge"
        );
    }
}
