//! First-move conditions: when a piece's first-move moves (Betza `i`) may be played, and
//! what takes its first-move right away besides its own move. Cambodian chess's king
//! (Fairy-Stockfish's `cambodianMoves`, src/movegen.cpp and src/position.cpp): its first-move
//! knight leap is not played while in check, and it loses the right when an enemy rook moves
//! onto its file or rank.
//!
//! ```yaml
//! pieces:
//!   khun:
//!     betza: KimfsN
//!     first-move: { not-in-check: true, lost-when-aimed-by: [ruea] }
//! ```
//!
//! Keys, inside a piece's `first-move:` mapping:
//! - `not-in-check` (boolean, default false): the kind's first-move moves are not played while
//!   its seat is in check (its other moves are);
//! - `lost-when-aimed-by` (list of piece names, default none): a piece of this kind loses its
//!   first-move right when a piece of another seat of one of these kinds moves to a square from
//!   which, on an empty board, it could capture on the piece's square (it *aims* at it: a rook
//!   on its file or rank, whatever stands between them).
//!
//! The kind needs first-move moves (`i` in its Betza): `first-move:` on a kind without them is
//! refused at the key. Both tests stay in the engine (`engine/special.rs`: the first-move
//! generator and `play_special`), which read [`FirstMove`]; they run only for variants with
//! first-move rights, and the aim test only after a move of a listed kind.

use super::compose;
use super::{Cx, Module, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::Kind;
use crate::yaml::{Fields, Node, Reader, Text};

/// The keys of a piece's `first-move:` mapping.
pub const FIRST_MOVE_KEYS: [&str; 2] = ["not-in-check", "lost-when-aimed-by"];

/// One kind's `first-move:` mapping, as written.
#[derive(Clone, Debug)]
pub struct FirstMoveSpec {
    /// The kind (the piece's name).
    pub kind: Text,
    /// `not-in-check: true`.
    pub not_in_check: bool,
    /// `lost-when-aimed-by:` kind names.
    pub aimed_by: Vec<Text>,
    /// The `first-move:` node, for spans.
    pub node: Node,
}

/// Reads a piece's `first-move:` mapping at `node` for kind `kind`; problems (a non-boolean,
/// a non-list, an unknown key) go to `r`, located.
pub fn read_first_move(r: &mut Reader, node: &Node, kind: Text) -> Option<FirstMoveSpec> {
    let mut f = r.map(
        node,
        "first-move conditions: { not-in-check, lost-when-aimed-by }",
    )?;
    let not_in_check = f
        .opt("not-in-check")
        .and_then(|n| r.bool(n, "`not-in-check`"))
        .unwrap_or(false);
    let aimed_by = f
        .opt("lost-when-aimed-by")
        .map(|n| super::piece_names(r, n))
        .unwrap_or_default();
    f.finish(r, "first-move conditions", &FIRST_MOVE_KEYS);
    Some(FirstMoveSpec {
        kind,
        not_in_check,
        aimed_by,
        node: node.clone(),
    })
}

/// Compiled first-move conditions.
#[derive(Clone, Debug, Default)]
pub struct FirstMove {
    /// Bit mask of the kinds whose first-move moves are not played while in check.
    pub not_in_check: u64,
    /// Per kind (kind index): bit mask of the kinds whose landing aiming at it takes its right.
    pub aimed_by: Vec<u64>,
    /// Union of [`aimed_by`](Self::aimed_by): the kinds whose moves are tested.
    pub landers: u64,
}

/// The switch `first-move` (`pieces.KIND.first-move`).
pub const FIRST_MOVE: compose::SwitchId = compose::SwitchId::of(super::ModuleId::FirstMove);

impl Module for FirstMove {
    const NAME: &'static str = "first-move";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: FIRST_MOVE,
        name: "first-move",
        path: "pieces.*.first-move",
        on: compose::On::NonEmpty,
    }];
    /// Its key is a piece key (`pieces.KIND.first-move`), gathered by the rule-file reader.
    const KEYS: &'static [&'static str] = &[];
    type Spec = Vec<FirstMoveSpec>;

    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<Vec<FirstMoveSpec>> {
        None
    }

    const PIECE_KEYS: &'static [&'static str] = &["first-move"];

    fn read_piece(
        r: &mut Reader,
        piece: &Text,
        f: &mut Fields<'_>,
        _: &Node,
        spec: &mut Option<Vec<FirstMoveSpec>>,
    ) {
        if let Some(s) = (f.opt("first-move")).and_then(|n| read_first_move(r, n, piece.clone())) {
            spec.get_or_insert_with(Vec::new).push(s);
        }
    }

    fn compile(spec: &Vec<FirstMoveSpec>, cx: &mut Cx<'_>) -> Option<FirstMove> {
        let mut out = FirstMove {
            aimed_by: vec![0; cx.kinds.len()],
            ..FirstMove::default()
        };
        for s in spec {
            let kind = cx.kind(&s.kind)?;
            if s.not_in_check {
                out.not_in_check |= 1 << kind.0;
            }
            let mask = s
                .aimed_by
                .iter()
                .filter_map(|t| cx.kind(t))
                .fold(0u64, |m, k| m | 1 << k.0);
            out.aimed_by[kind.index()] = mask;
            out.landers |= mask;
        }
        (out.not_in_check | out.landers != 0).then_some(out)
    }

    fn explain_kind(&self, kind: Kind, names: &Names<'_>) -> Vec<String> {
        let mut out = Vec::new();
        if self.not_in_check >> kind.0 & 1 == 1 {
            out.push("first move: its first-move moves are not played while in check".into());
        }
        let mask = self.aimed_by.get(kind.index()).copied().unwrap_or(0);
        if mask != 0 {
            let by: Vec<&str> = (0..64)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| names.kind(Kind(i as u8)))
                .collect();
            out.push(format!(
                "first move: the right is lost when an enemy {} moves to a square aiming at it \
                 (it could capture there on an empty board)",
                by.join(" or ")
            ));
        }
        out
    }
}

/// Refuses, at its `first-move:` key, each spec whose kind has no first-move (`i`) moves
/// (`has_initial` answers for a kind name).
pub fn refuse_without_initial(
    spec: &[FirstMoveSpec],
    has_initial: &dyn Fn(&str) -> bool,
    errs: &mut crate::diag::Diagnostics,
) {
    for s in spec.iter().filter(|s| !has_initial(&s.kind.value)) {
        errs.push(
            Diagnostic::new(
                Code::CompileFirstMove,
                format!("`{}` has no first-move moves", s.kind.value),
                Some(s.node.span.clone()),
            )
            .label("first-move conditions of a kind without `i` moves")
            .help("give the kind first-move moves in its Betza (`imfsN`), or drop `first-move:`"),
        );
    }
}

impl FirstMove {
    /// True if a landing of `lander` can take rights away ([`landers`](Self::landers)).
    #[inline]
    pub fn tests(&self, lander: Kind) -> bool {
        self.landers >> lander.0 & 1 == 1
    }

    /// True if a landing piece of kind `lander` takes the right of a piece of kind `holder`
    /// that it aims at.
    #[inline]
    pub fn takes(&self, holder: Kind, lander: Kind) -> bool {
        self.aimed_by
            .get(holder.index())
            .is_some_and(|m| m >> lander.0 & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::parse_yaml;

    fn read(yaml: &str) -> (Option<FirstMoveSpec>, Vec<String>) {
        let tree = parse_yaml(&crate::diag::text_source("t.yaml", yaml)).unwrap();
        let mut r = Reader::default();
        let kind = Text {
            value: "king".into(),
            node: tree.clone(),
        };
        let spec = read_first_move(&mut r, tree.get("first-move").unwrap(), kind);
        let errors = r.errors.0.iter().map(|d| d.message.clone()).collect();
        (spec, errors)
    }

    #[test]
    fn both_keys_are_read() {
        let (spec, errors) =
            read("first-move: { not-in-check: true, lost-when-aimed-by: [rook, queen] }\n");
        assert!(errors.is_empty(), "{errors:?}");
        let spec = spec.unwrap();
        assert!(spec.not_in_check);
        let names: Vec<&str> = spec.aimed_by.iter().map(|t| t.value.as_str()).collect();
        assert_eq!(names, ["rook", "queen"]);
    }

    #[test]
    fn an_unknown_key_and_a_non_boolean_are_errors() {
        let (_, errors) = read("first-move: { not-in-check: often, when: 3 }\n");
        assert_eq!(errors.len(), 2, "{errors:?}");
        let (spec, errors) = read("first-move: 3\n");
        assert!(spec.is_none());
        assert_eq!(errors.len(), 1, "{errors:?}");
    }
}
