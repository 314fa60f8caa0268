//! Promotion as a move of its own (sittuyin's, as Fairy-Stockfish's `sittuyinPromotion`
//! plays it, src/movegen.cpp and src/position.cpp): instead of promoting on arrival, a piece
//! standing in its promotion zone may, as its whole move, become one of its `to:` kinds where
//! it stands or on an empty square the new kind attacks from there (one diagonal step for
//! sittuyin's general). The new piece may not attack any piece of another seat from its
//! square, and the move may not give check. Arriving in the zone promotes nothing; the
//! promotion is never compulsory.
//!
//! ```yaml
//! pieces:
//!   pawn:
//!     promotion:
//!       squares: "a8 b7 c6 d5 e5 f6 g7 h8"   # the zone as squares, in each seat's frame
//!       to: [general]
//!       in-place: true
//!       lost-only: true        # only while its owner has no piece of the new kind
//!       last-anywhere: true    # its owner's last piece of this kind promotes from any square
//!       only-promotions-draw: true   # king and this piece alone, only promotions: stalemate
//! ```
//!
//! Keys, inside a piece's `promotion:` (with the core's `zone:` or `squares:` and `to:`):
//! `in-place` (boolean; the module is on for the kind when true), `lost-only` (shared with
//! far-line promotion, [`super::promotion`]: promote only while the owner has no piece of the
//! target kind; Fairy-Stockfish's `promotionLimit` of 1), `last-anywhere` (boolean),
//! `only-promotions-draw` (boolean: a seat to move with two pieces on the board, one of them
//! this kind, not in check, whose every legal move is a promotion, is stalemated — the game
//! ends as `end.stalemate` says, a draw by default; Fairy-Stockfish's "sittuyin stalemate due
//! to optional promotion", rule 3.9 c.7, judged in `engine/outcome.rs`). Errors, located:
//! `last-anywhere` or `only-promotions-draw` without `in-place`; `in-place` with `by-file:`
//! on the same kind (refused by the composition table, [`InPlacePromotion::REFUSES`]).
//!
//! The engine generates the moves (`engine/in_place.rs`), reading [`InPlacePromotion`]; the
//! core's promotion on arrival skips kinds with `in-place` (`Promotion::in_place`).

use super::compose::{self, Refusal};
use super::{Cx, Module, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::Kind;
use crate::yaml::{Fields, Node, Reader, Text};

/// The keys this module reads inside a piece's `promotion:` (`lost-only` is read here too).
pub const IN_PLACE_KEYS: [&str; 3] = ["in-place", "last-anywhere", "only-promotions-draw"];

/// One kind's promotion in place, as written.
#[derive(Clone, Debug)]
pub struct InPlaceSpec {
    /// `lost-only: true`.
    pub lost_only: bool,
    /// `last-anywhere: true`.
    pub last_anywhere: bool,
    /// `only-promotions-draw: true`.
    pub only_promotions_draw: bool,
    /// The `promotion:` node, for spans.
    pub node: Node,
}

/// Reads the in-place keys of a piece's `promotion:` mapping `f` (at `node`); `None` unless
/// `in-place: true`. `last-anywhere` without it is an error at its span.
pub fn read_in_place(r: &mut Reader, f: &mut Fields<'_>, node: &Node) -> Option<InPlaceSpec> {
    let on = f
        .opt("in-place")
        .and_then(|n| r.bool(n, "`in-place`"))
        .unwrap_or(false);
    let last_anywhere = f
        .opt("last-anywhere")
        .and_then(|n| r.bool(n, "`last-anywhere`"))
        .unwrap_or(false);
    let only_promotions_draw = f
        .opt("only-promotions-draw")
        .and_then(|n| r.bool(n, "`only-promotions-draw`"))
        .unwrap_or(false);
    if !on {
        for key in ["last-anywhere", "only-promotions-draw"] {
            if let Some(n) = node.get(key) {
                r.error(
                    Diagnostic::new(
                        Code::CompilePromotionSquares,
                        format!(
                            "`{key}` applies to promotion in place, and there is no `in-place: true`"
                        ),
                        Some(n.span.clone()),
                    )
                    .label("without `in-place`")
                    .help("add `in-place: true`, or remove this key"),
                );
            }
        }
        return None;
    }
    let lost_only = node
        .get("lost-only")
        .and_then(crate::yaml::Node::scalar_text)
        .is_some_and(|t| t == "true");
    Some(InPlaceSpec {
        lost_only,
        last_anywhere,
        only_promotions_draw,
        node: node.clone(),
    })
}

/// One kind's compiled promotion in place.
#[derive(Clone, Copy, Debug, Default)]
pub struct InPlace {
    /// Only while the owner has no piece of the target kind.
    pub lost_only: bool,
    /// The owner's last piece of the kind promotes from any square.
    pub last_anywhere: bool,
    /// A seat with its king and this piece alone, not in check, whose every legal move is a
    /// promotion, is stalemated.
    pub only_promotions_draw: bool,
}

/// The compiled promotions in place, by kind.
#[derive(Clone, Debug)]
pub struct InPlacePromotion {
    /// Per kind (by index): its promotion in place, if it has one.
    pub kinds: Vec<Option<InPlace>>,
    /// Bit mask of the kinds with one.
    pub mask: u64,
}

/// The switch `in-place` (`pieces.KIND.promotion.in-place`).
pub const IN_PLACE: compose::SwitchId = compose::SwitchId::of(super::ModuleId::InPlace);

impl Module for InPlacePromotion {
    const NAME: &'static str = "in-place promotion";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: IN_PLACE,
        name: "in-place",
        path: "pieces.*.promotion.in-place",
        on: compose::TRUE,
    }];
    /// Its keys are piece keys (`pieces.*.promotion`: see [`IN_PLACE_KEYS`]).
    const KEYS: &'static [&'static str] = &[];
    /// (kind name, its spec) for each kind with `in-place: true`.
    type Spec = Vec<(Text, InPlaceSpec)>;

    /// A kind promotes either in place or by the far line's square, not both.
    const REFUSES: &'static [Refusal] = &[Refusal {
        part: IN_PLACE,
        with: super::promotion::FAR_PROMOTION,
        same_kind: true,
        reason: "promote either in place (`in-place`, `to:`) or by the far line's square \
                 (`by-file:`)",
    }];

    /// The spec is gathered from the pieces ([`read_in_place`]).
    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<Self::Spec> {
        None
    }

    const PROMOTION_KEYS: &'static [&'static str] = &IN_PLACE_KEYS;

    fn read_promotion(
        r: &mut Reader,
        piece: &Text,
        f: &mut Fields<'_>,
        node: &Node,
        spec: &mut Option<Self::Spec>,
    ) -> bool {
        if let Some(s) = read_in_place(r, f, node) {
            spec.get_or_insert_with(Vec::new).push((piece.clone(), s));
        }
        false
    }

    fn compile(spec: &Self::Spec, cx: &mut Cx<'_>) -> Option<InPlacePromotion> {
        let mut kinds = vec![None; cx.kinds.len()];
        let mut mask = 0u64;
        for (name, s) in spec {
            if let Some(k) = cx.kind(name) {
                kinds[k.index()] = Some(InPlace {
                    lost_only: s.lost_only,
                    last_anywhere: s.last_anywhere,
                    only_promotions_draw: s.only_promotions_draw,
                });
                mask |= 1 << k.0;
            }
        }
        (mask != 0).then_some(InPlacePromotion { kinds, mask })
    }

    fn explain_kind(&self, kind: Kind, _names: &Names<'_>) -> Vec<String> {
        let Some(Some(p)) = self.kinds.get(kind.index()) else {
            return Vec::new();
        };
        let mut s = "promotion in place: standing in its zone, its move may be to become the new \
                     kind there or on an empty square the new kind attacks, attacking no piece \
                     and giving no check"
            .to_string();
        if p.lost_only {
            s.push_str("; only while its owner has no piece of the new kind");
        }
        if p.last_anywhere {
            s.push_str("; its owner's last one promotes from any square");
        }
        if p.only_promotions_draw {
            s.push_str(
                "; a seat with two pieces on the board, one of them this, not in check, whose \
                 every legal move is a promotion, is stalemated",
            );
        }
        vec![s]
    }
}
