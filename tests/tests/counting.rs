//! Counting rules (`counting:`, `interpreter/src/rules/counting.rs`): makruk's board's and
//! pieces' honour, Cambodian's and sittuyin's counts, in hand-worked positions, with the
//! count in FEN as Fairy-Stockfish writes it (the limit in plies in the en-passant field, the
//! plies counted in the half-move field).
//!
//! The working follows Fairy-Stockfish's source (`src/position.cpp` at c19b5f6c:
//! `count_limit`, the counting lines of `do_move`, `is_optional_game_end`): after each move
//! the seat due counts; its limit in moves, doubled, is the count's limit in plies; a bare
//! king's makruk count starts at twice the pieces on the board; the game is drawn once the
//! count exceeds its limit, unless the seat to move is checkmated. Every FEN after a move
//! below is the one Fairy-Stockfish built from that source (`make build ARCH=x86-64`) prints
//! for `position fen F moves M` and `d`. Debian's fairy-stockfish 11.1 prints the same where
//! its older counting code plays the case the same way; it differs on the last-pawn capture,
//! sittuyin's elephant and horse limits (it asks a general besides) and Cambodian (it has no
//! Cambodian counting), as noted at those tests.

use ashtapada::notation::{from_fen, to_fen};
use ashtapada::{Assignment, EndReason, Outcome, load_variant};
use ashtapada_tests::{play, position};

fn draw_by_counting() -> Option<Outcome> {
    Some(Outcome::Draw {
        reason: ashtapada::rules::counting::REASON,
    })
}

/// K+R against a bare king, the count at 31 of 32 plies (16 moves for one ruea): one more ply
/// reaches the limit and the game goes on; the ply after passes it and the game is drawn.
/// Fairy-Stockfish 11.1 agrees: `position fen 8/8/8/4k3/8/8/8/R3K3 w - 32 31 20`, `go depth
/// 1` scores `cp 5340` (no move draws), while from `… w - 32 32 20` every move scores `cp 0`.
#[test]
fn makruk_rook_against_bare_king_is_drawn_exactly_past_the_limit() {
    let mut pos = position("makruk", &[], "8/8/8/4k3/8/8/8/R3K3 w - 32 31 20");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, &["e1d2"]);
    // 32 of 32: not past the limit.
    assert_eq!(to_fen(&pos), "8/8/8/4k3/8/8/3K4/R7 b - 32 32 20");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, &["e5e4"]);
    assert_eq!(to_fen(&pos), "8/8/8/8/4k3/8/3K4/R7 w - 32 33 21");
    assert_eq!(pos.outcome(), draw_by_counting());
    // Undo gives the count back.
    pos.undo();
    assert_eq!(to_fen(&pos), "8/8/8/4k3/8/8/3K4/R7 b - 32 32 20");
    assert_eq!(pos.outcome(), None);
}

/// A mate on the ply that passes the limit still wins: Fairy-Stockfish draws past the limit
/// only if the seat to move is not in check or has a legal move. Black's khun h8, white's
/// khun g6 (covering g7, h7), the ruea a1: a1a8 mates; a1b1 instead is drawn by counting.
#[test]
fn a_mate_on_the_last_ply_wins() {
    let fen = "7k/8/6K1/8/8/8/8/R7 w - 32 32 40";
    let mut pos = position("makruk", &[], fen);
    play(&mut pos, &["a1a8"]);
    assert_eq!(
        pos.outcome().map(|o| o.reason()),
        Some(EndReason::Checkmate)
    );
    let mut pos = position("makruk", &[], fen);
    play(&mut pos, &["a1b1"]);
    assert_eq!(pos.outcome(), draw_by_counting());
}

/// A FEN without a count: the count starts after the first move that leaves a bare king to
/// move. White moves first: black's bare khun is due, against one ruea: 16 moves, 32 plies,
/// counted from twice the 3 pieces on the board, 6. Fairy-Stockfish 11.1 writes the same FEN
/// after `moves e1d2` (`d`: `Fen: 8/8/8/4k3/8/8/3K4/R7 b - 32 6 20`). Black moving first
/// leaves white due, and nothing is counted against a bare king.
#[test]
fn pieces_honour_starts_when_the_bare_king_is_due() {
    let mut pos = position("makruk", &[], "8/8/8/4k3/8/8/8/R3K3 w - - 0 20");
    play(&mut pos, &["e1d2"]);
    assert_eq!(to_fen(&pos), "8/8/8/4k3/8/8/3K4/R7 b - 32 6 20");
    let mut pos = position("makruk", &[], "8/8/8/4k3/8/8/8/R3K3 b - - 0 20");
    play(&mut pos, &["e5d5"]);
    assert_eq!(to_fen(&pos), "8/8/8/3k4/8/8/8/R3K3 w - - 1 21");
    play(&mut pos, &["e1d2"]);
    assert_eq!(to_fen(&pos), "8/8/8/3k4/8/8/3K4/R7 b - 32 6 21");
}

/// Board's honour starts when the last bia goes, and turns into pieces' honour when the
/// counting side is reduced to its king. Black's met d3 takes white's last bia e2: no pawn is
/// left, white (khun and ruea) is due and black has more than its king: board's honour, 64
/// moves = 128 plies, from 0. Then white's khun takes the met: black's khun is bare and due,
/// after a capture: pieces' honour against one ruea, 32 plies from 2 × 3 pieces = 6.
/// Fairy-Stockfish 11.1 writes both FENs the same (`moves d3e2`, `moves d3e2 e1e2`).
#[test]
fn board_honour_starts_with_the_last_pawn_then_pieces_honour() {
    let mut pos = position("makruk", &[], "4k3/8/8/8/8/3m4/4P3/R3K3 b - - 0 30");
    play(&mut pos, &["d3e2"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/8/4m3/R3K3 w - 128 0 31");
    play(&mut pos, &["e1e2"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/8/4K3/R7 b - 32 6 31");
    // While a bia stands nothing is counted: the same position with a black bia on a6.
    let mut pos = position("makruk", &[], "4k3/8/p7/8/8/3m4/4P3/R3K3 b - - 0 30");
    play(&mut pos, &["d3e2"]);
    assert_eq!(to_fen(&pos), "4k3/8/p7/8/8/8/4m3/R3K3 w - - 0 31");
}

/// A bare khun that takes the last bia starts its own count with that move (Fairy-Stockfish's
/// current source; 11.1 writes `… w - - 0 31`, counting only from white's next move): black's
/// khun g4 takes h4; against one ruea, 32 plies, from 2 × 3 − 1 = 5 (the count began before
/// black's move).
#[test]
fn a_bare_king_taking_the_last_pawn_counts_at_once() {
    let mut pos = position("makruk", &[], "8/8/8/8/6kP/8/8/R3K3 b - - 0 30");
    play(&mut pos, &["g4h4"]);
    assert_eq!(to_fen(&pos), "8/8/8/8/7k/8/8/R3K3 w - 32 5 31");
}

/// Makruk's pieces'-honour table, from `count_limit`: the first row the stronger side's
/// pieces satisfy. Each position has black's bare khun due after white's khun step.
#[test]
fn makruk_limits_by_material() {
    // (white's first rank, the limit in plies): two ruea 8 moves; one ruea 16; two khon 22;
    // two ma 32; one khon 44; otherwise (met and ma) 64.
    let cases = [
        ("RR", 16),
        ("R1S", 32),
        ("S1S", 44),
        ("N1N", 64),
        ("S1N", 88),
        ("M1N", 128),
    ];
    for (pieces, plies) in cases {
        let fen = format!("8/8/8/4k3/8/8/8/{pieces}{}K3 w - - 0 1", 4 - pieces.len());
        let mut pos = position("makruk", &[], &fen);
        play(&mut pos, &["e1d2"]);
        // Two white pieces besides the khun, and the black khun: 4 pieces, counted from 8.
        assert_eq!(
            to_fen(&pos),
            format!(
                "8/8/8/4k3/8/8/3K4/{pieces}{} b - {plies} 8 1",
                8 - pieces.len()
            ),
            "{fen}"
        );
    }
}

/// Cambodian counting (`CAMBODIAN_COUNTING`): board's honour for a seat with two or three
/// pieces, pawns or not, to 63 moves; pieces' honour one move shorter than makruk's. White's
/// khun e1 and ruea a1 against black's khun and two bia: after white's move black, with three
/// pieces, counts board's honour, 126 plies. Against a bare khun and one ruea: 15 moves, 30
/// plies from 6. (11.1, without Cambodian counting, writes makruk's `… b - - 1 1` and
/// `… b - 32 6 20`.)
#[test]
fn cambodian_counts_board_honour_with_pawns_and_a_shorter_table() {
    let mut pos = position("cambodian", &[], "4k3/8/pp6/8/8/8/8/R3K3 w - - 0 1");
    play(&mut pos, &["e1d2"]);
    assert_eq!(to_fen(&pos), "4k3/8/pp6/8/8/8/3K4/R7 b - 126 0 1");
    let mut pos = position("cambodian", &[], "8/8/8/4k3/8/8/8/R3K3 w - - 0 20");
    play(&mut pos, &["e1d2"]);
    assert_eq!(to_fen(&pos), "8/8/8/4k3/8/8/3K4/R7 b - 30 6 20");
}

/// Sittuyin (`ASEAN_COUNTING`): only a bare king counts, from 0; a chariot gives 16 moves, an
/// elephant (sin) 44, a horse 64, a general (sitke) alone nothing. Fairy-Stockfish 11.1
/// agrees on the chariot (`8/8/8/4k3/8/8/8/R3K3[] w - - 0 40 moves e1d2`: `… b - 32 0 40`);
/// it asks a general besides the elephant or horse, which the current source does not.
#[test]
fn sittuyin_limits_and_no_board_honour() {
    let cases = [
        ("R", "32"),
        ("S", "88"),
        ("N", "128"),
        ("F", "-"),
        ("RF", "32"),
    ];
    for (white, limit) in cases {
        let back = format!("{white}{}", 8 - white.len());
        let fen = format!("8/8/8/4k3/8/8/4K3/{back}[] w - - 0 40");
        let mut pos = position("sittuyin", &[], &fen);
        play(&mut pos, &["e2d2"]);
        let after = to_fen(&pos);
        let want = format!("8/8/8/4k3/8/8/3K4/{back}[] b - {limit} 0 40");
        let want = if limit == "-" {
            want.replace("- 0 40", "- 1 40")
        } else {
            want
        };
        assert_eq!(after, want, "{fen}");
    }
    // Black with a general besides its king: no board's honour in sittuyin.
    let mut pos = position("sittuyin", &[], "8/8/8/4kf2/8/8/4K3/R7[] w - - 0 40");
    play(&mut pos, &["e2d2"]);
    assert_eq!(to_fen(&pos), "8/8/8/4kf2/8/8/3K4/R7[] b - - 1 40");
}

/// FEN with a count reads back to the same position and count; the REPL's `fen` writes it.
#[test]
fn counting_fen_round_trips_and_the_repl_writes_it() {
    let v = load_variant("makruk", &Assignment::default()).unwrap();
    for fen in [
        "8/8/8/4k3/8/8/3K4/R7 b - 32 6 20",
        "4k3/8/8/8/8/8/4m3/R3K3 w - 128 0 31",
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 20",
    ] {
        let pos = from_fen(&v, fen).unwrap();
        assert_eq!(to_fen(&pos), fen);
    }
    let setup = ashtapada_cli::repl::Setup {
        variant: Some("makruk".into()),
        seed: 7,
        ..Default::default()
    };
    let mut session = ashtapada_cli::repl::Session::new(&setup).unwrap();
    let mut out = Vec::new();
    let script = "position 8/8/8/4k3/8/8/8/R3K3 w - 32 31 20\ne1d2\nfen\n";
    ashtapada_cli::repl::run_script(&mut session, script, &mut out, true);
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("8/8/8/4k3/8/8/3K4/R7 b - 32 32 20"), "{out}");
}

/// Malformed count fields get located errors: a count's limit in a variant without counting,
/// a limit too large for the count, and a field that is neither a square, `-` nor a number.
#[test]
fn malformed_count_fields_are_located_errors() {
    let chess = load_variant("chess", &Assignment::default()).unwrap();
    let e = from_fen(&chess, "4k3/8/8/8/8/8/8/R3K3 w - 32 6 20").unwrap_err();
    assert!(e.message().contains("no counting rule"), "{}", e.message());
    // Column 26: `32`, the en-passant field.
    assert_eq!(e.span, 25..27, "{e:?}");
    let makruk = load_variant("makruk", &Assignment::default()).unwrap();
    let e = from_fen(&makruk, "4k3/8/8/8/8/8/8/R3K3 w - 99999999999 6 20").unwrap_err();
    assert_eq!(e.span, 25..36, "{e:?}");
    let e = from_fen(&makruk, "4k3/8/8/8/8/8/8/R3K3 w - 3x 6 20").unwrap_err();
    assert!((25..28).contains(&e.span.start), "{e:?}");
}

/// The simulator names the end reason: makruk's reasons include `counting`.
#[test]
fn the_end_reason_is_named_counting() {
    let v = load_variant("makruk", &Assignment::default()).unwrap();
    assert!(
        v.end_reasons()
            .contains(&ashtapada::rules::counting::REASON)
    );
    assert_eq!(
        v.reason_name(ashtapada::rules::counting::REASON),
        "counting"
    );
    let chess = load_variant("chess", &Assignment::default()).unwrap();
    assert!(
        !chess
            .end_reasons()
            .contains(&ashtapada::rules::counting::REASON)
    );
}

/// Sittuyin's 50-move rule (Fairy-Stockfish's `nMoveRule = 50`): the hundredth ply without a
/// capture, placement, pawn move or promotion draws, though a count has started meanwhile.
/// White's khun, chariot and general against the bare khun, 99 plies on the clock: the
/// chariot's move draws (`move-rule`). From 98 it does not, and black's reply does.
/// Fairy-Stockfish (current and 11.1) scores every move from the 99 position `cp 0`, and
/// `a1a2` from the 98 one `cp 56`.
#[test]
fn sittuyin_fifty_move_rule() {
    let fen = "8/8/8/4k3/8/8/4K3/RF6[] w - - 99 60";
    let mut pos = position("sittuyin", &[], fen);
    play(&mut pos, &["a1a2"]);
    let reason = pos.outcome().map(|o| o.reason());
    assert_eq!(reason, Some(EndReason::MoveRule));
    let mut pos = position("sittuyin", &[], &fen.replace("99", "98"));
    play(&mut pos, &["a1a2"]);
    assert_eq!(pos.outcome(), None);
    // The count started (black's bare khun against a chariot: 32 plies, from 0), and FEN's
    // half-move field now holds it.
    assert_eq!(to_fen(&pos), "8/8/8/4k3/8/8/R3K3/1F6[] b - 32 0 60");
    play(&mut pos, &["e5d5"]);
    let reason = pos.outcome().map(|o| o.reason());
    assert_eq!(reason, Some(EndReason::MoveRule));
}

/// Whole random games (`tests/reference/counting.games`: each move and Fairy-Stockfish's FEN
/// at the ply its first count runs and after the last move): replayed here, the FENs agree,
/// and the last move ends the game by counting — as Fairy-Stockfish's count passes its limit
/// there (its final FEN shows one ply more than the limit).
#[test]
fn random_games_count_as_fairy_stockfish_counts() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/reference/counting.games");
    let text = std::fs::read_to_string(path).expect("tests/reference/counting.games");
    let mut games = 0;
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    while let Some(head) = lines.next() {
        let variant = head.split(' ').nth(1).expect("game VARIANT SEED");
        let moves: Vec<&str> = lines.next().unwrap()["moves ".len()..].split(' ').collect();
        let first = lines.next().unwrap()["first-count ".len()..].to_string();
        let (ply, first_fen) = first.split_once(' ').unwrap();
        let ply: usize = ply.parse().unwrap();
        let final_fen = &lines.next().unwrap()["final ".len()..];
        let v = load_variant(variant, &Assignment::default()).unwrap();
        let mut pos = ashtapada::Position::start(v);
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(pos.outcome(), None, "{head}: over before ply {}", i + 1);
            play(&mut pos, &[m]);
            if i + 1 == ply {
                assert_eq!(to_fen(&pos), first_fen, "{head}: ply {ply}");
            }
        }
        assert_eq!(to_fen(&pos), final_fen, "{head}: the last ply");
        assert_eq!(pos.outcome(), draw_by_counting(), "{head}");
        games += 1;
    }
    assert_eq!(games, 8);
}
