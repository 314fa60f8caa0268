//! [`Setup`]: everything a position string describes — board, hands, seat to move, dice,
//! counters, clocks, how the game stands — not necessarily legal, with public fields (as in
//! shakmaty). The readers ([`from_fen`](super::from_fen),
//! [`from_position_string`](super::from_position_string), records) parse text into a `Setup`;
//! one validation step, [`Setup::into_position`], turns it into a [`Position`] or says, with a
//! [`PositionError`], what no game reaches. The writers write from a `Setup`
//! ([`Setup::from_position`]).

use super::error::{Notation, PositionError, PositionErrorKind as K, PositionField as F};
use crate::compile::Variant;
use crate::engine::{EndSetting, Position, SetupState};
use crate::geometry::Square;
use crate::vocab::{Counters, EndReason, Kind, MAX_DICE, MAX_KINDS, MAX_SEATS, NO_OWNER};
use crate::vocab::{Piece, Seat, SeatSet, SquareSet};
use std::ops::Range;
use std::sync::Arc;

/// How the game stands at a set-up position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SetupEnd {
    /// The end conditions decide (judged as if the seat before the one to move had just
    /// moved; the seat to move itself in the middle of a dice turn).
    #[default]
    Judge,
    /// The game goes on, whatever the end conditions say.
    NotOver,
    /// The game is over: the end reason, and the winner if it is a win (with no winner, the
    /// reason's own result, judged for the seat taken to have just moved).
    Over {
        /// Why the game ended.
        reason: EndReason,
        /// The winner, for a win.
        winner: Option<Seat>,
    },
}

/// Where each part of a [`Setup`] was read from: byte ranges in the text, so that validation
/// errors point at the offending characters. Empty for a `Setup` built by a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The notation read, `None` for a `Setup` built by a program.
    pub notation: Option<Notation>,
    /// Length of the text.
    pub len: usize,
    /// Each field's range, by [`PositionField::index`](super::PositionField::index); `None`
    /// for a field left out.
    pub fields: [Option<Range<usize>>; F::COUNT],
    /// Each square written on the board: square index and range (a piece's, or the run of
    /// empty squares, `8`, that covers the square).
    pub squares: Vec<(usize, Range<usize>)>,
    /// The brackets of the hands, if written.
    pub hands: Option<Range<usize>>,
    /// Each hand entry: seat, kind, range and text.
    pub hand_entries: Vec<(Seat, Kind, Range<usize>, String)>,
    /// Each die left, in the order of [`Setup::dice`].
    pub dice: Vec<Range<usize>>,
    /// Each `seat:letters` entry of the taken field: field, seat and range.
    pub entries: Vec<(super::PositionField, Seat, Range<usize>)>,
}

impl Default for Source {
    fn default() -> Self {
        Source {
            notation: None,
            len: 0,
            fields: [const { None }; F::COUNT],
            squares: Vec::new(),
            hands: None,
            hand_entries: Vec::new(),
            dice: Vec::new(),
            entries: Vec::new(),
        }
    }
}

impl Source {
    /// An error in `field`, at `at` if given, else on the whole field (the whole text for a
    /// field left out).
    pub(crate) fn error(&self, field: F, at: Option<Range<usize>>, kind: K) -> PositionError {
        let whole = 0..self.len;
        let field_span = self.fields[field.index()].clone().unwrap_or(whole);
        let mut span = at.unwrap_or_else(|| field_span.clone());
        if self.notation.is_some() && span.end <= span.start {
            span.end = span.start + 1;
        }
        PositionError {
            kind,
            field,
            span,
            field_span,
            notation: self.notation.unwrap_or_default(),
        }
    }
}

/// A position as written: not necessarily legal or reachable. Build one with
/// [`Setup::empty`], [`Setup::from_position`] or a reader, change its fields freely, and
/// validate it with [`Setup::into_position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// One piece per square (`Piece::EMPTY` for none), by square index: `rank * files + file`.
    pub board: Vec<Piece>,
    /// Pieces in hand per seat and kind.
    pub hands: [[u8; MAX_KINDS]; MAX_SEATS],
    /// The seat to move.
    pub to_move: Seat,
    /// True when the seat to move must roll first (dice variants); then `dice` is empty.
    pub roll_due: bool,
    /// The dice left this turn, in any order (empty: none).
    pub dice: Vec<u8>,
    /// Scores, capture records, rounds, resignations, mates.
    pub counters: Counters,
    /// The game's first seat (rounds are counted from it).
    pub first_seat: Seat,
    /// Plies since the last capture or move-rule reset.
    pub halfmove: u32,
    /// The full-move number, from 1.
    pub fullmove: u32,
    /// How the game stands.
    pub end: SetupEnd,
    /// The first-move rights: squares of the pieces that have not moved (`None`: every piece
    /// of a kind with such rights that stands on its setup square).
    pub rights: Option<SquareSet>,
    /// The en-passant square (by square index), if one is given.
    pub ep: Option<u8>,
    /// The square of the piece a capture on [`ep`](Self::ep) takes, where the en-passant
    /// field names it (Fairy-Stockfish's custom pieces: `c3d4`).
    pub ep_victim: Option<u8>,
    /// Where the parts were read from (for located errors).
    pub source: Source,
}

impl Setup {
    /// An empty board of `variant`: the first seat to move (a roll due in dice variants),
    /// no counters, move 1.
    pub fn empty(variant: &Variant) -> Setup {
        Setup {
            board: vec![Piece::EMPTY; variant.board.len()],
            hands: [[0; MAX_KINDS]; MAX_SEATS],
            to_move: Seat(0),
            roll_due: variant.rules.dice.is_some(),
            dice: Vec::new(),
            counters: Counters::default(),
            first_seat: Seat(0),
            halfmove: 0,
            fullmove: 1,
            end: SetupEnd::Judge,
            rights: None,
            ep: None,
            ep_victim: None,
            source: Source::default(),
        }
    }

    /// Everything of `pos` a position string writes. What only the game's history holds is
    /// left out, except an ending by repetition, kept in [`end`](Self::end).
    pub fn from_position(pos: &Position) -> Setup {
        let v = pos.variant();
        let mut hands = [[0; MAX_KINDS]; MAX_SEATS];
        for (s, hand) in hands.iter_mut().enumerate().take(v.seats.len()) {
            for (k, n) in hand.iter_mut().enumerate().take(v.kinds.len()) {
                *n = pos.hand_count(Seat(s as u8), Kind(k as u8));
            }
        }
        // A repetition is the one ending the fields cannot show: the history it counts is not
        // in them (an end condition, mate, stalemate and the move rule are judged from them).
        let ended = pos.ended().or_else(|| {
            pos.repetition_outcome()
                .and_then(|_| pos.clone().outcome())
                .filter(|o| o.reason() == EndReason::Repetition)
        });
        let end = if ended == pos.judge_setup() {
            SetupEnd::Judge
        } else {
            match ended {
                None => SetupEnd::NotOver,
                Some(o) => SetupEnd::Over {
                    reason: o.reason(),
                    winner: o.winner(),
                },
            }
        };
        let mut dice = pos.dice();
        dice.reverse();
        Setup {
            board: (0..v.board.len())
                .map(|i| pos.piece_at(Square(i as u8)))
                .collect(),
            hands,
            to_move: pos.to_move(),
            roll_due: pos.awaiting_roll(),
            dice,
            counters: *pos.counters(),
            first_seat: pos.first_seat(),
            halfmove: pos.halfmove(),
            fullmove: pos.fullmove(),
            end,
            // `None` where no kind has first-move rights.
            rights: (pos.variant().right_kinds() != 0).then(|| pos.rights()),
            ep: pos.en_passant().map(|(sq, _)| sq.0),
            // Only where FEN writes it (a kind marking `always`); otherwise it follows from
            // the square.
            ep_victim: pos
                .en_passant()
                .filter(|&(_, at)| pos.marks_always(pos.piece_at(at)))
                .map(|(_, at)| at.0),
            source: Source::default(),
        }
    }

    /// The one validation step: the position of `variant` this setup describes, or why no
    /// game reaches it.
    ///
    /// Refused, besides what does not fit the variant (board size, pieces, hands, dice,
    /// counters): a seat to move that resigned or was mated, every seat out, a dice turn with
    /// no usable die left, a seat other than the one to move in check (the one that just
    /// moved, or — the seat in check moving next — any while the seat to move is not), where
    /// mates do not end the game a seat to move with no legal move, a dead royal piece of a
    /// seat not mated, a mated seat that still owns pieces, a negative score where no rule
    /// takes points away, and a capture-all win no seat has made.
    pub fn into_position(self, variant: &Arc<Variant>) -> Result<Position, PositionError> {
        self.check_shape(variant)?;
        self.check_counters(variant)?;
        self.check_dead_setup(variant)?;
        let mut pos = self.build(variant);
        // A dead royal piece of a seat not mated is named before the live royal it lacks.
        self.check_mated_seats(&pos)?;
        self.check_royals(&pos)?;
        self.check_turn(&mut pos)?;
        self.check_end(&pos)?;
        Ok(pos)
    }

    fn error(&self, field: F, at: Option<Range<usize>>, kind: K) -> PositionError {
        self.source.error(field, at, kind)
    }

    /// The range square `sq` was read from: its piece, or the run of empty squares over it.
    fn square_span(&self, sq: usize) -> Option<Range<usize>> {
        self.source
            .squares
            .iter()
            .find(|(s, _)| *s == sq)
            .map(|(_, r)| r.clone())
    }

    /// Board size, pieces, hands and dice that fit the variant.
    fn check_shape(&self, v: &Variant) -> Result<(), PositionError> {
        if self.board.len() != v.board.len() {
            return Err(self.error(
                F::Board,
                None,
                K::BoardSize {
                    given: self.board.len(),
                    squares: v.board.len(),
                },
            ));
        }
        for (sq, p) in self.board.iter().enumerate() {
            let owner_ok = p.owner().index() < v.seats.len() || p.owner() == Seat(NO_OWNER);
            let orient_ok = v.seats.iter().any(|s| s.orient == p.orient());
            if !p.is_empty() && (p.kind().index() >= v.kinds.len() || !owner_ok || !orient_ok) {
                return Err(self.error(F::Board, self.square_span(sq), K::BadPiece { square: sq }));
            }
        }
        for (field, seat) in [(F::ToMove, self.to_move), (F::FirstSeat, self.first_seat)] {
            if seat.index() >= v.seats.len() {
                let seats: Vec<&str> = v.seats.iter().map(|s| s.name.as_str()).collect();
                return Err(self.error(
                    field,
                    None,
                    K::UnknownSeat {
                        token: format!("seat {}", seat.0),
                        within: None,
                        seats: seats.join(", "),
                    },
                ));
            }
        }
        self.check_hands(v)?;
        self.check_supply(v)?;
        self.check_walls(v)?;
        self.check_dice(v)
    }

    /// No hand holds more pieces of a kind than the game has ([`K::HandAboveSupply`]).
    /// Where captures go to no hand and hands are not given, a hand only empties: at most
    /// its start count. Otherwise the kind's pieces in the start position and start hands,
    /// all seats (a captured piece counted as the kind it goes to the hand as), twice with
    /// `hands.given` (a second board); kinds a promotion or a flip makes, and kinds the
    /// start has none of, are not bounded.
    fn check_supply(&self, v: &Variant) -> Result<(), PositionError> {
        let Some(hands) = v.rules.hands.as_ref() else {
            return Ok(());
        };
        let seats = v.seats.len() as u32;
        for (s, hand) in self.hands.iter().enumerate() {
            for (k, &n) in hand.iter().enumerate() {
                if n == 0 || s >= v.seats.len() {
                    continue;
                }
                let start = u32::from(v.start_hand.get(k).copied().unwrap_or(0));
                let on_board = (v.setup.iter())
                    .filter(|(_, p)| !p.is_dead() && hands.demoted(p.kind()).index() == k)
                    .count() as u32;
                let only_empties = !hands.captures && !hands.given;
                let bound = match (on_board + seats * start) * if hands.given { 2 } else { 1 } {
                    _ if only_empties => start,
                    0 => continue,
                    _ if made_in_play(v, k) => continue,
                    b => b,
                };
                if u32::from(n) > bound {
                    let entry = (self.source.hand_entries.iter())
                        .find(|(es, ek, _, _)| es.index() == s && ek.index() == k);
                    return Err(self.error(
                        F::Board,
                        entry.map(|e| e.2.clone()),
                        K::HandAboveSupply {
                            seat: v.seats[s].name.clone(),
                            kind: v.kinds[k].name.clone(),
                            count: n,
                            bound,
                        },
                    ));
                }
            }
        }
        Ok(())
    }

    /// In a two-seat game without dice whose mates end it, each seat the start gives a royal
    /// piece (on the board or in its start hand) has one, on the board or in hand, unless the
    /// position has already ended ([`K::NoRoyal`]); and no seat holds more pieces of a royal
    /// kind, board and hand together, than the start gives it, unless a promotion makes that
    /// kind ([`K::RoyalAboveStart`]) — Fairy-Stockfish's `validate_fen`, which counts each
    /// side's kings, the pocket's included, against its start position's. The same holds for
    /// every live seat (not mated, not resigned) of a game of more seats without dice whose
    /// seats all start with a royal piece (four-player chess and shogi): a royal piece is
    /// never captured there, and a mated seat's turns to a dead one.
    fn check_royals(&self, pos: &Position) -> Result<(), PositionError> {
        let v = pos.variant();
        let applies = match v.seats.len() {
            2 => !v.rules.mates_go_on(),
            _ => (0..v.seats.len()).all(|s| royal_start(v, s).is_some()),
        };
        if !applies || v.rules.dice.is_some() || pos.ended().is_some() {
            return Ok(());
        }
        for (s, seat) in v.seats.iter().enumerate() {
            if !pos.is_live(Seat(s as u8)) {
                continue;
            }
            let mut start_any = None;
            for (k, kind) in v.kinds.iter().enumerate() {
                if !kind.royal {
                    continue;
                }
                let start = start_count(v, s, k);
                let held = (self.board.iter())
                    .filter(|p| !p.is_empty() && !p.is_dead())
                    .filter(|p| p.owner().index() == s && p.kind().index() == k)
                    .count()
                    + usize::from(
                        self.hands
                            .get(s)
                            .and_then(|h| h.get(k))
                            .copied()
                            .unwrap_or(0),
                    );
                if start > 0 {
                    start_any.get_or_insert(k);
                }
                if held > start && !made_in_play(v, k) {
                    let entry = (self.source.hand_entries.iter())
                        .find(|(es, ek, _, _)| es.index() == s && ek.index() == k);
                    return Err(self.error(
                        F::Board,
                        entry.map(|e| e.2.clone()),
                        K::RoyalAboveStart {
                            seat: seat.name.clone(),
                            kind: kind.name.clone(),
                            count: held,
                            start,
                        },
                    ));
                }
            }
            let in_hand = (v.kinds.iter().enumerate())
                .filter(|(_, kind)| kind.royal)
                .any(|(k, _)| {
                    self.hands
                        .get(s)
                        .and_then(|h| h.get(k))
                        .is_some_and(|&n| n > 0)
                });
            if let Some(k) = start_any
                && pos.royal_count(Seat(s as u8)) == 0
                && !in_hand
            {
                return Err(self.error(
                    F::Board,
                    None,
                    K::NoRoyal {
                        seat: seat.name.clone(),
                        kind: v.kinds[k].name.clone(),
                    },
                ));
            }
        }
        Ok(())
    }

    /// Every square the setup fills with a dead piece of no seat (`setup.dead`: four-player
    /// chess's cut corners, walls) holds that piece: nothing moves, captures or removes one
    /// ([`K::DeadSquare`]).
    fn check_dead_setup(&self, v: &Variant) -> Result<(), PositionError> {
        for &(sq, p) in v.setup.iter().filter(|(_, p)| p.is_dead()) {
            if self.board.get(sq.index()).is_some_and(|&b| b != p) {
                return Err(self.error(
                    F::Board,
                    self.square_span(sq.index()),
                    K::DeadSquare {
                        square: v.board.name(sq),
                        kind: v.kinds[p.kind().index()].name.clone(),
                    },
                ));
            }
        }
        Ok(())
    }

    /// At most one wall where the walls' rule takes the walls away before putting one
    /// (`walls.rule: duck`); the second one written is the error's place.
    fn check_walls(&self, v: &Variant) -> Result<(), PositionError> {
        let Some(w) = v.rules.walls.as_ref() else {
            return Ok(());
        };
        if w.rule != crate::rules::walls::WallRule::Duck {
            return Ok(());
        }
        let kind = w.piece.kind();
        let walls: Vec<usize> = (self.board.iter().enumerate())
            .filter(|(_, p)| !p.is_empty() && p.is_dead() && p.kind() == kind)
            .map(|(sq, _)| sq)
            .collect();
        if walls.len() <= 1 {
            return Ok(());
        }
        let last = (walls.iter())
            .filter_map(|&sq| self.square_span(sq))
            .max_by_key(|r| r.start);
        Err(self.error(
            F::Board,
            last,
            K::TooManyWalls {
                kind: v.kinds[kind.index()].name.clone(),
                count: walls.len(),
            },
        ))
    }

    /// Pieces in hand only in variants with hands, and only of kinds a capture puts there.
    fn check_hands(&self, v: &Variant) -> Result<(), PositionError> {
        let any = self.hands.iter().any(|h| h.iter().any(|&n| n > 0));
        if any && v.rules.hands.is_none() {
            return Err(self.error(
                F::Board,
                self.source.hands.clone(),
                K::NoHands {
                    variant: v.name.clone(),
                },
            ));
        }
        for (s, hand) in self.hands.iter().enumerate() {
            for (k, &n) in hand.iter().enumerate() {
                if n == 0 {
                    continue;
                }
                let entry = self
                    .source
                    .hand_entries
                    .iter()
                    .find(|(es, ek, _, _)| es.index() == s && ek.index() == k);
                let at = entry.map(|e| e.2.clone());
                let Some(info) = v.kinds.get(k) else {
                    return Err(self.error(F::Board, at, K::BadPiece { square: 0 }));
                };
                let demote =
                    (v.rules.hands.as_ref()).map_or(Kind(k as u8), |h| h.demoted(Kind(k as u8)));
                // Without captures to the hand, any kind may be in hand (the set-up phase).
                let captures = (v.rules.hands.as_ref()).is_some_and(|h| h.captures);
                if s >= v.seats.len() || captures && (info.royal || demote != Kind(k as u8)) {
                    let token = entry.map_or_else(|| info.letter.to_string(), |e| e.3.clone());
                    return Err(self.error(
                        F::Board,
                        at,
                        K::NotForHand {
                            token,
                            kind: info.name.clone(),
                            demotes_to: (!info.royal).then(|| v.kinds[demote.index()].name.clone()),
                        },
                    ));
                }
            }
        }
        Ok(())
    }

    /// Dice only in dice variants, no more than are rolled, each a face the dice show.
    fn check_dice(&self, v: &Variant) -> Result<(), PositionError> {
        let Some(rules) = &v.rules.dice else {
            if self.roll_due || !self.dice.is_empty() {
                return Err(self.error(
                    F::Dice,
                    None,
                    K::NoDice {
                        variant: v.name.clone(),
                    },
                ));
            }
            return Ok(());
        };
        if self.dice.len() > (rules.count as usize).min(MAX_DICE) {
            return Err(self.error(
                F::Dice,
                None,
                K::TooManyDice {
                    given: self.dice.len(),
                    count: rules.count as usize,
                },
            ));
        }
        for (i, &d) in self.dice.iter().enumerate() {
            if !rules.faces.contains(&d) {
                return Err(self.error(
                    F::Dice,
                    self.source.dice.get(i).cloned(),
                    K::BadFace {
                        face: d.to_string(),
                        faces: rules.faces.clone(),
                    },
                ));
            }
        }
        Ok(())
    }

    /// Counters that fit each other and the rules.
    fn check_counters(&self, v: &Variant) -> Result<(), PositionError> {
        let c = &self.counters;
        let thrones = crate::rules::throne::scored(c);
        for (field, masks, what) in [
            (F::Taken, &c.taken, "king"),
            (
                F::Module(crate::rules::ModuleId::Thrones),
                &thrones,
                "throne",
            ),
        ] {
            if let Some(s) = (0..v.seats.len()).find(|&s| masks[s].contains(Seat(s as u8))) {
                let at = self
                    .source
                    .entries
                    .iter()
                    .find(|(f, seat, _)| *f == field && seat.index() == s)
                    .map(|(_, _, r)| r.clone());
                return Err(self.error(
                    field,
                    at,
                    K::OwnEntry {
                        seat: v.seats[s].name.clone(),
                        what,
                    },
                ));
            }
        }
        if c.quiet_rounds > c.rounds {
            return Err(self.error(
                F::QuietRounds,
                None,
                K::QuietRounds {
                    quiet: c.quiet_rounds,
                    rounds: c.rounds,
                },
            ));
        }
        if self.fullmove == 0 {
            return Err(self.error(F::Fullmove, None, K::MoveNumberZero));
        }
        if !scores_can_fall(v)
            && let Some(s) = (0..v.seats.len()).find(|&s| c.scores[s] < 0)
        {
            return Err(self.error(
                F::Scores,
                None,
                K::NegativeScore {
                    seat: v.seats[s].name.clone(),
                    score: c.scores[s],
                },
            ));
        }
        Ok(())
    }

    /// The position, built through [`Position`]'s set-up methods.
    fn build(&self, variant: &Arc<Variant>) -> Position {
        let mut pos = Position::empty(variant.clone());
        for (sq, &p) in self.board.iter().enumerate() {
            if !p.is_empty() {
                pos.setup_put(sq as u8, p);
            }
        }
        for (s, hand) in self.hands.iter().enumerate().take(variant.seats.len()) {
            for (k, &n) in hand.iter().enumerate().take(variant.kinds.len()) {
                if n > 0 {
                    pos.setup_hand(Seat(s as u8), Kind(k as u8), n);
                }
            }
        }
        let mut dice = [0u8; MAX_DICE];
        for (slot, &d) in dice.iter_mut().zip(&self.dice) {
            *slot = d;
        }
        pos.finish_setup(&SetupState {
            to_move: self.to_move,
            dice: (!self.roll_due).then_some(dice),
            counters: self.counters,
            first_seat: self.first_seat,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            end: match self.end {
                SetupEnd::Judge => EndSetting::Judge,
                _ => EndSetting::NotOver,
            },
            rights: self.rights,
            ep: self.ep,
            ep_victim: self.ep_victim,
        });
        if let SetupEnd::Over { reason, winner } = self.end {
            let o = pos.setup_outcome(reason, winner);
            pos.set_setup_end(Some(o));
        }
        pos
    }

    /// Refuses a board that disagrees with the mates: a dead royal piece whose seat (the seat
    /// it faces as) has not been mated, and a mated seat that still owns pieces on the board
    /// or in hand (a mate kills its royal pieces and gives the rest away).
    fn check_mated_seats(&self, pos: &Position) -> Result<(), PositionError> {
        let v = pos.variant();
        let mated = self.counters.mated;
        for (sq, p) in self.board.iter().enumerate() {
            if p.is_empty() || !p.is_dead() || !v.kinds[p.kind().index()].royal {
                continue;
            }
            let faced: Vec<usize> = (0..v.seats.len())
                .filter(|&i| v.seats[i].orient == p.orient())
                .collect();
            if !faced.is_empty() && faced.iter().all(|&i| !mated.contains(Seat(i as u8))) {
                return Err(self.error(
                    F::Board,
                    self.square_span(sq),
                    K::DeadRoyalNotMated {
                        kind: v.kinds[p.kind().index()].name.clone(),
                        seat: v.seats[faced[0]].name.clone(),
                    },
                ));
            }
        }
        let is_mated = |s: usize| s < v.seats.len() && mated.contains(Seat(s as u8));
        for (sq, p) in self.board.iter().enumerate() {
            if !p.is_empty() && !p.is_dead() && is_mated(p.owner().index()) {
                return Err(self.error(
                    F::Board,
                    self.square_span(sq),
                    K::MatedOwnsPiece {
                        seat: v.seats[p.owner().index()].name.clone(),
                    },
                ));
            }
        }
        if let Some(s) =
            (0..v.seats.len()).find(|&s| is_mated(s) && pos.hand_total(Seat(s as u8)) > 0)
        {
            let at = self
                .source
                .hand_entries
                .iter()
                .find(|(es, _, _, _)| es.index() == s)
                .map(|e| e.2.clone());
            return Err(self.error(
                F::Board,
                at,
                K::MatedHoldsHand {
                    seat: v.seats[s].name.clone(),
                },
            ));
        }
        Ok(())
    }

    /// Refuses a turn no game gives: to a seat that is out, with every seat out, a dice turn
    /// that is over, a seat left in check, and (where mates do not end the game) a seat that
    /// would already be mated.
    fn check_turn(&self, pos: &mut Position) -> Result<(), PositionError> {
        let v = pos.variant().clone();
        let n = v.seats.len();
        let to_move = pos.to_move();
        let name = |s: Seat| v.seats[s.index()].name.clone();
        if !(0..n as u8).any(|s| pos.is_live(Seat(s))) {
            return Err(self.error(F::Resigned, None, K::NoSeatLeft));
        }
        if pos.ended().is_none() && !pos.is_live(to_move) {
            let mated = self.counters.mated.contains(to_move);
            return Err(self.error(
                F::ToMove,
                None,
                K::SeatOut {
                    seat: name(to_move),
                    mated,
                },
            ));
        }
        self.check_dice_turn(pos)?;
        self.check_checks(pos)?;
        if pos.ended().is_none() && v.rules.mates_go_on() && !pos.setup_can_move() {
            return Err(self.error(
                F::ToMove,
                None,
                K::WouldBeMated {
                    seat: name(to_move),
                },
            ));
        }
        Ok(())
    }

    /// A dice turn in progress has a die left that moves a piece.
    fn check_dice_turn(&self, pos: &mut Position) -> Result<(), PositionError> {
        if pos.ended().is_some() || pos.variant().rules.dice.is_none() || pos.awaiting_roll() {
            return Ok(());
        }
        if pos.dice().is_empty() {
            return Err(self.error(F::Dice, None, K::NoDiceLeft));
        }
        if !pos.setup_can_move() {
            let mut dice = pos.dice();
            dice.reverse();
            let seat = pos.variant().seats[pos.to_move().index()].name.clone();
            return Err(self.error(F::Dice, None, K::NoUsableDie { dice, seat }));
        }
        Ok(())
    }

    /// A royal piece in check belongs to the seat due: the seat that just moved cannot have
    /// left its own attacked, and with the check interrupt the seat in check moves next
    /// (without it, with three seats or more, a seat checked earlier may wait for its turn
    /// while others move: four-player chess); under bikjang with passing, the seat that just
    /// passed may be the one in check.
    fn check_checks(&self, pos: &Position) -> Result<(), PositionError> {
        let v = pos.variant();
        if !v.has_royals() {
            return Ok(());
        }
        let to_move = pos.to_move();
        let name = |s: Seat| v.seats[s.index()].name.clone();
        let mover = pos.setup_mover();
        // Under bikjang a seat may pass in check, leaving its royal piece attacked.
        if v.rules.pass.is_some() && pos.faces_under_bikjang(mover) {
            return Ok(());
        }
        if mover != to_move && pos.is_live(mover) && pos.in_check(mover) {
            return Err(self.error(
                F::ToMove,
                None,
                K::SeatInCheck {
                    checked: vec![name(mover)],
                    to_move: name(to_move),
                },
            ));
        }
        if let Some(facing) = &v.rules.facing {
            let royals = v.royal_kinds();
            let live = (0..v.seats.len() as u8)
                .map(Seat)
                .filter(|&s| pos.is_live(s));
            let faced: Vec<Seat> = live
                .filter(|&s| {
                    let sqs = pos.royals[s.index()];
                    sqs.iter().any(|sq| facing.faces(&pos.board, sq, s, royals))
                })
                .collect();
            if faced.len() >= 2 {
                let seats = faced.into_iter().map(name).collect();
                return Err(self.error(F::Board, None, K::RoyalsFace { seats }));
            }
        }
        let interrupt = v.rules.check_interrupt.is_some();
        if pos.ended().is_some() || pos.in_check(to_move) || !interrupt {
            return Ok(());
        }
        let checked: Vec<String> = (0..v.seats.len() as u8)
            .map(Seat)
            .filter(|&s| s != to_move && pos.is_live(s) && pos.in_check(s))
            .map(name)
            .collect();
        if !checked.is_empty() {
            return Err(self.error(
                F::ToMove,
                None,
                K::SeatInCheck {
                    checked,
                    to_move: name(to_move),
                },
            ));
        }
        Ok(())
    }

    /// A game over by the capture-all win has a seat that made it: it keeps its own
    /// capture-all kind and has taken every other seat's.
    fn check_end(&self, pos: &Position) -> Result<(), PositionError> {
        let v = pos.variant();
        let (Some(o), Some(c)) = (pos.ended(), &v.rules.capture_all) else {
            return Ok(());
        };
        if o.reason() != crate::rules::capture_all::REASON {
            return Ok(());
        }
        let all = SeatSet::all(v.seats.len());
        let made = |s: usize| {
            let others = all.without(Seat(s as u8));
            pos.kind_count(Seat(s as u8), c.kind) > 0
                && (others - self.counters.taken[s]).is_empty()
        };
        let winner = o.winner().map(|w| w.index());
        let ok = match winner {
            Some(w) => made(w),
            None => (0..v.seats.len()).any(made),
        };
        if ok {
            return Ok(());
        }
        Err(self.error(
            F::End,
            None,
            K::CaptureAllWithoutCaptures {
                name: c.name.clone(),
                kind: v.kinds[c.kind.index()].name.clone(),
                winner: winner.map(|w| v.seats[w].name.clone()),
            },
        ))
    }
}

/// True if some rule of `v` can lower a score: capture scoring with a kind of negative value,
/// throne points below zero, or a capture-all score below zero (scores start at 0 and change
/// only by these).
fn scores_can_fall(v: &Variant) -> bool {
    let m = &v.rules;
    m.scoring
        .as_ref()
        .is_some_and(|s| s.values.iter().any(|&x| x < 0))
        || m.thrones.as_ref().is_some_and(|t| t.points < 0)
        || m.capture_all.as_ref().is_some_and(|c| c.score < 0)
}

/// How many live pieces of kind `k` seat `s` starts with, on the board and in hand.
fn start_count(v: &Variant, s: usize, k: usize) -> usize {
    let on_setup = (v.setup.iter())
        .filter(|(_, p)| p.owner().index() == s && !p.is_dead() && p.kind().index() == k)
        .count();
    on_setup + usize::from(v.start_hand.get(k).copied().unwrap_or(0))
}

/// The first royal kind seat `s` starts with (on the board or in hand), if any.
fn royal_start(v: &Variant, s: usize) -> Option<usize> {
    (0..v.kinds.len()).find(|&k| v.kinds[k].royal && start_count(v, s, k) > 0)
}

/// True if play can make pieces of kind `k` (index) of `v`: a promotion to it, or a rule that
/// turns pieces over (`flip`, `in-place`); the counts of such kinds are not bounded by the
/// start's.
fn made_in_play(v: &Variant, k: usize) -> bool {
    v.kinds.iter().any(|i| {
        i.promotion
            .as_ref()
            .is_some_and(|p| p.to.iter().any(|t| t.index() == k))
    }) || v.rules.flip.is_some()
        || v.rules.in_place.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::notation::{read_fen, read_position_string, write_fen, write_position_string};
    use crate::spec::Assignment;
    use crate::vocab::{Action, Move};

    /// Every built-in variant under its defaults.
    fn variants() -> Vec<Arc<Variant>> {
        crate::spec::BUILTIN
            .iter()
            .map(|(n, _)| load_variant(n, &Assignment::default()).unwrap())
            .collect()
    }

    /// A seeded random game of `plies` actions from the start (rolls of random faces, random
    /// legal moves in a canonical order, a pass where nothing moves).
    fn random_game(v: &Arc<Variant>, seed: u64, plies: usize) -> Vec<Position> {
        let mut pos = Position::start(v.clone());
        let mut out = vec![pos.clone()];
        let mut x = seed;
        let mut below = |n: usize| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as usize % n.max(1)
        };
        for _ in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            let action = if pos.awaiting_roll() {
                let d = v.rules.dice.as_ref().unwrap();
                let mut roll = [0u8; MAX_DICE];
                for slot in roll.iter_mut().take(d.count as usize) {
                    *slot = d.faces[below(d.faces.len())];
                }
                roll.sort_unstable_by(|a, b| b.cmp(a));
                Action::Roll(roll)
            } else {
                let mut moves: Vec<Move> = Vec::new();
                pos.game_moves(&mut moves);
                moves.sort_by_key(|m| (m.from, m.to, m.shown().map(|k| k.0), m.die, m.dropped()));
                match moves.len() {
                    0 if pos.can_pass() => Action::Pass,
                    0 => break,
                    n => Action::Move(moves[below(n)]),
                }
            };
            pos.play_action(action).unwrap();
            out.push(pos.clone());
        }
        out
    }

    /// The legal moves, in a canonical order.
    fn moves(pos: &Position) -> Vec<Move> {
        let mut p = pos.clone();
        let mut m = p.legal_move_list();
        m.sort_by_key(|m| (m.from, m.to, m.shown().map(|k| k.0), m.die, m.dropped()));
        m
    }

    /// The setup of `pos` survives writing, reading and validation: same setup, same hash,
    /// same legal moves, same outcome.
    fn round_trips(pos: &Position) {
        let v = pos.variant();
        let setup = Setup::from_position(pos);
        let text = write_position_string(v, &setup);
        let mut read = read_position_string(v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(read.source.notation, Some(Notation::Extended));
        read.source = Source::default();
        assert_eq!(read, setup, "{text}");
        let back = read
            .into_position(v)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back.hash(), pos.hash(), "{text}");
        assert_eq!(back.compute_hash(), back.hash(), "{text}");
        assert_eq!(moves(&back), moves(pos), "{text}");
        assert_eq!(Setup::from_position(&back), setup, "{text}");
        if v.seats.len() == 2 {
            // FEN keeps the board, hands, seat to move and clocks.
            let fen = write_fen(v, &setup);
            let read = read_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(
                (&read.board, read.hands, read.to_move),
                (&setup.board, setup.hands, setup.to_move)
            );
            assert_eq!(
                (read.halfmove, read.fullmove),
                (setup.halfmove, setup.fullmove)
            );
            // FEN cannot show a first-move right that no castling or file letter names (a
            // rook whose king has moved): the hash is compared where FEN keeps every right.
            let kept = read.rights == setup.rights && read.ep == setup.ep;
            if let Ok(back) = read.into_position(v)
                && kept
            {
                assert_eq!(back.hash(), pos.hash(), "{fen}");
                assert_eq!(write_fen(v, &Setup::from_position(&back)), fen);
            }
        }
    }

    #[test]
    fn starts_and_random_games_round_trip_through_setups() {
        for v in variants() {
            for seed in 0..4 {
                for pos in random_game(&v, seed, 120) {
                    round_trips(&pos);
                }
            }
        }
    }

    #[test]
    fn squares_are_indexed_rank_by_rank_from_a1() {
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        let king = |seat: u8| {
            let k = v.kinds.iter().position(|k| k.royal).unwrap();
            Piece::new(Kind(k as u8), Seat(seat), v.seats[seat as usize].orient)
        };
        let mut s = Setup::empty(&v);
        s.board[1] = king(0); // b1
        s.board[8 * 7 + 4] = king(1); // e8
        let text = write_fen(&v, &s);
        assert!(text.starts_with("4k3/8/8/8/8/8/8/1K6 w - - 0 1"), "{text}");
        let pos = s.into_position(&v).unwrap();
        assert_eq!(pos.piece_at(Square(1)), king(0));
        assert_eq!(pos.piece_at(Square(60)), king(1));
    }
}
