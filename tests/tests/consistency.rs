//! Engine invariants over random legal games of every built-in variant: the incremental hash
//! equals a hash computed from scratch after every action, undoing every action restores each
//! earlier position exactly (hash, counters, dice, seat to move), and every game ends or runs
//! into the ply cap without a panic. Under every option combination, every cache the
//! position keeps beside its board (occupancy, royal squares, piece and kind counts, material,
//! hash) equals the same figure recomputed from the board, after every ply and every undo.

use ashtapada::spec::{BUILTIN, load};
use ashtapada::{Assignment, Position, compile, load_variant};

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Plays one random game: rolls where a roll is due, otherwise a uniformly random legal move
/// (or `pass` when nothing else is legal). Returns the positions' fingerprints, oldest first.
fn random_game(pos: &mut Position, rng: &mut Lcg, max_plies: usize) -> Vec<(u64, String)> {
    let mut trail = Vec::new();
    let faces = pos
        .variant()
        .rules
        .dice
        .as_ref()
        .map(|d| (d.count as usize, d.faces.clone()));
    let mut moves = Vec::new();
    for _ in 0..max_plies {
        if pos.outcome().is_some() {
            break;
        }
        trail.push((
            pos.hash(),
            format!("{:?}|{:?}|{:?}", pos.counters(), pos.dice(), pos.to_move()),
        ));
        if pos.awaiting_roll() {
            let (count, faces) = faces.clone().expect("dice");
            let roll: Vec<u8> = (0..count).map(|_| faces[rng.next(faces.len())]).collect();
            pos.roll(&roll).expect("roll");
        } else {
            pos.game_moves(&mut moves);
            if moves.is_empty() {
                assert!(pos.can_pass(), "no move and no pass at {pos:?}");
                pos.pass().expect("pass");
            } else {
                let m = moves[rng.next(moves.len())];
                pos.play(m).expect("legal");
            }
        }
        assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "incremental hash after {:?}",
            pos.actions_played().last()
        );
        if let Err(e) = pos.check_consistency() {
            panic!("{e}, after {:?} at {pos:?}", pos.actions_played().last());
        }
    }
    trail
}

/// Games per option combination, and their ply cap.
const COMBINATION_GAMES: usize = 2;
const COMBINATION_PLIES: usize = 250;

#[test]
fn caches_agree_with_the_board_under_every_option_combination() {
    let mut games = 0;
    for (name, _) in BUILTIN {
        let file = load(name).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        for (i, a) in file.combinations().iter().enumerate() {
            let v = compile(&file, a).unwrap_or_else(|e| panic!("{name} {a}: {}", e.one_line()));
            let mut rng = Lcg(0xcac4e ^ ((i as u64) << 8) ^ name.len() as u64);
            for _ in 0..COMBINATION_GAMES {
                let mut pos = Position::start(v.clone());
                let plies = random_game(&mut pos, &mut rng, COMBINATION_PLIES).len();
                for _ in 0..plies {
                    let undone = pos.undo().expect("an action to undo");
                    if let Err(e) = pos.check_consistency() {
                        panic!("{name} {a}: {e}, after undoing {undone:?} at {pos:?}");
                    }
                }
                assert!(pos.undo().is_none(), "{name} {a}: back at the start");
                games += 1;
            }
        }
    }
    assert_eq!(games, 312 * COMBINATION_GAMES); // + fourchess 2, shogi 2, minishogi 2, torishogi 2, crazyhouse 1, kyotoshogi 2, sittuyin 1, cambodian 1, janggi 2
}

#[test]
fn random_games_keep_hash_and_undo_consistent() {
    for (name, _) in BUILTIN {
        let v = load_variant(name, &Assignment::default()).unwrap();
        let mut rng = Lcg(0x5eed ^ name.len() as u64);
        for _ in 0..6 {
            let mut pos = Position::start(v.clone());
            let trail = random_game(&mut pos, &mut rng, 600);
            let mut back = trail.len();
            while back > 0 {
                let undone = pos.undo().expect("an action to undo");
                back -= 1;
                let (hash, state) = &trail[back];
                assert_eq!(pos.hash(), *hash, "{name}: hash after undoing {undone:?}");
                assert_eq!(
                    &format!("{:?}|{:?}|{:?}", pos.counters(), pos.dice(), pos.to_move()),
                    state,
                    "{name}: state after undoing {undone:?}"
                );
            }
            assert!(pos.undo().is_none());
            assert!(pos.actions_played().next().is_none());
        }
    }
}
