//! Stable integer ids of actions, dense per variant (for OpenSpiel and PettingZoo action
//! spaces).
//!
//! With `S` squares, `K` kinds and `D` = (largest die face + 1) in dice variants (1 without
//! dice), and `promo` = 0 for none or promoted kind + 1:
//! - a board move: `((from * S + to) * (K + 1) + promo) * D + die`;
//! - a drop of `kind` on `to`: `MOVES + ((to * K + kind) * (K + 1) + promo) * D + die`, with
//!   `MOVES = S * S * (K + 1) * D`;
//! - `pass`: `MOVES + DROPS` with `DROPS = S * K * (K + 1) * D`; `resign`: the next id;
//! - a roll: `MOVES + DROPS + 2 + i`, `i` its index among the variant's distinct unordered
//!   rolls (`Variant.dice` outcomes, ascending).
//!
//! The id depends only on the action and the variant (never on generation order), so it is
//! stable across runs and versions that keep the variant's board and kinds.

use ashtapada::vocab::{Action, Kind};
use ashtapada::{Square, Variant};

/// The id arithmetic of one variant.
#[derive(Clone, Copy, Debug)]
pub struct Codec {
    squares: u64,
    kinds: u64,
    dice: u64,
    rolls: u64,
}

impl Codec {
    /// The codec of `v`.
    pub fn of(v: &Variant) -> Codec {
        let (dice, rolls) = v.rules.dice.as_ref().map_or((1, 0), |d| {
            (
                d.faces.iter().copied().max().unwrap_or(0) as u64 + 1,
                d.outcomes.len() as u64,
            )
        });
        Codec {
            squares: v.board.len() as u64,
            kinds: v.kinds.len() as u64,
            dice,
            rolls,
        }
    }

    fn moves(&self) -> u64 {
        self.squares * self.squares * (self.kinds + 1) * self.dice
    }

    fn drops(&self) -> u64 {
        self.squares * self.kinds * (self.kinds + 1) * self.dice
    }

    fn pass(&self) -> u64 {
        self.moves() + self.drops()
    }

    /// The first roll's id.
    pub fn roll_base(&self) -> u64 {
        self.pass() + 2
    }

    /// The number of ids.
    pub fn total(&self) -> u64 {
        self.roll_base() + self.rolls
    }

    /// The id of `a` in `v` (whose codec this is).
    pub fn id(&self, v: &Variant, a: Action) -> u64 {
        let promo = |k: Option<Kind>| k.map_or(0, |k| k.0 as u64 + 1);
        let sq = |s: Square| s.0 as u64;
        match a {
            Action::Move(m) => match m.dropped() {
                None => {
                    ((sq(m.from) * self.squares + sq(m.to)) * (self.kinds + 1)
                        + promo(m.promotes_to()))
                        * self.dice
                        + m.die as u64
                }
                Some(kind) => {
                    self.moves()
                        + ((sq(m.to) * self.kinds + kind.0 as u64) * (self.kinds + 1)
                            + promo(m.drop_face()))
                            * self.dice
                        + m.die as u64
                }
            },
            Action::Pass => self.pass(),
            Action::Resign => self.pass() + 1,
            Action::Roll(r) => {
                let i = v
                    .rules
                    .dice
                    .as_ref()
                    .and_then(|d| d.outcomes.iter().position(|o| *o == r))
                    .unwrap_or(0);
                self.roll_base() + i as u64
            }
        }
    }
}
