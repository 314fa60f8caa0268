//! What the page draws: a position described as JSON — the board's size, its seats with
//! their symbols, the kinds, the pieces on their squares, the hands, the dice, the seat to
//! move, checks, scores, the last move and the result — and the legal actions with the squares
//! a click selects them by.

use ashtapada::notation::{move_to_string, seat_letters, to_fen, to_position_string};
use ashtapada::{Kind, Move, Outcome, Piece, Position, Seat, Square, Variant};
use serde_json::{Value, json};

/// How a kind is written on the board and in hands: its letter, or for a promoted kind `+`
/// and the letter of the kind it promoted from, as shogi players and FEN write it (`+P`).
pub fn kind_text(v: &Variant, kind: Kind) -> String {
    let info = &v.kinds[kind.index()];
    match info.unpromoted {
        Some(base) => format!("+{}", v.kinds[base.index()].letter),
        None => info.letter.to_string(),
    }
}

/// The variant's fixed description: `name`, `title`, `files`, `ranks`, `squares` (the board's
/// square names, rank by rank from the first), `seats` (`name`, `symbol` or null, `letter` as in
/// position strings, `edge` its army starts from), `kinds` (`name`, `letter`, `text`,
/// `royal`), `dice` (`count`, `faces`) or null, and `hands` (true when pieces go to hands).
/// Boards are rectangles: rule files have no holes or walls.
pub fn variant_json(v: &Variant) -> Value {
    let letters = seat_letters(v);
    let seats: Vec<Value> = (v.seats.iter().zip(&letters))
        .map(|(s, l)| {
            json!({
                "name": s.name,
                "symbol": s.symbol,
                "letter": l.to_string(),
                "edge": format!("{:?}", s.orientation.edge).to_lowercase(),
            })
        })
        .collect();
    let kinds: Vec<Value> = (v.kinds.iter().enumerate())
        .map(|(i, k)| {
            json!({
                "name": k.name,
                "letter": k.letter.to_string(),
                "text": kind_text(v, Kind(i as u8)),
                "royal": k.royal,
            })
        })
        .collect();
    let dice = v.rules.dice.as_ref().map(|d| {
        let faces: Vec<u8> = d.faces.to_vec();
        json!({ "count": d.count, "faces": faces })
    });
    json!({
        "name": v.name,
        "title": v.title,
        "files": v.board.files,
        "ranks": v.board.ranks,
        "squares": v.board.squares().map(|s| v.board.name(s)).collect::<Vec<_>>(),
        "seats": seats,
        "kinds": kinds,
        "dice": dice,
        "hands": v.rules.hands.is_some(),
    })
}

/// One piece: its square's name, 0-based `file` and `rank`, `seat`, `kind` index, `text`,
/// and `dead` for a piece no seat moves any more (four-player shogi's mated armies).
fn piece_json(v: &Variant, sq: Square, p: Piece) -> Value {
    json!({
        "square": v.board.name(sq),
        "file": v.board.file(sq),
        "rank": v.board.rank(sq),
        "seat": p.owner().index(),
        "kind": p.kind().index(),
        "text": kind_text(v, p.kind()),
        "dead": p.is_dead(),
    })
}

/// The position as the page draws it: `pieces`, `hands` (per seat, the kinds held with their
/// counts), `to_move`, `awaiting_roll`, `dice_left`, `can_pass`, `can_resign`, `checks` (seats
/// in check), `scores` (or null), `last` (`from` and `to` squares, or null), `outcome` (or
/// null), `fen`, `position` (the extended position string) and `ply`.
pub fn position_json(pos: &mut Position) -> Value {
    let v = pos.variant().clone();
    let pieces: Vec<Value> = (v.board.squares())
        .filter_map(|sq| {
            let p = pos.piece_at(sq);
            (!p.is_empty()).then(|| piece_json(&v, sq, p))
        })
        .collect();
    let seats: Vec<Seat> = (0..v.seats.len()).map(|i| Seat(i as u8)).collect();
    let hands: Vec<Vec<Value>> = (seats.iter())
        .map(|&s| {
            (0..v.kinds.len())
                .map(|k| Kind(k as u8))
                .filter(|&k| pos.hand_count(s, k) > 0)
                .map(|k| {
                    json!({ "kind": k.index(), "text": kind_text(&v, k), "count": pos.hand_count(s, k) })
                })
                .collect()
        })
        .collect();
    let outcome = pos.outcome();
    let checks: Vec<usize> = (seats.iter())
        .filter(|&&s| outcome.is_none() && pos.in_check(s))
        .map(|s| s.index())
        .collect();
    let scores: Option<Vec<i64>> =
        (v.rules.keeps_score()).then(|| seats.iter().map(|&s| pos.score(s)).collect());
    let last = pos.last_move().map(
        |m| json!({ "from": v.board.name(m.from), "to": v.board.name(m.to), "drop": m.is_drop() }),
    );
    json!({
        "pieces": pieces,
        "hands": hands,
        "to_move": pos.to_move().index(),
        "awaiting_roll": pos.awaiting_roll(),
        "dice_left": pos.dice(),
        "can_pass": outcome.is_none() && !pos.awaiting_roll() && pos.can_pass(),
        "can_resign": outcome.is_none() && !pos.awaiting_roll() && pos.can_resign(),
        "checks": checks,
        "scores": scores,
        "last": last,
        "outcome": outcome.map(|o| outcome_json(pos, o)),
        "fen": to_fen(pos),
        "position": to_position_string(pos),
        "ply": pos.ply(),
    })
}

/// A finished game: `text` ("white wins (checkmate)"), `winner` (a seat, or null), `draw`,
/// and `ranks` (1 = first, per seat).
fn outcome_json(pos: &Position, o: Outcome) -> Value {
    let winner = match o {
        Outcome::Decisive { winner, .. } => Some(winner.index()),
        _ => None,
    };
    json!({
        "text": pos.describe_outcome(o),
        "winner": winner,
        "draw": matches!(o, Outcome::Draw { .. }),
        "ranks": pos.ranks(),
    })
}

/// The legal actions of the seat to move, for clicking: each move's `text` (the notation the
/// keyboard entry reads), `from` and `to` square names (a drop's `from` is null), `drop` (the
/// kind index taken from the hand, or null), `promotion` (the kind text it becomes, or null)
/// and `die` (0 without dice). Empty while a roll is due or after the game ends.
pub fn legal_json(pos: &mut Position) -> Value {
    if pos.awaiting_roll() || pos.outcome().is_some() {
        return json!([]);
    }
    let mut moves = Vec::new();
    pos.game_moves(&mut moves);
    let v = pos.variant().clone();
    let list: Vec<Value> = moves.iter().map(|&m| move_json(pos, &v, m)).collect();
    Value::Array(list)
}

/// One legal move, as [`legal_json`] lists it.
fn move_json(pos: &Position, v: &Variant, m: Move) -> Value {
    json!({
        "text": move_to_string(pos, m),
        "from": (!m.is_drop()).then(|| v.board.name(m.from)),
        "to": v.board.name(m.to),
        "drop": m.dropped().map(|k| k.index()),
        "promotion": m.shown().map(|k| kind_text(v, k)),
        "die": m.die,
    })
}
