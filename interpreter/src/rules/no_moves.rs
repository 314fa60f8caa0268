//! Checkmate and stalemate: the result for a seat that is due to move and has no legal move —
//! checkmate when a royal piece of it is attacked ([`royal`](super::royal)), stalemate
//! otherwise.
//!
//! ```yaml
//! end: { checkmate: loss, stalemate: draw }
//! ```
//!
//! Keys: `end.checkmate` and `end.stalemate`, each a result word (`win`, `loss`, `draw`,
//! `rank`) for the seat without a move; a result that ranks every seat needs `ranking:` keys
//! (a located error). Without the key, that ending is a draw. Both are refused with dice (a
//! seat without a usable die passes) and mean nothing with `mate:` (the mated seat drops out
//! and play goes on).
//!
//! The engine judges them in `engine/outcome.rs` (`Position::no_move_outcome`), after the
//! legal-move test; end reasons `checkmate` and `stalemate`.

use super::compose::{self, Need, Refusal, need_either, refuse};
use super::{Cx, Module, Names, Ranks, result, result_words};
use crate::vocab::ResultKind;
use crate::yaml::{Fields, Reader};

/// `end.checkmate` and `end.stalemate`, as written and compiled (nothing to resolve).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoMoves {
    /// The mated seat's result (`end.checkmate`).
    pub checkmate: Option<ResultKind>,
    /// The stalemated seat's result (`end.stalemate`).
    pub stalemate: Option<ResultKind>,
    /// `end.stalemate-by: fewer-pieces` (Fairy-Stockfish's `stalematePieceCount`, suicide
    /// chess): the stalemate's result goes to the seat with fewer pieces on the board — the
    /// stalemated seat gets `stalemate` when it has fewer, the opposite when it has more, a
    /// draw when the counts are equal. Two seats only.
    pub by_fewer_pieces: bool,
}

/// Reads `checkmate` and `stalemate` from the `end:` mapping `f`; `None` when both are absent.
pub fn read_no_moves(r: &mut Reader, f: &mut Fields<'_>, ranks: Ranks) -> Option<NoMoves> {
    let checkmate = f.opt("checkmate").and_then(|n| result(r, n, ranks));
    let stalemate = f.opt("stalemate").and_then(|n| result(r, n, ranks));
    let by_fewer_pieces = f.opt("stalemate-by").is_some_and(|n| {
        r.word(n, &["fewer-pieces"], "`stalemate-by` rule")
            .is_some()
            && fewer_pieces_applies(r, n, ranks, stalemate)
    });
    (checkmate.is_some() || stalemate.is_some()).then_some(NoMoves {
        checkmate,
        stalemate,
        by_fewer_pieces,
    })
}

/// True if `stalemate-by: fewer-pieces` (at `node`) has a meaning here: two seats and a
/// stalemate result of `win` or `loss`; otherwise a located problem in `r`.
fn fewer_pieces_applies(
    r: &mut Reader,
    node: &crate::yaml::Node,
    ranks: Ranks,
    stalemate: Option<ResultKind>,
) -> bool {
    let (code, problem) = if ranks.seats != 2 {
        (
            crate::diag::Code::CompileSeats,
            "`stalemate-by: fewer-pieces` compares two seats' pieces; this file has another number \
         of seats",
        )
    } else if !matches!(stalemate, Some(ResultKind::Win | ResultKind::Loss)) {
        (
            crate::diag::Code::CompileNeedsModule,
            "`stalemate-by: fewer-pieces` gives the stalemate's result to the seat with fewer \
         pieces; it needs `stalemate: win` or `stalemate: loss`",
        )
    } else {
        return true;
    };
    r.error(crate::diag::Diagnostic::new(
        code,
        problem,
        Some(node.span.clone()),
    ));
    false
}

/// The switch `checkmate` (`end.checkmate`).
pub const CHECKMATE: compose::SwitchId = compose::SwitchId::of(super::ModuleId::NoMoves);

/// The switch `stalemate` (`end.stalemate`).
pub const STALEMATE: compose::SwitchId = compose::SwitchId::new(super::ModuleId::NoMoves, 1);

impl Module for NoMoves {
    const NAME: &'static str = "checkmate";
    const SWITCHES: &'static [compose::SwitchKey] = &[
        compose::SwitchKey {
            id: CHECKMATE,
            name: "checkmate",
            path: "end.checkmate",
            on: compose::On::NonEmpty,
        },
        compose::SwitchKey {
            id: STALEMATE,
            name: "stalemate",
            path: "end.stalemate",
            on: compose::On::NonEmpty,
        },
    ];
    /// Its keys are in `end:` ([`read_no_moves`]).
    const KEYS: &'static [&'static str] = &[];
    type Spec = NoMoves;

    const REFUSES: &'static [Refusal] = &[
        refuse(
            CHECKMATE,
            super::dice::DICE,
            "in a dice game a seat without a usable die passes its turn, so no position is mate",
        ),
        refuse(
            STALEMATE,
            super::dice::DICE,
            "in a dice game a seat without a usable die passes its turn, so no position is \
             stalemate",
        ),
    ];

    const NEEDS: &'static [Need] = &[need_either(
        CHECKMATE,
        super::royal::ROYAL,
        super::last_royal::LAST_ROYAL,
        "without a royal kind no seat is ever in check, so no position is checkmate (a seat \
         with no legal move is stalemated)",
    )];

    /// The spec is read from `end:` ([`read_no_moves`]).
    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<NoMoves> {
        None
    }

    const END_KEYS: &'static [&'static str] = &["checkmate", "stalemate", "stalemate-by"];

    fn read_end(r: &mut Reader, f: &mut Fields<'_>, ranks: Ranks, spec: &mut Option<NoMoves>) {
        *spec = read_no_moves(r, f, ranks);
    }

    fn compile(spec: &NoMoves, _: &mut Cx<'_>) -> Option<NoMoves> {
        Some(*spec)
    }

    fn explain_end(&self, _: &Names<'_>, _all: &super::Modules) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(r) = self.checkmate {
            out.push(format!("checkmate: {}", result_words(r, "the mated seat")));
        }
        if let Some(r) = self.stalemate {
            out.push(format!(
                "stalemate: {}",
                result_words(r, "the stalemated seat")
            ));
            if self.by_fewer_pieces {
                out.push(
                    "  judged by piece count: for the seat with fewer pieces; equal counts draw"
                        .into(),
                );
            }
        }
        out
    }
}
