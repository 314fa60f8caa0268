//! Modules compose, or are refused (issue 14): every pair of rule modules a rule file can
//! switch on, over one small base file.
//!
//! The base is a four-seat 8×8 file (a Chaturaji army per seat, no dice, no royal kind, no end
//! rule but stalemate's default draw). Each module is an option of it whose `on` choice is the
//! module's minimal fragment (with what the module needs: check rules come with a royal king,
//! drop rules with hands, a `loss` checkmate with ranking keys). For every pair (and every
//! module alone) the table below says `Works` or `Refused`:
//! - `Works`: the file compiles, and seeded random games play without a panic, with the
//!   incremental hash right after every action and the modules' meaning checked as they play
//!   (`check_meaning`: royal pieces never left attacked by their own side's move, partners never
//!   captured, a checked seat moving next under the check interrupt, scores only from capture
//!   scoring or thrones).
//! - `Refused(a, b)`: compilation fails with a located error whose message names both keys
//!   `a` and `b` (the keys the decision is about, `docs/modules.md`, "Composition").
//!
//! The decisions are the project's, written down in `docs/modules.md` from the rules documents
//! (Chaturaji: kings are captured, no check; yonin shogi: check interrupt, drops, mate transfer,
//! teams) — not read from what the compiler printed.

use ashtapada::spec::load_str;
use ashtapada::{Action, Assignment, Position, Seat, compile};
use ashtapada_tests::{Lcg, random_action};

/// The base rule file; every module is an option (`off` by default).
const BASE: &str = r#"
name: compose-base
board: { files: 8, ranks: 8 }
seats:
  - { name: red,    edge: south }
  - { name: blue,   edge: west }
  - { name: yellow, edge: north }
  - { name: green,  edge: east }
pieces:
  king:  { letter: K, betza: K, value: 5 }
  rook:  { letter: R, betza: R, value: 4 }
  horse: { letter: H, betza: N, value: 3 }
  boat:  { letter: B, betza: A, value: 2 }
  pawn:  { letter: P, betza: mfWcfF, value: 1 }
setup:
  army: { a1: boat, b1: horse, c1: rook, d1: king, a2-d2: pawn }
options:
"#;

/// One module: its option name, its fragment (YAML flow mapping) and the key that switches it
/// on, as errors name it.
struct Module {
    name: &'static str,
    fragment: &'static str,
    key: &'static str,
}

const ROYAL: &str = "pieces: { king: { royal: true } }";

/// Every module a rule file can switch on.
const MODULES: &[Module] = &[
    Module {
        name: "dice",
        fragment: "dice: { count: 2, faces: { 1: [pawn, king], 2: boat, 3: horse, 4: rook, 5: [pawn, king], 6: rook } }",
        key: "dice",
    },
    Module {
        name: "royal",
        fragment: ROYAL,
        key: "pieces.king.royal",
    },
    Module {
        name: "checkmate",
        fragment: "{ pieces: { king: { royal: true } }, end: { checkmate: loss }, ranking: [\"pieces(seat)\"] }",
        key: "end.checkmate",
    },
    Module {
        name: "stalemate",
        fragment: "end: { stalemate: draw }",
        key: "end.stalemate",
    },
    Module {
        name: "check-interrupt",
        fragment: "{ pieces: { king: { royal: true } }, check: { interrupt: true } }",
        key: "check.interrupt",
    },
    Module {
        name: "mate",
        fragment: "mate: { pieces: to-mater }",
        key: "mate",
    },
    // Before `hands` and `drops`, whose `hands.captures: true` then wins over this one's.
    Module {
        name: "placement",
        fragment: "{ hands: { captures: false }, setup: { hand: { horse: 1 } }, placement: { squares: a3-d3 } }",
        key: "placement",
    },
    Module {
        name: "hands",
        fragment: "hands: { captures: true }",
        key: "hands.captures",
    },
    Module {
        name: "start-hand",
        fragment: "{ hands: { captures: false }, setup: { hand: { horse: 1 } } }",
        key: "setup.hand",
    },
    Module {
        name: "drops",
        fragment: "{ hands: { captures: true }, pieces: { pawn: { drop: { one-per-line: true, mobile: true } } } }",
        key: "pieces.pawn.drop",
    },
    Module {
        name: "teams",
        fragment: "teams: [[red, yellow], [blue, green]]",
        key: "teams",
    },
    Module {
        name: "team-check",
        fragment: "{ teams: [[red, yellow], [blue, green]], team-check: opponents }",
        key: "team-check",
    },
    Module {
        name: "points",
        fragment: "{ pieces: { king: { royal: true } }, points: { checkmate: 20, stalemate: 20, checks: { 2: 5, 3: 20 } } }",
        key: "points",
    },
    Module {
        name: "repetition",
        fragment: "end: { repetition: { count: 3, result: draw } }",
        key: "end.repetition",
    },
    Module {
        name: "perpetual-check",
        fragment: "{ pieces: { king: { royal: true } }, end: { repetition: { count: 3, result: draw, perpetual-check: forbidden } } }",
        key: "end.repetition.perpetual-check",
    },
    Module {
        name: "move-rule",
        fragment: "end: { move-rule: { moves: 10, reset-by: [pawn], result: draw } }",
        key: "end.move-rule",
    },
    Module {
        name: "scoring",
        fragment: "scoring: { capture: true }",
        key: "scoring.capture",
    },
    Module {
        name: "formations",
        fragment: "formations: { boat-triumph: { kind: boat, block: 2, distinct-seats: 4 } }",
        key: "formations.boat-triumph",
    },
    Module {
        name: "thrones",
        fragment: "thrones: { kind: king, points: 5 }",
        key: "thrones",
    },
    Module {
        name: "capture-all",
        fragment: "capture-all: { kind: king, score: 54 }",
        key: "capture-all",
    },
    Module {
        name: "far-promotion",
        fragment: "pieces: { pawn: { promotion: { zone: 1, by-file: [boat, horse, rook, king, king, rook, horse, boat], lost-only: true } } }",
        key: "pieces.pawn.promotion.by-file",
    },
    Module {
        name: "flip",
        fragment: "{ pieces: { horse: { flip: boat }, boat: { flip: horse } } }",
        key: "pieces.horse.flip",
    },
    Module {
        name: "resign",
        fragment: "resign: true",
        key: "resign",
    },
    Module {
        name: "first-seat",
        fragment: "match: { first-seat: rotate }",
        key: "match.first-seat",
    },
    Module {
        name: "conditions",
        fragment: "end: { conditions: { long-game: { when: \"ply >= 150\", result: draw } } }",
        key: "end.conditions",
    },
    Module {
        name: "ranking",
        fragment: "{ ranking: [\"material(seat)\"], end: { conditions: { ranked: { when: \"ply >= 120\", result: rank } } } }",
        key: "ranking",
    },
    Module {
        name: "mandatory-capture",
        fragment: "captures: { mandatory: true }",
        key: "captures.mandatory",
    },
    Module {
        name: "check-count",
        fragment: "{ pieces: { king: { royal: true } }, check-count: 3, end: { conditions: { checks: { when: \"checks(mover) >= 9\", result: draw } } } }",
        key: "check-count",
    },
    Module {
        name: "pass",
        fragment: "pass: true",
        key: "pass",
    },
    Module {
        name: "bikjang",
        fragment: "{ pieces: { king: { royal: true } }, bikjang: true }",
        key: "bikjang",
    },
    Module {
        name: "material-count",
        fragment: "material-count: { values: { rook: 5 }, bonus: { blue: 1.5 } }",
        key: "material-count",
    },
    Module {
        name: "counting",
        fragment: "counting: { pawns: [pawn], board: { moves: 20, most-pieces: 4 }, bare: { limits: [{ rook: 1, moves: 4 }, { moves: 8 }], from: pieces } }",
        key: "counting",
    },
    Module {
        name: "castling",
        fragment: "{ pieces: { king: { royal: true } }, setup: { army: { a1: rook, c1: boat } }, castling: { royal: king, partner: rook, sides: [ { fen: Q, king: b1, partner-from: a1, partner-to: c1 } ] } }",
        key: "castling",
    },
    Module {
        name: "facing",
        fragment: "{ pieces: { king: { royal: true } }, facing: true }",
        key: "facing",
    },
    Module {
        name: "first-move",
        fragment: "pieces: { horse: { betza: NimfD, first-move: { lost-when-aimed-by: [rook] } } }",
        key: "pieces.horse.first-move",
    },
    Module {
        name: "in-place",
        fragment: "pieces: { pawn: { promotion: { zone: 1, to: [rook], in-place: true } } }",
        key: "pieces.pawn.promotion.in-place",
    },
    Module {
        name: "last-royal",
        fragment: "last-royal: { kinds: [king] }",
        key: "last-royal",
    },
    Module {
        name: "duple-check",
        fragment: "last-royal: { kinds: [king], duple-check: true }",
        key: "last-royal",
    },
    Module {
        name: "promotion-by-seat",
        fragment: "pieces: { pawn: { promotion: { zone: 1, to: [rook, horse], by-seat: { red: [rook] } } } }",
        key: "pieces.pawn.promotion.by-seat",
    },
    Module {
        name: "promotion-limit",
        fragment: "pieces: { pawn: { promotion: { zone: 1, to: [rook, horse], limit: { rook: 1 } } } }",
        key: "pieces.pawn.promotion.limit",
    },
    Module {
        name: "first-move-region",
        fragment: "{ regions: { home: a1-h2 }, first-move-region: home, pieces: { pawn: { betza: mfWcfFifmnD } } }",
        key: "first-move-region",
    },
    Module {
        name: "en-passant-region",
        fragment: "{ regions: { sixth: a6-h6 }, en-passant-region: sixth, pieces: { pawn: { betza: mfWcfeFifmnD } } }",
        key: "en-passant-region",
    },
    Module {
        name: "en-passant-mark",
        fragment: "pieces: { pawn: { betza: mfWcfeFifmnD, en-passant-mark: always } }",
        key: "pieces.pawn.en-passant-mark",
    },
    Module {
        name: "giving-check",
        fragment: "{ pieces: { king: { royal: true } }, giving-check: forbidden }",
        key: "giving-check",
    },
    Module {
        name: "royal-moves",
        fragment: "{ pieces: { king: { royal: true } }, in-check: { royal-moves: capture-only } }",
        key: "in-check.royal-moves",
    },
    Module {
        name: "explosions",
        fragment: "explosions: { spares: [pawn] }",
        key: "explosions",
    },
    Module {
        name: "given-hands",
        fragment: "hands: { captures: false, given: true }",
        key: "hands.given",
    },
    Module {
        name: "gating",
        fragment: "{ gating: {}, hands: { captures: false }, setup: { hand: { horse: 1 } } }",
        key: "gating",
    },
    Module {
        name: "enclose",
        fragment: "enclose: { style: ataxx }",
        key: "enclose",
    },
    Module {
        name: "walls",
        fragment: "{ pieces: { wall: { letter: W, betza: W, value: 0 } }, walls: { piece: wall, rule: anywhere } }",
        key: "walls",
    },
    Module {
        name: "petrify",
        fragment: "{ pieces: { stone: { letter: T, betza: W, value: 0 } }, petrify: { pieces: [rook, horse], wall: stone } }",
        key: "petrify",
    },
    Module {
        name: "mate-rule",
        fragment: "{ pieces: { king: { royal: true } }, end: { checkmate: loss, mate-rule: { alone: [horse], series: [rook] } }, ranking: [\"pieces(seat)\"] }",
        key: "end.mate-rule",
    },
];

/// What a pair does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// Compiles and plays.
    Works,
    /// Refused with an error naming both keys.
    Refused(&'static str, &'static str),
}

/// The composition table (`docs/modules.md`, "Composition"): the refused pairs, by module
/// name (either order), with the two keys the error names. Every other pair works.
const REFUSED: &[(&str, &str, &str, &str)] = &[
    // Dice: no check, no mate, no drops, no repetition.
    ("dice", "royal", "dice", "pieces.king.royal"),
    ("dice", "checkmate", "dice", "end.checkmate"),
    ("dice", "stalemate", "dice", "end.stalemate"),
    ("dice", "check-interrupt", "dice", "check.interrupt"),
    ("dice", "mate", "dice", "mate"),
    ("dice", "hands", "dice", "hands.captures"),
    ("dice", "drops", "dice", "pieces.pawn.drop"),
    // Issue 25: pieces in hand at the start could never be dropped under dice either.
    ("dice", "start-hand", "dice", "setup.hand"),
    ("dice", "repetition", "dice", "end.repetition"),
    (
        "dice",
        "perpetual-check",
        "dice",
        "end.repetition.perpetual-check",
    ),
    // Capture-all of a royal kind (the check modules bring a royal king).
    ("capture-all", "royal", "capture-all", "pieces.king.royal"),
    (
        "capture-all",
        "checkmate",
        "capture-all",
        "pieces.king.royal",
    ),
    (
        "capture-all",
        "check-interrupt",
        "capture-all",
        "pieces.king.royal",
    ),
    (
        "capture-all",
        "perpetual-check",
        "capture-all",
        "pieces.king.royal",
    ),
    // Partners cannot be captured.
    ("capture-all", "teams", "capture-all", "teams"),
    ("formations", "teams", "formations.boat-triumph", "teams"),
    // Check by opponents comes with its teams.
    ("capture-all", "team-check", "capture-all", "teams"),
    (
        "formations",
        "team-check",
        "formations.boat-triumph",
        "teams",
    ),
    // Points come with a royal king.
    ("dice", "points", "dice", "pieces.king.royal"),
    ("capture-all", "points", "capture-all", "pieces.king.royal"),
    // The mate rule comes with a royal king; with `mate:` a mate ends nothing to judge.
    ("dice", "mate-rule", "dice", "pieces.king.royal"),
    (
        "capture-all",
        "mate-rule",
        "capture-all",
        "pieces.king.royal",
    ),
    ("mate", "mate-rule", "end.mate-rule", "mate"),
    // Formation captures would bypass the hand (drops bring hands).
    (
        "formations",
        "drops",
        "formations.boat-triumph",
        "hands.captures",
    ),
    (
        "formations",
        "hands",
        "formations.boat-triumph",
        "hands.captures",
    ),
    // Mandatory capture over a roll's moves is not defined; check counting brings a royal
    // king, so it meets the royal kind's refusals.
    ("dice", "mandatory-capture", "dice", "captures.mandatory"),
    ("dice", "check-count", "dice", "pieces.king.royal"),
    // A count's plies are seats moving in turn; a dice turn may move several times.
    ("counting", "dice", "counting", "dice"),
    // A king royal while it is the last is royal: as `royal` with dice.
    ("last-royal", "dice", "last-royal", "dice"),
    ("duple-check", "dice", "last-royal", "dice"),
    (
        "capture-all",
        "check-count",
        "capture-all",
        "pieces.king.royal",
    ),
    // A dice turn has its own pass; bikjang brings a royal king.
    ("dice", "pass", "pass", "dice"),
    ("dice", "bikjang", "dice", "pieces.king.royal"),
    ("capture-all", "bikjang", "capture-all", "pieces.king.royal"),
    // Castling and facing come with a royal king here (facing is about royal pieces; a
    // castling royal is tested for check), so they meet the royal kind's refusals.
    ("dice", "castling", "dice", "pieces.king.royal"),
    ("dice", "facing", "dice", "pieces.king.royal"),
    (
        "capture-all",
        "castling",
        "capture-all",
        "pieces.king.royal",
    ),
    ("capture-all", "facing", "capture-all", "pieces.king.royal"),
    // A blast's victims are not captured: to which hand, or past which partner, is not
    // defined; the legality test through a blast judges attacks only (not which pieces turn
    // royal, nor facing).
    ("explosions", "dice", "explosions", "dice"),
    ("explosions", "hands", "explosions", "hands.captures"),
    ("explosions", "drops", "explosions", "hands.captures"),
    ("explosions", "teams", "explosions", "teams"),
    ("explosions", "team-check", "explosions", "teams"),
    ("explosions", "last-royal", "explosions", "last-royal"),
    ("explosions", "duple-check", "explosions", "last-royal"),
    ("explosions", "facing", "explosions", "facing"),
    ("explosions", "bikjang", "explosions", "bikjang"),
    // A gating move has no die (its start hand meets dice too).
    ("gating", "dice", "gating", "dice"),
    ("given-hands", "dice", "dice", "hands.given"),
    // Stones turned over by enclosing: a dice turn's later dice, and lines between partners,
    // are not defined.
    ("enclose", "dice", "enclose", "dice"),
    ("enclose", "teams", "enclose", "teams"),
    ("enclose", "team-check", "enclose", "teams"),
    // A royal piece turned over after the move was judged safe: refused with royal kinds, so
    // with every module that brings one.
    ("enclose", "royal", "enclose", "pieces.king.royal"),
    ("enclose", "checkmate", "enclose", "pieces.king.royal"),
    ("enclose", "check-interrupt", "enclose", "pieces.king.royal"),
    ("enclose", "points", "enclose", "pieces.king.royal"),
    ("enclose", "perpetual-check", "enclose", "pieces.king.royal"),
    ("enclose", "check-count", "enclose", "pieces.king.royal"),
    ("enclose", "bikjang", "enclose", "pieces.king.royal"),
    ("enclose", "castling", "enclose", "pieces.king.royal"),
    ("enclose", "facing", "enclose", "pieces.king.royal"),
    ("enclose", "giving-check", "enclose", "pieces.king.royal"),
    ("enclose", "royal-moves", "enclose", "pieces.king.royal"),
    ("enclose", "last-royal", "enclose", "last-royal"),
    // A wall follows every board move: not a dice turn's several moves, a mate's lost turn
    // or a drop.
    ("walls", "dice", "walls", "dice"),
    ("walls", "mate", "walls", "mate"),
    ("walls", "points", "walls", "points"),
    ("walls", "hands", "walls", "hands.captures"),
    ("walls", "drops", "walls", "hands.captures"),
    ("walls", "start-hand", "walls", "setup.hand"),
    // Gating needs a hand, which walls refuse; duple check is a last-royal rule, refused with
    // enclosing as royal pieces are.
    ("walls", "gating", "walls", "setup.hand"),
    ("enclose", "duple-check", "enclose", "last-royal"),
    ("enclose", "mate-rule", "enclose", "pieces.king.royal"),
    ("walls", "placement", "walls", "placement"),
    // Petrification leaves a wall of its own kind: not beside another wall kind (`*` in FEN
    // would be ambiguous), nor with a blast deciding the capture square too.
    ("petrify", "explosions", "petrify", "explosions"),
    ("petrify", "walls", "petrify", "walls"),
    ("petrify", "enclose", "petrify", "enclose"),
    // The check limits bring a royal king, so they meet the royal kind's refusals.
    ("dice", "giving-check", "dice", "pieces.king.royal"),
    ("dice", "royal-moves", "dice", "pieces.king.royal"),
    (
        "capture-all",
        "giving-check",
        "capture-all",
        "pieces.king.royal",
    ),
    (
        "capture-all",
        "royal-moves",
        "capture-all",
        "pieces.king.royal",
    ),
    // A pass would skip a set-up phase's placement; bikjang allows the facing that `facing`
    // forbids.
    ("placement", "pass", "pass", "placement"),
    ("bikjang", "facing", "bikjang", "facing"),
    // A die move has no drop; a kind promotes in place or by the far line, not both.
    ("dice", "placement", "placement", "dice"),
    (
        "far-promotion",
        "in-place",
        "pieces.pawn.promotion.in-place",
        "pieces.pawn.promotion.by-file",
    ),
    // Per-seat choices and limits filter the promotions chosen with the move only.
    (
        "promotion-by-seat",
        "in-place",
        "pieces.pawn.promotion.by-seat",
        "pieces.pawn.promotion.in-place",
    ),
    (
        "promotion-by-seat",
        "far-promotion",
        "pieces.pawn.promotion.by-seat",
        "pieces.pawn.promotion.by-file",
    ),
    (
        "promotion-limit",
        "in-place",
        "pieces.pawn.promotion.limit",
        "pieces.pawn.promotion.in-place",
    ),
    (
        "promotion-limit",
        "far-promotion",
        "pieces.pawn.promotion.limit",
        "pieces.pawn.promotion.by-file",
    ),
];

fn expect(a: &str, b: &str) -> Expect {
    REFUSED
        .iter()
        .find(|(x, y, _, _)| (*x == a && *y == b) || (*x == b && *y == a))
        .map_or(Expect::Works, |&(_, _, ka, kb)| Expect::Refused(ka, kb))
}

/// The base file with every module as an option.
fn rule_file() -> String {
    let mut text = BASE.to_string();
    for m in MODULES {
        text.push_str(&format!(
            "  {}:\n    default: \"off\"\n    choices:\n      \"off\": {{}}\n      \"on\": {}\n",
            m.name,
            if m.fragment.starts_with('{') {
                m.fragment.to_string()
            } else {
                format!("{{ {} }}", m.fragment)
            }
        ));
    }
    text
}

fn assignment(on: &[&str]) -> Assignment {
    on.iter()
        .fold(Assignment::default(), |a, m| a.with(m, "on"))
}

/// Which modules are on, for the meaning checks.
struct On {
    royal: bool,
    teams: bool,
    interrupt: bool,
    scores: bool,
    mandatory: bool,
    explosions: bool,
}

/// How many royal pieces of seats other than `seat` stand on the board.
fn others_royals(pos: &Position, seat: Seat) -> usize {
    let v = pos.variant();
    v.board
        .squares()
        .filter(|&sq| {
            let p = pos.piece_at(sq);
            !p.is_empty() && p.owner() != seat && v.kinds[p.kind().index()].royal
        })
        .count()
}

fn partners(a: Seat, b: Seat) -> bool {
    a != b && a.0 % 2 == b.0 % 2
}

/// True if `m` takes a piece (onto another seat's piece; this base file has no en passant).
fn takes(pos: &Position, m: ashtapada::Move) -> bool {
    let target = pos.piece_at(m.to);
    !m.is_drop() && !target.is_empty() && target.owner() != pos.to_move()
}

/// The modules' meaning around one move `m` by the seat to move of `pos` (played here).
fn play_and_check(pos: &mut Position, m: ashtapada::Move, on: &On, what: &str) {
    let mover = pos.to_move();
    let target = pos.piece_at(m.to);
    let before = *pos.counters();
    if on.mandatory && !takes(pos, m) {
        let moves = pos.legal_move_list();
        assert!(
            !moves.iter().any(|&x| takes(pos, x)),
            "{what}: {m:?} is no capture, and a capture is legal"
        );
    }
    if on.teams && !target.is_empty() && !m.is_drop() {
        assert!(
            !partners(mover, target.owner()),
            "{what}: {m:?} captures a partner's piece"
        );
    }
    let royals_before = others_royals(pos, mover);
    pos.play(m).expect("a legal move plays");
    // Under explosions a move that blows up another seat's royal piece is legal whatever it
    // leaves attacked (docs/modules.md, "explosions + royal pieces").
    let blew_up_a_royal = on.explosions && others_royals(pos, mover) < royals_before;
    if on.royal && !pos.counters().mated.contains(mover) && !blew_up_a_royal {
        assert!(
            !pos.in_check(mover),
            "{what}: {m:?} leaves the mover in check"
        );
    }
    if !on.scores {
        assert_eq!(pos.counters().scores, before.scores, "{what}: scores moved");
    }
    if on.interrupt && pos.outcome().is_none() {
        let c = *pos.counters();
        let checked = (0..4u8)
            .map(Seat)
            .any(|s| s != mover && !(c.mated | c.resigned).contains(s) && pos.in_check(s));
        if checked {
            assert!(
                pos.in_check(pos.to_move()),
                "{what}: a seat is in check after {m:?}, and an unchecked seat moves next"
            );
        }
    }
}

/// Plays seeded random games (`ashtapada_tests::random_action`: rolls, moves, now and then a
/// pass or a resignation); panics (with `what`) if a meaning check fails.
fn play_games(v: std::sync::Arc<ashtapada::Variant>, on: &On, what: &str) {
    let mut rng = Lcg(0x5eed);
    for _ in 0..2 {
        let mut pos = Position::start(v.clone());
        for _ in 0..240 {
            match random_action(&mut pos, &mut rng) {
                None => break,
                Some(Action::Move(m)) => play_and_check(&mut pos, m, on, what),
                Some(a) => pos.play_action(a).expect("a legal action plays"),
            }
            assert_eq!(pos.hash(), pos.compute_hash(), "{what}: hash");
        }
    }
}

/// Checks one file: either it works, or it is refused naming both keys.
fn check(file: &ashtapada::RuleFile, on_names: &[&str], want: Expect) {
    let what = on_names.join(" + ");
    let result = compile(file, &assignment(on_names));
    match (want, result) {
        (Expect::Works, Ok(v)) => {
            let has = |m: &str| on_names.contains(&m);
            let on = On {
                royal: [
                    "royal",
                    "checkmate",
                    "check-interrupt",
                    "perpetual-check",
                    "check-count",
                    "bikjang",
                    "castling",
                    "facing",
                    "last-royal",
                    "duple-check",
                    "giving-check",
                    "royal-moves",
                    "points",
                    "mate-rule",
                ]
                .iter()
                .any(|m| has(m)),
                teams: has("teams") || has("team-check"),
                interrupt: has("check-interrupt"),
                scores: has("scoring") || has("thrones") || has("capture-all") || has("points"),
                mandatory: has("mandatory-capture"),
                explosions: has("explosions"),
            };
            play_games(v, &on, &what);
        }
        (Expect::Works, Err(e)) => panic!("{what} should compile: {}", e.one_line()),
        (Expect::Refused(a, b), Ok(_)) => panic!("{what} should be refused naming {a} and {b}"),
        (Expect::Refused(a, b), Err(e)) => {
            let named = e.0.iter().any(|d| {
                d.message.contains(&format!("`{a}`"))
                    && d.message.contains(&format!("`{b}`"))
                    && d.span.is_some()
            });
            assert!(
                named,
                "{what}: no located error names `{a}` and `{b}`: {}",
                e.one_line()
            );
        }
    }
}

#[test]
fn every_module_alone_works() {
    let file = load_str("compose.yaml", &rule_file()).expect("the base file reads");
    for m in MODULES {
        check(&file, &[m.name], Expect::Works);
    }
}

#[test]
fn every_pair_works_or_is_refused_naming_both_keys() {
    let file = load_str("compose.yaml", &rule_file()).expect("the base file reads");
    // Every failing pair is reported, not only the first.
    let mut failed = Vec::new();
    for (i, a) in MODULES.iter().enumerate() {
        for b in &MODULES[i + 1..] {
            let run = || check(&file, &[a.name, b.name], expect(a.name, b.name));
            if let Err(e) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
                let why = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failed.push(why);
            }
        }
    }
    assert!(
        failed.is_empty(),
        "{} pairs failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn the_table_names_known_modules_and_keys() {
    let key = |m: &str| MODULES.iter().find(|x| x.name == m).map(|x| x.key);
    let all_keys: Vec<&str> = MODULES.iter().map(|m| m.key).collect();
    for (a, b, ka, kb) in REFUSED {
        assert!(key(a).is_some() && key(b).is_some(), "{a} / {b}");
        assert!(
            all_keys.contains(ka) && all_keys.contains(kb),
            "{ka} / {kb}"
        );
    }
    // Every module the compiler knows is in the matrix, apart from no-mate drops, which
    // needs a royal kind and is checked by hand below, and move repetition, which is defined
    // for two seats (the matrix has four; `tests/tests/move_repetition.rs`).
    for m in ashtapada::spec::switch_names() {
        assert!(
            m == "no-mate-drops" || m == "move-repetition" || key(m).is_some(),
            "module {m} is missing from the matrix"
        );
    }
}

/// The errors of compiling rule-file text `text` (named `name`) with the defaults.
fn refused(name: &str, text: &str) -> ashtapada::Diagnostics {
    let file = load_str(name, text).unwrap_or_else(|e| panic!("{}", e.one_line()));
    match compile(&file, &Assignment::default()) {
        Ok(_) => panic!("{name} should be refused"),
        Err(e) => e,
    }
}

/// The error naming both keys, located in file `name`, and the text its span covers.
fn naming<'a>(
    errs: &'a ashtapada::Diagnostics,
    name: &str,
    a: &str,
    b: &str,
) -> &'a ashtapada::Diagnostic {
    errs.0
        .iter()
        .find(|d| {
            d.message == format!("`{a}` cannot be combined with `{b}`")
                && d.span.as_ref().is_some_and(|s| s.source_name() == name)
        })
        .unwrap_or_else(|| panic!("no error names `{a}` and `{b}`: {}", errs.one_line()))
}

/// Issue 14's repro: Chaturaji with royal kings and the check interrupt. Red's `6:a2a8` would
/// check yellow, and blue moved next, the interrupt silently ignored. The dice turn has no
/// check (a seat's move depends on its roll), so the file is refused at `check`, naming
/// `check.interrupt` and `dice`, and at the king's `royal`.
#[test]
fn the_issue_repro_is_refused_at_check() {
    let text = "name: chaturaji-royal\nextends: chaturaji\npieces: { king: { royal: true } }\n\
                check: { interrupt: true }\n";
    let errs = refused("repro.yaml", text);
    let d = naming(&errs, "repro.yaml", "check.interrupt", "dice");
    let span = d.span.as_ref().unwrap();
    assert_eq!((span.line_col().0, span.text()), (4, "true"));
    let d = naming(&errs, "repro.yaml", "pieces.king.royal", "dice");
    assert_eq!(d.span.as_ref().unwrap().line_col().0, 3);
    assert!(d.help.as_deref().is_some_and(|h| h.contains("roll")));
    // Chaturaji's capture-all win (every other seat's king) cannot hold with royal kings,
    // which are never captured: refused in the parent file, naming the repro's key.
    naming(
        &errs,
        "<builtin chaturaji>",
        "capture-all",
        "pieces.king.royal",
    );
    // No error is about anything else.
    assert_eq!(errs.len(), 3, "{}", errs.one_line());
    assert!(
        errs.0
            .iter()
            .all(|d| d.code() == ashtapada::diag::Code::CompileRefusedPair),
        "{}",
        errs.one_line()
    );
}

/// Yonin shogi's modules (royal kings, hands, drops, check interrupt, mate transfer,
/// repetition with perpetual check) with dice: each is refused naming `dice`.
#[test]
fn yonin_shogi_with_dice_is_refused_module_by_module() {
    let text = "name: yonin-dice\nextends: yonin-shogi\n\
                dice: { count: 1, faces: { 1: [pawn, king, gold], 2: [rook, silver] } }\n";
    let errs = refused("yonin-dice.yaml", text);
    for key in [
        "pieces.king.royal",
        "check.interrupt",
        "mate",
        "hands.captures",
        "pieces.pawn.drop",
        "end.repetition",
        "end.repetition.perpetual-check",
    ] {
        // Located at the key in the parent file (yonin-shogi.yaml), naming `dice`.
        assert!(
            errs.0.iter().any(
                |d| d.message == format!("`{key}` cannot be combined with `dice`")
                    && d.span.is_some()
            ),
            "{key}: {}",
            errs.one_line()
        );
    }
}

/// Chaturaji in pairs: its capture-all win (every other seat's king) and boat triumph
/// (capturing the other three seats' boats) cannot hold when partners cannot be captured.
#[test]
fn chaturaji_in_teams_is_refused_at_capture_all_and_boat_triumph() {
    let text = "name: chaturaji-pairs\nextends: chaturaji\nteams: [[red, yellow], [blue, green]]\n";
    let errs = refused("pairs.yaml", text);
    for key in ["capture-all", "formations.boat-triumph"] {
        assert!(
            errs.0
                .iter()
                .any(|d| d.message == format!("`{key}` cannot be combined with `teams`")),
            "{key}: {}",
            errs.one_line()
        );
    }
}

/// A formation of a royal kind would capture royal pieces: refused at the formation.
#[test]
fn a_formation_of_a_royal_kind_is_refused() {
    let text = format!(
        "{}  x: {{ default: a, choices: {{ a: {{}} }} }}\n\
         formations: {{ kings: {{ kind: king, block: 2, distinct-seats: 4 }} }}\n",
        BASE.replace("value: 5 }", "value: 5, royal: true }")
    );
    let errs = refused("f.yaml", &text);
    naming(&errs, "f.yaml", "formations.kings", "pieces.king.royal");
    // The same formation of a kind that is not royal compiles.
    let text = text.replace("kind: king,", "kind: boat,");
    let file = load_str("f.yaml", &text).unwrap();
    assert!(compile(&file, &Assignment::default()).is_ok());
}

/// Issue 25's repro: Chaturaji with a start hand and `hands: { captures: false }` passed
/// `check`, yet under dice the pieces in hand could never be dropped. Refused, naming both keys
/// at the start hand.
#[test]
fn a_start_hand_under_dice_is_refused() {
    let text = "name: chaturaji-hand\nextends: chaturaji\nhands: { captures: false }\n\
                setup: { hand: { boat: 1 } }\n";
    let errs = refused("hand.yaml", text);
    let d = naming(&errs, "hand.yaml", "setup.hand", "dice");
    assert_eq!(d.span.as_ref().unwrap().line_col().0, 4);
}

/// Modules that mean nothing without another are refused, naming what they need.
#[test]
fn check_rules_need_a_royal_kind_and_drop_rules_a_hand() {
    let cases = [
        (
            "check: { interrupt: true }",
            "`check.interrupt` needs `pieces.KIND.royal`",
        ),
        (
            "end: { repetition: { count: 3, perpetual-check: forbidden } }",
            "`end.repetition.perpetual-check` needs `pieces.KIND.royal`",
        ),
        (
            "pieces: { pawn: { drop: { mobile: true } } }",
            "`pieces.pawn.drop` needs `hands.captures`",
        ),
        (
            "{ hands: { captures: true }, pieces: { pawn: { drop: { no-mate: true } } } }",
            "`pieces.pawn.drop.no-mate` needs `pieces.KIND.royal`",
        ),
    ];
    for (fragment, message) in cases {
        let fragment = if fragment.starts_with('{') {
            fragment.to_string()
        } else {
            format!("{{ {fragment} }}")
        };
        let text = rule_file()
            + &format!("  t:\n    default: \"on\"\n    choices: {{ \"on\": {fragment} }}\n");
        let errs = refused("needs.yaml", &text);
        assert!(
            errs.0
                .iter()
                .any(|d| d.message == message
                    && d.code() == ashtapada::diag::Code::CompileNeedsModule),
            "{message}: {}",
            errs.one_line()
        );
    }
}

/// Dice with teams works: a die moves a piece as usual, and a partner's piece blocks like an
/// own piece. Red's rook on a1 with 4 (rook) rolled, yellow's (partner) pawn on a4, blue's
/// pawn on d1: a2, a3, b1, c1 and the capture on d1 — not a4, which it takes without teams.
#[test]
fn dice_with_teams_partners_are_not_captured() {
    let file = load_str("compose.yaml", &rule_file()).unwrap();
    let text = "7gK/8/8/8/yP7/8/8/rR2bP4 r 4,4";
    let targets = |on: &[&str]| -> Vec<String> {
        let v = compile(&file, &assignment(on)).unwrap_or_else(|e| panic!("{}", e.one_line()));
        let mut pos =
            ashtapada::notation::parse_position(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut moves = Vec::new();
        pos.game_moves(&mut moves);
        let mut out: Vec<String> = moves
            .iter()
            .map(|&m| ashtapada::notation::move_to_string(&pos, m))
            .collect();
        out.sort();
        out.dedup();
        out
    };
    assert_eq!(
        targets(&["dice", "teams"]),
        ["4:a1a2", "4:a1a3", "4:a1b1", "4:a1c1", "4:a1d1"]
    );
    assert_eq!(
        targets(&["dice"]),
        ["4:a1a2", "4:a1a3", "4:a1a4", "4:a1b1", "4:a1c1", "4:a1d1"]
    );
}

/// Castling under dice is a move of the royal kind's die. A king that is not royal (dice
/// refuse royal kinds) on d1 with its rook on a1, both unmoved, castles queen side (`d1b1`,
/// the rook to c1) with the die that names the king (1), and not with the rook's die (4):
/// red rolled 1 and 3 (the horse, which red does not have here).
#[test]
fn castling_under_dice_is_the_royal_kinds_die_move() {
    let text = BASE.replace(
        "a1: boat, b1: horse, c1: rook",
        "a1: rook, b1: horse, c1: boat",
    ) + "  x: { default: a, choices: { a: {} } }\n\
           dice: { count: 2, faces: { 1: [pawn, king], 2: boat, 3: horse, 4: rook, 5: [pawn, king], 6: rook } }\n\
           castling: { royal: king, partner: rook, sides: [ { fen: Q, king: b1, partner-from: a1, partner-to: c1 } ] }\n";
    let file = load_str("dc.yaml", &text).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let v = compile(&file, &Assignment::default()).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let moves = |text: &str| -> Vec<String> {
        let mut pos =
            ashtapada::notation::parse_position(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut moves = Vec::new();
        pos.game_moves(&mut moves);
        let mut out: Vec<String> = moves
            .iter()
            .map(|&m| ashtapada::notation::move_to_string(&pos, m))
            .collect();
        out.sort();
        out
    };
    let got = moves("7gK/8/8/8/8/8/8/rR2rK4 r 1,3");
    assert!(got.contains(&"1:d1b1".to_string()), "{got:?}");
    let got = moves("7gK/8/8/8/8/8/8/rR2rK4 r 4,3");
    assert!(!got.iter().any(|m| m.ends_with("d1b1")), "{got:?}");
    assert!(got.contains(&"4:a1b1".to_string()), "{got:?}");
}

/// Castling is in each seat's own frame, on any edge. Blue sits on the west edge: its frame's
/// square (file f, rank r) is the board's (file r, rank 8 − f), so its d1 (king), b1 and c1
/// and a1 (rook) are the board's a5, a7, a6 and a8, on the board's a-file. Blue castles
/// `a5a7`, its rook going a8 → a6; the king's first line (a5–a8) is its rank.
#[test]
fn castling_on_a_west_edge_seat_is_along_its_own_rank() {
    let file = load_str("compose.yaml", &rule_file()).unwrap();
    let v =
        compile(&file, &assignment(&["castling"])).unwrap_or_else(|e| panic!("{}", e.one_line()));
    // Yellow's and green's kings on the h-file, away from blue's rank (every live seat has
    // its king).
    let mut pos = ashtapada::notation::parse_position(&v, "bR7/8/8/bK7/7yK/8/7gK/rK7 b")
        .unwrap_or_else(|e| panic!("{e}"));
    let m = pos
        .legal_move_list()
        .into_iter()
        .find(|&m| ashtapada::notation::move_to_string(&pos, m) == "a5a7")
        .expect("blue castles a5a7");
    pos.play(m).unwrap();
    let text = ashtapada::notation::to_position_string(&pos);
    assert!(text.starts_with("8/bK7/bR7/8/"), "{text}");
}
