//! Rule modules applied after a move, in the order of docs/chaturaji.md: capture scoring,
//! formation captures, thrones, square-dependent promotion (with pieces waiting on the far
//! line), and the capture-all win; then round counting, resignation and ranking.

use super::position::{Edit, Position, hand_key, piece_key};
use super::{Action, Move, PlayError};
use crate::vocab::{EndReason, Outcome};
use crate::vocab::{Piece, Seat};

impl Position {
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
    pub(crate) fn set_hand(&mut self, seat: Seat, kind: super::Kind, count: u8) {
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

    /// Records the capture of `captured` by `mover`: scoring, the round's capture flag, and the
    /// capture-all record.
    fn credit_capture(&mut self, mover: Seat, captured: Piece) {
        let v = &self.variant;
        self.counters.captured_in_round = true;
        if v.modules.capture_scoring {
            self.counters.scores[mover.index()] += v.kinds[captured.kind().index()].value;
        }
        if let Some(c) = &v.modules.capture_all
            && captured.kind() == c.kind
            && captured.owner().index() < super::MAX_SEATS
        {
            self.counters.taken[mover.index()] |= 1 << captured.owner().0;
        }
    }

    /// Applies the rule modules after `m` by `mover`; returns an outcome if the game ends.
    pub(crate) fn after_move(
        &mut self,
        mover: Seat,
        m: Move,
        moved: Piece,
        placed: Piece,
        captured: Piece,
    ) -> Option<Outcome> {
        let variant = self.variant.clone();
        let modules = &variant.modules;
        if !captured.is_empty() {
            self.credit_capture(mover, captured);
        }
        for f in &modules.formations {
            if moved.kind() == f.kind {
                self.formation(mover, m.to.0, f);
            }
        }
        if let Some(t) = &modules.thrones
            && moved.kind() == t.kind
            && placed.kind() == t.kind
            && let Some(&(_, owner)) = t.squares.iter().find(|(s, o)| *s == m.to && *o != mover)
            && self.counters.thrones[mover.index()] >> owner.0 & 1 == 0
        {
            self.counters.thrones[mover.index()] |= 1 << owner.0;
            self.counters.scores[mover.index()] += t.points;
        }
        // Waiting pieces can only become eligible when their owner loses a piece: sweep the
        // seats that did (all of them after a rule module's captures).
        let mut losers = 0u8;
        if self.sweep_waiting || self.undo.last().is_some_and(|u| !u.edits.is_empty()) {
            losers = self.seat_mask();
            self.sweep_waiting = false;
        }
        if !captured.is_empty() && captured.owner().index() < super::MAX_SEATS {
            losers |= 1 << captured.owner().0;
        }
        self.far_promotions(m.to.0, placed, losers);
        if let Some(c) = &modules.capture_all {
            let others = self.seat_mask() & !(1 << mover.0);
            if self.kind_count[mover.index()][c.kind.index()] > 0
                && self.counters.taken[mover.index()] & others == others
            {
                let s = &mut self.counters.scores[mover.index()];
                *s = (*s).max(c.score);
                return Some(Outcome::Ranked {
                    reason: EndReason::CaptureAll,
                });
            }
        }
        None
    }

    /// Bit mask of all seats.
    pub(crate) fn seat_mask(&self) -> u8 {
        ((1u16 << self.variant.seats.len()) - 1) as u8
    }

    /// A formation capture around `to`: every `block`×`block` square containing `to` that holds
    /// exactly `distinct` pieces of the kind, each of a different seat, qualifies; the mover
    /// captures every such piece of the other seats, each once.
    fn formation(&mut self, mover: Seat, to: u8, f: &crate::compile::Formation) {
        let b = self.variant.board;
        let (tf, tr) = (
            b.file(crate::geometry::Square(to)) as i32,
            b.rank(crate::geometry::Square(to)) as i32,
        );
        let n = f.block as i32;
        // No allocation: the block's pieces of the kind are counted with an owner mask, and
        // the victims collected in a square set (ascending order, each once).
        let mut victims = super::SquareSet::default();
        for x0 in tf - n + 1..=tf {
            for y0 in tr - n + 1..=tr {
                if x0 < 0 || y0 < 0 || x0 + n > b.files as i32 || y0 + n > b.ranks as i32 {
                    continue;
                }
                let (mut count, mut owners, mut block) = (0u32, 0u8, super::SquareSet::default());
                for x in x0..x0 + n {
                    for y in y0..y0 + n {
                        if let Some(sq) = b.square(x, y) {
                            let p = self.board[sq.index()];
                            if !p.is_empty() && p.kind() == f.kind {
                                count += 1;
                                owners |= 1 << p.owner().0;
                                if p.owner() != mover {
                                    block.insert(sq.0);
                                }
                            }
                        }
                    }
                }
                if count == f.distinct as u32 && owners.count_ones() == count {
                    for sq in block.iter() {
                        victims.insert(sq);
                    }
                }
            }
        }
        for sq in victims.iter() {
            let p = self.board[sq as usize];
            self.credit_capture(mover, p);
            self.edit(sq, Piece::EMPTY);
        }
    }

    /// Square-dependent promotion on the far line: the piece that just arrived on `to`
    /// promotes at once unless its kind waits for lost pieces; then every waiting piece of every
    /// seat whose owner has lost the target kind promotes, in square order.
    ///
    /// Waiting pieces can only become eligible when their owner loses a piece (a capture or a
    /// rule module's change, `board_changed`) or when one has just arrived.
    fn far_promotions(&mut self, to: u8, placed: Piece, losers: u8) {
        let variant = self.variant.clone();
        let kind = placed.kind().index();
        if let Some(pr) = &variant.kinds[kind].promotion
            && let Some(far) = &pr.far
            && !pr.lost_only
        {
            let t = far[placed.orient() as usize][to as usize];
            if t != 255 && pr.except >> t & 1 == 0 {
                self.edit(to, placed.with_kind(super::Kind(t)));
            }
        }
        if variant.waiting_kinds == 0 {
            return;
        }
        for s in 0..variant.seats.len() {
            if losers >> s & 1 == 1 {
                for sq in self.occ[s].iter() {
                    self.promote_if_waiting(&variant, s, sq);
                }
            }
        }
        let owner = placed.owner().index();
        if variant.waiting_kinds >> kind & 1 == 1
            && owner < super::MAX_SEATS
            && losers >> owner & 1 == 0
        {
            self.promote_if_waiting(&variant, owner, to);
        }
    }

    /// Promotes the piece on `sq` (of seat `s`) if it is a waiting piece on its far line whose
    /// target kind its owner has lost.
    #[inline]
    fn promote_if_waiting(&mut self, variant: &crate::compile::Variant, s: usize, sq: u8) {
        let p = self.board[sq as usize];
        if p.is_empty() || variant.waiting_kinds >> p.kind().0 & 1 == 0 {
            return;
        }
        let Some(pr) = &variant.kinds[p.kind().index()].promotion else {
            return;
        };
        let Some(far) = &pr.far else { return };
        let t = far[p.orient() as usize][sq as usize];
        if t != 255 && pr.except >> t & 1 == 0 && self.kind_count[s][t as usize] == 0 {
            self.edit(sq, p.with_kind(super::Kind(t)));
        }
    }

    /// Advances the turn from the seat to move to the next seat that can play (has pieces, has
    /// not resigned), counting a completed round each time the turn passes the first seat.
    pub(crate) fn advance_turn(&mut self) {
        let n = self.variant.seats.len();
        let mut next = self.to_move;
        for _ in 0..n {
            next = self.next_seat(next);
            if next == self.first_seat {
                let c = &mut self.counters;
                c.rounds = c.rounds.saturating_add(1);
                c.quiet_rounds = if c.captured_in_round {
                    0
                } else {
                    c.quiet_rounds.saturating_add(1)
                };
                c.captured_in_round = false;
            }
            if self.count[next.index()] > 0 && self.counters.resigned >> next.0 & 1 == 0 {
                break;
            }
        }
        self.set_to_move(next);
    }

    /// True if the seat to move may resign now (the rule file allows it, at the start of the
    /// turn, before rolling).
    pub fn can_resign(&self) -> bool {
        self.variant.modules.resign
            && self.ended.is_none()
            && (self.awaiting_roll || self.variant.dice.is_none())
    }

    /// Resigns for the seat to move: its pieces stay on the board, inert, and it takes no more
    /// turns. The end conditions are judged at once, before the turn passes: a resignation
    /// that ends the game (Chaturaji's third) leaves the round and capture counters as they
    /// were, and the resigning seat to move.
    pub fn resign(&mut self) -> Result<(), PlayError> {
        if !self.can_resign() {
            return Err(PlayError::CannotResign);
        }
        let seat = self.to_move;
        self.push_undo(Action::Resign, Piece::EMPTY, Piece::EMPTY);
        self.counters.resigned |= 1 << seat.0;
        self.ended = self.judge_conditions(seat);
        if self.ended.is_none() {
            self.end_turn();
            self.ended = self.judge_conditions(seat);
        }
        if self.ended.is_none()
            && self.variant.dice.is_none()
            && let Some(to_mater) = self.variant.modules.mate
        {
            self.resolve_mates(seat, to_mater);
        }
        Ok(())
    }

    /// Each seat's score.
    pub fn score(&self, seat: Seat) -> i64 {
        self.counters.scores[seat.index()]
    }

    /// The game counters: scores, capture records, thrones, rounds, resignations.
    pub fn counters(&self) -> &super::Counters {
        &self.counters
    }

    /// The first seat of this game.
    pub fn first_seat(&self) -> Seat {
        self.first_seat
    }

    /// Ranks of all seats by the `ranking:` keys (1 = first; equal keys share a rank).
    pub fn ranks(&self) -> Vec<u8> {
        let n = self.variant.seats.len();
        let keys: Vec<Vec<i64>> = (0..n)
            .map(|s| {
                self.variant
                    .ranking
                    .iter()
                    .map(|(e, qs)| {
                        e.eval(&mut |id| {
                            self.quantity(
                                qs[id as usize],
                                self.prev_seat(self.to_move),
                                Seat(s as u8),
                            )
                        })
                    })
                    .collect()
            })
            .collect();
        (0..n)
            .map(|s| 1 + (0..n).filter(|&o| keys[o] > keys[s]).count() as u8)
            .collect()
    }
}
