//! Long computations (perft, a simulation) that Ctrl-C interrupts: the work runs on a worker
//! thread with the GIL released, while the calling thread wakes every 50 ms to run Python's
//! signal handlers. When one raises (`KeyboardInterrupt` for SIGINT), the work's [`Stop`] flag
//! is set, the worker unwinds, and the exception is raised in Python.

use ashtapada::Stop;
use pyo3::prelude::*;
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// How often the calling thread looks for a signal.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work(stop)` on a worker thread, the GIL released, and returns its result; raises the
/// exception of a Python signal handler (`KeyboardInterrupt`) once the worker has stopped. The
/// worker must poll `stop` and end soon after it is set. A panic in the worker is re-raised.
pub(crate) fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&Stop) -> T + Send,
{
    let stop = Stop::new();
    // Set to true, with a notification, when the worker ends (or unwinds).
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let _signal = Finished(&done);
            work(&stop)
        });
        let mut raised = None;
        loop {
            let finished = py.detach(|| {
                let guard = done.0.lock().unwrap_or_else(|e| e.into_inner());
                let (guard, _) = done
                    .1
                    .wait_timeout_while(guard, POLL, |d| !*d)
                    .unwrap_or_else(|e| e.into_inner());
                *guard
            });
            if finished {
                break;
            }
            if raised.is_none()
                && let Err(e) = py.check_signals()
            {
                stop.stop();
                raised = Some(e);
            }
        }
        let out = py
            .detach(move || worker.join())
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        match raised {
            Some(e) => Err(e),
            None => Ok(out),
        }
    })
}

/// Marks the work finished when dropped: at its end, or when it panics.
struct Finished<'a>(&'a (Mutex<bool>, Condvar));

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        *self.0.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.0.1.notify_all();
    }
}
