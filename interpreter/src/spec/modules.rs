//! Rule-module sections of a rule file besides board, pieces and end: scoring, formation
//! captures, thrones, the capture-all win, resignation, match settings and named parameters.
//! Each section is optional; an absent section switches its module off.

use super::model::Text;
use crate::yaml::Reader;
use crate::yaml::{Node, Value};

/// `scoring:` — points for captures.
#[derive(Clone, Debug)]
pub struct ScoringSpec {
    /// `capture: true`: the capturer scores the captured piece's `value`.
    pub capture: bool,
}

/// `formations.NAME` — a formation capture such as Chaturaji's boat triumph: when a piece of
/// `kind` moves so that some `block`×`block` square of the board holds exactly `distinct`
/// pieces of that kind, each of a different seat, the mover captures the others (scoring them).
#[derive(Clone, Debug)]
pub struct FormationSpec {
    /// Its name (the mapping key), counted as a rule event.
    pub name: Text,
    /// The kind that forms it.
    pub kind: Text,
    /// Side of the square block, in squares.
    pub block: u8,
    /// How many pieces of distinct seats the block must hold.
    pub distinct: u8,
}

/// `thrones:` — a piece of `kind` moving onto the start square of another seat's piece of the
/// same kind scores `points` for its owner, once per (seat, throne).
#[derive(Clone, Debug)]
pub struct ThronesSpec {
    /// The kind whose start squares are thrones, and which scores by moving there.
    pub kind: Text,
    /// Points scored.
    pub points: i64,
}

/// The optional module sections of a rule file.
#[derive(Clone, Debug, Default)]
pub struct ModulesSpec {
    /// `scoring:`.
    pub scoring: Option<ScoringSpec>,
    /// `formations:`.
    pub formations: Vec<FormationSpec>,
    /// `thrones:`.
    pub thrones: Option<ThronesSpec>,
    /// `resign: true`: a seat may resign at the start of its turn, before rolling; its pieces
    /// stay on the board, inert, and it takes no more turns.
    pub resign: bool,
    /// `match: { first-seat: rotate }`: game k of a match starts with seat k−1 (mod seats);
    /// `fixed` (default): always the first seat.
    pub rotate_first_seat: bool,
    /// `params:` named integers that expressions may use, e.g. `round_limit: 30`.
    pub params: Vec<(Text, i64)>,
    /// `hands: { captures: true }`: captured pieces, demoted, go to the capturer's hand, and
    /// pieces in hand may be dropped.
    pub hands: bool,
    /// `check: { interrupt: true }`: a seat whose royal piece is attacked after a move moves
    /// next, out of turn (nearest clockwise from the mover first); play then continues
    /// clockwise from it.
    pub check_interrupt: bool,
    /// `mate:` what happens to a seat that is due to move and has no legal move, when it does
    /// not end the game: `{ pieces: to-mater | ownerless }`. Its royal pieces become dead
    /// (inert obstacles), its hand goes to the mater (the seat that made the last move), its
    /// other pieces go to the mater (keeping their facing) or stay ownerless.
    pub mate: Option<MateSpec>,
    /// `teams:` seats playing together: partners cannot capture each other's pieces, and a
    /// move may not newly attack a partner's royal piece.
    pub teams: Vec<Vec<Text>>,
}

/// What a mate does (`mate:`).
#[derive(Clone, Debug)]
pub struct MateSpec {
    /// The mated seat's pieces go to the mater (`to-mater`) or become ownerless.
    pub to_mater: bool,
    /// The `mate:` node, for diagnostics.
    pub node: Node,
}

fn text(r: &mut Reader, node: &Node, what: &str) -> Option<Text> {
    r.string(node, what).map(|value| Text {
        value,
        node: node.clone(),
    })
}

/// Reads every module section present in `f`.
pub fn read_modules(r: &mut Reader, f: &mut crate::yaml::Fields<'_>) -> ModulesSpec {
    let mut m = ModulesSpec::default();
    if let Some(n) = f.opt("scoring")
        && let Some(mut s) = r.map(n, "scoring: { capture }")
    {
        let capture = s
            .opt("capture")
            .and_then(|n| r.bool(n, "`capture`"))
            .unwrap_or(false);
        s.finish(r, "scoring", &["capture"]);
        m.scoring = Some(ScoringSpec { capture });
    }
    if let Some(n) = f.opt("formations")
        && let Some(mut all) = r.map(n, "formation name → { kind, block, distinct-seats }")
    {
        for (k, v) in all.rest() {
            let Some(mut s) = r.map(v, "a formation: { kind, block, distinct-seats }") else {
                continue;
            };
            let kind = s
                .req(r, "kind", "the kind that forms it")
                .and_then(|n| text(r, n, "a piece name"));
            let block = s
                .opt("block")
                .and_then(|n| r.int(n, 1, 16, "the block size"))
                .unwrap_or(2);
            let distinct = s
                .req(r, "distinct-seats", "pieces of distinct seats needed")
                .and_then(|n| r.int(n, 2, 7, "the number of seats"));
            s.finish(r, "a formation", &["kind", "block", "distinct-seats"]);
            if let (Some(kind), Some(distinct)) = (kind, distinct) {
                let name = Text {
                    value: k.name.clone(),
                    node: Node {
                        value: Value::Str(k.name.clone()),
                        span: k.span.clone(),
                    },
                };
                m.formations.push(FormationSpec {
                    name,
                    kind,
                    block: block as u8,
                    distinct: distinct as u8,
                });
            }
        }
    }
    if let Some(n) = f.opt("thrones")
        && let Some(mut s) = r.map(n, "thrones: { kind, points }")
    {
        let kind = s
            .req(r, "kind", "the kind whose start squares are thrones")
            .and_then(|n| text(r, n, "a piece name"));
        let points = s
            .req(r, "points", "points scored")
            .and_then(|n| r.int(n, -1_000_000, 1_000_000, "points"));
        s.finish(r, "thrones", &["kind", "points"]);
        if let (Some(kind), Some(points)) = (kind, points) {
            m.thrones = Some(ThronesSpec { kind, points });
        }
    }
    m.resign = f
        .opt("resign")
        .and_then(|n| r.bool(n, "`resign`"))
        .unwrap_or(false);
    if let Some(n) = f.opt("match")
        && let Some(mut s) = r.map(n, "match: { first-seat }")
    {
        m.rotate_first_seat = s
            .opt("first-seat")
            .and_then(|n| r.word(n, &["rotate", "fixed"], "first-seat rule"))
            == Some("rotate");
        s.finish(r, "match", &["first-seat"]);
    }
    if let Some(n) = f.opt("hands")
        && let Some(mut s) = r.map(n, "hands: { captures }")
    {
        m.hands = s
            .opt("captures")
            .and_then(|n| r.bool(n, "`captures`"))
            .unwrap_or(false);
        s.finish(r, "hands", &["captures"]);
    }
    if let Some(n) = f.opt("check")
        && let Some(mut s) = r.map(n, "check: { interrupt }")
    {
        m.check_interrupt = s
            .opt("interrupt")
            .and_then(|n| r.bool(n, "`interrupt`"))
            .unwrap_or(false);
        s.finish(r, "check", &["interrupt"]);
    }
    if let Some(n) = f.opt("mate")
        && let Some(mut s) = r.map(n, "mate: { pieces }")
    {
        let to_mater = s.opt("pieces").and_then(|n| {
            r.word(
                n,
                &["to-mater", "ownerless"],
                "what happens to a mated seat's pieces",
            )
        }) != Some("ownerless");
        s.finish(r, "mate", &["pieces"]);
        m.mate = Some(MateSpec {
            to_mater,
            node: n.clone(),
        });
    }
    if let Some(n) = f.opt("teams") {
        for t in r.list(n) {
            let members = r
                .list(t)
                .into_iter()
                .filter_map(|x| text(r, x, "a seat name"))
                .collect();
            m.teams.push(members);
        }
    }
    if let Some(n) = f.opt("params")
        && let Some(mut s) = r.map(n, "parameter name → integer")
    {
        for (k, v) in s.rest() {
            if let Some(i) = r.int(v, i64::MIN, i64::MAX, "a parameter") {
                let name = Text {
                    value: k.name.clone(),
                    node: Node {
                        value: Value::Str(k.name.clone()),
                        span: k.span.clone(),
                    },
                };
                m.params.push((name, i));
            }
        }
    }
    m
}
