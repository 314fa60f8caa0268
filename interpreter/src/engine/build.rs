//! The small constructor and query API the position readers (`notation::Setup`) build and
//! check positions with, so that they never touch [`Position`]'s fields.

use super::position::Position;
use crate::vocab::{Kind, MAX_DICE, Outcome, Seat};

impl Position {
    /// Sets how the game stands at a position being set up (after
    /// [`finish_setup`](Self::finish_setup)): `None` for a game that goes on.
    pub(crate) fn set_setup_end(&mut self, ended: Option<Outcome>) {
        self.ended = ended;
    }

    /// Number of `seat`'s pieces of `kind` on the board.
    pub(crate) fn kind_count(&self, seat: Seat, kind: Kind) -> u32 {
        self.kind_count
            .get(seat.index())
            .and_then(|k| k.get(kind.index()))
            .map_or(0, |&n| n as u32)
    }

    /// The turn state before action `i` since the root (the current state for `i` equal to
    /// [`ply`](Self::ply); `None` beyond): seat to move, dice left (0 = none), roll due, game
    /// over.
    pub(crate) fn state_before_action(
        &self,
        i: usize,
    ) -> Option<(Seat, [u8; MAX_DICE], bool, bool)> {
        match self.undo.get(i) {
            Some(u) => Some((u.to_move, u.dice, u.awaiting_roll, u.ended.is_some())),
            None => (i == self.undo.len()).then_some((
                self.to_move,
                self.dice,
                self.awaiting_roll,
                self.ended.is_some(),
            )),
        }
    }
}
