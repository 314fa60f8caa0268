//! The one helper of the tests that drive a program through pipes: [`Program`], a program
//! speaking a line protocol (`ashtapada uci`, `usi` and `xboard`, Fairy-Stockfish) with its
//! output lines as they arrive, and [`run`], the binary run once on a given input. Used by
//! `uci.rs`, `usi.rs`, `xboard.rs`, `uci_clients.rs`, `repl_stdin.rs` and `history_stuck.rs`.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long a test waits for a line (a loaded 2-core machine, a test build).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A program speaking a text protocol through pipes, its output lines as they arrive.
pub struct Program {
    child: Child,
    /// `None` once closed ([`Program::close_input`]).
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Program {
    /// Starts `program` with `args`.
    pub fn start(program: &Path, args: &[&str]) -> Program {
        Program::start_with(program, args, &[])
    }

    /// Starts `program` with `args` and the environment variables `env` (name, value).
    pub fn start_with(program: &Path, args: &[&str], env: &[(&str, &Path)]) -> Program {
        let mut child = Command::new(program)
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{} does not start: {e}", program.display()));
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Program {
            child,
            stdin: Some(stdin),
            lines,
        }
    }

    /// `ashtapada` with `args`.
    pub fn ashtapada(args: &[&str]) -> Program {
        Program::start(Path::new(env!("CARGO_BIN_EXE_ashtapada")), args)
    }

    /// A UCI program (`ashtapada uci`, Fairy-Stockfish) after the handshake, with `variant`
    /// chosen.
    pub fn uci(program: &Path, args: &[&str], variant: &str) -> Program {
        let mut p = Program::start(program, args);
        p.send(&format!(
            "uci\nsetoption name UCI_Variant value {variant}\nisready"
        ));
        p.until("readyok");
        p
    }

    /// Sends lines.
    pub fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("the input is open");
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line (fails the test after [`PATIENCE`] without one).
    pub fn next_line(&mut self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|e| panic!("no line from the program: {e}"))
    }

    /// The next line, if one comes within `wait`; fails the test if the program ended.
    pub fn next_within(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(l) => Some(l),
            Err(RecvTimeoutError::Timeout) => None,
            Err(e) => panic!("the program ended: {e:?}"),
        }
    }

    /// Reads lines up to the first that starts with `prefix`; returns the lines before it and
    /// that line.
    pub fn until(&mut self, prefix: &str) -> (Vec<String>, String) {
        let mut before = self.lines_until(prefix);
        let last = before.pop().expect("the line found");
        (before, last)
    }

    /// The lines up to and including the first that starts with `prefix`.
    pub fn lines_until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let done = l.starts_with(prefix);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                Err(e) => panic!("no `{prefix}` line ({e:?}); got {got:#?}"),
            }
        }
    }

    /// Sends `isready` and returns everything before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok").0
    }

    /// `go perft DEPTH` from the position set: the root moves sorted, and the total.
    pub fn perft(&mut self, depth: u32) -> (Vec<(String, u64)>, u64) {
        self.send(&format!("go perft {depth}"));
        let (lines, total) = self.until("Nodes searched");
        let mut moves: Vec<(String, u64)> = lines
            .iter()
            .filter_map(|l| l.split_once(": "))
            .filter(|(m, _)| !m.contains(' '))
            .map(|(m, n)| (m.to_string(), n.trim().parse().unwrap()))
            .collect();
        moves.sort();
        let total = total.rsplit(' ').next().unwrap().trim().parse().unwrap();
        (moves, total)
    }

    /// `quit`, and the program ends by itself, successfully.
    pub fn quit(mut self) {
        self.send("quit");
        self.ends("did not quit");
    }

    /// Closes the program's input: it must end by itself, successfully.
    pub fn close_input(mut self) {
        drop(self.stdin.take());
        self.ends("did not end at the end of its input");
    }

    /// Waits up to [`PATIENCE`] for the program to end successfully; fails saying `what`.
    fn ends(&mut self, what: &str) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < deadline, "the program {what}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
        }
        let _ = self.child.wait();
    }
}

/// Runs `ashtapada ARGS` once with `input` on standard input (colour left to the binary's
/// own choice for a pipe); returns (exit code, stdout, stderr).
pub fn run(args: &[&str], input: &str) -> (i32, String, String) {
    run_bytes(args, input.as_bytes())
}

/// [`run`] with any bytes on standard input.
pub fn run_bytes(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A binary that refuses to start may close its input before reading it.
    let _ = child.stdin.take().expect("stdin").write_all(input);
    let out = child.wait_with_output().expect("the binary ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}
