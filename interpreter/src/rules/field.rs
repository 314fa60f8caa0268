//! A rule module's fields in the extended position string: the module's state
//! ([`super::Module::STATE`]) as the module writes it ([`super::Module::write_field`]) and
//! reads it back ([`super::Module::read_field`]), with located problems ([`FieldProblem`]).
//!
//! The string is the core fields (board, seat to move, dice, scores, taken, rounds, …, the
//! first-move rights and en-passant square; `notation/position.rs`) with the modules' fields
//! placed by [`Place`]: a module that keeps state and is on writes its field after the core
//! fields, in registry order ([`Place::Tail`]), left out with the fields after it while it has
//! its start value. The thrones field keeps its historic place after the taken field, in every
//! variant ([`Place::AfterTaken`]), so that the strings written before the modules owned their
//! fields read and write the same.
//!
//! This layer does not know the notation's error type: a module's reader returns a
//! [`FieldProblem`] with byte ranges within its field, which `notation` turns into a located
//! `PositionError`.

use crate::vocab::{MAX_SEATS, Seat, SeatSet};
use std::ops::Range;

/// Where a module's field stands in the extended position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Right after the core's taken field, written in every variant (`-` where the module is
    /// off): the thrones field's place since before the modules owned their fields.
    AfterTaken,
    /// After the core fields (the last of which is the en-passant square), in registry order,
    /// only where the module is on; left out, with the fields after it, while it has its
    /// start value. Every new module's field goes here.
    Tail,
}

/// A module's field in the extended position string ([`super::Module::FIELD`]).
#[derive(Clone, Copy, Debug)]
pub struct StateField {
    /// The field's name in messages and docs (`thrones`, `count`).
    pub name: &'static str,
    /// Its form, for "expected …" messages: e.g. "`-`, or a running count's plies counted
    /// and its limit in plies, e.g. `6/32`".
    pub expected: &'static str,
    /// Where it stands.
    pub place: Place,
}

/// What a module's field is read and written against: the variant's seats.
#[derive(Clone, Copy, Debug)]
pub struct FieldCx<'a> {
    /// Each seat's letter in position strings, in turn order.
    pub letters: &'a [char],
    /// The rule modules of the variant (a module reads its own compiled form, if on).
    pub modules: &'a super::Modules,
}

impl FieldCx<'_> {
    /// The seat written as the letter `c` (either case).
    pub fn seat(&self, c: char) -> Option<Seat> {
        let c = c.to_ascii_lowercase();
        self.letters
            .iter()
            .position(|&l| l == c)
            .map(|i| Seat(i as u8))
    }

    /// Per seat (of the variant's), `seat:letters` entries joined by commas (`r:by,g:r`), or
    /// `None` where every set is empty.
    pub fn write_sets(&self, sets: &[SeatSet]) -> Option<String> {
        let parts: Vec<String> = (0..self.letters.len())
            .filter(|&i| !sets[i].is_empty())
            .map(|i| {
                let seats: String = (sets[i].iter())
                    .filter_map(|s| self.letters.get(s.index()))
                    .collect();
                format!("{}:{seats}", self.letters[i])
            })
            .collect();
        (!parts.is_empty()).then(|| parts.join(","))
    }

    /// Reads `-` or `seat:letters` entries joined by commas (`r:by,g:r`) into per-seat sets;
    /// `what` names the sets' members in an own-entry problem ("throne": a seat credited with
    /// its own).
    pub fn read_sets(
        &self,
        text: &str,
        what: &'static str,
    ) -> Result<[SeatSet; MAX_SEATS], FieldProblem> {
        let mut out = [SeatSet::EMPTY; MAX_SEATS];
        if text == "-" {
            return Ok(out);
        }
        let b = text.as_bytes();
        let mut i = 0;
        loop {
            let start = i;
            let owner = self.letter_at(text, i)?;
            i += 1;
            if b.get(i) != Some(&b':') {
                return Err(FieldProblem::unexpected(text, i));
            }
            i += 1;
            let first = i;
            while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
                out[owner.index()].insert(self.letter_at(text, i)?);
                i += 1;
            }
            if i == first {
                return Err(FieldProblem::unexpected(text, i));
            }
            if out[owner.index()].contains(owner) {
                return Err(FieldProblem::OwnEntry {
                    at: start..i,
                    seat: owner,
                    what,
                });
            }
            match b.get(i) {
                None => return Ok(out),
                Some(b',') => i += 1,
                Some(_) => return Err(FieldProblem::unexpected(text, i)),
            }
        }
    }

    /// The seat whose letter is at byte `i` of `text`.
    fn letter_at(&self, text: &str, i: usize) -> Result<Seat, FieldProblem> {
        let c = text[i..].chars().next();
        match c {
            Some(c) if c.is_ascii_alphabetic() => self.seat(c).ok_or(FieldProblem::UnknownSeat {
                at: i..i + 1,
                letter: c,
            }),
            _ => Err(FieldProblem::unexpected(text, i)),
        }
    }
}

/// Reads a whole number at bytes `at` of a field's text.
pub fn number<T: std::str::FromStr>(text: &str, at: Range<usize>) -> Result<T, FieldProblem> {
    let digits = &text[at.clone()];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        let bad = (at.start..at.end)
            .find(|&i| !text.as_bytes()[i].is_ascii_digit())
            .unwrap_or(at.start);
        return Err(FieldProblem::unexpected(text, bad));
    }
    digits.parse().map_err(|_| FieldProblem::TooLarge { at })
}

/// What is wrong with a module's field, at bytes of the field's own text; `notation` turns it
/// into a `PositionError` naming the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldProblem {
    /// Not the field's form ([`StateField::expected`]) from byte `at` (`found`: the character
    /// there, `None` at the end).
    Unexpected {
        /// The byte.
        at: usize,
        /// The character found.
        found: Option<char>,
    },
    /// A letter that is no seat's.
    UnknownSeat {
        /// Its bytes.
        at: Range<usize>,
        /// The letter.
        letter: char,
    },
    /// A number too large for the field.
    TooLarge {
        /// Its bytes.
        at: Range<usize>,
    },
    /// A seat credited with its own `what` (its own throne).
    OwnEntry {
        /// The entry's bytes.
        at: Range<usize>,
        /// The seat.
        seat: Seat,
        /// What it may not have of its own.
        what: &'static str,
    },
    /// A value the field cannot hold, with the reason ("3 values; the variant has 2 seats").
    Invalid {
        /// Its bytes.
        at: Range<usize>,
        /// Why, as a message.
        why: String,
    },
}

impl FieldProblem {
    /// Not the field's form at byte `at` of `text`.
    pub fn unexpected(text: &str, at: usize) -> FieldProblem {
        FieldProblem::Unexpected {
            at,
            found: text.get(at..).and_then(|s| s.chars().next()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx(modules: &super::super::Modules) -> FieldCx<'_> {
        FieldCx {
            letters: &['r', 'b', 'y', 'g'],
            modules,
        }
    }

    #[test]
    fn seat_sets_round_trip_and_locate_problems() {
        let m = super::super::Modules::default();
        let cx = cx(&m);
        let sets = cx.read_sets("r:by,g:r", "king").unwrap();
        assert_eq!(cx.write_sets(&sets).as_deref(), Some("r:by,g:r"));
        assert_eq!(
            cx.read_sets("-", "king").unwrap(),
            [SeatSet::EMPTY; MAX_SEATS]
        );
        assert_eq!(cx.write_sets(&[SeatSet::EMPTY; MAX_SEATS]), None);
        let bad = |t: &str| cx.read_sets(t, "throne").unwrap_err();
        assert_eq!(bad("r:"), FieldProblem::Unexpected { at: 2, found: None });
        assert_eq!(
            bad("r;b"),
            FieldProblem::Unexpected {
                at: 1,
                found: Some(';')
            }
        );
        assert_eq!(
            bad("r:bx"),
            FieldProblem::UnknownSeat {
                at: 3..4,
                letter: 'x'
            }
        );
        assert!(matches!(bad("b:y,g:g"), FieldProblem::OwnEntry { at, .. } if at == (4..7)));
    }

    #[test]
    fn numbers_are_located() {
        assert_eq!(number::<u32>("6/32", 0..1), Ok(6));
        assert_eq!(number::<u32>("6/32", 2..4), Ok(32));
        assert_eq!(
            number::<u8>("6/x2", 2..4),
            Err(FieldProblem::Unexpected {
                at: 2,
                found: Some('x')
            })
        );
        assert_eq!(
            number::<u8>("999", 0..3),
            Err(FieldProblem::TooLarge { at: 0..3 })
        );
    }
}
