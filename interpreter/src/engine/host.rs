//! [`Host`] for [`Position`]: the narrow game interface the rule modules' hooks use, and the
//! call of their hooks after a move.

use super::position::{Edit, Position, hand_key, piece_key, state_key};
use crate::geometry::{Board, Square};
use crate::rules::{Host, Moved};
use crate::vocab::{Counters, Kind, Move, Outcome, Piece, Seat, SeatSet, SquareSet};

impl Position {
    /// Runs the rule modules after `m` by `mover` ([`crate::rules::Modules::on_capture`] for the
    /// move's capture, then [`crate::rules::Modules::after_move`]); returns an outcome if the
    /// game ends, having passed the turn on (no dice).
    #[inline]
    pub(crate) fn after_move(
        &mut self,
        mover: Seat,
        m: Move,
        moved: Piece,
        placed: Piece,
        captured: Piece,
    ) -> Option<Outcome> {
        self.with_variant(|pos, variant| {
            let modules = &variant.rules;
            if !captured.is_empty() {
                modules.on_capture(pos, mover, captured);
            }
            let moved = Moved {
                mover,
                m,
                moved,
                placed,
                captured,
            };
            let ended = modules.after_move(pos, &moved);
            // A game ended by a module still passes the turn, as after any other move and as
            // Fairy-Stockfish writes the position (a dice turn keeps its seat and dice left).
            if ended.is_some() && modules.dice.is_none() {
                pos.pass_turn_on(mover);
            }
            ended
        })
    }

    /// Runs `f` on the position and its variant, borrowed apart: the rule modules' hooks
    /// change the position while they read the variant. The variant is the hooks' own handle
    /// (`hooks`), moved out and back, where cloning the shared one would count it up and down
    /// atomically on every move (perf put 4% of a Chaturaji playout's samples on that count,
    /// though no time was measured saved); within a call of `f`, where that handle is out, a
    /// clone of the shared one.
    #[inline(always)]
    pub(crate) fn with_variant<R>(
        &mut self,
        f: impl FnOnce(&mut Position, &crate::compile::Variant) -> R,
    ) -> R {
        let variant = self.hooks.take().unwrap_or_else(|| self.variant.clone());
        let r = f(self, &variant);
        self.hooks = Some(variant);
        r
    }

    /// Replaces the piece on `sq` by `after` (empty to remove), logging the change in the
    /// current undo entry and keeping the hash in step.
    pub(crate) fn edit(&mut self, sq: u8, after: Piece) {
        let before = self.take(sq);
        if !before.is_empty() {
            self.hash ^= piece_key(sq, before);
        }
        if !after.is_empty() {
            self.put(sq, after);
            self.hash ^= piece_key(sq, after);
        }
        if let Some(u) = self.undo.last_mut() {
            u.edits.push(Edit::Square(sq, before));
        }
    }

    /// Sets `seat`'s hand count of `kind`, logging the change and keeping the hash in step.
    pub(crate) fn set_hand(&mut self, seat: Seat, kind: Kind, count: u8) {
        let before = self.hand[seat.index()][kind.index()];
        if before == count {
            return;
        }
        if before > 0 {
            self.hash ^= hand_key(seat, kind, before);
        }
        if count > 0 {
            self.hash ^= hand_key(seat, kind, count);
        }
        self.hand[seat.index()][kind.index()] = count;
        if let Some(u) = self.undo.last_mut() {
            u.edits.push(Edit::Hand(seat, kind, before));
        }
    }

    /// Every seat of the variant.
    pub(crate) fn all_seats(&self) -> SeatSet {
        SeatSet::all(self.variant.seats.len())
    }
}

impl Host for Position {
    #[inline]
    fn piece(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    #[inline]
    fn edit(&mut self, sq: Square, after: Piece) {
        Position::edit(self, sq.0, after);
    }

    #[inline]
    fn counters(&self) -> &Counters {
        &self.counters
    }

    #[inline]
    fn counters_mut(&mut self) -> &mut Counters {
        self.counters_touched = true;
        &mut self.counters
    }

    #[inline]
    fn kind_count(&self, seat: Seat, kind: Kind) -> u8 {
        self.kind_count[seat.index()][kind.index()]
    }

    #[inline]
    fn occupancy(&self, seat: Seat) -> SquareSet {
        self.occ[seat.index()]
    }

    #[inline]
    fn occupancy_of_kinds(&self, seat: Seat, kinds: u64) -> SquareSet {
        let mut own = self.occ[seat.index()];
        if self.variant.board.len() <= 64 {
            // The kind bitboards hold live pieces only: dead ones are kept for the caller.
            own.0[0] &= self.kinds_bits(kinds) | self.dead_w::<u64>();
        }
        own
    }

    #[inline]
    fn all_seats(&self) -> SeatSet {
        Position::all_seats(self)
    }

    #[inline]
    fn board(&self) -> Board {
        self.variant.board
    }

    #[inline]
    fn take_any_loss(&mut self) -> bool {
        let any = self.sweep_waiting || self.undo.last().is_some_and(|u| !u.edits.is_empty());
        self.sweep_waiting = false;
        any
    }

    #[inline]
    fn in_check(&self, seat: Seat) -> bool {
        Position::in_check(self, seat)
    }

    #[inline]
    fn royals(&self, seat: Seat) -> SquareSet {
        self.royals[seat.index()]
    }

    #[inline]
    fn attacked(&self, sq: Square, seats: SeatSet) -> bool {
        self.attacked_by(sq, seats)
    }

    fn attacked_by_kinds(&self, sq: Square, seats: SeatSet, kinds: u64) -> bool {
        Position::attacked_by_kinds(self, sq, seats, kinds)
    }

    #[inline]
    fn kinds(&self) -> usize {
        self.variant.kinds.len()
    }

    #[inline]
    fn hand(&self, seat: Seat, kind: Kind) -> u8 {
        self.hand[seat.index()][kind.index()]
    }

    #[inline]
    fn set_hand(&mut self, seat: Seat, kind: Kind, count: u8) {
        Position::set_hand(self, seat, kind, count);
    }

    #[inline]
    fn set_state(&mut self, byte: usize, value: u8) {
        self.counters_touched = true;
        let was = self.counters.state[byte];
        self.hash ^= state_key(byte, was) ^ state_key(byte, value);
        self.counters.state[byte] = value;
    }

    #[inline]
    fn mark_gave_check(&mut self, gave: bool) {
        if let Some(u) = self.undo.last_mut() {
            u.gave_check = gave;
        }
    }

    fn plies_played(&self) -> usize {
        self.undo.len()
    }

    fn halfmove(&self) -> u32 {
        self.halfmove
    }

    fn ply_back(&self, back: usize) -> Option<crate::rules::PastPly> {
        let n = self.undo.len();
        let u = self.undo.get(n.checked_sub(back + 1)?)?;
        Some(crate::rules::PastPly {
            mover: u.to_move,
            action: u.action,
            captured: !u.captured.is_empty(),
        })
    }

    fn checked_before(&self, back: usize) -> bool {
        let n = self.undo.len();
        let Some(at) = n.checked_sub(back + 1) else {
            return false;
        };
        if at > 0 {
            return self.undo[at - 1].gave_check;
        }
        // The history's first ply: the position it starts from, rebuilt by taking every ply
        // back (rare: asked only when the rest of a rule's test has passed).
        let mut root = self.clone();
        while root.undo().is_some() {}
        root.in_check(self.undo[0].to_move)
    }

    #[inline]
    fn next_seat(&self, seat: Seat) -> Seat {
        Position::next_seat(self, seat)
    }

    #[inline]
    fn is_live(&self, seat: Seat) -> bool {
        Position::is_live(self, seat)
    }
}
