//! Formation captures (Chaturaji's boat triumph): when a piece of `kind` moves so that some
//! `block`×`block` square of the board holds exactly `distinct-seats` pieces of that kind,
//! each of a different seat, the mover captures the others (scoring them, as any capture).
//!
//! ```yaml
//! formations:
//!   boat-triumph: { kind: boat, block: 2, distinct-seats: 4 }
//! ```
//!
//! Keys per formation (the mapping key is its name, counted as a rule event): `kind` (a piece
//! name, required), `block` (1 to 16, default 2), `distinct-seats` (2 to 7, required).

use super::compose::{self, Refusal, refuse};
use super::{Cx, Host, Module, Moved, Names};
use crate::geometry::Square;
use crate::vocab::{Kind, Outcome, Piece, Seat, SquareSet};
use crate::yaml::{Fields, Node, Reader, Text, Value};

/// One formation as written (`formations.NAME`).
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

/// One compiled formation.
#[derive(Clone, Debug)]
pub struct Formation {
    /// Name, for events.
    pub name: String,
    /// The kind that forms it.
    pub kind: Kind,
    /// Side of the block in squares.
    pub block: u8,
    /// Pieces of distinct seats needed.
    pub distinct: u8,
}

/// The compiled formations, in file order.
#[derive(Clone, Debug)]
pub struct Formations {
    /// Each formation.
    pub list: Vec<Formation>,
}

impl Formations {
    /// The index of the formation `kind` forms, if any (for the events of a move of `kind`).
    pub fn index_of(&self, kind: Kind) -> Option<usize> {
        self.list.iter().position(|f| f.kind == kind)
    }
}

fn read_one(r: &mut Reader, name: Text, v: &Node) -> Option<FormationSpec> {
    let mut s = r.map(v, "a formation: { kind, block, distinct-seats }")?;
    let kind = s
        .req(r, "kind", "the kind that forms it")
        .and_then(|n| super::text(r, n, "a piece name"));
    let block = s
        .opt("block")
        .and_then(|n| r.int(n, 1, 16, "the block size"))
        .unwrap_or(2);
    let distinct = s
        .req(r, "distinct-seats", "pieces of distinct seats needed")
        .and_then(|n| r.int(n, 2, 7, "the number of seats"));
    s.finish(r, "a formation", &["kind", "block", "distinct-seats"]);
    Some(FormationSpec {
        name,
        kind: kind?,
        block: block as u8,
        distinct: distinct? as u8,
    })
}

/// The switch `formations` (`formations.KIND`).
pub const FORMATIONS: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Formations);

impl Module for Formations {
    const HOOKS: super::Hooks = super::Hooks {
        after_move: true,
        ..super::Hooks::NONE
    };

    const NAME: &'static str = "formations";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: FORMATIONS,
        name: "formations",
        path: "formations.*",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["formations"];
    type Spec = Vec<FormationSpec>;
    const REFUSES: &'static [Refusal] = &[
        Refusal {
            part: FORMATIONS,
            with: super::royal::ROYAL,
            same_kind: true,
            reason: "a formation captures pieces of its kind, and royal pieces are never captured",
        },
        refuse(
            FORMATIONS,
            super::teams::TEAMS,
            "a formation captures the pieces of every other seat in the block, partners included, \
         which the team rule forbids",
        ),
        refuse(
            FORMATIONS,
            super::hands::HANDS,
            "a formation's captures leave the game, so the capturer's hand would miss them while \
         its ordinary captures go there; the two capture rules disagree",
        ),
    ];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<Vec<FormationSpec>> {
        let n = f.opt("formations")?;
        let mut all = r.map(n, "formation name → { kind, block, distinct-seats }")?;
        let mut out = Vec::new();
        for (k, v) in all.rest() {
            let name = Text {
                value: k.name.clone(),
                node: Node {
                    value: Value::Str(k.name.clone()),
                    span: k.span.clone(),
                },
            };
            out.extend(read_one(r, name, v));
        }
        Some(out)
    }

    fn compile(spec: &Vec<FormationSpec>, cx: &mut Cx<'_>) -> Option<Formations> {
        let list: Vec<Formation> = spec
            .iter()
            .filter_map(|f| {
                cx.kind(&f.kind).map(|kind| Formation {
                    name: f.name.value.clone(),
                    kind,
                    block: f.block,
                    distinct: f.distinct,
                })
            })
            .collect();
        (!list.is_empty()).then_some(Formations { list })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        self.list
            .iter()
            .map(|f| {
                let k = names.kind(f.kind);
                format!(
                    "formation {}: a {k} completing a {}×{} block of {} {k}s of different seats captures the others",
                    f.name, f.block, f.block, f.distinct
                )
            })
            .collect()
    }

    fn events(&self) -> Vec<String> {
        self.list.iter().map(|f| f.name.clone()).collect()
    }

    #[inline]
    fn after_move<H: Host>(&self, h: &mut H, mv: &Moved, all: &super::Modules) -> Option<Outcome> {
        for f in &self.list {
            if mv.moved.kind() == f.kind {
                capture(h, all, mv.mover, mv.m.to.0, f);
            }
        }
        None
    }
}

/// A formation capture around `to`: every `block`×`block` square containing `to` that holds
/// exactly `distinct` pieces of the kind, each of a different seat, qualifies; the mover
/// captures every such piece of the other seats, each once.
fn capture<H: Host>(h: &mut H, all: &super::Modules, mover: Seat, to: u8, f: &Formation) {
    let b = h.board();
    let to = crate::geometry::Square(to);
    let (tf, tr) = (b.file(to) as i32, b.rank(to) as i32);
    let n = f.block as i32;
    // No allocation: the block's pieces of the kind are counted with an owner mask, and the
    // victims collected in a square set (ascending order, each once).
    let mut victims = SquareSet::default();
    for x0 in tf - n + 1..=tf {
        for y0 in tr - n + 1..=tr {
            if x0 < 0 || y0 < 0 || x0 + n > b.files as i32 || y0 + n > b.ranks as i32 {
                continue;
            }
            // First the count and the owners, without a branch per square (whether a square
            // holds the kind is a coin toss the processor mispredicted: a twentieth of a
            // Chaturaji playout's mispredictions); the victims only for a block that qualifies.
            let (mut count, mut owners) = (0u32, 0u8);
            for x in x0..x0 + n {
                for y in y0..y0 + n {
                    if let Some(sq) = b.square(x, y) {
                        let p = h.piece(sq);
                        let hit = !p.is_empty() & (p.kind() == f.kind);
                        count += hit as u32;
                        owners |= (hit as u8) << p.owner().0;
                    }
                }
            }
            if count != f.distinct as u32 || owners.count_ones() != count {
                continue;
            }
            for x in x0..x0 + n {
                for y in y0..y0 + n {
                    if let Some(sq) = b.square(x, y) {
                        let p = h.piece(sq);
                        if !p.is_empty() && p.kind() == f.kind && p.owner() != mover {
                            victims.insert(sq.0);
                        }
                    }
                }
            }
        }
    }
    for sq in victims.iter().map(Square) {
        let p = h.piece(sq);
        all.on_capture(h, mover, p);
        h.edit(sq, Piece::EMPTY);
    }
}
