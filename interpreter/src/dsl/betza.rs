//! Betza movement notation (grammar `grammar/betza.pest`): parsing a piece's `betza:` string
//! into oriented [`Step`]s.
//!
//! A move is one or more groups `modifiers* atom range?`, e.g. `mfWcfF` or `FfW`.
//!
//! # Atoms
//! | atom | vector | | atom | vector | | compound | parts |
//! |---|---|---|---|---|---|---|---|
//! | `W` | (0,1) | | `H` | (0,3) | | `K` | `W` `F` |
//! | `F` | (1,1) | | `C` | (1,3) | | `R` | `WW` |
//! | `D` | (0,2) | | `Z` | (2,3) | | `B` | `FF` |
//! | `N` | (1,2) | | `G` | (3,3) | | `Q` | `WW` `FF` |
//! | `A` | (2,2) | | | | | | |
//!
//! Each atom stands for all 4 (orthogonal, diagonal) or 8 (oblique) symmetric images of its
//! vector. A doubled atom (`WW`, `NN`, `KK`) rides that leap without limit; an atom followed by a
//! number 1..=15 rides at most that many steps (`W2`, `R4`, `NN2`; `W1` = `W`). A range on a
//! compound applies to every part (`K2` = `W2F2`). Three or more of one atom letter (`WWW`) is
//! an error.
//!
//! # Modifiers
//! Lower-case letters before the atom, in any order: directions (below); `m` move only (no
//! capture), `c` capture only (neither: both; `m` with `c`, or either twice as in `mmF`, is an
//! error); `n` lame: the leap is blocked by a piece on a square it passes ([`lame_path`];
//! meaningless, and dropped, for W and F steps, which pass none: `nK` = `K`); `p` hop (XBetza):
//! the rider passes over exactly one piece, the *screen*, and goes on beyond it, moving to the
//! empty squares and capturing the next piece (the xiangqi cannon is `mRcpR`: moves as a rook,
//! captures by hopping); `g` grasshopper: the rider lands only on the square just beyond the
//! screen (`gQ`). `p` and `g` need a rider atom and exclude each other and `n` ([`Hop`]).
//! `i` (XBetza)
//! only as the piece's first move, and only with `m` (`ifmnD`, the chess pawn's double step:
//! a first-move capture would need the attack tables to know the right, which they do not);
//! `e` (XBetza) also captures en passant — a piece that has just passed the target square by
//! a lame first-move leap (`fceF`; not with `m`).
//!
//! # Directions
//! Vectors are in the piece's own frame: +dy is forward, +dx is right. No direction letter
//! selects every image. A run of adjacent direction letters is read greedily from the left into
//! *specs*; a pair is two adjacent letters that are the same letter (`ff`), one vertical
//! (`f b v`) and one horizontal (`l r s`) letter in either order (`fr`, `rf`, `fs`, `vl`), or
//! `f b l r` followed by `h`. Any other letter is a spec of its own. The group's vectors are
//! the union of what its specs select. For an image `(dx, dy)`, with "its axis" meaning `dy` for
//! `f b v` and `dx` for `l r s`, and `f r` positive, `b l` negative, `v s` either sign:
//!
//! - single letter `x` (or doubled `xx`, which means the same): the component on `x`'s axis
//!   points `x`'s way and is at least as long as the other component. So `fW` = (0,1); `fF` =
//!   (±1,1); `vF` = `sF` = all four; `fN` = `ffN` = (±1,2) (the shogi knight); `sN` = (±2,±1).
//! - pair `xy` across axes: both components point their letter's way and `y`'s (the second
//!   letter's) component is at least as long. For diagonal atoms order does not matter: `flF` =
//!   `lfF` = (-1,1), `fsF` = `fF`. For oblique atoms this is XBetza's reading: `frN` = (2,1),
//!   `rfN` = (1,2), `fsN` = (±2,1), `lvN` = (-1,±2). For orthogonal atoms a pair with `v` or `s`
//!   is the union of its letters (`fsW` = forward and sideways, the xiangqi soldier); a pair of
//!   two single directions (`flW`) names a diagonal, selects nothing and is an error (XBetza
//!   would read it as `fWlW`; write that instead).
//! - `xh` (half): the component on `x`'s axis points `x`'s way, whatever the other: `fhN` =
//!   the four forward knight moves, `fhW` = `fW`.
//!
//! A spec that selects nothing from its atom is an error at its letters, and so is a spec given
//! twice in one group (`bbbF` is `bb` then `b`; `fbfW` repeats `f`). Unknown letters are errors
//! at the letter, all of them reported at once. A string longer than [`MAX_LEN`] bytes is one
//! error.

mod describe;
mod direction;
mod legs;
mod problems;
#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use pest::Parser;
use pest::iterators::Pair;

use self::describe::describe_group;
use self::direction::{Shape, pair_up};
pub use self::legs::{Legs, MAX_LEGS};
use self::problems::{
    dangling, empty_spec, en_passant_move, initial_capture, parse_range, repeated_spec, rule_name,
    tripled, unknown_letter,
};
use super::error::from_pest;
use crate::dsl::{DslError, DslErrorKind};

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../../grammar/betza.pest"]
    pub(super) struct BetzaParser;
}
use grammar::{BetzaParser, Rule};

/// What a step may do on arrival: move to an empty square, capture, or either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Modality {
    /// Move to an empty square or capture (no `m`/`c` modifier).
    Both,
    /// Move to an empty square only (`m`).
    MoveOnly,
    /// Capture only (`c`).
    CaptureOnly,
}

impl Modality {
    /// The modality allowing everything either allows: `MoveOnly ∪ CaptureOnly = Both`.
    #[must_use]
    pub fn union(self, other: Modality) -> Modality {
        if self == other { self } else { Modality::Both }
    }

    /// What this modality allows that `other` does not: `Both − MoveOnly = CaptureOnly`;
    /// `None` when `other` allows all of it (`MoveOnly − Both`, `CaptureOnly − CaptureOnly`).
    #[must_use]
    pub fn minus(self, other: Modality) -> Option<Modality> {
        match (self, other) {
            (_, Modality::Both) => None,
            (s, o) if s == o => None,
            (Modality::Both, Modality::MoveOnly) => Some(Modality::CaptureOnly),
            (Modality::Both, Modality::CaptureOnly) => Some(Modality::MoveOnly),
            (s, _) => Some(s),
        }
    }
}

/// One oriented step family after expansion: vector in the piece frame (+dy forward, +dx
/// right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    /// Squares to the right (negative: left) per step.
    pub dx: i8,
    /// Squares forward (negative: backward) per step.
    pub dy: i8,
    /// 1 = leap; 0 = unlimited rider; k = rider of at most k steps.
    pub range: u8,
    /// What the step may do on arrival.
    pub modality: Modality,
    /// Each step is blocked by a piece on one of its [`lame_path`] squares (only set when that
    /// path is not empty).
    pub lame: bool,
    /// For a move made in legs (`a`, [`Legs`]): the squares between its legs, which replace
    /// the [`lame_path`] as the squares that must be empty; [`Legs::NONE`] otherwise.
    pub legs: Legs,
    /// Whether the step hops over a screen (`p`, `g`) or rides plainly.
    pub hop: Hop,
    /// XBetza `i`: only as the piece's first move (while it holds its first-move right).
    pub initial: bool,
    /// XBetza `e`: the step may also capture en passant — land on the square a piece passed
    /// by its multi-step first move just before, capturing that piece.
    pub en_passant: bool,
}

impl Step {
    /// The squares (piece frame, in order from the start) that must be empty for this step's
    /// leap: its [`Legs`] path for a move in legs, its [`lame_path`] for a lame leap, none
    /// otherwise.
    pub fn lame_squares(&self) -> Vec<(i8, i8)> {
        match (self.lame, self.legs.is_explicit()) {
            (false, _) => Vec::new(),
            (true, true) => self.legs.via().to_vec(),
            (true, false) => lame_path(self.dx, self.dy),
        }
    }
}

/// How a rider treats the first piece on its line (XBetza's `p` and `g`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Hop {
    /// No hop: the ray stops at the first piece (which it may capture).
    #[default]
    None,
    /// `p`: the ray must pass over exactly one piece (the screen) and goes on beyond it to
    /// the next piece, which it may capture (the xiangqi cannon's capture `cpR`).
    Cannon,
    /// `g`: the ray must pass over one piece and lands on the square just beyond it (the
    /// grasshopper `gQ`).
    Grasshopper,
}

/// One parsed group, for explaining: `modifiers atom range?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Byte range of the group in the source.
    pub span: Range<usize>,
    /// The modifier letters as written, e.g. `"mf"`.
    pub modifiers: String,
    /// The atom letter (`'N'` for `NN` too).
    pub atom: char,
    /// Whether the group rides (doubled atom, `R`/`B`/`Q`, or a range above 1).
    pub rider: bool,
    /// The range as written, if any.
    pub range: Option<u8>,
    /// The steps of this group, clockwise from forward, part by part (`W` then `F` for `K`);
    /// for a move in legs, one per route.
    pub steps: Vec<Step>,
    /// The number of legs (`a` modifiers plus one): 1 for an ordinary group.
    pub legs: u8,
}

/// A parsed Betza move: the source and its groups.
///
/// ```
/// use ashtapada::dsl::{Modality, parse_betza};
/// let pawn = parse_betza("mfWcfF").unwrap();
/// assert_eq!(pawn.groups.len(), 2);
/// assert_eq!(pawn.groups[0].steps[0].modality, Modality::MoveOnly);
/// assert_eq!(pawn.to_string(), "mfWcfF");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaMove {
    /// The string that was parsed.
    pub source: String,
    /// Its groups, in source order.
    pub groups: Vec<Group>,
}

impl BetzaMove {
    /// The modifier letters that change nothing: each is a byte range into
    /// [`source`](Self::source) of one letter whose removal leaves its group (alone) parsing to
    /// the same steps — a repeated direction on an orthogonal atom (`vvW`), a half (`h`) on an
    /// atom with no oblique halves (`fhW`), a lame `n` on a step with no square to block
    /// (`nR`, `nK`). A doubled direction on an oblique atom is XBetza's own spelling (`ffN`,
    /// the same as `fN`) and not reported, nor is a group another group covers (`KbF2`). At
    /// most one letter a group (the first); in source order. Meant for warnings: the move is
    /// what the designer wrote, only longer.
    pub fn redundant_modifiers(&self) -> Vec<Range<usize>> {
        let sorted_steps = |text: &str| {
            parse_betza(text).ok().map(|b| {
                let mut steps = b.steps();
                steps.sort_unstable();
                steps
            })
        };
        let mut out = Vec::new();
        for g in &self.groups {
            let text = &self.source[g.span.clone()];
            if !text.starts_with(&g.modifiers) {
                continue;
            }
            let oblique = g
                .steps
                .iter()
                .any(|s| s.dx != 0 && s.dy != 0 && s.dx.abs() != s.dy.abs());
            let bytes = g.modifiers.as_bytes();
            let doubled = |j: usize| {
                (j > 0 && bytes[j - 1] == bytes[j]) || bytes.get(j + 1) == Some(&bytes[j])
            };
            let Some(whole) = sorted_steps(text) else {
                continue;
            };
            let found = (0..bytes.len()).find(|&j| {
                if oblique && doubled(j) && b"fblr".contains(&bytes[j]) {
                    return false;
                }
                let mut shorter = text.to_string();
                shorter.remove(j);
                sorted_steps(&shorter).as_ref() == Some(&whole)
            });
            out.extend(found.map(|j| g.span.start + j..g.span.start + j + 1));
        }
        out
    }

    /// All steps of all groups as a union, in order of first appearance, so that each move
    /// (target and modality) comes from one step only: identical steps appear once, steps
    /// equal but for modality merge into their [`Modality::union`] (`mWcW` has the same steps
    /// as `W`), and a step another step of the same vector covers — reaching every square it
    /// reaches whenever it does, as the rook's ray covers the wazir's leap in `WR` — keeps
    /// only the modality the covering steps do not give ([`Modality::minus`]), or goes (`WR`
    /// has the steps of `R`, `WmR` a capture-only wazir leap besides a move-only rook ray).
    ///
    /// Steps of different vectors can still reach one square (the dabbaba's leap and the
    /// rook's second square in `DR`, where the path is clear).
    pub fn steps(&self) -> Vec<Step> {
        let mut out: Vec<Step> = Vec::new();
        for step in self.groups.iter().flat_map(|g| &g.steps) {
            let same = |s: &&mut Step| {
                (
                    s.dx,
                    s.dy,
                    s.range,
                    s.lame,
                    s.legs,
                    s.hop,
                    s.initial,
                    s.en_passant,
                ) == (
                    step.dx,
                    step.dy,
                    step.range,
                    step.lame,
                    step.legs,
                    step.hop,
                    step.initial,
                    step.en_passant,
                )
            };
            match out.iter_mut().find(same) {
                Some(s) => s.modality = s.modality.union(step.modality),
                None => out.push(*step),
            }
        }
        let merged = out.clone();
        out.retain_mut(|s| {
            let covering = merged
                .iter()
                .filter(|c| covers(c, s))
                .map(|c| c.modality)
                .reduce(Modality::union);
            match covering {
                None => true,
                Some(c) => match s.modality.minus(c) {
                    Some(m) => {
                        s.modality = m;
                        true
                    }
                    None => false,
                },
            }
        });
        out
    }

    /// A short English summary, one line per group, e.g. `mfW: step 1 forward, move only`.
    pub fn describe(&self) -> String {
        let lines: Vec<String> = self
            .groups
            .iter()
            .map(|g| {
                let text = self.source.get(g.span.clone()).unwrap_or("?");
                format!("{text}: {}", describe_group(g))
            })
            .collect();
        lines.join("\n")
    }
}

impl fmt::Display for BetzaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

impl FromStr for BetzaMove {
    type Err = Vec<DslError>;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_betza(s)
    }
}

/// True if step `c` reaches every square step `s` reaches, whenever `s` does, and is not `s`:
/// the same vector, a range at least as long (0 = unlimited), and no lame path unless `s` has
/// the same one. A ride's first square is always reached, so a ride covers a leap of its vector.
/// First-move (`i`) and en-passant (`e`) steps cover and are covered only by steps with the
/// same flags.
fn covers(c: &Step, s: &Step) -> bool {
    let reach = |r: u8| if r == 0 { u16::MAX } else { u16::from(r) };
    (c.dx, c.dy, c.hop, c.initial, c.en_passant) == (s.dx, s.dy, s.hop, s.initial, s.en_passant)
        && (c.range, c.lame, c.legs) != (s.range, s.lame, s.legs)
        && reach(c.range) >= reach(s.range)
        && (!c.lame || (s.lame && c.legs == s.legs))
}

/// The longest Betza move accepted, in bytes. Real pieces need a few groups (the longest in
/// common use have under 30 characters); a longer string is refused with one error instead of
/// one per group.
pub const MAX_LEN: usize = 256;

/// The base vectors `(a, b)`, `0 <= a <= b`, of an atom and whether it rides by itself.
fn atom_parts(atom: char) -> Option<(&'static [(i8, i8)], bool)> {
    Some(match atom {
        'W' => (&[(0, 1)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(0, 2)], false),
        'N' => (&[(1, 2)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(0, 3)], false),
        'C' => (&[(1, 3)], false),
        'Z' => (&[(2, 3)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(0, 1), (1, 1)], false),
        'R' => (&[(0, 1)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(0, 1), (1, 1)], true),
        _ => return None,
    })
}

/// The distinct images of a base vector, clockwise from straight forward.
fn images((a, b): (i8, i8)) -> Vec<(i8, i8)> {
    let mut out: Vec<(i8, i8)> = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out.sort_by(|p, q| clockwise(*p).total_cmp(&clockwise(*q)));
    out
}

/// The clockwise angle from forward, in `[0, 2π)`.
fn clockwise((dx, dy): (i8, i8)) -> f64 {
    let angle = f64::from(dx).atan2(f64::from(dy));
    if angle < 0.0 {
        angle + std::f64::consts::TAU
    } else {
        angle
    }
}

/// Parse a Betza move, collecting every problem.
///
/// Errors: empty string (span `0..0`); a character that is not a letter or a range (at that
/// character); an unknown letter, atom or modifier (at the letter); `m` with `c` (at the
/// second one); a range of 0 or above 15 (at the number); a direction spec that selects
/// nothing, e.g. `fl` in `flW` (at the letters); a direction spec, `m` or `c` given twice in one
/// group (at the second); an atom letter three times or more, `WWW` (at the run); modifiers with
/// no atom after them; a string longer than [`MAX_LEN`] bytes (the whole string, one error).
///
/// ```
/// use ashtapada::dsl::parse_betza;
/// let gold = parse_betza("WfF").unwrap();
/// assert_eq!(gold.steps().len(), 6);
/// assert_eq!(parse_betza("fX").unwrap_err()[0].span, 1..2);
/// ```
pub fn parse_betza(src: &str) -> Result<BetzaMove, Vec<DslError>> {
    if src.is_empty() {
        return Err(vec![
            DslError::new(0..0, DslErrorKind::EmptyBetza)
                .with_help("write at least one atom, e.g. `K` or `mfWcfF`"),
        ]);
    }
    if src.len() > MAX_LEN {
        return Err(vec![
            DslError::new(
                0..src.len(),
                DslErrorKind::BetzaTooLong {
                    len: src.len(),
                    max: MAX_LEN,
                },
            )
            .with_help(
                "a piece's movement takes a few groups, e.g. `mfWcfF` or `FfW`; list each \
                 group once",
            ),
        ]);
    }
    let mut pairs = BetzaParser::parse(Rule::betza, src).map_err(|e| {
        // The groups before a syntax error are checked too, where they read alone: `Kxyz!`
        // names `x`, `y` and `z` as well as the `!`.
        let error = from_pest(&e, src, rule_name);
        let mut before = src
            .get(..error.span.start)
            .filter(|p| !p.is_empty() && BetzaParser::parse(Rule::betza, p).is_ok())
            .and_then(|p| parse_betza(p).err())
            .unwrap_or_default();
        let space = src
            .get(error.span.clone())
            .is_some_and(|t| !t.is_empty() && t.trim().is_empty());
        before.push(if space {
            error.with_help("a Betza move has no spaces")
        } else if error.help.is_none() {
            error.with_help(
                "a Betza move is groups of modifiers (f b l r v s h m c n a p g) before an atom \
                 (W F D N A H C Z G K Q R B) and an optional range, e.g. `mfWcfF` or `R4`",
            )
        } else {
            error
        });
        before
    })?;
    let mut errors = Vec::new();
    tripled(src, &mut errors);
    let mut groups = Vec::new();
    for pair in pairs.next().map(Pair::into_inner).into_iter().flatten() {
        match pair.as_rule() {
            Rule::group => {
                if let Some(group) = parse_group(pair, &mut errors) {
                    groups.push(group);
                }
            }
            Rule::dangling => dangling(pair, &mut errors),
            _ => {}
        }
    }
    if errors.is_empty() {
        Ok(BetzaMove {
            source: src.to_owned(),
            groups,
        })
    } else {
        Err(errors)
    }
}

/// Parse one group; `None` (with errors pushed) if it is not valid.
fn parse_group(pair: Pair<'_, Rule>, errors: &mut Vec<DslError>) -> Option<Group> {
    if legs::has_legs(&pair) {
        return legs::parse_legged(pair, errors);
    }
    let span = pair.as_span().start()..pair.as_span().end();
    let before = errors.len();
    let mut letters: Vec<(usize, u8)> = Vec::new();
    let mut modifiers = String::new();
    let mut modality: Option<char> = None;
    let (mut lame, mut doubled) = (false, false);
    let mut hop: Option<(char, Range<usize>)> = None;
    let (mut initial, mut en_passant) = (false, false);
    let (mut atom, mut range) = (None, None);
    for inner in pair.into_inner() {
        let at = inner.as_span().start()..inner.as_span().end();
        let text = inner.as_str();
        let first = text.chars().next().unwrap_or('?');
        match inner.as_rule() {
            Rule::direction => letters.push((at.start, first as u8)),
            Rule::modality => match modality {
                Some(m) if m != first => errors.push(
                    DslError::new(at, DslErrorKind::MoveAndCapture)
                        .with_help("leave both out for a move that may move or capture"),
                ),
                Some(_) => errors.push(
                    DslError::new(at, DslErrorKind::RepeatedModality(first))
                        .with_help(format!("write `{first}` once")),
                ),
                None => modality = Some(first),
            },
            Rule::lame => lame = true,
            Rule::hop => match &hop {
                Some((h, _)) => errors.push(
                    DslError::new(at.clone(), DslErrorKind::HopTwice(*h, first)).with_help(
                        "a group hops one way: write `p` (cannon) or `g` (grasshopper) once",
                    ),
                ),
                None => hop = Some((first, at.clone())),
            },
            Rule::initial => initial = true,
            Rule::en_passant => en_passant = true,
            Rule::unknown_modifier | Rule::unknown_atom => errors.push(unknown_letter(first, at)),
            Rule::doubled | Rule::atom => {
                atom = Some(first);
                doubled = inner.as_rule() == Rule::doubled;
            }
            Rule::range => range = parse_range(text, at, errors),
            _ => {}
        }
        if matches!(
            inner.as_rule(),
            Rule::direction
                | Rule::modality
                | Rule::lame
                | Rule::hop
                | Rule::initial
                | Rule::en_passant
        ) {
            modifiers.push(first);
        }
    }
    let specs = pair_up(&letters).map_err(|e| errors.push(e)).ok()?;
    for (i, (spec, at)) in specs.iter().enumerate() {
        if specs[..i].iter().any(|(s, _)| s == spec) {
            errors.push(repeated_spec(&letters_text(&letters, at), at.clone()));
        }
    }
    let atom = atom?;
    let (parts, rides) = atom_parts(atom)?;
    let reach = match range {
        Some(r) => r,
        None if doubled || rides => 0,
        None => 1,
    };
    let hop = hop_of(hop, reach == 1 || lame, errors);
    let modality = match modality {
        Some('m') => Modality::MoveOnly,
        Some(_) => Modality::CaptureOnly,
        None => Modality::Both,
    };
    if initial && modality != Modality::MoveOnly {
        errors.push(initial_capture(span.clone()));
    }
    if en_passant && modality == Modality::MoveOnly {
        errors.push(en_passant_move(span.clone()));
    }
    let template = Step {
        dx: 0,
        dy: 0,
        range: reach,
        modality,
        lame,
        legs: Legs::NONE,
        hop,
        initial,
        en_passant,
    };
    let (steps, used) = expand(parts, &specs, template);
    for ((_, at), used) in specs.iter().zip(&used) {
        if !used {
            errors.push(empty_spec(&letters_text(&letters, at), atom, at.clone()));
        }
    }
    if errors.len() > before {
        return None;
    }
    Some(Group {
        span,
        modifiers,
        atom,
        rider: reach != 1,
        range,
        steps,
        legs: 1,
    })
}

/// The steps of a group: every image of every part its direction specs select (all of them
/// without a spec), made from `template` (its `lame` is dropped where the image passes no
/// square); and, per spec, whether it selected anything.
fn expand(
    parts: &[(i8, i8)],
    specs: &[(direction::Spec, Range<usize>)],
    template: Step,
) -> (Vec<Step>, Vec<bool>) {
    let mut steps = Vec::new();
    let mut used = vec![false; specs.len()];
    for &base in parts {
        let shape = Shape::of(base);
        for (dx, dy) in images(base) {
            let mut selected = specs.is_empty();
            for ((spec, _), used) in specs.iter().zip(used.iter_mut()) {
                if spec.selects(shape, (dx, dy)) {
                    selected = true;
                    *used = true;
                }
            }
            if selected {
                steps.push(Step {
                    dx,
                    dy,
                    lame: template.lame && !lame_path(dx, dy).is_empty(),
                    ..template
                });
            }
        }
    }
    (steps, used)
}

/// The [`Hop`] of a group from its hop letter (with its span), if any; a hop on a leap
/// (`leaps`: the atom does not ride, or is lame) is an error at the letter.
fn hop_of(hop: Option<(char, Range<usize>)>, leaps: bool, errors: &mut Vec<DslError>) -> Hop {
    match hop {
        Some((h, at)) if leaps => {
            errors.push(DslError::new(at, DslErrorKind::HopNotRider(h)).with_help(
                "`p` and `g` hop along a line: put them before a rider such as `R`, `B`, `Q` or \
                 `WW`, without `n` (e.g. the cannon `mRcpR`)",
            ));
            Hop::None
        }
        Some(('p', _)) => Hop::Cannon,
        Some(_) => Hop::Grasshopper,
        None => Hop::None,
    }
}

/// The direction letters inside `at`, as text.
fn letters_text(letters: &[(usize, u8)], at: &Range<usize>) -> String {
    letters
        .iter()
        .filter(|(p, _)| at.contains(p))
        .map(|&(_, c)| char::from(c))
        .collect()
}

/// For a lame leap `(dx, dy)`: the offsets (piece frame) that must be empty, in order from the
/// start, excluding start and end.
///
/// Orthogonal or diagonal lines: every square strictly between. Oblique: orthogonal steps along
/// the major axis first (|major| − |minor| of them), then diagonal steps.
///
/// ```
/// use ashtapada::dsl::lame_path;
/// assert_eq!(lame_path(1, 2), [(0, 1)]);
/// assert_eq!(lame_path(2, 3), [(0, 1), (1, 2)]);
/// assert_eq!(lame_path(-2, 0), [(-1, 0)]);
/// assert!(lame_path(1, 1).is_empty());
/// ```
pub fn lame_path(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let (ax, ay) = (i16::from(dx).abs(), i16::from(dy).abs());
    let (sx, sy) = (i16::from(dx.signum()), i16::from(dy.signum()));
    let (mut x, mut y) = (0i16, 0i16);
    let mut path = Vec::new();
    // Every intermediate offset is shorter than the leap, so it fits in an i8.
    let mut push = |x: i16, y: i16| path.push((x as i8, y as i8));
    if ax == 0 || ay == 0 || ax == ay {
        for k in 1..ax.max(ay) {
            push(sx * k, sy * k);
        }
    } else {
        for _ in 0..(ax - ay).abs() {
            if ax > ay {
                x += sx
            } else {
                y += sy
            }
            push(x, y);
        }
        for _ in 1..ax.min(ay) {
            x += sx;
            y += sy;
            push(x, y);
        }
    }
    path
}
