//! The engine side of `end.mate-rule` ([`crate::rules::mate_rule`]): which checkmates count.

use super::Position;
use crate::geometry::Square;
use crate::rules::mate_rule::series_held;
use crate::vocab::{EndReason, ResultKind, Seat, SeatSet};

impl Position {
    /// True if `sq` is attacked by a live piece of a kind in `kinds` (bit = kind index) of a
    /// seat in `seats`: the pieces of those seats of other kinds are judged as dead pieces,
    /// which block but never attack. Copies the board: for end rules, not the move generator.
    pub(crate) fn attacked_by_kinds(&self, sq: Square, seats: SeatSet, kinds: u64) -> bool {
        let mut board = self.board;
        for p in board.iter_mut() {
            if !p.is_empty() && seats.contains(p.owner()) && kinds >> p.kind().0 & 1 == 0 {
                *p = p.killed();
            }
        }
        self.variant.attacks.attacked(&board, sq.0, seats)
    }

    /// How the mate of `seat` (to move, in check, without a legal move) ends the game under
    /// `end.mate-rule`; `None` without the rule or where the mate counts (`end.checkmate`).
    pub(super) fn judged_mate(&self, seat: Seat) -> Option<(ResultKind, EndReason)> {
        let rule = self.variant.rules.mate_rule.as_ref()?;
        let enemies = self.enemies(seat);
        let royals = self.royals[seat.index()];
        let by = |kinds: u64| {
            royals
                .iter()
                .any(|sq| self.attacked_by_kinds(Square(sq), enemies, kinds))
        };
        rule.judge(by, series_held(&self.counters, self.prev_seat(seat)))
    }
}
