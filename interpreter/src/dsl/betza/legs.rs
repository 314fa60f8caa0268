//! XBetza's `a` ("again"): a move made of legs, each leg a step of the group's one atom, every
//! leg but the last ending on an empty square (janggi's horse `mafsW`, its elephant
//! `mafsmafW`).
//!
//! The reading follows H.G. Muller's XBetza as XBoard implements it (`MovesFromString` in its
//! `moves.c`); Fairy-Stockfish has no parser for `a` and plays its janggi elephant as the lame
//! leap `nZ`, quoting `mafsmafW` for it.
//!
//! - The modifiers before the first `a` are the first leg's, those between two `a`s the next
//!   leg's, those after the last `a` the last leg's; the atom is written once, at the end.
//! - The first leg reads its direction letters as an ordinary group does (`fsW` = forward and
//!   sideways).
//! - Every later leg is a step of the same length as the atom's (1 for W F K, 2 for D A, 3 for
//!   H G) in one of the eight king directions, named *relative to the previous leg*: `f`
//!   straight on, `b` straight back, `r` and `l` a right-angle turn, `s` both, `v` `f` and `b`;
//!   a pair across axes is the 45° turn between (`fr` 45° right, `fs` 45° either way, `bl`
//!   135° left, `rv` 45° and 135° right). A 45° turn of an orthogonal atom is a diagonal step
//!   and the other way round (XBetza's interconversion). Without letters a later leg goes
//!   straight on or turns a right angle (four-fold atoms) or anywhere but back (`K`).
//! - A leg before an `a` moves to an empty square (`m`, the default); the last leg moves or
//!   captures as its `m`/`c` say. A route through the starting square is fine (it is empty once
//!   the piece has left); a route that ends where it started is no move.
//!
//! Each route compiles to a leap (the sum of its legs) with its explicit path of intermediate
//! squares ([`Legs`]); a route whose path is the lame path of its leap is that lame leap
//! (`mafsW` = `nN`, `mafsmafW` = `nZ`).
//!
//! Not supported (a located error each): riders (`R` `B` `Q`, doubled atoms, ranges) and
//! oblique atoms (`N` `C` `Z`) in a multi-leg move, `n`, `c` on a leg before an `a` (capturing
//! on the way), `h` in a later leg, more than [`MAX_LEGS`] legs, and two different routes to one
//! square.

use std::ops::Range;

use pest::iterators::Pair;

use super::direction::{Shape, pair_up};
use super::problems::{empty_spec, unknown_letter};
use super::{Group, Modality, Rule, Step, atom_parts, images, lame_path};
use crate::dsl::{DslError, DslErrorKind};

/// The most legs one move may have.
pub const MAX_LEGS: usize = 6;

/// The squares a multi-leg move passes between its legs, in order from the start, in the
/// piece's frame (+dy forward): each must be empty for the move to be made. Empty
/// ([`Legs::NONE`]) for every move that is not made in legs, and for routes that are plain lame
/// leaps (their path is [`lame_path`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Legs {
    len: u8,
    via: [(i8, i8); MAX_LEGS - 1],
}

impl Legs {
    /// No explicit path.
    pub const NONE: Legs = Legs {
        len: 0,
        via: [(0, 0); MAX_LEGS - 1],
    };

    /// The intermediate squares, in order from the start (empty for [`Legs::NONE`]).
    pub fn via(&self) -> &[(i8, i8)] {
        &self.via[..self.len as usize]
    }

    /// Whether this is an explicit path (not [`Legs::NONE`]).
    pub fn is_explicit(&self) -> bool {
        self.len > 0
    }

    /// An explicit path of at most `MAX_LEGS - 1` squares.
    fn of(squares: &[(i8, i8)]) -> Legs {
        let mut legs = Legs::NONE;
        for (slot, &sq) in legs.via.iter_mut().zip(squares) {
            *slot = sq;
        }
        legs.len = squares.len().min(MAX_LEGS - 1) as u8;
        legs
    }
}

/// The unit vector of king direction `d` (0 = forward, clockwise in 45° steps).
fn unit(d: u8) -> (i8, i8) {
    [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ][usize::from(d % 8)]
}

/// The king direction of a vector along a line.
fn direction_of((dx, dy): (i8, i8)) -> u8 {
    (0..8)
        .find(|&d| unit(d) == (dx.signum(), dy.signum()))
        .unwrap_or(0)
}

/// The relative directions one letter names alone (bit `k` = `k`·45° clockwise from straight
/// on), and its wide set for pairs (the three directions around it).
fn letter_sets(c: u8) -> Option<(u8, u8)> {
    Some(match c {
        b'f' => (0x01, 0x83),
        b'b' => (0x10, 0x38),
        b'r' => (0x04, 0x0E),
        b'l' => (0x40, 0xE0),
        b's' => (0x44, 0xEE),
        b'v' => (0x11, 0xBB),
        _ => return None,
    })
}

/// Whether `c` (one of `f b l r`) pairs with `d` across axes.
fn pairs(c: u8, d: u8) -> bool {
    matches!(
        (c, d),
        (b'f' | b'b', b'l' | b'r' | b's') | (b'l' | b'r', b'f' | b'b' | b'v')
    )
}

/// The relative directions of a later leg's letters (XBoard's king system), or the error at
/// the first letter that has none there (`h`).
fn relative_set(letters: &[(usize, u8)], default: u8) -> Result<u8, DslError> {
    if letters.is_empty() {
        return Ok(default);
    }
    let mut set = 0u8;
    let mut i = 0;
    while i < letters.len() {
        let (at, c) = letters[i];
        let Some((narrow, wide)) = letter_sets(c) else {
            return Err(leg_error(
                at..at + 1,
                "`h` has no meaning in a leg after `a`",
                "name the turn relative to the previous leg: f (straight on), l r s (right \
                 angle), fl fr fs bl br bs (45° and 135° turns), b (back)",
            ));
        };
        match letters.get(i + 1) {
            Some(&(_, d)) if d == c => {
                set |= narrow;
                i += 2;
            }
            Some(&(_, d)) if pairs(c, d) => {
                set |= wide & letter_sets(d).map_or(0, |(_, w)| w);
                i += 2;
            }
            _ => {
                set |= narrow;
                i += 1;
            }
        }
    }
    Ok(set)
}

/// A multi-leg error at `at`.
fn leg_error(at: Range<usize>, what: &'static str, help: &str) -> DslError {
    DslError::new(at, DslErrorKind::Legs(what)).with_help(help.to_owned())
}

/// The modifiers of one leg as read.
#[derive(Default)]
struct Leg {
    letters: Vec<(usize, u8)>,
    modality: Option<(char, Range<usize>)>,
}

/// Whether a group (a `Rule::group` pair) has an `a` in it.
pub(super) fn has_legs(pair: &Pair<'_, Rule>) -> bool {
    pair.clone()
        .into_inner()
        .any(|p| p.as_rule() == Rule::again)
}

/// Read the legs of a group, pushing an error for every modifier a multi-leg move does not take.
/// Returns the legs and the atom with its span.
fn read_legs(
    pair: Pair<'_, Rule>,
    errors: &mut Vec<DslError>,
) -> (Vec<Leg>, Option<(char, Range<usize>)>) {
    let mut legs = vec![Leg::default()];
    let mut atom = None;
    for inner in pair.into_inner() {
        let at = inner.as_span().start()..inner.as_span().end();
        let first = inner.as_str().chars().next().unwrap_or('?');
        let leg = legs.last_mut().expect("at least one leg");
        match inner.as_rule() {
            Rule::again => legs.push(Leg::default()),
            Rule::direction => leg.letters.push((at.start, first as u8)),
            Rule::modality => match &leg.modality {
                Some((m, _)) if *m != first => errors.push(
                    DslError::new(at, DslErrorKind::MoveAndCapture)
                        .with_help("leave both out for a leg that may move or capture"),
                ),
                Some(_) => errors.push(
                    DslError::new(at, DslErrorKind::RepeatedModality(first))
                        .with_help(format!("write `{first}` once")),
                ),
                None => leg.modality = Some((first, at)),
            },
            Rule::unknown_modifier | Rule::unknown_atom => errors.push(unknown_letter(first, at)),
            Rule::atom => atom = Some((first, at)),
            Rule::doubled | Rule::range => errors.push(leg_error(
                at,
                "the legs are single steps, not rides",
                "write the atom once, with no range: `mafsW`",
            )),
            _ => errors.push(leg_error(
                at,
                "this modifier is not supported in a move made in legs",
                "a leg takes direction letters and `m` or `c` only; every leg but the last \
                 already needs an empty square",
            )),
        }
    }
    (legs, atom)
}

/// Parse a group with `a` into its routes (see the module text); `None` (with errors pushed) if
/// it is not valid.
pub(super) fn parse_legged(pair: Pair<'_, Rule>, errors: &mut Vec<DslError>) -> Option<Group> {
    let span = pair.as_span().start()..pair.as_span().end();
    let modifiers: String = pair
        .as_str()
        .chars()
        .take_while(char::is_ascii_lowercase)
        .collect();
    let before = errors.len();
    let (legs, atom) = read_legs(pair, errors);
    let (atom, atom_at) = atom?;
    if legs.len() > MAX_LEGS {
        errors.push(leg_error(
            span.clone(),
            "too many legs",
            "a move takes at most 6 legs",
        ));
    }
    let (parts, _) = atom_parts(atom)?;
    let oblique = parts.iter().any(|&b| Shape::of(b) == Shape::Oblique);
    if oblique || "RBQ".contains(atom) {
        errors.push(leg_error(
            atom_at,
            "its atom must be W F D A H G or K (a single step or leap)",
            "write the legs with an orthogonal or diagonal atom: the horse is `mafsW`",
        ));
    }
    for leg in &legs[..legs.len() - 1] {
        if let Some(('c', at)) = &leg.modality {
            errors.push(leg_error(
                at.clone(),
                "capturing on the way is not supported",
                "a leg before `a` moves to an empty square; write `m` or nothing there",
            ));
        }
    }
    let firsts = first_leg(&legs[0], atom, parts, errors);
    if errors.len() > before {
        return None;
    }
    let length = parts.iter().map(|&(_, b)| b).max().unwrap_or(1);
    let default = if parts.len() > 1 { 0xEF } else { 0x45 };
    let mut sets = Vec::new();
    for leg in &legs[1..] {
        match relative_set(&leg.letters, default) {
            Ok(set) => sets.push(set),
            Err(e) => errors.push(e),
        }
    }
    if errors.len() > before {
        return None;
    }
    let modality = match legs.last().and_then(|l| l.modality.as_ref()) {
        Some(('m', _)) => Modality::MoveOnly,
        Some(_) => Modality::CaptureOnly,
        None => Modality::Both,
    };
    let steps = routes(&firsts, &sets, length, modality, &span, errors)?;
    Some(Group {
        span,
        modifiers,
        atom,
        rider: false,
        range: None,
        steps,
        legs: legs.len() as u8,
    })
}

/// The first leg's vectors, selected by its direction letters as in an ordinary group.
fn first_leg(
    leg: &Leg,
    atom: char,
    parts: &[(i8, i8)],
    errors: &mut Vec<DslError>,
) -> Vec<(i8, i8)> {
    let Ok(specs) = pair_up(&leg.letters).map_err(|e| errors.push(e)) else {
        return Vec::new();
    };
    let mut used = vec![false; specs.len()];
    let mut out = Vec::new();
    for &base in parts {
        let shape = Shape::of(base);
        for v in images(base) {
            let mut selected = specs.is_empty();
            for ((spec, _), used) in specs.iter().zip(used.iter_mut()) {
                if spec.selects(shape, v) {
                    selected = true;
                    *used = true;
                }
            }
            if selected {
                out.push(v);
            }
        }
    }
    for ((_, at), used) in specs.iter().zip(&used) {
        if !used {
            let text: String = leg
                .letters
                .iter()
                .filter(|(p, _)| at.contains(p))
                .map(|&(_, c)| char::from(c))
                .collect();
            errors.push(empty_spec(&text, atom, at.clone()));
        }
    }
    out
}

/// Every route: from each first-leg vector, each later leg turning by each direction of its
/// set. Routes back to the start are dropped; two different routes to one square are an error.
fn routes(
    firsts: &[(i8, i8)],
    sets: &[u8],
    length: i8,
    modality: Modality,
    span: &Range<usize>,
    errors: &mut Vec<DslError>,
) -> Option<Vec<Step>> {
    // (heading, squares visited so far)
    let mut partial: Vec<(u8, Vec<(i8, i8)>)> =
        firsts.iter().map(|&v| (direction_of(v), vec![v])).collect();
    for &set in sets {
        let mut next = Vec::new();
        for (heading, path) in &partial {
            for turn in (0..8).filter(|k| set >> k & 1 != 0) {
                let d = (heading + turn) % 8;
                let (ux, uy) = unit(d);
                let &(x, y) = path.last().expect("a route has a first leg");
                let mut path = path.clone();
                path.push((x + ux * length, y + uy * length));
                next.push((d, path));
            }
        }
        partial = next;
    }
    let mut steps: Vec<Step> = Vec::new();
    for (_, path) in partial {
        let Some((&(dx, dy), via)) = path.split_last() else {
            continue;
        };
        if (dx, dy) == (0, 0) {
            continue;
        }
        let via: Vec<(i8, i8)> = via.iter().copied().filter(|&v| v != (0, 0)).collect();
        let implicit = via == lame_path(dx, dy);
        let step = Step {
            dx,
            dy,
            range: 1,
            modality,
            lame: !via.is_empty(),
            legs: if implicit { Legs::NONE } else { Legs::of(&via) },
            hop: super::Hop::None,
            initial: false,
            en_passant: false,
        };
        match steps.iter().find(|s| (s.dx, s.dy) == (dx, dy)) {
            Some(s) if *s == step => {}
            Some(_) => {
                errors.push(leg_error(
                    span.clone(),
                    "two routes reach one square",
                    "a move in legs may reach each square by one route only; split the \
                     directions so that the routes end on different squares",
                ));
                return None;
            }
            None => steps.push(step),
        }
    }
    if steps.is_empty() {
        errors.push(leg_error(
            span.clone(),
            "every route ends where it started",
            "turn the later legs away from the way back, e.g. `mafsW`",
        ));
        return None;
    }
    Some(steps)
}

/// The English for a group made in legs, e.g. `in 2 legs: 1 step orthogonally to an empty
/// square, then 1 step turned 45° left or right; move or capture; blocked by a piece on the
/// squares between`.
pub(super) fn describe_legged(group: &Group) -> String {
    let (parts, _) = atom_parts(group.atom).unwrap_or((&[], false));
    let length = parts.iter().map(|&(_, b)| b).max().unwrap_or(1);
    let unit = if length == 1 {
        "1 step".to_owned()
    } else {
        format!("a leap of {length}")
    };
    let mut legs = group.modifiers.split('a');
    let first = legs.next().unwrap_or("");
    let mut text = format!(
        "in {} legs: {unit} {} to an empty square",
        group.legs,
        first_words(first, group.atom)
    );
    let default = if parts.len() > 1 { 0xEF } else { 0x45 };
    let names = [
        "straight on",
        "45° right",
        "90° right",
        "135° right",
        "straight back",
        "135° left",
        "90° left",
        "45° left",
    ];
    for (i, leg) in legs.enumerate() {
        let letters: Vec<(usize, u8)> = leg
            .bytes()
            .filter(|c| letter_sets(*c).is_some() || *c == b'h')
            .enumerate()
            .collect();
        let set = relative_set(&letters, default).unwrap_or(default);
        let turns: Vec<&str> = (0..8)
            .filter(|k| set >> k & 1 != 0)
            .map(|k| names[k])
            .collect();
        let last = i + 2 == usize::from(group.legs);
        let whither = if last { "" } else { " to an empty square" };
        text.push_str(&format!(", then {unit} {}{whither}", turns.join(" or ")));
    }
    match group.steps.first().map(|s| s.modality) {
        Some(Modality::MoveOnly) => text.push_str(", move only"),
        Some(Modality::CaptureOnly) => text.push_str(", capture only"),
        _ => {}
    }
    text.push_str(&format!("; {} destinations", group.steps.len()));
    text
}

/// The first leg's direction in words: its letters as written, or "in any direction".
fn first_words(letters: &str, atom: char) -> String {
    let letters: String = letters.chars().filter(|c| "fblrvsh".contains(*c)).collect();
    if letters.is_empty() {
        match atom {
            'F' | 'A' | 'G' => "diagonally".to_owned(),
            'K' => "in any direction".to_owned(),
            _ => "orthogonally".to_owned(),
        }
    } else {
        format!("`{letters}{atom}`")
    }
}

#[cfg(test)]
mod tests {
    use crate::dsl::{DslErrorKind, Step, parse_betza};

    /// A route: (dx, dy, lame, path).
    type Route = (i8, i8, bool, Vec<(i8, i8)>);

    /// The steps of a Betza string, sorted.
    fn routes(src: &str) -> Vec<Route> {
        let mut out: Vec<_> = parse_betza(src)
            .unwrap_or_else(|e| panic!("{src}: {e:?}"))
            .steps()
            .iter()
            .map(|s: &Step| (s.dx, s.dy, s.lame, s.lame_squares()))
            .collect();
        out.sort();
        out
    }

    /// The first error's kind and span.
    fn error(src: &str) -> (DslErrorKind, std::ops::Range<usize>) {
        let e = parse_betza(src).expect_err(src).remove(0);
        (e.kind, e.span)
    }

    #[test]
    fn horse_and_elephant_are_the_lame_leaps() {
        // W to an empty square, then a 45° turn: the xiangqi/janggi horse, blocked at (0,1).
        assert_eq!(routes("mafsW"), routes("nN"));
        assert_eq!(routes("mafsW").len(), 8);
        assert!(routes("mafsW").contains(&(1, 2, true, vec![(0, 1)])));
        // Then straight on diagonally: the janggi elephant, blocked at (0,1) and (1,2).
        assert_eq!(routes("mafsmafW"), routes("nZ"));
        assert!(routes("mafsmafW").contains(&(-2, 3, true, vec![(0, 1), (-1, 2)])));
        // W then straight on: the lame dabbaba.
        assert_eq!(routes("mafW"), routes("nD"));
        let parsed = parse_betza("mafsmafW").unwrap();
        assert!(parsed.steps().iter().all(|s| !s.legs.is_explicit()));
    }

    #[test]
    fn diagonal_first_keeps_its_own_path() {
        // F to (1,1), then 45° turns: orthogonal steps outward to (1,2) and (2,1), both
        // through (1,1), which is not the knight's lame square (0,1) for (1,2).
        let r = routes("mafsF");
        assert_eq!(r.len(), 8);
        assert!(r.contains(&(1, 2, true, vec![(1, 1)])));
        assert!(r.contains(&(2, 1, true, vec![(1, 1)])));
        assert!(r.contains(&(-1, -2, true, vec![(-1, -1)])));
        assert_ne!(r, routes("nN"));
        // Only forward first, captures only on arrival.
        let fwd = parse_betza("mfafafcW").unwrap();
        assert_eq!(fwd.steps().len(), 1);
        let s = fwd.steps()[0];
        assert_eq!(
            (s.dx, s.dy, s.modality),
            (0, 3, crate::dsl::Modality::CaptureOnly)
        );
        assert_eq!(s.lame_squares(), [(0, 1), (0, 2)]);
    }

    #[test]
    fn later_legs_turn_relative_to_the_previous_leg() {
        // fW then a right-angle right turn: (1,1) through (0,1), not a lame fers (which has
        // no path).
        assert_eq!(routes("mfarW"), [(1, 1, true, vec![(0, 1)])]);
        // bW then turn right: facing backward, right is the board's left.
        assert_eq!(routes("mbarW"), [(-1, -1, true, vec![(0, -1)])]);
        // 135° right after fW: back to (1,0), through (0,1).
        assert_eq!(routes("mfabrW"), [(1, 0, true, vec![(0, 1)])]);
        // Default later leg of a four-fold atom: straight on or a right angle.
        assert_eq!(routes("mfaW").len(), 3);
        // Of K: anywhere but back (7 of 8) from each of 8 first steps; routes through the
        // start are plain steps, and no square is reached twice? K then K reaches (1,1) by
        // two routes, so this is refused.
        assert_eq!(
            error("maK").0,
            DslErrorKind::Legs("two routes reach one square")
        );
    }

    #[test]
    fn route_through_the_start_square_needs_nothing_there() {
        // fW, then back (b) to the start, then straight on (still facing back): ends on
        // (0,-1), through (0,1) and the start, which needs nothing.
        let r = routes("mfabafW");
        assert_eq!(r, [(0, -1, true, vec![(0, 1)])]);
        assert_eq!(
            error("mfabW").0,
            DslErrorKind::Legs("every route ends where it started")
        );
    }

    #[test]
    fn unsupported_forms_are_located() {
        assert_eq!(error("mafsR").1, 4..5);
        assert_eq!(error("mafsN").1, 4..5);
        assert_eq!(error("mafsWW").1, 4..6);
        assert_eq!(error("mafsW2").1, 5..6);
        assert_eq!(error("cafsW").1, 0..1);
        assert_eq!(error("mafhW").1, 3..4);
        assert_eq!(error("manfsW").1, 2..3);
        assert_eq!(error("mmafsW").1, 1..2);
        assert!(matches!(error("maaaaaaW").0, DslErrorKind::Legs(_)));
        assert_eq!(error("mafsX").0, DslErrorKind::NotAnAtom('X'));
        // `a` at the end has no atom after it.
        assert!(matches!(error("Wma").0, DslErrorKind::NoAtom { .. }));
    }

    #[test]
    fn described_in_words() {
        let text = parse_betza("mafsmafW").unwrap().describe();
        assert_eq!(
            text,
            "mafsmafW: in 3 legs: 1 step orthogonally to an empty square, then 1 step 45° \
             right or 45° left to an empty square, then 1 step straight on; 8 destinations"
        );
        let text = parse_betza("WmafscF").unwrap().describe();
        assert!(text.contains("mafscF: in 2 legs"), "{text}");
        assert!(text.contains("capture only"), "{text}");
    }
}
