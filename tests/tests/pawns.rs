//! En passant and promotion in general (issue 29): first moves by region
//! (`first-move-region`), en-passant marks written as Fairy-Stockfish writes its custom
//! pieces' (`en-passant-mark: always`, the field `c3d4`), per-seat promotion choices
//! (`by-seat`) and promotion limits (`limit`). Hand-worked positions; each count was also
//! checked with Fairy-Stockfish's `go perft 1` in the named variant (commit c19b5f6).

use ashtapada::Assignment;
use ashtapada::notation::{from_fen, move_to_string, to_fen};
use ashtapada_tests::{play, position};

/// The sorted legal moves at `fen` of catalogue variant `variant`.
fn moves(variant: &str, fen: &str) -> Vec<String> {
    let mut pos = position(variant, &[], fen);
    let mut out: Vec<String> = (pos.legal_move_list().into_iter())
        .map(|m| move_to_string(&pos, m))
        .collect();
    out.sort();
    out
}

/// The number of legal moves at the start of the rule file `text`.
fn start_moves(text: &str) -> usize {
    let file =
        ashtapada::spec::load_str("t.yaml", text).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let v = ashtapada::compile(&file, &Assignment::default())
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    ashtapada::Position::start(v).legal_move_list().len()
}

/// Chigorin: white's pawn promotes to chancellor, rook or knight, black's to queen, rook or
/// bishop; sort-of-almost: black's also to a knight. Each side has its five king moves too.
#[test]
fn promotion_choices_differ_by_seat() {
    let white = moves("chigorin", "4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1");
    let promotions: Vec<&String> = white.iter().filter(|m| m.starts_with("b7")).collect();
    assert_eq!(promotions, ["b7b8c", "b7b8n", "b7b8r"]);
    assert_eq!(white.len(), 8);
    let black = moves("chigorin", "4k3/1P6/8/8/8/8/1p6/4K3 b - - 0 1");
    let promotions: Vec<&String> = black.iter().filter(|m| m.starts_with("b2")).collect();
    assert_eq!(promotions, ["b2b1b", "b2b1q", "b2b1r"]);
    let black = moves("sortofalmost", "4k3/1P6/8/8/8/8/1p6/4K3 b - - 0 1");
    assert_eq!(black.len(), 9);
    assert!(black.contains(&"b2b1n".to_string()) && !black.contains(&"b2b1c".to_string()));
    let white = moves("sortofalmost", "4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1");
    assert!(white.contains(&"b7b8c".to_string()) && !white.contains(&"b7b8q".to_string()));
}

/// Grand chess: white has its queen (limit 1) and one rook (limit 2). The pawn on b9 must
/// promote on b10 (the last rank), to chancellor, archbishop, rook, bishop or knight — not a
/// queen: 5 moves. The pawn on c7 may step to c8 (in the zone) with or without promoting: 6
/// moves. With the queen gone (the second position), the queen is offered again.
#[test]
fn promotion_is_limited_by_the_pieces_a_seat_has() {
    let m = moves("grand", "4k5/1P8/10/10/10/10/10/10/3QK5/R9 w - - 0 1");
    let b9: Vec<&String> = m.iter().filter(|m| m.starts_with("b9")).collect();
    assert_eq!(b9, ["b9b10a", "b9b10b", "b9b10c", "b9b10n", "b9b10r"]);
    assert_eq!(m.len(), 53);
    let m = moves("grand", "4k5/10/10/2P7/10/10/10/10/3QK5/R9 w - - 0 1");
    assert_eq!(m.iter().filter(|m| m.starts_with("c7")).count(), 6);
    assert_eq!(m.len(), 54);
    let m = moves("grand", "4k5/1P8/10/10/10/10/10/10/4K5/R9 w - - 0 1");
    assert!(m.contains(&"b9b10q".to_string()));
    // Two rooks already: no third one.
    let m = moves("grand", "4k5/1P8/10/10/10/10/10/10/3QK5/R8R w - - 0 1");
    assert!(!m.contains(&"b9b10r".to_string()));
}

/// Berolina: the pawn that went b2-c3-d4 may be taken on c3 by the pawn on c4, stepping
/// straight forward: black's 5 king moves, c4-b3, c4-d3 and the capture, 8 moves — whether
/// the field names the passed square alone (`c3`) or, as Fairy-Stockfish writes it, with the
/// square landed on (`c3d4`). The FEN after a double step is Fairy-Stockfish's.
#[test]
fn berolina_double_steps_are_taken_en_passant() {
    for fen in [
        "4k3/8/8/8/2pP4/8/8/4K3 b - c3 0 1",
        "4k3/8/8/8/2pP4/8/8/4K3 b - c3d4 0 1",
    ] {
        let m = moves("berolina", fen);
        assert_eq!(m.len(), 8, "{fen}: {m:?}");
        let mut pos = position("berolina", &[], fen);
        play(&mut pos, &["c4c3"]);
        assert_eq!(to_fen(&pos), "4k3/8/8/8/8/2p5/8/4K3 w - - 0 2");
    }
    let mut pos = position(
        "berolina",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    play(&mut pos, &["b2d4"]);
    assert_eq!(
        to_fen(&pos),
        "rnbqkbnr/pppppppp/8/8/3P4/8/P1PPPPPP/RNBQKBNR b KQkq c3d4 0 1"
    );
    play(&mut pos, &["f7d5"]);
    let fen = to_fen(&pos);
    assert_eq!(
        fen,
        "rnbqkbnr/ppppp1pp/8/3p4/3P4/8/P1PPPPPP/RNBQKBNR w KQkq d5e6 0 2"
    );
    let v = pos.variant().clone();
    assert_eq!(from_fen(&v, &fen).map(|p| p.hash()), Ok(pos.hash()));
}

/// Torpedo: a pawn double-steps from any square (e4-e6), and the pawn on d6 may take it on e5
/// en passant; black's moves: d6-d5, the double step d6-d4, d6xe5 and three king moves (d7 is
/// attacked by the pawn on e6). Pawnback: a pawn stepped back onto its second rank may
/// double-step again.
#[test]
fn first_moves_by_region() {
    let mut pos = position("torpedo", &[], "4k3/8/3p4/8/4P3/8/8/4K3 w - - 0 1");
    play(&mut pos, &["e4e6"]);
    assert_eq!(to_fen(&pos), "4k3/8/3pP3/8/8/8/8/4K3 b - e5 0 1");
    assert_eq!(pos.legal_move_list().len(), 6);
    let mut pos = position("pawnback", &[], "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
    play(&mut pos, &["e3e2", "e8d8"]);
    let m: Vec<String> = (pos.legal_move_list().into_iter())
        .map(|m| move_to_string(&pos, m))
        .collect();
    assert_eq!(m.len(), 6);
    assert!(m.contains(&"e2e4".to_string()));
}

/// The fixes of issue 29: a first move (`i`) inside `region-moves` is played (the pawns'
/// double step given on the second rank only: 16 pawn moves and 4 knight moves), and a double
/// step written both as a first move and as an ordinary move (`ifmnD` beside `fmnD`) is listed
/// once (20 moves, not 28).
#[test]
fn first_moves_in_region_moves_and_listed_once() {
    let region = "name: t\nextends: chess\nregions: { second: a2-h2 }\n\
                  pieces:\n  pawn:\n    betza: fmWfceF\n    \
                  region-moves: [ { in: second, betza: ifmnD } ]\n";
    assert_eq!(start_moves(region), 20);
    let twice = "name: t\nextends: chess\npieces:\n  pawn: { betza: fmWfceFifmnDfmnD }\n";
    assert_eq!(start_moves(twice), 20);
}
