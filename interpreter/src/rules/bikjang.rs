//! Bikjang (Fairy-Stockfish's `bikjangRule`, janggi's "facing generals"): royal pieces of two
//! sides may face each other on an open file, which puts the seat to move under bikjang.
//!
//! ```yaml
//! pass: true
//! bikjang: true
//! ```
//!
//! Key: `bikjang` (`true` or `false`, default off). Unlike [`facing`](super::facing), a move
//! may leave the royal pieces facing (along one of the board's files, nothing between them).
//! While the seat to move's royal piece faces another side's, every move it makes must end the
//! facing (block the file or step off it); with [`pass`](super::pass) it may instead pass, even
//! while its royal piece is attacked. A pass that leaves the royal pieces still facing ends the
//! game drawn (end reason `bikjang`: two plies in a row under bikjang;
//! [`material_count`](super::material_count) decides such a draw by material), at once, as
//! Fairy-Stockfish's `is_immediate_game_end` (perft has no move after it). Needs a royal
//! kind; refused with `facing` (which forbids what this allows).

use super::compose::{self, Need, Refusal, need, refuse};
use super::facing::Facing;
use super::{Cx, Module, Names};
use crate::vocab::{EndReason, Piece, ResultKind, Seat};
use crate::yaml::{Fields, Node, Reader};

/// The compiled rule: the board's files, walked as [`Facing`] walks them.
#[derive(Clone, Debug)]
pub struct Bikjang {
    /// The file walk.
    pub files: Facing,
}

impl Bikjang {
    /// True if a royal piece of `seat` on `board` faces another seat's royal piece (the royal
    /// squares `royals`, `royal_kinds` the royal kinds' bit mask).
    #[inline]
    pub fn under(
        &self,
        board: &[Piece; 256],
        royals: crate::vocab::SquareSet,
        seat: Seat,
        royal_kinds: u64,
    ) -> bool {
        royals
            .iter()
            .any(|sq| self.files.faces(board, sq, seat, royal_kinds))
    }
}

/// A pass that left the royal pieces facing: a draw (`bikjang`; given only with `pass:`).
pub const REASON: EndReason = super::ModuleId::Bikjang.reason(0);

/// The switch `bikjang` (`bikjang`).
pub const BIKJANG: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Bikjang);

impl Module for Bikjang {
    const NAME: &'static str = "bikjang";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: BIKJANG,
        name: "bikjang",
        path: "bikjang",
        on: compose::TRUE,
    }];
    const END_REASONS: &'static [&'static str] = &["bikjang"];

    /// Bikjang ends a game only through a pass ([`super::pass`]).
    fn end_reasons(&self, all: &super::Modules) -> Vec<u8> {
        if all.pass.is_some() {
            vec![0]
        } else {
            Vec::new()
        }
    }

    fn stated_end(&self, _: u8) -> Option<ResultKind> {
        Some(ResultKind::Draw)
    }
    const KEYS: &'static [&'static str] = &["bikjang"];
    /// The key's node, for the refusal's span.
    type Spec = Node;

    const REFUSES: &'static [Refusal] = &[refuse(
        BIKJANG,
        super::facing::FACING,
        "`facing` makes every move that leaves the royal pieces facing illegal; `bikjang` \
         allows it and asks the other side to answer; keep one of them",
    )];

    const NEEDS: &'static [Need] = &[need(
        BIKJANG,
        super::royal::ROYAL,
        "bikjang is about royal pieces facing each other; without a royal kind it means nothing",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<Node> {
        let n = f.opt("bikjang")?;
        let on = r.bool(n, "`bikjang`")?;
        on.then(|| n.clone())
    }

    fn compile(_spec: &Node, cx: &mut Cx<'_>) -> Option<Bikjang> {
        Some(Bikjang {
            files: Facing { board: cx.board },
        })
    }

    fn explain(&self, _names: &Names<'_>) -> Vec<String> {
        vec![
            "bikjang: royal pieces may come to face each other on an open file; the seat to \
             move while they face must end the facing or pass (passing allowed even in check)"
                .into(),
        ]
    }

    fn explain_end(&self, _names: &Names<'_>, _all: &super::Modules) -> Vec<String> {
        vec!["bikjang: a pass that leaves the royal pieces facing: draw".into()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_bool() {
        let read = crate::rules::read_with::<Bikjang>;
        assert!(read("bikjang: true\n").0.is_some());
        assert!(read("bikjang: false\n").0.is_none());
        let (spec, errors) = read("bikjang: 2\n");
        assert_eq!((spec.is_none(), errors.len()), (true, 1), "{errors:?}");
    }
}
