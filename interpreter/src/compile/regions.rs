//! Regions (`regions:`) and the movement that depends on them: a piece `confined:` to a
//! region, and `region-moves:`, extra moves while it stands in one. Both are resolved here,
//! per square, into a [`Movement`] that the move table and the attack table compile, so move
//! generation never tests a region.
//!
//! ```yaml
//! regions:
//!   palace: d1-f3            # in each seat's own frame, as setup squares; a1-c3 is a rectangle
//!   across: [a6-i10]         # one string or a list of them
//! pieces:
//!   king:    { letter: K, betza: W, royal: true, confined: palace }
//!   soldier: { letter: P, betza: fW, region-moves: [ { in: across, betza: sW } ] }
//! ```

use super::setup::squares_in;
use super::{KindInfo, Movement, Zoned, dsl_diag};
use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::dsl;
use crate::geometry::{Board, Orientation};
use crate::spec::RuleSpec;
use crate::vocab::SquareSet;
use crate::yaml::{Text, unknown_name};

/// A compiled region: its name and its squares in each orientation's frame.
#[derive(Clone, Debug)]
pub struct Region {
    /// The name (`regions:` key).
    pub name: String,
    /// Board squares, one set per orientation (as `Variant::orients`).
    pub squares: Vec<SquareSet>,
}

/// The regions of `spec`, each read in every orientation's frame; problems go to `errs`.
pub(super) fn compile_regions(
    spec: &RuleSpec,
    board: Board,
    orients: &[Orientation],
    errs: &mut Diagnostics,
) -> Vec<Region> {
    let mut out: Vec<Region> = Vec::new();
    for (name, sets) in &spec.regions {
        if out.iter().any(|r| r.name == name.value) {
            errs.push(
                Diagnostic::new(
                    Code::CompileRegion,
                    format!("two regions are called `{}`", name.value),
                    Some(name.node.span.clone()),
                )
                .label("second region with this name")
                .help("give every region its own name"),
            );
            continue;
        }
        let mut squares = vec![SquareSet::default(); orients.len()];
        for text in sets {
            for (oi, &o) in orients.iter().enumerate() {
                match squares_in(text, board, o, true) {
                    Ok(sqs) => sqs.iter().for_each(|s| squares[oi].insert(s.0)),
                    Err(d) => {
                        // The same problem in every frame: report it once.
                        if oi == 0 {
                            errs.push(d);
                        }
                    }
                }
            }
        }
        out.push(Region {
            name: name.value.clone(),
            squares,
        });
    }
    out
}

/// The `explain` lines of a piece's region-dependent movement and hop restrictions.
fn notes(m: &crate::spec::MovementSpec) -> Vec<String> {
    let list = |l: &[Text]| {
        l.iter()
            .map(|t| t.value.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = Vec::new();
    if let Some(c) = &m.confined {
        out.push(format!("confined: its moves end in region `{}`", c.value));
    }
    for rm in &m.region_moves {
        let within = rm
            .within
            .as_ref()
            .map(|w| format!(", staying in region `{}`", w.value))
            .unwrap_or_default();
        out.push(format!(
            "standing in region `{}`: also {}{within}",
            rm.region.value, rm.betza.value
        ));
    }
    if !m.not_over.is_empty() {
        out.push(format!("hops: never over a {}", list(&m.not_over)));
    }
    if !m.not_capturing.is_empty() {
        out.push(format!(
            "hops: never capturing a {}",
            list(&m.not_capturing)
        ));
    }
    out
}

/// The region named in `t`, or an "unknown region" problem.
fn region<'a>(t: &Text, regions: &'a [Region], errs: &mut Diagnostics) -> Option<&'a Region> {
    let found = regions.iter().find(|r| r.name == t.value);
    if found.is_none() {
        let mut d = unknown_name(
            &t.node.span,
            "region",
            &t.value,
            regions.iter().map(|r| r.name.as_str()),
        );
        if regions.is_empty() {
            d = d.help("name the region under `regions:` first, e.g. `regions: { palace: d1-f3 }`");
        }
        errs.push(d);
    }
    found
}

/// Each kind's [`Movement`]: its steps, its confinement, its region moves and its hop
/// restrictions; problems go to `errs`.
pub(super) fn compile_movements(
    spec: &RuleSpec,
    kinds: &mut [KindInfo],
    names: &[&str],
    regions: &[Region],
    errs: &mut Diagnostics,
) -> Vec<Movement> {
    let mut out = Vec::new();
    for (p, k) in spec.pieces.iter().zip(kinds) {
        let m = &p.movement;
        k.movement_notes = notes(&p.movement);
        let confine = m
            .confined
            .as_ref()
            .and_then(|t| region(t, regions, errs))
            .map(|r| r.squares.clone());
        let mut zoned = Vec::new();
        for rm in &m.region_moves {
            let from = region(&rm.region, regions, errs).map(|r| r.squares.clone());
            let within = rm
                .within
                .as_ref()
                .map(|t| region(t, regions, errs).map(|r| r.squares.clone()));
            let steps = match dsl::parse_betza(&rm.betza.value) {
                Ok(b) => b.steps(),
                Err(es) => {
                    for e in &es {
                        errs.push(dsl_diag(Code::CompileBetza, &rm.betza, e));
                    }
                    continue;
                }
            };
            if let (Some(from), Some(within)) = (from, within.unwrap_or(Some(Vec::new()))) {
                zoned.push(Zoned {
                    from,
                    within: (!within.is_empty()).then_some(within),
                    steps,
                });
            }
        }
        let mut movement = Movement {
            steps: k.steps.clone(),
            confine,
            zoned,
            ..Movement::default()
        };
        let mask = |list: &[Text], errs: &mut Diagnostics| {
            list.iter()
                .filter_map(|t| super::kind_named(t, names, errs))
                .fold(0u64, |m, k| m | 1 << k.0)
        };
        movement.limits.not_over = mask(&m.not_over, errs);
        movement.limits.not_capturing = mask(&m.not_capturing, errs);
        let restricted = m.not_over.first().or(m.not_capturing.first());
        if let Some(t) = restricted
            && !movement.hops()
        {
            errs.push(
                Diagnostic::new(
                    Code::CompileHops,
                    format!(
                        "`{}` has hop restrictions but no hopping move",
                        p.name.value
                    ),
                    Some(t.node.span.clone()),
                )
                .label("restricts a hop it does not have")
                .help("hop restrictions apply to `p` or `g` moves, e.g. `betza: pR`"),
            );
        }
        out.push(movement);
    }
    out
}

impl super::Variant {
    /// True if `seat` may capture en passant onto square `sq`: anywhere without an
    /// `en-passant-region` ([`crate::rules::multi_step`]), else on that region's squares in the
    /// seat's own frame. Read by the engine when a multi-step marks a square and by the FEN
    /// reader, which drops a field's square outside the side to move's region as
    /// Fairy-Stockfish's does.
    pub fn ep_region_allows(&self, seat: crate::vocab::Seat, sq: u8) -> bool {
        (self.rules.multi_step.as_ref())
            .and_then(|m| m.ep_region)
            .and_then(|r| self.regions.get(r as usize))
            .is_none_or(|r| {
                self.seats
                    .get(seat.index())
                    .is_none_or(|s| r.squares[s.orient as usize].contains(sq))
            })
    }
}
