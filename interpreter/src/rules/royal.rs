//! Royal pieces and check: a seat may not leave a royal piece of its own attacked, and a seat
//! whose royal piece is attacked is in check (chess's king, shogi's king, xiangqi's general).
//!
//! ```yaml
//! pieces:
//!   king: { letter: K, betza: K, royal: true }
//! ```
//!
//! Key: a piece's `royal:` (a boolean, default false); the module is on when a kind is royal.
//! Refused with dice (`docs/modules.md`). What a seat without a legal move gets — checkmate
//! when in check, stalemate otherwise — is [`no_moves`](super::no_moves).
//!
//! The legality test stays on the engine's hot path (`engine/movegen.rs`: a move may not leave
//! a royal piece attacked, read from `Variant::royal_kinds`, the bit mask this module compiles
//! to; `Position::in_check`); `explain` shows `royal` in the kind's heading line.

use super::compose::{self, Refusal, refuse};
use super::{Cx, Module};
use crate::yaml::{Fields, Node, Reader, Text};

/// The words `explain` adds after a royal kind's value in its heading line, as in
/// "raja `K`: K (value 0, royal)".
pub const EXPLAIN_HEADING: &str = ", royal";

/// Compiled royal kinds.
#[derive(Clone, Copy, Debug)]
pub struct Royal {
    /// Bit mask of the royal kinds (bit = kind index).
    pub kinds: u64,
}

/// The switch `royal` (`pieces.KIND.royal`).
pub const ROYAL: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Royal);

impl Module for Royal {
    const NAME: &'static str = "royal";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: ROYAL,
        name: "royal",
        path: "pieces.*.royal",
        on: compose::TRUE,
    }];
    /// Its key is a piece key (`pieces.KIND.royal`, [`PIECE_KEYS`](Module::PIECE_KEYS)).
    const KEYS: &'static [&'static str] = &[];
    const PIECE_KEYS: &'static [&'static str] = &["royal"];
    /// The names of the royal kinds.
    type Spec = Vec<Text>;

    const REFUSES: &'static [Refusal] = &[refuse(
        ROYAL,
        super::dice::DICE,
        "a seat's move depends on its roll, so it could not always answer a check, and a seat \
         without a usable die passes, so nothing is mate; in dice games kings are captured \
         (Chaturaji: `capture-all`, end conditions on `seats_with(king)`)",
    )];

    /// The spec is gathered from the pieces' `royal: true`, not from top-level keys.
    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<Vec<Text>> {
        None
    }

    /// `royal: true` adds the kind (a boolean, default false).
    fn read_piece(
        r: &mut Reader,
        piece: &Text,
        f: &mut Fields<'_>,
        _: &Node,
        spec: &mut Option<Vec<Text>>,
    ) {
        if f.opt("royal").and_then(|n| r.bool(n, "`royal`")) == Some(true) {
            spec.get_or_insert_with(Vec::new).push(piece.clone());
        }
    }

    fn compile(spec: &Vec<Text>, cx: &mut Cx<'_>) -> Option<Royal> {
        let kinds = spec
            .iter()
            .filter_map(|t| cx.kind(t))
            .fold(0u64, |m, k| m | 1 << k.0);
        (kinds != 0).then_some(Royal { kinds })
    }
}
