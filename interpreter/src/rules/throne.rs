//! Thrones: a piece of `kind` moving onto the start square of another seat's piece of the same
//! kind scores `points` for its owner, once per (seat, throne) (Chaturaji's throne points).
//!
//! ```yaml
//! thrones: { kind: king, points: 5 }
//! ```
//!
//! Keys: `kind` (a piece name) and `points`, both required. The thrones scored are the
//! position's state bytes of this module ([`scored`]), written in the position string's
//! *thrones* field.

use super::compose;
use super::field::{FieldCx, FieldProblem, Place, StateField};
use super::{Cx, Hooks, Host, Module, Moved, Names};
use crate::geometry::Square;
use crate::vocab::{Counters, Kind, MAX_SEATS, Outcome, Seat, SeatSet};
use crate::yaml::{Fields, Reader, Text};

/// `thrones:` as written.
#[derive(Clone, Debug)]
pub struct ThronesSpec {
    /// The kind whose start squares are thrones, and which scores by moving there.
    pub kind: Text,
    /// Points scored.
    pub points: i64,
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

/// The first byte of this module's state ([`Module::STATE`]): per seat, the bit mask of the
/// seats whose throne it has scored.
const AT: usize = super::ModuleId::Thrones.state_at();

/// Per seat: the seats whose throne it has scored (the position string's *thrones* field).
pub fn scored(c: &Counters) -> [SeatSet; MAX_SEATS] {
    std::array::from_fn(|s| SeatSet::from_bits(c.state[AT + s]))
}

/// How many thrones were scored between `was` and `now` (the counters before and after a ply),
/// over every seat. The bytes are compared first: a ply that scored none (nearly every ply)
/// costs one comparison.
#[inline]
pub fn scored_since(now: &Counters, was: &Counters) -> u32 {
    let (a, b) = (
        &now.state[AT..AT + MAX_SEATS],
        &was.state[AT..AT + MAX_SEATS],
    );
    if a == b {
        return 0;
    }
    (a.iter().zip(b))
        .map(|(&now, &was)| (SeatSet::from_bits(now) - SeatSet::from_bits(was)).len() as u32)
        .sum()
}

/// Sets the thrones scored (`scored`, as [`scored`] gives them), for a position being set up.
pub fn set_scored(c: &mut Counters, scored: [SeatSet; MAX_SEATS]) {
    for (byte, set) in c.state[AT..AT + MAX_SEATS].iter_mut().zip(scored) {
        *byte = set.bits();
    }
}

/// The switch `thrones` (`thrones`).
pub const THRONES: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Thrones);

impl Module for Thrones {
    const NAME: &'static str = "thrones";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: THRONES,
        name: "thrones",
        path: "thrones",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["thrones"];
    const STATE: super::State = super::State {
        bytes: MAX_SEATS as u8,
        hashed: false,
    };
    const FIELD: Option<StateField> = Some(StateField {
        name: "thrones",
        expected: "`-`, or a seat letter, `:` and the letters of the seats whose throne it \
                   scored, e.g. `r:y`",
        place: Place::AfterTaken,
    });
    type Spec = ThronesSpec;

    /// The thrones each seat has scored: `g:y` (green scored yellow's), as the taken field
    /// writes its sets.
    fn write_field(c: &Counters, cx: &FieldCx<'_>) -> Option<String> {
        cx.write_sets(&scored(c))
    }

    /// A seat credited with its own throne is refused, at its entry.
    fn read_field(text: &str, cx: &FieldCx<'_>, c: &mut Counters) -> Result<(), FieldProblem> {
        set_scored(c, cx.read_sets(text, "throne")?);
        Ok(())
    }
    const HOOKS: Hooks = Hooks {
        after_move: true,
        scores: true,
        ..Hooks::NONE
    };

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<ThronesSpec> {
        let mut s = r.map(f.opt("thrones")?, "thrones: { kind, points }")?;
        let kind = s
            .req(r, "kind", "the kind whose start squares are thrones")
            .and_then(|n| super::text(r, n, "a piece name"));
        let points = s
            .req(r, "points", "points scored")
            .and_then(|n| r.int(n, -1_000_000, 1_000_000, "points"));
        s.finish(r, "thrones", &["kind", "points"]);
        Some(ThronesSpec {
            kind: kind?,
            points: points?,
        })
    }

    fn compile(spec: &ThronesSpec, cx: &mut Cx<'_>) -> Option<Thrones> {
        let kind = cx.kind(&spec.kind)?;
        let squares = cx
            .setup
            .iter()
            .filter(|(_, p)| p.kind() == kind)
            .map(|(s, p)| (*s, p.owner()))
            .collect();
        Some(Thrones {
            kind,
            points: spec.points,
            squares,
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let k = names.kind(self.kind);
        vec![format!(
            "thrones: a {k} on another seat's {k} start square scores {}, once per throne",
            self.points
        )]
    }

    const EVENTS: &'static [&'static str] = &["thrones"];

    #[inline]
    fn after_move<H: Host>(&self, h: &mut H, mv: &Moved, _: &super::Modules) -> Option<Outcome> {
        let mover = mv.mover;
        if mv.moved.kind() == self.kind
            && mv.placed.kind() == self.kind
            && let Some(&(_, owner)) = self
                .squares
                .iter()
                .find(|(s, o)| *s == mv.m.to && *o != mover)
            && !scored(h.counters())[mover.index()].contains(owner)
        {
            let c = h.counters_mut();
            c.state[AT + mover.index()] = SeatSet::from_bits(c.state[AT + mover.index()])
                .with(owner)
                .bits();
            c.scores[mover.index()] += self.points;
        }
        None
    }
}
