//! [`Threats`]: the two-seat evaluation's view of what each seat attacks, read from the move
//! table alone (no variant names): a penalty for pieces attacked by a cheaper enemy piece or
//! attacked and undefended (Stockfish's "threat by minor/rook" and "hanging").
//!
//! One walk of every live piece's moves on the board as it stands builds, per seat, the
//! squares it attacks and the cheapest attacker of each square.

use crate::compile::{CAPTURE, Variant};
use crate::engine::Position;
use crate::vocab::{Piece, Seat, SquareSet};

/// Percent of a threatened piece's loss (its value if undefended, else its value less the
/// cheapest attacker's) that its seat loses, whichever seat moves next. Measured against
/// weighing by who moves (10% of the mover's first threat, 50% of its second, 33% of the
/// waiting seat's first): equal in shatranj, simpler (docs/agents.md).
const THREAT: i32 = 10;

/// A royal piece's value as an attacker: more than any other piece's.
const ROYAL: i32 = 1_000_000;

/// The threat weights of one variant.
#[derive(Clone, Debug)]
pub struct Threats {
    /// Per kind: its value in units.
    values: Vec<i32>,
    /// Per kind: royal.
    royal: Vec<bool>,
    /// Facings.
    orients: usize,
}

impl Threats {
    /// The tables of `v` with the piece values `values` (units per kind).
    pub fn new(v: &Variant, values: &[i32]) -> Threats {
        Threats {
            values: values.to_vec(),
            royal: v.kinds.iter().map(|k| k.royal).collect(),
            orients: v.orients.len(),
        }
    }

    /// Per seat of `pos` (two seats): the penalty for its threatened pieces in units (≤ 0):
    /// [`THREAT`] percent of the loss of each non-royal piece the other seat attacks with a
    /// cheaper piece (loss: the difference in value) or attacks while it is undefended (loss:
    /// its value). Attacks are pseudo-legal captures on the board as it stands.
    pub fn values(&self, pos: &Position) -> [i32; 2] {
        let mut att = [SquareSet::default(); 2];
        let mut cheapest = [[i32::MAX; 256]; 2];
        let board = pos.board();
        let table = &pos.variant().table;
        for s in 0..2 {
            for sq in pos.pieces_of(Seat(s as u8)).iter() {
                let p = board[sq as usize];
                if p.is_dead() {
                    continue;
                }
                let value = self.value(p);
                table.walk(
                    p.combo(self.orients),
                    sq,
                    board,
                    |p| !p.is_empty(),
                    |to, mode, _| {
                        if mode & CAPTURE != 0 {
                            att[s].insert(to);
                            let c = &mut cheapest[s][to as usize];
                            *c = (*c).min(value);
                        }
                    },
                );
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
        out
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
}
