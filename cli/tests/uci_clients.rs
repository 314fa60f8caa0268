//! `ashtapada uci` against real UCI programs: Fairy-Stockfish's `go perft` move by move (shatranj
//! and kyotoshogi), cutechess-cli playing shatranj and makruk games between ashtapada and
//! Fairy-Stockfish at fixed node counts, every game ending by the rules (no illegal move, crash,
//! stall or time forfeit), and Kyoto shogi games between the two refereed by the test itself
//! (cutechess-cli has no Kyoto shogi).
//!
//! These tests need the two programs and fail, saying how to install them, when they are
//! missing:
//! - Fairy-Stockfish: `apt-get install -y fairy-stockfish` (Debian; `/usr/games`), or set
//!   `FAIRY_STOCKFISH` to its path;
//! - cutechess-cli: `../shared/tools/build-cutechess` builds it and prints its path (found
//!   there, on `PATH`, or through `CUTECHESS`).

use crate::driver::Program;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The first of `candidates` that exists, else the program found on `PATH`.
fn find(env: &str, name: &str, candidates: &[PathBuf], install: &str) -> PathBuf {
    if let Some(p) = std::env::var_os(env) {
        return PathBuf::from(p);
    }
    for c in candidates {
        if c.is_file() {
            return c.clone();
        }
    }
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let p = dir.join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    panic!("`{name}` is not installed (this test needs it): {install}, or set {env} to its path");
}

pub fn fairy_stockfish() -> PathBuf {
    find(
        "FAIRY_STOCKFISH",
        "fairy-stockfish",
        &[PathBuf::from("/usr/games/fairy-stockfish")],
        "`apt-get update && apt-get install -y fairy-stockfish` (Debian)",
    )
}

/// Fairy-Stockfish built from its current source by `tools/test-deps` (through the shared
/// `build-fairy-stockfish` script, into `~/.cache/fairy-stockfish`), or `FAIRY_STOCKFISH_CURRENT`.
pub fn fairy_stockfish_current() -> PathBuf {
    if let Some(p) = std::env::var_os("FAIRY_STOCKFISH_CURRENT") {
        return PathBuf::from(p);
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    let cache = std::env::var_os("XDG_CACHE_HOME").map_or(home.join(".cache"), PathBuf::from);
    let bin = cache.join("fairy-stockfish/bin/fairy-stockfish");
    assert!(
        bin.is_file(),
        "Fairy-Stockfish (current source) is not built (this test needs it): run \
         `tools/test-deps`, which builds it with `../shared/tools/build-fairy-stockfish`, or set \
         FAIRY_STOCKFISH_CURRENT to its path"
    );
    bin
}

pub fn cutechess() -> PathBuf {
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    let cache = std::env::var_os("XDG_CACHE_HOME").map_or(home.join(".cache"), PathBuf::from);
    find(
        "CUTECHESS",
        "cutechess-cli",
        &[cache.join("cutechess/build/cutechess-cli")],
        "build it with `shared/tools/build-cutechess` (Qt 6 from Debian, about two minutes)",
    )
}

/// `go perft DEPTH` from `fen` in shatranj, as `program` prints it: (move, count) lines and
/// the total.
fn perft(program: &Path, args: &[&str], fen: &str, depth: u32) -> (Vec<(String, u64)>, u64) {
    perft_of(program, args, "shatranj", &format!("fen {fen}"), depth)
}

/// `go perft DEPTH` in `variant` from `position` (`fen …` or `startpos moves …`), as
/// `program` prints it: (move, count) lines, sorted, and the total.
fn perft_of(
    program: &Path,
    args: &[&str],
    variant: &str,
    position: &str,
    depth: u32,
) -> (Vec<(String, u64)>, u64) {
    let mut p = Program::uci(program, args, variant);
    p.send(&format!("position {position}"));
    p.perft(depth)
}

#[test]
fn go_perft_agrees_with_fairy_stockfish_move_by_move() {
    let fsf = fairy_stockfish();
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_ashtapada"));
    for fen in [
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
        "r1bk1b1r/pPp2ppp/2n1qn2/3pp3/3PP3/2N1QN2/P1P2PPP/R1BK1B1R w - - 0 9",
    ] {
        let theirs = perft(&fsf, &[], fen, 4);
        let mine = perft(&ours, &["uci"], fen, 4);
        assert_eq!(mine, theirs, "{fen}");
    }
}

/// Issue 28, item 11: torishogi through both programs' UCI `go perft`, move by move, with
/// Fairy-Stockfish (current source): the compulsory promotions of the swallow and the falcon
/// written `a6a7+` as it writes them, and its shogi-style FEN without castling and en-passant
/// fields (`… [] w 0 1`) read by both.
#[test]
fn torishogi_go_perft_agrees_with_fairy_stockfish_move_by_move() {
    let fsf = fairy_stockfish_current();
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_ashtapada"));
    for (position, depth) in [
        ("fen 6k/S6/7/7/7/7/K6[] w 0 1", 1),
        ("fen 6k/S6/7/7/7/7/K6[] w 0 1", 3),
        ("fen 3k3/7/2F4/S6/7/7/K6[Ss] w 0 1", 2),
        ("startpos moves e4e5 c4c3 e5e6+ c3c2+", 2),
    ] {
        let theirs = perft_of(&fsf, &[], "torishogi", position, depth);
        let mine = perft_of(&ours, &["uci"], "torishogi", position, depth);
        assert_eq!(mine, theirs, "{position}");
    }
    let (moves, total) = perft_of(
        &ours,
        &["uci"],
        "torishogi",
        "fen 6k/S6/7/7/7/7/K6[] w 0 1",
        1,
    );
    assert_eq!(total, 4);
    assert!(moves.contains(&("a6a7+".to_string(), 1)), "{moves:?}");
}

/// Kyoto shogi through both programs' UCI `go perft`, move by move: Fairy-Stockfish's FEN
/// with `+X` second faces, pieces in both hands, drops on either face (`+P@a4`) and flips
/// (`e1e2+`, `a1a2-`).
#[test]
fn kyotoshogi_go_perft_agrees_with_fairy_stockfish_move_by_move() {
    let fsf = fairy_stockfish();
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_ashtapada"));
    for (position, depth) in [
        ("startpos", 3),
        ("fen 5/Pnk+s+N/5/3K1/1S2P[LLp] w - - 1 13", 2),
        ("fen 1Nsl1/2k2/p+n2s/L1P2/1K3[Pp] b - - 6 13", 2),
    ] {
        let theirs = perft_of(&fsf, &[], "kyotoshogi", position, depth);
        let mine = perft_of(&ours, &["uci"], "kyotoshogi", position, depth);
        assert_eq!(mine, theirs, "{position}");
    }
}

/// The legal moves of a UCI program after `moves` from the start, from `go perft 1`.
fn legal_of(e: &mut Program, moves: &str) -> Vec<String> {
    e.send(&format!("position startpos moves {moves}"));
    e.perft(1).0.into_iter().map(|(m, _)| m).collect()
}

/// A UCI program's move after `moves` from the start at `nodes` nodes.
fn best(e: &mut Program, moves: &str, nodes: u32) -> String {
    e.send(&format!(
        "position startpos moves {moves}\ngo nodes {nodes}"
    ));
    let (_, line) = e.until("bestmove");
    line.split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

/// Kyoto shogi games between `ashtapada uci` and Fairy-Stockfish, refereed here (cutechess-cli
/// has no Kyoto shogi): before every move both programs list the legal moves (`go perft 1`)
/// and must agree; the side to move's program answers `go nodes` with one of them; a game ends
/// when the side to move has none (mate or stalemate: both must then agree there is none) or
/// at 120 plies. Two games, each program taking sente once.
#[test]
fn kyotoshogi_games_between_ashtapada_and_fairy_stockfish_stay_legal() {
    let fsf_path = fairy_stockfish();
    let ours_path = PathBuf::from(env!("CARGO_BIN_EXE_ashtapada"));
    let mut fsf = Program::uci(&fsf_path, &[], "kyotoshogi");
    let mut ours = Program::uci(&ours_path, &["uci"], "kyotoshogi");
    let mut ended = 0;
    for game in 0..2 {
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..120 {
            let list = moves.join(" ");
            let legal = legal_of(&mut fsf, &list);
            assert_eq!(
                legal_of(&mut ours, &list),
                legal,
                "game {game}, after `{list}`"
            );
            if legal.is_empty() {
                ended += 1;
                break;
            }
            let ashtapada_moves = (ply + game) % 2 == 0;
            let m = if ashtapada_moves {
                best(&mut ours, &list, 2000)
            } else {
                best(&mut fsf, &list, 2000)
            };
            assert!(
                legal.contains(&m),
                "game {game}: `{m}` after `{list}` is not legal"
            );
            moves.push(m);
        }
    }
    // At fixed node counts a game may reach the ply cap; the count is only reported.
    eprintln!("{ended} of 2 kyotoshogi games ended by mate or stalemate");
}

/// How a cutechess game ended, from its PGN: the result tag, the termination tag (cutechess
/// writes one only for an abnormal end) and the reason cutechess gives in the last move's
/// comment (`{+M1/119 0.018s, Black mates}`).
#[derive(Debug)]
pub struct Ending {
    pub result: String,
    pub reason: String,
    pub termination: Option<String>,
}

/// The games of a cutechess PGN file.
pub fn endings(pgn: &str) -> Vec<Ending> {
    let tag = |game: &str, name: &str| {
        let open = format!("[{name} \"");
        game.lines()
            .find_map(|l| l.strip_prefix(open.as_str()))
            .map(|v| v.trim_end().trim_end_matches("\"]").to_string())
    };
    pgn.split("[Event ")
        .filter(|g| !g.trim().is_empty())
        .map(|game| {
            let moves: String = game
                .lines()
                .filter(|l| !l.starts_with('['))
                .collect::<Vec<_>>()
                .join(" ");
            let last = moves.rsplit_once('{').map_or("", |(_, c)| c);
            let comment = last.split('}').next().unwrap_or("");
            let reason = comment.rsplit_once(", ").map_or(comment, |(_, r)| r);
            Ending {
                result: tag(game, "Result").unwrap_or_default(),
                reason: reason.to_string(),
                termination: tag(game, "Termination"),
            }
        })
        .collect()
}

/// Plays `games` games of `variant` (cutechess's name; each opening twice, colours swapped)
/// between ashtapada with `ours` (cutechess engine settings) and Fairy-Stockfish at 3000
/// nodes a move, at most `max_moves` moves each, and checks that every game ended by the
/// rules — cutechess's rules: in makruk it applies the counting rules and no repetition
/// draw, which ashtapada follows (it plays on past its own repetition draw).
fn cutechess_match(variant: &str, ours: &[&str], games: usize, max_moves: u32) {
    let fsf = fairy_stockfish();
    let mut engine = vec!["name=ashtapada", "proto=uci", "arg=uci"];
    engine.extend_from_slice(ours);
    let theirs = ["name=fairy-stockfish", "proto=uci", "tc=inf", "nodes=3000"];
    // Mate, stalemate, a bared king, repetition, the move rule, makruk's counting rules, or
    // the move cap: cutechess always gives a reason.
    for e in cutechess_games(variant, &engine, (&fsf, &theirs), games, max_moves, &[]) {
        assert!(!e.reason.is_empty(), "{e:?}");
    }
}

/// Plays `games` cutechess-cli games of `variant` (at most `max_moves` moves each, colours
/// repeated) between `ashtapada` with the engine settings `ours` and the program `theirs.0`
/// with settings `theirs.1`, and checks that every one ended by the rules: a result, no
/// termination tag but adjudication, none of the words illegal, disconnect, stall, time,
/// crash, terminat or those of `bad` in cutechess's reason, and no warning in its log.
/// Returns the endings.
pub fn cutechess_games(
    variant: &str,
    ours: &[&str],
    theirs: (&Path, &[&str]),
    games: usize,
    max_moves: u32,
    bad: &[&str],
) -> Vec<Ending> {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let out = Command::new(cutechess())
        .args(["-variant", variant, "-engine"])
        .args(ours)
        .arg(format!("cmd={}", env!("CARGO_BIN_EXE_ashtapada")))
        .arg("-engine")
        .args(theirs.1)
        .arg(format!("cmd={}", theirs.0.display()))
        .args(["-games", &games.to_string(), "-repeat"])
        .args(["-maxmoves", &max_moves.to_string(), "-pgnout"])
        .arg(&pgn)
        .current_dir(dir.path())
        .output()
        .expect("cutechess-cli runs");
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "cutechess-cli failed:\n{log}");
    let text = std::fs::read_to_string(&pgn).expect("a PGN file");
    let endings = endings(&text);
    assert_eq!(endings.len(), games, "{text}\n{log}");
    let always = [
        "illegal",
        "disconnect",
        "stall",
        "time",
        "crash",
        "terminat",
    ];
    for e in &endings {
        assert!(
            matches!(e.result.as_str(), "1-0" | "0-1" | "1/2-1/2"),
            "{e:?}\n{log}"
        );
        let c = e.reason.to_ascii_lowercase();
        assert!(
            !always.iter().chain(bad).any(|b| c.contains(b)),
            "{e:?}\n{log}"
        );
        assert!(
            e.termination.as_deref().is_none_or(|t| t == "adjudication"),
            "{e:?}\n{log}"
        );
    }
    assert!(!log.contains("Warning"), "{log}");
    endings
}

#[test]
fn cutechess_plays_shatranj_between_ashtapada_and_fairy_stockfish() {
    cutechess_match(
        "shatranj",
        &["tc=inf", "nodes=3000", "option.Level=hard"],
        4,
        150,
    );
}

#[test]
fn cutechess_plays_makruk_between_ashtapada_and_fairy_stockfish() {
    cutechess_match(
        "makruk",
        &["tc=inf", "nodes=3000", "option.Level=hard"],
        4,
        150,
    );
}

#[test]
fn cutechess_plays_standard_chess_between_ashtapada_and_fairy_stockfish() {
    cutechess_match(
        "standard",
        &["tc=inf", "nodes=3000", "option.Level=hard"],
        2,
        150,
    );
}

#[test]
fn cutechess_plays_capablanca_between_ashtapada_and_fairy_stockfish() {
    cutechess_match(
        "capablanca",
        &["tc=inf", "nodes=3000", "option.Level=hard"],
        2,
        150,
    );
}

/// Atomic chess (issue 30): captures explode, a king never captures, touching kings give no
/// check — ten games through cutechess-cli, which referees with its own atomic rules, against
/// the current Fairy-Stockfish (Debian's 11.1 has no atomic).
#[test]
fn cutechess_plays_atomic_between_ashtapada_and_fairy_stockfish() {
    against_current_fairy_stockfish(&["atomic"], 10);
}

/// Crazyhouse: drops (`N@f3`), promoted pawns (`Q~` in FEN) and pawns taken en passant going
/// to the hand, through cutechess's referee.
#[test]
fn cutechess_plays_crazyhouse_between_ashtapada_and_fairy_stockfish() {
    cutechess_match(
        "crazyhouse",
        &["tc=inf", "nodes=3000", "option.Level=hard"],
        2,
        150,
    );
}

/// Minishogi: drops, promotion with `+`, nifu and the no-mate pawn drop, refereed by cutechess.
#[test]
fn cutechess_plays_minishogi_between_ashtapada_and_fairy_stockfish() {
    cutechess_match(
        "minishogi",
        &["tc=inf", "nodes=3000", "option.Level=hard"],
        2,
        150,
    );
}

/// Fairy-Stockfish's catalogue (`rules/catalogue/`) through cutechess's referee: a royal knight
/// that castles (knightmate), Gothic chess's 10×8 army, courier chess's bare-king rule on 12×8
/// and ASEAN chess; two games each.
#[test]
fn cutechess_plays_catalogue_variants_between_ashtapada_and_fairy_stockfish() {
    for variant in ["knightmate", "gothic", "courier", "asean"] {
        cutechess_match(
            variant,
            &["tc=inf", "nodes=3000", "option.Level=hard"],
            2,
            150,
        );
    }
}

/// Issue 29 (pawns): the catalogue variants of en passant and promotion in general that
/// cutechess-cli knows — berolina (diagonal double steps taken en passant), chigorin (per-seat
/// promotion) and grand (promotion limits) — play against Fairy-Stockfish, every game ending
/// by the rules: two games each here, `ASHTAPADA_PAWNS_GAMES` games each when set (ten for
/// the note). (Against Debian's 11.1, which lacks them, every game was a
/// `Result error`.)
#[test]
fn cutechess_plays_the_pawn_variants_against_fairy_stockfish() {
    let games = std::env::var("ASHTAPADA_PAWNS_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(2);
    against_current_fairy_stockfish(&["berolina", "chigorin", "grand"], games);
}

/// The royalty branch's catalogue variants that cutechess-cli knows, through its referee:
/// racing kings (no move gives check; the flag with black's answering move), suicide (the
/// stalemate by piece count) and dobutsu (the lion's safe flag, drops); two games each.
#[test]
fn cutechess_plays_racingkings_suicide_and_dobutsu_against_fairy_stockfish() {
    against_current_fairy_stockfish(&["racingkings", "suicide", "dobutsu"], 2);
}

/// S-chess (the gating module): gating moves (`b1c3h`, castling `e1g1h`/`h1e1h`) and FEN's
/// gate letters (`KQBCDFGkqbcdfg`) through cutechess's referee, against the current
/// Fairy-Stockfish; two games (ten were played by hand, every one ending by the rules).
#[test]
fn cutechess_plays_seirawan_against_fairy_stockfish() {
    against_current_fairy_stockfish(&["seirawan"], 2);
}

/// The catalogue-b branch's variant that cutechess-cli knows: Gustav III chess (walls as dead
/// pieces, `*` in FEN); two games, each ending by the rules.
#[test]
fn cutechess_plays_gustav3_against_fairy_stockfish() {
    against_current_fairy_stockfish(&["gustav3"], 2);
}

/// The catalogue-c branch's variant that cutechess-cli knows: placement chess (a set-up phase
/// from the hand, bishops on both colours, castling gained by the placed king and rook); two
/// games, each ending by the rules.
#[test]
fn cutechess_plays_placement_against_fairy_stockfish() {
    against_current_fairy_stockfish(&["placement"], 2);
}

/// Plays `games` cutechess-cli games of each of `variants` between ashtapada (`hard` at 3,000
/// nodes) and Fairy-Stockfish's current source (3,000 nodes; Debian's 11.1 lacks these
/// variants or answers `(none)` in them), each ending by the rules.
fn against_current_fairy_stockfish(variants: &[&str], games: usize) {
    let fsf = fairy_stockfish_current();
    let ours = [
        "name=ashtapada",
        "proto=uci",
        "arg=uci",
        "tc=inf",
        "nodes=3000",
        "option.Level=hard",
    ];
    let theirs = ["name=fairy-stockfish", "proto=uci", "tc=inf", "nodes=3000"];
    for variant in variants {
        for e in cutechess_games(variant, &ours, (&fsf, &theirs), games, 150, &[]) {
            assert!(!e.reason.is_empty(), "{variant}: {e:?}");
        }
    }
}

/// python-chess's UCI client (`chess.engine`, installed by `tools/test-deps`) plays two games
/// of standard chess between ashtapada and Fairy-Stockfish, checking every move against its own
/// board, and reads an analysis (score and principal variation) from ashtapada.
#[test]
fn python_chess_plays_standard_chess_against_fairy_stockfish() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python_chess.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_ashtapada"))
        .arg(fairy_stockfish())
        .arg("2")
        .output()
        .expect("python3 runs");
    let log = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "python-chess match failed:\n{log}\n{err}"
    );
    let games: Vec<&str> = log.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{log}");
    for g in games {
        assert!(
            g.contains(" 1-0 ") || g.contains(" 0-1 ") || g.contains(" 1/2-1/2 "),
            "{g}"
        );
    }
}

/// Issue 28, item 22: python-chess selects a variant loaded from a rule file (given with
/// `ashtapada uci --variant-path`, so that `UCI_Variant` offers it in the handshake, the only
/// time python-chess reads options) and reads a `MultiPV` analysis of three distinct lines.
#[test]
fn python_chess_selects_a_rule_file_variant_and_reads_multipv() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("my-chess.yaml");
    std::fs::write(&rules, "extends: chess\nname: my-chess\n").unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python_chess_variant.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_ashtapada"))
        .arg(&rules)
        .arg("my-chess")
        .output()
        .expect("python3 runs");
    let log = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "python-chess failed:\n{log}\n{err}");
    assert_eq!(log.trim(), "ok", "{err}");
}

/// 40 moves in 10 seconds: ashtapada `hard` keeps to its clock.
#[test]
fn cutechess_at_forty_moves_in_ten_seconds_never_loses_on_time() {
    cutechess_match("shatranj", &["tc=40/10", "option.Level=hard"], 2, 60);
}
