//! The problems of a Betza string: pest's errors renamed, unknown letters, bad ranges, specs
//! that select nothing, modifiers without an atom.

use std::ops::Range;

use pest::iterators::Pair;

use super::Rule;
use super::atom_parts;
use crate::dsl::{DslError, DslErrorKind};

/// The atom letters, for help lines.
const ATOMS: &str = "W F D N A H C Z G (leaps) and K Q R B (compounds)";
/// The modifier letters, for help lines.
const MODIFIERS: &str = "f b l r v s h (directions), m c (move only, capture only), n (lame), a (again: legs), p g (hop: cannon, grasshopper), i (first move only), e (en passant)";

/// Friendly names of the rules pest may list as expected, ranked for the "expected" list.
pub(super) fn rule_name(rule: &Rule) -> Option<(u8, &'static str)> {
    Some(match rule {
        Rule::betza => (0, "a Betza move such as `K` or `mfWcfF`"),
        Rule::group | Rule::doubled | Rule::atom | Rule::unknown_atom => {
            (1, "a Betza atom (W F D N A H C Z G K Q R B)")
        }
        Rule::modifier
        | Rule::direction
        | Rule::modality
        | Rule::lame
        | Rule::again
        | Rule::hop
        | Rule::initial
        | Rule::en_passant
        | Rule::unknown_modifier
        | Rule::dangling => (2, "a modifier (f b l r v s h m c n a p g i e)"),
        Rule::range => (3, "a range (1 to 15)"),
        Rule::EOI => (4, "the end of the move"),
    })
}

/// The error for a letter the grammar accepted only to report it.
pub(super) fn unknown_letter(letter: char, span: Range<usize>) -> DslError {
    if let Some(what) = unsupported_modifier(letter) {
        return DslError::new(span, DslErrorKind::Unsupported { letter, what })
            .with_help(format!("the supported modifiers are {MODIFIERS}"));
    }
    if letter.is_ascii_uppercase() {
        let hint = match letter {
            'L' => "the (1,3) leap is `C` here; ".to_owned(),
            'J' => "the (2,3) leap is `Z` here; ".to_owned(),
            _ if "fblrvsmcnpg".contains(letter.to_ascii_lowercase()) => {
                format!(
                    "modifiers are lower case: did you mean `{}`? ",
                    letter.to_ascii_lowercase()
                )
            }
            _ => String::new(),
        };
        DslError::new(span, DslErrorKind::NotAnAtom(letter))
            .with_help(format!("{hint}atoms are {ATOMS}"))
    } else {
        let upper = letter.to_ascii_uppercase();
        let hint = if atom_parts(upper).is_some() {
            format!("atoms are capitals: did you mean `{upper}`? ")
        } else {
            String::new()
        };
        DslError::new(span, DslErrorKind::NotAModifier(letter)).with_help(format!(
            "{hint}modifiers are {MODIFIERS}; atoms are {ATOMS}"
        ))
    }
}

/// What an XBetza modifier letter this dialect does not support yet stands for ("first-move
/// rights are"), if it is one: it is named as such, never taken for a misspelt atom.
fn unsupported_modifier(letter: char) -> Option<&'static str> {
    Some(match letter {
        'j' => "jumping over an occupied square is",
        'y' => "bent riders are",
        'z' => "zigzag (crooked) moves are",
        'o' => "moves wrapping round the board edge are",
        'u' => "unloading a captured piece is",
        'd' => "capturing one's own pieces is",
        'k' => "moves that only give check are",
        _ => return None,
    })
}

/// Modifiers at the end with no atom: report their unknown letters, or the missing atom.
pub(super) fn dangling(pair: Pair<'_, Rule>, errors: &mut Vec<DslError>) {
    let span = pair.as_span();
    let before = errors.len();
    for inner in pair.into_inner() {
        if inner.as_rule() == Rule::unknown_modifier {
            let letter = inner.as_str().chars().next().unwrap_or('?');
            errors.push(unknown_letter(
                letter,
                inner.as_span().start()..inner.as_span().end(),
            ));
        }
    }
    if errors.len() == before {
        errors.push(
            DslError::new(
                span.start()..span.end(),
                DslErrorKind::NoAtom {
                    modifiers: span.as_str().to_owned(),
                },
            )
            .with_help(format!(
                "end the group with an atom, e.g. `{}W`",
                span.as_str()
            )),
        );
    }
}

/// The error for a direction spec that selects no image of `atom`.
pub(super) fn empty_spec(spec: &str, atom: char, at: Range<usize>) -> DslError {
    let split: Vec<String> = spec.chars().map(|c| format!("{c}{atom}")).collect();
    DslError::new(
        at,
        DslErrorKind::SelectsNothing {
            spec: spec.to_owned(),
            atom,
        },
    )
    .with_help(format!(
        "a pair of a vertical and a horizontal letter names a diagonal or oblique direction; \
         for the union of both directions write `{}`",
        split.concat()
    ))
}

/// Parse a range, pushing an error (at the number) unless it is 1..=15.
pub(super) fn parse_range(text: &str, at: Range<usize>, errors: &mut Vec<DslError>) -> Option<u8> {
    let value = text.parse::<u32>().unwrap_or(u32::MAX);
    let rider_help = "for a rider without limit double the atom (`WW`, `NN`) or use R, B or Q";
    match u8::try_from(value) {
        Ok(r @ 1..=15) => Some(r),
        _ if value == 0 => {
            errors.push(DslError::new(at, DslErrorKind::RangeZero).with_help(rider_help));
            None
        }
        _ => {
            errors.push(
                DslError::new(at, DslErrorKind::RangeTooLarge(text.to_owned()))
                    .with_help(rider_help),
            );
            None
        }
    }
}

/// Reports every run of three or more of one atom letter (`WWW`): a doubled atom is the rider,
/// and a third letter adds nothing (XBetza has no tripled atoms).
pub(super) fn tripled(src: &str, errors: &mut Vec<DslError>) {
    let bytes = src.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let run = bytes[i..].iter().take_while(|&&b| b == c).count();
        if run >= 3 && atom_parts(char::from(c)).is_some() {
            let text = &src[i..i + run];
            let atom = char::from(c);
            errors.push(
                DslError::new(i..i + run, DslErrorKind::Tripled(text.to_owned())).with_help(
                    format!(
                        "`{atom}{atom}` rides the `{atom}` leap without limit; for at most N leaps \
                     write a range, e.g. `{atom}3`"
                    ),
                ),
            );
        }
        i += run;
    }
}

/// The error for a direction spec (`b`, `fr`, `fh`) given twice in one group, at the second.
pub(super) fn repeated_spec(spec: &str, at: Range<usize>) -> DslError {
    DslError::new(at, DslErrorKind::RepeatedDirection(spec.to_owned())).with_help(
        "write each direction once (a doubled letter such as `ff` means the same as `f`)",
    )
}

/// `i` on a step that may capture: first-move steps are move only here.
pub(super) fn initial_capture(span: Range<usize>) -> DslError {
    DslError::new(span, DslErrorKind::InitialCapture).with_help(
        "write `m` with `i` (the chess pawn's double step is `ifmnD`): the attack tables do \
         not know which pieces still hold their first move",
    )
}

/// `e` with `m`: en passant is a capture.
pub(super) fn en_passant_move(span: Range<usize>) -> DslError {
    DslError::new(span, DslErrorKind::EnPassantMove)
        .with_help("en passant is a capture: write `ce` or `e` (the chess pawn's `fceF`)")
}
