//! Ending knowledge for the two-seat search ([`Grade::ending`](super::Grade::ending)): once
//! one seat is far ahead and the other has little left, the side ahead is shown the way to
//! finish the game instead of shuffling until a draw rule ends it. General over rule files:
//! - the losing seat's royal piece is driven to the edge and the corner, and the winning
//!   seat's royal piece comes close to it (the "mop-up" of chess engines: it leads to mate, and
//!   to stalemate where the rule file makes that a loss);
//! - where an end condition counts a seat's pieces (a bare royal piece loses, as in
//!   Chaturanga and shatranj), the winning seat's pieces close in on the losing seat's last
//!   non-royal pieces, whose capture ends the game.

use super::eval::{Evaluator, UNIT};
use crate::engine::Position;
use crate::vocab::Seat;

/// The least lead, in evaluation units of non-royal material on the board, that counts as far
/// ahead: two units of rule-file value (two pawns in chess).
const LEAD: i32 = 2 * UNIT;

/// The losing seat counts as having little left at this percentage of its material at the
/// start, or less.
const LITTLE_PCT: i32 = 35;

/// Units per step of the losing royal piece's distance from the board's centre (file and
/// rank each, in half-squares beyond the central ones).
const EDGE: i32 = 6;

/// Units per square by which the two royal pieces are closer than the board's longer side.
const CLOSE: i32 = 10;

/// Units per square by which one of the winning seat's pieces is closer to one of the losing
/// seat's non-royal pieces than the board's longer side (bare-royal games).
const HUNT: i32 = 2;

/// What the ending term needs of a variant, built once per variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Ending {
    /// The variant's address, to know when to build again.
    variant: usize,
    /// An end condition counts a seat's pieces (`bare`, `non_royal`, `pieces`): capturing the
    /// last non-royal pieces decides the game.
    hunt: bool,
    /// Per seat: non-royal material on the board at the start, in units.
    start: [i32; 2],
}

impl Ending {
    /// The ending knowledge of `pos`'s variant, with the evaluator's piece values.
    pub(super) fn new(pos: &Position, eval: &Evaluator) -> Ending {
        let v = pos.variant();
        let hunt = counts_pieces(v);
        let start_pos = Position::start(v.clone());
        let start = [0, 1].map(|s| material(&start_pos, eval, Seat(s)).0);
        Ending {
            variant: std::sync::Arc::as_ptr(v) as usize,
            hunt,
            start,
        }
    }

    /// True if this was built for `pos`'s variant.
    pub(super) fn is_for(&self, pos: &Position) -> bool {
        self.variant == std::sync::Arc::as_ptr(pos.variant()) as usize
    }

    /// The ending term of `pos` for `seat`, in evaluation units: 0 unless one seat leads by
    /// [`LEAD`] in non-royal material on the board and the other has at most [`LITTLE_PCT`]
    /// percent of its start material; then the mop-up and hunting terms for the seat ahead
    /// (positive for `seat` when it is ahead, negative when behind).
    pub(super) fn value(&self, pos: &Position, eval: &Evaluator, seat: Seat) -> i32 {
        let (m0, r0) = material(pos, eval, Seat(0));
        let (m1, r1) = material(pos, eval, Seat(1));
        let (strong, weak, lead, left) = if m0 >= m1 {
            (0, 1, m0 - m1, m1)
        } else {
            (1, 0, m1 - m0, m0)
        };
        if lead < LEAD || left * 100 > self.start[weak] * LITTLE_PCT {
            return 0;
        }
        let (Some(our_royal), Some(their_royal)) = ([r0, r1][strong], [r0, r1][weak]) else {
            return 0;
        };
        let board = pos.variant().board;
        let (files, ranks) = (i32::from(board.files), i32::from(board.ranks));
        let at = |sq: u8| {
            let s = crate::geometry::Square(sq);
            (i32::from(board.file(s)), i32::from(board.rank(s)))
        };
        let apart = |a: (i32, i32), b: (i32, i32)| (a.0 - b.0).abs().max((a.1 - b.1).abs());
        let longest = files.max(ranks) - 1;
        let (f, r) = at(their_royal);
        // Twice the distance from the centre line, less the central squares' own.
        let off_centre = (2 * f - (files - 1)).abs() + (2 * r - (ranks - 1)).abs();
        let central = (files - 1) % 2 + (ranks - 1) % 2;
        let mut v = EDGE * (off_centre - central);
        v += CLOSE * (longest - apart(at(our_royal), (f, r)));
        if self.hunt {
            let b = pos.board();
            let ours: Vec<(i32, i32)> = pos
                .pieces_of(Seat(strong as u8))
                .iter()
                .filter(|&sq| !b[sq as usize].is_dead())
                .map(at)
                .collect();
            let royals = pos.royal_squares(Seat(weak as u8));
            for sq in pos.pieces_of(Seat(weak as u8)).iter() {
                if b[sq as usize].is_dead() || royals.contains(sq) {
                    continue;
                }
                let p = at(sq);
                v += ours
                    .iter()
                    .map(|&q| HUNT * (longest - apart(p, q)))
                    .sum::<i32>();
            }
        }
        if seat.index() == strong { v } else { -v }
    }
}

/// True if an end condition of `v` counts a seat's pieces (`bare`, `non_royal`, `pieces`):
/// capturing pieces can decide the game (and zugzwang is common there).
pub(super) fn counts_pieces(v: &crate::compile::Variant) -> bool {
    use crate::compile::Quantity as Q;
    v.end.conditions.iter().any(|c| {
        c.quantities
            .iter()
            .any(|q| matches!(q, Q::Bare(_) | Q::NonRoyal(_) | Q::Pieces(_)))
    })
}

/// `seat`'s non-royal material on the board in units (live pieces at the evaluator's values),
/// and the square of one of its royal pieces (none without one).
fn material(pos: &Position, eval: &Evaluator, seat: Seat) -> (i32, Option<u8>) {
    let b = pos.board();
    let royals = pos.royal_squares(seat);
    let sum = pos
        .pieces_of(seat)
        .iter()
        .filter(|&sq| !royals.contains(sq) && !b[sq as usize].is_dead())
        .map(|sq| eval.kind_value(b[sq as usize].kind()))
        .sum();
    (sum, royals.first())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    fn value_of(fen: &str, seat: u8) -> i32 {
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        let pos = crate::notation::from_fen(&v, fen).unwrap();
        let eval = Evaluator::fitted(&pos);
        Ending::new(&pos, &eval).value(&pos, &eval, Seat(seat))
    }

    #[test]
    fn level_or_full_positions_have_no_ending_term() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        assert_eq!(value_of(start, 0), 0);
        // A rook each: level.
        assert_eq!(value_of("4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", 0), 0);
        // White a rook up but black keeps most of its army: not an ending yet.
        let middle = "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        assert_eq!(value_of(middle, 0), 0);
    }

    #[test]
    fn the_side_ahead_drives_the_bare_royal_piece_and_hunts_the_last_pieces() {
        // White: raja e1, ratha a1; black: raja e8, mantri (ferz) d5. Worked by hand on 8×8:
        // black raja e8 = (4, 7): off centre |8 − 7| + |14 − 7| = 8, less the central 2:
        // 6 × EDGE = 36; the rajas are 7 apart: (7 − 7) × CLOSE = 0; the mantri d5 = (3, 4)
        // is 4 from e1 (4, 0) and 4 from a1 (0, 0): 2 × (7 − 4) × HUNT = 12. Total 48.
        let fen = "4k3/8/8/3q4/8/8/8/R3K3 w - - 0 1";
        assert_eq!(value_of(fen, 0), 48);
        assert_eq!(value_of(fen, 1), -48);
        // The black raja cornered on h8 next to the white raja on f7 (2 apart): off centre
        // 7 + 7 − 2 = 12 → 72; (7 − 2) × 10 = 50; the mantri d5 is 4 from a1 and 2 from f7:
        // (3 + 5) × 2 = 16. Total 138: better for white than the first.
        let cornered = "7k/5K2/8/3q4/8/8/8/R7 w - - 0 1";
        assert_eq!(value_of(cornered, 0), 138);
    }
}
