//! Move repetition (Fairy-Stockfish's `moveRepetitionIllegal`, modern janggi's rule against
//! moving one piece back and forth): a seat whose last moves took one piece back and forth
//! between two squares `count` times loses at once.
//!
//! ```yaml
//! end:
//!   move-repetition: { count: 4, result: loss, pieces: [horse, elephant, rook, cannon, soldier] }
//! ```
//!
//! Keys, inside `end.move-repetition`: `count` (2 to 100, default 4: Fairy-Stockfish's fixed
//! number), `result` (a result word for the seat that made the last move, default `loss`) and
//! `pieces` (the kinds whose moves count, default every kind; an unknown name is a located
//! error). Two seats only, without dice (a located error otherwise).
//!
//! **When it ends the game**, after a move of seat X, exactly as Fairy-Stockfish's
//! `Position::is_optional_game_end` judges it (src/position.cpp, the "Janggi repetition rule"
//! inside its n-fold loop), with `count` for its 4. Counting X's own plies back from the move
//! just made, M₀ (X's plies are every other ply of the game):
//! - M₀ is a plain board move (no promotion, drop, gating or wall) of a piece of a `pieces`
//!   kind, a→b;
//! - X's previous ply M₁ is its reverse b→a, or a pass — then M₂ must be b→a and the pass is
//!   only a wait between the last two moves;
//! - going on back, each of X's moves is the reverse of the one after it, until `count` moves
//!   back and forth (the pass not counted): M₀ … M₃ for 4;
//! - the ply before those, Mₖ, brought the piece to the square the oldest back-and-forth move
//!   leaves (b) and captured nothing — the piece arrived there quietly;
//! - X was in check before none of these plies, the arrival included (before the arrival only
//!   when a ply of the window precedes it);
//! - every one of these plies, and every ply of the other seat between them, is reversible:
//!   the window reaches back no further than the move rule's count (the last capture, drop
//!   or `reset-by` move) and the position the game was loaded from.
//!
//! Then the game is over at once (end reason `move-repetition`), with `result` for X. Four
//! moves back and forth, each seat shuffling one piece from the start: X's fifth move loses
//! (the first brought the piece, the next four went back and forth). The other seat's moves
//! do not matter. It is judged after the move, before mate (as Fairy-Stockfish's game end
//! comes before its mate test), but not when the move rule's count is reached by the same
//! move (Fairy-Stockfish's n-move rule is judged first). Perft ignores it, as
//! Fairy-Stockfish's does; a perft needs nine plies of history below its root to meet it.
//!
//! Castling and en passant count as plain board moves here (Fairy-Stockfish's do not); no
//! variant mixes them with this rule. Fairy-Stockfish also lets the root's empty move stand
//! for an arrival on a1; that quirk is not copied.
//!
//! The module marks after each ply whether it gave check ([`Host::mark_gave_check`]), and
//! reads the history through [`Host::ply_back`] and [`Host::checked_before`].

use super::compose::{self, Need, Refusal, need, refuse};
use super::{Cx, Hooks, Host, Module, Moved, Names, Ranks, result, result_words};
use crate::vocab::{Action, EndReason, Kind, Move, Outcome, ResultKind, Seat};
use crate::yaml::{Fields, Node, Reader, Text};

/// The keys this module reads inside `end.move-repetition`.
pub const KEYS: [&str; 3] = ["count", "result", "pieces"];

/// `end.move-repetition` as written.
#[derive(Clone, Debug)]
pub struct MoveRepetitionSpec {
    /// Moves back and forth that end the game.
    pub count: u32,
    /// The result for the seat that made them.
    pub result: ResultKind,
    /// The kinds whose moves count (`None`: every kind).
    pub pieces: Option<Vec<Text>>,
    /// The mapping, for located errors.
    pub node: Node,
}

/// The compiled rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRepetition {
    /// Moves back and forth that end the game (Fairy-Stockfish: 4).
    pub count: u32,
    /// The result for the seat that made them.
    pub result: ResultKind,
    /// Bit mask (bit = kind index) of the kinds whose moves count.
    pub kinds: u64,
}

/// The end reason: a seat moved one piece back and forth `count` times.
pub const REASON: EndReason = super::ModuleId::MoveRepetition.reason(0);

/// The switch `move-repetition` (`end.move-repetition`).
pub const MOVE_REPETITION: compose::SwitchId =
    compose::SwitchId::of(super::ModuleId::MoveRepetition);

/// The mask of `n` kinds (bit = kind index).
fn every_kind(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// One of the mover's plies as the rule compares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A plain board move, from and to.
    Plain(u8, u8),
    /// A pass.
    Pass,
    /// Any other action.
    Other,
}

/// How a ply of the history reads for the rule.
fn step(a: Action) -> Step {
    match a {
        Action::Move(m) if is_plain(m) => Step::Plain(m.from.0, m.to.0),
        Action::Pass => Step::Pass,
        _ => Step::Other,
    }
}

/// True for a plain board move: no drop, promotion, gating or wall (Fairy-Stockfish's
/// `NORMAL` move type).
fn is_plain(m: Move) -> bool {
    !m.is_drop() && m.promotes_to().is_none() && m.gate().is_none() && m.wall().is_none()
}

/// The reverse of a plain move (none for anything else).
fn reverse(s: Step) -> Option<Step> {
    match s {
        Step::Plain(f, t) => Some(Step::Plain(t, f)),
        _ => None,
    }
}

impl MoveRepetition {
    /// True if the ply just played (the last of `h`'s history) ends the game by this rule;
    /// `window`: how far back the reversible history reaches (plies).
    pub fn fires<H: Host>(&self, h: &H, window: usize) -> bool {
        let ply = |back: usize| h.ply_back(back).map_or(Step::Other, |p| step(p.action));
        let last = ply(0);
        if window < 4 || !matches!(last, Step::Plain(..)) || h.checked_before(0) {
            return false;
        }
        if h.checked_before(2) {
            return false;
        }
        // Fairy-Stockfish's `moveRepetition`: moves back and forth found so far (a pass just
        // before the last move counts one and stands for it).
        let mut found = if Some(ply(2)) == reverse(last) {
            2
        } else if ply(2) == Step::Pass {
            1
        } else {
            return false;
        };
        let mut i = 4;
        while i <= window {
            if i < window && h.checked_before(i) {
                return false;
            }
            if found < self.count {
                let after = if found == 1 { last } else { ply(i - 2) };
                if Some(ply(i)) != reverse(after) {
                    return false;
                }
                found += 1;
            } else {
                let arrival = h.ply_back(i);
                let left = match ply(i - 2) {
                    Step::Plain(f, _) => Some(f),
                    _ => None,
                };
                return arrival.is_some_and(|p| {
                    !p.captured && matches!(p.action, Action::Move(m) if Some(m.to.0) == left)
                });
            }
            i += 2;
        }
        false
    }
}

impl Module for MoveRepetition {
    const NAME: &'static str = "move-repetition";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: MOVE_REPETITION,
        name: "move-repetition",
        path: "end.move-repetition",
        on: compose::On::NonEmpty,
    }];
    /// Its keys are in `end.move-repetition` ([`KEYS`]).
    const KEYS: &'static [&'static str] = &[];
    type Spec = MoveRepetitionSpec;
    const HOOKS: Hooks = Hooks {
        after_move: true,
        after_turn: true,
        ..Hooks::NONE
    };
    const END_REASONS: &'static [&'static str] = &["move-repetition"];

    const REFUSES: &'static [Refusal] = &[refuse(
        MOVE_REPETITION,
        super::dice::DICE,
        "a dice turn decides which piece may move, so moving back and forth is not a choice; \
         end a quiet dice game with a condition (`rounds_without_capture`) instead",
    )];

    const NEEDS: &'static [Need] = &[need(
        MOVE_REPETITION,
        super::royal::ROYAL,
        "the rule is void while its seat is in check, which needs a royal kind",
    )];

    /// The spec is read from `end.move-repetition` ([`read_end`](Module::read_end)).
    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<MoveRepetitionSpec> {
        None
    }

    const END_KEYS: &'static [&'static str] = &["move-repetition"];

    fn read_end(
        r: &mut Reader,
        f: &mut Fields<'_>,
        ranks: Ranks,
        spec: &mut Option<MoveRepetitionSpec>,
    ) {
        let Some(n) = f.opt("move-repetition") else {
            return;
        };
        let Some(mut m) = r.map(n, "{ count, result, pieces }") else {
            return;
        };
        let count = m
            .opt("count")
            .map(|c| r.int(c, 2, 100, "the number of moves back and forth"));
        let res = m
            .opt("result")
            .and_then(|c| result(r, c, ranks))
            .unwrap_or(ResultKind::Loss);
        let pieces = m.opt("pieces").map(|p| super::piece_names(r, p));
        m.finish(r, "`end.move-repetition`", &KEYS);
        // A bad count is reported; the rest is still read and compiled (its piece names
        // checked), with Fairy-Stockfish's 4 in its place.
        let count = count.flatten().map_or(4, |c| c as u32);
        *spec = Some(MoveRepetitionSpec {
            count,
            result: res,
            pieces,
            node: n.clone(),
        });
    }

    fn compile(spec: &MoveRepetitionSpec, cx: &mut Cx<'_>) -> Option<MoveRepetition> {
        if cx.seats.len() != 2 {
            cx.errs.push(
                crate::diag::Diagnostic::new(
                    crate::diag::Code::CompileRefusedPair,
                    "`end.move-repetition` is defined for two seats; this file has another number",
                    Some(spec.node.span.clone()),
                )
                .label("two seats only")
                .help(
                    "the rule reads the other seat's moves as checks on the mover; remove it \
                     or give the file two seats",
                ),
            );
            return None;
        }
        let kinds = match &spec.pieces {
            None => every_kind(cx.kinds.len()),
            Some(list) => list
                .iter()
                .filter_map(|t| cx.kind(t))
                .fold(0, |m, k| m | 1 << k.0),
        };
        Some(MoveRepetition {
            count: spec.count,
            result: spec.result,
            kinds,
        })
    }

    fn explain_end(&self, names: &Names<'_>, _all: &super::Modules) -> Vec<String> {
        let every = every_kind(names.kinds.len());
        let pieces = if self.kinds & every == every {
            "a piece".to_string()
        } else {
            let list: Vec<&str> = (0..names.kinds.len() as u8)
                .filter(|&k| self.kinds >> k & 1 == 1)
                .map(|k| names.kind(Kind(k)))
                .collect();
            match list.split_last() {
                Some((last, [])) => format!("{} {last}", super::article(last)),
                Some((last, rest)) => {
                    format!("{} {} or {last}", super::article(rest[0]), rest.join(", "))
                }
                None => "no piece".to_string(),
            }
        };
        vec![format!(
            "move repetition: {} when it has moved {pieces} back and forth between two squares \
             {} times in a row (after a quiet move onto the first; a pass may stand before the \
             last), not in check before any of them, with no capture or irreversible move \
             between",
            result_words(self.result, "the last mover"),
            self.count
        )]
    }

    /// Marks whether the ply just played by `mover` gives check (the next ply's mover was in
    /// check before it: [`Host::checked_before`]).
    #[inline]
    fn after_turn<H: Host>(&self, h: &mut H, mover: Seat) {
        let gave = super::perpetual_check::PerpetualCheck::gives_check(h, mover);
        h.mark_gave_check(gave);
    }

    /// Ends the game when the move just made completes the back and forth.
    fn after_move<H: Host>(&self, h: &mut H, mv: &Moved, all: &super::Modules) -> Option<Outcome> {
        if self.kinds >> mv.placed.kind().0 & 1 == 0 || !is_plain(mv.m) {
            return None;
        }
        let halfmove = h.halfmove();
        if all.move_rule.is_some_and(|r| halfmove >= r.plies) {
            return None;
        }
        let window = (halfmove as usize).min(h.plies_played());
        self.fires(h, window).then(|| {
            let winner = h.next_seat(mv.mover);
            match self.result {
                ResultKind::Loss => Outcome::Decisive {
                    winner,
                    reason: REASON,
                },
                ResultKind::Win => Outcome::Decisive {
                    winner: mv.mover,
                    reason: REASON,
                },
                ResultKind::Rank => Outcome::Ranked { reason: REASON },
                ResultKind::Draw => Outcome::Draw { reason: REASON },
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Diagnostics;
    use crate::yaml::parse_yaml;

    /// Reads and compiles `end:` written in `yaml`, for kinds `rook` and `king` and `seats`
    /// seats; the rule and the number of problems.
    fn compile(yaml: &str, seats: usize) -> (Option<MoveRepetition>, usize) {
        let tree = parse_yaml(&crate::diag::text_source("t.yaml", yaml)).unwrap();
        let mut r = Reader::default();
        let mut f = r.map(&tree, "end").unwrap();
        let ranks = Ranks { seats, keys: false };
        let mut spec = None;
        MoveRepetition::read_end(&mut r, &mut f, ranks, &mut spec);
        let Some(spec) = spec else {
            return (None, r.errors.len());
        };
        let mut errs = Diagnostics::default();
        let names: Vec<String> = (0..seats).map(|i| format!("s{i}")).collect();
        let mut cx = Cx::for_tests(&["rook", "king"], &[5, 0], &names, &mut errs);
        let rule = MoveRepetition::compile(&spec, &mut cx);
        (rule, r.errors.len() + errs.len())
    }

    #[test]
    fn defaults_are_fairy_stockfishs_and_pieces_name_kinds() {
        let (rule, errors) = compile("move-repetition: {}\n", 2);
        assert_eq!(
            (rule, errors),
            (
                Some(MoveRepetition {
                    count: 4,
                    result: ResultKind::Loss,
                    kinds: 0b11
                }),
                0
            )
        );
        let (rule, _) = compile("move-repetition: { count: 3, pieces: [rook] }\n", 2);
        let rule = rule.unwrap();
        assert_eq!((rule.count, rule.kinds), (3, 0b01));
        let names = Names {
            kinds: &["rook", "king"],
            seats: &[],
        };
        let line = &rule.explain_end(&names, &crate::rules::Modules::default())[0];
        assert!(
            line.starts_with("move repetition: the last mover loses when it has moved a rook back"),
            "{line}"
        );
    }

    #[test]
    fn wrong_keys_counts_names_and_seats_are_located_errors() {
        // A bad count does not hide a bad piece name: both are reported.
        let (_, errors) = compile("move-repetition: { count: 1 }\n", 2);
        assert_eq!(errors, 1);
        assert_eq!(
            compile("move-repetition: { count: four, pieces: [rok] }\n", 2).1,
            2
        );
        assert_eq!(compile("move-repetition: { pieces: [rok] }\n", 2).1, 1);
        assert_eq!(compile("move-repetition: { cuont: 4 }\n", 2).1, 1);
        assert_eq!(compile("move-repetition: {}\n", 4), (None, 1));
    }
}
