//! Warnings: what compiles but is probably not what the designer meant. They never stop a
//! rule file from loading; `ashtapada check` shows them.
//!
//! - `compile::unplaced-royal`: a royal kind that `setup:` places for no seat, on the board
//!   or in hand, so no check or mate can ever involve it (often a misspelt name in `setup:`).
//! - `compile::unused-kind`: a kind that no game can use — never placed, never in hand at
//!   the start, never a promotion's or a demotion's result (often a misspelt name in
//!   `setup:` or `promotion.to`, or a piece left over from an edit).
//! - `compile::redundant-modifier`: a Betza modifier letter that changes none of the piece's
//!   moves ([`BetzaMove::redundant_modifiers`](crate::dsl::BetzaMove::redundant_modifiers):
//!   `vvW`, `fhW`, `nR`), so the designer may have meant another.

use super::Variant;
use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::spec::RuleSpec;
use crate::vocab::Kind;

/// The warnings of `v`, compiled from `spec` (for the spans of the pieces' names).
pub fn warnings(v: &Variant, spec: &RuleSpec) -> Diagnostics {
    let placed: u64 = v
        .setup
        .iter()
        .fold(0, |m, (_, p)| m | 1 << p.kind().index());
    let in_hand: u64 = (v.start_hand.iter().enumerate())
        .filter(|(_, n)| **n > 0)
        .fold(0, |m, (k, _)| m | 1 << k);
    // Every kind a game can hold: those at the start, then what they may become.
    let mut reached = placed | in_hand;
    loop {
        let mut next = reached;
        for (k, info) in v.kinds.iter().enumerate() {
            if reached >> k & 1 == 0 {
                continue;
            }
            let kind = Kind(k as u8);
            for to in info.promotion.iter().flat_map(|p| &p.to) {
                next |= 1 << to.index();
            }
            if let Some(from) = info.promoted_from {
                next |= 1 << from.index();
            }
            next |= v.rules.becomes(kind);
        }
        if next == reached {
            break;
        }
        reached = next;
    }
    let mut out = redundant_modifiers(v, spec);
    for (k, info) in v.kinds.iter().enumerate() {
        let span = spec.pieces.get(k).map(|p| p.name.node.span.clone());
        let name = &info.name;
        if info.royal && (placed | in_hand) >> k & 1 == 0 {
            out.push(
                Diagnostic::warn(
                    Code::CompileUnplacedRoyal,
                    format!("the royal piece `{name}` is not placed by `setup:` for any seat"),
                    span,
                )
                .label("royal, never on the board at the start")
                .help(format!(
                    "place a `{name}` in `setup:` (is its name spelt differently there?), or \
                     drop `royal: true` if no seat is meant to have one"
                )),
            );
        } else if reached >> k & 1 == 0 {
            out.push(
                Diagnostic::warn(
                    Code::CompileUnusedKind,
                    format!(
                        "the piece `{name}` is never placed, in hand, promoted to or demoted \
                         to, so no game can use it"
                    ),
                    span,
                )
                .label("no game reaches this piece")
                .help(format!(
                    "place a `{name}` in `setup:`, name it in a `promotion.to:`, or remove it"
                )),
            );
        }
    }
    out
}

/// The `compile::redundant-modifier` warnings: one per Betza group of `v`'s kinds with a
/// modifier letter that changes none of the piece's moves, at that letter.
fn redundant_modifiers(v: &Variant, spec: &RuleSpec) -> Diagnostics {
    let mut out = Diagnostics::default();
    for (info, piece) in v.kinds.iter().zip(&spec.pieces) {
        if piece.betza.value != info.betza.source {
            continue;
        }
        for at in info.betza.redundant_modifiers() {
            let letter = &info.betza.source[at.clone()];
            out.push(
                Diagnostic::warn(
                    Code::CompileRedundantModifier,
                    format!(
                        "`{letter}` in `{}` (the piece `{}`) changes none of its moves",
                        info.betza.source, info.name
                    ),
                    Some(piece.betza.node.inner_span(at)),
                )
                .label("the moves are the same without this letter")
                .help(
                    "remove the letter, or write the modifier you meant (directions on an \
                     orthogonal or diagonal atom are f b l r v s; `h` halves oblique atoms \
                     such as N; `n` blocks leaps longer than one square)",
                ),
            );
        }
    }
    out
}
