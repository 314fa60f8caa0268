//! `ashtapada xboard` driven as XBoard drives it (the handshake, `variant`, `force`,
//! `usermove`, `go`, `setboard`, `undo`, `ping`, bad input); cutechess-cli (`proto=xboard`)
//! playing shogi games between ashtapada and Fairy-Stockfish (current source, which speaks
//! xboard too), every game ending by the rules: no illegal move, no time forfeit, no
//! disconnect; and xiangqi games between the two over xboard refereed by the test itself
//! (cutechess-cli has no xiangqi), Fairy-Stockfish's UCI mode listing the legal moves.

use crate::driver::Program;
use crate::uci_clients::{cutechess_games, fairy_stockfish_current};

/// The handshake and a short game in force mode and with `go`, in xiangqi (ranks from 0).
#[test]
fn an_xboard_gui_session_is_answered() {
    let mut e = Program::ashtapada(&["xboard"]);
    e.send("xboard\nprotover 2");
    let (_, features) = e.until("feature");
    for f in [
        "setboard=1",
        "usermove=1",
        "sigint=0",
        "sigterm=0",
        "ping=1",
        "done=1",
    ] {
        assert!(features.contains(f), "{features}");
    }
    let variants = features.split("variants=\"").nth(1).unwrap();
    let variants: Vec<&str> = variants.split('"').next().unwrap().split(',').collect();
    for v in ["normal", "xiangqi", "shogi", "makruk", "shatranj", "janggi"] {
        assert!(variants.contains(&v), "{variants:?}");
        assert_eq!(variants.iter().filter(|&&n| n == v).count(), 1, "{v} once");
    }
    e.send("accepted done\nping 3");
    assert_eq!(e.until("pong").1, "pong 3");
    // Xiangqi: the cannon on h2 (XBoard's rank 2 is the third rank) to the centre.
    e.send("new\nvariant xiangqi\nforce\nusermove h2e2\nsd 2\ngo");
    let (_, reply) = e.until("move ");
    let m = reply.strip_prefix("move ").unwrap();
    // Black's move, in XBoard squares: ranks 0 to 9, black's pieces on ranks 6 to 9.
    assert!(m.as_bytes()[1] >= b'6', "{reply}");
    // The engine keeps the game: the same position reached by `undo` and a replay.
    e.send("undo\nundo\nusermove h2e2\nusermove z9z9");
    assert_eq!(e.until("Illegal move").1, "Illegal move: z9z9");
    e.send(&format!("usermove {m}\nping 4"));
    let (between, pong) = e.until("pong");
    assert_eq!(pong, "pong 4");
    assert!(
        between.iter().all(|l| !l.starts_with("Illegal")),
        "{between:?}"
    );
    // `setboard`, then white's only mate in one: the rook from a1 (XBoard a0) to the last
    // rank (a9), the other rook on b9 guarding the general's one flight square, e9.
    e.send("force\nsetboard 4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1\nsd 3\ngo");
    assert_eq!(e.until("move ").1, "move a0a9");
    // A bad command and an unknown variant.
    e.send("frobnicate now");
    assert!(e.until("Error").1.contains("unknown command"));
    e.send("variant nosuchgame");
    assert!(e.until("Error").1.contains("unknown variant"));
}

/// A values cache that does not read (the tester: the message named no command): the search
/// grade's complaint is an error in CECP's form naming the command that met it, `go`, and the
/// game goes on, searched with the rule file's values.
#[test]
fn a_broken_values_cache_names_the_command() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("xiangqi.yaml"), ": : :\n").unwrap();
    let program = std::path::Path::new(env!("CARGO_BIN_EXE_ashtapada"));
    let cache = [("ASHTAPADA_VALUES_CACHE", dir.path())];
    let mut e = Program::start_with(program, &["xboard"], &cache);
    e.send("xboard\nprotover 2");
    e.until("feature");
    e.send("new\nvariant xiangqi\nforce\nusermove h2e2\nsd 1\ngo");
    let (_, err) = e.until("Error");
    assert!(err.starts_with("Error ("), "{err}");
    assert!(err.contains("xiangqi.yaml"), "{err}");
    assert!(
        err.ends_with("searching with the rule file's values): go"),
        "{err}"
    );
    let (_, reply) = e.until("move ");
    assert!(reply.len() > "move ".len(), "{reply}");
    // A move from the GUI that sets the engine thinking names `usermove`.
    e.send("usermove a3a4");
    let (_, err) = e.until("Error");
    assert!(err.ends_with("): usermove a3a4"), "{err}");
    e.until("move ");
    e.send("ping 9");
    assert_eq!(e.until("pong").1, "pong 9");
}

/// Issue 25: an illegal move is answered `Illegal move: MOVE` with the reason and the legal
/// alternatives in XBoard's notation (xiangqi's ranks from 0), and absurd time controls and
/// depths — negative, not numbers, or beyond a week or the search's 64 plies — are refused
/// in CECP's form `Error (REASON): COMMAND`, the game going on. A negative clock (`time -100`,
/// sent by GUIs once a flag fell) reads as zero, no error.
#[test]
fn xboard_errors_speak_xboard() {
    let mut e = Program::ashtapada(&["xboard"]);
    e.send(
        "xboard
protover 2",
    );
    e.until("feature");
    e.send(
        "new
variant xiangqi
force",
    );
    // The cannon on XBoard's h2 (ashtapada's h3) cannot go to h8; its moves are listed with
    // XBoard's ranks: h2e2 (ashtapada's h3e3) among them.
    e.send("usermove h2h8");
    assert_eq!(e.until("Illegal move").1, "Illegal move: h2h8");
    let (_, why) = e.until("#");
    assert!(why.contains("h2e2") && !why.contains("h3e3"), "{why}");
    // Nothing stands on XBoard's e4 (ashtapada's e5).
    e.send("usermove e4e5");
    e.until("Illegal move");
    let (_, why) = e.until("#");
    assert!(why.contains("there is no piece on e4"), "{why}");
    // A pass in a game without passing is named as a pass, not "not a move".
    e.send("usermove @@@@");
    e.until("Illegal move");
    let (_, why) = e.until("#");
    assert!(
        why.contains("`@@@@` is not legal: it is a pass, and xiangqi has no passing move"),
        "{why}"
    );
    for bad in [
        "st -1",
        "st 1e30",
        "st nan",
        "sd -3",
        "sd 0",
        "sd 100000",
        "level 40 -5 0",
        "level 40 5 1e20",
        "level -1 5 0",
        "level 99999999 5 0",
        "time nan",
        "otim 1e300",
        "nps 1e300",
    ] {
        e.send(bad);
        let (_, err) = e.until("Error");
        assert!(
            err.starts_with("Error (") && err.ends_with(&format!("): {bad}")),
            "{bad}: {err}"
        );
    }
    // A clock past zero is no error.
    e.send(
        "time -100
otim -5
ping 7",
    );
    let (before, _) = e.until("pong 7");
    assert!(before.iter().all(|l| !l.starts_with("Error")), "{before:?}");
    // The game goes on: a move, then a search at depth 2.
    e.send(
        "usermove h2e2
sd 2
go",
    );
    let (_, reply) = e.until("move ");
    assert!(reply.len() > "move ".len(), "{reply}");
}

/// A move the user makes while the engine thinks withdraws the search: its move is never
/// announced, and the board holds only the user's move (found by a fresh tester: the engine
/// used to print `move …` and then take it back, out of step with the GUI).
#[test]
fn a_user_move_while_thinking_withdraws_the_search_unannounced() {
    let mut e = Program::ashtapada(&["xboard"]);
    e.send("xboard\nprotover 2");
    e.until("feature");
    // A thousand seconds a move: the search is still running when the user moves.
    e.send("new\nst 1000\ngo\nusermove e2e4\nforce\nusermove e7e5\nping 2");
    let (before, _) = e.until("pong 2");
    assert!(
        before
            .iter()
            .all(|l| !l.starts_with("move ") && !l.starts_with("Illegal")),
        "{before:?}"
    );
    // White's e-pawn stands on e4 and black's on e5: g1f3 is white's, legal.
    e.send("usermove g1f3\nping 3");
    let (before, _) = e.until("pong 3");
    assert!(
        before.iter().all(|l| !l.starts_with("Illegal")),
        "{before:?}"
    );
}

/// Asked to move in a finished game, the engine claims the result as XBoard engines do
/// (fool's mate: black won; a stalemate: a draw) instead of resigning, and a move after the
/// end names the end.
#[test]
fn go_in_a_finished_game_claims_its_result() {
    let mut e = Program::ashtapada(&["xboard"]);
    e.send("xboard\nprotover 2\nnew\nforce");
    e.send("usermove f2f3\nusermove e7e5\nusermove g2g4\nusermove d8h4\ngo");
    assert_eq!(e.until("0-1").1, "0-1 {black wins (checkmate)}");
    e.send("usermove a2a3");
    let (_, refused) = e.until("#");
    assert!(
        refused.contains("the game is over: black wins (checkmate)"),
        "{refused}"
    );
    e.send("new\nforce\nsetboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo");
    assert_eq!(e.until("1/2").1, "1/2-1/2 {draw (stalemate)}");
    // A pass (`@@@@`) after the end says the game is over too, not "not a move" (the fresh
    // tester: flipello with white out of stones).
    e.send("new\nforce\nvariant flipello");
    e.send("setboard pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/ppppppp1[Pp] w - - 0 1");
    e.send("usermove @@@@");
    let (_, refused) = e.until("#");
    assert!(
        refused.contains("`@@@@` is not legal: the game is over: black wins")
            && refused.contains("the position is unchanged"),
        "{refused}"
    );
    e.quit();
}

/// Plays `games` cutechess-cli games of `variant` between `ashtapada xboard` (1500 nodes a
/// move, `st 1` and `nps 1500` as cutechess sends `nodes=`) and Fairy-Stockfish (xboard too,
/// depth 9), each at most `max_moves` moves, and
/// checks that every one ended by the rules.
fn xboard_match(variant: &str, games: usize, max_moves: u32) {
    let fsf = fairy_stockfish_current();
    let ours = [
        "name=ashtapada",
        "proto=xboard",
        "arg=xboard",
        "tc=inf",
        "nodes=1500",
    ];
    // Fairy-Stockfish's xboard mode has no `nps`: a depth instead (see DEPTH).
    let depth = format!("depth={DEPTH}");
    let theirs = [
        "name=fairy-stockfish",
        "proto=xboard",
        "tc=inf",
        depth.as_str(),
    ];
    cutechess_games(
        variant,
        &ours,
        (&fsf, &theirs),
        games,
        max_moves,
        &["claim"],
    );
}

#[test]
fn cutechess_plays_shogi_over_xboard_between_ashtapada_and_fairy_stockfish() {
    xboard_match("shogi", 2, 80);
}

/// Fairy-Stockfish's depth per move. Its xboard mode marks the move it finds after `go` as
/// to be played only once the search has started, so a search that ends at once (depth 3)
/// prints its move without playing it, and the next `usermove` is refused; at depth 9 the
/// search outlasts that moment (shogi's opening needs depth 9 on a loaded machine:
/// depth 6 was refused there).
const DEPTH: u32 = 9;

/// An xboard engine after the handshake, in force mode at the start of `variant`.
fn xboard(program: &mut Program, variant: &str, limits: &str) {
    program.send("xboard\nprotover 2\nping 1");
    program.until("pong 1");
    program.send(&format!("new\nvariant {variant}\nforce\n{limits}\nping 2"));
    program.until("pong 2");
}

/// An XBoard move on a ten-rank board (ranks from 0) in UCI's squares (ranks from 1).
fn uci_squares(m: &str) -> String {
    m.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => (d + 1).to_string(),
            None => c.to_string(),
        })
        .collect()
}

/// Xiangqi games over xboard between ashtapada (1500 nodes a move) and Fairy-Stockfish
/// (depth 9), refereed here as a GUI would run them: each engine starts with `go` on its
/// first turn and then answers every `usermove` of the other with its own move. Before every
/// move Fairy-Stockfish's UCI mode lists the legal moves (`go perft 1`), and the move played
/// must be one of them; no engine may answer `Illegal move` or `Error`. A game ends when the
/// side to move has no move (in xiangqi it has lost), when an engine resigns or claims a
/// result, or at 80 plies. Two games, each engine taking red once.
#[test]
fn xiangqi_games_over_xboard_between_ashtapada_and_fairy_stockfish_stay_legal() {
    let fsf_path = fairy_stockfish_current();
    let mut referee = Program::start(&fsf_path, &[]);
    referee.send("uci\nsetoption name UCI_Variant value xiangqi\nisready");
    referee.until("readyok");
    for game in 0..2 {
        let mut ours = Program::ashtapada(&["xboard"]);
        let mut fsf = Program::start(&fsf_path, &[]);
        xboard(&mut ours, "xiangqi", "st 1\nnps 1500");
        xboard(&mut fsf, "xiangqi", &format!("sd {DEPTH}"));
        let mut moves: Vec<String> = Vec::new();
        let mut last: Option<String> = None;
        for ply in 0..80 {
            let list = moves.join(" ");
            referee.send(&format!("position startpos moves {list}"));
            let (legal, _) = referee.perft(1);
            if legal.is_empty() {
                break;
            }
            let ours_moves = (ply + game) % 2 == 0;
            let mover = if ours_moves { &mut ours } else { &mut fsf };
            // The first move of each engine: `go`; after that the other's move starts it.
            match (&last, ply) {
                (None, _) => mover.send("go"),
                (Some(m), 1) => mover.send(&format!("usermove {m}\ngo")),
                (Some(m), _) => mover.send(&format!("usermove {m}")),
            }
            let reply = loop {
                let line = mover.next_line();
                assert!(
                    !line.starts_with("Illegal") && !line.starts_with("Error"),
                    "game {game} after `{list}`: {line}"
                );
                if line.starts_with("move ")
                    || ["resign", "1-0", "0-1", "1/2-1/2"]
                        .iter()
                        .any(|r| line.starts_with(r))
                {
                    break line;
                }
            };
            let Some(m) = reply.strip_prefix("move ") else {
                eprintln!("game {game}: `{reply}` after `{list}`");
                break;
            };
            let uci = uci_squares(m);
            assert!(
                legal.iter().any(|(l, _)| *l == uci),
                "game {game}: `{m}` after `{list}` is not legal"
            );
            last = Some(m.to_string());
            moves.push(uci);
        }
        eprintln!("game {game}: {} plies", moves.len());
    }
}

/// `O-O` where no castling to that side is legal says so (it said "not a move"); where it is
/// legal in chess it is played as `e1g1` (the fresh tester's left-alone list).
#[test]
fn castling_words_where_no_castling_is_legal_say_so() {
    let mut e = Program::ashtapada(&["xboard"]);
    e.send("xboard\nprotover 2\nnew\nforce\nusermove O-O");
    let (_, refused) = e.until("#");
    assert!(
        refused.contains("`O-O` is not legal: no castling kingside (O-O) is legal here"),
        "{refused}"
    );
    for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("usermove O-O-O");
    let (_, refused) = e.until("#");
    assert!(
        refused.contains("no castling queenside (O-O-O)"),
        "{refused}"
    );
    // White castles, black makes way and castles, and white may not castle again: the first
    // refusal is the last move's.
    e.send("usermove O-O\nusermove f8e7\nusermove d2d3\nusermove O-O\nusermove O-O");
    let (_, refused) = e.until("#");
    assert!(
        refused.contains("`O-O` is not legal: no castling kingside (O-O)"),
        "{refused}"
    );
    e.quit();
}
