//! Narrowed move lists (captures and promotions, for a quiescence search): the legal moves,
//! through the one legality pipeline — with its wall where walls follow every move, only a
//! placement while the set-up phase lasts, only a capture where capturing is compulsory.
//! Not yet used by the search agents: with it, `medium` lost 10 of 10 duck games to the old
//! `medium` (issue 30's note), so the quiescence searches keep their pseudo-legal captures.

use super::Move;
use super::movegen::Legality;
use super::position::Position;

impl Position {
    /// True if the legality pipeline ([`moves_for`](Self::moves_for)) does more than keep
    /// the royal pieces safe: dice, gating, placement, check limits, mandatory capture or
    /// walls add, narrow or complete the moves after that stage.
    #[inline]
    pub(crate) fn pipeline_beyond_safety(&self) -> bool {
        let v = &self.variant.rules;
        v.placement.is_some()
            || v.captures.is_some()
            || v.dice.is_some()
            || v.check_limits.is_some()
            || v.gating.is_some()
            || v.walls.is_some()
    }

    /// Fills `out` with the legal moves of the seat to move ([`Legality::Position`], as
    /// [`legal_moves`](Self::legal_moves) lists them) that `keep` accepts, and returns how
    /// many moves were generated before `keep` narrowed them (a search's node charge).
    ///
    /// With walls, `keep` judges each move before its wall (it sees the move and the board
    /// before it, as without walls) and only the moves it keeps get their wall squares.
    /// Where the pipeline ends at royal safety ([`pipeline_beyond_safety`] false), only the
    /// pseudo-legal board moves are generated (a drop is never a capture or a promotion),
    /// narrowed by `keep` first and then tested for royal safety: the same moves `keep`
    /// accepts among the legal ones, at a fraction of the cost. Elsewhere the whole list is
    /// generated and then narrowed.
    ///
    /// [`pipeline_beyond_safety`]: Self::pipeline_beyond_safety
    pub fn legal_moves_where(
        &mut self,
        out: &mut Vec<Move>,
        mut keep: impl FnMut(&Self, Move) -> bool,
    ) -> usize {
        out.clear();
        if self.variant.rules.walls.is_some() && self.variant.rules.dice.is_none() {
            // Narrowed before the walls are added (a move's wall squares are its last stage):
            // the same moves as narrowing the whole list, without listing every wall of the
            // moves `keep` drops.
            if self.ended.is_some() || self.awaiting_roll {
                return 0;
            }
            self.moves_before_walls(out);
            let generated = out.len();
            out.retain(|&m| keep(self, m));
            if let Some(w) = self.variant.rules.walls {
                self.add_walls(&w, out);
            }
            return generated;
        }
        if self.pipeline_beyond_safety() {
            self.moves_for(Legality::Position, out);
            let generated = out.len();
            out.retain(|&m| keep(self, m));
            return generated;
        }
        self.pseudo_moves(self.to_move, out);
        let generated = out.len();
        out.retain(|&m| keep(self, m));
        out.retain(|&m| self.keeps_royals_safe(m));
        generated
    }
}
