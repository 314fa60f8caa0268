//! A child process spoken to in lines: commands written to its standard input and answers read
//! from its standard output, each by a thread of its own, so that every exchange — a write as
//! well as a read — is bounded by the run's timeout: a program that stops reading, falls
//! silent or floods is noticed instead of hanging the run or filling the memory.
//!
//! Each program runs in a process group of its own, and the whole group is ended with it
//! (after the run, when it fails, and when `simulate` is interrupted: [`end_all`]), so that
//! nothing it started is left running.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::time::{Duration, Instant};

/// The longest line read from a player (bytes, the newline included); a longer one fails the
/// player ("a line over 1 MiB"), and nothing after it is read.
const MAX_LINE: u64 = 1 << 20;

/// The most lines read ahead of the ones asked for: the reading thread waits while this many
/// are queued, so a flood holds at most `QUEUE` × [`MAX_LINE`] bytes in memory.
const QUEUE: usize = 64;

/// The most bytes a program may write while one answer is awaited ([`Process::read_until`]):
/// 8 MiB, far above what an engine's `info` lines for one move take. More is a flood, and
/// fails the player.
pub const MAX_EXCHANGE_BYTES: usize = 8 << 20;

/// How often a wait for an answer checks whether the program has exited (its output may stay
/// open in a process it started).
const POLL: Duration = Duration::from_millis(100);

/// How long a line written just before the program exited may take to come through.
const EXIT_GRACE: Duration = Duration::from_secs(1);

/// What the reading thread hands over: a line, or word that the next one was too long.
enum Line {
    Text(String),
    TooLong,
}

/// The process groups of the programs running now, ended by [`end_all`].
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Ends the process group of every outside program still running (`SIGKILL`): for a run that
/// is stopped at once, before it exits.
pub fn end_all() {
    let groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
    for &g in groups.iter() {
        kill_group(g);
    }
}

/// Sends `SIGKILL` to the process group `group` (nothing if it is gone).
fn kill_group(group: u32) {
    #[cfg(unix)]
    if let Ok(g) = i32::try_from(group) {
        let _ = nix::sys::signal::killpg(
            nix::unistd::Pid::from_raw(g),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// A running outside program.
pub struct Process {
    child: Child,
    /// Lines for the writing thread; `None` once closed.
    input: Option<SyncSender<String>>,
    /// The writing thread's word on each line: written, or why not.
    written: Receiver<Result<(), String>>,
    lines: Receiver<Line>,
    /// The bound on each write and each wait for an answer.
    timeout: Duration,
    /// The command line, for messages.
    pub command: String,
}

impl Process {
    /// Starts `argv[0]` with the arguments `argv[1..]` (no shell) in a process group of its
    /// own, its standard error inherited; each later write to it must complete within
    /// `timeout`.
    ///
    /// # Errors
    /// The program cannot be started (not found, not executable), with the reason.
    pub fn spawn(argv: &[String], timeout: Duration) -> Result<Process, String> {
        let command = argv.join(" ");
        let Some((program, args)) = argv.split_first() else {
            return Err("the command is empty".into());
        };
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("`{command}` does not start: {e}"))?;
        GROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(child.id());
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            forget_group(child.id());
            return Err(format!(
                "`{command}`: its standard input or output is not a pipe"
            ));
        };
        let (tx, lines) = sync_channel(QUEUE);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) if n as u64 == MAX_LINE && buf.last() != Some(&b'\n') => {
                        let _ = tx.send(Line::TooLong);
                        break;
                    }
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(Line::Text(line)).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let (input, queued) = sync_channel::<String>(1);
        let (done, written) = sync_channel(1);
        std::thread::spawn(move || {
            for line in queued {
                let r = writeln!(stdin, "{line}").and_then(|()| stdin.flush());
                let failed = r.is_err();
                if done.send(r.map_err(|e| e.to_string())).is_err() || failed {
                    break;
                }
            }
            // `stdin` is dropped here: the program reads the end of its input.
        });
        Ok(Process {
            child,
            input: Some(input),
            written,
            lines,
            timeout,
            command,
        })
    }

    /// Writes `line` and a newline, and flushes, waiting at most the timeout for the program
    /// to take it in.
    ///
    /// # Errors
    /// The program has closed its input (it has exited, most likely), or does not read it
    /// (the pipe stayed full for the timeout).
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let Some(input) = self.input.as_ref() else {
            return Err(format!("`{}`: its input is closed", self.command));
        };
        let not_reading = |p: &Process| {
            format!(
                "`{}` did not read its input within {:.1} s",
                p.command,
                p.timeout.as_secs_f64()
            )
        };
        match input.try_send(line.to_string()) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(not_reading(self)),
            Err(TrySendError::Disconnected(_)) => {
                return Err(format!("{} (its input is closed)", self.gone()));
            }
        }
        match self.written.recv_timeout(self.timeout) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(format!("{} (writing to it: {e})", self.gone())),
            Err(RecvTimeoutError::Timeout) => Err(not_reading(self)),
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("{} (its input is closed)", self.gone()))
            }
        }
    }

    /// The next line the program writes, waiting at most `timeout`.
    ///
    /// # Errors
    /// The program exited (with its exit status; also when a process it started still holds
    /// its output), wrote nothing for `timeout`, or wrote a line over [`MAX_LINE`] bytes.
    pub fn read_line(&mut self, timeout: Duration) -> Result<String, String> {
        self.next_line(Instant::now() + timeout)?.ok_or_else(|| {
            format!(
                "`{}` did not answer within {:.1} s",
                self.command,
                timeout.as_secs_f64()
            )
        })
    }

    /// The next line written before `deadline`; `None` if none came by then.
    fn next_line(&mut self, deadline: Instant) -> Result<Option<String>, String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left.min(POLL)) {
                Ok(line) => return self.line(line).map(Some),
                Err(RecvTimeoutError::Disconnected) => return Err(self.gone()),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                // A last line may still be on its way from the reading thread (which then
                // meets the end of the output, unless a process the program started holds it).
                return match self.lines.recv_timeout(EXIT_GRACE) {
                    Ok(line) => self.line(line).map(Some),
                    Err(_) => Err(format!("`{}` exited ({status})", self.command)),
                };
            }
            if Instant::now() >= deadline {
                return Ok(None);
            }
        }
    }

    /// A line handed over by the reading thread, or the error of a line too long.
    fn line(&self, line: Line) -> Result<String, String> {
        match line {
            Line::Text(l) => Ok(l),
            Line::TooLong => Err(format!(
                "`{}` wrote a line over 1 MiB ({MAX_LINE} bytes without a newline): too long",
                self.command
            )),
        }
    }

    /// Reads lines until one for which `wanted` gives a value, waiting at most `timeout`
    /// in all; the other lines are skipped, up to [`MAX_EXCHANGE_BYTES`] of them.
    ///
    /// # Errors
    /// As [`read_line`](Self::read_line); also when the deadline passes while lines keep
    /// coming, and when the program writes more than [`MAX_EXCHANGE_BYTES`] (a flood).
    pub fn read_until<T>(
        &mut self,
        timeout: Duration,
        mut wanted: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, String> {
        let deadline = Instant::now() + timeout;
        let mut bytes = 0usize;
        let mut last: Option<String> = None;
        loop {
            let Some(line) = self.next_line(deadline)? else {
                // The whole timeout, and what was written instead of the answer.
                let wrote = last.map_or_else(String::new, |l| {
                    let shown: String = l.chars().take(60).collect();
                    let cut = if shown.len() < l.len() { "…" } else { "" };
                    format!(" (its last line: `{shown}{cut}`)")
                });
                return Err(format!(
                    "`{}` did not answer within {:.1} s{wrote}",
                    self.command,
                    timeout.as_secs_f64()
                ));
            };
            bytes = bytes.saturating_add(line.len() + 1);
            if bytes > MAX_EXCHANGE_BYTES {
                return Err(format!(
                    "`{}` flooded its output: over {} MiB without the answer awaited",
                    self.command,
                    MAX_EXCHANGE_BYTES >> 20
                ));
            }
            if let Some(v) = wanted(&line) {
                return Ok(v);
            }
            last = Some(line);
        }
    }

    /// Why the program no longer talks: its exit status, if it has exited.
    fn gone(&mut self) -> String {
        // The output closed: the exit follows at once, or the program closed it itself.
        let deadline = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("`{}` exited ({status})", self.command),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                _ => return format!("`{}` closed its output", self.command),
            }
        }
    }
}

/// Takes `group` off the list [`end_all`] ends.
fn forget_group(group: u32) {
    GROUPS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&g| g != group);
}

impl Drop for Process {
    /// Ends the program: its input is closed (the end of the protocol), and its process
    /// group — the program, if it has not exited a moment later, and whatever it started —
    /// is killed.
    fn drop(&mut self) {
        drop(self.input.take());
        let deadline = Instant::now() + Duration::from_millis(200);
        let mut exited = false;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                exited = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let group = self.child.id();
        kill_group(group);
        if !exited {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        forget_group(group);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn lines_come_back_and_an_exit_is_named() {
        let script = vec![
            "sh".into(),
            "-c".into(),
            "read x; echo got-$x; exit 3".into(),
        ];
        let mut p = Process::spawn(&script, Duration::from_secs(5)).unwrap();
        p.send("hi").unwrap();
        assert_eq!(p.read_line(Duration::from_secs(5)).unwrap(), "got-hi");
        let e = p.read_line(Duration::from_secs(5)).unwrap_err();
        assert!(e.contains("exited") && e.contains('3'), "{e}");
    }

    /// Issue 28 item 9: the last line of a program that exits while a process it started
    /// holds its output still comes through, and then the exit is named (not a silence).
    #[test]
    fn an_exit_is_named_while_a_grandchild_holds_the_output() {
        let script = vec![
            "sh".into(),
            "-c".into(),
            "sleep 60 & echo answer; exit 4".into(),
        ];
        let mut p = Process::spawn(&script, Duration::from_secs(30)).unwrap();
        assert_eq!(p.read_line(Duration::from_secs(30)).unwrap(), "answer");
        let e = p.read_line(Duration::from_secs(30)).unwrap_err();
        assert!(e.contains("exited (exit status: 4)"), "{e}");
    }

    #[test]
    fn a_line_over_a_mebibyte_is_too_long() {
        // 1 MiB and one byte on one line, after a short line that still comes through.
        let script = vec![
            "sh".into(),
            "-c".into(),
            "echo short; head -c 1048577 /dev/zero | tr '\\0' x; echo".into(),
        ];
        let mut p = Process::spawn(&script, Duration::from_secs(5)).unwrap();
        assert_eq!(p.read_line(Duration::from_secs(5)).unwrap(), "short");
        let e = p.read_line(Duration::from_secs(5)).unwrap_err();
        assert!(e.contains("a line over 1 MiB"), "{e}");
        // Exactly 1 MiB with its newline is a line.
        let script = vec![
            "sh".into(),
            "-c".into(),
            "head -c 1048575 /dev/zero | tr '\\0' x; echo".into(),
        ];
        let mut p = Process::spawn(&script, Duration::from_secs(5)).unwrap();
        assert_eq!(
            p.read_line(Duration::from_secs(5)).unwrap().len(),
            1_048_575
        );
    }

    /// The fresh tester: a program that writes something else and then nothing is reported
    /// with the whole timeout (not what was left of it after its line) and its last line.
    #[test]
    fn a_wait_for_an_answer_names_the_whole_timeout_and_the_last_line() {
        let script = vec!["sh".into(), "-c".into(), "echo hello there; sleep 5".into()];
        let mut p = Process::spawn(&script, Duration::from_secs(5)).unwrap();
        let e = p
            .read_until(Duration::from_millis(300), |l| (l == "uciok").then_some(()))
            .unwrap_err();
        assert!(e.contains("did not answer within 0.3 s"), "{e}");
        assert!(e.contains("(its last line: `hello there`)"), "{e}");
    }

    #[test]
    fn a_silent_program_times_out_and_a_missing_one_does_not_start() {
        let mut p = Process::spawn(&argv("sleep 5"), Duration::from_secs(5)).unwrap();
        let e = p.read_line(Duration::from_millis(100)).unwrap_err();
        assert!(e.contains("did not answer within 0.1 s"), "{e}");
        let e = Process::spawn(&argv("/no/such/program"), Duration::from_secs(5))
            .err()
            .unwrap();
        assert!(e.contains("does not start"), "{e}");
    }
}
