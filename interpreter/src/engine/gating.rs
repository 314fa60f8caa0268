//! Gating's hot path ([`crate::rules::gating`]): the gating moves added to the legal moves,
//! and what playing one changes besides its board move. Reached only when the module is on.
//!
//! A gate is a first-move right on the mover's first line ([`Position::rights`]): the piece
//! there has never moved. A gating move is a legal board move leaving a gate, with a kind of
//! the mover's hand that enters on the square left ([`Move::gating`]); castling may gate onto
//! the partner's square, written as the partner "taking" the royal (`h1e1h`).

use super::Move;
use super::position::Position;
use crate::geometry::Square;
use crate::vocab::Kind;

impl Position {
    /// Appends to `out` (the legal moves of the seat to move) their gating forms: for each
    /// board move leaving a gate, one per kind in the mover's hand, gated onto the square left;
    /// for each castling move whose partner stands on a gate, one per kind gated onto the
    /// partner's square; each kind only where its drop region lets it enter. A move that promotes never gates. Legal because the move without the
    /// gated piece is, as Fairy-Stockfish judges gating moves.
    pub(crate) fn add_gating_moves(&self, out: &mut Vec<Move>) {
        let v = &*self.variant;
        let Some(g) = &v.rules.gating else {
            return;
        };
        let seat = self.to_move;
        let hand = &self.hand[seat.index()][..v.kinds.len()];
        if hand.iter().all(|&n| n == 0) {
            return;
        }
        let kinds: Vec<Kind> = (hand.iter().enumerate())
            .filter(|&(_, &n)| n > 0)
            .map(|(k, _)| Kind(k as u8))
            .collect();
        // A kind enters only where it could be dropped as far as its region says (a pawn not
        // on the first rank, as Fairy-Stockfish's `drop_region`).
        let hands = v.rules.hands.as_ref();
        let n_orients = v.orients.len();
        let enters = |k: Kind, sq: u8| {
            hands.is_none_or(|h| {
                h.squares(self.dropped_piece(seat, k).combo(n_orients))
                    .contains(sq)
            })
        };
        let gate = |sq: u8| self.rights.contains(sq) && g.on_line(seat, sq);
        let castling = v.rules.castling.as_ref();
        for i in 0..out.len() {
            let m = out[i];
            if m.is_drop() || m.from == m.to || m.promotes_to().is_some() || m.gate().is_some() {
                continue;
            }
            let from = m.from.0;
            if !gate(from) {
                continue;
            }
            out.extend(
                kinds
                    .iter()
                    .filter(|&&k| enters(k, from))
                    .map(|&k| m.gating(k)),
            );
            let moved = self.board[from as usize];
            let partner = castling
                .filter(|c| c.royal == moved.kind())
                .and_then(|c| c.find(seat.index(), from, m.to.0))
                .map(|cm| cm.rook_from)
                .filter(|&r| gate(r));
            if let Some(r) = partner {
                let written = Move::board(Square(r), m.from);
                out.extend((kinds.iter().filter(|&&k| enters(k, r))).map(|&k| written.gating(k)));
            }
        }
    }

    /// For a castling move gating onto the partner's square (written as the partner taking
    /// the royal, [`Move::gating`]): the royal's destination. `None` for every other move.
    #[inline]
    pub(crate) fn partner_gate(&self, m: Move) -> Option<u8> {
        m.gate()?;
        let c = self.variant.rules.castling.as_ref()?;
        let royal = self.board[m.to.0 as usize];
        if royal.is_empty() || royal.owner() != self.to_move || royal.kind() != c.royal {
            return None;
        }
        let cm = c
            .moves
            .get(self.to_move.index())?
            .iter()
            .find(|cm| cm.king_from == m.to.0 && cm.rook_from == m.from.0)?;
        Some(cm.king_to)
    }

    /// Puts the piece a gating move `m` brings in on `m.from` (the square left, or the
    /// partner's square) and takes it from the mover's hand, both logged for undo and hashed.
    pub(crate) fn place_gated(&mut self, m: Move, mover: crate::vocab::Seat, kind: Kind) {
        let piece = self.dropped_piece(mover, kind);
        self.edit(m.from.0, piece);
        let n = self.hand[mover.index()][kind.index()];
        self.set_hand(mover, kind, n.saturating_sub(1));
    }
}
