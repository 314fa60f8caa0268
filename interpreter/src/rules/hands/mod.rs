//! Hands: captured pieces, demoted, go to the capturer's hand, and a piece in hand may be
//! dropped on an empty square instead of a board move (shogi); the drop rules of each kind are
//! [`drops`].
//!
//! ```yaml
//! hands: { captures: true }
//! pieces:
//!   tokin: { letter: T, betza: WfF, demote: pawn }
//!   pawn: { letter: P, betza: fW, drop: { one-per-line: true } }
//! ```
//!
//! Keys: `hands.captures` (a boolean, default false; the module is on whenever `hands:` is
//! written: with `captures: false` captured pieces leave the game and the hands hold only
//! what `setup.hand:` gives, as in a set-up phase, [`super::placement`]); per piece,
//! `demote:` (the kind a captured piece of this kind goes to the hand as; default: itself) and
//! `drop:` ([`drops`]). Errors: a `demote:` naming no piece kind, at its span; drop rules or a
//! drop's `no-mate` without what they need, and hands with dice, as refusals ([`Module::NEEDS`],
//! [`Module::REFUSES`], `docs/modules.md`).
//!
//! The engine keeps the hands themselves (`Position::hand`, hashed, in the position string's
//! hands field) and plays drops on its hot paths: `engine/play.rs` (a capture adds
//! [`Hands::demote`]'s kind to the hand, a drop takes it), `engine/hands.rs::drop_moves` (drop
//! generation, through [`Hands::drop_rule`]) and `engine/movegen.rs` (the no-mate test). Event:
//! `drops`.

pub mod drops;

use super::compose::{self, Need, Refusal, need, need_any, refuse};
use super::{Cx, Module, Names};
use crate::vocab::{Kind, SquareSet};
use crate::yaml::{Fields, Node, Reader, Text};
use drops::{DropRule, DropSpec};

/// The hands module as written: `hands.captures` and the pieces' `demote:` and `drop:` keys.
#[derive(Clone, Debug, Default)]
pub struct HandsSpec {
    /// `hands: { captures: true }`: captured pieces go to the capturer's hand.
    pub captures: bool,
    /// True if the file has `hands:` (with `captures: false`, pieces in hand come only from
    /// `setup.hand:`).
    pub on: bool,
    /// (kind, `demote:` kind) for each kind that has one.
    pub demote: Vec<(Text, Text)>,
    /// (kind, its `drop:` rules) for each kind with a `drop:` mapping.
    pub drops: Vec<(Text, DropSpec)>,
    /// `hands: { given: true }`: pieces in hand come from the position.
    pub given: bool,
}

/// Compiled hands.
#[derive(Clone, Debug)]
pub struct Hands {
    /// Captured pieces go to the capturer's hand (`captures: true`); otherwise they leave the
    /// game, and pieces in hand come from `setup.hand:`.
    pub captures: bool,
    /// Per kind (by index): the kind a captured piece of it goes to the hand as.
    pub demote: Vec<Kind>,
    /// Per kind (by index): its drop rules.
    pub drops: Vec<DropRule>,
    /// Per (kind, orientation) combo: the squares its region and `mobile` allow on an empty
    /// board ([`drops::static_squares`]); filled by the compiler once the move tables exist
    /// ([`Hands::fill_squares`]), every square until then.
    pub squares: Vec<SquareSet>,
    /// The names of the regions the drop rules name, by region index (for `explain`).
    pub region_names: Vec<String>,
    /// `given: true`: pieces in hand come from the position (for `explain`).
    pub given: bool,
}

impl Hands {
    /// The drop rules of `kind` (none for a kind out of range).
    #[inline]
    pub fn drop_rule(&self, kind: Kind) -> DropRule {
        self.drops.get(kind.index()).copied().unwrap_or_default()
    }

    /// The squares where a piece of (kind, orientation) `combo` may be dropped as far as its
    /// region and `mobile` say (every square for a combo out of range).
    #[inline]
    pub fn squares(&self, combo: usize) -> SquareSet {
        self.squares
            .get(combo)
            .copied()
            .unwrap_or(SquareSet([u64::MAX; 4]))
    }

    /// Fills [`squares`](Self::squares) for `orients` orientations on a board of `len`
    /// squares: `region(r, o)` is region `r`'s squares in orientation `o`'s frame,
    /// `moves_from(combo, sq)` whether the piece has a move from `sq` on an empty board.
    pub fn fill_squares(
        &mut self,
        len: usize,
        orients: usize,
        region: impl Fn(u8, usize) -> SquareSet,
        moves_from: impl Fn(usize, u8) -> bool,
    ) {
        self.squares = (0..self.drops.len() * orients)
            .map(|combo| {
                let rule = &self.drops[combo / orients];
                let r = rule.region.map(|r| region(r, combo % orients));
                drops::static_squares(rule, len, r, |sq| moves_from(combo, sq))
            })
            .collect();
    }

    /// The kind a captured piece of `kind` goes to the hand as.
    #[inline]
    pub fn demoted(&self, kind: Kind) -> Kind {
        self.demote.get(kind.index()).copied().unwrap_or(kind)
    }
}

/// The switch `hands` (`hands.captures`).
pub const HANDS: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Hands);

/// The switch `start-hand` (`setup.hand`).
pub const START_HAND: compose::SwitchId = compose::SwitchId::new(super::ModuleId::Hands, 1);

/// The switch `drops` (`pieces.KIND.drop`).
pub const DROPS: compose::SwitchId = compose::SwitchId::new(super::ModuleId::Hands, 2);

/// The switch `given-hands` (`hands.given`).
pub const GIVEN: compose::SwitchId = compose::SwitchId::new(super::ModuleId::Hands, 4);

/// The switch `no-mate-drops` (`pieces.KIND.drop.no-mate`).
pub const NO_MATE_DROPS: compose::SwitchId = compose::SwitchId::new(super::ModuleId::Hands, 3);

impl Module for Hands {
    const NAME: &'static str = "hands";
    const SWITCHES: &'static [compose::SwitchKey] = &[
        compose::SwitchKey {
            id: HANDS,
            name: "hands",
            path: "hands.captures",
            on: compose::TRUE,
        },
        compose::SwitchKey {
            id: START_HAND,
            name: "start-hand",
            path: "setup.hand",
            on: compose::On::NonEmpty,
        },
        compose::SwitchKey {
            id: DROPS,
            name: "drops",
            path: "pieces.*.drop",
            on: compose::On::Test(drops::switched_on),
        },
        compose::SwitchKey {
            id: NO_MATE_DROPS,
            name: "no-mate-drops",
            path: "pieces.*.drop.no-mate",
            on: compose::TRUE,
        },
        compose::SwitchKey {
            id: GIVEN,
            name: "given-hands",
            path: "hands.given",
            on: compose::TRUE,
        },
    ];
    const KEYS: &'static [&'static str] = &["hands"];
    /// `demote:` and `drop:` are piece keys, added to the spec by the rule-file reader.
    type Spec = HandsSpec;

    const REFUSES: &'static [Refusal] = &[
        refuse(
            HANDS,
            super::dice::DICE,
            "each die names the kinds it may move and a drop has no die, so pieces in hand could \
             never be dropped",
        ),
        refuse(
            START_HAND,
            super::dice::DICE,
            "each die names the kinds it may move and a drop has no die, so the pieces in hand at \
             the start could never be dropped",
        ),
        refuse(
            GIVEN,
            super::dice::DICE,
            "each die names the kinds it may move and a drop has no die, so the pieces the \
             position gives could never be dropped",
        ),
        refuse(
            DROPS,
            super::dice::DICE,
            "each die names the kinds it may move and a drop has no die, so nothing is dropped",
        ),
    ];

    const NEEDS: &'static [Need] = &[
        need(
            NO_MATE_DROPS,
            super::royal::ROYAL,
            "without a royal kind no drop mates",
        ),
        need_any(
            DROPS,
            HANDS,
            (START_HAND, GIVEN),
            "drop rules restrict drops from a hand, and without `hands: { captures: true }`, \
             `setup.hand` or `hands: { given: true }` no piece is ever in hand",
        ),
    ];

    const EVENTS: &'static [&'static str] = &["drops"];

    const PIECE_KEYS: &'static [&'static str] = &["demote", "drop"];

    /// `demote:` and `drop:`: either makes the spec (without `hands:`, so that their names
    /// are checked).
    fn read_piece(
        r: &mut Reader,
        piece: &Text,
        f: &mut Fields<'_>,
        _: &Node,
        spec: &mut Option<HandsSpec>,
    ) {
        let demote = f
            .opt("demote")
            .and_then(|n| super::text(r, n, "a piece name"));
        let drop = f.opt("drop").map(|n| drops::read_drop(r, n));
        if demote.is_none() && drop.is_none() {
            return;
        }
        let s = spec.get_or_insert_with(Default::default);
        s.demote.extend(demote.map(|d| (piece.clone(), d)));
        s.drops.extend(drop.map(|d| (piece.clone(), d)));
    }

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<HandsSpec> {
        let n = f.opt("hands")?;
        let mut s = r.map(n, "hands: { captures }")?;
        let captures = s
            .opt("captures")
            .and_then(|n| r.bool(n, "`captures`"))
            .unwrap_or(false);
        // `given: true` (default false): pieces in hand come from the position (FEN's
        // brackets) — bughouse's, passed from the partner's board — beside what captures and
        // `setup.hand` give; it only tells the composition check that hands may hold pieces.
        let given = s
            .opt("given")
            .and_then(|n| r.bool(n, "`given`"))
            .unwrap_or(false);
        s.finish(r, "hands", &["captures", "given"]);
        Some(HandsSpec {
            captures,
            on: true,
            given,
            ..HandsSpec::default()
        })
    }

    /// Resolves every `demote:` name (reported even when the module is off); `None` without
    /// `hands:`.
    fn compile(spec: &HandsSpec, cx: &mut Cx<'_>) -> Option<Hands> {
        let n = cx.kinds.len();
        let mut demote: Vec<Kind> = (0..n as u8).map(Kind).collect();
        for (kind, to) in &spec.demote {
            let to = cx.kind(to);
            if let (Some(i), Some(to)) = (cx.kinds.iter().position(|k| *k == kind.value), to) {
                demote[i] = to;
            }
        }
        let mut drops = vec![DropRule::default(); n];
        for (kind, d) in &spec.drops {
            let mut rule = d.rule;
            if let Some(t) = &d.region {
                rule.region = super::lookup(cx.errs, t, "region", cx.regions).map(|r| r as u8);
            }
            if let Some(i) = cx.kinds.iter().position(|k| *k == kind.value) {
                drops[i] = rule;
            }
        }
        let region_names = cx.regions.iter().map(|r| r.to_string()).collect();
        spec.on.then_some(Hands {
            captures: spec.captures,
            demote,
            drops,
            squares: Vec::new(),
            region_names,
            given: spec.given,
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        self.explain_in(names, &super::Modules::default())
    }

    /// As [`explain`](Module::explain), where the pieces come from (the setup, or the position
    /// with `given`) and how they enter: dropped, or only by gating ([`super::gating`]).
    fn explain_in(&self, names: &Names<'_>, all: &super::Modules) -> Vec<String> {
        let enter = match &all.gating {
            Some(g) if !g.drops => "enter only by gating",
            Some(_) => "may be dropped or gated in",
            None => "may be dropped",
        };
        let from = if self.given {
            "from the position"
        } else {
            "from the setup"
        };
        let mut out = vec![if self.captures {
            format!("hands: captured pieces (demoted) go to the capturer's hand and {enter}")
        } else {
            format!("hands: pieces in hand ({from}) {enter}; captured pieces leave the game")
        }];
        for i in 0..names.kinds.len() {
            let (k, d) = (Kind(i as u8), self.demoted(Kind(i as u8)));
            if names.kind(d) != names.kind(k) {
                out.push(format!(
                    "  a captured {} becomes {} {}",
                    names.kind(k),
                    super::article(names.kind(d)),
                    names.kind(d)
                ));
            }
            let words = self
                .drop_rule(k)
                .words(|r| self.region_names[r as usize].clone());
            if !words.is_empty() {
                out.push(format!("  {} drops: {}", names.kind(k), words.join(", ")));
            }
        }
        out
    }

    /// A captured piece goes to a hand as the kind it demotes to.
    fn becomes(&self, kind: Kind) -> u64 {
        1 << self.demoted(kind).index()
    }
}
