//! Direction letters: pairing a run of letters into specs and selecting the images of an atom.
//!
//! The rules implemented here are documented in the parent module.

use std::ops::Range;

use crate::dsl::{DslError, DslErrorKind};

/// The shape of an atom's base vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// `(0, n)`: W D H.
    Orthogonal,
    /// `(n, n)`: F A G.
    Diagonal,
    /// `(a, b)` with `0 < a < b`: N C Z.
    Oblique,
}

impl Shape {
    /// The shape of a base vector `(a, b)` with `0 <= a <= b`.
    pub(super) fn of(base: (i8, i8)) -> Shape {
        match base {
            (0, _) => Shape::Orthogonal,
            (a, b) if a == b => Shape::Diagonal,
            _ => Shape::Oblique,
        }
    }
}

/// One direction spec: a single letter (or a doubled one, which means the same) or a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spec {
    /// `f`, or doubled `ff`.
    Single(u8),
    /// One vertical (f b v) and one horizontal (l r s) letter, in the order written.
    Cross(u8, u8),
    /// `fh` `bh` `lh` `rh`: every image with a component in that direction.
    Half(u8),
}

/// A letter's axis and sign: `Some((vertical, sign))`, sign 0 for `v` and `s` (either way).
fn letter(c: u8) -> Option<(bool, i16)> {
    match c {
        b'f' => Some((true, 1)),
        b'b' => Some((true, -1)),
        b'v' => Some((true, 0)),
        b'r' => Some((false, 1)),
        b'l' => Some((false, -1)),
        b's' => Some((false, 0)),
        _ => None,
    }
}

/// The component of `v` along an axis, and the other component, as absolute-safe `i16`.
fn along(v: (i8, i8), vertical: bool) -> (i16, i16) {
    let (dx, dy) = (i16::from(v.0), i16::from(v.1));
    if vertical { (dy, dx) } else { (dx, dy) }
}

/// Whether component `c` points the way of a letter with `sign` (0 = either way, not zero).
fn sign_ok(c: i16, sign: i16) -> bool {
    c != 0 && (sign == 0 || c.signum() == sign)
}

impl Spec {
    /// Whether this spec selects image `v` of an atom of shape `shape`.
    pub(super) fn selects(self, shape: Shape, v: (i8, i8)) -> bool {
        match self {
            Spec::Single(a) => single(a, v),
            Spec::Half(a) => letter(a).is_some_and(|(vert, sign)| sign_ok(along(v, vert).0, sign)),
            Spec::Cross(a, b) if shape == Shape::Orthogonal => {
                // `v` and `s` stand for two directions each: `fsW` = `fW` + `sW`. A pair of two
                // single directions (`fl`) names a diagonal, which an orthogonal atom has not.
                let wide = |c| c == b'v' || c == b's';
                (wide(a) || wide(b)) && (single(a, v) || single(b, v))
            }
            Spec::Cross(a, b) => match (letter(a), letter(b)) {
                (Some((va, sa)), Some((vb, sb))) => {
                    let (ca, _) = along(v, va);
                    let (cb, _) = along(v, vb);
                    sign_ok(ca, sa) && sign_ok(cb, sb) && cb.abs() >= ca.abs()
                }
                _ => false,
            },
        }
    }
}

/// A single letter: the component along its axis points its way and is the larger one.
fn single(a: u8, v: (i8, i8)) -> bool {
    letter(a).is_some_and(|(vert, sign)| {
        let (c, other) = along(v, vert);
        sign_ok(c, sign) && c.abs() >= other.abs()
    })
}

/// Pair up a group's direction letters (byte position, letter), greedily from the left.
///
/// Only letters next to each other in the source pair up. Returns the specs with the byte span
/// of their letters, or an error for an `h` that does not follow f, b, l or r.
pub(super) fn pair_up(letters: &[(usize, u8)]) -> Result<Vec<(Spec, Range<usize>)>, DslError> {
    let mut specs = Vec::new();
    let mut i = 0;
    while let Some(&(pos, a)) = letters.get(i) {
        let next = letters
            .get(i + 1)
            .filter(|&&(p, _)| p == pos + 1)
            .map(|&(_, b)| b);
        let vertical = |c| matches!(c, b'f' | b'b' | b'v');
        let horizontal = |c| matches!(c, b'l' | b'r' | b's');
        let pair = match next {
            Some(b'h') if matches!(a, b'f' | b'b' | b'l' | b'r') => Some(Spec::Half(a)),
            Some(b) if b == a && a != b'h' => Some(Spec::Single(a)),
            Some(b) if (vertical(a) && horizontal(b)) || (horizontal(a) && vertical(b)) => {
                Some(Spec::Cross(a, b))
            }
            _ => None,
        };
        if let Some(spec) = pair {
            specs.push((spec, pos..pos + 2));
            i += 2;
        } else if a == b'h' {
            return Err(DslError::new(pos..pos + 1, DslErrorKind::StrayHalf)
                .with_help("`fhN` is the four forward knight moves, `rhN` the four to the right"));
        } else {
            specs.push((Spec::Single(a), pos..pos + 1));
            i += 1;
        }
    }
    Ok(specs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(s: &str) -> Vec<(usize, u8)> {
        s.bytes().enumerate().collect()
    }

    #[test]
    fn pairs_greedily_from_the_left() {
        // `ff` doubled; `l` then `r` are both horizontal, so `l` stays single; `rh` is half.
        let specs = pair_up(&letters("fflrh")).unwrap();
        assert_eq!(
            specs,
            [
                (Spec::Single(b'f'), 0..2),
                (Spec::Single(b'l'), 2..3),
                (Spec::Half(b'r'), 3..5),
            ]
        );
        // `fr` and `rf` are both pairs, in the order written.
        let specs = pair_up(&letters("frrf")).unwrap();
        assert_eq!(
            specs,
            [
                (Spec::Cross(b'f', b'r'), 0..2),
                (Spec::Cross(b'r', b'f'), 2..4),
            ]
        );
    }

    #[test]
    fn only_adjacent_letters_pair() {
        // `f` at 0, `r` at 2 (an `m` between them).
        let specs = pair_up(&[(0, b'f'), (2, b'r')]).unwrap();
        assert_eq!(
            specs,
            [(Spec::Single(b'f'), 0..1), (Spec::Single(b'r'), 2..3)]
        );
    }

    #[test]
    fn stray_h_is_an_error() {
        assert_eq!(pair_up(&letters("hf")).unwrap_err().span, 0..1);
        assert_eq!(pair_up(&letters("vh")).unwrap_err().span, 1..2);
    }

    #[test]
    fn cross_pairs_put_the_second_axis_first_for_oblique_atoms() {
        let n = Shape::Oblique;
        assert!(Spec::Cross(b'f', b'r').selects(n, (2, 1)));
        assert!(!Spec::Cross(b'f', b'r').selects(n, (1, 2)));
        assert!(Spec::Cross(b'r', b'f').selects(n, (1, 2)));
        assert!(!Spec::Cross(b'r', b'f').selects(n, (2, 1)));
    }
}
