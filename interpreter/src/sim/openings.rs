//! Openings for `simulate --openings FILE`: one start position per line, read for every
//! variant of a run.

use crate::compile::Variant;
use crate::engine::Position;
use crate::notation::parse_position;
use std::sync::Arc;

/// The most openings one file may hold.
pub const MAX_OPENINGS: usize = 100_000;

/// Reads the openings in `text` (named `name` in messages) for each of `variants`: one
/// position per line — FEN for two-seat variants, or EPD (its four fields, the operations
/// after them ignored), or a position string — with blank lines and lines starting with `#`
/// skipped. Returns per variant the positions in file order.
///
/// # Errors
/// A line that is no position of a variant (named by its line number, its text not shown), a
/// position whose game is already over, or no position at all.
pub fn read_openings(
    name: &str,
    text: &str,
    variants: &[Arc<Variant>],
) -> Result<Vec<Vec<Position>>, String> {
    let mut out: Vec<Vec<Position>> = vec![Vec::new(); variants.len()];
    for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if out[0].len() >= MAX_OPENINGS {
            return Err(format!("`{name}` holds more than {MAX_OPENINGS} openings"));
        }
        for (v, list) in variants.iter().zip(&mut out) {
            let mut pos = read_line(v, line).map_err(|e| {
                format!(
                    "`{name}` line {number} is not a position of {}: {e}",
                    v.name
                )
            })?;
            if pos.outcome().is_some() {
                return Err(format!(
                    "`{name}` line {number}: the game is already over in this position"
                ));
            }
            list.push(pos);
        }
    }
    if out[0].is_empty() {
        return Err(format!("`{name}` holds no position"));
    }
    Ok(out)
}

/// One line as a position: the whole line, else (EPD, two seats) its first four fields with
/// the move counters `0 1`.
///
/// # Errors
/// Neither reads as a position of `v`: the whole line's error.
pub fn read_line(v: &Arc<Variant>, line: &str) -> Result<Position, String> {
    let whole = match parse_position(v, line) {
        Ok(p) => return Ok(p),
        Err(e) => e.to_string(),
    };
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() > 4 && v.seats.len() == 2 {
        let epd = format!("{} 0 1", fields[..4].join(" "));
        if let Ok(p) = parse_position(v, &epd) {
            return Ok(p);
        }
    }
    Err(whole)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Assignment;

    #[test]
    fn fen_and_epd_lines_are_read_and_comments_skipped() {
        let v = crate::engine::load_variant("chess", &Assignment::default()).expect("built in");
        let text = "# two openings\n\
                    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\n\
                    rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - bm Nf3; id \"e4e5\";\n";
        let o = read_openings("book.epd", text, std::slice::from_ref(&v)).expect("read");
        assert_eq!(o[0].len(), 2);
        assert_eq!(
            crate::notation::to_fen(&o[0][1]),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
        );
        let bad = read_openings("book.epd", "x\n", std::slice::from_ref(&v)).unwrap_err();
        assert!(
            bad.starts_with("`book.epd` line 1 is not a position of chess"),
            "{bad}"
        );
        let empty = read_openings("book.epd", "# none\n", std::slice::from_ref(&v));
        assert_eq!(empty.unwrap_err(), "`book.epd` holds no position");
    }
}
