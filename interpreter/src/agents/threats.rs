//! [`Threats`]: the two-seat evaluation's view of what each seat attacks, read from the move
//! table alone (no variant names): a penalty for pieces attacked by a cheaper enemy piece or
//! attacked and undefended (Stockfish's "threat by minor/rook" and "hanging").
//!
//! One walk of every live piece's moves on the board as it stands builds, per seat, the
//! squares it attacks and the cheapest attacker of each square. [`Threats::exchange`] is the
//! full static exchange on a capture's target (every recapture, x-rays included) that orders
//! the two-seat search's captures and prunes its quiescence search.

use crate::compile::{CAPTURE, QUIET, Variant};
use crate::engine::Position;
use crate::vocab::{Move, Piece, Seat, SquareSet};

/// Percent of a threatened piece's loss (its value if undefended, else its value less the
/// cheapest attacker's) that its seat loses, whichever seat moves next. Measured against
/// weighing by who moves (10% of the mover's first threat, 50% of its second, 33% of the
/// waiting seat's first): equal in shatranj, simpler (docs/agents.md).
const THREAT: i32 = 10;

/// A royal piece's value as an attacker: more than any other piece's.
const ROYAL: i32 = 1_000_000;

/// Safe mobility: a non-royal piece gets `MOBILITY / √m` units (whole units) per move to a
/// square no cheaper enemy piece attacks, `m` being its kind's mean number of moves on the
/// empty board (so a short-stepping piece's move counts more than a long rider's: about 13
/// units a knight move, 10 a bishop's, 8 a rook's, 6 a queen's in chess, Stockfish's
/// middle-game slopes), times its value over [`MINOR`] where it is worth less, less that for
/// half of `m` (a piece with half its mean moves is at zero).
const MOBILITY: f64 = 30.0;

/// The value (units) from which a piece's moves count in full for safe mobility: a piece worth
/// less gains in proportion (a short stepper worth two pawns is no knight).
const MINOR: i32 = 3 * super::UNIT;

/// The threat weights of one variant.
#[derive(Clone, Debug)]
pub struct Threats {
    /// Per kind: its value in units.
    values: Vec<i32>,
    /// Per kind: royal.
    royal: Vec<bool>,
    /// Facings.
    orients: usize,
    /// Squares on the board.
    squares: usize,
    /// Per (combination, target): the squares from which a piece of the combination captures
    /// on the target on the empty board.
    back: Vec<SquareSet>,
    /// Per combination: units per safe move (0 for a royal piece and with the `mobility`
    /// weight off) and the units of half its mean empty-board moves, subtracted once per
    /// piece ([`MOBILITY`]).
    mobility: Vec<(i32, i32)>,
    /// Per kind: its rank among the kinds' distinct values as attackers (0 the cheapest;
    /// [`value`](Self::value)), for the one-word attack sets of [`Attacks`].
    rank: Vec<u8>,
    /// Per rank: the value in units.
    rank_value: Vec<i32>,
}

/// The most distinct attacker values [`Attacks`] keeps apart (a variant with more is
/// evaluated by the walks).
pub(super) const RANKS: usize = 16;

/// Per seat, on a board of at most 64 squares: the squares its live pieces capture on as the
/// board stands, and those of its pieces of each value rank ([`Threats::rank`]): the
/// cheapest attacker of a square is the lowest rank whose set holds it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Attacks {
    /// Per seat: every square it captures on.
    pub all: [u64; 2],
    /// Per seat and rank: the squares its pieces of that rank capture on.
    pub by_rank: [[u64; RANKS]; 2],
}

impl Threats {
    /// The tables of `v` with the piece values `values` (units per kind), `hits` the capture
    /// squares per (combination, square) on the empty board, `reach` the quiet moves there
    /// ([`empty_board_reach`](super::eval::empty_board_reach)), and the weights `w`.
    pub fn new(
        v: &Variant,
        values: &[i32],
        hits: &[SquareSet],
        reach: &[u16],
        w: super::Weights,
    ) -> Threats {
        let squares = v.board.len();
        let orients = v.orients.len();
        let mobility = (0..v.kinds.len() * orients)
            .map(|combo| {
                let kind = &v.kinds[combo / orients];
                let moves = reach
                    .get(combo * squares..(combo + 1) * squares)
                    .unwrap_or(&[]);
                let mean = moves.iter().map(|&m| m as f64).sum::<f64>() / squares.max(1) as f64;
                if kind.royal || mean < 1.0 {
                    return (0, 0);
                }
                let value = values.get(combo / orients).copied().unwrap_or(0).min(MINOR);
                let unit = MOBILITY / mean.sqrt() * value.max(0) as f64 / MINOR as f64;
                let unit = w.scale(super::weights::MOBILITY, unit.round() as i32);
                (unit, (unit as f64 * mean / 2.0).round() as i32)
            })
            .collect();
        let mut back = vec![SquareSet::default(); hits.len()];
        for (i, h) in hits.iter().enumerate() {
            let (combo, from) = (i / squares, (i % squares) as u8);
            for to in h.iter() {
                back[combo * squares + to as usize].insert(from);
            }
        }
        let royal: Vec<bool> = v.kinds.iter().map(|k| k.royal).collect();
        let kind_value = |k: usize| {
            if royal[k] {
                ROYAL
            } else {
                values.get(k).copied().unwrap_or(0)
            }
        };
        let mut rank_value: Vec<i32> = (0..v.kinds.len()).map(kind_value).collect();
        rank_value.sort_unstable();
        rank_value.dedup();
        let rank = (0..v.kinds.len())
            .map(|k| rank_value.partition_point(|&x| x < kind_value(k)) as u8)
            .collect();
        Threats {
            values: values.to_vec(),
            royal,
            orients: v.orients.len(),
            squares,
            back,
            mobility,
            rank,
            rank_value,
        }
    }

    /// The static exchange on the target of capture `m` by the seat to move of `pos` (two
    /// seats), in units: what the capture and the best sequence of recaptures on that square
    /// gain, each seat capturing with its cheapest piece there and free to stop (x-rays
    /// through the pieces that have captured count; a royal piece captures last, its value
    /// too large to give); negative for a capture that loses material.
    pub fn exchange(&self, pos: &Position, m: Move) -> i32 {
        if self.squares <= 64 && pos.variant().table.bits.all_fit && !m.is_drop() {
            return self.exchange_bits(pos, m);
        }
        self.exchange_walk(pos, m)
    }

    /// [`exchange`](Self::exchange) by walks of a copy of the board: any board and move (the
    /// reference of [`exchange_bits`](Self::exchange_bits)).
    pub(super) fn exchange_walk(&self, pos: &Position, m: Move) -> i32 {
        let mut board = *pos.board();
        let to = m.to.0;
        let value = |p: Piece| self.value(p);
        let mover = board[m.from.0 as usize];
        let mut gain = [0i32; 34];
        gain[0] = value(board[to as usize]);
        let mut on_target = match m.promotes_to() {
            Some(k) => self.values.get(k.index()).copied().unwrap_or(0),
            None => value(mover),
        };
        board[m.from.0 as usize] = Piece::EMPTY;
        board[to as usize] = mover;
        let mut side = 1 - (pos.to_move().index() & 1);
        let mut d = 0;
        while d + 1 < gain.len() {
            let Some(from) = self.cheapest_attacker(pos, &board, side, to, &value) else {
                break;
            };
            d += 1;
            gain[d] = on_target - gain[d - 1];
            if (-gain[d - 1]).max(gain[d]) < 0 {
                break;
            }
            on_target = value(board[from as usize]);
            board[to as usize] = board[from as usize];
            board[from as usize] = Piece::EMPTY;
            side = 1 - side;
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }

    /// [`exchange`](Self::exchange) on a board of at most 64 squares whose move table's
    /// bitboards say every entry ([`BitTable::all_fit`](crate::compile::BitTable::all_fit)),
    /// for a board move: the board as it stands is `pos`'s less the squares the capturing
    /// pieces have left, the target holding the last of them, its occupancy one word; each
    /// candidate's captures come from [`reach_bits`](super::positional::reach_bits) instead of
    /// a walk of a board copy. The same candidates in the same order, so the same value.
    fn exchange_bits(&self, pos: &Position, m: Move) -> i32 {
        let board = pos.board();
        let table = &pos.variant().table;
        let to = m.to.0;
        let mover = board[m.from.0 as usize];
        let mut gain = [0i32; 34];
        gain[0] = self.value(board[to as usize]);
        let mut on_target = match m.promotes_to() {
            Some(k) => self.values.get(k.index()).copied().unwrap_or(0),
            None => self.value(mover),
        };
        // The squares the capturing pieces have left, and the piece on the target.
        let mut gone = 1u64 << m.from.0;
        let mut on_to = mover;
        let mut occ = (pos.occupied_bits() & !gone) | 1 << to;
        let mut side = 1 - (pos.to_move().index() & 1);
        let mut d = 0;
        while d + 1 < gain.len() {
            // `side`'s cheapest live piece that captures on the target (the first found of
            // the cheapest, by square).
            let mut best: Option<(i32, u8)> = None;
            let mut cands = pos.pieces_of(Seat(side as u8)).0[0] & !gone;
            while cands != 0 {
                let sq = cands.trailing_zeros() as u8;
                cands &= cands - 1;
                let p = if sq == to { on_to } else { board[sq as usize] };
                if p.is_empty() || p.is_dead() || p.owner().index() != side {
                    continue;
                }
                let combo = p.combo(self.orients);
                if !self.back[combo * self.squares + to as usize].contains(sq) {
                    continue;
                }
                let v = self.value(p);
                if best.is_some_and(|(b, _)| b <= v) {
                    continue;
                }
                let hits = super::positional::reach_bits(table, combo, sq, occ)
                    .is_some_and(|(_, capture)| capture >> to & 1 != 0);
                if hits {
                    best = Some((v, sq));
                }
            }
            let Some((_, from)) = best else {
                break;
            };
            d += 1;
            gain[d] = on_target - gain[d - 1];
            if (-gain[d - 1]).max(gain[d]) < 0 {
                break;
            }
            on_to = board[from as usize];
            on_target = self.value(on_to);
            gone |= 1 << from;
            occ &= !(1 << from);
            side = 1 - side;
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }

    /// The square of `side`'s cheapest live piece on `board` (pieces of `pos` still standing
    /// there) that captures on `to`, by `value`.
    fn cheapest_attacker(
        &self,
        pos: &Position,
        board: &[Piece; 256],
        side: usize,
        to: u8,
        value: &impl Fn(Piece) -> i32,
    ) -> Option<u8> {
        let table = &pos.variant().table;
        let mut best: Option<(i32, u8)> = None;
        for sq in pos.pieces_of(Seat(side as u8)).iter() {
            let p = board[sq as usize];
            if p.is_empty() || p.is_dead() || p.owner().index() != side {
                continue;
            }
            let combo = p.combo(self.orients);
            if !self.back[combo * self.squares + to as usize].contains(sq) {
                continue;
            }
            let v = value(p);
            if best.is_some_and(|(b, _)| b <= v) {
                continue;
            }
            let mut hits = false;
            table.walk(
                combo,
                sq,
                board,
                |p| !p.is_empty(),
                |t, mode, _| hits |= t == to && mode & CAPTURE != 0,
            );
            if hits {
                best = Some((v, sq));
            }
        }
        best.map(|(_, sq)| sq)
    }

    /// Per seat of `pos` (two seats): the penalty for its threatened pieces in units (≤ 0):
    /// [`THREAT`] percent of the loss of each non-royal piece the other seat attacks with a
    /// cheaper piece (loss: the difference in value) or attacks while it is undefended (loss:
    /// its value). Attacks are pseudo-legal captures on the board as it stands.
    #[cfg(test)]
    pub fn values(&self, pos: &Position) -> [i32; 2] {
        self.terms(pos).0
    }

    /// Per seat of `pos` (two seats): the threat penalty ([`values`](Self::values)) and the
    /// safe mobility in units: each non-royal piece's moves as the board stands (empty
    /// squares it may move to, enemy pieces it may capture) onto squares that no enemy piece
    /// cheaper than it attacks, at its combination's units per move, less the units of half
    /// its mean empty-board moves ([`MOBILITY`]; 0 with the `mobility` weight off).
    pub fn terms(&self, pos: &Position) -> ([i32; 2], [i32; 2]) {
        let mut att = [SquareSet::default(); 2];
        let mut cheapest = [[i32::MAX; 256]; 2];
        let board = pos.board();
        let table = &pos.variant().table;
        // Per piece with a mobility weight: (seat, combination, value, squares it moves to).
        let mut moves: Vec<(usize, usize, i32, SquareSet)> = Vec::new();
        for s in 0..2 {
            for sq in pos.pieces_of(Seat(s as u8)).iter() {
                let p = board[sq as usize];
                if p.is_dead() {
                    continue;
                }
                let value = self.value(p);
                let combo = p.combo(self.orients);
                let counted = self.mobility.get(combo).is_some_and(|m| m.0 != 0);
                let mut to_set = SquareSet::default();
                table.walk(
                    combo,
                    sq,
                    board,
                    |p| !p.is_empty(),
                    |to, mode, q| {
                        if mode & CAPTURE != 0 {
                            att[s].insert(to);
                            let c = &mut cheapest[s][to as usize];
                            *c = (*c).min(value);
                        }
                        if counted
                            && if q.is_empty() {
                                mode & QUIET != 0
                            } else {
                                mode & CAPTURE != 0 && q.owner().index() != s && !q.is_dead()
                            }
                        {
                            to_set.insert(to);
                        }
                    },
                );
                if counted {
                    moves.push((s, combo, value, to_set));
                }
            }
        }
        let mut out = [0; 2];
        for (s, o) in out.iter_mut().enumerate() {
            let e = 1 - s;
            let mut loss = 0;
            for sq in pos.pieces_of(Seat(s as u8)).iter() {
                let p = board[sq as usize];
                if !att[e].contains(sq) || p.is_dead() || self.royal[p.kind().index()] {
                    continue;
                }
                let own = self.value(p);
                let by = cheapest[e][sq as usize];
                loss += if by < own {
                    own - by
                } else if !att[s].contains(sq) {
                    own
                } else {
                    0
                };
            }
            *o = -loss * THREAT / 100;
        }
        let mut mobility = [0; 2];
        for (s, combo, value, to_set) in moves {
            let safe = to_set
                .iter()
                .filter(|&t| cheapest[1 - s][t as usize] >= value)
                .count() as i32;
            let (unit, base) = self.mobility[combo];
            mobility[s] += unit * safe - base;
        }
        (out, mobility)
    }

    /// True if [`Attacks`] can hold the variant's attack sets: a board of at most 64 squares
    /// and at most [`RANKS`] distinct attacker values.
    pub(super) fn fits_bits(&self) -> bool {
        self.squares <= 64 && self.rank_value.len() <= RANKS
    }

    /// The rank of kind index `k` ([`Attacks::by_rank`]).
    #[inline]
    pub(super) fn rank(&self, k: usize) -> usize {
        self.rank[k] as usize
    }

    /// True if the safe-mobility term counts the moves of `combo` (its weight is on and the
    /// piece is not royal).
    #[inline]
    pub(super) fn counts_mobility(&self, combo: usize) -> bool {
        self.mobility.get(combo).is_some_and(|m| m.0 != 0)
    }

    /// The value of the cheapest piece of a seat whose attack sets by rank are `by_rank` that
    /// captures on `sq` (`i32::MAX`: none).
    #[inline]
    fn cheapest_bits(&self, by_rank: &[u64; RANKS], sq: usize) -> i32 {
        for (r, &v) in self.rank_value.iter().enumerate() {
            if by_rank[r] >> sq & 1 != 0 {
                return v;
            }
        }
        i32::MAX
    }

    /// [`terms`](Self::terms) from the attack sets `a` of `pos`'s live pieces (a board of at
    /// most 64 squares, [`fits_bits`](Self::fits_bits)) and, per piece whose safe mobility
    /// counts ([`counts_mobility`](Self::counts_mobility)), its (seat, combination, kind
    /// index, squares it moves to). The same sets as the walk's, so the same values.
    pub(super) fn terms_bits(
        &self,
        pos: &Position,
        a: &Attacks,
        moves: &[(usize, usize, usize, u64)],
    ) -> ([i32; 2], [i32; 2]) {
        let board = pos.board();
        let mut out = [0; 2];
        for (s, o) in out.iter_mut().enumerate() {
            let e = 1 - s;
            let mut loss = 0;
            let mut threatened = pos.pieces_of(Seat(s as u8)).0[0] & a.all[e];
            while threatened != 0 {
                let sq = threatened.trailing_zeros() as usize;
                threatened &= threatened - 1;
                let p = board[sq];
                if p.is_dead() || self.royal[p.kind().index()] {
                    continue;
                }
                let own = self.value(p);
                let by = self.cheapest_bits(&a.by_rank[e], sq);
                loss += if by < own {
                    own - by
                } else if a.all[s] >> sq & 1 == 0 {
                    own
                } else {
                    0
                };
            }
            *o = -loss * THREAT / 100;
        }
        let mut mobility = [0; 2];
        for &(s, combo, k, to_set) in moves {
            // The squares a piece of the other seat cheaper than this one captures on.
            let mut cheaper = 0u64;
            for r in 0..self.rank(k) {
                cheaper |= a.by_rank[1 - s][r];
            }
            let safe = (to_set & !cheaper).count_ones() as i32;
            let (unit, base) = self.mobility[combo];
            mobility[s] += unit * safe - base;
        }
        (out, mobility)
    }

    /// The value of `p` in units; a royal piece's is [`ROYAL`].
    fn value(&self, p: Piece) -> i32 {
        let k = p.kind().index();
        if self.royal.get(k).copied().unwrap_or(false) {
            ROYAL
        } else {
            self.values.get(k).copied().unwrap_or(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    /// Chess's threat tables at the rule file's values.
    fn chess() -> (std::sync::Arc<Variant>, Threats) {
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let reach = super::super::eval::empty_board_reach(&v);
        let p = super::super::positional::Positional::new(&v, &values, &reach);
        (v.clone(), p.threats().clone())
    }

    #[test]
    fn threats_count_cheaper_attackers_and_undefended_pieces() {
        // Kings far apart. (1) White's pawn on e4 attacks Black's knight on d5: a loss of
        // 300 − 100 = 200, 10% → −20, whoever moves. (2) Black's rook on a5 (it defends the
        // knight) and White's rook on a1 attack each other, both undefended: each loses 500
        // more (−50). (3) A black pawn on b6 defends the rook: an equal attacker takes
        // nothing from a defended piece; White's rook is still hanging.
        let (v, t) = chess();
        for (fen, black, white) in [
            ("k7/8/8/3n4/4P3/8/8/7K w - - 0 1", -20, 0),
            ("k7/8/8/3n4/4P3/8/8/7K b - - 0 1", -20, 0),
            ("k7/8/8/r2n4/4P3/8/8/R6K w - - 0 1", -70, -50),
            ("k7/8/1p6/r2n4/4P3/8/8/R6K w - - 0 1", -20, -50),
        ] {
            let pos = crate::notation::from_fen(&v, fen).unwrap();
            assert_eq!(t.values(&pos), [white, black], "{fen}");
        }
    }

    #[test]
    fn safe_mobility_counts_moves_no_cheaper_piece_attacks() {
        // Chess with the `mobility` weight on. A knight's mean empty-board moves are
        // 336 / 64 = 5.25: 30 / √5.25 = 13 units a move, less 13 · 5.25 / 2 = 34 once. On d4
        // alone it has 8 safe moves: 13 · 8 − 34 = 70. A black pawn on d7 (cheaper) attacks
        // c6 and e6: 6 safe moves, 44. A black rook on c6 instead (dearer) takes nothing away
        // and may itself be taken: still 8, 70 (the rook's own moves are Black's). Pawns (under
        // one move on the empty board on average) and kings count nothing.
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let reach = super::super::eval::empty_board_reach(&v);
        let mut w = super::super::Weights::ONE;
        w.pct[super::super::weights::MOBILITY] = 100;
        let p = super::super::positional::Positional::weighted(&v, &values, &reach, w);
        let t = p.threats();
        for (fen, white) in [
            ("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", 70),
            ("4k3/3p4/8/8/3N4/8/8/4K3 w - - 0 1", 44),
            ("4k3/8/2r5/8/3N4/8/8/4K3 w - - 0 1", 70),
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0),
        ] {
            let pos = crate::notation::from_fen(&v, fen).unwrap();
            assert_eq!(t.terms(&pos).1[0], white, "{fen}");
        }
        // The black rook on c6: 14 moves on the empty board from every square, 30 / √14 = 8
        // units a move, less 8 · 14 / 2 = 56. It has its 14 moves (c1–c8 and a6–h6 but c6);
        // the knight on d4 (cheaper) attacks two of them, c2 and e6: 12 safe moves,
        // 8 · 12 − 56 = 40.
        let pos = crate::notation::from_fen(&v, "4k3/8/2r5/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(t.terms(&pos).1[1], 40);
        // Shatranj at the rule file's values: the gaja (an alfil, worth 2) leaps two squares
        // diagonally, 4 · (6/8)² = 2.25 moves on average: 30 / √2.25 = 20 units a move, times
        // 200 / 300 (it is worth less than 3): 13, less 13 · 2.25 / 2 = 15. On d4 with b2 b6 f2
        // f6 free: 13 · 4 − 15 = 37.
        let sv = load_variant("shatranj", &Assignment::default()).unwrap();
        let values: Vec<i32> = sv.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let sreach = super::super::eval::empty_board_reach(&sv);
        let p = super::super::positional::Positional::weighted(&sv, &values, &sreach, w);
        let pos = crate::notation::from_fen(&sv, "4k3/8/8/8/3B4/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(p.threats().terms(&pos).1[0], 37);
        // Off (the built-in weight): nothing.
        let p = super::super::positional::Positional::new(&v, &values, &reach);
        let pos = crate::notation::from_fen(&v, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(p.threats().terms(&pos).1, [0, 0]);
    }

    #[test]
    fn the_static_exchange_counts_every_recapture_and_x_rays() {
        // Chess at the rule file's values (pawn 100, knight 300, rook 500). (1) A pawn takes
        // an undefended pawn: +100. (2) A rook takes a pawn a pawn defends: 100 − 500. (3) A
        // rook takes a pawn that a rook defends, with a second rook behind the first (x-ray):
        // 100 − 500 + 500 = +100 (Black does better not to recapture: +100 too). (4) A knight
        // takes a pawn the king defends: 100 − 300. (5) The same with a rook behind on the
        // file: the king may not take, so +100. (6) A queen takes a pawn that a bishop
        // defends, a rook behind the queen on the file: 100 − 900 + 300 = −500.
        let (v, t) = chess();
        for (fen, mv, want) in [
            ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100),
            ("4k3/2p5/3p4/8/8/8/8/3RK3 w - - 0 1", "d1d6", -400),
            ("3rk3/8/3p4/8/8/8/3R4/3RK3 w - - 0 1", "d2d6", 100),
            ("8/4k3/3p4/8/4N3/8/8/4K3 w - - 0 1", "e4d6", -200),
            ("8/4k3/3p4/8/4N3/8/8/3RK3 w - - 0 1", "e4d6", 100),
            ("4k3/8/3p4/4b3/8/8/3Q4/3RK3 w - - 0 1", "d2d6", -500),
        ] {
            let mut pos = crate::notation::from_fen(&v, fen).unwrap();
            let m = crate::notation::parse_move(&mut pos, mv).unwrap();
            assert_eq!(t.exchange(&pos, m), want, "{fen} {mv}");
        }
    }
}
