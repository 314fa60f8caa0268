//! Duple check (`last-royal: { duple-check: true }`, [`crate::rules::last_royal`];
//! Fairy-Stockfish's `dupleCheck`): a seat whose pieces of the last-royal kinds are all
//! attacked is in check, and a move may not leave them so — spartan chess's two kings, neither
//! royal while both stand.

use super::Position;
use crate::vocab::Seat;

impl Position {
    /// True if `seat` has pieces of the duple-check kinds on the board and every one of them is
    /// attacked by an enemy. The pieces are looked for on `seat`'s occupied squares and on
    /// `landed` (the square a move being tested lands on: the board may hold that move applied,
    /// its other sets not). False without `duple-check`.
    pub(crate) fn duple_checked(&self, seat: Seat, landed: Option<u8>) -> bool {
        let Some(lr) = self.variant.rules.last_royal.filter(|lr| lr.duple_check) else {
            return false;
        };
        let enemies = self.enemies(seat);
        let mut any = false;
        let mut squares = self.occ[seat.index()];
        if let Some(sq) = landed {
            squares.insert(sq);
        }
        for sq in squares.iter() {
            let p = self.board[sq as usize];
            if p.is_empty() || p.owner() != seat || !lr.has(p.kind()) {
                continue;
            }
            if !self.variant.attacks.attacked(&self.board, sq, enemies) {
                return false;
            }
            any = true;
        }
        any
    }
}
