//! Setting up a position from a description (a position string): the board, the turn and
//! dice, the counters, the first seat and the clocks — without playing anything. Loading
//! never promotes and never ends a turn; the end conditions are judged as at the root.

use super::position::Position;
use super::{MAX_DICE, Move};
use crate::compile::Quantity;
use crate::vocab::Counters;
use crate::vocab::{EndReason, Outcome};
use crate::vocab::{Piece, Seat};

/// How the game stands at a loaded position, when the end conditions cannot tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndSetting {
    /// Judge the end conditions (the usual case).
    Judge,
    /// The game goes on, whatever the end conditions say (an outcome is set afterwards by
    /// [`set_setup_end`](Position::set_setup_end)).
    NotOver,
}

/// Everything of a position but the board, as a position string gives it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SetupState {
    /// The seat to move.
    pub to_move: Seat,
    /// `None`: a roll is due; `Some(dice)`: the dice left this turn (empty: none).
    pub dice: Option<[u8; MAX_DICE]>,
    /// Scores, capture records, rounds, resignations.
    pub counters: Counters,
    /// The game's first seat.
    pub first_seat: Seat,
    /// Plies since the last capture or move-rule reset.
    pub halfmove: u32,
    /// The full-move number.
    pub fullmove: u32,
    /// Whether the game is over.
    pub end: EndSetting,
    /// The first-move rights (`None`: every piece of a right kind on its setup square).
    pub rights: Option<crate::vocab::SquareSet>,
    /// The en-passant square as written, if any: kept only where a capture there is possible.
    pub ep: Option<u8>,
    /// The square of the piece an en-passant capture takes, where the field names it (`c3d4`).
    pub ep_victim: Option<u8>,
}

impl Position {
    /// Puts `piece` on the empty square `sq` of a position being set up (the hash is computed
    /// by [`finish_setup`](Self::finish_setup)).
    pub(crate) fn setup_put(&mut self, sq: u8, piece: Piece) {
        if !self.board[sq as usize].is_empty() {
            self.take(sq);
        }
        self.put(sq, piece);
    }

    /// Applies `s` to a position whose board is set up, then computes the hash and decides
    /// whether the game is over (see [`EndSetting`]). The position becomes the root: no
    /// history, nothing to undo.
    pub(crate) fn finish_setup(&mut self, s: &SetupState) {
        self.to_move = s.to_move;
        self.root_seat = s.to_move;
        self.first_seat = s.first_seat;
        match s.dice {
            None => {
                self.dice = [0; MAX_DICE];
                self.awaiting_roll = self.variant.rules.dice.is_some();
            }
            Some(mut d) => {
                d.sort_unstable_by(|a, b| b.cmp(a));
                self.dice = d;
                self.awaiting_roll = false;
            }
        }
        self.counters = s.counters;
        self.halfmove = s.halfmove;
        self.root_fullmove = s.fullmove.max(1);
        self.undo.clear();
        self.history = None;
        self.rights = s.rights.unwrap_or_else(|| self.setup_rights());
        let right_kinds = self.variant.right_kinds();
        for sq in self.rights.iter() {
            let p = self.board[sq as usize];
            if p.is_empty() || right_kinds >> p.kind().0 & 1 == 0 {
                self.rights.remove(sq);
            }
        }
        self.set_setup_ep(s.ep, s.ep_victim);
        self.hash = self.compute_hash();
        self.ended = match s.end {
            EndSetting::Judge => self.judge_setup(),
            EndSetting::NotOver => None,
        };
        // Loading never promotes: a waiting piece may already qualify, so the next move looks
        // at all of them.
        self.sweep_waiting =
            (self.variant.rules.promotion.as_ref()).is_some_and(|p| p.waiting != 0);
    }

    /// The rights of a position set up from scratch: every piece of a right kind standing
    /// where the variant's setup puts that same piece — but a castling piece of a seat that
    /// may not castle (`castling: { seats }`) holds none, as FEN's castling field gives it none.
    pub(crate) fn setup_rights(&self) -> crate::vocab::SquareSet {
        let mut out = crate::vocab::SquareSet::default();
        let castling = self.variant.rules.castling.as_ref();
        let cannot_castle = |p: Piece| {
            castling.is_some_and(|c| {
                (p.kind() == c.royal || c.is_partner(p.kind()))
                    && c.moves.get(p.owner().index()).is_none_or(|m| m.is_empty())
                    && c.free_of(p.owner().index()).is_none()
            })
        };
        for &(sq, p) in &self.variant.setup {
            if self.variant.right_kinds() >> p.kind().0 & 1 == 1
                && self.board[sq.index()] == p
                && !cannot_castle(p)
            {
                out.insert(sq.0);
            }
        }
        out
    }

    /// Sets the en-passant square `ep` of a loaded position if it is one: as Fairy-Stockfish
    /// reads FEN, it is kept only when the square beyond it (along the facing of the seat that
    /// just moved) holds a piece of that seat that can be captured en passant and a piece of
    /// the seat to move could capture onto it; otherwise it is ignored.
    ///
    /// A kind marking `always` ([`crate::rules::multi_step`]) is taken as Fairy-Stockfish takes
    /// its custom pieces' marks, capture possible or not: its piece on `victim` (the field's
    /// second square), or one that could have passed `ep` by its first-move leap.
    fn set_setup_ep(&mut self, ep: Option<u8>, victim: Option<u8>) {
        self.ep = super::special::NO_EP;
        self.ep_victim = super::special::NO_EP;
        let Some(mut sq) = ep else {
            return;
        };
        let mut victim = victim;
        // Two squares are written in square order: the empty one is the square passed.
        if let Some(at) = victim
            && !self.board[sq as usize].is_empty()
        {
            (sq, victim) = (at, Some(sq));
        }
        let v = self.variant.clone();
        let mover = self.prev_seat(self.to_move);
        let marked = victim
            .filter(|&at| {
                let p = self.board[at as usize];
                self.marks_always(p) && p.owner() == mover
            })
            .or_else(|| self.passer_of(mover, sq));
        if let Some(at) = marked
            && self.board[sq as usize].is_empty()
        {
            self.ep = sq;
            self.ep_victim = at;
            return;
        }
        let o = v.orients[v.seats[mover.index()].orient as usize];
        let (dx, dy) = o.vector(0, 1);
        let Some(victim) = v.board.offset(crate::geometry::Square(sq), dx, dy) else {
            return;
        };
        let p = self.board[victim.index()];
        if !p.is_empty()
            && p.owner() == mover
            && v.ep_kinds() >> p.kind().0 & 1 == 1
            && self.ep_possible(self.to_move, sq)
        {
            self.ep = sq;
            self.ep_victim = victim.0;
        }
    }

    /// The seat taken to have just moved when a root position is judged: the seat to move
    /// while it is in the middle of a dice turn, otherwise the seat before it.
    pub(crate) fn setup_mover(&self) -> Seat {
        if self.variant.rules.dice.is_some() && !self.awaiting_roll {
            self.to_move
        } else {
            self.prev_seat(self.to_move)
        }
    }

    /// What the end conditions (then the modules' root endings, such as a full board) say at
    /// this position taken as a root (as after loading it): judged with [`setup_mover`](Self::setup_mover) as the seat that just moved, and no
    /// plies played.
    pub(crate) fn judge_setup(&self) -> Option<Outcome> {
        let reads_ply = self
            .variant
            .end
            .conditions
            .iter()
            .any(|c| c.quantities.contains(&Quantity::Ply));
        if reads_ply && !self.undo.is_empty() {
            let mut root = self.clone();
            root.undo.clear();
            root.history = None;
            return root.judge_conditions(root.setup_mover());
        }
        self.judge_conditions(self.setup_mover())
            .or_else(|| self.variant.rules.judge_root(self))
    }

    /// The outcome a position string's end field names: the capture-all win, a named end
    /// condition or the repetition rule (its result for `winner` if given, else for the
    /// [`setup_mover`]).
    ///
    /// [`setup_mover`]: Self::setup_mover
    pub(crate) fn setup_outcome(&self, reason: EndReason, winner: Option<Seat>) -> Outcome {
        if let Some(w) = winner {
            return Outcome::Decisive { winner: w, reason };
        }
        match reason {
            EndReason::Condition(i) => {
                let result = self.variant.end.conditions[i as usize].result;
                self.result_for(self.setup_mover(), result, reason)
            }
            EndReason::Repetition => match self.variant.rules.repetition {
                Some(rule) => self.result_for(self.setup_mover(), rule.result, reason),
                None => Outcome::Ranked { reason },
            },
            EndReason::Module(m, i) => match crate::rules::ModuleId::from_index(m)
                .and_then(|id| self.variant.rules.stated_end(id, i))
            {
                Some(crate::vocab::ResultKind::Draw) => Outcome::Draw { reason },
                _ => Outcome::Ranked { reason },
            },
            _ => Outcome::Ranked { reason },
        }
    }

    /// Sets `seat`'s hand count of `kind` in a position being set up.
    pub(crate) fn setup_hand(&mut self, seat: Seat, kind: super::Kind, count: u8) {
        self.hand[seat.index()][kind.index()] = count;
    }

    /// True if the seat to move has a legal move now (none while a roll is due or once the
    /// game is over; in dice variants, with the dice left).
    pub(crate) fn setup_can_move(&mut self) -> bool {
        let mut buf: Vec<Move> = Vec::new();
        self.legal_moves(&mut buf);
        !buf.is_empty()
    }

    /// Makes `seat` the first seat of a game at its start position: it moves first and rounds
    /// are counted from it. The end conditions are judged again.
    pub(crate) fn set_first_seat_at_start(&mut self, seat: Seat) {
        self.first_seat = seat;
        self.root_seat = seat;
        self.set_to_move(seat);
        self.judge_root();
    }
}
