//! Property tests (proptest) over random legal games of every built-in variant and every
//! combination of its options ([`RuleFile::combinations`](ashtapada::RuleFile::combinations)):
//!
//! - after every action the incremental hash equals [`Position::compute_hash`];
//! - playing an action and undoing it restores the position string and the hash exactly;
//! - position strings round-trip (`to_position_string` → `from_position_string`), and so does
//!   FEN for the two-seat variants;
//! - a game's record, written as JSON and read back, replays to the same final position.
//!
//! Case counts are small (the games are long), so the whole file runs in seconds; every
//! combination is also swept once, deterministically, by `every_combination_keeps_its_hash`.

use ashtapada::notation::{Record, from_fen, from_position_string, to_fen, to_position_string};
use ashtapada::spec::{BUILTIN, load};
use ashtapada::{Position, Variant, compile};
use ashtapada_tests::{Lcg, random_action};
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};

/// Every built-in variant compiled with every combination of its options.
fn variants() -> &'static [Arc<Variant>] {
    static ALL: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut out = Vec::new();
        for (name, _) in BUILTIN {
            let file = load(name).expect("a built-in loads");
            for a in file.combinations() {
                out.push(compile(&file, &a).expect("every combination compiles"));
            }
        }
        out
    })
}

/// What must come back exactly: the position string and the hash.
fn fingerprint(pos: &Position) -> (String, u64) {
    (to_position_string(pos), pos.hash())
}

/// Plays up to `plies` random legal actions from the start of `v` (seeded by `seed`), checking
/// after each that the hash is the recomputed one and that undoing it and playing it again
/// restores both positions exactly. Returns the final position.
fn checked_game(v: &Arc<Variant>, seed: u64, plies: usize) -> Result<Position, TestCaseError> {
    let mut pos = Position::start(v.clone());
    let mut rng = Lcg(seed);
    let label = || format!("{} {}", v.name, v.assignment);
    for _ in 0..plies {
        let Some(action) = random_action(&mut pos, &mut rng) else {
            break;
        };
        let before = fingerprint(&pos);
        pos.play_action(action)
            .map_err(|e| TestCaseError::fail(format!("{}: {action:?}: {e}", label())))?;
        let after = fingerprint(&pos);
        prop_assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "{}: after {:?}",
            label(),
            action
        );
        let undone = pos.undo();
        prop_assert_eq!(undone, Some(action), "{}", label());
        prop_assert_eq!(
            fingerprint(&pos),
            before.clone(),
            "{}: undo {:?}",
            label(),
            action
        );
        prop_assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "{}: undo {:?}",
            label(),
            action
        );
        pos.play_action(action)
            .map_err(|e| TestCaseError::fail(format!("{}: replay {action:?}: {e}", label())))?;
        prop_assert_eq!(fingerprint(&pos), after, "{}: replay {:?}", label(), action);
    }
    Ok(pos)
}

/// The position string of `pos` reads back as the same position (same string, same hash), and
/// so does its FEN in a two-seat variant.
fn round_trips(pos: &Position) -> Result<(), TestCaseError> {
    let v = pos.variant();
    {
        let text = to_position_string(pos);
        let back = from_position_string(v, &text)
            .map_err(|e| TestCaseError::fail(format!("{}: {text:?}: {e}", v.name)))?;
        prop_assert_eq!(to_position_string(&back), text.clone());
        prop_assert_eq!(back.hash(), back.compute_hash(), "{}", text);
        prop_assert_eq!(back.hash(), pos.hash(), "{}", text);
    }
    if v.seats.len() == 2 {
        let fen = to_fen(pos);
        let back = from_fen(v, &fen).map_err(|e| TestCaseError::fail(format!("{fen:?}: {e}")))?;
        prop_assert_eq!(to_fen(&back), fen.clone());
        prop_assert_eq!(back.hash(), back.compute_hash(), "{}", fen);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Play/undo, the hash and the position-string round trip along a random game, at a random
    /// point of it.
    #[test]
    fn play_undo_hash_and_position_strings(
        which in 0..variants().len(),
        seed in any::<u64>(),
        plies in 0usize..400,
    ) {
        let pos = checked_game(&variants()[which], seed, plies)?;
        round_trips(&pos)?;
        // Every earlier position of the game round-trips too.
        let mut back = pos.clone();
        while back.undo().is_some() {
            if back.ply() % 7 == 0 {
                round_trips(&back)?;
            }
        }
    }

    /// A random game's record, through JSON, replays to the same final position.
    #[test]
    fn records_replay_to_the_same_position(
        which in 0..variants().len(),
        seed in any::<u64>(),
        plies in 0usize..400,
    ) {
        let v = &variants()[which];
        let mut pos = checked_game(v, seed, plies)?;
        let record = Record::from_position(&pos, Some(seed));
        let json = record.to_json();
        let read = Record::from_json(&json)
            .map_err(|e| TestCaseError::fail(format!("{json}: {e}")))?;
        let mut replayed = read
            .replay_on(v)
            .map_err(|e| TestCaseError::fail(format!("{}: {e}", v.name)))?;
        prop_assert_eq!(fingerprint(&replayed), fingerprint(&pos));
        prop_assert_eq!(replayed.outcome(), pos.outcome());
    }
}

/// Every combination of every variant, one random game each: the incremental hash is the
/// recomputed one after every action (and undo restores it), whatever the options.
#[test]
fn every_combination_keeps_its_hash() {
    for (i, v) in variants().iter().enumerate() {
        checked_game(v, 0x6a5e ^ i as u64, 300).unwrap_or_else(|e| panic!("{e}"));
    }
}
