//! [`Stop`]: a shared flag that asks a long computation — perft, an agent's search, a run of
//! games — to end early. Set it from another thread or a signal handler (the REPL's Ctrl-C, a
//! UCI `stop`); the computation polls it and unwinds.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A stop request shared between the code that runs a computation and the code that may cut
/// it short: clones share one flag (an `Arc<AtomicBool>`).
///
/// The flag is only read by the computation, never cleared: whoever starts a computation
/// clears it first ([`Stop::clear`]).
///
/// ```
/// use ashtapada::{Assignment, Position, Stop, load_variant, perft_until};
/// let v = load_variant("chaturanga", &Assignment::default()).unwrap();
/// let stop = Stop::new();
/// assert_eq!(perft_until(&mut Position::start(v.clone()), 2, &stop), Ok(256));
/// stop.stop();
/// assert!(perft_until(&mut Position::start(v), 5, &stop).is_err());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not set.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the computations polling this flag to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// True once a stop was asked for (and not cleared).
    #[inline]
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Clears the flag, before a new computation starts.
    pub fn clear(&self) {
        self.0.store(false, Ordering::SeqCst);
    }

    /// The shared flag itself, to be set by a signal handler (for example
    /// `signal_hook::flag::register(SIGINT, stop.flag())`).
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.0.clone()
    }
}

/// A computation ended early because its [`Stop`] was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped")]
pub struct Stopped;
