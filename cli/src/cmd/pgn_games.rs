//! `values --games-from FILE.pgn`: the games of a PGN file (a cutechess-cli match, say) as
//! records to fit on ([`ashtapada::agents::fit::GameRecord`]).

use super::Failure;
use ashtapada::agents::fit::GameRecord;
use ashtapada::diag::{Code, Diagnostic, Span, text_source};
use ashtapada::notation::{from_fen, read_pgn, san_move};
use ashtapada::{Position, Seat, Variant};
use std::path::Path;
use std::sync::Arc;

/// The finished games of the PGN file at `path`, played in `v`: each from its `FEN` tag (else
/// the start position) through its SAN moves, with its result from the movetext (else the
/// `Result` tag): `1-0` the first seat wins, `0-1` the second, `1/2-1/2` a draw. Games without
/// a result (`*`) are left out.
///
/// Errors (located in the file): it does not read; `v` has more than two seats or dice (PGN
/// holds neither); a game does not read, its FEN is not a position of `v`, or a move is not
/// legal there; no game has a result.
pub fn read(v: &Arc<Variant>, path: &Path) -> Result<Vec<GameRecord>, Failure> {
    let name = path.display().to_string();
    two_seats_only(
        v,
        &format!("`--games-from {name}`: PGN holds two-seat games"),
    )?;
    let text = crate::output::read_record(path).map_err(|e| {
        super::bad_input(
            Code::RecordRead,
            format!("cannot read the games `{name}`: {e}"),
            "give the path of a PGN file",
        )
    })?;
    let src = text_source(&name, &text);
    let located = |code: Code, message: String, help: String, at: usize, len: usize| {
        let start = at.min(text.len());
        let span = Span::new(&src, start, (start + len.max(1)).min(text.len()));
        Failure::Diagnostics(
            Diagnostic::new(code, message, Some(span))
                .label("here")
                .help(help)
                .into(),
        )
    };
    let mut games = Vec::new();
    // A byte-order mark (as some editors write) is skipped; offsets stay the file's.
    let skip = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let starts: Vec<usize> = game_starts(&text[skip..])
        .into_iter()
        .map(|at| at + skip)
        .collect();
    for (n, &at) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(text.len());
        let slice = &text[at..end];
        let game = read_pgn(slice).map_err(|e| {
            located(
                Code::RecordSyntax,
                format!("game {} does not read: {}", n + 1, e.message),
                "a PGN game is `[Tag \"value\"]` lines, a blank line and the moves in SAN".into(),
                at + e.at,
                1,
            )
        })?;
        let result = game.result.as_deref().or(game.tag("Result"));
        let winner = match result {
            Some("1-0") => Some(Some(Seat(0))),
            Some("0-1") => Some(Some(Seat(1))),
            Some("1/2-1/2") => Some(None),
            _ => None,
        };
        let Some(winner) = winner else { continue };
        let mut pos = match game.tag("FEN") {
            Some(fen) => from_fen(v, fen).map_err(|e| {
                located(
                    Code::RecordStart,
                    format!(
                        "game {}: the `FEN` tag is not a position of {}: {}",
                        n + 1,
                        v.name,
                        e.message()
                    ),
                    "give the FEN of a position of this variant".into(),
                    at,
                    1,
                )
            })?,
            None => Position::start(v.clone()),
        };
        let start = pos.clone();
        let mut actions = Vec::with_capacity(game.moves.len());
        for (i, (word, offset)) in game.moves.iter().enumerate() {
            let played = san_move(&mut pos, word)
                .map_err(|e| e.to_string())
                .and_then(|a| pos.play_action(a).map(|()| a).map_err(|e| e.to_string()));
            match played {
                Ok(a) => actions.push(a),
                Err(e) => {
                    return Err(located(
                        Code::RecordAction,
                        format!("game {}, move {} `{word}` is not legal: {e}", n + 1, i + 1),
                        format!(
                            "the position before it: {}",
                            ashtapada::notation::to_fen(&pos)
                        ),
                        at + offset,
                        word.len(),
                    ));
                }
            }
        }
        games.push(GameRecord {
            start,
            actions,
            winner,
        });
    }
    if games.is_empty() {
        return Err(super::bad_input(
            Code::RecordSyntax,
            format!("`--games-from {name}`: no game with a result (`1-0`, `0-1`, `1/2-1/2`)"),
            "give a PGN file of finished games",
        ));
    }
    Ok(games)
}

/// Refuses `v` unless it has two seats and no dice, as PGN and EPD hold: `what` says which
/// option and file ("`--games-from m.pgn`: PGN holds two-seat games"), the message goes on
/// with what `v` has.
pub fn two_seats_only(v: &Variant, what: &str) -> Result<(), Failure> {
    if v.seats.len() == 2 && v.rules.dice.is_none() {
        return Ok(());
    }
    Err(super::bad_input(
        Code::RecordSyntax,
        format!(
            "{what} without dice, and {} has {} seats{}",
            v.name,
            v.seats.len(),
            if v.rules.dice.is_some() {
                " and dice"
            } else {
                ""
            }
        ),
        "fit this variant on self-play (`--games N`)",
    ))
}

/// The byte offsets where the games of a PGN text begin: the first tag line, and each tag
/// line that follows moves.
fn game_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut in_moves = true;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if t.starts_with('[') {
            if in_moves {
                starts.push(at);
            }
            in_moves = false;
        } else if !t.is_empty() && !t.starts_with('%') {
            if starts.is_empty() {
                starts.push(at);
            }
            in_moves = true;
        }
        at += line.len();
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_begin_at_each_tag_block_after_moves() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\
                    [Result \"*\"]\n\n1. d4 *\n";
        let second = text.find("[Event \"b\"]").unwrap();
        assert_eq!(game_starts(text), [0, second]);
        assert_eq!(game_starts("1. e4 e5 *\n"), [0]);
        assert_eq!(game_starts(""), Vec::<usize>::new());
    }
}
