//! The end conditions kept after quiet moves (`Position::conditions_kept`, engine/outcome.rs),
//! tested here because positions are read from text (the notation layer comes after the
//! engine).

use crate::engine::Position;
use crate::engine::load_variant;
use crate::notation::{from_fen, parse_move};
use crate::spec::Assignment;
use crate::vocab::Seat;

fn chaturanga(set: &[&str], fen: Option<&str>) -> Position {
    let v = load_variant("chaturanga", &Assignment::parse(set).unwrap()).unwrap();
    match fen {
        Some(f) => from_fen(&v, f).unwrap(),
        None => Position::start(v),
    }
}

fn play(pos: &mut Position, moves: &[&str]) {
    for text in moves {
        let m = parse_move(pos, text).unwrap();
        pos.play(m).unwrap();
    }
}

#[test]
fn a_judgement_is_kept_only_back_to_the_movers_last_quiet_stretch() {
    let mut pos = chaturanga(&[], None);
    play(&mut pos, &["b1c3", "b8c6"]);
    // Black has not moved before: nothing to keep.
    assert!(!pos.conditions_kept(Seat(1)));
    play(&mut pos, &["g1f3"]);
    // White's last move was judged with the same pieces: kept.
    assert!(pos.conditions_kept(Seat(0)));
    play(&mut pos, &["c6d4", "f3d4"]);
    // The capture itself is judged: the move before it took nothing, but this one did
    // (the caller sees that); and black's window holds the capture.
    play(&mut pos, &["g8f6"]);
    assert!(!pos.conditions_kept(Seat(1)));
    play(&mut pos, &["a2a3"]);
    // White's last move was the capture, judged after it; one quiet move since.
    assert!(pos.conditions_kept(Seat(0)));
    // Taking back keeps the stretch as it was.
    pos.undo();
    pos.undo();
    play(&mut pos, &["g8f6"]);
    assert!(!pos.conditions_kept(Seat(1)));
}

#[test]
fn a_bared_seat_is_judged_after_its_own_first_move() {
    // Shatranj's bare king: black, bared, moves once more; a quiet move loses (`bared`:
    // bare(mover) and not bare(opponent)), though the same pieces were judged false for
    // white at the root and nothing was taken since.
    let mut pos = chaturanga(
        &["bare-king=shatranj"],
        Some("7k/8/8/8/8/8/8/R3K3 b - - 0 1"),
    );
    assert_eq!(pos.ended(), None);
    play(&mut pos, &["h8g7"]);
    let o = pos.ended().expect("the bared seat loses");
    assert_eq!(pos.describe_outcome(o), "white wins (bared)");
}

#[test]
fn a_game_that_goes_on_holds_no_condition_for_its_mover() {
    // Seeded playouts: after every move, the kept judgement agrees with judging afresh.
    for set in [&[][..], &["bare-king=shatranj"][..]] {
        let mut pos = chaturanga(set, None);
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let (mut kept, mut plies) = (0, 0);
        for _ in 0..3_000 {
            if pos.outcome().is_some() {
                pos = chaturanga(set, None);
            }
            let moves = pos.legal_move_list();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            let mover = pos.to_move();
            pos.play_unchecked(m);
            kept += pos.conditions_kept(mover) as u32;
            plies += 1;
            if pos.ended().is_none() {
                assert_eq!(pos.judge_conditions(mover), None, "{set:?} after {m:?}");
            }
        }
        // The keeping is exercised: most random moves are quiet.
        assert!(kept * 2 > plies, "{kept} of {plies}");
    }
}
