//! Tests of the search's cheaper paths (issue 26's node rate): each must give exactly what
//! the path it replaces gives, on positions of random games of several built-ins.

use super::positional::reach_bits;
use super::table::EvalCache;
use crate::compile::{CAPTURE, QUIET};
use crate::engine::{Position, load_variant};
use crate::spec::Assignment;
use crate::vocab::{Move, Seat};

/// Variants with bitboards and without (over 64 squares), drops, gating and walls.
const VARIANTS: [&str; 8] = [
    "chess",
    "chaturanga",
    "shatranj",
    "xiangqi",
    "shogi",
    "crazyhouse",
    "seirawan",
    "duck",
];

/// Calls `check` on every position of two random games (at most 120 plies each) of `name`.
fn walk_games(name: &str, mut check: impl FnMut(&mut Position)) {
    let v = load_variant(name, &Assignment::default()).unwrap();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ name.len() as u64;
    let mut moves = Vec::new();
    for _ in 0..2 {
        let mut pos = Position::start(v.clone());
        for _ in 0..120 {
            check(&mut pos);
            if pos.outcome().is_some() {
                break;
            }
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn the_horizons_mate_test_gives_the_full_outcome() {
    // `outcome_at_leaf` stops at the first legal move; `outcome` lists them all: the same
    // answer on every position, mates and stalemates included (random games reach some).
    for name in VARIANTS {
        walk_games(name, |pos| {
            let lean = pos.outcome_at_leaf();
            assert_eq!(lean, pos.outcome(), "{name}");
        });
    }
}

#[test]
fn candidates_kept_by_the_test_are_the_legal_moves() {
    // Where legality is royal safety alone, the candidates the returned test keeps are the
    // legal moves, as a set; gating and walls (seirawan, duck) keep the full list.
    let mut some = 0;
    for name in VARIANTS {
        walk_games(name, |pos| {
            let mut legal: Vec<Move> = Vec::new();
            pos.legal_moves(&mut legal);
            let mut cands = Vec::new();
            let Some(test) = pos.candidates_and_test(&mut cands) else {
                assert!(["seirawan", "duck"].contains(&name), "{name}");
                return;
            };
            some += 1;
            let mut kept: Vec<Move> = cands.into_iter().filter(|&m| test(pos, m)).collect();
            let key = |m: &Move| m.canonical_key();
            kept.sort_by_key(key);
            legal.sort_by_key(key);
            assert_eq!(kept, legal, "{name}");
        });
    }
    assert!(some > 500, "{some} positions tested");
}

#[test]
fn the_shared_listing_gives_the_leaf_outcome_and_the_candidates() {
    // `outcome_listing` (the search node's mate test, its list kept for the move loop) gives
    // `outcome_at_leaf`'s answer, lists the pseudo-legal board moves in their order (the
    // quiescence search's list), completed by the drops into `candidates_and_test`'s list,
    // with a test that agrees with that one on every candidate. Gating and walls (seirawan,
    // duck) and explosions (atomic) decline or take the shortcut as legality allows.
    let mut shared = 0;
    for name in VARIANTS.iter().copied().chain(["atomic", "kyotoshogi"]) {
        walk_games(name, |pos| {
            let leaf = pos.outcome_at_leaf();
            let mut listed = Vec::new();
            let Some((o, listing, test)) = pos.outcome_listing(&mut listed) else {
                assert!(listed.is_empty(), "{name}");
                let other_test = !pos.legality_is_royal_safety()
                    || pos.variant().rules.mates_go_on()
                    || pos.history_forbids_some();
                assert!(leaf.is_some() || other_test, "{name}: declined");
                return;
            };
            shared += 1;
            assert_eq!(o, leaf, "{name}");
            let mut pseudo = Vec::new();
            pos.pseudo_moves(pos.to_move(), &mut pseudo);
            assert_eq!(listed[..listing.board], pseudo[..], "{name}");
            pos.complete_listing(listing, &mut listed);
            let mut cands = Vec::new();
            let fresh = pos.candidates_and_test(&mut cands).expect(name);
            assert_eq!(listed, cands, "{name}");
            for &m in &cands {
                assert_eq!(test(pos, m), fresh(pos, m), "{name} {m:?}");
            }
        });
    }
    assert!(shared > 1000, "{shared} positions shared");
}

#[test]
fn a_quiet_moves_check_found_in_place_is_the_played_moves() {
    // `quiet_move_checks` (the pruning's gives-check test, without playing the move) says
    // what playing the move and asking `in_check` of the seat to move says, for every legal
    // move where it answers; it answers for most moves of chaturanga and shatranj, and
    // declines where a module may change the board after a move (xiangqi's turn hooks).
    let mut answered = 0;
    let mut checks = 0;
    for name in VARIANTS
        .iter()
        .copied()
        .chain(["makruk", "atomic", "kingofthehill"])
    {
        walk_games(name, |pos| {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            for &m in &legal {
                let Some(said) = pos.quiet_move_checks(m) else {
                    continue;
                };
                answered += 1;
                checks += said as usize;
                pos.play_unchecked(m);
                let check = pos.in_check(pos.to_move());
                pos.undo();
                assert_eq!(said, check, "{name} {m:?} {pos:?}");
            }
        });
    }
    assert!(
        answered > 5000 && checks > 50,
        "{answered} answers, {checks} checks"
    );
}

#[test]
fn bitboard_reach_equals_the_walk() {
    // For every piece: the squares of its quiet-mode and capture-mode steps by bitboard
    // equal those the move-table walk visits (each once), where the bitboards can say it.
    let mut said = 0;
    for name in VARIANTS {
        walk_games(name, |pos| {
            let v = pos.variant().clone();
            let t = &v.table;
            let occ = pos.occupied_bits();
            let board = pos.board();
            for s in 0..v.seats.len() {
                for sq in pos.pieces_of(Seat(s as u8)).iter() {
                    let p = board[sq as usize];
                    let combo = p.combo(v.orients.len());
                    let Some((quiet, capture)) = reach_bits(t, combo, sq, occ) else {
                        continue;
                    };
                    said += 1;
                    let (mut q, mut c, mut nq, mut nc) = (0u64, 0u64, 0, 0);
                    t.walk(
                        combo,
                        sq,
                        board,
                        |p| !p.is_empty(),
                        |to, mode, _| {
                            if mode & QUIET != 0 {
                                q |= 1 << to;
                                nq += 1;
                            }
                            if mode & CAPTURE != 0 {
                                c |= 1 << to;
                                nc += 1;
                            }
                        },
                    );
                    assert_eq!((quiet, capture), (q, c), "{name} {sq}");
                    assert_eq!(
                        (quiet.count_ones(), capture.count_ones()),
                        (nq, nc),
                        "{name}"
                    );
                }
            }
        });
    }
    assert!(said > 5_000, "{said} pieces compared");
}

#[test]
fn the_evaluation_cache_returns_what_was_stored_and_forgets_another_variant() {
    let mut c = EvalCache::default();
    c.keep_for(1);
    assert_eq!(c.get(42), None);
    c.put(42, -7);
    assert_eq!(c.get(42), Some(-7));
    // Another key in the same slot replaces it; a key never stored is not found.
    let other = 42 + (1 << super::table::EVAL_BITS);
    assert_eq!(c.get(other), None);
    c.put(other, 5);
    assert_eq!((c.get(42), c.get(other)), (None, Some(5)));
    c.keep_for(1);
    assert_eq!(c.get(other), Some(5));
    c.keep_for(2);
    assert_eq!(c.get(other), None);
}
