//! Flipping pieces: a piece that turns over to another kind after every move it makes, and
//! back after its next move (Kyoto shogi, as Fairy-Stockfish's `kyotoshogi` plays it: pawn and
//! rook, silver and bishop, lance and tokin, knight and gold are the two faces of one piece).
//!
//! ```yaml
//! pieces:
//!   pawn: { letter: P, betza: fW, flip: rook, drop: { either-face: true } }
//!   rook: { letter: R, betza: R, flip: pawn, demote: pawn }
//! ```
//!
//! Keys, per piece: `flip: KIND` — after every board move the piece makes (a capture or not,
//! anywhere on the board), it becomes `KIND`; a drop does not flip it. `flip-on: capture`
//! (default `move`): only its captures flip it, its other moves never do (micro shogi, as
//! Fairy-Stockfish's `micro` plays it: `piecePromotionOnCapture`); write it on both faces. Its pair is written on
//! both kinds (each names the other), and the captured piece's hand kind is the core's
//! `demote:` (Kyoto shogi's pieces go to the hand on their unpromoted face). In a hand, a
//! kind with `drop: { either-face: true }` ([`drops`](super::hands::drops)) may be dropped as
//! itself or as the kind it flips to. Errors, located: a `flip:` naming no kind or the kind
//! itself; `flip:` with `promotion:` on one kind (a flip is its promotion on every square);
//! `either-face` on a kind without `flip:`.
//!
//! The flip compiles into the kind's zone promotion: a compulsory promotion to the one kind,
//! with every square in its zone (`compile/mod.rs`, `compile_promotions`). So the move
//! generator's promotion path generates it (variants without flips pay nothing), the move
//! carries its new kind (`Move::promotion`, hashed and undone with the move), and move
//! notation writes it as Fairy-Stockfish does, `+` onto the promoted face and `-` back
//! (`notation/moves.rs`). Drops on the other face are generated in `engine/hands.rs`
//! (`drop_moves`) and carry the face as their [`crate::vocab::Move::drop_face`] (written
//! `+P@c3`). Event: `flips` (board moves that flipped the moving piece; they are not counted as
//! promotions).

use super::compose;
use super::{Cx, Module, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::Kind;
use crate::yaml::{Fields, Node, Reader, Text};

/// The piece key this module reads.
pub const FLIP_KEY: &str = "flip";

/// The piece key that limits a kind's flips to its captures (`flip-on: capture`).
pub const FLIP_ON_KEY: &str = "flip-on";

/// `flip:` and `flip-on:` as written, over every piece.
#[derive(Clone, Debug, Default)]
pub struct FlipSpec {
    /// (kind name, the kind it flips to) for each kind with a `flip:`.
    pub pairs: Vec<(Text, Text)>,
    /// The kinds with `flip-on: capture`: they flip only on a move that captures.
    pub on_capture: Vec<Text>,
}

impl FlipSpec {
    /// True if the kind named `name` flips only when it captures.
    pub fn on_capture(&self, name: &str) -> bool {
        self.on_capture.iter().any(|t| t.value == name)
    }
}

/// The compiled flips: the kind each kind turns over to, by kind index.
#[derive(Clone, Debug)]
pub struct Flips {
    /// Per kind (by index): the kind it becomes after each of its moves, if it flips.
    pub to: Vec<Option<Kind>>,
    /// Bit mask (bit = kind index) of the kinds that flip only on their captures
    /// (`flip-on: capture`).
    pub on_capture: u64,
}

impl Flips {
    /// The kind a piece of `kind` becomes after a move, if it flips.
    #[inline]
    pub fn of(&self, kind: Kind) -> Option<Kind> {
        self.to.get(kind.index()).copied().flatten()
    }
}

/// Checks one piece's `flip:` against its other keys (at `piece`, the piece's mapping): a
/// flip with a `promotion:`, a flip to itself, and `drop.either-face` without a flip or on a
/// second face (a kind with `demote:`) are located errors in `r`.
pub fn check_piece(r: &mut Reader, name: &str, piece: &Node, flip: Option<&Text>) {
    let refuse = |r: &mut Reader, at: &Node, message: String, help: &str| {
        r.error(
            Diagnostic::new(Code::SpecFlip, message, Some(at.span.clone()))
                .label("here")
                .help(help.to_string()),
        );
    };
    if let Some(f) = flip {
        if piece.get("promotion").is_some() {
            refuse(
                r,
                &f.node,
                format!("`{name}` has both `flip:` and `promotion:`"),
                "a flip is a promotion after every move, anywhere: keep one of the two keys",
            );
        }
        if f.value == name {
            refuse(
                r,
                &f.node,
                format!("`{name}` flips to itself"),
                "name the kind of the piece's other face",
            );
        }
    }
    let either = piece.get("drop").and_then(|d| d.get("either-face"));
    if let Some(n) = either
        && flip.is_none()
        && n.scalar_text().is_some_and(|t| t == "true")
    {
        refuse(
            r,
            n,
            format!("`{name}` may be dropped on either face, and it has no `flip:`"),
            "add `flip: KIND` (the kind of its other face), or remove `either-face`",
        );
    }
    // A second face (a kind that demotes) is never in hand: captured, it goes there as its
    // first face, whose drop rules say on which faces it is dropped.
    if let Some(n) = either.filter(|n| n.scalar_text().is_some_and(|t| t == "true"))
        && let Some(d) = piece.get("demote").and_then(Node::scalar_text)
    {
        refuse(
            r,
            n,
            format!(
                "`{name}` is never in hand (captured, it goes there as `{d}`), so it is never \
                 dropped on either face"
            ),
            &format!("write `drop: {{ either-face: true }}` on `{d}`, the first face"),
        );
    }
}

/// The switch `flip` (`pieces.KIND.flip`).
pub const FLIP: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Flip);

impl Module for Flips {
    const NAME: &'static str = "flip";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: FLIP,
        name: "flip",
        path: "pieces.*.flip",
        on: compose::On::NonEmpty,
    }];
    /// Its key is a piece key (`pieces.*.flip`, [`FLIP_KEY`]).
    const KEYS: &'static [&'static str] = &[];
    /// Every kind's `flip:` and `flip-on:`.
    type Spec = FlipSpec;

    /// The spec is gathered from the pieces, not from top-level keys.
    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<Self::Spec> {
        None
    }

    const PIECE_KEYS: &'static [&'static str] = &[FLIP_KEY, FLIP_ON_KEY];

    /// `flip: KIND`, checked against the piece's other keys ([`check_piece`]), and
    /// `flip-on: move | capture` (default `move`; a located error without `flip:`).
    fn read_piece(
        r: &mut Reader,
        piece: &Text,
        f: &mut Fields<'_>,
        node: &Node,
        spec: &mut Option<Self::Spec>,
    ) {
        let flip = f
            .opt(FLIP_KEY)
            .and_then(|n| super::text(r, n, "a piece name"));
        check_piece(r, &piece.value, node, flip.as_ref());
        let on = f.opt(FLIP_ON_KEY).and_then(|n| {
            let word = r.word(n, &["move", "capture"], "`flip-on`")?;
            if flip.is_none() {
                r.error(
                    Diagnostic::new(
                        Code::SpecFlip,
                        format!("`{}` has `flip-on:` and no `flip:`", piece.value),
                        Some(n.span.clone()),
                    )
                    .label("here")
                    .help(
                        "add `flip: KIND` (the kind of its other face), or remove `flip-on`"
                            .to_string(),
                    ),
                );
            }
            (word == "capture").then_some(())
        });
        if let Some(to) = flip {
            let spec = spec.get_or_insert_with(FlipSpec::default);
            if on.is_some() {
                spec.on_capture.push(piece.clone());
            }
            spec.pairs.push((piece.clone(), to));
        }
    }

    /// Resolves every `flip:` name (an unknown one is an error at its span); a flip whose
    /// target does not flip back to it (the two faces of one piece name each other) is an
    /// error at the flip's span.
    fn compile(spec: &Self::Spec, cx: &mut Cx<'_>) -> Option<Flips> {
        let mut to = vec![None; cx.kinds.len()];
        let mut on_capture = 0u64;
        for (kind, target) in &spec.pairs {
            if spec.on_capture(&kind.value)
                && let Some(i) = cx.kinds.iter().position(|k| *k == kind.value)
            {
                on_capture |= 1 << i;
            }
            let target = cx.kind(target);
            if let Some(i) = cx.kinds.iter().position(|k| *k == kind.value) {
                to[i] = target;
            }
        }
        // A kind whose own `flip:` names no kind has been reported already.
        let written = |k: Kind| (spec.pairs.iter()).any(|(n, _)| cx.kinds[k.index()] == n.value);
        for (kind, target) in &spec.pairs {
            let Some(i) = cx.kinds.iter().position(|k| *k == kind.value) else {
                continue;
            };
            if let Some(t) = to[i]
                && t.index() != i
                && to[t.index()] != Some(Kind(i as u8))
                && (to[t.index()].is_some() || !written(t))
            {
                let name = &kind.value;
                let other = &target.value;
                cx.errs.push(
                    Diagnostic::new(
                        Code::SpecFlip,
                        format!("`{name}` flips to `{other}`, and `{other}` does not flip back"),
                        Some(target.node.span.clone()),
                    )
                    .label("no flip back")
                    .help(format!(
                        "a piece has two faces that name each other: add `flip: {name}` to \
                         `{other}`, or flip `{name}` to the kind that flips to it"
                    )),
                );
            }
        }
        Some(Flips { to, on_capture })
    }

    fn explain_kind(&self, kind: Kind, names: &Names<'_>) -> Vec<String> {
        self.of(kind)
            .map(|t| {
                let when = if self.on_capture >> kind.0 & 1 == 1 {
                    "capture"
                } else {
                    "move"
                };
                vec![format!(
                    "flips: becomes a {} after every {when} it makes",
                    names.kind(t)
                )]
            })
            .unwrap_or_default()
    }

    const EVENTS: &'static [&'static str] = &["flips"];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::text_source;
    use crate::yaml::parse_yaml;

    /// The errors `check_piece` reports for the piece `p` written in `yaml`.
    fn check(yaml: &str) -> Vec<String> {
        let tree = parse_yaml(&text_source("t.yaml", yaml)).unwrap();
        let piece = tree.get("p").unwrap();
        let mut r = Reader::default();
        let flip = piece.get("flip").map(|n| Text {
            value: n.scalar_text().unwrap_or_default(),
            node: n.clone(),
        });
        check_piece(&mut r, "p", piece, flip.as_ref());
        r.errors.0.iter().map(|d| d.message.clone()).collect()
    }

    #[test]
    fn a_flip_refuses_a_promotion_itself_and_either_face_needs_a_flip() {
        assert!(check("p: { flip: q, drop: { either-face: true } }\n").is_empty());
        let e = check("p: { flip: q, promotion: { zone: 1, to: [q] } }\n");
        assert_eq!(e, ["`p` has both `flip:` and `promotion:`"]);
        assert_eq!(check("p: { flip: p }\n"), ["`p` flips to itself"]);
        let e = check("p: { flip: q, demote: q, drop: { either-face: true } }\n");
        assert_eq!(
            e,
            [
                "`p` is never in hand (captured, it goes there as `q`), so it is never dropped on either face"
            ]
        );
        let e = check("p: { drop: { either-face: true } }\n");
        assert_eq!(
            e,
            ["`p` may be dropped on either face, and it has no `flip:`"]
        );
        assert!(check("p: { drop: { either-face: false } }\n").is_empty());
    }
}
