//! Counting rules: a move limit that starts when a side is reduced, with limits by material —
//! makruk's board's-honour and pieces'-honour counts and sittuyin's (ASEAN) count, as
//! Fairy-Stockfish plays them (`countingRule`: `MAKRUK_COUNTING`, `CAMBODIAN_COUNTING`,
//! `ASEAN_COUNTING`; `Position::count_limit` and `do_move` in its `src/position.cpp`).
//!
//! ```yaml
//! counting:
//!   pawns: [bia]              # while one stands on the board (either side's), no count starts
//!   board: { moves: 64 }      # board's honour: the counting seat has more than its king
//!   bare:                     # pieces' honour: the counting seat has its king alone
//!     limits:                 # the first row whose pieces the other side has
//!       - { ruea: 2, moves: 8 }
//!       - { ruea: 1, moves: 16 }
//!       - { khon: 2, moves: 22 }
//!       - { ma: 2, moves: 32 }
//!       - { khon: 1, moves: 44 }
//!       - { moves: 64 }       # a row naming no piece always applies
//!     from: pieces            # the count begins at the number of pieces on the board
//! ```
//!
//! Keys, inside `counting`: `pawns` (piece names, default none), `board` (optional:
//! `moves`, 1 to 10000; `most-pieces`, 2 to 255, the most pieces, king included, the counting
//! seat may have, default any; `with-pawns`, default false: true lets the board's-honour count
//! start while pawns stand, as Cambodian's does) and `bare` (optional: `limits`, a non-empty
//! list of rows, each `moves` and piece names with the least number of them the other side
//! must have; `from`, `pieces` or `zero`, default `zero`). At least one of `board` and `bare`
//! is required.
//!
//! After every move the seat due next (the one that did not move) is the one that may count.
//! Its limit (in moves) is 0 — no count — while the other side has nothing but its king, or
//! while a `pawns` kind stands on the board (for the board's honour only without
//! `with-pawns`); else, with more than its king, `board.moves` (0 with more than
//! `most-pieces`, or without `board`); else the first `bare` row the other side's pieces
//! satisfy (0 if none does, or without `bare`). A count starts when none runs and the seat due
//! has a limit, or anew after a capture or promotion while the seat due has its king alone
//! (the limit set again by what the other side has now);
//! its limit is `moves × seats` plies, and the count starts at 0 — or, for a bare king with
//! `from: pieces`, at `pieces on the board × seats` (makruk counts from the number of pieces).
//! With `from: pieces`, a bare king that takes the last pawn starts its own count at once, one
//! ply less. Every ply adds one to a running count; once the count passes its limit the game
//! is drawn (end reason `counting`), unless the seat to move is checkmated.
//!
//! The count is this module's state in the position ([`limit`] and [`ply`], plies), saved in every
//! undo entry and not part of the position's hash, as in Fairy-Stockfish. FEN carries a
//! running count as Fairy-Stockfish writes it: the limit in the en-passant field and the count
//! in the half-move field (`8/8/8/4k3/8/8/8/R3K3 b - 32 6 20`; `notation::fen`). Refused
//! with `dice` ([`Counting::REFUSES`]).

use super::compose::{self, Refusal, refuse};
use super::field::{self, FieldCx, FieldProblem, Place, StateField};
use super::{Cx, Host, Module, Moved, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::{Counters, EndReason, Kind, Outcome, Seat};
use crate::yaml::{Fields, Node, Reader, Text, Value};

/// `counting.board` as written.
#[derive(Clone, Debug)]
pub struct BoardSpec {
    /// The limit in moves.
    pub moves: u32,
    /// The most pieces the counting seat may have (king included); `None`: any.
    pub most_pieces: Option<u8>,
    /// True if the count starts while pawns stand on the board.
    pub with_pawns: bool,
}

/// One row of `counting.bare.limits` as written.
#[derive(Clone, Debug)]
pub struct RowSpec {
    /// The row, for spans.
    pub node: Node,
    /// Piece names and the least number of each the other side must have.
    pub needs: Vec<(Text, u8)>,
    /// The limit in moves.
    pub moves: u32,
}

/// `counting.bare` as written.
#[derive(Clone, Debug)]
pub struct BareSpec {
    /// The rows, first match wins.
    pub rows: Vec<RowSpec>,
    /// `from: pieces`.
    pub from_pieces: bool,
}

/// `counting` as written.
#[derive(Clone, Debug)]
pub struct CountingSpec {
    /// The `counting:` value, for spans.
    pub node: Node,
    /// The pawn kinds.
    pub pawns: Vec<Text>,
    /// The board's-honour count.
    pub board: Option<BoardSpec>,
    /// The pieces'-honour count.
    pub bare: Option<BareSpec>,
}

/// The compiled board's-honour count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardHonour {
    /// The limit in moves.
    pub moves: u32,
    /// The most pieces of the counting seat (king included); 0: any.
    pub most_pieces: u8,
    /// True if pawns on the board do not hold the count off.
    pub with_pawns: bool,
}

/// One compiled row of the pieces'-honour table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Kinds and the least number of each the other side must have.
    pub needs: Vec<(Kind, u8)>,
    /// The limit in moves.
    pub moves: u32,
}

/// The compiled pieces'-honour count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BareHonour {
    /// The table, first match wins.
    pub rows: Vec<Row>,
    /// True if the count starts at the number of pieces on the board (makruk).
    pub from_pieces: bool,
}

/// The compiled counting rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    /// Bit mask of the pawn kinds.
    pub pawns: u64,
    /// The board's-honour count.
    pub board: Option<BoardHonour>,
    /// The pieces'-honour count.
    pub bare: Option<BareHonour>,
}

/// The located error of a counting rule that cannot apply.
fn problem(node: &Node, message: String, label: &str, help: &str) -> Diagnostic {
    Diagnostic::new(Code::CompileCounting, message, Some(node.span.clone()))
        .label(label.to_string())
        .help(help.to_string())
}

fn read_board(r: &mut Reader, n: &Node) -> Option<BoardSpec> {
    let mut f = r.map(n, "{ moves, most-pieces, with-pawns }")?;
    let moves = f
        .req(r, "moves", "the limit in moves")
        .and_then(|n| r.int(n, 1, 10_000, "the limit in moves"));
    let most = f
        .opt("most-pieces")
        .map(|n| r.int(n, 2, 255, "the most pieces of the counting seat"));
    let with_pawns = f
        .opt("with-pawns")
        .map_or(Some(false), |n| r.bool(n, "`with-pawns`"));
    f.finish(
        r,
        "`counting.board`",
        &["moves", "most-pieces", "with-pawns"],
    );
    Some(BoardSpec {
        moves: moves? as u32,
        most_pieces: match most {
            Some(m) => Some(m? as u8),
            None => None,
        },
        with_pawns: with_pawns?,
    })
}

fn read_row(r: &mut Reader, n: &Node) -> Option<RowSpec> {
    let mut f = r.map(n, "a row: { moves, PIECE: COUNT, … }")?;
    let moves = f
        .req(r, "moves", "the limit in moves")
        .and_then(|n| r.int(n, 1, 10_000, "the limit in moves"));
    let mut needs = Vec::new();
    let mut ok = true;
    for (k, v) in f.rest() {
        match r.int(v, 1, 255, "the least number of that piece") {
            Some(c) => needs.push((
                Text {
                    value: k.name.clone(),
                    node: Node {
                        value: Value::Str(k.name.clone()),
                        span: k.span.clone(),
                    },
                },
                c as u8,
            )),
            None => ok = false,
        }
    }
    f.finish(r, "a counting row", &["moves"]);
    (ok).then_some(())?;
    Some(RowSpec {
        node: n.clone(),
        needs,
        moves: moves? as u32,
    })
}

fn read_bare(r: &mut Reader, n: &Node) -> Option<BareSpec> {
    let mut f = r.map(n, "{ limits, from }")?;
    let rows = f.req(r, "limits", "the rows of limits, first match wins");
    let from = f.opt("from").map_or(Some("zero"), |n| {
        r.word(n, &["pieces", "zero"], "count start")
    });
    f.finish(r, "`counting.bare`", &["limits", "from"]);
    let rows_node = rows?;
    let items = r.list(rows_node);
    if items.is_empty() {
        r.error(problem(
            rows_node,
            "`counting.bare.limits` has no rows".into(),
            "no rows",
            "give at least one row, e.g. `- { moves: 64 }` (a row naming no piece always applies)",
        ));
        return None;
    }
    let rows: Vec<Option<RowSpec>> = items.into_iter().map(|i| read_row(r, i)).collect();
    Some(BareSpec {
        rows: rows.into_iter().collect::<Option<Vec<_>>>()?,
        from_pieces: from? == "pieces",
    })
}

impl Counting {
    /// The limit, in moves, of a count by `seat` now (0: no count), as Fairy-Stockfish's
    /// `count_limit` (see the module documentation).
    pub fn limit<H: Host>(&self, h: &H, seat: Seat) -> u32 {
        let seats = (0..h.seat_count() as u8).map(Seat);
        // Pawns first: while they stand (most of a game) nothing else needs counting.
        let mut pawn_kinds = self.pawns;
        let mut pawns_on = false;
        while pawn_kinds != 0 && !pawns_on {
            let k = Kind(pawn_kinds.trailing_zeros() as u8);
            pawn_kinds &= pawn_kinds - 1;
            pawns_on = seats.clone().any(|s| h.kind_count(s, k) > 0);
        }
        if pawns_on && !self.board.is_some_and(|b| b.with_pawns) {
            return 0;
        }
        let own = h.occupancy(seat).len();
        if seats
            .clone()
            .all(|s| s == seat || h.occupancy(s).len() <= 1)
        {
            return 0;
        }
        if own > 1 {
            return match self.board {
                Some(b)
                    if (b.most_pieces == 0 || own <= b.most_pieces as u32)
                        && (b.with_pawns || !pawns_on) =>
                {
                    b.moves
                }
                _ => 0,
            };
        }
        let Some(bare) = self.bare.as_ref().filter(|_| !pawns_on) else {
            return 0;
        };
        let theirs = |k: Kind| -> u32 {
            seats
                .clone()
                .filter(|&s| s != seat)
                .map(|s| h.kind_count(s, k) as u32)
                .sum()
        };
        bare.rows
            .iter()
            .find(|row| row.needs.iter().all(|&(k, n)| theirs(k) >= n as u32))
            .map_or(0, |row| row.moves)
    }

    /// True once the running count in `c` has passed its limit: the game is drawn (unless
    /// the seat to move is checkmated).
    #[inline]
    pub fn passed(c: &Counters) -> bool {
        limit(c) != 0 && ply(c) > limit(c)
    }

    /// True if `kind` is a pawn kind of the rule.
    #[inline]
    fn is_pawn(&self, kind: Kind) -> bool {
        self.pawns >> kind.0 & 1 == 1
    }
}

/// Pieces on the board, all seats.
fn all_pieces<H: Host>(h: &H) -> u32 {
    (0..h.seat_count() as u8)
        .map(|s| h.occupancy(Seat(s)).len())
        .sum()
}

/// The first byte of this module's state ([`Module::STATE`]): the running count's plies
/// counted, then its limit in plies (0: no count runs), each a little-endian `u32`; not part of
/// the position's hash, as in Fairy-Stockfish.
const AT: usize = super::ModuleId::Counting.state_at();

/// The running count's limit in plies, 0 when no count runs.
#[inline]
pub fn limit(c: &Counters) -> u32 {
    word(c, AT + 4)
}

/// Plies counted so far by the running count; the game is drawn once it passes [`limit`].
#[inline]
pub fn ply(c: &Counters) -> u32 {
    word(c, AT)
}

/// Sets the running count: `ply` plies counted of `limit` (0: none runs).
#[inline]
pub fn set(c: &mut Counters, ply: u32, limit: u32) {
    c.state[AT..AT + 4].copy_from_slice(&ply.to_le_bytes());
    c.state[AT + 4..AT + 8].copy_from_slice(&limit.to_le_bytes());
}

/// The little-endian `u32` at byte `at` of the modules' state.
#[inline]
fn word(c: &Counters, at: usize) -> u32 {
    u32::from_le_bytes([
        c.state[at],
        c.state[at + 1],
        c.state[at + 2],
        c.state[at + 3],
    ])
}

/// A count passed its limit: a draw (`counting`).
pub const REASON: EndReason = super::ModuleId::Counting.reason(0);

/// The switch `counting` (`counting`).
pub const COUNTING: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Counting);

impl Module for Counting {
    const HOOKS: super::Hooks = super::Hooks {
        after_move: true,
        ..super::Hooks::NONE
    };

    const NAME: &'static str = "counting";
    const STATE: super::State = super::State {
        bytes: 8,
        hashed: false,
    };
    const FIELD: Option<StateField> = Some(StateField {
        name: "count",
        expected: "`-`, or a running count's plies counted and its limit in plies, e.g. `6/32`",
        place: Place::Tail,
    });

    /// A running count: the plies counted and the limit in plies, `6/32`; `None` while no
    /// count runs.
    fn write_field(c: &Counters, _: &FieldCx<'_>) -> Option<String> {
        (limit(c) != 0).then(|| format!("{}/{}", ply(c), limit(c)))
    }

    fn read_field(text: &str, _: &FieldCx<'_>, c: &mut Counters) -> Result<(), FieldProblem> {
        if text == "-" {
            return Ok(());
        }
        let slash = text.find('/').unwrap_or(text.len());
        let ply = field::number(text, 0..slash)?;
        if slash == text.len() {
            return Err(FieldProblem::unexpected(text, slash));
        }
        set(c, ply, field::number(text, slash + 1..text.len())?);
        Ok(())
    }
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: COUNTING,
        name: "counting",
        path: "counting",
        on: compose::On::NonEmpty,
    }];
    const END_REASONS: &'static [&'static str] = &["counting"];
    const KEYS: &'static [&'static str] = &["counting"];
    type Spec = CountingSpec;

    const REFUSES: &'static [Refusal] = &[refuse(
        COUNTING,
        super::dice::DICE,
        "the count's limits are plies of seats moving in turn, and a dice turn may move \
         several times",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<CountingSpec> {
        let node = f.opt("counting")?;
        let mut m = r.map(node, "counting: { pawns, board, bare }")?;
        let pawns = m
            .opt("pawns")
            .map(|n| super::piece_names(r, n))
            .unwrap_or_default();
        let board = m.opt("board").map(|n| read_board(r, n));
        let bare = m.opt("bare").map(|n| read_bare(r, n));
        m.finish(r, "`counting`", &["pawns", "board", "bare"]);
        if board.is_none() && bare.is_none() {
            r.error(problem(
                node,
                "`counting` has neither `board` nor `bare`: nothing is counted".into(),
                "counts nothing",
                "add `board: { moves: N }` (the counting seat has more than its king) or \
                 `bare: { limits: [...] }` (its king alone), or drop `counting:`",
            ));
            return None;
        }
        Some(CountingSpec {
            node: node.clone(),
            pawns,
            board: match board {
                Some(b) => Some(b?),
                None => None,
            },
            bare: match bare {
                Some(b) => Some(b?),
                None => None,
            },
        })
    }

    fn compile(spec: &CountingSpec, cx: &mut Cx<'_>) -> Option<Counting> {
        let pawn_kinds: Vec<Option<Kind>> = spec.pawns.iter().map(|t| cx.kind(t)).collect();
        let pawns = pawn_kinds.iter().flatten().fold(0u64, |m, k| m | 1 << k.0);
        let mut ok = pawn_kinds.iter().all(Option::is_some);
        let bare = spec.bare.as_ref().map(|b| {
            let mut rows = Vec::new();
            let mut always: Option<&Node> = None;
            for row in &b.rows {
                if let Some(first) = always {
                    cx.errs.push(
                        problem(
                            &row.node,
                            "this `counting.bare.limits` row never applies".into(),
                            "after a row that always applies",
                            "a row naming no piece applies whatever the other side has; \
                             put it last",
                        )
                        .also(first.span.clone(), "this row always applies"),
                    );
                    ok = false;
                }
                let mut needs = Vec::new();
                for (t, n) in &row.needs {
                    match cx.kind(t) {
                        Some(k) if pawns >> k.0 & 1 == 1 => {
                            cx.errs.push(problem(
                                &t.node,
                                format!(
                                    "`{}` is one of `counting.pawns`: this row never applies",
                                    t.value
                                ),
                                "a pawn kind",
                                "no count starts while a pawn stands on the board; name the \
                                 pieces the stronger side has once the pawns are gone",
                            ));
                            ok = false;
                        }
                        Some(k) => needs.push((k, *n)),
                        None => ok = false,
                    }
                }
                if row.needs.is_empty() && always.is_none() {
                    always = Some(&row.node);
                }
                rows.push(Row {
                    needs,
                    moves: row.moves,
                });
            }
            BareHonour {
                rows,
                from_pieces: b.from_pieces,
            }
        });
        let board = spec.board.as_ref().map(|b| BoardHonour {
            moves: b.moves,
            most_pieces: b.most_pieces.unwrap_or(0),
            with_pawns: b.with_pawns,
        });
        ok.then_some(Counting { pawns, board, bare })
    }

    fn explain_end(&self, names: &Names<'_>, _all: &super::Modules) -> Vec<String> {
        let pawns: Vec<&str> = (0..names.kinds.len() as u8)
            .filter(|&k| self.is_pawn(Kind(k)))
            .map(|k| names.kind(Kind(k)))
            .collect();
        let pawns = pawns.join(" or ");
        let held = |with_pawns: bool| match (pawns.is_empty(), with_pawns) {
            (true, _) => String::new(),
            (false, true) => format!(", even while a {pawns} stands on the board"),
            (false, false) => format!(", once no {pawns} stands on the board"),
        };
        let mut out = vec![
            "counting: after each move the seat due may start a count (never against a bare \
             king); the game is drawn once the count passes its limit, unless the seat to move \
             is checkmated"
                .to_string(),
        ];
        if let Some(b) = self.board {
            let most = if b.most_pieces == 0 {
                String::new()
            } else {
                format!(" (at most {} pieces)", b.most_pieces)
            };
            out.push(format!(
                "  board's honour: with more than its king{most}{}: {} moves, counted from 0",
                held(b.with_pawns),
                b.moves
            ));
        }
        if let Some(bare) = &self.bare {
            let mut rows: Vec<String> = bare
                .rows
                .iter()
                .map(|row| {
                    let needs: Vec<String> = (row.needs.iter())
                        .map(|&(k, n)| format!("{n} {}", names.kind(k)))
                        .collect();
                    match needs.is_empty() {
                        true => format!("{} otherwise", row.moves),
                        false => format!("{} against {}", row.moves, needs.join(" and ")),
                    }
                })
                .collect();
            if !bare.rows.iter().any(|r| r.needs.is_empty()) {
                rows.push("no count otherwise".into());
            }
            out.push(format!(
                "  pieces' honour: with its king alone{}: moves {}; counted from {}",
                held(false),
                rows.join(", "),
                if bare.from_pieces {
                    "the number of pieces on the board (a bare king that takes the last pawn \
                     counts from that move)"
                } else {
                    "0"
                }
            ));
        }
        out
    }

    /// Advances a running count and starts one, as Fairy-Stockfish's `do_move`.
    fn after_move<H: Host>(&self, h: &mut H, mv: &Moved, _: &super::Modules) -> Option<Outcome> {
        let seats = h.seat_count() as u32;
        let c = h.counters();
        if limit(c) != 0 {
            let (p, l) = (ply(c) + 1, limit(c));
            set(h.counters_mut(), p, l);
        }
        let from_pieces = self.bare.as_ref().is_some_and(|b| b.from_pieces);
        let took = !mv.captured.is_empty();
        if from_pieces
            && took
            && self.is_pawn(mv.captured.kind())
            && h.occupancy(mv.mover).len() == 1
        {
            let limit = self.limit(h, mv.mover);
            if limit != 0 {
                let start = (all_pieces(h) * seats).saturating_sub(1);
                set(h.counters_mut(), start, limit * seats);
            }
        }
        let due = h.next_seat(mv.mover);
        let changed = took || mv.m.promotes_to().is_some();
        let own = h.occupancy(due).len();
        if limit(h.counters()) == 0 || (changed && own == 1) {
            let limit = self.limit(h, due);
            if limit != 0 {
                let start = if from_pieces && own <= 1 {
                    all_pieces(h) * seats
                } else {
                    0
                };
                set(h.counters_mut(), start, limit * seats);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_makruk_s_table_and_refuses_a_rule_that_counts_nothing() {
        let read = crate::rules::read_with::<Counting>;
        let (spec, errors) = read(
            "counting:\n  pawns: [bia]\n  board: { moves: 64 }\n  bare:\n    limits:\n      \
             - { ruea: 2, moves: 8 }\n      - { moves: 64 }\n    from: pieces\n",
        );
        assert_eq!(errors, Vec::<String>::new());
        let spec = spec.unwrap();
        assert_eq!(spec.pawns.len(), 1);
        assert_eq!(spec.board.as_ref().map(|b| b.moves), Some(64));
        let bare = spec.bare.unwrap();
        assert!(bare.from_pieces);
        assert_eq!(bare.rows.len(), 2);
        assert_eq!(bare.rows[0].needs[0].0.value, "ruea");
        assert_eq!(bare.rows[0].needs[0].1, 2);
        let (none, errors) = read("name: x\n");
        assert!(none.is_none() && errors.is_empty());
        for bad in [
            "counting: { pawns: [bia] }\n",
            "counting: { board: { moves: 0 } }\n",
            "counting: { board: { moves: 5, with-pawns: 3 } }\n",
            "counting: { bare: { limits: [] } }\n",
            "counting: { bare: { limits: [{ ruea: 0, moves: 8 }] } }\n",
            "counting: { bare: { limits: [{ moves: 8 }], from: one } }\n",
            "counting: { bard: { moves: 8 }, board: { moves: 8 } }\n",
        ] {
            let (spec, errors) = read(bad);
            assert!(!errors.is_empty(), "{bad}: {spec:?} read without a problem");
        }
    }
}
