//! Several shooters at one target (3.28, 3.29).

use super::super::field::Field;
use super::{line_of_fire, End, Fire};

/// Several shooters at one target (3.28, 3.29): each shot's cover, and the shooters whose
/// one-sided cover the target's owner must choose between. The choice is between the
/// faces the cover protects: shooters who all come at the same face give no choice (the
/// cover counts against each of them); at two faces or more, every shooter at a
/// one-sided face is in the choice.
pub fn crossfire(f: &Field, shooters: &[End], target: End) -> (Vec<Fire>, Vec<usize>) {
    let fires: Vec<Fire> = shooters
        .iter()
        .map(|s| line_of_fire(f, *s, target))
        .collect();
    let one_sided: Vec<usize> = fires
        .iter()
        .enumerate()
        .filter(|(_, x)| x.clear && x.one_sided)
        .map(|(i, _)| i)
        .collect();
    let mut faces: Vec<&str> = one_sided
        .iter()
        .filter_map(|&i| fires[i].face.as_deref())
        .collect();
    faces.sort_unstable();
    faces.dedup();
    let choice = if faces.len() > 1 { one_sided } else { vec![] };
    (fires, choice)
}
