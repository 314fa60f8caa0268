//! `Game`: a position being played, with its history (undo), legal actions as the CLI writes
//! them and as integer ids, dice, the result, notation and the board as arrays.

use crate::actions::Codec;
use crate::errors::{err, int_in};
use crate::interrupt::interruptible;
use ashtapada::notation::{action_to_string, parse_action, to_fen, to_position_string};
use ashtapada::vocab::{Action, Outcome, Seat};
use ashtapada::{Position, perft_until};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt};

/// The deepest perft, as the CLI's `perft` (`cli/src/cmd/perft.rs`).
const MAX_DEPTH: u32 = 64;

/// A game of a variant: a position and the actions that led to it.
#[pyclass(name = "Game", module = "ashtapada._native")]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) pos: Position,
}

impl PyGame {
    /// A game at `pos`.
    pub fn new(pos: Position) -> PyGame {
        PyGame { pos }
    }

    /// The legal actions in order: the distinct rolls at a roll node, otherwise the moves
    /// (the perpetual-check rule applied) then `pass` where allowed; none once the game is
    /// over.
    pub(crate) fn legal(&mut self) -> Vec<Action> {
        if self.pos.outcome().is_some() {
            return Vec::new();
        }
        let v = self.pos.variant().clone();
        if self.pos.awaiting_roll() {
            return v
                .rules
                .dice
                .as_ref()
                .map(|d| d.outcomes.iter().map(|r| Action::Roll(*r)).collect())
                .unwrap_or_default();
        }
        let mut moves = Vec::new();
        self.pos.game_moves(&mut moves);
        let mut out: Vec<Action> = moves.into_iter().map(Action::Move).collect();
        if self.pos.can_pass() {
            out.push(Action::Pass);
        }
        out
    }

    /// The action named by `action`: its text (as the CLI reads it) or its id.
    pub(crate) fn action_of(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Action> {
        if action.is_instance_of::<PyInt>() && !action.is_instance_of::<PyBool>() {
            let v = self.pos.variant().clone();
            let codec = Codec::of(&v);
            let id = action
                .extract::<u64>()
                .ok()
                .filter(|&id| id < codec.total())
                .ok_or_else(|| {
                    err(format!(
                        "action id {} is out of range: the ids of {} are 0 to {} \
                         (Variant.num_actions is {})",
                        action.str().map_or_else(|_| "?".into(), |s| s.to_string()),
                        v.name,
                        codec.total() - 1,
                        codec.total()
                    ))
                })?;
            let legal = self.legal();
            let resign = self.pos.can_resign().then_some(Action::Resign);
            return legal
                .into_iter()
                .chain(resign)
                .find(|a| codec.id(&v, *a) == id)
                .ok_or_else(|| {
                    err(format!(
                        "action id {id} is not legal here (legal_action_ids() lists the legal ones)"
                    ))
                });
        }
        let Ok(text) = action.extract::<String>() else {
            let ty = action.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "an action is its text (str) or its id (int), not {ty}"
            )));
        };
        if text.trim() == "resign" {
            return Ok(Action::Resign);
        }
        parse_action(&mut self.pos, &text).map_err(err)
    }

    /// The probability of roll `r` (faces equally likely, dice independent; the roll is the
    /// unordered multiset).
    fn roll_probability(&self, r: &[u8]) -> f64 {
        let Some(d) = &self.pos.variant().rules.dice else {
            return 0.0;
        };
        let n = d.count as usize;
        let values: Vec<u8> = r.iter().copied().filter(|&x| x != 0).take(n).collect();
        let fact = |k: usize| (1..=k).map(|i| i as f64).product::<f64>();
        let mut orderings = fact(values.len());
        let mut i = 0;
        while i < values.len() {
            let run = values[i..].iter().take_while(|&&x| x == values[i]).count();
            orderings /= fact(run);
            i += run;
        }
        orderings / (d.faces.len() as f64).powi(n as i32)
    }
}

#[pymethods]
impl PyGame {
    /// The legal actions as the CLI writes them (`perft --divide`): rolls (`4,6`) at a roll
    /// node, otherwise moves then `pass`; empty once the game is over.
    fn legal_actions(&mut self) -> Vec<String> {
        let legal = self.legal();
        legal
            .into_iter()
            .map(|a| action_to_string(&self.pos, a))
            .collect()
    }

    /// The legal actions' integer ids, in the order of `legal_actions()` (see `Variant`'s
    /// `num_actions` and the encoding in the docs).
    fn legal_action_ids(&mut self) -> Vec<u64> {
        let v = self.pos.variant().clone();
        let codec = Codec::of(&v);
        self.legal().into_iter().map(|a| codec.id(&v, a)).collect()
    }

    /// The id of an action given as text, or of an id (checked): raises if it is not legal.
    fn action_id(&mut self, action: &Bound<'_, PyAny>) -> PyResult<u64> {
        let a = self.action_of(action)?;
        let v = self.pos.variant().clone();
        Ok(Codec::of(&v).id(&v, a))
    }

    /// The text of a legal action given by id or text.
    fn action_text(&mut self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let a = self.action_of(action)?;
        Ok(action_to_string(&self.pos, a))
    }

    /// Plays an action: its text as the CLI reads it (`e2e4`, `P@e5`, `pass`, `resign`, a
    /// roll `4,6`) or its id. Raises `AshtapadaError` for an unreadable or illegal action.
    fn play(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        if self.pos.outcome().is_some() {
            return Err(err("the game is over"));
        }
        let a = self.action_of(action)?;
        if let Action::Resign = a {
            return self.pos.resign().map_err(err);
        }
        if let Action::Move(_) | Action::Pass = a
            && !self.legal().contains(&a)
        {
            return Err(err(format!(
                "`{}` is not legal here",
                action_to_string(&self.pos, a)
            )));
        }
        self.pos.play_action(a).map_err(err)
    }

    /// Takes back the last action (a roll counts) and returns its text; raises
    /// `AshtapadaError` when there is none (the game is at the position it started from).
    fn undo(&mut self) -> PyResult<String> {
        let a = self
            .pos
            .undo()
            .ok_or_else(|| err("nothing to take back: no action was played in this game"))?;
        Ok(action_to_string(&self.pos, a))
    }

    /// Rolls the dice to the given values (a dice variant, when a roll is due).
    #[pyo3(signature = (*values))]
    fn roll(&mut self, values: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let values: Vec<u8> = values
            .iter()
            .map(|v| int_in(v, "a die", 1, u8::MAX.into()).map(|x| x as u8))
            .collect::<PyResult<_>>()?;
        self.pos.roll(&values).map_err(err)
    }

    /// True when the next action is a roll of the dice (a chance node).
    #[getter]
    fn is_chance(&mut self) -> bool {
        self.pos.awaiting_roll() && self.pos.outcome().is_none()
    }

    /// At a roll: [(roll text, id, probability)] for every distinct roll; otherwise empty.
    fn chance_outcomes(&mut self) -> Vec<(String, u64, f64)> {
        if !self.is_chance() {
            return Vec::new();
        }
        let v = self.pos.variant().clone();
        let codec = Codec::of(&v);
        self.legal()
            .into_iter()
            .map(|a| {
                let p = match a {
                    Action::Roll(r) => self.roll_probability(&r),
                    _ => 0.0,
                };
                (action_to_string(&self.pos, a), codec.id(&v, a), p)
            })
            .collect()
    }

    /// The dice left to use this turn, largest first.
    #[getter]
    fn dice(&self) -> Vec<u32> {
        self.pos.dice().into_iter().map(u32::from).collect()
    }

    /// The seat to move (its name).
    #[getter]
    fn to_move(&self) -> String {
        let s = self.pos.to_move().index();
        self.pos.variant().seats[s].name.clone()
    }

    /// The seat to move (its index in `Variant.seats`).
    #[getter]
    fn to_move_index(&self) -> usize {
        self.pos.to_move().index()
    }

    /// Plies played (rolls count).
    #[getter]
    fn ply(&self) -> usize {
        self.pos.ply()
    }

    /// True once the game is over by the rules.
    #[getter]
    fn is_over(&mut self) -> bool {
        self.pos.outcome().is_some()
    }

    /// The result once the game is over, else None: {"reason", "description", "winner"
    /// (a seat name or None), "ranks" (per seat, 1 = first, ties shared), "scores"}.
    #[getter]
    fn result<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(o) = self.pos.outcome() else {
            return Ok(None);
        };
        let v = self.pos.variant().clone();
        let d = PyDict::new(py);
        d.set_item("reason", self.pos.reason_name(o.reason()))?;
        d.set_item("description", self.pos.describe_outcome(o))?;
        let winner = match o {
            Outcome::Decisive { winner, .. } => Some(v.seats[winner.index()].name.clone()),
            _ => None,
        };
        d.set_item("winner", winner)?;
        let ranks: Vec<u32> = ashtapada::sim::outcome_ranks(&self.pos, Some(o))
            .into_iter()
            .map(u32::from)
            .collect();
        d.set_item("ranks", ranks)?;
        let scores: Vec<i64> = (0..v.seats.len())
            .map(|s| self.pos.score(Seat(s as u8)))
            .collect();
        d.set_item("scores", scores)?;
        Ok(Some(d))
    }

    /// The position in FEN (two-seat variants only).
    fn fen(&self) -> PyResult<String> {
        if self.pos.variant().seats.len() != 2 {
            return Err(err(
                "FEN holds two-seat positions; use position_string() for this variant",
            ));
        }
        Ok(to_fen(&self.pos))
    }

    /// The position as an extended position string (any variant).
    fn position_string(&self) -> String {
        to_position_string(&self.pos)
    }

    /// The board's piece codes, rank 1 first: a list of ranks, each a list of files; 0 for
    /// an empty square, `kind + 1` for a piece, `-(kind + 1)` for a dead piece.
    fn _board_codes(&self) -> Vec<Vec<i16>> {
        let v = self.pos.variant();
        let b = v.board;
        (0..b.ranks as i32)
            .map(|r| {
                (0..b.files as i32)
                    .map(|f| {
                        let p = b.square(f, r).map(|s| self.pos.piece_at(s));
                        match p {
                            Some(p) if !p.is_empty() => {
                                let code = p.kind().0 as i16 + 1;
                                if p.is_dead() { -code } else { code }
                            }
                            _ => 0,
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The owners of the board's pieces, rank 1 first: the seat index, -1 for an empty
    /// square or an unowned (dead) piece.
    fn _board_seats(&self) -> Vec<Vec<i8>> {
        let v = self.pos.variant();
        let (b, n) = (v.board, v.seats.len());
        (0..b.ranks as i32)
            .map(|r| {
                (0..b.files as i32)
                    .map(|f| match b.square(f, r).map(|s| self.pos.piece_at(s)) {
                        Some(p) if !p.is_empty() && p.owner().index() < n => {
                            p.owner().index() as i8
                        }
                        _ => -1,
                    })
                    .collect()
            })
            .collect()
    }

    /// Pieces in hand: one list per seat, one count per kind.
    fn _hands(&self) -> Vec<Vec<u32>> {
        let v = self.pos.variant();
        (0..v.seats.len())
            .map(|s| {
                (0..v.kinds.len())
                    .map(|k| {
                        u32::from(
                            self.pos
                                .hand_count(Seat(s as u8), ashtapada::vocab::Kind(k as u8)),
                        )
                    })
                    .collect()
            })
            .collect()
    }

    /// Leaf nodes `depth` plies below this position (rolls count as plies), as
    /// `ashtapada perft`; `depth` is 0 to 64, as on the command line. The GIL is released
    /// while it counts, and Ctrl-C stops it (`KeyboardInterrupt`).
    fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let depth = int_in(depth, "depth", 0, MAX_DEPTH.into())? as u32;
        let mut pos = self.pos.clone();
        // Stopped only by a signal, whose exception `interruptible` raises.
        interruptible(py, move |stop| {
            perft_until(&mut pos, depth, stop).unwrap_or(0)
        })
    }

    /// An independent copy of the game.
    fn clone(&self) -> PyGame {
        PyGame::new(self.pos.clone())
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __str__(&self) -> String {
        to_position_string(&self.pos)
    }

    fn __repr__(&self) -> String {
        format!(
            "<ashtapada.Game {} {:?}>",
            self.pos.variant().name,
            to_position_string(&self.pos)
        )
    }
}
