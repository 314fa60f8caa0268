//! [`exposure`]: each seat's expected loss to the other seats' next rolls in dice variants —
//! a static view of the threats that the search does not reach.

use super::eval::Evaluator;
use crate::compile::CAPTURE;
use crate::engine::Position;
use crate::vocab::{MAX_SEATS, Piece, Seat};

/// One capture a piece could make if its kind were rolled: (target square, attacking seat,
/// bit of the attacking kind).
pub type Hit = (u8, u8, u64);

/// Per seat, in units: the sum over its live pieces on the board of the piece's value times
/// the chance that it is captured by one of the seats at most `seats_ahead` turns after its
/// owner, each rolling its dice once (a seat captures it if one of its dice shows a face that
/// moves a kind attacking it; faces equally likely, as the rule file's dice say). Attacks are
/// pseudo-legal (royal safety ignored); recaptures and the order of the seats' turns are not
/// looked at. All zero without dice. `hits` is scratch space.
pub fn exposure(
    eval: &Evaluator,
    pos: &Position,
    seats_ahead: u8,
    hits: &mut Vec<Hit>,
) -> [i32; MAX_SEATS] {
    let mut out = [0; MAX_SEATS];
    let v = &**pos.variant();
    let Some(dice) = v.rules.dice.as_ref() else {
        return out;
    };
    let t = &v.table;
    let n_orients = v.orients.len();
    let board = pos.board();
    let n = v.seats.len() as u8;
    hits.clear();
    for attacker in 0..n {
        let foe = |mode: u8, p: Piece| {
            mode & CAPTURE != 0
                && !p.is_empty()
                && p.owner().0 != attacker
                && !p.is_dead()
                && (attacker + n - p.owner().0) % n <= seats_ahead
        };
        for from in pos.pieces_of(Seat(attacker)).iter() {
            let p = board[from as usize];
            if p.is_dead() {
                continue;
            }
            let bit = 1u64 << p.kind().index();
            t.walk(
                p.combo(n_orients),
                from,
                board,
                |p| !p.is_empty(),
                |to, mode, p| {
                    if foe(mode, p) {
                        hits.push((to, attacker, bit));
                    }
                },
            );
        }
    }
    hits.sort_unstable();
    let faces = dice.faces.len().max(1) as f64;
    // Per target square: the chance that every attacking seat misses it.
    for square in hits.chunk_by(|a, b| a.0 == b.0) {
        let mut safe = 1.0f64;
        for seat in square.chunk_by(|a, b| a.1 == b.1) {
            let kinds = seat.iter().fold(0, |m, h| m | h.2);
            let f = dice
                .faces
                .iter()
                .filter(|&&x| dice.kinds_for(x) & kinds != 0)
                .count();
            safe *= (1.0 - f as f64 / faces).powi(dice.count as i32);
        }
        let p = board[square[0].0 as usize];
        out[p.owner().index()] += ((1.0 - safe) * eval.kind_value(p.kind()) as f64) as i32;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    #[test]
    fn exposure_weighs_attacked_pieces_by_the_chance_of_rolling_the_attacker() {
        // Red's elephant a1 and yellow's elephant a5 attack each other; red's elephant also
        // attacks blue's pawn e1; no other piece attacks another. An elephant moves on a 4 or
        // a 6: a seat rolls one on two dice with chance 1 - (4/6)² = 5/9. Red's elephant
        // (value 4): 400 × 5/9 = 222 units; blue's pawn: 100 × 5/9 = 55.
        let v = load_variant("chaturaji", &Assignment::default()).expect("built in");
        let pos = crate::notation::parse_position(&v, "4yK3/8/8/yE7/7gK/2rK5/7bK/rE3bP3 r 4,3")
            .expect("valid");
        let e = Evaluator::new(&pos);
        let mut hits = Vec::new();
        assert_eq!(exposure(&e, &pos, 3, &mut hits)[..4], [222, 55, 222, 0]);
        // Red moves two turns after yellow and three after blue; yellow two after red.
        assert_eq!(exposure(&e, &pos, 2, &mut hits)[..4], [222, 0, 222, 0]);
        assert_eq!(exposure(&e, &pos, 1, &mut hits)[..4], [0, 0, 0, 0]);
    }
}
