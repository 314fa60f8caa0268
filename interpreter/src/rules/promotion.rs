//! Square-dependent promotion on the far line (Chaturaji's pawns): a piece reaching its far
//! line becomes the kind named for that square, after the move; with `lost-only`, only while
//! its owner has no piece of that kind on the board — until then it waits there, and waiting
//! pieces are checked after every move of any seat.
//!
//! ```yaml
//! pieces:
//!   pawn:
//!     promotion:
//!       zone: 1
//!       by-file: [boat, horse, elephant, king, king, elephant, horse, boat]
//!       lost-only: true
//!       except: [king]
//! ```
//!
//! Keys, inside a piece's `promotion:` (the zone keys `zone`, `to`, `mandatory` and `forced`
//! are the core's): `by-file` (one kind per square of the far line, from the seat's left; the
//! module is on for that kind when it is given), `lost-only` (default false), `except` (target
//! kinds never promoted to: the piece stays as it is).

use super::compose;
use super::{Cx, Host, Module, Moved, Names};
use crate::diag::{Code, Diagnostic};
use crate::geometry::Square;
use crate::vocab::{Kind, MAX_SEATS, Outcome, Seat, SeatSet};
use crate::yaml::{Fields, Node, Reader, Text};

/// The keys this module reads inside a piece's `promotion:`.
pub const PROMOTION_KEYS: [&str; 3] = ["by-file", "lost-only", "except"];

/// One kind's far-line promotion, as written.
#[derive(Clone, Debug)]
pub struct FarLineSpec {
    /// `by-file:` the kind a piece becomes on each square of its far line, from the seat's left.
    pub by_file: Vec<Text>,
    /// `lost-only: true`: promote only while the owner has no piece of the target kind.
    pub lost_only: bool,
    /// `except:` target kinds that are never promoted to.
    pub except: Vec<Text>,
    /// The `promotion:` node, for spans.
    pub node: Node,
}

/// Reads the far-line keys of one piece's `promotion:` mapping `f` (at `node`); `None`
/// without `by-file`.
pub fn read_far_line(r: &mut Reader, f: &mut Fields<'_>, node: &Node) -> Option<FarLineSpec> {
    let kinds = super::piece_names;
    let by_file = f.opt("by-file").map(|n| kinds(r, n));
    let lost_only = f
        .opt("lost-only")
        .and_then(|n| r.bool(n, "`lost-only`"))
        .unwrap_or(false);
    let except = f.opt("except").map(|n| kinds(r, n)).unwrap_or_default();
    if by_file.is_none() {
        // `lost-only` is promotion in place's too ([`super::in_place`]).
        let in_place = node.get("in-place").is_some();
        for key in ["lost-only", "except"] {
            if in_place && key == "lost-only" {
                continue;
            }
            if let Some(n) = node.get(key) {
                r.error(
                    Diagnostic::new(
                        Code::SpecFarLineKey,
                        format!("`{key}` applies to promotion on the far line, and there is no `by-file:`"),
                        Some(n.span.clone()),
                    )
                    .label("without `by-file:`")
                    .help("add `by-file:` (one kind per square of the far line), or remove this key"),
                );
            }
        }
    }
    Some(FarLineSpec {
        by_file: by_file?,
        lost_only,
        except,
        node: node.clone(),
    })
}

/// One kind's compiled far-line promotion.
#[derive(Clone, Debug)]
pub struct FarLine {
    /// `far[orient][square]`: the target kind's index, or 255 off the far line.
    pub far: Vec<Vec<u8>>,
    /// Promote only while the owner has no piece of the target kind.
    pub lost_only: bool,
    /// Bit mask of target kinds never promoted to.
    pub except: u64,
    /// The first seat's far line from its left, as target kinds (255: none), for `explain`.
    pub shown: Vec<u8>,
}

impl FarLine {
    /// The kind a piece of orientation `orient` becomes on `sq`, if any.
    #[inline]
    fn target(&self, orient: u8, sq: u8) -> Option<Kind> {
        let t = self.far[orient as usize][sq as usize];
        (t != 255 && self.except >> t & 1 == 0).then_some(Kind(t))
    }
}

/// The compiled far-line promotions, by kind.
#[derive(Clone, Debug)]
pub struct FarPromotion {
    /// Per kind (by index): its far-line promotion, if it has one.
    pub kinds: Vec<Option<FarLine>>,
    /// Bit mask of the kinds that wait on the far line for a lost kind (`lost-only`).
    pub waiting: u64,
}

impl FarPromotion {
    /// The far line of `kind`, if it has one.
    #[inline]
    pub fn of(&self, kind: Kind) -> Option<&FarLine> {
        self.kinds.get(kind.index()).and_then(Option::as_ref)
    }

    /// Promotes the piece on `sq` (of seat `s`) if it is a waiting piece on its far line whose
    /// target kind its owner has lost.
    #[inline]
    fn promote_if_waiting<H: Host>(&self, h: &mut H, s: Seat, sq: u8) {
        let p = h.piece(Square(sq));
        if p.is_empty() || self.waiting >> p.kind().0 & 1 == 0 {
            return;
        }
        if let Some(t) = self.of(p.kind()).and_then(|f| f.target(p.orient(), sq))
            && h.kind_count(s, t) == 0
        {
            h.edit(Square(sq), p.with_kind(t));
        }
    }
}

/// Compiles one kind's far line: the targets per orientation, checked against the far line's
/// width.
fn compile_line(spec: &FarLineSpec, cx: &mut Cx<'_>) -> FarLine {
    let targets: Vec<u8> = spec
        .by_file
        .iter()
        .map(|t| cx.kind(t).map_or(255, |k| k.0))
        .collect();
    let b = cx.board;
    let mut far = Vec::new();
    for o in cx.orients {
        let (width, depth) = o.frame_size(b);
        if targets.len() != width as usize {
            cx.errs.push(
                Diagnostic::new(
                    Code::CompilePromotionByFile,
                    format!(
                        "`by-file:` lists {}; the far line has {}",
                        crate::diag::count(targets.len(), "kind", "kinds"),
                        crate::diag::count(width.into(), "square", "squares")
                    ),
                    Some(spec.node.get("by-file").unwrap_or(&spec.node).span.clone()),
                )
                .help("list one kind per square of the far line, from the seat's left"),
            );
        }
        let mut line = vec![255u8; b.len()];
        for (f, t) in targets.iter().enumerate().take(width as usize) {
            if let Some(sq) = o.square(b, f as i32, depth as i32 - 1) {
                line[sq.index()] = *t;
            }
        }
        far.push(line);
    }
    let except = spec
        .except
        .iter()
        .filter_map(|t| cx.kind(t))
        .fold(0u64, |m, k| m | 1 << k.0);
    let shown = match (
        cx.orients.get(cx.first_orient as usize),
        far.get(cx.first_orient as usize),
    ) {
        (Some(o), Some(line)) => {
            let (width, depth) = o.frame_size(b);
            (0..width as i32)
                .filter_map(|f| o.square(b, f, depth as i32 - 1))
                .map(|sq| line[sq.index()])
                .collect()
        }
        _ => Vec::new(),
    };
    FarLine {
        far,
        lost_only: spec.lost_only,
        except,
        shown,
    }
}

/// The switch `far-promotion` (`pieces.KIND.promotion.by-file`).
pub const FAR_PROMOTION: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Promotion);

impl Module for FarPromotion {
    const HOOKS: super::Hooks = super::Hooks {
        after_move: true,
        ..super::Hooks::NONE
    };

    const NAME: &'static str = "promotion";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: FAR_PROMOTION,
        name: "far-promotion",
        path: "pieces.*.promotion.by-file",
        on: compose::On::NonEmpty,
    }];
    /// Its keys are piece keys (`pieces.*.promotion`: see [`PROMOTION_KEYS`]).
    const KEYS: &'static [&'static str] = &[];
    /// (kind name, its far line) for each kind with one.
    type Spec = Vec<(Text, FarLineSpec)>;

    /// The spec is gathered from the pieces ([`read_far_line`]), not from top-level keys.
    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<Self::Spec> {
        None
    }

    const PROMOTION_KEYS: &'static [&'static str] = &PROMOTION_KEYS;

    /// `by-file:` gives the kinds it promotes to, in place of the core's `to:`.
    fn read_promotion(
        r: &mut Reader,
        piece: &Text,
        f: &mut Fields<'_>,
        node: &Node,
        spec: &mut Option<Self::Spec>,
    ) -> bool {
        let Some(far) = read_far_line(r, f, node) else {
            return false;
        };
        spec.get_or_insert_with(Vec::new).push((piece.clone(), far));
        true
    }

    fn compile(spec: &Self::Spec, cx: &mut Cx<'_>) -> Option<FarPromotion> {
        let mut kinds = vec![None; cx.kinds.len()];
        let mut waiting = 0u64;
        for (name, line) in spec {
            let compiled = compile_line(line, cx);
            if let Some(i) = cx.kinds.iter().position(|n| *n == name.value) {
                if compiled.lost_only {
                    waiting |= 1 << i;
                }
                kinds[i] = Some(compiled);
            }
        }
        Some(FarPromotion { kinds, waiting })
    }

    fn becomes(&self, kind: Kind) -> u64 {
        self.of(kind).map_or(0, |line| {
            (line.far.iter().flatten())
                .filter(|&&t| t != 255)
                .fold(0, |m, &t| m | 1 << t)
                & !line.except
        })
    }

    fn explain_kind(&self, kind: Kind, names: &Names<'_>) -> Vec<String> {
        let Some(p) = self.of(kind) else {
            return Vec::new();
        };
        let name = |t: u8| if t == 255 { "-" } else { names.kind(Kind(t)) };
        let line: Vec<&str> = p.shown.iter().map(|&t| name(t)).collect();
        let when = if p.lost_only {
            ", once its owner has no piece of that kind"
        } else {
            ""
        };
        let except: Vec<&str> = (0..names.kinds.len() as u8)
            .filter(|&t| p.except >> t & 1 == 1)
            .map(name)
            .collect();
        let except = if except.is_empty() {
            String::new()
        } else {
            format!(" (never {})", except.join(", "))
        };
        vec![format!(
            "promotion on the far line, from its owner's left: {}{when}{except}",
            line.join(", ")
        )]
    }

    /// The piece that just arrived on the target square promotes at once unless its kind waits
    /// for lost pieces; then every waiting piece of every seat that may have lost the target
    /// kind promotes, in square order. Waiting pieces can only become eligible when their owner
    /// loses a piece (a capture, or a change a module or a mate made) or when one has just
    /// arrived.
    #[inline]
    fn after_move<H: Host>(&self, h: &mut H, mv: &Moved, _: &super::Modules) -> Option<Outcome> {
        let mut losers = SeatSet::EMPTY;
        if h.take_any_loss() {
            losers = h.all_seats();
        }
        let (to, placed) = (mv.m.to.0, mv.placed);
        if !mv.captured.is_empty() && mv.captured.owner().index() < MAX_SEATS {
            losers.insert(mv.captured.owner());
        }
        if let Some(p) = self.of(placed.kind())
            && !p.lost_only
            && let Some(t) = p.target(placed.orient(), to)
        {
            h.edit(mv.m.to, placed.with_kind(t));
        }
        if self.waiting == 0 {
            return None;
        }
        // The losing seats in seat order, each once.
        // Only the waiting kinds' squares (a test per piece of the seat mispredicted).
        for s in losers & h.all_seats() {
            for sq in h.occupancy_of_kinds(s, self.waiting).iter() {
                self.promote_if_waiting(h, s, sq);
            }
        }
        let owner = placed.owner();
        if self.waiting >> placed.kind().0 & 1 == 1
            && owner.index() < MAX_SEATS
            && !losers.contains(owner)
        {
            self.promote_if_waiting(h, owner, to);
        }
        None
    }
}
