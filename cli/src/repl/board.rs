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
    // A promoted piece is written as shogi players write it, `+S`: beside a seat's symbol
    // that takes a third column in every square.
    let wide = !glyphs.is_empty() && v.kinds.iter().any(|k| k.unpromoted.is_some());
    let square_width = if wide { 5 } else { 4 };
    let mut rows: Vec<String> = Vec::new();
    for rank in (0..board.ranks as i32).rev() {
        let mut row = format!("{:>2} ", rank + 1);
        for file in 0..board.files as i32 {
            let Some(sq) = board.square(file, rank) else {
                continue;
            };
            row.push_str(&cell(pos, sq, marks, &glyphs, color, wide));
        }
        rows.push(row);
    }
    let mut files = String::from("   ");
    for file in 0..board.files {
        let letter = (b'a' + file) as char;
        files.push_str(&format!(" {letter:<w$}", w = square_width - 1));
    }
    rows.push(files.trim_end().to_string());
    let width = 3 + square_width * board.files as usize;
    let mut out = String::new();
    for i in 0..rows.len().max(panel.len()) {
        let row = rows.get(i).map_or("", String::as_str);
        match panel.get(i) {
            Some(p) => {
                let shown = match i < board.ranks as usize {
                    true => width,
                    false => row.chars().count(),
                };
                let pad = width.saturating_sub(shown);
                out.push_str(&format!("{row}{}   {p}", " ".repeat(pad)));
            }
            None => out.push_str(row.trim_end()),
        }
        out.push('\n');
    }
    out
}

/// How a kind is written on the board and in hands: its letter, or for a promoted kind (one
/// a capture demotes, [`ashtapada::compile::KindInfo::unpromoted`]) `+` and the letter of
/// the kind it promoted from, as shogi players and FEN write it (`+S`, `+P`).
pub fn kind_text(v: &ashtapada::Variant, kind: ashtapada::Kind) -> String {
    let info = &v.kinds[kind.index()];
    match info.unpromoted {
        Some(base) => format!("+{}", v.kinds[base.index()].letter),
        None => info.letter.to_string(),
    }
}

/// One square: four columns wide, five if `wide` (a symbol and a promoted piece, `▲+S`).
fn cell(
    pos: &Position,
    sq: Square,
    marks: &Marks,
    glyphs: &[String],
    color: bool,
    wide: bool,
) -> String {
    let piece = pos.piece_at(sq);
    let v = pos.variant();
    let (mut content, seat) = if piece.is_empty() {
        ("· ".to_string(), None)
    } else {
        let letter = kind_text(v, piece.kind());
        let owner = piece.owner();
        let text = if owner.0 == NO_OWNER && piece.is_dead() {
            // A wall (a dead piece of no seat): drawn as a solid block.
            "##".to_string()
        } else if owner.0 == NO_OWNER {
            format!("_{letter}")
        } else if glyphs.is_empty() {
            // Two seats without symbols: upper case for the first, lower case for the second.
            let c = if owner.0 == 0 {
                letter.to_ascii_uppercase()
            } else {
                letter.to_ascii_lowercase()
            };
            format!("{c:<2}")
        } else {
            format!("{}{letter}", glyphs[owner.index()])
        };
        (text, (owner.0 != NO_OWNER).then_some(owner))
    };
    let columns = if wide { 3 } else { 2 };
    while content.chars().count() < columns {
        content.push(' ');
    }
    let is_last = marks.last.is_some_and(|(a, b)| a == sq || b == sq);
    let (l, r) = if marks.origin == Some(sq) {
        ('<', '>')
    } else if marks.reach.contains(&sq) {
        ('(', ')')
    } else if is_last {
        ('[', ']')
    } else if piece.is_dead() && piece.owner().0 == NO_OWNER {
        ('#', '#')
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
            let held: Vec<String> = (0..v.kinds.len())
                .map(|k| ashtapada::Kind(k as u8))
                .filter_map(|k| match pos.hand_count(s, k) {
                    0 => None,
                    1 => Some(kind_text(&v, k)),
                    n => Some(format!("{}×{n}", kind_text(&v, k))),
                })
                .collect();
            if !held.is_empty() {
                lines.push(format!("hand {}: {}", label(s), held.join(" ")));
            }
        }
        if v.rules.enclose.is_some_and(|e| e.unlimited) {
            lines.push("stones: an unlimited supply".into());
        } else if seats.iter().all(|&s| pos.hand_total(s) == 0) {
            lines.push("hands: empty".into());
        }
    }
    if let Some(legend) = promoted_legend(pos) {
        lines.push(legend);
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

/// The legend of the promoted pieces on the board, in kind order: `promoted: +S
/// promoted-silver, +P tokin`. `None` when there are none.
fn promoted_legend(pos: &Position) -> Option<String> {
    let v = pos.variant();
    let mut kinds: Vec<ashtapada::Kind> = v
        .board
        .squares()
        .map(|sq| pos.piece_at(sq))
        .filter(|p| !p.is_empty() && v.kinds[p.kind().index()].unpromoted.is_some())
        .map(|p| p.kind())
        .collect();
    kinds.sort_by_key(|k| k.index());
    kinds.dedup();
    if kinds.is_empty() {
        return None;
    }
    let named: Vec<String> = kinds
        .iter()
        .map(|&k| format!("{} {}", kind_text(v, k), v.kinds[k.index()].name))
        .collect();
    Some(format!("promoted: {}", named.join(", ")))
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

    /// Minishogi with sente's promoted silver on c3 and gote's tokin on a4, a silver in each
    /// hand: shogi players write the promoted pieces `+S` and `+p` (not the kinds' own
    /// letters `A` and `t`), and the legend beside the board names them.
    #[test]
    fn promoted_pieces_are_written_as_shogi_players_write_them() {
        let v = load_variant("minishogi", &Assignment::default()).expect("built-in");
        let mut pos = ashtapada::notation::parse_position(&v, "4k/+p4/2+S2/5/K4[Ss] w - - 0 1")
            .expect("a minishogi position");
        let lines = panel(&mut pos, None);
        let plain = draw(&pos, &Marks::default(), &lines, false);
        assert!(plain.contains(" 4  +p  ·   ·   ·   ·"), "{plain}");
        assert!(plain.contains(" 3  ·   ·   +S  ·   ·"), "{plain}");
        assert!(
            plain.contains("promoted: +S promoted-silver, +P tokin"),
            "{plain}"
        );
        assert!(plain.contains("hand sente: S"), "{plain}");
        // Not the kinds' own letters (`A` and `T`).
        assert!(!plain.contains(" A ") && !plain.contains(" t "), "{plain}");
        // The start position has no promoted piece: no legend.
        let mut start = Position::start(v);
        let lines = panel(&mut start, None);
        assert!(
            !lines.iter().any(|l| l.starts_with("promoted:")),
            "{lines:?}"
        );
    }

    /// Four-player shogi draws a symbol beside each piece: its squares widen to fit `▲+S`,
    /// and every rank and the file line stay aligned.
    #[test]
    fn promoted_pieces_beside_seat_symbols_get_a_wider_square() {
        let v = load_variant("yonin-shogi", &Assignment::default()).expect("built-in");
        // South's silver on c1 promoted (`sN`: the promoted silver's own letter is N).
        let text = "2nSnGnKnGnS2/3nPnRnP3/wS3nP3eS/wGwP5ePeG/wKwRwP3ePeReK/wGwP5ePeG/\
                    wS3sP3eS/3sPsRsP3/2sNsGsKsGsS2[] s - 0,0,0,0 - - 0 0 - - - s 0 1";
        let pos = ashtapada::notation::parse_position(&v, text).expect("a position");
        let panel = vec!["|".to_string(); 10];
        let drawn = draw(&pos, &Marks::default(), &panel, false);
        let lines: Vec<&str> = drawn.lines().collect();
        assert!(
            lines[8].starts_with(" 1  ·    ·    ▲+S  ▲G   ▲K"),
            "{drawn}"
        );
        // Every rank and the file line put the panel in the same column: 3 + 5 per file + 3.
        for l in &lines[..10] {
            assert_eq!(
                l.chars().position(|c| c == '|'),
                Some(3 + 5 * 9 + 3),
                "{drawn}"
            );
        }
        assert!(lines[9].starts_with("    a    b    c"), "{drawn}");
    }

    /// Four-player chess's cut corners (dead pieces of no seat, `setup.dead`) are drawn as
    /// solid blocks, one cell as wide as a piece's, not as a piece letter.
    #[test]
    fn walls_are_drawn_as_blocks() {
        let v = load_variant("fourchess", &Assignment::default()).expect("built-in");
        let pos = Position::start(v);
        let panel = vec!["|".to_string(); 15];
        let drawn = draw(&pos, &Marks::default(), &panel, false);
        let first = drawn.lines().next().expect("a rank");
        assert!(first.starts_with("14 ############ ■R  ■N"), "{drawn}");
        assert!(!drawn.contains('X'), "{drawn}");
    }

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
