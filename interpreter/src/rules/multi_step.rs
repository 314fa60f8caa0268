//! Multi-steps and en passant as Fairy-Stockfish plays them beyond chess's pawn: first-move
//! (Betza `i`) moves granted by the square a piece stands on (Fairy-Stockfish's
//! `doubleStepRegion`: torpedo's double step from any square, pawnback's pawn back on its
//! second rank), and the en-passant mark of a kind written as Fairy-Stockfish writes it for its
//! custom pieces (berolina, pawnsideways, wolf's sergeant: after every first-move multi-step,
//! whether a capture is possible or not, the squares passed and the square landed on — the
//! FEN field `c3d4`).
//!
//! ```yaml
//! regions:
//!   second-rank: a2-h2
//! first-move-region: second-rank     # `i` moves from these squares, moved before or not
//! en-passant-region: sixth-rank      # horde: en passant only onto these squares
//! pieces:
//!   pawn:
//!     betza: mfFcfeWimfnA            # berolina's pawn
//!     en-passant-mark: always
//! ```
//!
//! Keys: `first-move-region` (top level: a `regions:` name; without it a piece makes its `i`
//! moves while it holds its first-move right, as in chess), and the piece key
//! `en-passant-mark` (`always`, or `capturable`, the default: only when a piece of the next
//! seat could capture there en passant, as chess's pawn). A kind marking `always` need not
//! capture en passant itself (wolf's sergeant, whose double step the pawns capture).
//! `en-passant-region` (top level: a `regions:` name, read in each seat's own frame; Fairy-
//! Stockfish's `enPassantRegion`): a seat captures en passant only onto these squares, so a
//! multi-step passing a square outside the next seat's region marks nothing (horde: a white
//! pawn's double step from the first rank is never taken en passant).
//! The engine reads the compiled form in `engine/special.rs` (the first-move test and the mark
//! after a move) and the FEN codec (the field's squares; a square outside the side to move's
//! `en-passant-region` is dropped on reading, as Fairy-Stockfish reads it:
//! `Variant::ep_region_allows` in `compile/regions.rs`).

use super::compose;
use super::{Cx, Module, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::Kind;
use crate::yaml::{Fields, Node, Reader, Text};

/// The piece key of this module.
pub const MARK_KEY: &str = "en-passant-mark";

/// What the rule file says.
#[derive(Clone, Debug, Default)]
pub struct MultiStepSpec {
    /// `first-move-region:` the region's name.
    pub region: Option<Text>,
    /// The kinds with `en-passant-mark: always`.
    pub always: Vec<Text>,
    /// `en-passant-region:` the region's name.
    pub ep_region: Option<Text>,
}

/// The compiled multi-step rules.
#[derive(Clone, Debug, Default)]
pub struct MultiStep {
    /// `first-move-region:` the region (an index into the variant's regions) whose squares
    /// grant the `i` moves, in place of first-move rights.
    pub region: Option<u8>,
    /// Bit mask of the kinds whose first-move multi-step always leaves an en-passant mark.
    pub always: u64,
    /// `en-passant-region:` the region (an index into the variant's regions) onto whose
    /// squares, in the capturing seat's frame, en-passant captures are made; `None`: anywhere.
    pub ep_region: Option<u8>,
}

/// The switch `first-move-region`.
pub const REGION: compose::SwitchId = compose::SwitchId::of(super::ModuleId::MultiStep);
/// The switch `en-passant-mark` (`pieces.KIND.en-passant-mark`).
pub const MARK: compose::SwitchId = compose::SwitchId::new(super::ModuleId::MultiStep, 1);
/// The switch `en-passant-region`.
pub const EP_REGION: compose::SwitchId = compose::SwitchId::new(super::ModuleId::MultiStep, 2);

impl Module for MultiStep {
    const NAME: &'static str = "multi-step";
    const SWITCHES: &'static [compose::SwitchKey] = &[
        compose::SwitchKey {
            id: REGION,
            name: "first-move-region",
            path: "first-move-region",
            on: compose::On::NonEmpty,
        },
        compose::SwitchKey {
            id: MARK,
            name: "en-passant-mark",
            path: "pieces.*.en-passant-mark",
            on: compose::On::NonEmpty,
        },
        compose::SwitchKey {
            id: EP_REGION,
            name: "en-passant-region",
            path: "en-passant-region",
            on: compose::On::NonEmpty,
        },
    ];
    const KEYS: &'static [&'static str] = &["first-move-region", "en-passant-region"];
    type Spec = MultiStepSpec;

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<MultiStepSpec> {
        let region = f
            .opt("first-move-region")
            .and_then(|n| super::text(r, n, "a region name (`regions:`)"));
        let ep_region = f
            .opt("en-passant-region")
            .and_then(|n| super::text(r, n, "a region name (`regions:`)"));
        (region.is_some() || ep_region.is_some()).then(|| MultiStepSpec {
            region,
            always: Vec::new(),
            ep_region,
        })
    }

    const PIECE_KEYS: &'static [&'static str] = &[MARK_KEY];

    fn read_piece(
        r: &mut Reader,
        piece: &Text,
        f: &mut Fields<'_>,
        _: &Node,
        spec: &mut Option<MultiStepSpec>,
    ) {
        let Some(n) = f.opt(MARK_KEY) else { return };
        let Some(t) = super::text(r, n, "`always` or `capturable`") else {
            return;
        };
        match t.value.as_str() {
            "always" => spec
                .get_or_insert_with(MultiStepSpec::default)
                .always
                .push(piece.clone()),
            "capturable" => {}
            _ => r.error(
                Diagnostic::new(
                    Code::SpecUnknownName,
                    format!("`{MARK_KEY}` is `always` or `capturable`, not `{}`", t.value),
                    Some(n.span.clone()),
                )
                .label("unknown mark")
                .help("`always`: after every multi-step (Fairy-Stockfish's custom pieces); `capturable`: only when a capture is possible (chess's pawn)"),
            ),
        }
    }

    fn compile(spec: &MultiStepSpec, cx: &mut Cx<'_>) -> Option<MultiStep> {
        let region_of = |t: &Option<Text>, cx: &mut Cx<'_>| {
            t.as_ref()
                .and_then(|t| super::lookup(cx.errs, t, "region", cx.regions).map(|r| r as u8))
        };
        let region = region_of(&spec.region, cx);
        let ep_region = region_of(&spec.ep_region, cx);
        let always = (spec.always.iter())
            .filter_map(|t| cx.kind(t))
            .fold(0u64, |m, k| m | 1 << k.0);
        Some(MultiStep {
            region,
            always,
            ep_region,
        })
    }

    fn explain(&self, _names: &Names<'_>) -> Vec<String> {
        let mut out = Vec::new();
        if self.region.is_some() {
            out.push(
                "first moves (`i`) are made from the first-move region, whether the piece has \
                 moved or not"
                    .to_string(),
            );
        }
        if self.ep_region.is_some() {
            out.push(
                "en passant captures land only on the en-passant region (each seat's own frame)"
                    .to_string(),
            );
        }
        out
    }

    fn explain_kind(&self, kind: Kind, _names: &Names<'_>) -> Vec<String> {
        if self.always >> kind.0 & 1 == 1 {
            vec![
                "its first-move multi-step always marks the squares passed and landed on for \
                 en passant"
                    .to_string(),
            ]
        } else {
            Vec::new()
        }
    }
}
