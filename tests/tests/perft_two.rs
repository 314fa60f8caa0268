//! perft(2) from the start of every option combination of every built-in variant, asserted
//! against values worked out by hand from the start position and the rules (`docs/`), not
//! snapshotted: a wrong move rule, a wrong roll count or a wrong facing changes them.
//!
//! Dice variants count rolls as plies, as `perft` does: a roll node has one child per distinct
//! unordered roll, each die-tagged move counts once, a pass is a child where the rule file
//! allows it, and a roll with no usable die passes the turn at once, so its child at depth 2 is
//! the next seat's roll node (its children are the next seat's distinct rolls).
//!
//! Every option of every built-in file is named here, either as deciding a row of [`ROWS`] or
//! in [`INERT`] with the reason it cannot change the first two plies; a new option or choice
//! fails [`every_option_is_accounted_for`] until its effect on perft(2) is worked out.

use ashtapada::spec::{BUILTIN, load};
use ashtapada::{Assignment, Position, compile, perft};

/// Options that cannot change perft(2) from the start: (variant, option, why).
const INERT: &[(&str, &str, &str)] = &[
    (
        "kyotoshogi",
        "uchifuzume",
        "nothing is captured in two plies, so no hand holds a pawn",
    ),
    (
        "xiangqi",
        "perpetual-check",
        "no position repeats within two plies",
    ),
    (
        "janggi",
        "counting",
        "it only decides the result of a game already over; perft counts moves",
    ),
    // Chaturanga, Shatranj: two plies from the start capture nothing, bare nobody, stalemate
    // nobody and reset no clock that could reach 50 or 70.
    (
        "chaturanga",
        "bare-king",
        "no piece can be taken in two plies",
    ),
    ("chaturanga", "stalemate", "both sides keep 16 moves"),
    (
        "chaturanga",
        "move-rule",
        "the clock is at most 2; the limits are 50, 70 or none",
    ),
    (
        "shatranj",
        "bare-king",
        "no piece can be taken in two plies",
    ),
    ("shatranj", "stalemate", "both sides keep 16 moves"),
    (
        "shatranj",
        "move-rule",
        "the clock is at most 2; the limits are 50, 70 or none",
    ),
    // Chaturaji: red's first move cannot promote (pawns start on the second rank, promotion
    // is on the last), form a 2×2 block of boats, enter a throne (the king's moves are d1e1
    // and d1e2, no other seat's king square), end a round or capture.
    (
        "chaturaji",
        "promotion",
        "no pawn reaches the last rank in one step",
    ),
    ("chaturaji", "boat-triumph", "no block of four boats"),
    (
        "chaturaji",
        "throne-points",
        "red's king cannot reach another king's square",
    ),
    (
        "chaturaji",
        "round-limit",
        "no round is completed (limits 20, 30 or none)",
    ),
    (
        "chaturaji",
        "next-game-first-seat",
        "only later games of a run",
    ),
    // Four-player shogi: south's and west's first moves touch no other army (the armies are
    // three ranks deep on a 9×9 board), so no check, capture, mate or limit.
    (
        "fourchess",
        "mode",
        "teams change promotion, check between partners, points and the end: none acts in two plies",
    ),
    ("yonin-shogi", "end", "nobody is mated"),
    ("yonin-shogi", "format", "nobody is mated"),
    ("yonin-shogi", "mated-pieces", "nobody is mated"),
    (
        "yonin-shogi",
        "move-limit",
        "the combinations' limits (200 plies, or none) are not reached",
    ),
    ("yonin-shogi", "show-movable", "display only"),
    // Shogi, minishogi, torishogi: a piece captured at ply 1 is in the mover's hand only from
    // ply 3 on, so no drop, mating or not, is made in two plies.
    ("shogi", "uchifuzume", "no drop before ply 3"),
    ("minishogi", "uchifuzume", "no drop before ply 3"),
    ("torishogi", "uchifuzume", "no drop before ply 3"),
    (
        "yonin-shogi",
        "rotate-first-seat",
        "only later games of a run",
    ),
];

/// The (option, choice) pairs that select a row.
type When = &'static [(&'static str, &'static str)];

/// (variant, the choices that decide the row, perft(2)). Exactly one row matches each
/// combination.
const ROWS: &[(&str, When, u64)] = &[
    // White's 16 moves: 8 pawns one step (padati, mfWcfF: no double step), the horses b1→a3,
    // c3 and g1→f3, h3 (4), the elephants (alfil, A) c1→a3, e3 and f1→d3, h3 (4); the
    // chariots, the minister (F) and the king are boxed in. Black mirrors: 16 × 16.
    ("chaturanga", &[], 256),
    // Shatranj swaps the king and the minister (d1/e1): both are still boxed in, 16 × 16.
    ("shatranj", &[], 256),
    // Makruk: 23 moves a side (8 bia, 2 ruea, 2 ma, 3 + 3 khon, 3 khun, 2 met), and no move of
    // either side can touch the other's in two plies: 23 × 23.
    ("makruk", &[], 529),
    // Sittuyin: every piece but the pawns starts in hand and must be placed first: 88 drops a
    // side (king, general, elephant, horse on the 20 empty squares of the own three ranks,
    // 4 × 20, and the chariot on the 8 of the back rank), none touching the other side: 88 × 88.
    ("sittuyin", &[], 7744),
    // Cambodian: makruk's 23 moves a side and the khun's two first-move leaps d1→b2, f2 (e8→c7,
    // g7 for black; empty squares, no check); the met's leap e1→e3 lands on its own bia. No
    // move of either side touches the other's in two plies: 25 × 25.
    ("cambodian", &[], 625),
    // Janggi: 32 actions a side — chariots a1→a2, a3 and i1 alike (4), horses b1→a3, c3 and
    // h1→g3, i3 (4; d2 and f2 are blocked at the leg by the elephants), guards d1→e1, d2 and
    // f1→e1, f2 (4), the general e2→e1, d2, f2 and along the palace lines d3, e3, f3 (6; d1
    // and f1 hold its guards), soldiers a4→a5, b4, c4→b4, c5, d4, e4 f4 g4 alike and i4→h4, i5
    // (13), and the pass (1). The elephants are blocked (c2→b3/d3 lead onto their own
    // soldiers, b1 and d1 are occupied) and the cannons have no screen but a cannon or a piece
    // with nothing beyond it. No move of either side changes the other's in two plies (a
    // soldier on b4 or h4 screens the cannon on the file only from the own cannon): 32 × 32.
    ("janggi", &[], 1024),
    // Xiangqi: 44 moves a side — rooks a1→a2, a3 and i1 alike (4), horses b1→a3, c3 and h1
    // alike (4; d2 and f2 are blocked at the leg by the elephants), elephants c1→a3, e3 and g1
    // alike (4), advisors d1, f1→e2 (2), the king e1→e2 (1), soldiers one step (5), each
    // cannon 12 (b3: b2, b4–b7, a3, c3–g3 and the hop capture of the horse on b10; h3 alike).
    // Black has 44 after most of white's moves, fewer after the cannon captures and blocks;
    // the total is Fairy-Stockfish's (tests/reference/family.perft, xiangqi-start). The
    // perpetual-check choice cannot matter at depth 2.
    ("xiangqi", &[], 1920),
    // Chess: 20 moves a side (8 pawns one or two steps, 2 knights two squares each), no
    // contact in two plies: 20 × 20.
    ("chess", &[], 400),
    // Capablanca: 28 a side — 10 pawns one or two steps (20), knights b1→a3, c3 and i1→h3,
    // j3 (4), the archbishop c1 (BN) leaps to b3, d3 (2), the chancellor h1 (RN) to g3, i3
    // (2); no contact in two plies: 28 × 28 (Fairy-Stockfish's 784 in family.perft).
    ("capablanca", &[], 784),
    // Red's moves per die, from the start (a3–f3 empty): 1 and 5 (pawn or king) 6 — a2a3,
    // b2b3, c2c3, d2d3, d1e1, d1e2; 2 (boat, A) 1 — a1c3; 3 (horse) 2 — b1a3, b1c3; 4 and 6
    // (elephant, R at c1, boxed in) 0. Sum over the 21 unordered rolls: each face is in 5
    // pairs with another face and in one double, so 5 × 15 + 15 = 90 die-tagged moves; 18
    // rolls have a usable die and so a pass child (optional usage); {4,4}, {4,6}, {6,6} pass
    // the turn at once: blue's 21 rolls each, 63. 90 + 18 + 63 = 171.
    (
        "chaturaji",
        &[("dice", "six-sided"), ("dice-usage", "optional")],
        171,
    ),
    // Mandatory usage: no pass child, 171 − 18.
    (
        "chaturaji",
        &[("dice", "six-sided"), ("dice-usage", "mandatory")],
        153,
    ),
    // Long dice, faces 2–5 (10 unordered rolls): moves per face 1, 2, 0, 6 (sum 9), each face
    // in 3 pairs and one double: 3 × 9 + 9 = 36; 9 pass children; {4,4} passes at once to
    // blue's 10 rolls. 36 + 9 + 10 = 55.
    (
        "chaturaji",
        &[("dice", "long"), ("dice-usage", "optional")],
        55,
    ),
    // Mandatory usage: 55 − 9.
    (
        "chaturaji",
        &[("dice", "long"), ("dice-usage", "mandatory")],
        46,
    ),
    // South's 9 moves: silvers c1→b2, c2 and g1→g2, h2 (FfW; d2, f2 hold pawns), golds
    // d1→c2 and f1→g2 (WfF; e2 holds the rook), pawns d2d3, f2f3, e3e4; the king and the rook
    // are boxed in. West's army is the same in its own frame and untouched: 9 × 9.
    ("yonin-shogi", &[], 81),
    // Shogi: 30 moves a side — 9 pawns, lances a1a2, i1i2 (2), the silvers c1→c2, d2 and
    // g1→f2, g2 (4; b2 and h2 hold the bishop and rook), the golds d1→c2, d2, e2 and f1→e2,
    // f2, g2 (6), the king e1→d2, e2, f2 (3), the rook h2 along rank 2 to g2–c2 and i2 (6),
    // the bishop boxed in, the knights blocked by the pawns: 30; no contact in two plies:
    // 30 × 30 (Fairy-Stockfish's 900).
    ("shogi", &[], 900),
    // Minishogi: sente's 14 — pawn a2a3, king b2, gold b2, c2, silver b2, c2, d2, bishop
    // c2, b3, a4, e2, rook e2, e3, e4 (takes the pawn); gote's replies are as many or fewer
    // after the capture and the blocks: Fairy-Stockfish's 181 (family.perft, minishogi-start).
    ("minishogi", &[], 181),
    // Torishogi: Fairy-Stockfish's 288 (family.perft, torishogi-start; 17 moves at ply 1).
    ("torishogi", &[], 288),
    // Crazyhouse: chess's 20 × 20 — no capture, so no drop, in two plies.
    ("crazyhouse", &[], 400),
    // Kyoto shogi: sente's 12 first moves — tokin a1→a2, b2 (WfF), silver b1→a2, b2, c2 (FfW),
    // king c1→b2, c2, d2, gold d1→c2, d2, e2 (WfF), pawn e1→e2 — each piece but the king
    // turning over; 137 replies in all, Fairy-Stockfish's perft(2) (tests/reference/
    // family.perft, kyotoshogi-start).
    ("kyotoshogi", &[], 137),
    // Four-player chess: each seat's 20 first moves (8 pawns one or two squares, 2 knights two
    // leaps each); of red's 20 only d2d4 takes one of blue's, b4d4 (docs/fourchess.md).
    ("fourchess", &[], 20 * 20 - 1),
];

/// The rows of `variant` whose choices `a` has.
fn matching(variant: &str, a: &Assignment) -> Vec<u64> {
    ROWS.iter()
        .filter(|(v, when, _)| *v == variant && when.iter().all(|(o, c)| a.get(o) == Some(*c)))
        .map(|&(_, _, n)| n)
        .collect()
}

#[test]
fn perft_two_of_every_option_combination_is_the_hand_worked_value() {
    let mut total = 0;
    for (name, _) in BUILTIN {
        let file = load(name).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        for a in file.combinations() {
            let expected = matching(name, &a);
            assert_eq!(expected.len(), 1, "{name} {a}: rows {expected:?}");
            let v = compile(&file, &a).unwrap_or_else(|e| panic!("{name} {a}: {}", e.one_line()));
            let nodes = perft(&mut Position::start(v), 2);
            assert_eq!(nodes, expected[0], "{name} {a}: perft(2)");
            total += 1;
        }
    }
    // chaturanga 18 + shatranj 18 + makruk 1 + xiangqi 2 + chess 1 + capablanca 1 + chaturaji 192
    // + yonin-shogi 64 + shogi 2 + minishogi 2 + torishogi 2 + crazyhouse 1 + kyotoshogi 2
    // + sittuyin 1 + cambodian 1 + janggi 2 + fourchess 2.
    assert_eq!(total, 312);
}

#[test]
fn every_option_is_accounted_for() {
    for (name, _) in BUILTIN {
        let file = load(name).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        for a in file.combinations() {
            for (option, choice) in &a.0 {
                let inert = INERT.iter().any(|(v, o, _)| v == name && o == option);
                let decides = ROWS.iter().any(|(v, when, _)| {
                    v == name && when.iter().any(|(o, c)| o == option && c == choice)
                });
                assert!(
                    inert || decides,
                    "{name}: `{option}={choice}` is in no row and not known to be inert"
                );
            }
        }
    }
}
