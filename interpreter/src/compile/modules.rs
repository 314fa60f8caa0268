//! Compiled rule modules: capture scoring, formation captures, thrones, the capture-all win,
//! resignation and match settings. The engine applies them after every move, in the order of
//! docs/chaturaji.md: capture, formations, thrones, promotion, capture-all, end conditions.

use crate::diag::Diagnostics;
use crate::geometry::Square;
use crate::spec::ModulesSpec;
use crate::vocab::{Kind, Piece, Seat};
use crate::yaml::{Text, unknown_name};

/// A compiled formation capture (see [`FormationSpec`](crate::spec::FormationSpec)).
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

/// Compiled thrones.
#[derive(Clone, Debug)]
pub struct Thrones {
    /// The kind that scores by moving onto another seat's throne.
    pub kind: Kind,
    /// Points per (seat, throne).
    pub points: i64,
    /// Throne squares: (square, seat whose throne it is), from the setup.
    pub squares: Vec<(Square, Seat)>,
}

/// Compiled capture-all win.
#[derive(Clone, Debug)]
pub struct CaptureAll {
    /// The kind to capture from every other seat.
    pub kind: Kind,
    /// The winner's score is raised to at least this.
    pub score: i64,
    /// The end reason's name.
    pub name: String,
}

/// All compiled modules of a variant.
#[derive(Clone, Debug, Default)]
pub struct Modules {
    /// The capturer scores the captured piece's value.
    pub capture_scoring: bool,
    /// Formation captures.
    pub formations: Vec<Formation>,
    /// Thrones.
    pub thrones: Option<Thrones>,
    /// Capture-all win.
    pub capture_all: Option<CaptureAll>,
    /// Seats may resign at the start of their turn.
    pub resign: bool,
    /// Each new game of a match starts one seat further on.
    pub rotate_first_seat: bool,
    /// Captured pieces go to the capturer's hand; pieces in hand may be dropped.
    pub hands: bool,
    /// Check interrupt: a seat in check moves next, out of turn.
    pub check_interrupt: bool,
    /// A seat due to move with no legal move is mated and play goes on: `Some(to_mater)`.
    pub mate: Option<bool>,
    /// Per seat: bit mask of its partners (other seats of its team).
    pub partners: [u8; crate::vocab::MAX_SEATS],
}

/// Compiles the module sections; unknown kinds go to `errs`.
pub fn compile_modules(
    m: &ModulesSpec,
    kinds: &[&str],
    seats: &[String],
    setup: &[(Square, Piece)],
    errs: &mut Diagnostics,
) -> Modules {
    let kind_of = |t: &Text, errs: &mut Diagnostics| super::kind_named(t, kinds, errs);
    let formations = m
        .formations
        .iter()
        .filter_map(|f| {
            kind_of(&f.kind, errs).map(|kind| Formation {
                name: f.name.value.clone(),
                kind,
                block: f.block,
                distinct: f.distinct,
            })
        })
        .collect();
    let thrones = m.thrones.as_ref().and_then(|t| {
        let kind = kind_of(&t.kind, errs)?;
        let squares = setup
            .iter()
            .filter(|(_, p)| p.kind() == kind)
            .map(|(s, p)| (*s, p.owner()))
            .collect();
        Some(Thrones {
            kind,
            points: t.points,
            squares,
        })
    });
    let capture_all = m.capture_all.as_ref().and_then(|c| {
        kind_of(&c.kind, errs).map(|kind| CaptureAll {
            kind,
            score: c.score,
            name: c.name.clone(),
        })
    });
    let mut partners = [0u8; crate::vocab::MAX_SEATS];
    for team in &m.teams {
        let mut mask = 0u8;
        for t in team {
            match seats.iter().position(|s| *s == t.value) {
                Some(i) => mask |= 1 << i,
                None => errs.push(unknown_name(
                    &t.node.span,
                    "seat",
                    &t.value,
                    seats.iter().map(String::as_str),
                )),
            }
        }
        for (i, p) in partners.iter_mut().enumerate() {
            if mask >> i & 1 == 1 {
                *p |= mask & !(1 << i);
            }
        }
    }
    Modules {
        hands: m.hands,
        check_interrupt: m.check_interrupt,
        mate: m.mate.as_ref().map(|x| x.to_mater),
        partners,
        capture_scoring: m.scoring.as_ref().is_some_and(|s| s.capture),
        formations,
        thrones,
        capture_all,
        resign: m.resign,
        rotate_first_seat: m.rotate_first_seat,
    }
}
