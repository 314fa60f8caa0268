//! The compiled move table agrees with the slow, obviously-correct generator
//! (`compile::reference_moves`: regions, region moves and hops included) on every square, for every piece kind and orientation of
//! every built-in variant, on empty and crowded boards.

use ashtapada::compile::{reference_moves, reference_targets};
use ashtapada::spec::BUILTIN;
use ashtapada::{Assignment, Square, load_variant};

/// Targets the table gives from `from`: leaps whose path is clear, rays up to and including
/// the first occupied square.
fn table_targets(
    v: &ashtapada::Variant,
    combo: usize,
    from: u8,
    occ: &dyn Fn(u8) -> bool,
) -> Vec<(u8, u8)> {
    let t = &v.table;
    let e = t.entry(combo, from);
    let mut out = Vec::new();
    for l in t.leaps_of(e) {
        if t.blocks_of(l).iter().all(|&b| !occ(b)) {
            out.push((l.to, l.mode));
        }
    }
    for r in t.rays_of(e) {
        for &s in t.ray(r) {
            out.push((s, r.mode));
            if occ(s) {
                break;
            }
        }
    }
    // Hop rays: the squares beyond the first occupied one, up to and including the next
    // (a grasshopper: only the square just beyond).
    for h in t.hops_of(combo, from) {
        let squares = t.ray(&h.ray);
        let Some(i) = squares.iter().position(|&s| occ(s)) else {
            continue;
        };
        let take = if h.grasshopper { 1 } else { squares.len() };
        for &s in squares[i + 1..].iter().take(take) {
            out.push((s, h.ray.mode));
            if occ(s) {
                break;
            }
        }
    }
    out.sort();
    out
}

#[test]
fn move_table_matches_reference_generator_on_every_square() {
    let mut checked = 0;
    let mut expected = 0;
    for (name, _) in BUILTIN {
        let v = load_variant(name, &Assignment::default()).unwrap();
        let b = v.board;
        expected += v.kinds.len() * v.orients.len() * b.len() * 3;
        // Occupancy patterns: empty, every third square, a dense pseudo-random one.
        let patterns: Vec<Box<dyn Fn(u8) -> bool>> = vec![
            Box::new(|_| false),
            Box::new(|s| s % 3 == 0),
            Box::new(|s| (s as u32).wrapping_mul(2654435761) >> 29 & 1 == 1),
        ];
        for (k, kind) in v.kinds.iter().enumerate() {
            for (oi, &o) in v.orients.iter().enumerate() {
                let combo = k * v.orients.len() + oi;
                for sq in b.squares() {
                    for occ in &patterns {
                        // First-move steps live in the special table, not this one.
                        let movement = v.movements[k].only(&|s| !s.initial);
                        let mut want: Vec<(u8, u8)> =
                            reference_moves(b, o, oi, &movement, sq, &|s: Square| occ(s.0))
                                .into_iter()
                                .map(|(s, m)| (s.0, m))
                                .collect();
                        want.sort();
                        assert_eq!(
                            table_targets(&v, combo, sq.0, occ.as_ref()),
                            want,
                            "{name} {} {o} from {}",
                            kind.name,
                            b.name(sq)
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    // Every (kind, orientation, square, pattern) of every built-in variant was compared.
    assert_eq!(checked, expected);
    assert!(checked >= 2 * 6 * 2 * 64 * 3 + 5 * 4 * 64 * 3 + 8 * 4 * 81 * 3);
}

/// Worked by hand: the ashva on b1 reaches a3, c3 and d2; the white padati on e2 moves to e3
/// and captures on d3 and f3; the black padati on e7 moves to e6 (it faces south).
#[test]
fn hand_worked_targets() {
    let v = load_variant("chaturanga", &Assignment::default()).unwrap();
    let b = v.board;
    let sq = |s: &str| b.parse_square(s).unwrap();
    let names = |list: Vec<(Square, u8)>| {
        let mut n: Vec<String> = list
            .into_iter()
            .map(|(s, m)| format!("{}:{m}", b.name(s)))
            .collect();
        n.sort();
        n
    };
    let kind = |n: &str| &v.kinds[v.kind_by_name(n).unwrap().index()];
    let white = v.seats[0].orientation;
    let black = v.seats[1].orientation;
    assert_eq!(
        names(reference_targets(
            b,
            white,
            &kind("ashva").steps,
            sq("b1"),
            &|_| false
        )),
        ["a3:3", "c3:3", "d2:3"]
    );
    assert_eq!(
        names(reference_targets(
            b,
            white,
            &kind("padati").steps,
            sq("e2"),
            &|_| false
        )),
        ["d3:2", "e3:1", "f3:2"]
    );
    assert_eq!(
        names(reference_targets(
            b,
            black,
            &kind("padati").steps,
            sq("e7"),
            &|_| false
        )),
        ["d6:2", "e6:1", "f6:2"]
    );
    // The ratha on a1 behind a piece on a3: a2 and a3 along the file, the whole first rank.
    let occ = |s: Square| s == sq("a3");
    assert_eq!(
        reference_targets(b, white, &kind("ratha").steps, sq("a1"), &occ).len(),
        2 + 7
    );
}

/// Overlapping Betza parts give each move once: a piece's moves are the union of its parts.
/// From c3 on an empty 5×5 board, worked by hand:
/// - `WR`: the rook's two squares in each of four directions; the wazir's steps are the first
///   of them: 8 moves (12 if each part counted).
/// - `KQ`: the queen's two squares in each of eight directions: 16.
/// - `WfFbR`: W c4 b3 d3 c2, fF b4 d4, bR c2 c1 (c2 again): 7.
/// - `KbRfBbF2`: K c4 c2 b3 d3 b4 d4 b2 d2, bR c2 c1, fB b4 a5 d4 e5, bF2 b2 a1 d2 e1: the king's
///   8 and c1, a5, e5, a1, e1: 13.
/// - `WmR` with a black piece on c4: the rook moves to b3 a3 d3 e3 c2 c1 (not onto c4), the
///   wazir captures on c4 and moves nowhere the rook does not: 7, each once.
#[test]
fn overlapping_betza_parts_give_each_move_once() {
    use ashtapada::notation::{from_fen, move_to_string};
    for (betza, fen, expected) in [
        ("WR", "5/5/2X2/5/5 w - - 0 1", 8),
        ("KQ", "5/5/2X2/5/5 w - - 0 1", 16),
        ("WfFbR", "5/5/2X2/5/5 w - - 0 1", 7),
        ("KbRfBbF2", "5/5/2X2/5/5 w - - 0 1", 13),
        ("WmR", "5/2y2/2X2/5/5 w - - 0 1", 7),
    ] {
        let text = format!(
            "name: overlap\nboard: {{ files: 5, ranks: 5 }}\n\
             seats:\n  - {{ name: white, edge: south }}\n  - {{ name: black, edge: north }}\n\
             pieces:\n  x: {{ letter: X, betza: {betza} }}\n  y: {{ letter: Y, betza: W }}\n\
             setup:\n  army: {{ c1: x }}\n"
        );
        let file = ashtapada::spec::load_str("overlap.yaml", &text)
            .unwrap_or_else(|e| panic!("{betza}: {}", e.one_line()));
        let v = ashtapada::compile(&file, &Assignment::default())
            .unwrap_or_else(|e| panic!("{betza}: {}", e.one_line()));
        let mut pos = from_fen(&v, fen).unwrap_or_else(|e| panic!("{betza}: {e}"));
        let moves: Vec<String> = pos
            .legal_move_list()
            .into_iter()
            .map(|m| move_to_string(&pos, m))
            .collect();
        let mut distinct = moves.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), moves.len(), "{betza}: {moves:?}");
        assert_eq!(moves.len(), expected, "{betza}: {moves:?}");
    }
}
