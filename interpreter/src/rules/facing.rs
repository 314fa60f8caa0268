//! Royal facing (xiangqi's flying general): no move may leave two royal pieces of different
//! sides on one file with nothing between them. As Fairy-Stockfish's `flyingGeneral`.
//!
//! ```yaml
//! facing: true
//! ```
//!
//! Key: `facing` (`true` or `false`, default off). The files are the board's files (the lines
//! from the first seat's edge to the opposite one). A move that leaves the mover's royal piece
//! facing another side's royal piece is illegal, whether it moves the royal piece onto the open
//! file or moves away the last piece between them; giving check by facing is therefore never
//! possible, and the rule only removes moves.

use super::compose;
use super::{Cx, Module, Names};
use crate::geometry::{Board, Square};
use crate::vocab::{Piece, Seat};
use crate::yaml::{Fields, Reader};

/// Compiled royal facing.
#[derive(Clone, Debug)]
pub struct Facing {
    /// The board, to walk its files.
    pub board: Board,
}

/// The switch `facing` (`facing`).
pub const FACING: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Facing);

impl Module for Facing {
    const NAME: &'static str = "facing";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: FACING,
        name: "facing",
        path: "facing",
        on: compose::TRUE,
    }];
    const KEYS: &'static [&'static str] = &["facing"];
    type Spec = bool;

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<bool> {
        let on = r.bool(f.opt("facing")?, "`facing`")?;
        on.then_some(true)
    }

    fn compile(_spec: &bool, cx: &mut Cx<'_>) -> Option<Facing> {
        Some(Facing { board: cx.board })
    }

    fn explain(&self, _names: &Names<'_>) -> Vec<String> {
        vec![
            "facing: no move may leave two royal pieces of different sides on one file with \
             nothing between them (the flying general)"
                .into(),
        ]
    }
}

impl Facing {
    /// The squares of `mover`'s pieces standing alone between its royal piece on `sq` (square
    /// index) and another seat's royal piece along the file on `board` (up or down): the only
    /// squares whose emptying (by a move of `mover`) can make the royal piece face another
    /// (the legality test's pin-aware shortcut reads them).
    pub fn pinned(
        &self,
        board: &[Piece; 256],
        sq: u8,
        mover: Seat,
        royal_kinds: u64,
    ) -> impl Iterator<Item = u8> {
        [1, -1].into_iter().filter_map(move |dy| {
            let mut pieces = std::iter::successors(self.board.offset(Square(sq), 0, dy), |&s| {
                self.board.offset(s, 0, dy)
            })
            .filter(|s| !board[s.0 as usize].is_empty());
            let first = pieces.next()?;
            let next = board[pieces.next()?.0 as usize];
            (board[first.0 as usize].owner() == mover
                && !next.is_dead()
                && next.owner() != mover
                && royal_kinds >> next.kind().0 & 1 != 0)
                .then_some(first.0)
        })
    }

    /// True if the royal piece of `mover` on `sq` faces a royal piece of another seat along
    /// its file on `board` (the mailbox): the first piece met going up or down the file is a
    /// live royal piece (its kind's bit set in `royal_kinds`) that `mover` does not own.
    #[inline]
    pub fn faces(&self, board: &[Piece; 256], sq: u8, mover: Seat, royal_kinds: u64) -> bool {
        [1, -1].into_iter().any(|dy| {
            let mut cur = Square(sq);
            while let Some(next) = self.board.offset(cur, 0, dy) {
                let p = board[next.0 as usize];
                if !p.is_empty() {
                    return !p.is_dead()
                        && p.owner() != mover
                        && royal_kinds >> p.kind().0 & 1 != 0;
                }
                cur = next;
            }
            false
        })
    }
}
