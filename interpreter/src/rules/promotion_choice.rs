//! Which promotions a seat may choose: per-seat targets (Fairy-Stockfish's
//! `promotionPieceTypes` per colour: chigorin, sortofalmost) and limits by how many pieces of
//! the target kind the promoting seat has on the board (Fairy-Stockfish's `promotionLimit`:
//! grand, opulent). A promotion to a kind the seat already has `limit` of is not offered; where
//! promotion is compulsory (`mandatory`, `forced`) and no target is left, the move is not
//! played at all.
//!
//! ```yaml
//! pieces:
//!   pawn:
//!     promotion:
//!       zone: 3
//!       to: [queen, chancellor, archbishop, rook, bishop, knight]
//!       by-seat: { black: [queen, rook, bishop] }   # black's choices; the others use `to:`
//!       limit: { queen: 1, chancellor: 1, archbishop: 1, rook: 2, bishop: 2, knight: 2 }
//! ```
//!
//! Keys, inside a piece's zone `promotion:` (beside the core's `to:`): `by-seat` (seat name →
//! the kinds that seat's pieces promote to; a seat not named keeps `to:`), `limit` (kind →
//! the most pieces of that kind a seat may have for a promotion to it to be offered, counted
//! on the board before the move, 1 to 255). Every kind in `by-seat` must be in `to:` (so
//! `to:` is the union every other rule reads: what a kind may become).

use super::compose;
use super::{Cx, Module, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::{Kind, Seat};
use crate::yaml::{Fields, Node, Reader, Text, Value};

/// The keys this module reads inside a piece's `promotion:`.
pub const CHOICE_KEYS: [&str; 2] = ["by-seat", "limit"];

/// One kind's promotion choices, as written.
#[derive(Clone, Debug)]
pub struct ChoiceSpec {
    /// `by-seat:` (seat name, its targets).
    pub by_seat: Vec<(Text, Vec<Text>)>,
    /// `limit:` (target kind, the most a seat may have).
    pub limit: Vec<(Text, u8)>,
    /// The core's `to:` names, to check `by-seat` against.
    pub to: Vec<Text>,
}

/// A mapping key as a [`Text`] (its span is the key's).
fn key_text(name: &str, span: &crate::diag::Span) -> Text {
    Text {
        value: name.to_string(),
        node: Node {
            value: Value::Str(name.to_string()),
            span: span.clone(),
        },
    }
}

/// Reads `by-seat:` and `limit:` of one piece's `promotion:` mapping `f` (`node`); `None`
/// with neither.
pub fn read_choice(r: &mut Reader, f: &mut Fields<'_>, node: &Node) -> Option<ChoiceSpec> {
    let mut by_seat = Vec::new();
    if let Some(n) = f.opt("by-seat")
        && let Some(mut m) = r.map(n, "seat name → the kinds it promotes to")
    {
        for (k, v) in m.rest() {
            by_seat.push((key_text(&k.name, &k.span), super::piece_names(r, v)));
        }
    }
    let mut limit = Vec::new();
    if let Some(n) = f.opt("limit")
        && let Some(mut m) = r.map(n, "kind → the most pieces of it a seat may have")
    {
        for (k, v) in m.rest() {
            if let Some(c) = r.int(v, 1, 255, "the most pieces of that kind") {
                limit.push((key_text(&k.name, &k.span), c as u8));
            }
        }
    }
    if by_seat.is_empty() && limit.is_empty() {
        return None;
    }
    let to = node
        .get("to")
        .map(|n| super::piece_names(&mut Reader::default(), n))
        .unwrap_or_default();
    Some(ChoiceSpec { by_seat, limit, to })
}

/// The compiled promotion choices, by promoting kind.
#[derive(Clone, Debug)]
pub struct PromotionChoice {
    /// `allowed[kind][seat]`: bit mask of the target kinds that seat's pieces of `kind` may
    /// promote to (all bits set where the kind has no choice rule).
    pub allowed: Vec<Vec<u64>>,
    /// `limit[target]`: the most pieces of the target kind a seat may have for a promotion to
    /// it (255: no limit).
    pub limit: Vec<u8>,
    /// Bit mask of the target kinds with a limit.
    pub limited: u64,
}

impl PromotionChoice {
    /// True if a piece of `kind` of `seat` may promote to `target`, given that the seat has
    /// `count` pieces of `target` on the board.
    #[inline]
    pub fn offers(&self, kind: Kind, seat: Seat, target: Kind, count: impl Fn() -> u32) -> bool {
        let allowed = self
            .allowed
            .get(kind.index())
            .and_then(|s| s.get(seat.index()))
            .copied()
            .unwrap_or(u64::MAX);
        allowed >> target.0 & 1 == 1
            && (self.limited >> target.0 & 1 == 0
                || count() < u32::from(self.limit[target.index()]))
    }
}

/// The switch `promotion-by-seat` (`pieces.KIND.promotion.by-seat`).
pub const BY_SEAT: compose::SwitchId = compose::SwitchId::of(super::ModuleId::PromotionChoice);
/// The switch `promotion-limit` (`pieces.KIND.promotion.limit`).
pub const LIMIT: compose::SwitchId = compose::SwitchId::new(super::ModuleId::PromotionChoice, 1);

/// Why a choice rule is refused beside a promotion that is not chosen with the move.
const NOT_CHOSEN: &str = "`by-seat` and `limit` filter the promotions chosen with the move                           (`to:`); promotion in place and by the far line's square are not";

impl Module for PromotionChoice {
    const NAME: &'static str = "promotion choice";
    const SWITCHES: &'static [compose::SwitchKey] = &[
        compose::SwitchKey {
            id: BY_SEAT,
            name: "promotion-by-seat",
            path: "pieces.*.promotion.by-seat",
            on: compose::On::NonEmpty,
        },
        compose::SwitchKey {
            id: LIMIT,
            name: "promotion-limit",
            path: "pieces.*.promotion.limit",
            on: compose::On::NonEmpty,
        },
    ];
    /// Its keys are piece keys (`pieces.*.promotion`: see [`CHOICE_KEYS`]).
    const KEYS: &'static [&'static str] = &[];
    /// (kind name, its choices) for each kind with `by-seat:` or `limit:`.
    type Spec = Vec<(Text, ChoiceSpec)>;

    /// The choices filter the zone promotion's moves: refused beside the other promotions of
    /// the same kind.
    const REFUSES: &'static [compose::Refusal] = &[
        compose::Refusal {
            part: BY_SEAT,
            with: super::in_place::IN_PLACE,
            same_kind: true,
            reason: NOT_CHOSEN,
        },
        compose::Refusal {
            part: BY_SEAT,
            with: super::promotion::FAR_PROMOTION,
            same_kind: true,
            reason: NOT_CHOSEN,
        },
        compose::Refusal {
            part: LIMIT,
            with: super::in_place::IN_PLACE,
            same_kind: true,
            reason: NOT_CHOSEN,
        },
        compose::Refusal {
            part: LIMIT,
            with: super::promotion::FAR_PROMOTION,
            same_kind: true,
            reason: NOT_CHOSEN,
        },
    ];

    /// The spec is gathered from the pieces ([`read_choice`]).
    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<Self::Spec> {
        None
    }

    const PROMOTION_KEYS: &'static [&'static str] = &CHOICE_KEYS;

    fn read_promotion(
        r: &mut Reader,
        piece: &Text,
        f: &mut Fields<'_>,
        node: &Node,
        spec: &mut Option<Self::Spec>,
    ) -> bool {
        if let Some(s) = read_choice(r, f, node) {
            spec.get_or_insert_with(Vec::new).push((piece.clone(), s));
        }
        false
    }

    fn compile(spec: &Self::Spec, cx: &mut Cx<'_>) -> Option<PromotionChoice> {
        let seats = cx.seats.len();
        let mut out = PromotionChoice {
            allowed: vec![vec![u64::MAX; seats]; cx.kinds.len()],
            limit: vec![255; cx.kinds.len()],
            limited: 0,
        };
        for (name, s) in spec {
            let Some(kind) = cx.kind(name) else { continue };
            let to = |t: &Text| s.to.iter().any(|u| u.value == t.value);
            for (seat, targets) in &s.by_seat {
                let Some(seat) = cx.seat(seat) else { continue };
                let mut mask = 0u64;
                for t in targets {
                    if !to(t) {
                        cx.errs.push(
                            Diagnostic::new(
                                Code::CompilePromotion,
                                format!(
                                    "`{}` is not in the promotion's `to:` of `{}`",
                                    t.value, name.value
                                ),
                                Some(t.node.span.clone()),
                            )
                            .label("not in `to:`")
                            .help("`to:` lists every kind any seat may promote to: add it there"),
                        );
                    }
                    if let Some(k) = cx.kind(t) {
                        mask |= 1 << k.0;
                    }
                }
                out.allowed[kind.index()][seat.index()] = mask;
            }
            for (t, n) in &s.limit {
                if let Some(k) = cx.kind(t) {
                    out.limit[k.index()] = *n;
                    out.limited |= 1 << k.0;
                }
            }
        }
        Some(out)
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        if self.limited == 0 {
            return Vec::new();
        }
        let limits: Vec<String> = (0..names.kinds.len() as u8)
            .filter(|&t| self.limited >> t & 1 == 1)
            .map(|t| format!("{} {}", names.kind(Kind(t)), self.limit[t as usize]))
            .collect();
        vec![format!(
            "promotion limits (no promotion to a kind its seat has that many of): {}",
            limits.join(", ")
        )]
    }

    fn explain_kind(&self, kind: Kind, names: &Names<'_>) -> Vec<String> {
        let mut lines = Vec::new();
        let list = |mask: u64| -> String {
            (0..names.kinds.len() as u8)
                .filter(|&t| mask >> t & 1 == 1)
                .map(|t| names.kind(Kind(t)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if let Some(per) = self.allowed.get(kind.index()) {
            for (s, &mask) in per.iter().enumerate() {
                if mask != u64::MAX {
                    lines.push(format!(
                        "promotion for {}: to {}",
                        names.seats.get(s).copied().unwrap_or("?"),
                        list(mask)
                    ));
                }
            }
        }
        lines
    }
}
