//! Interrupting a long run (`simulate`): the first SIGINT (Ctrl-C) or SIGTERM asks the run to
//! stop at the next game boundary — the games being played finish, none starts, and the
//! report of the games completed is written, marked partial; a second one ends the program at
//! once (exit 128 + the signal's number), after ending the outside players' process groups
//! and removing the temporary files of writes in progress.

use signal_hook::consts::{SIGINT, SIGTERM};
#[cfg(unix)]
use signal_hook::iterator::{Handle, Signals};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// Set by a second signal while the program ends at once: the run's own end must not race it.
static ENDING: AtomicBool = AtomicBool::new(false);

/// True once a second signal is ending the program: nothing more is written.
pub fn ending() -> bool {
    ENDING.load(Ordering::SeqCst)
}

/// Waits for ever if a second signal is ending the program (which exits from the signal
/// thread), so that the command's own exit — after an outside player was killed, say — never
/// takes its place.
pub fn hold_if_ending() {
    while ending() {
        std::thread::park();
    }
}

/// Where signals cannot be watched (not Unix): nothing to close.
#[cfg(not(unix))]
struct Handle;

#[cfg(not(unix))]
impl Handle {
    fn close(&self) {}
}

/// A run's watch over SIGINT and SIGTERM, from [`Interrupt::watch`] until it is dropped.
pub struct Interrupt {
    /// The first signal received (0 while none).
    first: Arc<AtomicI32>,
    handle: Option<Handle>,
}

impl Interrupt {
    /// Starts watching. `temporaries` names the folders a write may be in progress in, each
    /// with the name prefix of its temporary files (`.game-`, `.report.json.`): on the
    /// second signal those files are removed before the program ends.
    ///
    /// If the signals cannot be watched (never on Unix), the run goes on unwatched: a signal
    /// then ends it as the system does.
    pub fn watch(temporaries: Vec<(PathBuf, String)>) -> Interrupt {
        let first = Arc::new(AtomicI32::new(0));
        #[cfg(not(unix))]
        {
            let _ = temporaries;
            Interrupt {
                first,
                handle: None,
            }
        }
        #[cfg(unix)]
        Interrupt::listen(first, temporaries)
    }

    /// Listens to SIGINT and SIGTERM on a thread of its own.
    #[cfg(unix)]
    fn listen(first: Arc<AtomicI32>, temporaries: Vec<(PathBuf, String)>) -> Interrupt {
        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM]) else {
            return Interrupt {
                first,
                handle: None,
            };
        };
        let handle = signals.handle();
        let seen = first.clone();
        std::thread::spawn(move || {
            for sig in signals.forever() {
                if seen
                    .compare_exchange(0, sig, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
                {
                    eprintln!(
                        "\n{}: stopping after the games being played; the report will cover the \
                         games completed (send it again to stop at once)",
                        name(sig)
                    );
                    continue;
                }
                ENDING.store(true, Ordering::SeqCst);
                eprintln!(
                    "{}: stopped at once; the games being played and the report are lost",
                    name(sig)
                );
                crate::players::end_all();
                for (dir, prefix) in &temporaries {
                    crate::output::remove_temporaries(dir, prefix);
                }
                std::process::exit(128 + sig);
            }
        });
        Interrupt {
            first,
            handle: Some(handle),
        }
    }

    /// The signal that asked the run to stop, if one did.
    pub fn signal(&self) -> Option<i32> {
        match self.first.load(Ordering::SeqCst) {
            0 => None,
            s => Some(s),
        }
    }

    /// The flag [`signal`](Self::signal) reads, for the run's observer.
    pub fn flag(&self) -> Arc<AtomicI32> {
        self.first.clone()
    }
}

impl Drop for Interrupt {
    fn drop(&mut self) {
        if let Some(h) = self.handle.take() {
            h.close();
        }
    }
}

/// A signal's name, for messages.
pub fn name(sig: i32) -> &'static str {
    match sig {
        SIGINT => "interrupted (SIGINT)",
        SIGTERM => "terminated (SIGTERM)",
        _ => "signalled",
    }
}
