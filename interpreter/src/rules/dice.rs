//! Dice turns (Chaturaji's dice): a turn is a roll of `count` dice; each die allows one move
//! of a kind its face names; the turn ends when no remaining die is usable, or early by `pass`
//! where `usage: optional` allows it. Seats with no pieces are skipped.
//!
//! ```yaml
//! dice: { count: 2, faces: { 1: [pawn, king], 2: boat, 3: horse, 4: elephant }, usage: optional }
//! ```
//!
//! Keys: `count` (1 to [`MAX_DICE`], required), `faces` (face value 1–64 → the kinds a die
//! showing it may move, required; `~` or `[]`: it moves nothing) and `usage` (`optional` or
//! `mandatory`, default `optional`). Dice are refused with royal pieces, checkmate, stalemate,
//! the check interrupt, mates, perpetual check, hands, drop rules and repetition (each of those
//! modules declares its row; `docs/modules.md`).
//!
//! The turn machinery — the roll (a chance event recorded in the position), using a die, the
//! pass, the end of the turn — and the generation of die-tagged moves (`die_moves`, on the hot
//! path) are the engine's (`engine/dice.rs`, and the dice branch of `engine/play.rs`), run when
//! this module is on; [`DiceRules::check_roll`] is the roll's validation. The events are
//! `rolls`, `dead-rolls` (rolls that left no usable die) and `passes`; the position string
//! writes the dice left in its *dice* field.

use super::compose;
use super::{Cx, Module, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::MAX_DICE;
use crate::yaml::{Fields, Node, Reader, Text};
use std::fmt;

/// Dice rules (`dice:`).
#[derive(Clone, Debug)]
pub struct DiceSpec {
    /// Dice rolled at the start of each turn (`count:`), 1 to 4.
    pub count: u8,
    /// Face value → the kinds a die showing it may move (`faces:`). A face listed with no
    /// kinds (`~` or `[]`) can be rolled but moves nothing.
    pub faces: Vec<(u8, Vec<Text>, Node)>,
    /// `usage: mandatory`: a seat may not end its turn while a remaining die is usable.
    /// Default `optional`.
    pub mandatory: bool,
    /// The node, for spans.
    pub node: Node,
}

/// Reads `dice: { count, faces, usage }`.
fn read_dice(r: &mut Reader, node: &Node) -> Option<DiceSpec> {
    let mut f = r.map(node, "the dice: { count, faces, usage }")?;
    let count = f
        .req(r, "count", "how many dice are rolled")
        .and_then(|n| r.int(n, 1, crate::vocab::MAX_DICE as i64, "the number of dice"));
    let mut faces = Vec::new();
    if let Some(fnode) = f.req(r, "faces", "face value → piece kinds")
        && let Some(mut ff) = r.map(fnode, "face value → piece kinds")
    {
        for (k, v) in ff.rest() {
            let value = match k.name.parse::<u8>() {
                Ok(x) if (1..=64).contains(&x) => x,
                _ => {
                    r.error(
                        crate::diag::Diagnostic::new(
                            crate::diag::Code::SpecDieFace,
                            format!("`{}` is not a die face", k.name),
                            Some(k.span.clone()),
                        )
                        .label("expected a face value from 1 to 64")
                        .help("write faces as numbers, e.g. `faces: { 1: [pawn, king], 2: boat }`"),
                    );
                    continue;
                }
            };
            let kinds = r
                .list(v)
                .into_iter()
                .filter_map(|n| {
                    r.string(n, "a piece name").map(|value| Text {
                        value,
                        node: n.clone(),
                    })
                })
                .collect();
            faces.push((value, kinds, v.clone()));
        }
    }
    let mandatory = f
        .opt("usage")
        .and_then(|n| r.word(n, &["optional", "mandatory"], "dice usage"))
        .is_some_and(|w| w == "mandatory");
    f.finish(r, "dice", &["count", "faces", "usage"]);
    Some(DiceSpec {
        count: count? as u8,
        faces,
        mandatory,
        node: node.clone(),
    })
}

/// Dice rules of a compiled variant.
#[derive(Clone, Debug)]
pub struct DiceRules {
    /// Dice rolled per turn.
    pub count: u8,
    /// The face values a die can show, ascending; each equally likely.
    pub faces: Vec<u8>,
    /// `kinds[face]`: bit mask of the kinds a die showing `face` may move.
    pub kinds: Vec<u64>,
    /// A seat may not end its turn while a remaining die is usable.
    pub mandatory: bool,
    /// Every distinct unordered roll (largest value first), in ascending order: 21 for two
    /// six-sided dice. Perft gives a roll node one child per entry.
    pub outcomes: Vec<[u8; MAX_DICE]>,
}

impl DiceRules {
    /// The kinds a die showing `face` may move, as a bit mask.
    #[inline]
    pub fn kinds_for(&self, face: u8) -> u64 {
        self.kinds.get(face as usize).copied().unwrap_or(0)
    }
}

/// Every multiset of `count` values from `faces`, largest value first in each.
fn outcomes(faces: &[u8], count: usize) -> Vec<[u8; MAX_DICE]> {
    let mut out = Vec::new();
    let mut cur = [0u8; MAX_DICE];
    fn rec(
        faces: &[u8],
        count: usize,
        at: usize,
        min: usize,
        cur: &mut [u8; MAX_DICE],
        out: &mut Vec<[u8; MAX_DICE]>,
    ) {
        if at == count {
            let mut d = *cur;
            d[..count].sort_unstable_by(|a, b| b.cmp(a));
            out.push(d);
            return;
        }
        for i in min..faces.len() {
            cur[at] = faces[i];
            rec(faces, count, at + 1, i, cur, out);
        }
    }
    rec(faces, count, 0, 0, &mut cur, &mut out);
    out
}

/// Why a roll was refused (`engine::PlayError::BadRoll`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RollError {
    /// The variant has no dice.
    NoDice,
    /// The dice of this turn are already rolled.
    NotDue,
    /// A die value of 0 (before the trailing zeros that pad an `Action::Roll`).
    Zero,
    /// The wrong number of values: the variant rolls `count` dice.
    Count {
        /// How many dice the variant rolls.
        count: u8,
        /// How many values were given.
        given: usize,
    },
    /// A value no die shows.
    Face {
        /// The faces of the dice, ascending.
        faces: Vec<u8>,
        /// The value given.
        value: u8,
    },
}

impl fmt::Display for RollError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RollError::NoDice => f.write_str("this variant has no dice"),
            RollError::NotDue => {
                f.write_str("no roll is due: the dice of this turn are already rolled")
            }
            RollError::Zero => f.write_str("a die cannot show 0"),
            RollError::Count { count, given } => write!(f, "{count} dice are rolled, not {given}"),
            RollError::Face { faces, value } => {
                write!(f, "a die shows one of {faces:?}, not {value}")
            }
        }
    }
}

impl DiceRules {
    /// Checks a roll's values (any order; an `Action::Roll`'s trailing zeros are padding):
    /// the values used, or why they cannot be a roll of these dice.
    pub fn check_roll(&self, values: &[u8]) -> Result<Vec<u8>, RollError> {
        let used = values.len() - values.iter().rev().take_while(|&&v| v == 0).count();
        let values = &values[..used];
        if values.contains(&0) {
            return Err(RollError::Zero);
        }
        if values.len() != self.count as usize {
            return Err(RollError::Count {
                count: self.count,
                given: values.len(),
            });
        }
        if let Some(v) = values.iter().find(|v| !self.faces.contains(v)) {
            return Err(RollError::Face {
                faces: self.faces.clone(),
                value: *v,
            });
        }
        Ok(values.to_vec())
    }
}

/// The switch `dice` (`dice`).
pub const DICE: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Dice);

impl Module for DiceRules {
    const NAME: &'static str = "dice";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: DICE,
        name: "dice",
        path: "dice",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["dice"];
    type Spec = DiceSpec;

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<DiceSpec> {
        read_dice(r, f.opt("dice")?)
    }

    /// Compiles `dice:`; unknown kinds are reported at their names.
    fn compile(d: &DiceSpec, cx: &mut Cx<'_>) -> Option<DiceRules> {
        let mut faces: Vec<u8> = d.faces.iter().map(|f| f.0).collect();
        faces.sort_unstable();
        faces.dedup();
        if faces.is_empty() {
            cx.errs.push(
                Diagnostic::new(
                    Code::CompileDice,
                    "the dice have no faces",
                    Some(d.node.span.clone()),
                )
                .help("list the faces: `faces: { 1: pawn, 2: boat }`"),
            );
            return None;
        }
        let mut masks = vec![0u64; *faces.last().unwrap_or(&0) as usize + 1];
        for (face, names, _) in &d.faces {
            for t in names {
                if let Some(k) = cx.kind(t) {
                    masks[*face as usize] |= 1 << k.0;
                }
            }
        }
        Some(DiceRules {
            count: d.count,
            outcomes: outcomes(&faces, d.count as usize),
            faces,
            kinds: masks,
            mandatory: d.mandatory,
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let mut out = vec![format!(
            "dice: {} per turn, faces {:?}, {} distinct rolls",
            self.count,
            self.faces,
            self.outcomes.len()
        )];
        for &f in &self.faces {
            let kinds: Vec<&str> = (0..names.kinds.len())
                .filter(|&k| self.kinds_for(f) >> k & 1 == 1)
                .map(|k| names.kinds[k])
                .collect();
            out.push(format!(
                "  {f}: {}",
                if kinds.is_empty() {
                    "nothing".to_string()
                } else {
                    kinds.join(" or ")
                }
            ));
        }
        out.push(format!(
            "  usage: {}",
            if self.mandatory {
                "mandatory (no pass while a die is usable)"
            } else {
                "optional (pass allowed)"
            }
        ));
        out
    }

    /// Rolls, rolls that left no usable die, and turns ended early by `pass`.
    const EVENTS: &'static [&'static str] = &["rolls", "dead-rolls", "passes"];
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_unordered_rolls() {
        assert_eq!(outcomes(&[1, 2, 3, 4, 5, 6], 2).len(), 21);
        assert_eq!(outcomes(&[2, 3, 4, 5], 2).len(), 10);
        assert_eq!(outcomes(&[1, 2, 3, 4, 5, 6], 1).len(), 6);
        assert_eq!(
            outcomes(&[1, 2], 2),
            vec![[1, 1, 0, 0], [2, 1, 0, 0], [2, 2, 0, 0]]
        );
    }
}
