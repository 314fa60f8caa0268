//! Check evasions from the reverse attack tables: for a royal piece in check by exactly one
//! piece, the squares a move must fill to answer the check and the pinned pieces, so that the
//! legality test of a move out of check is two set lookups instead of playing it
//! ([`AttackTable::evasions`]).

use super::AttackTable;
use crate::vocab::{Piece, SeatSet, SquareSet};

impl AttackTable {
    /// For a royal piece on `sq` (square index) on `board` (the mailbox), attacked by exactly
    /// one live piece of `enemies`: `(pinned, answers)`, where
    /// - `answers` holds the checker's square and the squares between it and `sq` (a line's
    ///   squares before the checker, a lame leap's blocking squares): a move that neither
    ///   captures the checker nor fills one of them leaves the royal piece attacked;
    /// - `pinned` holds the squares whose emptying could let another piece of `enemies`
    ///   attack `sq`: on each line walking back from `sq`, a first piece that is not an
    ///   enemy's attacker along it when the next piece is one, and the blocking squares of
    ///   every other lame leap of an enemy's piece onto `sq`.
    ///
    /// So a board move of another piece from outside `pinned` onto a square of `answers`, that
    /// removes no piece elsewhere (no en-passant-like capture), leaves `sq` unattacked, and a
    /// move onto no square of `answers` leaves it attacked; a drop is legal for this piece iff
    /// it fills a square of `answers`.
    ///
    /// `None` where this reasoning does not hold or tells nothing: the variant has hopping
    /// attackers (a filled square may give a screen), or `sq` is attacked by no piece or by
    /// two or more pieces of `enemies`. Cost: one walk of each line up to its second piece.
    pub fn evasions(
        &self,
        board: &[Piece],
        sq: u8,
        enemies: SeatSet,
    ) -> Option<(SquareSet, SquareSet)> {
        if self.has_hops {
            return None;
        }
        let enemy = |p: Piece| !p.is_empty() && !p.is_dead() && enemies.contains(p.owner());
        let (mut pinned, mut answers) = (SquareSet::default(), SquareSet::default());
        let mut checkers = 0;
        let (start, len) = self.leap_index[sq as usize];
        for r in &self.rev_leaps[start as usize..(start + len) as usize] {
            let p = board[r.from as usize];
            if enemy(p)
                && self.can_leap[p.combo(self.n_orients) * self.n_leap_types + r.ty as usize]
            {
                let blocks = &self.blocks[r.block as usize..r.block as usize + r.nblock as usize];
                if blocks.iter().all(|&b| board[b as usize].is_empty()) {
                    checkers += 1;
                    answers.insert(r.from);
                    blocks.iter().for_each(|&b| answers.insert(b));
                } else {
                    blocks.iter().for_each(|&b| pinned.insert(b));
                }
            }
        }
        let (start, len) = self.ray_index[sq as usize];
        for r in &self.rev_rays[start as usize..(start + len) as usize] {
            let squares = &self.ray_squares[r.start as usize..r.start as usize + r.len as usize];
            let attacks = |s: u8| {
                let p = board[s as usize];
                enemy(p)
                    && self.can_ray[p.combo(self.n_orients) * self.n_ray_types + r.ty as usize]
                    && self.starts_in(r, s)
            };
            let mut pieces =
                (squares.iter().enumerate()).filter(|&(_, &s)| !board[s as usize].is_empty());
            let Some((i, &first)) = pieces.next() else {
                continue;
            };
            if attacks(first) {
                checkers += 1;
                squares[..=i].iter().for_each(|&s| answers.insert(s));
            } else if pieces.next().is_some_and(|(_, &s)| attacks(s)) {
                pinned.insert(first);
            }
        }
        (checkers == 1).then_some((pinned, answers))
    }
}
