//! The reverse attack table (`compile::AttackTable`, used for check) agrees with the forward
//! move table (`compile::MoveTable`) on every square: a piece attacks a square exactly when one
//! of its capturing leaps or rays from its square reaches it. Checked for every kind and
//! orientation of every built-in variant under every option combination, and for synthetic
//! Betza pieces (asymmetric, lame, limited and unlimited riders, moves in legs) on an odd 5×7 board with
//! three facings, on an empty board and with blockers.

use ashtapada::compile::CAPTURE;
use ashtapada::spec::{BUILTIN, load, load_str};
use ashtapada::vocab::{Kind, Piece, Seat, SeatSet};
use ashtapada::{Variant, compile};
use std::sync::Arc;

/// Squares the forward table says the piece of `combo` on `from` attacks, given the blockers
/// in `board` (leaps whose lame path is clear; rays up to and including the first occupied
/// square), as a 256-square mask.
fn forward_attacks(v: &Variant, combo: usize, from: u8, board: &[Piece; 256]) -> [bool; 256] {
    let t = &v.table;
    let e = t.entry(combo, from);
    let mut out = [false; 256];
    for l in t.leaps_of(e) {
        if l.mode & CAPTURE != 0 && t.blocks_of(l).iter().all(|&b| board[b as usize].is_empty()) {
            out[l.to as usize] = true;
        }
    }
    for r in t.rays_of(e) {
        for &s in t.ray(r) {
            if r.mode & CAPTURE != 0 {
                out[s as usize] = true;
            }
            if !board[s as usize].is_empty() {
                break;
            }
        }
    }
    // Hop rays: past the first piece (unless the kind may not hop over it), every square up
    // to and including the next piece (a grasshopper: only the square just beyond), unless
    // the piece there is one the kind may not capture.
    let limits = t.hop_limits[board[from as usize].kind().index()];
    for h in t.hops_of(combo, from) {
        let squares = t.ray(&h.ray);
        let Some(i) = squares.iter().position(|&s| !board[s as usize].is_empty()) else {
            continue;
        };
        if h.ray.mode & CAPTURE == 0
            || limits.not_over >> board[squares[i] as usize].kind().0 & 1 != 0
        {
            continue;
        }
        let take = if h.grasshopper { 1 } else { squares.len() };
        for &s in squares[i + 1..].iter().take(take) {
            let p = board[s as usize];
            if p.is_empty() || limits.not_capturing >> p.kind().0 & 1 == 0 {
                out[s as usize] = true;
            }
            if !p.is_empty() {
                break;
            }
        }
    }
    out
}

/// Checks every kind, orientation and square of `v` on `patterns` of blockers (pieces of the
/// second seat, never queried); returns the number of (kind, orientation, square, pattern)
/// cases checked.
fn check_variant(label: &str, v: &Variant) -> usize {
    assert!(
        v.seats.len() >= 2,
        "{label}: needs a second seat for blockers"
    );
    let n = v.board.len();
    let patterns: [fn(usize) -> bool; 3] = [
        |_| false,
        |s| s % 3 == 0,
        |s| (s as u32).wrapping_mul(2654435761) >> 29 & 1 == 1,
    ];
    // Blockers of two kinds (the first two), so that hop restrictions by kind are exercised.
    let blocker = |s: usize| Piece::new(Kind((s / 2 % 2) as u8), Seat(1), 0);
    let mut cases = 0;
    for k in 0..v.kinds.len() {
        for o in 0..v.orients.len() {
            let combo = k * v.orients.len() + o;
            for from in 0..n {
                for pattern in &patterns {
                    let mut board = [Piece::EMPTY; 256];
                    for (s, p) in board.iter_mut().enumerate().take(n) {
                        if pattern(s) {
                            *p = blocker(s);
                        }
                    }
                    board[from] = Piece::new(Kind(k as u8), Seat(0), o as u8);
                    let want = forward_attacks(v, combo, from as u8, &board);
                    for (to, &wanted) in want.iter().enumerate().take(n) {
                        let got = v.attacks.attacked(&board, to as u8, SeatSet::from_bits(1));
                        assert_eq!(
                            got, wanted,
                            "{label}: {} orient {o} on square {from} → {to}",
                            v.kinds[k].name
                        );
                    }
                    cases += 1;
                }
            }
        }
    }
    cases
}

#[test]
fn attack_table_agrees_with_move_table_for_every_builtin_combination() {
    let mut cases = 0;
    for (name, _) in BUILTIN {
        let file = load(name).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        for a in file.combinations() {
            let v = compile(&file, &a).unwrap_or_else(|e| panic!("{name} {a}: {}", e.one_line()));
            cases += check_variant(&format!("{name} {a}"), &v);
        }
    }
    assert!(cases > 0);
}

/// A 5×7 board, three seats facing north, south and east, and pieces the built-ins lack:
/// hoppers (with restrictions), pieces confined to a region and moves that depend on the
/// region a piece stands in (leaps, rays and hops kept within a region).
const SYNTHETIC: &str = r#"
name: odd-attacks
title: Odd attacks
board: { files: 5, ranks: 7 }
seats:
  - { name: one, edge: south, fen: a }
  - { name: two, edge: north, mirror: true, fen: b }
  - { name: three, edge: west, fen: c }
pieces:
  king:       { letter: K, betza: K, value: 0, royal: true }
  forward:    { letter: W, betza: fW, value: 1 }
  back-fers:  { letter: F, betza: bF, value: 1 }
  knight:     { letter: N, betza: N, value: 3 }
  camel:      { letter: C, betza: C, value: 3 }
  rook:       { letter: R, betza: R, value: 5 }
  bishop:     { letter: B, betza: B, value: 3 }
  nightrider: { letter: X, betza: NN, value: 5 }
  short-rook: { letter: S, betza: R2, value: 3 }
  lame-horse: { letter: H, betza: nN, value: 3 }
  quiet-cap:  { letter: Q, betza: mRcB, value: 4 }
  zebra:      { letter: Z, betza: lfZbD, value: 2 }
  elephant:   { letter: E, betza: mafsmafW, value: 3 }
  fers-horse: { letter: D, betza: mafsF, value: 3 }
  hook:       { letter: J, betza: mfabrWmafcK, value: 2 }
  cannon:     { letter: P, betza: mRcpR, value: 4 }
  hopper:     { letter: G, betza: gQ, value: 3 }
  short-hop:  { letter: O, betza: pB3, value: 3 }
  picky:      { letter: Y, betza: pR, value: 3, hops: { not-over: [king], not-capturing: [forward] } }
  palace-k:   { letter: A, betza: K, value: 2, confined: corner }
  half-rook:  { letter: L, betza: R, value: 4, confined: near }
  zoned:
    letter: M
    betza: fW
    value: 2
    region-moves:
      - { in: far, betza: sW }
      - { in: lines, betza: B, within: corner }
      - { in: corner, betza: pR, within: near }
regions:
  corner: a1-c3
  lines: a1 c1 b2 a3 c3
  near: a1-e3 b4
  far: a5-e7
setup:
  army: { c1: king }
"#;

#[test]
fn attack_table_agrees_with_move_table_for_synthetic_pieces() {
    let file =
        load_str("odd-attacks.yaml", SYNTHETIC).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let v: Arc<Variant> = compile(&file, &ashtapada::Assignment::default())
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    assert_eq!(v.board.len(), 35);
    assert!(v.orients.len() >= 3, "three facings: {}", v.orients.len());
    let cases = check_variant("odd-attacks", &v);
    assert_eq!(cases, v.kinds.len() * v.orients.len() * 35 * 3);
}
