//! PGN for two-seat games: the seven-tag roster, the `Variant` tag and (from a position other
//! than the start) `SetUp "1"` and `FEN`, as Fairy-Stockfish's tools and lichess-style readers
//! (python-chess's `chess.pgn`) read them; moves in SAN as Fairy-Stockfish's `move_to_san`
//! writes standard notation:
//! - the piece's letter in upper case, none for a pawn (a kind lettered `P` that promotes
//!   chess-style: not to one kind a capture demotes back, as shogi's pawn does);
//! - the origin's file, else rank, else square where another piece of the kind could make the
//!   same move (a pawn's capture always names its file);
//! - `x` for a capture, `@` for a drop (`N@f3`), `O-O`/`O-O-O` for castling;
//! - `=` and the new kind's letter for any move that changes the piece's kind (a promotion,
//!   as `e8=Q`, or a flip of Kyoto shogi);
//! - `+` for check and `#` for mate.
//!
//! [`read_pgn`] reads the first game of a PGN text (tags, moves; comments, variations, NAGs
//! and move numbers skipped) and [`san_move`] reads a SAN move back against a position,
//! check marks optional.

use super::fen::to_fen;
use super::moves::{MoveError, pass_text, takes_pieces};
use crate::engine::Position;
use crate::vocab::{Action, Kind, Move, Outcome};

/// True if `kind` is written as a pawn in SAN: lettered `P` and promoting chess-style (to
/// several kinds, or to one that a capture does not demote back to it).
fn is_pawn(pos: &Position, kind: Kind) -> bool {
    let v = pos.variant();
    let Some(info) = v.kinds.get(kind.index()) else {
        return false;
    };
    let Some(p) = info.promotion.as_ref() else {
        return false;
    };
    let shogi_style =
        p.to.len() == 1 && (v.rules.hands.as_ref()).is_some_and(|h| h.demoted(p.to[0]) == kind);
    info.letter.eq_ignore_ascii_case(&'P') && !shogi_style
}

/// The castling move `m` is, if it is one: true for the king's side (`O-O`, the royal moving
/// to a higher file).
fn castling_side(pos: &Position, m: Move) -> Option<bool> {
    let v = pos.variant();
    let c = v.rules.castling.as_ref()?;
    if m.is_drop() || pos.piece_at(m.from).kind() != c.royal {
        return None;
    }
    let seat = pos.to_move().index();
    let found = (c.moves.get(seat).into_iter().flatten())
        .any(|cm| cm.king_from == m.from.0 && cm.king_to == m.to.0);
    found.then(|| v.board.file(m.to) > v.board.file(m.from))
}

/// Writes the legal move `m` of `pos` in SAN (module docs), a wall after a comma (`e4,e5`).
/// `pos` is handed back as it was.
pub fn san(pos: &mut Position, m: Move) -> String {
    let mut s = san_body(pos, m);
    // A two-part move's wall, as Fairy-Stockfish's SAN writes it: `e4,e5`.
    if let Some(w) = m.wall() {
        s.push(',');
        s.push_str(&pos.variant().board.name(w));
    }
    pos.play_unchecked(m);
    let seat = pos.to_move();
    if pos.variant().has_royals() && pos.in_check(seat) {
        s.push(if pos.legal_move_list().is_empty() && !pos.can_pass() {
            '#'
        } else {
            '+'
        });
    }
    pos.undo();
    s
}

/// SAN without the check mark.
fn san_body(pos: &mut Position, m: Move) -> String {
    let v = pos.variant().clone();
    let board = v.board;
    let letter = |k: Kind| v.kinds[k.index()].letter.to_ascii_uppercase();
    if let Some(k) = m.gate() {
        // A gating move: the move, `/` and the gated kind's letter (`Nc3/H`); castling adds
        // the square it enters on (`O-O/He1`, `O-O/Hh1`).
        let base = match pos.partner_gate(m) {
            Some(king_to) => Move::board(m.to, crate::geometry::Square(king_to)),
            None => Move::board(m.from, m.to).with_die(m.die),
        };
        let castles = castling_side(pos, base).is_some();
        let mut s = san_body(pos, base);
        s.push('/');
        s.push(letter(k));
        if castles {
            s.push_str(&board.name(m.from));
        }
        return s;
    }
    if let Some(k) = m.dropped() {
        // A drop shows the face it lands on.
        return format!(
            "{}@{}",
            letter(m.drop_face().unwrap_or(k)),
            board.name(m.to)
        );
    }
    if let Some(king_side) = castling_side(pos, m) {
        return if king_side { "O-O" } else { "O-O-O" }.into();
    }
    let kind = pos.piece_at(m.from).kind();
    let pawn = is_pawn(pos, kind);
    let capture = takes_pieces(pos, m);
    let mut s = String::new();
    if !pawn {
        s.push(letter(kind));
    }
    let legal = pos.legal_move_list();
    let others: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|o| !o.is_drop() && o.to == m.to && o.from != m.from)
        .filter(|o| o.promotes_to() == m.promotes_to() && o.die == m.die)
        .filter(|o| pos.piece_at(o.from).kind() == kind)
        .collect();
    let file = |sq| {
        board
            .name(sq)
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect::<String>()
    };
    let rank = |sq| {
        board
            .name(sq)
            .chars()
            .skip_while(char::is_ascii_alphabetic)
            .collect::<String>()
    };
    if pawn && capture {
        s.push_str(&file(m.from));
    } else if !others.is_empty() {
        if others
            .iter()
            .all(|o| board.file(o.from) != board.file(m.from))
        {
            s.push_str(&file(m.from));
        } else if others
            .iter()
            .all(|o| board.rank(o.from) != board.rank(m.from))
        {
            s.push_str(&rank(m.from));
        } else {
            s.push_str(&board.name(m.from));
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&board.name(m.to));
    if let Some(k) = m.promotes_to() {
        s.push('=');
        s.push(letter(k));
    }
    s
}

/// `text` without check and annotation marks (`+`, `#`, `!`, `?`), zeros in castling read as
/// letters.
fn plain(text: &str) -> String {
    text.trim_end_matches(['+', '#', '!', '?'])
        .replace("0-0-0", "O-O-O")
        .replace("0-0", "O-O")
}

/// Reads one SAN move (module docs) against `pos`: written as [`san`] writes it, with or
/// without its check mark and annotations (`!`, `?`); `pass` and `--` are a pass, and a move
/// in coordinates (`e2e4`) is read too.
///
/// # Errors
/// No legal move is written so, or (without its marks) more than one is.
pub fn san_move(pos: &mut Position, text: &str) -> Result<Action, MoveError> {
    let t = text.trim();
    if matches!(t, "pass" | "--") || pass_text(pos).is_some_and(|p| p == t) {
        return Ok(Action::Pass);
    }
    let want = plain(t);
    let legal = pos.legal_move_list();
    let mut found: Vec<Move> = Vec::new();
    for &m in &legal {
        let written = san(pos, m);
        if written == t {
            return Ok(Action::Move(m));
        }
        if plain(&written) == want {
            found.push(m);
        }
    }
    match found.as_slice() {
        [m] => Ok(Action::Move(*m)),
        [] => super::moves::parse_move(pos, t)
            .map(Action::Move)
            .map_err(|_| MoveError::Illegal {
                text: t.to_string(),
                from_same_square: Vec::new(),
                why: Some(super::moves::MoveRefusal::NotSan {
                    text: t.to_string(),
                    legal: legal_list(pos, &legal),
                }),
            }),
        _ => Err(MoveError::Syntax(format!(
            "`{t}` could be {}: add the check mark or the origin",
            found
                .iter()
                .map(|&m| san(pos, m))
                .collect::<Vec<_>>()
                .join(" or ")
        ))),
    }
}

/// The legal moves in SAN, the first 40.
fn legal_list(pos: &mut Position, legal: &[Move]) -> String {
    let mut shown: Vec<String> = legal.iter().take(40).map(|&m| san(pos, m)).collect();
    if legal.len() > 40 {
        shown.push("…".into());
    }
    shown.join(" ")
}

/// The PGN result of `pos`: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on (or for a
/// ranked ending).
pub fn result_text(pos: &mut Position) -> &'static str {
    match pos.outcome() {
        Some(Outcome::Decisive { winner, .. }) if winner.index() == 0 => "1-0",
        Some(Outcome::Decisive { .. }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        _ => "*",
    }
}

/// A tag value with `\` and `"` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes the game of `pos` (its root and every action since) as one PGN game. `tags`
/// replaces or adds tags (`Event`, `White`, `Black`, `Round`…; the roster's defaults are `?`);
/// `Variant` is the variant's name, `Result` the game's result, and `SetUp`/`FEN` are written
/// when the root is not the variant's start position.
///
/// # Errors
/// The variant does not have two seats or has dice (PGN has no rolls).
pub fn to_pgn(pos: &Position, tags: &[(&str, String)]) -> Result<String, String> {
    let v = pos.variant().clone();
    if v.seats.len() != 2 || v.rules.dice.is_some() {
        return Err(format!(
            "PGN holds two-seat games without dice; {} has {} seats{}: save a JSON or YAML record",
            v.name,
            v.seats.len(),
            if v.rules.dice.is_some() {
                " and dice"
            } else {
                ""
            }
        ));
    }
    let mut root = pos.clone();
    let mut actions = Vec::new();
    while let Some(a) = root.undo() {
        actions.push(a);
    }
    actions.reverse();
    let fen = to_fen(&root);
    let start = to_fen(&Position::start(v.clone()));
    let mut end = pos.clone();
    let result = result_text(&mut end);
    let mut all: Vec<(String, String)> = [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", v.seats[0].name.as_str()),
        ("Black", v.seats[1].name.as_str()),
    ]
    .iter()
    .map(|(k, x)| (k.to_string(), x.to_string()))
    .collect();
    all.push(("Result".into(), result.into()));
    all.push(("Variant".into(), v.name.clone()));
    if fen != start {
        all.push(("SetUp".into(), "1".into()));
        all.push(("FEN".into(), fen));
    }
    for (k, x) in tags {
        match all.iter_mut().find(|(n, _)| n == k) {
            Some(slot) => slot.1 = x.clone(),
            None => all.push((k.to_string(), x.clone())),
        }
    }
    let mut text = String::new();
    for (k, x) in &all {
        text.push_str(&format!("[{k} \"{}\"]\n", escape(x)));
    }
    text.push('\n');
    let mut words = Vec::new();
    let mut number = root.fullmove().max(1);
    for (i, a) in actions.into_iter().enumerate() {
        if matches!(a, Action::Resign) {
            // A resignation is no move: the result tag says who won.
            root.play_action_unchecked(a);
            continue;
        }
        let first = root.to_move().index() == 0;
        if first {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(match a {
            Action::Move(m) => san(&mut root, m),
            _ => "--".to_string(),
        });
        if !first {
            number += 1;
        }
        root.play_action_unchecked(a);
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    text.push_str(&line);
    text.push_str("\n\n");
    Ok(text)
}

/// One game read from PGN: its tags, in order, and its moves as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// (name, value), unescaped.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line, as written (move numbers, comments, NAGs and variations
    /// left out), each with its byte offset in the text.
    pub moves: Vec<(String, usize)>,
    /// The result written after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of the tag `name` (case-sensitive, as PGN's tags are).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A PGN text that does not read: the message and the byte offset it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// What is wrong.
    pub message: String,
    /// Where, in bytes from the start of the text.
    pub at: usize,
}

/// Reads the first game of a PGN text.
///
/// # Errors
/// A malformed tag, an unclosed comment or variation, or no game at all.
pub fn read_pgn(text: &str) -> Result<PgnGame, PgnError> {
    let mut game = PgnGame::default();
    let bytes = text.as_bytes();
    let mut i = 0;
    let err = |message: String, at: usize| PgnError { message, at };
    let mut moves_started = false;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'%' if i == 0 || bytes[i - 1] == b'\n' => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
            }
            b';' => i = text[i..].find('\n').map_or(bytes.len(), |n| i + n),
            b'[' if !moves_started => {
                let end = text[i..]
                    .find(']')
                    .map(|n| i + n)
                    .ok_or_else(|| err("a tag is not closed with `]`".into(), i))?;
                game.tags
                    .push(read_tag(&text[i + 1..end]).map_err(|m| err(m, i))?);
                i = end + 1;
            }
            b'{' => {
                i = text[i..]
                    .find('}')
                    .map(|n| i + n + 1)
                    .ok_or_else(|| err("a comment `{` is not closed".into(), i))?;
            }
            b'(' => {
                let start = i;
                let mut depth = 0;
                while i < bytes.len() {
                    match bytes[i] {
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        b'{' => {
                            i = text[i..].find('}').map_or(bytes.len(), |n| i + n);
                        }
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
                if depth != 0 {
                    return Err(err("a variation `(` is not closed".into(), start));
                }
            }
            b'[' => break, // the next game's tags
            _ => {
                moves_started = true;
                let start = i;
                while i < bytes.len() && !b" \t\r\n{}();[".contains(&bytes[i]) {
                    i += 1;
                }
                let word = &text[start..i];
                if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    game.result = Some(word.to_string());
                    break;
                }
                if word.starts_with('$') {
                    continue;
                }
                // A move number, `12.` or `12...`, possibly joined to its move (`12.e4`).
                let after = word.trim_start_matches(|c: char| c.is_ascii_digit());
                let (word, start) = if after.len() < word.len() && after.starts_with('.') {
                    let rest = after.trim_start_matches('.');
                    (rest, start + (word.len() - rest.len()))
                } else {
                    (word, start)
                };
                if !word.is_empty() {
                    game.moves.push((word.to_string(), start));
                }
            }
        }
    }
    if game.tags.is_empty() && game.moves.is_empty() {
        return Err(err("no PGN game: neither tags nor moves".into(), 0));
    }
    Ok(game)
}

/// One tag's inside: `Name "value"`.
fn read_tag(inside: &str) -> Result<(String, String), String> {
    let inside = inside.trim();
    let (name, rest) = inside
        .split_once(|c: char| c.is_whitespace())
        .ok_or_else(|| format!("the tag `[{inside}]` has no value: write `[Name \"value\"]`"))?;
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("the value of the tag `{name}` is not in double quotes"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.extend(chars.next());
        } else {
            value.push(c);
        }
    }
    Ok((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    fn play_san(pos: &mut Position, moves: &[&str]) {
        for m in moves {
            let a = san_move(pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
            pos.play_action(a).unwrap();
        }
    }

    /// SAN as chess players (and Fairy-Stockfish) write it: pawn moves and captures, piece
    /// disambiguation, castling, promotion, check and mate (hand-checked positions).
    #[test]
    fn chess_san_is_written_as_players_write_it() {
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let mut pos = Position::start(v.clone());
        // The scholar's mate.
        let line = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];
        let mut written = Vec::new();
        for m in line {
            let Action::Move(mv) = san_move(&mut pos, m).unwrap() else {
                panic!()
            };
            written.push(san(&mut pos, mv));
            pos.play(mv).unwrap();
        }
        assert_eq!(written, line);
        // Knights on b1 and f3 both reach d2: the file tells them apart; rooks on a1 and a5
        // reach a3: the rank; castling; a promotion with check.
        let mut pos =
            crate::notation::from_fen(&v, "8/4P3/2k5/R7/8/5N2/8/RN2K2R w K - 0 1").unwrap();
        let mut all: Vec<String> = pos
            .legal_move_list()
            .into_iter()
            .map(|m| san(&mut pos, m))
            .collect();
        all.sort();
        for want in [
            "Nbd2", "Nfd2", "R1a3", "R5a3", "O-O", "e8=Q+", "e8=B+", "e8=R", "e8=N",
        ] {
            assert!(all.contains(&want.to_string()), "{want}: {all:?}");
        }
        let Action::Move(m) = san_move(&mut pos, "e8=Q").unwrap() else {
            panic!()
        };
        assert_eq!(crate::notation::move_to_string(&pos, m), "e7e8q");
        assert!(san_move(&mut pos, "Nd2").is_err(), "ambiguous");
    }

    /// Drops are `N@f3`, and a crazyhouse game written to PGN reads back to the same position.
    #[test]
    fn a_crazyhouse_game_round_trips_through_pgn() {
        let v = load_variant("crazyhouse", &Assignment::default()).unwrap();
        let mut pos = Position::start(v.clone());
        play_san(
            &mut pos,
            &["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@e5", "P@d4"],
        );
        let text = to_pgn(&pos, &[("Event", "test".into())]).unwrap();
        assert!(text.contains("[Variant \"crazyhouse\"]"), "{text}");
        assert!(text.contains("4. P@e5 P@d4 *"), "{text}");
        let game = read_pgn(&text).unwrap();
        assert_eq!(game.tag("Event"), Some("test"));
        assert_eq!(game.result.as_deref(), Some("*"));
        let mut again = Position::start(v);
        let moves: Vec<&str> = game.moves.iter().map(|(m, _)| m.as_str()).collect();
        play_san(&mut again, &moves);
        assert_eq!(to_fen(&again), to_fen(&pos));
    }

    /// Tags, comments, NAGs, variations and move numbers are read around the moves.
    #[test]
    fn pgn_text_is_read_around_its_moves() {
        let text = "[Event \"a \\\"quoted\\\" match\"]\n[Variant \"chess\"]\n\n\
                    1.e4 {best by test} e5 2. Nf3 $1 (2. f4 exf4) 2... Nc6 ; a comment\n3. Bb5 1-0\n";
        let g = read_pgn(text).unwrap();
        assert_eq!(g.tag("Event"), Some("a \"quoted\" match"));
        let moves: Vec<&str> = g.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(g.result.as_deref(), Some("1-0"));
        assert!(read_pgn("[Event \"x\"\n").is_err());
        assert!(read_pgn("1. e4 {open").is_err());
    }

    /// A game from a FEN gets `SetUp` and `FEN`, and starts with the right move number.
    #[test]
    fn a_game_from_a_position_carries_its_fen() {
        let v = load_variant("shogi", &Assignment::default()).unwrap();
        let fen = "8k/9/9/9/9/9/9/9/K8[Pp] b - - 0 7";
        let mut pos = crate::notation::from_fen(&v, fen).unwrap();
        play_san(&mut pos, &["P@i8"]);
        let text = to_pgn(&pos, &[]).unwrap();
        assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
        assert!(text.contains("[SetUp \"1\"]"), "{text}");
        assert!(text.contains("7... P@i8"), "{text}");
    }
}
