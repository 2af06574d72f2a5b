//! The one suggester for every "unknown X" (units, rulesets, kinds, terrain, map paths,
//! codes, query units and groups): the nearest candidate by Damerau–Levenshtein distance
//! (a transposition such as `Knigths` is one slip), or the candidates themselves when none
//! is close.

/// The candidate nearest to `written`, when it is near enough to be a slip of the
/// keyboard (case ignored; at most a third of the letters differ, and at least one may).
pub fn nearest<'c>(
    written: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let w = written.to_lowercase();
    let limit = (w.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| {
            let bare = c.trim_end_matches("(..)");
            (strsim::damerau_levenshtein(&w, &bare.to_lowercase()), c)
        })
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// How many candidates a help line lists before it says how many more there are.
const LISTED: usize = 12;

/// The help line for an unknown `written`: ``did you mean `Knights`?`` when a candidate is
/// close, otherwise ``the units are `A`, `B` or `C` `` (`what` names the candidates, in the
/// plural), or `no_candidates` when there are none.
pub fn did_you_mean<S: AsRef<str>>(
    written: &str,
    what: &str,
    candidates: &[S],
    no_candidates: &str,
) -> String {
    let names: Vec<&str> = candidates.iter().map(AsRef::as_ref).collect();
    if let Some(n) = nearest(written, names.iter().copied()) {
        return format!("did you mean `{n}`?");
    }
    if names.is_empty() {
        return no_candidates.to_string();
    }
    format!("the {what} are {}", listing(&names))
}

/// A list for a help line: `` `a`, `b` or `c` ``, the first dozen then "and N more".
pub fn listing(names: &[&str]) -> String {
    let shown: Vec<String> = names
        .iter()
        .take(LISTED)
        .map(|n| format!("`{n}`"))
        .collect();
    let more = names.len().saturating_sub(LISTED);
    match (shown.as_slice(), more) {
        ([], _) => String::new(),
        ([one], 0) => one.clone(),
        ([init @ .., last], 0) => format!("{} or {last}", init.join(", ")),
        (all, more) => format!("{} and {more} more", all.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpositions_and_one_letter_slips_are_near() {
        let units = ["Knights", "Archers", "Chomatenoi"];
        assert_eq!(nearest("Knigths", units), Some("Knights"));
        assert_eq!(nearest("Chomatenio", units), Some("Chomatenoi"));
        assert_eq!(nearest("knight", units), Some("Knights"));
        assert_eq!(nearest("Pikes", units), None);
        let rulesets = ["a-la-charge", "siege"];
        assert_eq!(nearest("alacharge", rulesets), Some("a-la-charge"));
        assert_eq!(nearest("a-la-charg", rulesets), Some("a-la-charge"));
    }

    #[test]
    fn nothing_close_lists_the_candidates() {
        assert_eq!(
            did_you_mean("Pikes", "units", &["Knights", "Archers"], "none"),
            "the units are `Knights` or `Archers`"
        );
        assert_eq!(did_you_mean("x", "units", &[] as &[&str], "none"), "none");
        let many: Vec<String> = (0..15).map(|i| format!("u{i:02}")).collect();
        assert!(did_you_mean("zzzzzz", "units", &many, "").ends_with("and 3 more"));
    }
}
