//! Searches four-player shogi for a position where a seat's every legal move completes a
//! forbidden perpetual check (issue 25). Not part of the test run; it found the position of
//! `tests/tests/legality.rs`'s four-player shogi test.
//!
//! ```text
//! cargo run --release -p ashtapada --example stuck_search -- [TRIALS] [SEED] [OPTIONS…]
//! ```
//!
//! The shape it looks for: west checks south, south (in check) answers out of turn, and play
//! goes on clockwise from south — to west again — so only the two of them move. Each trial
//! puts the four kings and a few random pieces of random seats into a random 5×5 window of the
//! board, west to move, and keeps the position when west has exactly one move it may play at
//! each of its turns of the cycle `west check, south answer, west check, south answer` and
//! some answers of south bring the position back to the start (it says whether south's
//! answers were forced too). It then plays the cycle until the position has occurred three
//! times and prints it when west's only move is forbidden (or west, due with none, was mated
//! at once). With `format=pairs` it builds its boards around a fixed skeleton instead
//! ([`pairs_board`]).

use ashtapada::notation::{move_to_string, parse_position, to_position_string};
use ashtapada::{Assignment, Position, Seat, load_variant};

const SOUTH: Seat = Seat(0);
const WEST: Seat = Seat(1);
const KINDS: [char; 8] = ['G', 'S', 'P', 'R', 'D', 'N', 'T', 'G'];
const SEATS: [char; 4] = ['s', 'w', 'n', 'e'];

/// A small xorshift generator (the search needs no quality beyond variety).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random board string: four kings and 3–7 pieces in a 5×5 window (the kings of north and
/// east anywhere), west to move.
fn random_board(rng: &mut Rng) -> String {
    let mut board: [Option<String>; 81] = std::array::from_fn(|_| None);
    let (x0, y0) = (rng.below(5), rng.below(5));
    let mut put = |rng: &mut Rng, piece: String, window: bool| loop {
        let sq = if window {
            (y0 + rng.below(5)) * 9 + x0 + rng.below(5)
        } else {
            rng.below(81)
        };
        if board[sq].is_none() {
            board[sq] = Some(piece);
            return;
        }
    };
    put(rng, "sK".into(), true);
    put(rng, "wK".into(), true);
    put(rng, "nK".into(), false);
    put(rng, "eK".into(), false);
    for _ in 0..3 + rng.below(5) {
        let seat = SEATS[rng.below(4)];
        let kind = KINDS[rng.below(KINDS.len())];
        put(rng, format!("{seat}{kind}"), true);
    }
    write_board(&board)
}

/// The board string of `board` (index rank × 9 + file), empty hands, west to move.
fn write_board(board: &[Option<String>; 81]) -> String {
    let mut ranks = Vec::new();
    for rank in (0..9).rev() {
        let (mut text, mut empty) = (String::new(), 0);
        for file in 0..9 {
            match &board[rank * 9 + file] {
                Some(p) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    format!("{}[] w", ranks.join("/"))
}

/// A board with a fixed skeleton for the pairs format (west and east partners): west's king
/// on a1 with its rook on a3 pinned by east's rook on a4 (west may not take its partner's
/// piece, so the rook only shuttles a3–a2, checking along the third and second ranks),
/// south's king on i2 at the far end of those ranks, north's king on e9, and 3–8 pieces of
/// random seats and kinds (east's king among them) on the squares around the two kings.
fn pairs_board(rng: &mut Rng) -> String {
    let mut board: [Option<String>; 81] = std::array::from_fn(|_| None);
    for (sq, p) in [(0, "wK"), (18, "wR"), (27, "eR"), (17, "sK"), (76, "nK")] {
        board[sq] = Some(p.to_string());
    }
    // Files a–c and g–i of ranks 1–5, but not the rook's lines (ranks 2 and 3, files b–h).
    let spots: Vec<usize> = (0..45)
        .filter(|&sq| {
            let (file, rank) = (sq % 9, sq / 9);
            (file <= 2 || file >= 6) && !((rank == 1 || rank == 2) && (1..=7).contains(&file))
        })
        .collect();
    let mut put = |rng: &mut Rng, piece: String| {
        for _ in 0..100 {
            let sq = spots[rng.below(spots.len())];
            if board[sq].is_none() {
                board[sq] = Some(piece);
                return;
            }
        }
    };
    put(rng, "eK".into());
    for _ in 0..4 + rng.below(6) {
        let seat = ['n', 'e', 'e', 'n', 'w'][rng.below(5)];
        let kind = KINDS[rng.below(KINDS.len())];
        put(rng, format!("{seat}{kind}"));
    }
    write_board(&board)
}

/// The only move `seat` may play here, if it is due and has exactly one.
fn only_move(pos: &mut Position, seat: Seat) -> Option<ashtapada::Move> {
    if pos.to_move() != seat {
        return None;
    }
    let mut list = Vec::new();
    pos.game_moves(&mut list);
    (list.len() == 1).then(|| list[0])
}

/// The seat's moves it may play here, if it is due.
fn moves_of(pos: &mut Position, seat: Seat) -> Vec<ashtapada::Move> {
    let mut list = Vec::new();
    if pos.to_move() == seat {
        pos.game_moves(&mut list);
    }
    list
}

/// A cycle from `pos` back to it: west's only move, any answer of south, west's only move,
/// any answer of south; the four moves and whether south's answers were forced too.
fn cycle(pos: &mut Position) -> Option<(Vec<ashtapada::Move>, bool)> {
    let start = pos.hash();
    let m1 = only_move(pos, WEST)?;
    pos.play(m1).ok()?;
    let mut found = None;
    let first = moves_of(pos, SOUTH);
    for &r1 in &first {
        pos.play(r1).expect("legal");
        if let Some(m2) = only_move(pos, WEST) {
            pos.play(m2).expect("legal");
            let second = moves_of(pos, SOUTH);
            for &r2 in &second {
                pos.play(r2).expect("legal");
                let back = pos.hash() == start && pos.to_move() == WEST;
                pos.undo();
                if back {
                    found = Some((vec![m1, r1, m2, r2], first.len() == 1 && second.len() == 1));
                    break;
                }
            }
            pos.undo();
        }
        pos.undo();
        if found.is_some() {
            break;
        }
    }
    pos.undo();
    found
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let trials: u64 = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let options: Vec<&str> = args.iter().skip(2).map(String::as_str).collect();
    let a = Assignment::parse(&options).expect("options");
    let v = load_variant("yonin-shogi", &a).expect("the variant");
    let pairs = options.contains(&"format=pairs");
    let mut rng = Rng(seed.max(1));
    let (mut found, mut read, mut cycles) = (0, 0, 0);
    for _ in 0..trials {
        let text = if pairs {
            pairs_board(&mut rng)
        } else {
            random_board(&mut rng)
        };
        let Ok(mut pos) = parse_position(&v, &text) else {
            continue;
        };
        read += 1;
        let Some((cycle, forced)) = cycle(&mut pos) else {
            continue;
        };
        cycles += 1;
        // Two more cycles make three occurrences; then west's only move completes the fourth.
        let mut start = parse_position(&v, &text).expect("read once");
        let shown: Vec<String> = cycle
            .iter()
            .map(|&m| {
                let s = move_to_string(&start, m);
                start.play(m).expect("the cycle");
                s
            })
            .collect();
        for _ in 0..2 {
            for &m in &cycle {
                start.play(m).expect("the cycle again");
            }
        }
        let (mut legal, mut game) = (Vec::new(), Vec::new());
        start.legal_moves(&mut legal);
        start.game_moves(&mut game);
        // Where mates do not end the game at once the seat stays due with only the forbidden
        // move; where they do (every mate ends a pairs game) it is mated as soon as it is due.
        if (legal.len() == 1 && game.is_empty()) || start.outcome().is_some() {
            found += 1;
            println!(
                "{text}\n  cycle {} (south forced: {forced})\n  then {}\n  outcome {:?}",
                shown.join(" "),
                to_position_string(&start),
                start.outcome()
            );
        }
    }
    eprintln!("{found} found in {trials} trials ({read} positions read, {cycles} cycles)");
}
