//! A child process spoken to in lines: commands on its standard input, answers read from its
//! standard output by a thread of their own, so that a silent program is noticed after a
//! timeout instead of hanging the run.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The longest line read from a player (bytes, the newline included); a longer one fails the
/// player ("a line over 1 MiB"), and nothing after it is read.
const MAX_LINE: u64 = 1 << 20;

/// What the reading thread hands over: a line, or word that the next one was too long.
enum Line {
    Text(String),
    TooLong,
}

/// A running outside program.
pub struct Process {
    child: Child,
    /// `None` once closed.
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// The command line, for messages.
    pub command: String,
}

impl Process {
    /// Starts `argv[0]` with the arguments `argv[1..]` (no shell), its standard error
    /// inherited.
    ///
    /// # Errors
    /// The program cannot be started (not found, not executable), with the reason.
    pub fn spawn(argv: &[String]) -> Result<Process, String> {
        let command = argv.join(" ");
        let Some((program, args)) = argv.split_first() else {
            return Err("the command is empty".into());
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("`{command}` does not start: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "`{command}`: its standard input or output is not a pipe"
            ));
        };
        let (tx, lines) = channel();
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
        Ok(Process {
            child,
            stdin: Some(stdin),
            lines,
            command,
        })
    }

    /// Writes `line` and a newline, and flushes.
    ///
    /// # Errors
    /// The program has closed its input (it has exited, most likely).
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(format!("`{}`: its input is closed", self.command));
        };
        match writeln!(stdin, "{line}").and_then(|()| stdin.flush()) {
            Ok(()) => Ok(()),
            Err(e) => Err(format!("{} (writing to it: {e})", self.gone())),
        }
    }

    /// The next line the program writes, waiting at most `timeout`.
    ///
    /// # Errors
    /// The program exited (with its exit status), wrote nothing for `timeout`, or wrote a
    /// line over [`MAX_LINE`] bytes.
    pub fn read_line(&mut self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(Line::Text(l)) => Ok(l),
            Ok(Line::TooLong) => Err(format!(
                "`{}` wrote a line over 1 MiB ({MAX_LINE} bytes without a newline): too long",
                self.command
            )),
            Err(RecvTimeoutError::Disconnected) => Err(self.gone()),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "`{}` did not answer within {:.1} s",
                self.command,
                timeout.as_secs_f64()
            )),
        }
    }

    /// Reads lines until one for which `wanted` gives a value, waiting at most `timeout`
    /// in all; the other lines are skipped.
    ///
    /// # Errors
    /// As [`read_line`](Self::read_line).
    pub fn read_until<T>(
        &mut self,
        timeout: Duration,
        mut wanted: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.read_line(left).map_err(|e| {
                if left.is_zero() {
                    format!(
                        "`{}` did not answer within {:.1} s",
                        self.command,
                        timeout.as_secs_f64()
                    )
                } else {
                    e
                }
            })?;
            if let Some(v) = wanted(&line) {
                return Ok(v);
            }
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

impl Drop for Process {
    /// Ends the program: its input is closed (the end of the protocol), and it is killed if it
    /// has not exited a moment later.
    fn drop(&mut self) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
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
        let mut p = Process::spawn(&script).unwrap();
        p.send("hi").unwrap();
        assert_eq!(p.read_line(Duration::from_secs(5)).unwrap(), "got-hi");
        let e = p.read_line(Duration::from_secs(5)).unwrap_err();
        assert!(e.contains("exited") && e.contains('3'), "{e}");
    }

    #[test]
    fn a_line_over_a_mebibyte_is_too_long() {
        // 1 MiB and one byte on one line, after a short line that still comes through.
        let script = vec![
            "sh".into(),
            "-c".into(),
            "echo short; head -c 1048577 /dev/zero | tr '\\0' x; echo".into(),
        ];
        let mut p = Process::spawn(&script).unwrap();
        assert_eq!(p.read_line(Duration::from_secs(5)).unwrap(), "short");
        let e = p.read_line(Duration::from_secs(5)).unwrap_err();
        assert!(e.contains("a line over 1 MiB"), "{e}");
        // Exactly 1 MiB with its newline is a line.
        let script = vec![
            "sh".into(),
            "-c".into(),
            "head -c 1048575 /dev/zero | tr '\\0' x; echo".into(),
        ];
        let mut p = Process::spawn(&script).unwrap();
        assert_eq!(
            p.read_line(Duration::from_secs(5)).unwrap().len(),
            1_048_575
        );
    }

    #[test]
    fn a_silent_program_times_out_and_a_missing_one_does_not_start() {
        let mut p = Process::spawn(&argv("sleep 5")).unwrap();
        let e = p.read_line(Duration::from_millis(100)).unwrap_err();
        assert!(e.contains("did not answer within 0.1 s"), "{e}");
        let e = Process::spawn(&argv("/no/such/program")).err().unwrap();
        assert!(e.contains("does not start"), "{e}");
    }
}
