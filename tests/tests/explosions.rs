//! Explosions on capture (issue 30, `rules/explosion.rs`): atomic and nocheckatomic played out
//! in hand-worked positions, each expected value reasoned from Fairy-Stockfish's rules
//! (`blastOnCapture`: the capturer and the non-pawn pieces on the eight squares around the
//! capture square leave the board; with pseudo-royal kings a move may not blow up its own
//! king, blowing up the opponent's wins, touching kings give no check).

use ashtapada::Position;
use ashtapada::notation::to_fen;
use ashtapada_tests::{at, play, position, result};

fn moves(pos: &mut Position) -> Vec<String> {
    ashtapada_tests::square_moves(pos)
}

/// exd5 in atomic: the capturing pawn and the captured pawn both leave the board; nothing
/// stands around d5, so nothing else goes.
#[test]
fn a_pawn_capture_removes_both_pawns() {
    let mut pos = position(
        "atomic",
        &[],
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    );
    play(&mut pos, &["e4d5"]);
    assert_eq!(at(&pos, "d5"), "");
    assert_eq!(at(&pos, "e4"), "");
    assert_eq!(
        to_fen(&pos),
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
}

/// Qxd7: the queen and the knight go, and with them the bishop on e6 and the king on e8
/// (both next to d7); the pawn on c6, also next to d7, is spared. The black king is gone:
/// white wins at once.
#[test]
fn blowing_up_the_king_wins_and_pawns_around_are_spared() {
    let mut pos = position("atomic", &[], "4k3/3n4/2p1b3/8/8/8/8/3QK3 w - - 0 1");
    play(&mut pos, &["d1d7"]);
    for sq in ["d1", "d7", "e6", "e8"] {
        assert_eq!(at(&pos, sq), "", "{sq}");
    }
    assert_eq!(at(&pos, "c6"), "bP");
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("white wins (king-exploded)")
    );
    assert!(moves(&mut pos).is_empty());
}

/// A king may not capture (it would blow itself up): white's king on e1 next to black's pawn
/// on e2 may go only to d2 and f2 (d1 and f1 are attacked by the pawn); Kxe2 is illegal.
#[test]
fn a_king_never_captures() {
    let mut pos = position("atomic", &[], "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
    assert_eq!(moves(&mut pos), ["e1d2", "e1f2"]);
    // Without check, in nocheckatomic, the king may capture, and loses by blowing itself up.
    let mut pos = position("nocheckatomic", &[], "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
    assert!(moves(&mut pos).contains(&"e1e2".to_string()));
    play(&mut pos, &["e1e2"]);
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("black wins (own-king-exploded)")
    );
}

/// Touching kings give no check: white's king on e4 touches black's on e5, so the queen on
/// a4 does not check it; it may go to d4, f4, d5 and f5 (all touching e5, so safe though the
/// queen or nothing attacks them), not to d3, e3 or f3 (the rook on h3 attacks them and they
/// touch no black king).
#[test]
fn touching_kings_are_not_in_check() {
    let mut pos = position("atomic", &[], "8/8/8/4k3/q3K3/7r/8/8 w - - 0 1");
    assert!(!pos.in_check(pos.to_move()));
    assert_eq!(moves(&mut pos), ["e4d4", "e4d5", "e4f4", "e4f5"]);
}

/// Nxg2 blows up the rook on h1 (next to g2): white loses the kingside castling right, and
/// FEN says so.
#[test]
fn a_blown_up_rook_loses_its_castling_right() {
    let mut pos = position("atomic", &[], "r3k2r/8/8/8/8/4n3/6B1/R3K2R b KQkq - 0 1");
    play(&mut pos, &["e3g2"]);
    assert_eq!(to_fen(&pos), "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 2");
    pos.undo();
    assert_eq!(to_fen(&pos), "r3k2r/8/8/8/8/4n3/6B1/R3K2R b KQkq - 0 1");
    assert_eq!(pos.hash(), pos.compute_hash());
}

/// A capture next to one's own king is illegal: white's rook on d1 may not take the knight on
/// d2, which stands next to white's king on e1; the blast would take the king.
#[test]
fn a_blast_may_not_take_ones_own_king() {
    let mut pos = position("atomic", &[], "4k3/8/8/8/8/8/3n4/3RK3 w - - 0 1");
    assert!(!moves(&mut pos).contains(&"d1d2".to_string()));
}

/// Atomar: kings are immune to blasts and may not capture each other. White's king on d2
/// touches black's on d3: it has the seven other king steps, not d3. Taking the knight on d3
/// instead, the king survives its own blast.
#[test]
fn atomar_kings_survive_blasts_and_never_take_each_other() {
    let mut pos = position("atomar", &[], "8/8/8/8/8/3k4/3K4/8 w - - 0 1");
    assert_eq!(
        moves(&mut pos),
        ["d2c1", "d2c2", "d2c3", "d2d1", "d2e1", "d2e2", "d2e3"]
    );
    let mut pos = position("atomar", &[], "7k/8/8/8/8/3n4/3K4/8 w - - 0 1");
    play(&mut pos, &["d2d3"]);
    assert_eq!(at(&pos, "d3"), "wK");
    assert_eq!(result(&mut pos), None);
}

/// The variant of the rule-file `text`.
fn walled_atomic(text: &str) -> std::sync::Arc<ashtapada::Variant> {
    let file = ashtapada::spec::load_str("walled-atomic.yaml", text).expect("the file loads");
    ashtapada::compile(&file, &ashtapada::Assignment::default()).expect("it compiles")
}

/// FEN writes a dead piece as `*`, as Fairy-Stockfish writes its walls, and reads it back as
/// the variant's dead piece (found by the fresh tester: it was written `x`, read back as a
/// black piece that moved). A FEN of a variant without dead pieces refuses `*`.
#[test]
fn a_dead_piece_is_a_star_in_fen_and_reads_back() {
    let v = walled_atomic(
        "extends: atomic\npieces: { wall: { letter: X, betza: W, value: 0 } }\n\
         setup: { dead: { d4: wall } }\n",
    );
    let start = Position::start(v.clone());
    let fen = to_fen(&start);
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let mut back = ashtapada::notation::parse_position(&v, &fen).expect("it reads back");
    assert_eq!(to_fen(&back), fen);
    assert_eq!(at(&back, "d4"), at(&start, "d4"));
    // The wall is no one's piece: nothing moves from d4, and the count is the start's.
    assert!(!moves(&mut back).iter().any(|m| m.starts_with("d4")));
    let chess = ashtapada::load_variant("chess", &ashtapada::Assignment::default()).unwrap();
    assert!(ashtapada::notation::parse_position(&chess, &fen).is_err());
}

/// A blast leaves dead pieces (`setup.dead`: inert walls that are never captured) standing:
/// exd5 next to a wall on d4 removes the two pawns and nothing else (found by the fresh
/// tester: the wall was blown away).
#[test]
fn a_blast_spares_dead_pieces() {
    let text = "extends: atomic\npieces: { wall: { letter: X, betza: W, value: 0 } }\n\
                setup: { dead: { d4: wall } }\n";
    let mut pos = Position::start(walled_atomic(text));
    let wall = at(&pos, "d4");
    assert!(!wall.is_empty(), "the wall stands at the start");
    play(&mut pos, &["e2e4", "d7d5", "e4d5"]);
    assert_eq!(at(&pos, "d5"), "");
    assert_eq!(at(&pos, "e4"), "");
    assert_eq!(at(&pos, "d4"), wall, "the blast left the wall");
}
