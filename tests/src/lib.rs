//! Support for the conformance tests in `tests/`: the perft reference-file reader and
//! helpers for building positions.

use ashtapada::notation::{from_fen, parse_move, seat_letters};
use ashtapada::{Assignment, NO_OWNER, Position, Square, load_variant};

/// One block of a `.perft` reference file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PerftCase {
    /// `id` line.
    pub id: String,
    /// `variant` line (default: the variant named by the caller).
    pub variant: Option<String>,
    /// `fen` line (default: the start position).
    pub fen: Option<String>,
    /// `set` lines: option assignments.
    pub set: Vec<String>,
    /// `dice` line: a fixed first roll.
    pub dice: Option<String>,
    /// `perft DEPTH NODES` lines.
    pub counts: Vec<(u32, u64)>,
}

/// Parses the `id` / `variant` / `fen` / `set` / `dice` / `perft DEPTH NODES` block format of
/// the perft reference files in `tests/reference/`. `#` starts a comment line.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if key == "id" {
            cases.push(PerftCase {
                id: rest.to_string(),
                ..PerftCase::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .ok_or_else(|| format!("line {}: `{key}` before any `id`", n + 1))?;
        match key {
            "variant" => case.variant = Some(rest.to_string()),
            "fen" => case.fen = Some(rest.to_string()),
            "set" => case.set.push(rest.to_string()),
            "dice" => case.dice = Some(rest.to_string()),
            "perft" => {
                let mut it = rest.split_whitespace();
                let d = it.next().and_then(|x| x.parse().ok());
                let c = it.next().and_then(|x| x.parse().ok());
                match (d, c) {
                    (Some(d), Some(c)) => case.counts.push((d, c)),
                    _ => return Err(format!("line {}: expected `perft DEPTH NODES`", n + 1)),
                }
            }
            other => return Err(format!("line {}: unknown key `{other}`", n + 1)),
        }
    }
    Ok(cases)
}

/// A position of `variant` with `options` (`NAME=CHOICE` items) from `fen`.
///
/// # Panics
/// If the variant, options or FEN are invalid (tests want to fail loudly).
pub fn position(variant: &str, options: &[&str], fen: &str) -> Position {
    let a = Assignment::parse(options).expect("valid options");
    let v = load_variant(variant, &a).unwrap_or_else(|e| panic!("{variant}: {}", e.one_line()));
    from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays moves given in coordinate notation.
///
/// # Panics
/// If a move is not legal.
pub fn play(pos: &mut Position, moves: &[&str]) {
    for m in moves {
        let mv = parse_move(pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// Checks `case`'s counts from `pos`, in depth order, skipping counts above `limit` (a debug
/// build's budget): the number of counts checked, and the first mismatch as
/// `"ID perft DEPTH: GOT, Fairy-Stockfish WANT"` (the deeper counts are not tried after it).
pub fn check_counts(pos: &mut Position, case: &PerftCase, limit: u64) -> (usize, Option<String>) {
    let mut checked = 0;
    for &(depth, nodes) in &case.counts {
        if nodes > limit {
            continue;
        }
        checked += 1;
        let got = ashtapada::perft(pos, depth);
        if got != nodes {
            let why = format!("{} perft {depth}: {got}, Fairy-Stockfish {nodes}", case.id);
            return (checked, Some(why));
        }
    }
    (checked, None)
}

/// A small deterministic generator for tests (64-bit LCG, high bits): the same numbers on every
/// machine, with no dependency.
#[derive(Clone, Debug)]
pub struct Lcg(pub u64);

impl Lcg {
    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// A random legal action for `pos`, or `None` once the game is over: a roll of random faces
/// where a roll is due, otherwise a game move (`Position::game_moves`); now and then a pass
/// where allowed, and rarely a resignation where allowed.
pub fn random_action(pos: &mut Position, rng: &mut Lcg) -> Option<ashtapada::Action> {
    use ashtapada::Action;
    if pos.outcome().is_some() {
        return None;
    }
    if pos.can_resign() && rng.below(150) == 0 {
        return Some(Action::Resign);
    }
    if pos.awaiting_roll() {
        let variant = pos.variant().clone();
        let d = variant.rules.dice.as_ref()?;
        let mut roll = [0u8; 4];
        for slot in roll.iter_mut().take(d.count as usize) {
            *slot = d.faces[rng.below(d.faces.len())];
        }
        roll.sort_unstable_by(|a, b| b.cmp(a));
        return Some(Action::Roll(roll));
    }
    let mut moves = Vec::new();
    pos.game_moves(&mut moves);
    if pos.can_pass() && (moves.is_empty() || rng.below(8) == 0) {
        return Some(Action::Pass);
    }
    if moves.is_empty() {
        return None;
    }
    moves.sort_by_key(|m| {
        (
            m.from,
            m.to,
            m.shown().map(|k| k.0),
            m.die,
            m.dropped().map(|k| k.0),
        )
    });
    Some(Action::Move(moves[rng.below(moves.len())]))
}

/// The square called `name` on `pos`'s board.
///
/// # Panics
/// If `name` is not a square of the board.
pub fn square(pos: &Position, name: &str) -> Square {
    pos.variant()
        .board
        .parse_square(name)
        .unwrap_or_else(|| panic!("{name} is not a square"))
}

/// The game's result in words ("black wins (checkmate)"), `None` while it goes on.
pub fn result(pos: &mut Position) -> Option<String> {
    pos.outcome().map(|o| pos.describe_outcome(o))
}

/// The piece on `name` as the board field writes it: owner letter (`_` for none), kind
/// letter, `:` and the facing seat's letter when it faces as another seat, `*` when dead;
/// `""` for an empty square.
pub fn at(pos: &Position, name: &str) -> String {
    let p = pos.piece_at(square(pos, name));
    if p.is_empty() {
        return String::new();
    }
    let v = pos.variant();
    let letters = seat_letters(v);
    let owner = p.owner();
    let mut s = String::new();
    s.push(if owner.0 == NO_OWNER {
        '_'
    } else {
        letters[owner.index()]
    });
    s.push(v.kinds[p.kind().index()].letter);
    // Ownerless pieces count as facing like the first seat unless marked.
    let own = v.seats.get(owner.index()).unwrap_or(&v.seats[0]).orient;
    if p.orient() != own {
        let facing = v
            .seats
            .iter()
            .position(|s| s.orient == p.orient())
            .expect("a seat's facing");
        s.push(':');
        s.push(letters[facing]);
    }
    if p.is_dead() {
        s.push('*');
    }
    s
}

/// Runs `ashtapada ARGS` in-process, as the binary does (same parsing and rendering);
/// returns (exit code, standard output, standard error).
pub fn cli(args: &[&str]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = ashtapada_cli::run(
        std::iter::once("ashtapada").chain(args.iter().copied()),
        &mut out,
        &mut err,
    );
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    (code, text(out), text(err))
}

/// Runs a command that must succeed; its standard output.
pub fn ok(args: &[&str]) -> String {
    let (code, out, err) = cli(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// Runs a command that must fail with bad input (exit 1); its standard error.
pub fn bad(args: &[&str]) -> String {
    let (code, _, err) = cli(args);
    assert_eq!(code, 1, "{args:?} should fail: {err}");
    err
}

/// The legal moves of `pos` in the variant's move notation (`move_to_string`), sorted.
pub fn legal_moves(pos: &mut Position) -> Vec<String> {
    let list = pos.legal_move_list();
    let mut out: Vec<String> = (list.into_iter())
        .map(|m| ashtapada::notation::move_to_string(pos, m))
        .collect();
    out.sort();
    out
}

/// The legal moves of `pos` as origin and target square names (`e1d2`; a promotion once per
/// choice, a drop from its target), sorted.
pub fn square_moves(pos: &mut Position) -> Vec<String> {
    let board = pos.variant().board;
    let mut out: Vec<String> = (pos.legal_move_list().iter())
        .map(|m| format!("{}{}", board.name(m.from), board.name(m.to)))
        .collect();
    out.sort();
    out
}
