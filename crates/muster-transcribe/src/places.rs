//! One piece of printed text read into set-up lines: which units, and where.
//!
//! The forms, tried in this order on each piece:
//! - a heading before a colon is dropped: the side's own name ("Lancastrians :"),
//!   "Re-enforcements:", a numbered rule's title ("1. Ambush:");
//! - `HEX : units` and `Hex row 08xx : units` (the place first);
//! - `units enter(s) east edge between 1401 and 0401` (turn 1) and `units arrive(s) on turn
//!   2 between hexes 1201 and 1215`: reinforcements along an edge;
//! - `units enter(s) by <a named zone of the map>` (its name printed), "count their
//!   movement from these hexes" kept;
//! - `units is placed, secretly, anywhere on or south of row 09xx and west of row xx13`:
//!   a hidden line over the rows;
//! - `units (who) sets up in <place> ( 1006)`: the hex printed, else the named zone;
//! - `units in hexes 1403, 1304 and 0404`, and `units: 0504, 0505`: a line over the hexes.
//!
//! After a hex list, the rest of the piece is read again as a piece of its own
//! ("Onfroy: 0907, 6x Chevaliers Normands: 0903, …").

use crate::names::{items, Item, Matched, Roster};
use crate::text::{find_ci, no_stop, strip_prefix_ci};
use crate::{Finding, Severity, Transcript};
use muster_hex::Compass;
use muster_model::{HexId, Reinforcement, SetupEntry, UnitRef, Zone};

/// Reads pieces of one line into the transcript.
pub struct Reader<'a, 'u> {
    /// The line of the pasted text.
    pub line: usize,
    /// The side's id and name (a heading that names them is dropped).
    pub side_names: &'a [&'a str],
    /// The map's named zones, `(id, name)`.
    pub zones: &'a [(&'a str, &'a str)],
    /// The side's units and what is used.
    pub roster: &'a mut Roster<'u>,
    /// Where lines and findings go.
    pub out: &'a mut Transcript,
}

/// How deep "the rest of the piece" may recurse (a line of a thousand entries is read
/// as far as this and reported).
const MAX_ENTRIES_IN_A_PIECE: usize = 256;

/// Where a piece places its units.
enum Place {
    /// A set-up line over a zone.
    At { zone: Zone, hidden: bool },
    /// Units entering later.
    Enter {
        zone: Zone,
        turn: u32,
        moves_from_entry: bool,
    },
}

impl Reader<'_, '_> {
    fn note(&mut self, severity: Severity, piece: &str, message: String) {
        self.out.findings.push(Finding {
            severity,
            line: self.line,
            piece: piece.to_string(),
            message,
        });
    }

    /// Reads one piece (and the rest of it, after a hex list).
    pub fn read(&mut self, piece: &str) {
        let mut rest = Some(piece.to_string());
        let mut base: Option<String> = None;
        for _ in 0..MAX_ENTRIES_IN_A_PIECE {
            let Some(p) = rest.take() else { return };
            rest = self.entry(&p, &mut base);
        }
        if let Some(p) = rest {
            self.note(
                Severity::Error,
                &p,
                format!(
                    "more than {MAX_ENTRIES_IN_A_PIECE} entries on one line: the rest was not read"
                ),
            );
        }
    }

    /// One entry of a piece; the rest of the piece, if there is more.
    fn entry(&mut self, piece: &str, base: &mut Option<String>) -> Option<String> {
        let piece = self.drop_heading(piece.trim());
        let piece = strip_prefix_ci(piece, "and ").unwrap_or(piece).trim();
        if piece.is_empty() || no_stop(piece).eq_ignore_ascii_case("none") {
            return None;
        }
        if let Some(r) = self.place_first(piece) {
            return r;
        }
        // The first keyword in the piece decides (the longer where two start together):
        // "… in hexes 1403 … and King Henry who sets up in …" is a line in hexes first.
        let first = [
            (" enters ", Form::Enter),
            (" enter ", Form::Enter),
            (" arrives on turn ", Form::Arrive),
            (" arrive on turn ", Form::Arrive),
            (" is placed", Form::Placed),
            (" are placed", Form::Placed),
            (" sets up in ", Form::SetsUp),
            (" set up in ", Form::SetsUp),
            (" in hexes ", Form::InHexes),
            (" in hex ", Form::InHexes),
        ]
        .into_iter()
        .filter_map(|(k, f)| find_ci(piece, k).map(|i| (i, k, f)))
        .min_by_key(|(i, k, _)| (*i, usize::MAX - k.len()));
        if let Some((i, keyword, form)) = first {
            let units = &piece[..i];
            let after = &piece[i + keyword.len()..];
            return self.form(piece, units, after, form, base);
        }
        if let Some(i) = piece.find(':') {
            let (units, after) = (&piece[..i], &piece[i + 1..]);
            return self.form(piece, units, after, Form::Colon, base);
        }
        self.note(
            Severity::Note,
            piece,
            "not read as a set-up line: it names no place (a heading, a rule or a remark?)".into(),
        );
        None
    }

    /// The piece without a heading: the side's name, "Re-enforcements", a numbered rule's
    /// title ("1. Ambush:").
    fn drop_heading<'p>(&self, piece: &'p str) -> &'p str {
        let Some(i) = piece.find(':') else {
            return if self.is_side_name(piece) { "" } else { piece };
        };
        let head = piece[..i].trim();
        let numbered = head
            .split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let label = ["re-enforcements", "reinforcements", "set-up", "setup"]
            .iter()
            .any(|l| head.eq_ignore_ascii_case(l));
        if self.is_side_name(head) || numbered || label {
            piece[i + 1..].trim()
        } else {
            piece
        }
    }

    fn is_side_name(&self, s: &str) -> bool {
        let s = no_stop(s);
        self.side_names.iter().any(|n| n.eq_ignore_ascii_case(s))
    }

    /// `HEX : units` or `Hex row 08xx : units`; None when the piece is not of this form.
    fn place_first(&mut self, piece: &str) -> Option<Option<String>> {
        let (head, units) = piece.split_once(':')?;
        let head = head.trim();
        let zone = if let Some(row) = strip_prefix_ci(head, "hex row ") {
            Zone::Row(self.row(piece, row.trim())?)
        } else if is_hex(head) {
            Zone::Hexes(vec![HexId(head.to_string())])
        } else {
            return None;
        };
        let items = items(units, None);
        self.line_of(
            piece,
            items,
            Place::At {
                zone,
                hidden: false,
            },
            false,
        );
        Some(None)
    }

    /// A printed row, `08xx` or `xx13`; `004xx` (an extra 0) is read as `04xx` with a note.
    fn row(&mut self, piece: &str, row: &str) -> Option<String> {
        let row = no_stop(row);
        let ok = |r: &str| {
            let b = r.as_bytes();
            b.len() == 4
                && ((b[..2].iter().all(u8::is_ascii_digit) && &r[2..] == "xx")
                    || (&r[..2] == "xx" && b[2..].iter().all(u8::is_ascii_digit)))
        };
        if ok(row) {
            return Some(row.to_string());
        }
        if let Some(short) = row.strip_prefix('0').filter(|r| ok(r)) {
            self.note(
                Severity::Note,
                piece,
                format!("`{row}` is not a hex row; read as `{short}` (a slip of the print? record it as an erratum)"),
            );
            return Some(short.to_string());
        }
        self.note(
            Severity::Error,
            piece,
            format!("`{row}` is not a hex row: write `08xx` or `xx13`"),
        );
        None
    }

    fn form(
        &mut self,
        piece: &str,
        units: &str,
        after: &str,
        form: Form,
        base: &mut Option<String>,
    ) -> Option<String> {
        let units = units.trim();
        let units = units
            .strip_suffix(" who")
            .or_else(|| units.strip_suffix(" which"))
            .unwrap_or(units);
        let list = items(units, base.as_deref());
        if let Some(first) = list.first() {
            *base = Some(first.name.clone());
        }
        let (place, rest) = match form {
            Form::Enter => match self.enter(piece, after) {
                Some(p) => (p, None),
                None => return None,
            },
            Form::Arrive => match self.arrive(piece, after) {
                Some(p) => (p, None),
                None => return None,
            },
            Form::Placed => match self.placed(piece, after) {
                Some(p) => (p, None),
                None => return None,
            },
            Form::SetsUp => self.sets_up(piece, after)?,
            Form::InHexes | Form::Colon => {
                let (hexes, rest) = hex_list(after);
                if hexes.is_empty() {
                    let names: Vec<String> = list.iter().map(|i| i.name.clone()).collect();
                    self.note(
                        Severity::Note,
                        piece,
                        format!(
                            "`{}` placed by \"{}\": no hex printed here; paste the text that places it (a special rule, the reinforcements) to transcribe it",
                            names.join(", "),
                            no_stop(after.trim())
                        ),
                    );
                    return None;
                }
                (
                    Place::At {
                        zone: Zone::Hexes(hexes),
                        hidden: false,
                    },
                    rest,
                )
            }
        };
        let infer = matches!(form, Form::InHexes | Form::Colon);
        self.line_of(piece, list, place, infer);
        rest
    }

    /// "enter east edge between 1401 and 0401", "enters by the three roads south of the
    /// river and count their movement from these hexes".
    fn enter(&mut self, piece: &str, after: &str) -> Option<Place> {
        let turn = turn_in(after).unwrap_or(1);
        if let Some(i) = find_ci(after, " edge between ") {
            let side = compass(after[..i].split_whitespace().last().unwrap_or(""));
            let (hexes, _) = hex_list(&after[i + " edge between ".len()..]);
            if let [from, to] = hexes.as_slice() {
                return Some(Place::Enter {
                    zone: Zone::Edge {
                        side,
                        from: from.clone(),
                        to: to.clone(),
                    },
                    turn,
                    moves_from_entry: false,
                });
            }
        }
        let lower = after.to_lowercase();
        let named = self
            .zones
            .iter()
            .filter(|(_, name)| !name.is_empty() && lower.contains(&name.to_lowercase()))
            .max_by_key(|(_, name)| name.len());
        if let Some((id, _)) = named {
            return Some(Place::Enter {
                zone: Zone::Named(id.to_string()),
                turn,
                moves_from_entry: lower.contains("count their movement from"),
            });
        }
        let names: Vec<&str> = self.zones.iter().map(|(_, n)| *n).collect();
        self.note(
            Severity::Error,
            piece,
            format!(
                "where they enter is not read: write \"enter east edge between 1401 and 0401\", or name a zone of the map ({})",
                if names.is_empty() {
                    "the map names none".to_string()
                } else {
                    muster_rules::suggest::listing(&names)
                }
            ),
        );
        None
    }

    /// "on turn 2 between hexes 1201 and 1215" (after "arrives on turn ").
    fn arrive(&mut self, piece: &str, after: &str) -> Option<Place> {
        let turn: Option<u32> = after
            .split_whitespace()
            .next()
            .and_then(|t| no_stop(t).parse().ok());
        let between = find_ci(after, "between");
        let hexes =
            between.map(|i| hex_list(after[i + "between".len()..].trim_start_matches(" hexes")).0);
        match (turn, hexes.as_deref()) {
            (Some(turn), Some([from, to])) => Some(Place::Enter {
                zone: Zone::Edge {
                    side: None,
                    from: from.clone(),
                    to: to.clone(),
                },
                turn,
                moves_from_entry: false,
            }),
            _ => {
                self.note(
                    Severity::Error,
                    piece,
                    "the turn and the two edge hexes are not read: write \"arrives on turn 2 between hexes 1201 and 1215\"".into(),
                );
                None
            }
        }
    }

    /// "placed, secretly, anywhere on or south of row 09xx and west of row xx13 inclusive".
    fn placed(&mut self, piece: &str, after: &str) -> Option<Place> {
        let hidden = find_ci(after, "secretly").is_some();
        let mut zones = Vec::new();
        let words: Vec<&str> = after.split_whitespace().collect();
        for (i, w) in words.iter().enumerate() {
            if !w.eq_ignore_ascii_case("row") {
                continue;
            }
            let Some(row) = words.get(i + 1) else {
                continue;
            };
            // "<side> of row R": the compass word two before "row".
            let side = i
                .checked_sub(2)
                .and_then(|j| words.get(j))
                .and_then(|w| compass(w));
            let row = self.row(piece, row)?;
            match side {
                Some(side) => zones.push(Zone::OnOrBeyond { side, row }),
                None => zones.push(Zone::Row(row)),
            }
        }
        let zone = match zones.len() {
            0 => {
                self.note(
                    Severity::Error,
                    piece,
                    "where they are placed is not read: write \"on or south of row 09xx\"".into(),
                );
                return None;
            }
            1 => zones.remove(0),
            _ => Zone::All(zones),
        };
        Some(Place::At { zone, hidden })
    }

    /// "St Peters church ( 1006) and cannot move": the printed hex, else a named zone; the
    /// rest of the piece after the place.
    fn sets_up(&mut self, piece: &str, after: &str) -> Option<(Place, Option<String>)> {
        let (place_text, rest) = match after.find(')') {
            Some(i) => (&after[..=i], after[i + 1..].trim()),
            None => (after, ""),
        };
        let (hexes, _) = after
            .find('(')
            .map(|i| hex_list(place_text[i + 1..].trim_end_matches(')')))
            .unwrap_or_default();
        let zone = if let [hex] = hexes.as_slice() {
            Zone::Hexes(vec![hex.clone()])
        } else {
            let lower = place_text.to_lowercase();
            match self
                .zones
                .iter()
                .find(|(id, name)| lower.contains(&name.to_lowercase()) || lower.contains(id))
            {
                Some((id, _)) => Zone::Named(id.to_string()),
                None => {
                    self.note(
                        Severity::Error,
                        piece,
                        format!(
                            "\"{}\" is no hex and no zone the map names",
                            no_stop(place_text)
                        ),
                    );
                    return None;
                }
            }
        };
        if !no_stop(rest).is_empty() {
            self.note(
                Severity::Note,
                piece,
                format!(
                    "\"{}\" is not a set-up: write it as a special rule",
                    no_stop(rest)
                ),
            );
        }
        Some((
            Place::At {
                zone,
                hidden: false,
            },
            None,
        ))
    }

    /// Adds the line of `list` at `place`. `infer`: a one-unit line with no printed count
    /// has as many counters as hexes.
    fn line_of(&mut self, piece: &str, list: Vec<Item>, place: Place, infer: bool) {
        let hexes = match &place {
            Place::At {
                zone: Zone::Hexes(h),
                ..
            } => h.len() as u32,
            _ => 1,
        };
        let one = list.len() == 1;
        let mut refs: Vec<UnitRef> = Vec::new();
        for item in &list {
            let count = item
                .count
                .unwrap_or(if infer && one { hexes.max(1) } else { 1 });
            if count == 0 || count > muster_model::MAX_COUNT {
                self.note(
                    Severity::Error,
                    piece,
                    format!("`{}`: a count of {count} is not read", item.name),
                );
                continue;
            }
            match self.roster.match_name(&item.name, count) {
                Matched::Unit(u, how) => {
                    if let Some(how) = how {
                        self.note(Severity::Note, piece, how);
                    }
                    if self.roster.left(u) < count {
                        self.note(
                            Severity::Error,
                            piece,
                            format!(
                                "{count} counters of `{}`, but the side has only {} left of it",
                                self.roster.id(u),
                                self.roster.left(u)
                            ),
                        );
                    }
                    self.roster.take(u, count);
                    refs.push(self.roster.unit_ref(u, count));
                }
                Matched::Unknown(help) => self.note(
                    Severity::Error,
                    piece,
                    format!("unknown unit `{}`: {help}", item.name),
                ),
            }
        }
        if refs.is_empty() {
            if list.is_empty() {
                self.note(
                    Severity::Error,
                    piece,
                    "no units are named before the place".into(),
                );
            }
            return;
        }
        let source = Some(no_stop(piece).to_string());
        match place {
            Place::At { zone, hidden } => self.out.setup.push(SetupEntry {
                units: refs,
                at: zone,
                hidden,
                facing: None,
                level: None,
                system: Default::default(),
                source,
            }),
            Place::Enter {
                zone,
                turn,
                moves_from_entry,
            } => self.out.reinforcements.push(Reinforcement {
                units: refs,
                turn,
                enter: zone,
                moves_from_entry,
                system: Default::default(),
                source,
            }),
        }
    }
}

/// The forms of a piece that names its units first.
#[derive(Clone, Copy)]
enum Form {
    Enter,
    Arrive,
    Placed,
    SetsUp,
    InHexes,
    Colon,
}

/// Whether `s` is a hex id (4 or 6 digits).
fn is_hex(s: &str) -> bool {
    (s.len() == 4 || s.len() == 6) && s.bytes().all(|b| b.is_ascii_digit())
}

/// The hex ids at the start of `s` (parted by commas, spaces and "and"), and the rest of
/// `s` after them, if any.
fn hex_list(s: &str) -> (Vec<HexId>, Option<String>) {
    let mut hexes = Vec::new();
    let mut rest = s.trim_start();
    loop {
        rest = rest.trim_start_matches([',', ' ', '(']);
        if let Some(r) = strip_prefix_ci(rest, "and ") {
            rest = r;
            continue;
        }
        let token: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after = &rest[token.len()..];
        let ends = after.is_empty() || after.starts_with([',', ' ', '.', ')', ';']);
        if is_hex(&token) && ends {
            hexes.push(HexId(token));
            rest = after.trim_start_matches([')', '.']);
        } else {
            break;
        }
    }
    let rest = rest.trim();
    (hexes, (!rest.is_empty()).then(|| rest.to_string()))
}

/// "on turn N" in `s`.
fn turn_in(s: &str) -> Option<u32> {
    let i = find_ci(s, "on turn ")?;
    s[i + "on turn ".len()..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// A compass word: "east", "South".
fn compass(w: &str) -> Option<Compass> {
    match no_stop(w).to_lowercase().as_str() {
        "north" | "northern" => Some(Compass::North),
        "east" | "eastern" => Some(Compass::East),
        "south" | "southern" => Some(Compass::South),
        "west" | "western" => Some(Compass::West),
        _ => None,
    }
}
