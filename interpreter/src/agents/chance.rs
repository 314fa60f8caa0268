//! [`Rolls`]: the distinct rolls of a variant's dice for expectimax, with their weights.
//!
//! Faces that let the same kinds move are interchangeable for play (Chaturaji's 1 and 5 both
//! move a pawn or the king), so the faces are grouped into classes by the kinds they move and
//! one roll per multiset of classes is kept, weighted by how many ordered throws give it.

use crate::rules::dice::DiceRules;
use crate::vocab::MAX_DICE;

/// The rolls a chance node branches on: `(dice, weight)`; the weights sum to
/// [`total`](Rolls::total) (faces^count: every ordered throw counts once).
#[derive(Clone, Debug, Default)]
pub struct Rolls {
    /// One representative roll per class multiset, largest value first, with its weight.
    pub rolls: Vec<([u8; MAX_DICE], u64)>,
    /// The sum of the weights.
    pub total: u64,
}

impl Rolls {
    /// The distinct rolls of `dice`.
    pub fn new(dice: &DiceRules) -> Rolls {
        // Classes of faces by the kinds they move: (representative face, faces in the class).
        let mut classes: Vec<(u64, u8, u64)> = Vec::new();
        for &f in &dice.faces {
            let kinds = dice.kinds_for(f);
            match classes.iter_mut().find(|c| c.0 == kinds) {
                Some(c) => c.2 += 1,
                None => classes.push((kinds, f, 1)),
            }
        }
        let count = (dice.count as usize).min(MAX_DICE);
        let mut rolls = Vec::new();
        let mut pick = vec![0usize; count];
        enumerate(&classes, count, 0, 0, &mut pick, &mut rolls);
        let total = rolls.iter().map(|r| r.1).sum();
        Rolls { rolls, total }
    }
}

/// Appends every multiset of `count` classes (indices non-decreasing from `min`), weighted by
/// the ordered throws that give it.
fn enumerate(
    classes: &[(u64, u8, u64)],
    count: usize,
    at: usize,
    min: usize,
    pick: &mut Vec<usize>,
    out: &mut Vec<([u8; MAX_DICE], u64)>,
) {
    if at == count {
        let mut dice = [0u8; MAX_DICE];
        let mut weight = 1u64;
        for (slot, &c) in dice.iter_mut().zip(pick.iter()) {
            *slot = classes[c].1;
            weight *= classes[c].2;
        }
        // Orderings of the multiset: count! / Π (multiplicity!).
        let mut orderings = factorial(count);
        for run in pick.chunk_by(|a, b| a == b) {
            orderings /= factorial(run.len());
        }
        dice.sort_unstable_by(|a, b| b.cmp(a));
        out.push((dice, weight * orderings));
        return;
    }
    for c in min..classes.len() {
        pick[at] = c;
        enumerate(classes, count, at + 1, c, pick, out);
    }
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    #[test]
    fn chaturaji_dice_have_ten_classes_of_roll() {
        let v = load_variant("chaturaji", &Assignment::default()).unwrap();
        let r = Rolls::new(v.rules.dice.as_ref().unwrap());
        // Faces {1,5}, {2}, {3}, {4,6}: 4 classes, 10 unordered pairs, 36 ordered throws.
        assert_eq!(r.rolls.len(), 10);
        assert_eq!(r.total, 36);
        // A double of the pawn-or-king class: 2 × 2 throws (1-1, 1-5, 5-1, 5-5).
        assert!(r.rolls.contains(&([1, 1, 0, 0], 4)));
        // Boat and horse: 2-3 and 3-2.
        assert!(r.rolls.contains(&([3, 2, 0, 0], 2)));
        // Pawn-or-king and elephant: 2 × 2 faces, 2 orders.
        assert!(r.rolls.contains(&([4, 1, 0, 0], 8)));
    }
}
