//! Perft's bulk count at the last ply: the legal moves of the seat to move counted without
//! listing most of them.
//!
//! On boards of at most 64 squares a piece's leaps and rays come from the move table's
//! bitboards ([`crate::compile::BitTable`]) as one target set. Where the pin-aware shortcut of
//! the legality test applies (see `Position::legality`), every move of a piece that is neither
//! royal nor pinned is legal unless it lands on a square whose filling could expose a royal
//! piece or on the en-passant square: those targets are counted by popcount, as Stockfish's
//! perft counts its last ply, and never become moves. Promotions (each target may stand for
//! several moves), the other pieces' moves, hops, en-passant and castling moves, and moves in
//! place are listed and tested one by one as before (drops are counted by `count_drops`; the
//! free pieces' first-move leaps by shifts of their holders' set, `tally_first_leaps`), so the count always
//! equals the length of [`Position::legal_moves`]'s list (tests compare them on random
//! positions of every built-in).

use super::Move;
use super::position::Position;
use crate::compile::{CAPTURE, QUIET, shift};
use crate::vocab::Seat;

impl Position {
    /// The number of legal moves of the seat to move, counted by kind from
    /// [`kind_bb`](Position::kind_bb) (see the module's doc), for
    /// [`count_legal`](Position::count_legal) where the pipeline ends at royal safety and the
    /// game goes on; `buf` is scratch. `None` where the board has no bitboards or the
    /// reference path is on: the caller lists every move.
    pub(super) fn tally_legal(&mut self, buf: &mut Vec<Move>) -> Option<u64> {
        let v = &*self.variant;
        if self.reference_legality || v.table.bits.entries.is_empty() {
            return None;
        }
        let seat = self.to_move;
        // A mover without royal pieces keeps every move (as `retain_legal`).
        let every = self.royals[seat.index()].is_empty() && !v.needs_full_legality();
        let exposing = if every { None } else { self.shortcut_squares() };
        // Origins whose moves are legal unless they land on `skip`: none when the shortcut
        // does not apply (in check), every one when nothing needs keeping safe.
        let (free, skip) = match exposing {
            _ if every => (u64::MAX, 0),
            None => (0, 0),
            Some((vacate, fill)) => {
                let ep = if self.ep < 64 { 1u64 << self.ep } else { 0 };
                (!vacate.0[0], fill.0[0] | ep)
            }
        };
        let mut n = self.tally_board_moves(seat, (free, skip), buf);
        let (first, done) = self.tally_first_leaps(seat, (free, skip), buf);
        n += first;
        self.moves_beyond_pieces(seat, &[(0, u64::MAX)], done, buf);
        if every {
            let drops = self.count_drops(None::<&fn(&mut Self, Move) -> bool>);
            return Some(n + buf.len() as u64 + drops);
        }
        let legal = self.legality_with(exposing);
        for &m in buf.iter() {
            n += legal(self, m) as u64;
        }
        Some(n + self.count_drops(Some(&legal)))
    }

    /// The leaps and rays of `seat`'s live pieces, kind by kind: counts the moves of the
    /// pieces on `free` to targets off `skip` that stand for one move each (no promotion
    /// choice), and appends every other move to `out` (as
    /// [`pseudo_moves_for`](Position::pseudo_moves_for) lists them, in another order).
    fn tally_board_moves(&self, seat: Seat, (free, skip): (u64, u64), out: &mut Vec<Move>) -> u64 {
        let v = &*self.variant;
        let occ = self.occupied_bits();
        let capt = self.capturable_bits(seat);
        let mine = self.occ[seat.index()].0[0] & !self.dead_w::<u64>();
        let mut n = 0;
        for (k, info) in v.kinds.iter().enumerate() {
            let pieces = self.kind_bb[k] & mine;
            if pieces == 0 {
                continue;
            }
            let sets = (pieces, occ, capt, free);
            n += if info.promotion.is_some() {
                self.tally_kind::<true>(seat, sets, skip, out)
            } else {
                self.tally_kind::<false>(seat, sets, skip, out)
            };
        }
        n
    }

    /// The first-move leaps of `seat`'s pieces on `free` that hold their right, for the kinds
    /// whose leaps the special table's shapes say exactly
    /// ([`crate::compile::FirstLeaps`]) and that keep them in check too: a shape's origins
    /// with their passed squares empty and a target they may land on, found by shifts for
    /// all the kind's pieces at once. Counts the moves to targets off `skip` that stand for
    /// one move each (no promotion choice) and appends the others to `out`. Returns the count
    /// and the pieces done (the special walk leaves their first-move steps out). Pieces facing
    /// another way than their seat's are left to the walk.
    fn tally_first_leaps(
        &self,
        seat: Seat,
        (free, skip): (u64, u64),
        out: &mut Vec<Move>,
    ) -> (u64, u64) {
        let v = &*self.variant;
        let t = &v.special.bits;
        let mine = self.occ[seat.index()].0[0] & !self.dead_w::<u64>();
        let holders = self.rights.0[0] & mine & free;
        // `first-move-region`: the squares grant the first moves, not the rights.
        let region = (v.rules.multi_step.as_ref()).is_some_and(|m| m.region.is_some());
        if holders == 0 || t.first.is_empty() || region {
            return (0, 0);
        }
        let unchecked = v.rules.first_move.as_ref().map_or(0, |f| f.not_in_check);
        let orient = v.seats[seat.index()].orient;
        let n_orients = v.orients.len();
        let occ = self.occupied_bits();
        let capt = self.capturable_bits(seat);
        let (mut n, mut done) = (0, 0);
        let mut kinds = v.right_kinds() & !unchecked;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let combo = k * n_orients + orient as usize;
            let mut pieces = self.kind_bb[k] & holders;
            let Some(fl) = t.first.get(combo).filter(|f| f.exact && pieces != 0) else {
                continue;
            };
            let mut each = pieces;
            while each != 0 {
                let from = each.trailing_zeros() as usize;
                each &= each - 1;
                if self.board[from].orient() != orient {
                    pieces &= !(1 << from);
                }
            }
            let zone = if v.kinds[k].promotion.is_some() {
                v.promo_zone[combo].0[0]
            } else {
                0
            };
            let shapes = &t.first_shapes[fl.start as usize..][..fl.len as usize];
            for s in shapes {
                let mut from = pieces & s.origins;
                for &b in &s.blocks[..s.nblock as usize] {
                    from &= !shift(occ, -b);
                }
                let quiet = if s.mode & QUIET != 0 { !occ } else { 0 };
                let capture = if s.mode & CAPTURE != 0 { capt } else { 0 };
                from &= shift(quiet | capture, -s.to);
                let plain = from & !zone & !shift(zone | skip, -s.to);
                n += plain.count_ones() as u64;
                let mut rest = from & !plain;
                while rest != 0 {
                    let f = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    let to = (f as i32 + s.to as i32) as u8;
                    self.push_zoned(self.board[f as usize], combo, f, to, 0, out);
                }
            }
            done |= pieces;
        }
        (n, done)
    }

    /// [`tally_board_moves`](Self::tally_board_moves) for the pieces of one kind, promoting
    /// (`PROMOTES`) or not: `(pieces, occ, capt, free)` are their squares, the occupied
    /// squares, the squares `seat` may capture on and the origins whose moves are counted.
    #[inline(always)]
    fn tally_kind<const PROMOTES: bool>(
        &self,
        seat: Seat,
        (mut pieces, occ, capt, free): (u64, u64, u64, u64),
        skip: u64,
        out: &mut Vec<Move>,
    ) -> u64 {
        let v = &*self.variant;
        let t = &v.table;
        let n_orients = v.orients.len();
        let mut n = 0;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let p = self.board[from as usize];
            let combo = p.combo(n_orients);
            let Some((quiet, capture)) = t.bits.targets(t, combo, from, occ) else {
                let sets = (combo, from, occ, capt);
                self.piece_moves::<PROMOTES, u64>(seat, p, sets, (&t.bits, 0), out);
                continue;
            };
            let targets = quiet | (capture & capt);
            let mut counted = if free >> from & 1 != 0 {
                targets & !skip
            } else {
                0
            };
            if PROMOTES {
                // Moves starting or ending in the promotion zone are listed.
                let zone = v.promo_zone[combo].0[0];
                counted &= if zone >> from & 1 != 0 { 0 } else { !zone };
            }
            n += counted.count_ones() as u64;
            self.push_bits::<PROMOTES, u64>(p, (combo, from), targets & !counted, 0, out);
        }
        n
    }
}
