//! Compiled dice rules: which kinds each face moves, and every distinct roll for perft.

use crate::diag::{Code, Diagnostics};
use crate::spec::DiceSpec;
use crate::vocab::MAX_DICE;
use crate::yaml::unknown_name;

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

/// Compiles `dice:`; unknown kinds are reported into `errs`.
pub fn compile_dice(d: &DiceSpec, kinds: &[&str], errs: &mut Diagnostics) -> Option<DiceRules> {
    let mut faces: Vec<u8> = d.faces.iter().map(|f| f.0).collect();
    faces.sort_unstable();
    faces.dedup();
    if faces.is_empty() {
        errs.push(
            crate::diag::Diagnostic::new(
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
            match kinds.iter().position(|k| *k == t.value) {
                Some(i) => masks[*face as usize] |= 1 << i,
                None => errs.push(unknown_name(
                    &t.node.span,
                    "piece",
                    &t.value,
                    kinds.iter().copied(),
                )),
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
