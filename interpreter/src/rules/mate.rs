//! Mates that do not end the game (four-player chaturanga and shogi variants): a seat that is
//! due to move and has no legal move is mated and play goes on. Its royal pieces die (they stay
//! on the board as inert, ownerless obstacles), its hand goes to the mater (the seat that made
//! the last move), and its other pieces go to the mater, keeping their facing, or become
//! ownerless.
//!
//! ```yaml
//! mate: { pieces: to-mater }   # or ownerless
//! mate: { pieces: ownerless, when: at-once }        # four-player chess, free-for-all
//! mate: { pieces: ownerless, stalemate: ends }      # four-player chess, teams
//! ```
//!
//! Keys: `mate.pieces` (`to-mater` or `ownerless`, default `to-mater`); `mate.when` (`turn`
//! or `at-once`, default `turn`): with `at-once`, after every move each other live seat in
//! check with no legal move (judged as if it were due) is checkmated at once, in turn order
//! from the mover, with the mover as the mater — a move may mate several seats — and the turn
//! goes to the next live seat; a seat without a move that is not in check is still judged
//! when it is due; `mate.stalemate` (`out` or `ends`, default `out`): with `ends`, a seat due
//! with no legal move and not in check is not taken out: the game ends as `end.stalemate`
//! says (a draw by default). Refused with `dice`
//! ([`Mate::REFUSES`]). The engine (`engine/turns.rs`, `resolve_mates`) finds the seat due
//! with no legal move and calls [`Module::on_no_move`](super::Module::on_no_move); the last
//! live seat is never mated (its lack of a move ends the game as a checkmate or stalemate
//! would). The mates are the position's `Counters::mated`, `mates`, `mate_count`, `last_mate`
//! and `mated_at`; each counts as a `mates` event.

use super::compose::{self, Refusal, refuse};
use super::{Cx, Hooks, Host, Module, Names};
use crate::geometry::Square;
use crate::vocab::{Kind, NO_OWNER, Seat};
use crate::yaml::{Fields, Node, Reader};

/// `mate:` as written.
#[derive(Clone, Debug)]
pub struct MateSpec {
    /// The mated seat's pieces go to the mater (`to-mater`) or become ownerless.
    pub to_mater: bool,
    /// `when: at-once` (else `turn`).
    pub at_once: bool,
    /// `stalemate: ends` (else `out`).
    pub stalemate_ends: bool,
    /// The `mate:` node, for diagnostics.
    pub node: Node,
}

/// The compiled mate rule.
#[derive(Clone, Copy, Debug)]
pub struct Mate {
    /// The mated seat's pieces go to the mater (else they become ownerless).
    pub to_mater: bool,
    /// `when: at-once`: checkmates are judged after every move for every live seat.
    pub at_once: bool,
    /// `stalemate: ends`: a stalemated seat ends the game instead of going out.
    pub stalemate_ends: bool,
}

/// The switch `mate` (`mate`).
pub const MATE: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Mate);

impl Module for Mate {
    const NAME: &'static str = "mate";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: MATE,
        name: "mate",
        path: "mate",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["mate"];
    type Spec = MateSpec;
    const HOOKS: Hooks = Hooks {
        on_no_move: true,
        ..Hooks::NONE
    };

    const REFUSES: &'static [Refusal] = &[refuse(
        MATE,
        super::dice::DICE,
        "a seat without a usable die passes its turn, so it is never mated",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<MateSpec> {
        let n = f.opt("mate")?;
        let mut s = r.map(n, "mate: { pieces, when, stalemate }")?;
        let to_mater = s
            .opt("pieces")
            .and_then(|n| r.word(n, &["to-mater", "ownerless"], "`mate.pieces` choice"))
            != Some("ownerless");
        let at_once = s
            .opt("when")
            .and_then(|n| r.word(n, &["turn", "at-once"], "`mate.when` choice"))
            == Some("at-once");
        let stalemate_ends = s
            .opt("stalemate")
            .and_then(|n| r.word(n, &["out", "ends"], "`mate.stalemate` choice"))
            == Some("ends");
        s.finish(r, "mate", &["pieces", "when", "stalemate"]);
        Some(MateSpec {
            to_mater,
            at_once,
            stalemate_ends,
            node: n.clone(),
        })
    }

    fn compile(spec: &MateSpec, _: &mut Cx<'_>) -> Option<Mate> {
        Some(Mate {
            to_mater: spec.to_mater,
            at_once: spec.at_once,
            stalemate_ends: spec.stalemate_ends,
        })
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        let mut line = format!(
            "mate: a seat due to move with no legal move is mated; its royal pieces die, its hand goes to the mater, its pieces {}",
            if self.to_mater {
                "to the mater"
            } else {
                "stay ownerless"
            }
        );
        if self.at_once {
            line += "; a seat in check with no legal move is checkmated at once, after any \
                     seat's move (the mover is the mater)";
        }
        if self.stalemate_ends {
            line += "; a seat due with no legal move and not in check is not mated: the game \
                     ends as a stalemate";
        }
        vec![line]
    }

    const EVENTS: &'static [&'static str] = &["mates"];

    /// Mates `seat` with `mater` as the mater; play goes on.
    fn on_no_move<H: Host>(&self, h: &mut H, seat: Seat, mater: Seat) -> bool {
        if self.stalemate_ends && !h.in_check(seat) {
            return false;
        }
        for sq in h.royals(seat).iter().map(Square) {
            let p = h.piece(sq);
            h.edit(sq, p.with_owner(Seat(NO_OWNER)).killed());
        }
        let owner = if self.to_mater { mater } else { Seat(NO_OWNER) };
        for sq in h.occupancy(seat).iter().map(Square) {
            let p = h.piece(sq);
            h.edit(sq, p.with_owner(owner));
        }
        for k in 0..h.kinds() {
            let kind = Kind(k as u8);
            let n = h.hand(seat, kind);
            if n > 0 {
                let m = h.hand(mater, kind);
                h.set_hand(mater, kind, m.saturating_add(n));
                h.set_hand(seat, kind, 0);
            }
        }
        let c = h.counters_mut();
        c.mated.insert(seat);
        c.mate_count = c.mate_count.saturating_add(1);
        c.mates[mater.index()] = c.mates[mater.index()].saturating_add(1);
        c.last_mate[mater.index()] = c.mate_count;
        c.mated_at[seat.index()] = c.mate_count;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `yaml` (a top-level mapping) with the mate schema: (to_mater, problems).
    fn read(yaml: &str) -> (Option<bool>, usize) {
        let (spec, errors) = crate::rules::read_with::<Mate>(yaml);
        (spec.map(|s| s.to_mater), errors.len())
    }

    #[test]
    fn pieces_go_to_the_mater_by_default() {
        assert_eq!(read("mate: {}\n"), (Some(true), 0));
        assert_eq!(read("mate: { pieces: to-mater }\n"), (Some(true), 0));
        assert_eq!(read("mate: { pieces: ownerless }\n"), (Some(false), 0));
        assert_eq!(read("name: x\n"), (None, 0));
    }

    #[test]
    fn a_wrong_word_and_an_unknown_key_are_errors() {
        assert_eq!(read("mate: { pieces: mater, piece: x }\n").1, 2);
        assert_eq!(read("mate: { when: now, stalemate: draw }\n").1, 2);
    }

    #[test]
    fn when_and_stalemate_default_to_the_seats_turn_and_out() {
        let spec = crate::rules::read_with::<Mate>("mate: {}\n").0.unwrap();
        assert!(!spec.at_once && !spec.stalemate_ends);
        let yaml = "mate: { when: at-once, stalemate: ends }\n";
        let spec = crate::rules::read_with::<Mate>(yaml).0.unwrap();
        assert!(spec.at_once && spec.stalemate_ends);
    }
}
