//! Drawing a position for people: the board with coordinates, seat symbols and colours, the
//! last move and the marked squares, and beside it the seat to move, dice, scores, hands and
//! the seats in check.

use ashtapada::notation::seat_letters;
use ashtapada::{NO_OWNER, Position, Seat, Square};
use owo_colors::{AnsiColors, OwoColorize, Style};

/// Squares to mark on the board.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The last move's origin and target, drawn in `[ ]`.
    pub last: Option<(Square, Square)>,
    /// A selected piece's square, drawn in `< >`.
    pub origin: Option<Square>,
    /// Squares the selected piece can reach, drawn in `( )`.
    pub reach: Vec<Square>,
}

/// The board (one line per rank, the last rank first, then the file letters) with `panel`
/// beside it, line by line. Each square is four columns: a mark, the piece (the owner's symbol
/// and the kind's letter) or `·`, and a closing mark. With `color`, pieces are drawn in their
/// seat's colour and marked squares on a coloured background.
pub fn draw(pos: &Position, marks: &Marks, panel: &[String], color: bool) -> String {
    let v = pos.variant();
    let board = v.board;
    let glyphs = seat_glyphs(pos);
    let mut rows: Vec<String> = Vec::new();
    for rank in (0..board.ranks as i32).rev() {
        let mut row = format!("{:>2} ", rank + 1);
        for file in 0..board.files as i32 {
            let Some(sq) = board.square(file, rank) else {
                continue;
            };
            row.push_str(&cell(pos, sq, marks, &glyphs, color));
        }
        rows.push(row);
    }
    let mut files = String::from("   ");
    for file in 0..board.files {
        files.push_str(&format!(" {}  ", (b'a' + file) as char));
    }
    rows.push(files.trim_end().to_string());
    let width = 3 + 4 * board.files as usize;
    let mut out = String::new();
    for i in 0..rows.len().max(panel.len()) {
        let row = rows.get(i).map_or("", String::as_str);
        match panel.get(i) {
            Some(p) => {
                let pad =
                    width.saturating_sub(visible_width(row, i < board.ranks as usize, board.files));
                out.push_str(&format!("{row}{}   {p}", " ".repeat(pad)));
            }
            None => out.push_str(row.trim_end()),
        }
        out.push('\n');
    }
    out
}

/// The width in columns of a board row (ranks are all `width` wide; the file line is shorter).
fn visible_width(row: &str, is_rank: bool, files: u8) -> usize {
    if is_rank {
        3 + 4 * files as usize
    } else {
        row.chars().count()
    }
}

/// One square, four columns wide.
fn cell(pos: &Position, sq: Square, marks: &Marks, glyphs: &[String], color: bool) -> String {
    let piece = pos.piece_at(sq);
    let v = pos.variant();
    let (content, seat) = if piece.is_empty() {
        ("· ".to_string(), None)
    } else {
        let letter = v.kinds[piece.kind().index()].letter;
        let owner = piece.owner();
        let text = if owner.0 == NO_OWNER {
            format!("_{letter}")
        } else if glyphs.is_empty() {
            // Two seats without symbols: upper case for the first, lower case for the second.
            let c = if owner.0 == 0 {
                letter.to_ascii_uppercase()
            } else {
                letter.to_ascii_lowercase()
            };
            format!("{c} ")
        } else {
            format!("{}{letter}", glyphs[owner.index()])
        };
        (text, (owner.0 != NO_OWNER).then_some(owner))
    };
    let is_last = marks.last.is_some_and(|(a, b)| a == sq || b == sq);
    let (l, r) = if marks.origin == Some(sq) {
        ('<', '>')
    } else if marks.reach.contains(&sq) {
        ('(', ')')
    } else if is_last {
        ('[', ']')
    } else if piece.is_dead() {
        (' ', '*')
    } else {
        (' ', ' ')
    };
    if !color {
        return format!("{l}{content}{r}");
    }
    let mut style = Style::new();
    if let Some(s) = seat {
        style = style.color(seat_color(pos, s)).bold();
    } else if !piece.is_empty() {
        style = style.dimmed();
    }
    let background = if marks.reach.contains(&sq) || marks.origin == Some(sq) {
        Some(AnsiColors::Green)
    } else if is_last {
        Some(AnsiColors::BrightBlack)
    } else {
        None
    };
    let text = format!("{l}{content}{r}");
    match background {
        Some(bg) => text.style(style.on_color(bg)).to_string(),
        None => text.style(style).to_string(),
    }
}

/// Each seat's symbol: `seats[].symbol` from the rule file, else the seat's letter as in
/// position strings. Empty when no seat has a symbol and there are two seats (then letters are
/// upper and lower case, as in FEN).
fn seat_glyphs(pos: &Position) -> Vec<String> {
    let v = pos.variant();
    if v.seats.iter().all(|s| s.symbol.is_none()) && v.seats.len() == 2 {
        return Vec::new();
    }
    let letters = seat_letters(v);
    v.seats
        .iter()
        .zip(letters)
        .map(|(s, l)| s.symbol.clone().unwrap_or_else(|| l.to_string()))
        .collect()
}

/// A seat's colour: the colour its name says (`red`, `blue`, …), else one by turn order.
fn seat_color(pos: &Position, seat: Seat) -> AnsiColors {
    const NAMED: [(&str, AnsiColors); 6] = [
        ("red", AnsiColors::Red),
        ("blue", AnsiColors::Blue),
        ("yellow", AnsiColors::Yellow),
        ("green", AnsiColors::Green),
        ("magenta", AnsiColors::Magenta),
        ("cyan", AnsiColors::Cyan),
    ];
    const BY_ORDER: [AnsiColors; 6] = [
        AnsiColors::BrightCyan,
        AnsiColors::BrightMagenta,
        AnsiColors::BrightYellow,
        AnsiColors::BrightGreen,
        AnsiColors::BrightRed,
        AnsiColors::BrightBlue,
    ];
    let name = &pos.variant().seats[seat.index()].name;
    NAMED
        .iter()
        .find(|(n, _)| n == name)
        .map_or(BY_ORDER[seat.index() % BY_ORDER.len()], |(_, c)| *c)
}

/// The lines beside the board: variant, seat to move and dice, scores, hands, checks, the
/// last move and the result.
pub fn panel(pos: &mut Position, last: Option<&str>) -> Vec<String> {
    let v = pos.variant().clone();
    let glyphs = seat_glyphs(pos);
    let label = |s: Seat| match glyphs.get(s.index()) {
        Some(g) => format!("{g} {}", v.seats[s.index()].name),
        None => v.seats[s.index()].name.clone(),
    };
    let mut lines = vec![format!("{} ({})", v.title, v.name)];
    let outcome = pos.outcome();
    match outcome {
        Some(o) => lines.push(format!("game over: {}", pos.describe_outcome(o))),
        None => lines.push(format!("to move: {}", label(pos.to_move()))),
    }
    if v.rules.dice.is_some() && outcome.is_none() {
        lines.push(if pos.awaiting_roll() {
            "dice: roll due".to_string()
        } else {
            format!("dice left: {}", dice_text(pos))
        });
    }
    let seats: Vec<Seat> = (0..v.seats.len()).map(|i| Seat(i as u8)).collect();
    if v.rules.keeps_score() {
        let scores: Vec<String> = seats
            .iter()
            .map(|&s| format!("{} {}", v.seats[s.index()].name, pos.score(s)))
            .collect();
        lines.push(format!("scores: {}", scores.join(", ")));
    }
    if v.rules.hands.is_some() {
        for &s in &seats {
            let held: Vec<String> = v
                .kinds
                .iter()
                .enumerate()
                .filter_map(|(k, info)| {
                    let n = pos.hand_count(s, ashtapada::Kind(k as u8));
                    match n {
                        0 => None,
                        1 => Some(info.letter.to_string()),
                        n => Some(format!("{}×{n}", info.letter)),
                    }
                })
                .collect();
            if !held.is_empty() {
                lines.push(format!("hand {}: {}", label(s), held.join(" ")));
            }
        }
        if seats.iter().all(|&s| pos.hand_total(s) == 0) {
            lines.push("hands: empty".into());
        }
    }
    let checked: Vec<String> = seats
        .iter()
        .filter(|&&s| outcome.is_none() && pos.in_check(s))
        .map(|&s| v.seats[s.index()].name.clone())
        .collect();
    if !checked.is_empty() {
        lines.push(format!("check: {}", checked.join(", ")));
    }
    if let Some(m) = last {
        lines.push(format!("last move: {m}"));
    }
    lines
}

/// The dice left this turn, smallest first as rolls are written: `1,5`.
pub fn dice_text(pos: &Position) -> String {
    let mut d = pos.dice();
    d.sort_unstable();
    let d: Vec<String> = d.iter().map(u8::to_string).collect();
    d.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashtapada::{Assignment, load_variant};

    #[test]
    fn colour_only_adds_escape_codes() {
        let v = load_variant("chaturaji", &Assignment::default()).expect("built-in");
        let mut pos = Position::start(v);
        let lines = panel(&mut pos, None);
        let marks = Marks {
            origin: pos.variant().board.parse_square("d2"),
            reach: pos.variant().board.parse_square("d3").into_iter().collect(),
            last: None,
        };
        let plain = draw(&pos, &marks, &lines, false);
        let coloured = draw(&pos, &marks, &lines, true);
        assert!(!plain.contains('\u{1b}'));
        assert!(coloured.contains('\u{1b}'));
        let mut stripped = String::new();
        let mut in_code = false;
        for c in coloured.chars() {
            match (in_code, c) {
                (false, '\u{1b}') => in_code = true,
                (true, c) if c.is_ascii_alphabetic() => in_code = false,
                (true, _) => {}
                (false, c) => stripped.push(c),
            }
        }
        let trimmed = |s: &str| s.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
        assert_eq!(trimmed(&stripped), trimmed(&plain));
        assert!(plain.contains(" 2  ●P  ●P  ●P <●P> "), "{plain}");
        assert!(plain.contains(" 3  ·   ·   ·  (· ) "), "{plain}");
        assert!(plain.contains("to move: ● red"), "{plain}");
    }
}
