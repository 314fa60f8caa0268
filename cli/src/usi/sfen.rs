//! USI's squares and SFEN positions, read into ashtapada's coordinates and Fairy-Stockfish's
//! shogi-style FEN.

use ashtapada::{Board, Square};

/// USI's name of `sq`: the file counted from the right (`1` is the rightmost file as the
/// first seat sees the board), then the rank lettered from the top (`a` is the far rank).
pub fn square_name(board: Board, sq: Square) -> String {
    let file = board.files - board.file(sq);
    let rank = (b'a' + (board.ranks - 1 - board.rank(sq))) as char;
    format!("{file}{rank}")
}

/// Reads a leading USI square from `s` (`7g`, on wide boards `10a`); returns it with the
/// bytes it used, or `None` when `s` does not start with a square of `board`.
pub fn read_square(board: Board, s: &str) -> Option<(Square, usize)> {
    let b = s.as_bytes();
    let digits = b.iter().take(2).take_while(|c| c.is_ascii_digit()).count();
    (1..=digits).rev().find_map(|n| {
        let letter = *b.get(n)?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let file: i32 = s[..n].parse().ok()?;
        let rank = letter as i32 - 'a' as i32;
        let sq = board.square(board.files as i32 - file, board.ranks as i32 - 1 - rank)?;
        (file > 0).then_some((sq, n + 1))
    })
}

/// An SFEN (`BOARD SIDE HAND [MOVE]`, e.g. shogi's start
/// `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`) as the shogi-style FEN
/// ashtapada and Fairy-Stockfish read: the same board (upper case is sente, the first seat;
/// `+P` a promoted piece), the hand in brackets with its counts written out (`2P` → `PP`),
/// `b` (sente to move) → `w`, `w` → `b`.
///
/// # Errors
/// A message naming the missing or malformed field.
pub fn to_fen(sfen: &str) -> Result<String, String> {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let [board, side, hand, ..] = fields[..] else {
        return Err(format!(
            "bad SFEN `{sfen}`: write the board, the side to move (b or w) and the hands (- \
             for none), e.g. `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`"
        ));
    };
    let side = match side {
        "b" => "w",
        "w" => "b",
        other => {
            return Err(format!(
                "bad SFEN: the side to move is `b` (sente) or `w` (gote), not `{other}`"
            ));
        }
    };
    // The move number, if given, counts from 1 (USI writes `1` at the start).
    if let Some(&number) = fields.get(3)
        && !number.parse::<u32>().is_ok_and(|n| n >= 1)
    {
        return Err(format!(
            "bad SFEN: the move number is a whole number from 1 on, not `{number}`"
        ));
    }
    let mut pieces = String::new();
    if hand != "-" {
        let mut count = String::new();
        for c in hand.chars() {
            if c.is_ascii_digit() {
                count.push(c);
            } else if c.is_ascii_alphabetic() || c == '+' {
                let n: usize = if count.is_empty() {
                    1
                } else {
                    count
                        .parse()
                        .map_err(|_| format!("bad SFEN hand `{hand}`"))?
                };
                if n > 64 {
                    return Err(format!("bad SFEN hand `{hand}`: {n} pieces of one kind"));
                }
                if n == 0 {
                    return Err(format!(
                        "bad SFEN hand `{hand}`: a count of 0 before `{c}`: leave the piece \
                         out (`-` for empty hands)"
                    ));
                }
                count.clear();
                pieces.push_str(&c.to_string().repeat(n));
            } else {
                return Err(format!(
                    "bad SFEN hand `{hand}`: `{c}` is neither a count nor a piece letter"
                ));
            }
        }
        if !count.is_empty() {
            return Err(format!("bad SFEN hand `{hand}`: a count without its piece"));
        }
    }
    Ok(format!("{board}[{pieces}] {side} - - 0 1"))
}

/// Where in `sfen` the character `at` of its FEN ([`to_fen`]) was written, for messages:
/// "the board at character 5" (the board is the same text in both), "the hand `2X` at
/// character 14" (SFEN's counts are written out in FEN, so the hand is named whole), "the
/// side to move at character 12"; characters count from 1 in `sfen` as given.
pub fn locate(sfen: &str, at: usize) -> String {
    // Each field with the byte where it starts.
    let fields: Vec<(usize, &str)> = sfen
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - sfen.as_ptr() as usize, w))
        .collect();
    let (Some(&(board_at, board)), Ok(fen)) = (fields.first(), to_fen(sfen)) else {
        return "the whole position".to_string();
    };
    let hand_end = fen.find(']').unwrap_or(board.len());
    match (fields.get(2), fields.get(1)) {
        _ if at < board.len() => format!("the board at character {}", board_at + at + 1),
        (Some(&(i, hand)), _) if at <= hand_end => {
            format!("the hand `{hand}` at character {}", i + 1)
        }
        (_, Some(&(i, _))) => format!("the side to move at character {}", i + 1),
        _ => "the whole position".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_reads_as_fen() {
        assert_eq!(
            to_fen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
        );
        assert_eq!(
            to_fen("8l/9/9/9/9/9/9/9/K7k w 2P10pb 41").unwrap(),
            "8l/9/9/9/9/9/9/9/K7k[PPppppppppppb] b - - 0 1"
        );
        assert!(to_fen("9/9 x -").is_err());
        // A count of 0 and a move number below 1 (the fresh tester: both were accepted).
        let e = to_fen("9/9 b 0H 1").unwrap_err();
        assert!(e.contains("a count of 0 before `H`"), "{e}");
        for n in ["-5", "0", "x"] {
            let e = to_fen(&format!("9/9 b - {n}")).unwrap_err();
            assert!(e.contains(&format!("not `{n}`")), "{e}");
        }
        assert!(to_fen("9/9 b 2").is_err());
        assert!(to_fen("9/9").is_err());
    }

    /// FEN's characters located in the SFEN they came from: the board one for one, the hand
    /// (its counts written out in FEN) and the side to move named whole.
    #[test]
    fn fen_characters_are_located_in_the_sfen() {
        let sfen = "4k4/9/9/9/9/9/9/9/4X4 b 2Pp 1";
        let fen = to_fen(sfen).unwrap();
        assert_eq!(fen, "4k4/9/9/9/9/9/9/9/4X4[PPp] w - - 0 1");
        let x = fen.find('X').unwrap();
        assert_eq!(locate(sfen, x), "the board at character 20");
        assert_eq!(&sfen[19..20], "X");
        let p = fen.find('p').unwrap();
        assert_eq!(locate(sfen, p), "the hand `2Pp` at character 25");
        assert_eq!(&sfen[24..27], "2Pp");
        let side = fen.find(" w").unwrap() + 1;
        assert_eq!(locate(sfen, side), "the side to move at character 23");
        // Leading spaces count as given.
        assert_eq!(locate(&format!("  {sfen}"), x), "the board at character 22");
    }

    #[test]
    fn usi_squares_count_files_from_the_right_and_ranks_from_the_top() {
        let b = Board { files: 9, ranks: 9 };
        let sq = b.parse_square("c3").unwrap();
        assert_eq!(square_name(b, sq), "7g");
        assert_eq!(read_square(b, "7g7f"), Some((sq, 2)));
        assert_eq!(read_square(b, "0a"), None);
        assert_eq!(read_square(b, "7z"), None);
        let mini = Board { files: 5, ranks: 5 };
        assert_eq!(square_name(mini, mini.parse_square("a1").unwrap()), "5e");
    }
}
