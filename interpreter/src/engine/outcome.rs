//! How a game ends: [`Outcome`] and [`EndReason`], and the end rules judged after each move.

use super::position::Position;
use crate::compile::{Quantity, SeatRef, Variant};
use crate::vocab::{Action, EndReason, Kind, Move, Outcome, ResultKind, Seat};
use std::fmt;

/// A displayable outcome: "white wins (checkmate)", "draw (both-bare)".
pub struct OutcomeDisplay<'a>(pub &'a Position, pub Outcome);

impl fmt::Display for OutcomeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0.variant();
        let reason = self.0.reason_name(self.1.reason());
        match self.1 {
            Outcome::Decisive { winner, .. } => {
                write!(f, "{} wins ({reason})", v.seats[winner.index()].name)
            }
            Outcome::Draw { .. } => write!(f, "draw ({reason})"),
            Outcome::Ranked { .. } => {
                let ranks = self.0.ranks();
                let mut order: Vec<usize> = (0..ranks.len()).collect();
                order.sort_by_key(|&i| (ranks[i], i));
                let scoring = v.rules.keeps_score();
                let parts: Vec<String> = order
                    .iter()
                    .map(|&i| {
                        let score = if scoring {
                            format!(" {}", self.0.score(crate::vocab::Seat(i as u8)))
                        } else {
                            String::new()
                        };
                        format!("{}. {}{score}", ranks[i], v.seats[i].name)
                    })
                    .collect();
                write!(f, "ranked ({reason}): {}", parts.join(", "))
            }
        }
    }
}

impl Variant {
    /// Every end reason this variant's rules can give, in a fixed order: checkmate (with a
    /// royal kind) and stalemate where a seat without a legal move ends the game (no dice, no
    /// mate module), repetition and the move rule where the rule file has them, each named
    /// condition in file order, then each module's end reasons in registry order
    /// ([`crate::rules::Module::end_reasons`]: the capture-all win, two passes, bikjang, the
    /// count).
    pub fn end_reasons(&self) -> Vec<EndReason> {
        let mut out = Vec::new();
        if self.rules.dice.is_none() && !self.rules.mates_go_on() {
            if self.has_royals() {
                out.push(EndReason::Checkmate);
            }
            out.push(EndReason::Stalemate);
        }
        if self.rules.repetition.is_some() {
            out.push(EndReason::Repetition);
        }
        if self.rules.move_rule.is_some() {
            out.push(EndReason::MoveRule);
        }
        out.extend((0..self.end.conditions.len()).map(|i| EndReason::Condition(i as u8)));
        out.extend(self.rules.end_reasons());
        out
    }

    /// The name of an end reason: `checkmate`, `stalemate`, `repetition`, `move-rule`, the
    /// condition's name from the rule file, or the module's name for its reason
    /// ([`crate::rules::Module::reason_name`]).
    pub fn reason_name(&self, r: EndReason) -> String {
        match r {
            EndReason::Checkmate => "checkmate".into(),
            EndReason::Stalemate => "stalemate".into(),
            EndReason::Repetition => "repetition".into(),
            EndReason::MoveRule => "move-rule".into(),
            EndReason::Condition(i) => self
                .end
                .conditions
                .get(i as usize)
                .map_or_else(|| format!("condition-{i}"), |c| c.name.clone()),
            EndReason::Module(m, i) => crate::rules::ModuleId::from_index(m)
                .and_then(|id| self.rules.reason_name(id, i))
                .unwrap_or_else(|| format!("module-{m}-{i}")),
        }
    }
}

impl Position {
    /// The name of an end reason ([`Variant::reason_name`]).
    pub fn reason_name(&self, r: EndReason) -> String {
        self.variant.reason_name(r)
    }

    /// "white wins (checkmate)" and the like.
    pub fn describe_outcome(&self, o: Outcome) -> String {
        OutcomeDisplay(self, o).to_string()
    }

    /// The outcome of `result` for `seat`.
    pub(crate) fn result_for(&self, seat: Seat, result: ResultKind, reason: EndReason) -> Outcome {
        match result {
            ResultKind::Win => Outcome::Decisive {
                winner: seat,
                reason,
            },
            ResultKind::Draw => Outcome::Draw { reason },
            ResultKind::Rank => Outcome::Ranked { reason },
            // With two seats the other one wins; with more, a loss names no single winner and
            // every seat is ranked by the `ranking:` keys.
            ResultKind::Loss if self.variant.seats.len() == 2 => Outcome::Decisive {
                winner: self.next_seat(seat),
                reason,
            },
            ResultKind::Loss => Outcome::Ranked { reason },
        }
    }

    fn seat_of(&self, r: SeatRef, mover: Seat, subject: Seat) -> Seat {
        match r {
            SeatRef::Mover => mover,
            SeatRef::Subject => subject,
            SeatRef::Opponent => self.next_seat(mover),
            SeatRef::Next => self.to_move,
            SeatRef::Fixed(s) => s,
        }
    }

    /// [`quantity`](Self::quantity), with the counters the usual end conditions read
    /// (`rounds`, `rounds_without_capture`, `resigned`, constants) read in place: no call,
    /// so none of the larger function's register saving (measured with callgrind on 300
    /// Chaturaji random games: the four conditions' judging fell by about a third).
    #[inline(always)]
    fn quantity_inline(&self, q: Quantity, mover: Seat) -> i64 {
        let c = &self.counters;
        match q {
            Quantity::Rounds => c.rounds as i64,
            Quantity::RoundsWithoutCapture => c.quiet_rounds as i64,
            Quantity::Resigned => c.resigned.len() as i64,
            Quantity::Const(v) => v,
            _ => self.quantity(q, mover, mover),
        }
    }

    /// The value of quantity `q`, with `mover` the seat that just moved and `subject` the seat
    /// being ranked.
    pub(crate) fn quantity(&self, q: Quantity, mover: Seat, subject: Seat) -> i64 {
        let seat = |r| self.seat_of(r, mover, subject).index();
        let c = &self.counters;
        match q {
            Quantity::Pieces(s) => self.count[seat(s)] as i64,
            Quantity::Royals(s) => self.royals[seat(s)].len() as i64,
            Quantity::NonRoyal(s) => {
                let s = seat(s);
                self.count[s] as i64 - self.royals[s].len() as i64
            }
            Quantity::Bare(s) => {
                let s = seat(s);
                let royals = self.royals[s].len() as i64;
                (royals > 0 && self.count[s] as i64 == royals) as i64
            }
            Quantity::Material(s) => self.material[seat(s)],
            Quantity::Ply => self.undo.len() as i64,
            Quantity::Count(s, k) => self.kind_count[seat(s)][k.index()] as i64,
            Quantity::Has(s, k) => (self.kind_count[seat(s)][k.index()] > 0) as i64,
            Quantity::SeatsWith(k) => (0..self.variant.seats.len())
                .filter(|&s| self.kind_count[s][k.index()] > 0)
                .count() as i64,
            Quantity::Score(s) => c.scores[seat(s)],
            Quantity::Rounds => c.rounds as i64,
            Quantity::RoundsWithoutCapture => c.quiet_rounds as i64,
            Quantity::Resigned => c.resigned.len() as i64,
            Quantity::Const(v) => v,
            Quantity::Mated(s) => c.mated.contains(Seat(seat(s) as u8)) as i64,
            Quantity::TeamMated(s) => {
                let s = seat(s);
                let team = self
                    .variant
                    .rules
                    .partners(Seat(s as u8))
                    .with(Seat(s as u8));
                !(c.mated & team).is_empty() as i64
            }
            Quantity::MatedSeats => c.mated.len() as i64,
            Quantity::Mates(s) => c.mates[seat(s)] as i64,
            Quantity::Hand(s) => self.hand[seat(s)].iter().map(|&n| n as i64).sum(),
            Quantity::InHand(s, k) => self.hand[seat(s)][k.index()] as i64,
            Quantity::LastMate(s) => c.last_mate[seat(s)] as i64,
            Quantity::MatedAt(s) => c.mated_at[seat(s)] as i64,
            Quantity::InCheck(s) => self.in_check(Seat(seat(s) as u8)) as i64,
            Quantity::Checks(s) => crate::rules::check_count::checks(c)[seat(s)] as i64,
            Quantity::On(s, k, r) => {
                let s = seat(s);
                let orient = self.variant.seats[s].orient as usize;
                let region = self.variant.regions[r as usize].squares[orient];
                self.occ[s]
                    .iter()
                    .filter(|&sq| region.contains(sq) && self.board[sq as usize].kind() == k)
                    .count() as i64
            }
            Quantity::SafeOn(s, k, r) => {
                let s = seat(s);
                let orient = self.variant.seats[s].orient as usize;
                let region = self.variant.regions[r as usize].squares[orient];
                let enemies = self.enemies(Seat(s as u8));
                self.occ[s]
                    .iter()
                    .filter(|&sq| {
                        region.contains(sq)
                            && self.board[sq as usize].kind() == k
                            && !self.variant.attacks.attacked(&self.board, sq, enemies)
                    })
                    .count() as i64
            }
            Quantity::Reaches(s, k, r) => self.reaches(Seat(seat(s) as u8), k, r) as i64,
        }
    }

    /// `reaches(SEAT, KIND, REGION)`: true if `seat` is to move and has a legal move of a
    /// piece of `kind` onto region `r` (read in its own frame). The pseudo-legal moves are
    /// looked at first; only when one lands there is a copy of the position asked for its
    /// legal moves (this is judged with a shared position).
    fn reaches(&self, seat: Seat, kind: Kind, r: u8) -> bool {
        if seat != self.to_move || self.variant.rules.dice.is_some() {
            return false;
        }
        let orient = self.variant.seats[seat.index()].orient as usize;
        let region = self.variant.regions[r as usize].squares[orient];
        let lands = |p: &Self, m: &Move| {
            !m.is_drop() && region.contains(m.to.0) && p.board[m.from.0 as usize].kind() == kind
        };
        let mut moves = Vec::new();
        self.pseudo_moves(seat, &mut moves);
        if !moves.iter().any(|m| lands(self, m)) {
            return false;
        }
        let mut copy = self.clone();
        copy.ended = None;
        copy.legal_moves(&mut moves);
        moves.iter().any(|m| lands(&copy, m))
    }

    /// Tests the rule file's conditions, in order, with `mover` as the seat that just moved.
    pub(crate) fn judge_conditions(&self, mover: Seat) -> Option<Outcome> {
        for (i, c) in self.variant.end.conditions.iter().enumerate() {
            let v = c
                .when
                .eval(&mut |id| self.quantity_inline(c.quantities[id as usize], mover));
            if v != 0 {
                return Some(self.result_for(mover, c.result, EndReason::Condition(i as u8)));
            }
        }
        None
    }

    /// True if the end conditions, judged for `mover` after its move just played, must give
    /// what they gave after its previous move: nothing (the game went on). That holds when
    /// the conditions read only the board's composition, the counters and the seat to move
    /// ([`crate::compile::EndRules::conditions_stable`], checked by the caller, as is that
    /// the move just played changed no composition or counter), every action since `mover`'s
    /// previous move was a move that took, dropped, promoted and edited nothing, and the
    /// counters and the seat to move are now as they were after that move. Two-seat games
    /// skip the judgement after most quiet moves this way (a bare-king test after every move
    /// of a search); the games are the same.
    ///
    /// Reads the undo entries only: the judgement kept is the one recorded by the game going
    /// on, so taking a move back needs no bookkeeping.
    pub(crate) fn conditions_kept(&self, mover: Seat) -> bool {
        let n = self.undo.len();
        let seats = self.variant.seats.len();
        // A turn hook may have edited the board after the caller looked.
        if self.undo.last().is_none_or(|u| !u.edits.is_empty()) {
            return false;
        }
        // `undo[n - 1]` is the move just played; walk back over the seats' moves before it.
        for j in (n.saturating_sub(seats + 1)..n.saturating_sub(1)).rev() {
            let u = &self.undo[j];
            if u.to_move == mover {
                let after = &self.undo[j + 1];
                return after.ended.is_none()
                    && after.to_move == self.to_move
                    && after.counters == self.counters;
            }
            let Action::Move(m) = u.action else {
                return false;
            };
            if !u.captured.is_empty()
                || m.is_drop()
                || m.promotes_to().is_some()
                || !u.edits.is_empty()
            {
                return false;
            }
        }
        false
    }

    /// Judges a root position as if the seat before the one to move had just moved.
    /// A lone seat with no legal move ends the game there too (see
    /// [`resolve_mates`](Self::resolve_mates)).
    pub(crate) fn judge_root(&mut self) {
        self.ended = self.judge_conditions(self.prev_seat(self.to_move));
        if self.ended.is_none() {
            self.ended = self.variant.rules.judge_root(&*self);
        }
        if self.ended.is_none()
            && self.variant.rules.dice.is_none()
            && self.variant.rules.mates_go_on()
            && self.next_live(self.to_move) == self.to_move
            && !self.has_legal_move()
            && !self.can_pass()
        {
            self.ended = Some(self.no_move_outcome());
        }
        self.sweep_waiting =
            (self.variant.rules.promotion.as_ref()).is_some_and(|p| p.waiting != 0);
    }

    /// The end of a game whose seat to move has no legal move and cannot be mated: checkmate
    /// (`end.checkmate`) when a royal piece of it is attacked, else stalemate (`end.stalemate`),
    /// judged for that seat; a draw where the rule file gives no result.
    pub(crate) fn no_move_outcome(&self) -> Outcome {
        let seat = self.to_move;
        let end = self.variant.rules.no_moves.unwrap_or_default();
        let (result, reason) = if self.in_check(seat) || self.petrified_touch_mate(seat) {
            self.judged_mate(seat)
                .map_or((end.checkmate, EndReason::Checkmate), |(r, why)| {
                    (Some(r), why)
                })
        } else if end.by_fewer_pieces {
            (self.by_fewer_pieces(end.stalemate), EndReason::Stalemate)
        } else {
            (end.stalemate, EndReason::Stalemate)
        };
        self.result_for(seat, result.unwrap_or(ResultKind::Draw), reason)
    }

    /// `end.stalemate-by: fewer-pieces` ([`crate::rules::no_moves::NoMoves::by_fewer_pieces`]):
    /// the stalemated seat (two seats) gets `result` when it has fewer pieces on the board
    /// than the other, the opposite when it has more, a draw when the counts are equal.
    fn by_fewer_pieces(&self, result: Option<ResultKind>) -> Option<ResultKind> {
        let seat = self.to_move;
        let own = self.count[seat.index()];
        let theirs = self.count[self.prev_seat(seat).index()];
        Some(match own.cmp(&theirs) {
            std::cmp::Ordering::Equal => ResultKind::Draw,
            std::cmp::Ordering::Less => result?,
            std::cmp::Ordering::Greater => match result? {
                ResultKind::Win => ResultKind::Loss,
                ResultKind::Loss => ResultKind::Win,
                r => r,
            },
        })
    }

    /// The outcome if the game is over: an end condition, mate or stalemate (no legal move),
    /// repetition, the move rule or a count past its limit (`counting:`) — in that order.
    /// `None` while the game goes on. A draw is decided by material where the rule file counts
    /// it ([`crate::rules::material_count`]).
    pub fn outcome(&mut self) -> Option<Outcome> {
        let o = self.outcome_uncounted(true)?;
        Some(self.counted(o))
    }

    /// [`outcome`](Self::outcome) where no one asks for this position's moves next (a
    /// search's horizon node): the same answer, but the mate and stalemate test stops at the
    /// first legal move instead of listing them all for the next move generation.
    pub fn outcome_at_leaf(&mut self) -> Option<Outcome> {
        let o = self.outcome_uncounted(false)?;
        Some(self.counted(o))
    }

    /// [`outcome`](Self::outcome) before material counting; `keep` as in
    /// [`legal_move_exists`](Self::legal_move_exists).
    fn outcome_uncounted(&mut self, keep: bool) -> Option<Outcome> {
        if let Some(o) = self.ended {
            return Some(o);
        }
        if self.variant.only_ended_decides() {
            return None;
        }
        // In dice variants a seat without a usable die simply passes: no mate or stalemate.
        if self.variant.rules.dice.is_none()
            && !self.variant.rules.mates_go_on()
            && !self.legal_move_exists(keep)
            && !self.can_pass()
        {
            return Some(self.no_move_outcome());
        }
        self.outcome_with_a_move()
    }

    /// [`outcome_uncounted`](Self::outcome_uncounted)'s tests after the mate and stalemate
    /// test, where the seat to move has a move (or passes): repetition, the move rule, the
    /// count, a stalemate by optional promotion.
    fn outcome_with_a_move(&mut self) -> Option<Outcome> {
        let seat = self.to_move;
        self.index_history_if_long();
        if let Some(o) = self.repetition_outcome() {
            return Some(o);
        }
        if let Some(rule) = self.variant.rules.move_rule
            && self.halfmove >= rule.plies
        {
            return Some(self.result_for(self.prev_seat(seat), rule.result, EndReason::MoveRule));
        }
        // Checkmate came first (above); any other position past the count's limit is drawn.
        if self.variant.rules.counting.is_some()
            && crate::rules::counting::Counting::passed(&self.counters)
        {
            return Some(Outcome::Draw {
                reason: crate::rules::counting::REASON,
            });
        }
        self.only_promotions_outcome()
    }

    /// [`outcome_at_leaf`](Self::outcome_at_leaf) for a search node that lists its moves
    /// next, with the move generation shared: where the position's legal moves are its
    /// candidates that keep the mover's royal pieces safe
    /// ([`candidates_and_test`](Self::candidates_and_test) applies) and the mate test is the
    /// plain one (no dice, no moves after a mate, no move forbidden by the history), fills
    /// `out` with the seat to move's pseudo-legal board moves in
    /// [`pseudo_moves`](Self::pseudo_moves)' order — followed by its drops only where none of
    /// them is legal ([`Listing::drops`]) — and returns the outcome (the same as
    /// `outcome_at_leaf`'s), what `out` holds, and the test of `candidates_and_test`. `None`,
    /// `out` untouched, where the game has ended or the shortcut does not apply.
    #[allow(clippy::type_complexity)]
    pub(crate) fn outcome_listing(
        &mut self,
        out: &mut Vec<Move>,
    ) -> Option<(
        Option<Outcome>,
        Listing,
        impl Fn(&mut Self, Move) -> bool + use<>,
    )> {
        if self.ended.is_some()
            || self.variant.only_ended_decides()
            || self.awaiting_roll
            || !self.legality_is_royal_safety()
            || self.variant.rules.mates_go_on()
            || (!self.history_trial && self.history_forbids_some())
        {
            return None;
        }
        out.clear();
        self.pseudo_moves(self.to_move, out);
        let board = out.len();
        let (any, drops, test) = self.any_legal_then_test(out);
        let o = if !any && !self.can_pass() {
            Some(self.no_move_outcome())
        } else {
            self.outcome_with_a_move()
        };
        Some((o.map(|o| self.counted(o)), Listing { board, drops }, test))
    }

    /// Sittuyin's stalemate by optional promotion (`only-promotions-draw`,
    /// [`crate::rules::in_place`]): the seat to move has two pieces on the board, one of them
    /// of such a kind, is not in check, and every legal move is a promotion — judged as a
    /// stalemate (`end.stalemate`, a draw by default).
    fn only_promotions_outcome(&mut self) -> Option<Outcome> {
        let ip = self.variant.rules.in_place.as_ref()?;
        let seat = self.to_move;
        let s = seat.index();
        let lone = (ip.kinds.iter().enumerate())
            .any(|(k, p)| p.is_some_and(|p| p.only_promotions_draw) && self.kind_count[s][k] == 1);
        if !lone || self.count[s] != 2 || self.in_check(seat) {
            return None;
        }
        let moves = self.legal_move_list();
        if moves.is_empty() || moves.iter().any(|m| m.promotes_to().is_none()) {
            return None;
        }
        let end = self.variant.rules.no_moves.unwrap_or_default();
        let result = end.stalemate.unwrap_or(crate::vocab::ResultKind::Draw);
        Some(self.result_for(seat, result, EndReason::Stalemate))
    }

    /// The repetition ending, if the current position has occurred the rule file's number of
    /// times (whether or not an earlier end rule ended the game first: see
    /// [`outcome`](Self::outcome)).
    #[inline]
    pub fn repetition_outcome(&self) -> Option<Outcome> {
        let rule = self.variant.rules.repetition?;
        (self.repetitions() >= rule.count).then(|| {
            self.result_for(
                self.prev_seat(self.to_move),
                rule.result,
                EndReason::Repetition,
            )
        })
    }
}

/// What [`Position::outcome_listing`] left in its list: the seat to move's pseudo-legal board
/// moves, then, where none of them is legal, its drops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Listing {
    /// How many board moves lead the list.
    pub board: usize,
    /// True if the drops follow them (the list is then every candidate).
    pub drops: bool,
}
