//! The catalogue (issue 29): Fairy-Stockfish's built-in variants as rule files
//! (`rules/catalogue/`), checked against Fairy-Stockfish's perft from its start position and
//! five random-walk positions each (`tests/reference/catalogue.perft`, written by
//! `tools/fsf-reference`), every reference FEN read and written back as Fairy-Stockfish wrote
//! it, and each variant's own ending rule played out in a hand-worked position.

use ashtapada::notation::{from_fen, to_fen};
use ashtapada::spec::{CATALOGUE, Group};
use ashtapada::{Assignment, Position, load_variant};
use ashtapada_tests::{PerftCase, check_counts, parse_perft_file, play, position, result};

/// Every reference file `tests/reference/catalogue*.perft` (`catalogue.perft` and one per
/// branch that added variants, such as `catalogue-pawns.perft`), in name order.
fn cases() -> Vec<PerftCase> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("reference");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/reference is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("catalogue") && n.ends_with(".perft"))
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("a reference file reads");
        out.extend(parse_perft_file(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display())));
    }
    out
}

fn at(case: &PerftCase) -> Position {
    let variant = case
        .variant
        .as_deref()
        .expect("every block names its variant");
    let set: Vec<&str> = case.set.iter().map(String::as_str).collect();
    let fen = case.fen.as_deref().expect("every block gives its FEN");
    position(variant, &set, fen)
}

#[test]
fn every_catalogue_variant_matches_fairy_stockfish_perft() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases() {
        let mut pos = at(case);
        // Every count, about 200 million nodes: some 15 seconds in the optimized test profile
        // on two busy cores.
        let (n, failure) = check_counts(&mut pos, case, u64::MAX);
        checked += n;
        failures.extend(failure);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked >= 5 * CATALOGUE.len(),
        "only {checked} counts checked"
    );
}

/// Every catalogue variant has its start position and at least five random-walk positions in
/// the reference file, each with a count at depth 3 or more (or of 200,000 nodes or more: a
/// two-part move, duck's or the amazons', is listed once per square of its wall, so their
/// depth 2 counts hundreds of thousands of nodes and depth 3 hundreds of millions), and every
/// block names a catalogue variant.
#[test]
fn every_catalogue_variant_has_its_reference_positions() {
    let cases = cases();
    for (name, _) in CATALOGUE {
        let mine: Vec<&PerftCase> = cases
            .iter()
            .filter(|c| c.variant.as_deref() == Some(*name))
            .collect();
        assert!(
            mine.iter().any(|c| c.id == format!("{name}-start")),
            "{name}: no start position"
        );
        assert!(mine.len() >= 6, "{name}: {} positions", mine.len());
        for c in &mine {
            // Depth 3 or more, unless the game ends before (a count of 0) or a shallower count
            // is already large (two-part moves).
            assert!(
                c.counts
                    .iter()
                    .any(|&(d, n)| d >= 3 || n == 0 || n >= 200_000),
                "{}: no count at depth 3",
                c.id
            );
        }
    }
    for c in &cases {
        let v = c.variant.as_deref().unwrap_or_default();
        assert!(
            CATALOGUE.iter().any(|(n, _)| *n == v),
            "{}: `{v}` is not in the catalogue",
            c.id
        );
    }
}

/// The reference positions whose FEN ashtapada writes with the pieces of one hand in another
/// order: Fairy-Stockfish writes a hand in the order of its internal piece types (gold before
/// rook), ashtapada in the order of the rule file's kinds (minishogi's: rook, bishop, gold,
/// silver, pawn). Only the order differs; the position read is the same.
const HAND_ORDER_DIFFERS: &[&str] = &[
    "judkins-walk5",
    "mini-walk1",
    "shouse-walk4",
    "bughouse-hands-middle",
    // Supply: Fairy-Stockfish's order elephant, soldier, advisor; xiangqi's file declares
    // advisor, elephant, horse, rook, cannon, soldier.
    "supply-walk1",
    "supply-walk2",
    "supply-walk3",
    "supply-walk4",
    "supply-walk6",
    "supply-hands",
    "supply-check-drops",
    "supply-in-check",
];

/// `fen` with the letters of each seat's hand sorted: the same for two FENs that differ only
/// in the order of the pieces in hand.
fn hands_sorted(fen: &str) -> String {
    match (fen.find('['), fen.find(']')) {
        (Some(a), Some(b)) if a < b => {
            let mut hand: Vec<char> = fen[a + 1..b].chars().collect();
            hand.sort_unstable();
            format!(
                "{}{}{}",
                &fen[..=a],
                hand.iter().collect::<String>(),
                &fen[b..]
            )
        }
        _ => fen.to_string(),
    }
}

/// Each reference FEN reads and writes back exactly as Fairy-Stockfish wrote it (the few of
/// [`HAND_ORDER_DIFFERS`] up to the order of a hand), and the start FEN is the variant's own
/// start position.
#[test]
fn every_reference_fen_round_trips() {
    let mut failures = Vec::new();
    for case in &cases() {
        let pos = at(case);
        let fen = case.fen.as_deref().unwrap_or_default();
        let written = to_fen(&pos);
        let same = if HAND_ORDER_DIFFERS.contains(&case.id.as_str()) {
            written != fen && hands_sorted(&written) == hands_sorted(fen)
        } else {
            written == fen
        };
        if !same {
            failures.push(format!("{}: read {fen}\n   wrote {written}", case.id));
        }
        if case.id.ends_with("-start") {
            let v = load_variant(
                case.variant.as_deref().unwrap_or_default(),
                &Assignment::parse(&case.set.iter().map(String::as_str).collect::<Vec<_>>())
                    .expect("options"),
            )
            .expect("variant loads");
            let start = Position::start(v.clone());
            if to_fen(&start) != fen {
                failures.push(format!("{}: the setup writes {}", case.id, to_fen(&start)));
            }
            assert_eq!(
                from_fen(&v, fen).map(|p| p.hash()),
                Ok(start.hash()),
                "{}",
                case.id
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `ashtapada list` groups: every built-in is in exactly one group, the catalogue last.
#[test]
fn the_groups_cover_every_builtin_once() {
    let mut all: Vec<&str> = Group::ALL.iter().flat_map(|g| g.names()).collect();
    let n = all.len();
    assert_eq!(
        n,
        ashtapada::spec::BUILTIN.len() + CATALOGUE.len(),
        "every built-in in a group"
    );
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), n, "no built-in in two groups");
    assert_eq!(Group::Catalogue.names().len(), CATALOGUE.len());
}

/// The outcome, in words, of `variant` from `fen` after `moves`.
fn after(variant: &str, fen: &str, moves: &[&str]) -> Option<String> {
    let mut pos = position(variant, &[], fen);
    play(&mut pos, moves);
    result(&mut pos)
}

/// Armageddon: a stalemate, a draw in chess, is black's win. White's king on h1, black's queen
/// on g3 and king on h3: h1 is not attacked, g1, g2 and h2 are (g2 and h2 by the queen, g1
/// by the queen along the g file), so white has no move and is not in check.
#[test]
fn armageddon_a_draw_is_a_win_for_black() {
    let mut pos = position("armageddon", &[], "8/8/8/8/8/6qk/8/7K w - - 0 1");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(result(&mut pos).as_deref(), Some("black wins (stalemate)"));
}

/// Three kings: taking one of the opponent's three kings wins at once (Fairy-Stockfish's
/// extinction with a count of two), and the kings are not royal: the queen on e7 stands next
/// to black's king and nothing forbids it.
#[test]
fn threekings_taking_a_king_wins() {
    let fen = "k3k2k/4Q3/8/8/8/8/8/K3K2K w - - 0 1";
    assert_eq!(after("threekings", fen, &[]), None);
    assert_eq!(
        after("threekings", fen, &["e7e8"]).as_deref(),
        Some("white wins (took-a-king)")
    );
}

/// Courier: a bare king loses at once against three pieces; against two, the bared side
/// moves once more (Fairy-Stockfish's claim rule) and loses after that move unless it took
/// one of the two.
#[test]
fn courier_bare_king_with_the_claim_rule() {
    let three = "5k6/5f6/12/12/12/12/5R6/K1R9 w - - 0 1";
    assert_eq!(
        after("courier", three, &["f2f7"]).as_deref(),
        Some("white wins (bare-king)")
    );
    let two = "5k6/5f6/12/12/12/12/5R6/K11 w - - 0 1";
    assert_eq!(
        after("courier", two, &["f2f7"]),
        None,
        "black may still move"
    );
    assert_eq!(
        after("courier", two, &["f2f7", "f8e8"]).as_deref(),
        Some("white wins (bared)")
    );
    assert_eq!(
        after("courier", two, &["f2f7", "f8f7"]),
        None,
        "two bare kings play on"
    );
}

/// Jeson Mor: a knight on e5 wins when its side is next to move with it still there.
#[test]
fn jesonmor_the_centre_held_for_a_move_wins() {
    let fen = "4n4/9/9/9/9/9/3N5/9/9 w - - 0 1";
    assert_eq!(after("jesonmor", fen, &["d3e5"]), None, "black may answer");
    assert_eq!(
        after("jesonmor", fen, &["d3e5", "e9d7"]).as_deref(),
        Some("white wins (centre-held)")
    );
}

/// Breakthrough: reaching the far rank wins (black's piece on a2 is one step from its own).
#[test]
fn breakthrough_reaching_the_far_rank_wins() {
    let fen = "8/6P1/8/8/8/8/p7/8 w - - 0 1";
    assert_eq!(
        after("breakthrough", fen, &["g7g8"]).as_deref(),
        Some("white wins (breakthrough)")
    );
}

/// Sho shogi: the king and the crown prince (`+E`) are royal only while their seat has one of
/// them left (`last-royal`). Perft from positions where the rule decides, Fairy-Stockfish's
/// counts (its `go perft` in `shoshogi`, which applies the same rule), and the rule played out:
/// with king and prince, the prince is left attacked and captured, and the king then is royal.
#[test]
fn shoshogi_royal_only_while_the_last() {
    let counts: [(&str, [u64; 3]); 4] = [
        // Sente has king and prince, the prince attacked: neither is royal.
        ("4k4/9/9/9/r3+E4/9/9/9/4K4 w - - 0 1", [13, 284, 3800]),
        ("4k4/9/9/9/r3+E4/9/9/9/4K4 b - - 0 1", [20, 251, 6079]),
        // The prince alone is royal.
        ("4k4/9/9/9/r3+E4/9/9/9/9 w - - 0 1", [6, 144, 848]),
        // Both seats with two.
        ("4k4/4+e4/9/9/r3+E4/9/9/9/4K3R b - - 0 1", [26, 679, 19650]),
    ];
    for (fen, want) in counts {
        let mut pos = position("shoshogi", &[], fen);
        for (d, &n) in want.iter().enumerate() {
            assert_eq!(
                ashtapada::perft(&mut pos, d as u32 + 1),
                n,
                "{fen} depth {}",
                d + 1
            );
        }
    }
    // Gote's rook takes the prince; sente's king, now the last, is royal: in check from the
    // rook on e5, and the game goes on.
    let mut pos = position("shoshogi", &[], "4k4/9/9/9/r3+E4/9/9/9/4K4 b - - 0 1");
    play(&mut pos, &["a5e5"]);
    assert!(pos.in_check(ashtapada::Seat(0)));
    assert_eq!(result(&mut pos), None);
    // With king and prince, gote's king may step onto f9, which sente's rook on f1 attacks:
    // no rule of royalty binds it while the prince stands; without the prince it may not.
    let mut pos = position("shoshogi", &[], "4k4/4+e4/9/9/9/9/9/9/4KR3 b - - 0 1");
    assert!(ashtapada::notation::parse_move(&mut pos, "e9f9").is_ok());
    let mut pos = position("shoshogi", &[], "4k4/9/9/9/9/9/9/9/4KR3 b - - 0 1");
    assert!(ashtapada::notation::parse_move(&mut pos, "e9f9").is_err());
    // Sente's king in check from the rook on a1 and an elephant that may promote: the prince
    // would take the king's royalty away from the next move on, but a piece turned over to
    // its promoted face changes no royalty for the move itself (Fairy-Stockfish's legality
    // reads the royal pieces before a shogi-style promotion): the king must not stay
    // attacked, so only its 3 steps off the first rank (d2, e2, f2) are legal, as
    // Fairy-Stockfish counts. Without the check the three promoting steps are legal.
    let mut pos = position("shoshogi", &[], "4k4/9/9/4E4/9/9/9/9/r3K4 w - - 0 1");
    assert_eq!(ashtapada::perft(&mut pos, 1), 3);
    let mut pos = position("shoshogi", &[], "4k4/9/9/4E4/9/9/9/r8/4K4 w - - 0 1");
    assert_eq!(ashtapada::perft(&mut pos, 1), 12);
    assert!(ashtapada::notation::parse_move(&mut pos, "e6e7c").is_ok());
}

/// Coregal chess: every queen is royal (`last-royal` with `at-most: 64`). Hand-worked, and
/// Fairy-Stockfish's `go perft` in `coregal` agrees at depths 1 to 3:
/// - the rook on a1 attacks white's queen on d1: white is in check, and the only answer is
///   d1a1 (every other queen move leaves it or the king attacked, a king move leaves it);
/// - the pawn on b7 may not promote to a queen on b8, attacked by the rook on a8 (chess: 13
///   moves, coregal 12: b8=R, B, N, a8=Q, R, B, N and five king moves).
#[test]
fn coregal_queens_are_royal() {
    let mut pos = position("coregal", &[], "4k3/1P6/8/8/8/8/8/r2QK3 w - - 0 1");
    assert!(pos.in_check(ashtapada::Seat(0)));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    assert!(ashtapada::notation::parse_move(&mut pos, "d1a1").is_ok());
    let counts = [
        ("4k3/1P6/8/8/8/8/8/r2QK3 w - - 0 1", [1, 5, 126]),
        ("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", [12, 120, 1308]),
    ];
    for (fen, want) in counts {
        let mut pos = position("coregal", &[], fen);
        for (d, &n) in want.iter().enumerate() {
            assert_eq!(
                ashtapada::perft(&mut pos, d as u32 + 1),
                n,
                "{fen} depth {}",
                d + 1
            );
        }
    }
    let mut pos = position("coregal", &[], "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(ashtapada::notation::parse_move(&mut pos, "b7b8q").is_err());
    assert!(ashtapada::notation::parse_move(&mut pos, "b7a8q").is_ok());
}

fn move_names(pos: &mut Position) -> Vec<String> {
    ashtapada_tests::square_moves(pos)
}

/// Walls (`setup.dead`, `*` in FEN; Fairy-Stockfish's wall squares) in Gustav III chess: a
/// slider stops before a wall, a leaper never lands on one but leaps over, nothing captures
/// one, and a wall shields a king from a rook. Worked by hand: the amazon on a1 has the
/// diagonal b2-h8 (7) and the knight's b3 and c2 (a2 is a wall, b1 its own knight); the knight
/// on b1 has c3 and d2 (a3 is a wall); the king on f1 has e1, g1, e2, f2 and g2: 16 moves.
/// Then a black rook on j8 above the walled j-file: the white king on j1 is not in check, so
/// besides its i1 and i2 (j2 is a wall) the white rook on b1 has all its moves, a1 (the first
/// rank has no walls), b2-b8 and c1-i1: 17.
#[test]
fn gustav3_walls_stop_sliders_and_are_never_entered() {
    let mut pos = position(
        "gustav3",
        &[],
        "4k5/*8*/*8*/*8*/*8*/*8*/*8*/AN3K4 w - - 0 1",
    );
    let moves = move_names(&mut pos);
    assert_eq!(moves.len(), 16, "{moves:?}");
    for walled in ["a1a2", "b1a3", "a1a3"] {
        assert!(
            !moves.contains(&walled.to_string()),
            "{walled} enters a wall"
        );
    }
    for leap in ["a1c2", "a1b3", "a1h8", "b1c3", "b1d2"] {
        assert!(moves.contains(&leap.to_string()), "{leap} is missing");
    }
    let mut shielded = position(
        "gustav3",
        &[],
        "4k4r/*8*/*8*/*8*/*8*/*8*/*8*/1R7K w - - 0 1",
    );
    let moves = move_names(&mut shielded);
    assert_eq!(moves.len(), 17, "{moves:?}");
    assert!(moves.contains(&"b1b8".to_string()) && moves.contains(&"j1i2".to_string()));
}

/// Shatar's mate rule (`end.mate-rule`, Fairy-Stockfish's `shatarMateRule`) and its robado,
/// each result checked against Fairy-Stockfish's `go` at the mated root (a draw scores
/// `cp 0`) and its source (a mate by knights alone scores a win for the mated side).
/// - a smothered mate by the knight on f7 alone: the mated side, black, wins;
/// - the bishop's mate d4 with no earlier check in white's series: a draw (niol);
/// - the same mate after the rook's check `c1g1` (a shak) and `g8h8`: white wins;
/// - the same, but white's quiet `e7d7` broke the series: a draw again;
/// - a king left alone: a draw at once (robado), also where the move gave check.
#[test]
fn shatar_mates_count_after_a_shak_and_never_by_knights_alone() {
    let smothered = "6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(
        after("shatar", smothered, &[]).as_deref(),
        Some("black wins (mate-by-alone-kinds)")
    );
    let niol = "7k/4K2p/8/2B5/8/8/8/6R1 w - - 0 1";
    assert_eq!(after("shatar", niol, &[]), None);
    assert_eq!(
        after("shatar", niol, &["c5d4"]).as_deref(),
        Some("draw (mate-without-series)")
    );
    let series = "6k1/4K2p/8/2B5/8/8/8/2R5 w - - 0 1";
    assert_eq!(
        after("shatar", series, &["c1g1", "g8h8", "c5d4"]).as_deref(),
        Some("white wins (checkmate)")
    );
    let broken = "6k1/p3K2p/8/2B5/8/8/8/2R5 w - - 0 1";
    assert_eq!(
        after("shatar", broken, &["c1g1", "g8h8", "e7d7", "a7a6", "c5d4"]).as_deref(),
        Some("draw (mate-without-series)")
    );
    assert_eq!(
        after("shatar", "4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1", &["e1e7"]).as_deref(),
        Some("draw (robado)")
    );
}

/// Micro shogi (`flip-on: capture`, Fairy-Stockfish's `piecePromotionOnCapture`): a piece
/// turns over only when it captures, and then always. Worked by hand and checked against
/// Fairy-Stockfish (`go perft 1`, then `d`): the pawn on b1 taking the pawn on b2 must become
/// a knight (`b1b2+`, no unflipped capture), FEN `k3/4/4/1+P2/3K[P] b - - 0 1`; the same pawn
/// stepping to an empty b2 stays a pawn (`k3/4/4/1P2/3K[] b - - 1 1`); the king has c1, c2
/// and d2 in both: 4 moves each.
#[test]
fn micro_pieces_flip_only_when_they_capture() {
    let mut taking = position("micro", &[], "k3/4/4/1p2/1P1K[] w - - 0 1");
    assert_eq!(ashtapada::perft(&mut taking, 1), 4);
    play(&mut taking, &["b1b2+"]);
    assert_eq!(to_fen(&taking), "k3/4/4/1+P2/3K[P] b - - 0 1");
    let mut stepping = position("micro", &[], "k3/4/4/4/1P1K[] w - - 0 1");
    assert_eq!(ashtapada::perft(&mut stepping, 1), 4);
    play(&mut stepping, &["b1b2"]);
    assert_eq!(to_fen(&stepping), "k3/4/4/1P2/3K[] b - - 1 1");
}

/// The errors of rule-file text `text`, read and compiled with the defaults (none: it compiles).
fn problems(text: &str) -> Vec<String> {
    let file = match ashtapada::spec::load_str("t.yaml", text) {
        Ok(f) => f,
        Err(e) => return e.0.iter().map(|d| d.message.clone()).collect(),
    };
    match ashtapada::compile(&file, &Assignment::default()) {
        Ok(_) => Vec::new(),
        Err(e) => e.0.iter().map(|d| d.message.clone()).collect(),
    }
}

/// What the new keys cannot say is refused, located and named: `flip-on` without `flip`, a
/// mate rule naming no kinds, naming an unknown kind, or without `end.checkmate`.
#[test]
fn flip_on_and_mate_rule_refuse_what_they_cannot_mean() {
    let micro = "extends: micro\npieces: { king: { flip-on: capture } }\n";
    let e = problems(micro);
    assert!(
        e.iter()
            .any(|m| m.contains("`king` has `flip-on:` and no `flip:`")),
        "{e:?}"
    );
    let shatar = |rule: &str| format!("extends: shatar\nend: {{ mate-rule: {rule} }}\n");
    assert!(problems(&shatar("{ series: [knight] }")).is_empty());
    let e = problems(&shatar("{ alone: [], series: [] }"));
    assert!(e.iter().any(|m| m.contains("names no kinds")), "{e:?}");
    let e = problems(&shatar("{ series: [queen] }"));
    assert!(e.iter().any(|m| m.contains("queen")), "{e:?}");
    let e = problems("extends: shatar\nend: { checkmate: ~, mate-rule: { series: [rook] } }\n");
    assert!(e.iter().any(|m| m.contains("end.checkmate")), "{e:?}");
}
