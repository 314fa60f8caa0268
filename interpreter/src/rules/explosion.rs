//! Explosions on capture (atomic chess, Fairy-Stockfish's `blastOnCapture`): every capture
//! ends in a blast that takes the capturing piece and every piece on the eight squares around
//! the capture square off the board, of whatever seat, except the kinds the blast spares
//! around it (atomic's pawns) and the kinds no blast removes at all (atomar's king).
//!
//! ```yaml
//! explosions: { spares: [pawn] }                 # atomic, nocheckatomic
//! explosions: { spares: [pawn], immune: [king], mutually-immune: [king] } # atomar
//! ```
//!
//! Keys: `explosions.spares` (piece names, default none: the kinds the blast leaves standing
//! on the squares around the capture square; a capturing piece of such a kind still explodes)
//! and `explosions.immune` (piece names, default none: kinds no blast removes, the capturer
//! included), `explosions.mutually-immune` (piece names, default none: a piece of such a kind
//! may not capture a piece of the same kind — atomar's kings, Fairy-Stockfish's
//! `mutuallyImmuneTypes`). The module is on when `explosions:` is a mapping. The blast removes pieces
//! without capturing them: they go to no hand and score nothing; a piece blown off its start
//! square loses its first-move right (castling, as Fairy-Stockfish drops the castling right).
//!
//! With royal pieces (atomic), as Fairy-Stockfish's `extinctionPseudoRoyal` with
//! `blastOnCapture` judges it: a move whose blast would take one of the mover's own royal
//! pieces is illegal (so a royal piece never captures); a move whose blast takes an opponent's
//! royal piece is legal whatever it leaves attacked; otherwise no royal piece of the mover may
//! stand attacked after the blast, except one touching (one square away from) an opponent's
//! royal piece, which no piece can capture without blowing up its own royal neighbour — so two
//! touching kings give no check. The game's end when a royal piece is blown up is the rule
//! file's (`end: conditions`, `count(opponent, king) == 0`).
//!
//! The hot path stays in the engine (`engine/blast.rs`): the blast after a capture, the
//! legality test through the blast and the check test with touching royals, read from this
//! module's compiled masks. Refused with dice, hands that keep captured pieces, teams,
//! last-royal, facing and bikjang ([`Explosions::REFUSES`]).

use super::compose::{self, Refusal, refuse};
use super::{Cx, Module, Names};
use crate::vocab::Kind;
use crate::yaml::{Fields, Node, Reader, Text, Value};

/// `explosions:` as written.
#[derive(Clone, Debug, Default)]
pub struct ExplosionsSpec {
    /// `spares:`: kinds the blast leaves standing around the capture square.
    pub spares: Vec<Text>,
    /// `immune:`: kinds no blast removes.
    pub immune: Vec<Text>,
    /// `mutually-immune:`: kinds that may not capture their own kind.
    pub mutual: Vec<Text>,
}

/// The compiled explosions rule.
#[derive(Clone, Copy, Debug)]
pub struct Explosions {
    /// Bit mask (bit = kind index) of the kinds the blast spares around the capture square.
    pub spares: u64,
    /// Bit mask of the kinds no blast removes, the capturer included.
    pub immune: u64,
    /// Bit mask of the kinds that may not capture a piece of their own kind.
    pub mutual: u64,
}

impl Explosions {
    /// True if the blast of a capture removes a piece of `kind` standing on a square around
    /// the capture square (`centre` false) or on the capture square itself (the capturer,
    /// `centre` true).
    #[inline]
    pub fn removes(&self, kind: Kind, centre: bool) -> bool {
        let bit = 1u64 << kind.0;
        self.immune & bit == 0 && (centre || self.spares & bit == 0)
    }
}

/// The switch `explosions` (`explosions`).
pub const EXPLOSIONS: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Explosions);

/// True if `n` is a mapping: `explosions: {}` switches the module on (every kind explodes).
fn is_map(n: &Node) -> bool {
    matches!(n.value, Value::Map(_))
}

impl Module for Explosions {
    const NAME: &'static str = "explosions";
    const KEYS: &'static [&'static str] = &["explosions"];
    type Spec = ExplosionsSpec;
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: EXPLOSIONS,
        name: "explosions",
        path: "explosions",
        on: compose::On::Test(is_map),
    }];
    const REFUSES: &'static [Refusal] = &[
        refuse(
            EXPLOSIONS,
            super::dice::DICE,
            "a dice turn's later dice would move pieces a blast has already taken; which of \
             them stay usable is not defined",
        ),
        refuse(
            EXPLOSIONS,
            super::hands::HANDS,
            "which blown-up pieces would go to which hand is not defined (the blast captures \
             nothing)",
        ),
        refuse(
            EXPLOSIONS,
            super::teams::TEAMS,
            "a blast would take partners' pieces, which partners may never capture",
        ),
        refuse(
            EXPLOSIONS,
            super::last_royal::LAST_ROYAL,
            "which pieces are royal after a blast takes some of them is not defined",
        ),
        refuse(
            EXPLOSIONS,
            super::facing::FACING,
            "the legality test through a blast judges attacks only, not royal pieces facing \
             each other",
        ),
        refuse(
            EXPLOSIONS,
            super::bikjang::BIKJANG,
            "the legality test through a blast judges attacks only, not royal pieces facing \
             each other",
        ),
    ];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<ExplosionsSpec> {
        let mut s = r.map(f.opt("explosions")?, "explosions: { spares, immune }")?;
        let spares = s
            .opt("spares")
            .map(|n| super::piece_names(r, n))
            .unwrap_or_default();
        let immune = s
            .opt("immune")
            .map(|n| super::piece_names(r, n))
            .unwrap_or_default();
        let mutual = s
            .opt("mutually-immune")
            .map(|n| super::piece_names(r, n))
            .unwrap_or_default();
        s.finish(r, "explosions", &["spares", "immune", "mutually-immune"]);
        Some(ExplosionsSpec {
            spares,
            immune,
            mutual,
        })
    }

    fn compile(spec: &ExplosionsSpec, cx: &mut Cx<'_>) -> Option<Explosions> {
        let mut mask = |names: &[Text]| {
            names
                .iter()
                .filter_map(|t| cx.kind(t))
                .fold(0u64, |m, k| m | 1 << k.0)
        };
        let spares = mask(&spec.spares);
        let immune = mask(&spec.immune);
        let mutual = mask(&spec.mutual);
        Some(Explosions {
            spares,
            immune,
            mutual,
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let list = |mask: u64| {
            (0..names.kinds.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| names.kind(Kind(i as u8)).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut line = "explosions: a capture blows up the capturer and every piece on the eight \
                        squares around the capture square"
            .to_string();
        if self.spares != 0 {
            line += &format!(" except {}", list(self.spares));
        }
        if self.immune != 0 {
            line += &format!("; no blast removes {}", list(self.immune));
        }
        if self.mutual != 0 {
            line += &format!("; no {} captures its own kind", list(self.mutual));
        }
        line += "; where pieces are royal, a move may not blow up its own royal piece, and a \
                 royal piece touching an opponent's royal piece is not in check";
        vec![line]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> (Option<ExplosionsSpec>, Vec<String>) {
        crate::rules::read_with::<Explosions>(yaml)
    }

    #[test]
    fn keys_have_their_defaults() {
        let (spec, errors) = read("explosions: {}\n");
        let spec = spec.unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        assert!(spec.spares.is_empty() && spec.immune.is_empty());
        let (spec, _) = read("explosions: { spares: [pawn], immune: [king] }\n");
        let spec = spec.unwrap();
        assert_eq!(spec.spares[0].value, "pawn");
        assert_eq!(spec.immune[0].value, "king");
        assert!(read("name: x\n").0.is_none());
    }

    #[test]
    fn an_unknown_key_and_a_wrong_value_are_errors() {
        let (_, errors) = read("explosions: { spare: [pawn] }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        let (spec, errors) = read("explosions: true\n");
        assert!(spec.is_none());
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn the_capturer_explodes_unless_immune() {
        let e = Explosions {
            spares: 1 << 1,
            immune: 1 << 2,
            mutual: 0,
        };
        assert!(e.removes(Kind(0), false) && e.removes(Kind(0), true));
        assert!(!e.removes(Kind(1), false) && e.removes(Kind(1), true));
        assert!(!e.removes(Kind(2), false) && !e.removes(Kind(2), true));
    }
}
