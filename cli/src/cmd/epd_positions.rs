//! `values --positions-from FILE.epd`: scored positions (an engine's scores, or the results
//! of the games they come from) as rows to fit on
//! ([`ashtapada::agents::fit::ScoredPosition`]).
//!
//! One position per line, EPD: the position's four FEN fields (the two move counters may
//! follow), then operations `opcode operand;`. Read:
//! - `ce N`: the position's score in centipawns for the seat to move (EPD's "centipawn
//!   evaluation"), taken as an expected share by
//!   [`share_of_centipawns`](ashtapada::agents::fit::share_of_centipawns);
//! - `c9 "1-0"` (or `"0-1"`, `"1/2-1/2"`): the result of the game the position comes from,
//!   as Texel-tuning sets (`quiet-labeled.epd`) give it; `ce` wins where a line has both;
//! - `id "…"`: the positions of one id are resampled together for the intervals (give each
//!   game its own); a line without one is its own group.
//!
//! Other operations are ignored; blank lines and `#` comments are skipped.

use super::Failure;
use ashtapada::agents::fit::{ScoredPosition, share_of_centipawns};
use ashtapada::diag::{Code, Diagnostic, Span, text_source};
use ashtapada::{Seat, Variant};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// The most positions one file may hold.
const MAX_POSITIONS: usize = 2_000_000;

/// The largest file read, in bytes.
const MAX_BYTES: u64 = 512 << 20;

/// What a read gives: the positions, and how many lines were left out because a seat is in
/// check or the game is over there (their static features say little).
pub struct Read {
    /// The positions to fit on.
    pub positions: Vec<ScoredPosition>,
    /// Lines left out (a seat in check, or the game over).
    pub skipped: usize,
}

/// The scored positions of the EPD file at `path`, in `v`.
///
/// Errors (located at the line and column): the file does not read or is too large; `v` has
/// more than two seats or dice; a line's position is not one of `v`; a line has neither `ce`
/// nor `c9`, or its operand does not read; no position is left.
pub fn read(v: &Arc<Variant>, path: &Path) -> Result<Read, Failure> {
    let name = path.display().to_string();
    super::pgn_games::two_seats_only(
        v,
        &format!("`--positions-from {name}`: EPD holds two-seat positions"),
    )?;
    let text = read_text(path, &name)?;
    let src = text_source(&name, &text);
    let located = |message: String, help: &str, at: usize, len: usize| {
        let start = at.min(text.len());
        let span = Span::new(&src, start, (start + len.max(1)).min(text.len()));
        Failure::Diagnostics(
            Diagnostic::new(Code::RecordSyntax, message, Some(span))
                .label("here")
                .help(help)
                .into(),
        )
    };
    let mut groups: HashMap<String, u32> = HashMap::new();
    let mut positions = Vec::new();
    let mut skipped = 0;
    let mut offset = 0;
    // A line ends at `\n`, `\r\n` or a lone `\r` (old Mac files); `\r\n` leaves an empty
    // line between, which is skipped.
    let mut next_number = 1;
    for raw in text.split_inclusive(['\n', '\r']) {
        let line_at = offset;
        offset += raw.len();
        let number = next_number;
        if raw.ends_with('\n') || !text[offset..].starts_with('\n') {
            next_number += 1;
        }
        let line = raw.trim_end_matches(['\n', '\r']);
        let lead = line.len() - line.trim_start().len();
        let line = line.trim();
        let at = line_at + lead;
        // A byte-order mark (as some editors write) is skipped.
        let (line, at) = match line.strip_prefix('\u{feff}') {
            Some(rest) => (rest.trim_start(), at + 3),
            None => (line, at),
        };
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if positions.len() + skipped >= MAX_POSITIONS {
            return Err(located(
                format!("`{name}` holds more than {MAX_POSITIONS} positions"),
                "split the file",
                at,
                1,
            ));
        }
        let (fen, ops_at) = position_fields(line);
        let mut pos = read_position(v, fen).map_err(|e| {
            located(
                format!("line {number} is not a position of {}: {e}", v.name),
                "an EPD line is the FEN's four fields, then operations such as `ce 35;`",
                at,
                fen.len(),
            )
        })?;
        let Labels { score, result, id } = labels(&line[ops_at..], at + ops_at, number, &located)?;
        let first = match (score, result) {
            (Some(cp), _) => {
                let mover = share_of_centipawns(cp);
                if pos.to_move() == Seat(0) {
                    mover
                } else {
                    1.0 - mover
                }
            }
            (None, Some(share)) => share,
            (None, None) => {
                return Err(located(
                    format!("line {number} has no score (`ce`) and no result (`c9`)"),
                    "end the line with `ce N;` (centipawns for the seat to move) or `c9 \"1-0\";`",
                    at,
                    line.len(),
                ));
            }
        };
        if pos.outcome().is_some() || (0..2).any(|s| pos.in_check(Seat(s))) {
            skipped += 1;
            continue;
        }
        let next = groups.len() as u32;
        let group = match id {
            Some(id) => *groups.entry(id).or_insert(next),
            None => {
                groups.insert(format!("\0line {number}"), next);
                next
            }
        };
        positions.push(ScoredPosition {
            pos,
            share: vec![first, 1.0 - first],
            group,
        });
    }
    if positions.is_empty() {
        return Err(super::bad_input(
            Code::RecordSyntax,
            format!(
                "`--positions-from {name}`: no position to fit on (none, or every one in check or over)"
            ),
            "give an EPD file of quiet positions with `ce N;` or `c9 \"1-0\";`",
        ));
    }
    Ok(Read { positions, skipped })
}

/// The text of the file at `path` (named `name` in messages).
///
/// Errors: it is missing, not a file, larger than [`MAX_BYTES`], unreadable or not UTF-8.
fn read_text(path: &Path, name: &str) -> Result<String, Failure> {
    let unreadable = |e: String| {
        super::bad_input(
            Code::RecordRead,
            format!("cannot read the positions `{name}`: {e}"),
            "give the path of an EPD file, one position per line with `ce N;` or `c9 \"1-0\";`",
        )
    };
    let meta = std::fs::metadata(path).map_err(|e| unreadable(e.to_string()))?;
    if !meta.is_file() {
        return Err(unreadable("not a file".into()));
    }
    if meta.len() > MAX_BYTES {
        return Err(unreadable(format!("larger than {MAX_BYTES} bytes")));
    }
    let bytes = std::fs::read(path).map_err(|e| unreadable(e.to_string()))?;
    String::from_utf8(bytes).map_err(|_| unreadable("not UTF-8 text".into()))
}

/// What an EPD line's operations say: its score (`ce`), its game's result for the first seat
/// (`c9`) and its id.
struct Labels {
    score: Option<f64>,
    result: Option<f64>,
    id: Option<String>,
}

/// The [`Labels`] of the operations in `ops` (starting at byte `at` of the file, on line
/// `number`); `located` makes an error at a span of the file.
///
/// Errors: a word that is no opcode, a `ce` that is no number, a `c9` that is no result.
fn labels(
    ops: &str,
    at: usize,
    number: usize,
    located: &dyn Fn(String, &str, usize, usize) -> Failure,
) -> Result<Labels, Failure> {
    let mut out = Labels {
        score: None,
        result: None,
        id: None,
    };
    for (op, op_at) in operations(ops) {
        let op_at = at + op_at;
        let (code, operand) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
        if !is_opcode(code) {
            return Err(located(
                format!("line {number}: `{code}` is not an EPD operation"),
                "after the position, each operation is an opcode (a letter, then letters, digits or `_`), its operands and `;`",
                op_at,
                code.len(),
            ));
        }
        let operand = operand.trim();
        let unquoted = operand.trim_matches('"');
        match code {
            "ce" => {
                let cp = operand
                    .parse()
                    .ok()
                    .filter(|x: &f64| x.is_finite())
                    .ok_or_else(|| {
                        located(
                            format!("line {number}: `ce {operand}` is not a score in centipawns"),
                            "give `ce` a number of centipawns for the seat to move, e.g. `ce -35;`",
                            op_at,
                            op.len(),
                        )
                    })?;
                out.score = Some(cp);
            }
            "c9" => {
                out.result = Some(match unquoted {
                    "1-0" => 1.0,
                    "0-1" => 0.0,
                    "1/2-1/2" => 0.5,
                    _ => {
                        return Err(located(
                            format!("line {number}: `c9 {operand}` is not a result"),
                            "give `c9` \"1-0\", \"0-1\" or \"1/2-1/2\" (the first seat's result)",
                            op_at,
                            op.len(),
                        ));
                    }
                });
            }
            "id" => out.id = Some(unquoted.to_string()),
            _ => {}
        }
    }
    Ok(out)
}

/// An EPD opcode: a letter, then letters, digits or `_`.
fn is_opcode(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The position of an EPD line's position part: as written (a FEN with its counters, or a
/// variant's longer FEN), else with the move counters `0 1` after it (EPD leaves them out;
/// a check-counting variant's `3+3` stays), else its first four fields with `0 1`.
fn read_position(v: &Arc<Variant>, fen: &str) -> Result<ashtapada::Position, String> {
    let whole = match ashtapada::notation::parse_position(v, fen) {
        Ok(p) => return Ok(p),
        Err(e) => e.to_string(),
    };
    if let Ok(p) = ashtapada::notation::parse_position(v, &format!("{fen} 0 1")) {
        return Ok(p);
    }
    ashtapada::sim::read_line(v, fen).map_err(|_| whole)
}

/// The position part of an EPD line (its four fields, then any words that cannot begin an
/// operation: move counters, a check count such as `3+3`) and the byte offset where the
/// operations begin.
fn position_fields(line: &str) -> (&str, usize) {
    let mut end = 0;
    let mut fields = 0;
    let mut rest = line;
    while fields < 8 {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            break;
        }
        let word_len = trimmed
            .find(|c: char| c.is_whitespace() || c == ';')
            .unwrap_or(trimmed.len());
        let word = &trimmed[..word_len];
        if fields >= 4 && (word.is_empty() || word.starts_with(|c: char| c.is_ascii_alphabetic())) {
            break;
        }
        let start = line.len() - trimmed.len();
        end = start + word_len;
        rest = &line[end..];
        fields += 1;
    }
    (&line[..end], end)
}

/// The operations of an EPD line's tail: each `opcode operand…` up to its `;` (a `;` inside
/// double quotes does not end one), trimmed, with its byte offset in `tail`.
fn operations(tail: &str) -> Vec<(&str, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    for (i, c) in tail.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                push_op(tail, start, i, &mut out);
                start = i + 1;
            }
            _ => {}
        }
    }
    push_op(tail, start, tail.len(), &mut out);
    out
}

fn push_op<'a>(tail: &'a str, start: usize, end: usize, out: &mut Vec<(&'a str, usize)>) {
    let piece = &tail[start..end];
    let lead = piece.len() - piece.trim_start().len();
    let op = piece.trim();
    if !op.is_empty() {
        out.push((op, start + lead));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_position_is_four_fields_and_any_counters() {
        let line = "8/8/8/8/8/8/8/K6k w - - 3 40 ce 12; id \"g1\";";
        let (fen, at) = position_fields(line);
        assert_eq!(fen, "8/8/8/8/8/8/8/K6k w - - 3 40");
        assert_eq!(
            operations(&line[at..]),
            vec![("ce 12", 1), ("id \"g1\"", 8)]
        );
        let line = "8/8/8/8/8/8/8/K6k b - - c9 \"1/2-1/2\";";
        let (fen, at) = position_fields(line);
        assert_eq!(fen, "8/8/8/8/8/8/8/K6k b - -");
        assert_eq!(operations(&line[at..]), vec![("c9 \"1/2-1/2\"", 1)]);
        assert_eq!(
            operations(" id \"a;b\"; ce 1"),
            vec![("id \"a;b\"", 1), ("ce 1", 11)]
        );
    }
}
