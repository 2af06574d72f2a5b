//! Lines between hex centres. A line that runs exactly along a hexside passes between two
//! hexes at once; which of them counts is a rule of the game, so each ruleset names a
//! [`LinePolicy`] and the line reports both hexes where it is ambiguous.

use hexx::Hex;

/// What a ruleset does when a line runs along a hexside between two hexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinePolicy {
    /// The line is blocked if either hex blocks it.
    BlockedIfEither,
    /// The line is blocked only if both hexes block it (the shooter picks the clearer side).
    BlockedIfBoth,
}

/// One step of a line: a single hex, or two hexes the line passes exactly between.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineStep {
    /// The line crosses this hex.
    One(Hex),
    /// The line runs along the hexside between these two hexes.
    Between(Hex, Hex),
}

impl LineStep {
    /// The hexes of the step (one or two).
    pub fn hexes(self) -> Vec<Hex> {
        match self {
            LineStep::One(h) => vec![h],
            LineStep::Between(a, b) => vec![a, b],
        }
    }
}

fn cube_round(q: f64, r: f64) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

/// The hexes from `a` to `b` inclusive, centre to centre, marking the steps that run
/// along a hexside.
pub fn hex_line(a: Hex, b: Hex) -> Vec<LineStep> {
    let n = a.unsigned_distance_to(b);
    if n == 0 {
        return vec![LineStep::One(a)];
    }
    const EPS: f64 = 1e-6;
    let point = |i: u32, nudge: f64| {
        let t = i as f64 / n as f64;
        // An uneven nudge (q by 1, r by 2) so that rounding never meets a tie.
        let q = a.x as f64 + nudge + (b.x - a.x) as f64 * t;
        let r = a.y as f64 + 2.0 * nudge + (b.y - a.y) as f64 * t;
        cube_round(q, r)
    };
    (0..=n)
        .map(|i| {
            let (p, m) = (point(i, EPS), point(i, -EPS));
            if p == m {
                LineStep::One(p)
            } else {
                LineStep::Between(p, m)
            }
        })
        .collect()
}

/// Samples of a line per hex of its length, for lines that do not start at a centre: a
/// hex the line clips by less than 1/64 of a hex across is not counted.
const SIDE_LINE_SAMPLES: u32 = 64;

/// The hexes of a line from the middle of the hexside between the neighbours `from` and
/// `across` to the centre of `to`, in order, starting with `from` — a line of fire traced
/// from a window's sill rather than from a hex centre (Cry Havoc 3.26). Unlike a centre
/// line, such a line may clip a hex without reaching the middle of it, so it is sampled
/// finely and every hex it passes through is listed once. Where it runs exactly along a
/// hexside or through a vertex the step is [`LineStep::Between`], as in [`hex_line`].
pub fn hex_line_from_hexside(from: Hex, across: Hex, to: Hex) -> Vec<LineStep> {
    let (sq, sr) = (
        (from.x + across.x) as f64 / 2.0,
        (from.y + across.y) as f64 / 2.0,
    );
    let n = SIDE_LINE_SAMPLES * from.unsigned_distance_to(to).max(1);
    const EPS: f64 = 1e-6;
    let point = |i: u32, nudge: f64| {
        let t = i as f64 / n as f64;
        let q = sq + nudge + (to.x as f64 - sq) * t;
        let r = sr + 2.0 * nudge + (to.y as f64 - sr) * t;
        cube_round(q, r)
    };
    let mut steps = vec![LineStep::One(from)];
    for i in 1..=n {
        let (p, m) = (point(i, EPS), point(i, -EPS));
        let step = if p == m {
            LineStep::One(p)
        } else {
            LineStep::Between(p, m)
        };
        if steps.last() != Some(&step) {
            steps.push(step);
        }
    }
    steps
}
