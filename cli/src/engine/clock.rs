//! Time management: how long a move may take under a fixed time per move or a clock (times,
//! increments, moves to go, USI's byoyomi).

use super::Go;
use std::time::Duration;

/// Moves a clock without `movestogo` is assumed to have to last for.
const MOVES_LEFT: u64 = 30;

/// The time limits of one move: no new iteration starts after `soft`; the search ends at
/// `hard`. Both are measured from the moment `go` was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Time after which no new iteration starts.
    pub soft: Duration,
    /// Time at which the search ends.
    pub hard: Duration,
}

/// The budget for the seat `seat` (0 = the first seat, `wtime`; 1 = `btime`) under `go`, with
/// `overhead` milliseconds lost per move to the GUI and the pipe; `None` when `go` sets no
/// time (depth, nodes, infinite, or nothing).
///
/// `movetime T` gives T less the overhead (at least 1 ms) for both limits. A clock of `time`
/// ms with `inc` and M = `movestogo` moves to go (else 30) first keeps back the overhead of
/// every move to go (at most half the clock); of the rest, `avail`, it gives
/// `soft = avail/M + 3/4 inc` and `hard = min(3 soft, 2 avail/(M+2))` (soft at most hard).
/// Even if every move took its whole hard limit and the overhead, the clock would not run
/// out before the time control: each move spends at most 2/(M+2) of `avail`. At 40 moves
/// in 10 s the first move gets 0.22 s, at most 0.42 s.
///
/// A byoyomi B (USI) is given afresh for every move: B less the overhead is added to both
/// limits of the clock's budget (to the whole move when the clock is spent or absent).
pub fn budget(go: &Go, seat: usize, overhead: u64) -> Option<Budget> {
    let clock = clock_budget(go, seat, overhead);
    let Some(b) = go.byoyomi.filter(|&b| b > 0) else {
        return clock;
    };
    let extra = Duration::from_millis(b.saturating_sub(overhead).max(1));
    Some(clock.map_or(
        Budget {
            soft: extra,
            hard: extra,
        },
        |c| Budget {
            soft: c.soft + extra,
            hard: c.hard + extra,
        },
    ))
}

/// [`budget`] without the byoyomi.
fn clock_budget(go: &Go, seat: usize, overhead: u64) -> Option<Budget> {
    if let Some(t) = go.movetime {
        let t = Duration::from_millis(t.saturating_sub(overhead).max(1));
        return Some(Budget { soft: t, hard: t });
    }
    let time = go.time.get(seat).copied().flatten()?;
    let inc = go.inc.get(seat).copied().flatten().unwrap_or(0);
    let moves = go.movestogo.map_or(MOVES_LEFT, |m| m as u64).max(1);
    let reserve = overhead.saturating_mul(moves).min(time / 2);
    let avail = time.saturating_sub(reserve).max(1);
    let hard = (avail / moves + inc * 3 / 4)
        .saturating_mul(3)
        .min(avail * 2 / (moves + 2))
        .max(1);
    let soft = (avail / moves + inc * 3 / 4).clamp(1, hard);
    Some(Budget {
        soft: Duration::from_millis(soft),
        hard: Duration::from_millis(hard),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(b: Option<Budget>) -> Option<(u128, u128)> {
        b.map(|b| (b.soft.as_millis(), b.hard.as_millis()))
    }

    #[test]
    fn no_time_no_budget() {
        assert_eq!(budget(&Go::default(), 0, 30), None);
        let g = Go {
            depth: Some(5),
            time: [None, Some(1000)],
            ..Go::default()
        };
        assert_eq!(budget(&g, 0, 30), None, "white has no clock");
    }

    #[test]
    fn movetime_less_the_overhead() {
        let g = Go {
            movetime: Some(500),
            ..Go::default()
        };
        assert_eq!(ms(budget(&g, 1, 30)), Some((470, 470)));
        let g = Go {
            movetime: Some(10),
            ..Go::default()
        };
        assert_eq!(ms(budget(&g, 0, 30)), Some((1, 1)));
    }

    #[test]
    fn a_clock_lasts_to_the_time_control() {
        // 40 moves in 10 s: the first move of 40.
        let g = Go {
            time: [Some(10_000), Some(10_000)],
            movestogo: Some(40),
            ..Go::default()
        };
        // 40 × 30 ms kept back: 8800 ms; 8800/40 = 220, 2 × 8800/42 = 419.
        assert_eq!(ms(budget(&g, 0, 30)), Some((220, 419)));
        // The last move before the control: 970 ms, of which 2/3.
        let g = Go {
            time: [Some(1_000), Some(1_000)],
            movestogo: Some(1),
            ..Go::default()
        };
        assert_eq!(ms(budget(&g, 1, 30)), Some((646, 646)));
        // Sudden death with an increment.
        let g = Go {
            time: [Some(60_000), Some(1)],
            inc: [Some(1_000), Some(0)],
            ..Go::default()
        };
        // 30 × 30 ms kept back: 59100 ms; 1970 + 750 = 2720, 2 × 59100/32 = 3693.
        assert_eq!(ms(budget(&g, 0, 30)), Some((2720, 3693)));
        // Almost out of time: still a positive budget, under what is left.
        assert_eq!(ms(budget(&g, 1, 30)), Some((1, 1)));
    }

    /// USI's byoyomi: the whole of it (less the overhead) when the clock is spent, added to
    /// the clock's budget otherwise.
    #[test]
    fn byoyomi_is_added_to_every_move() {
        let g = Go {
            time: [Some(0), Some(0)],
            byoyomi: Some(1000),
            ..Go::default()
        };
        // A spent clock: 0 ms → 1 ms of it, plus 970 ms.
        assert_eq!(ms(budget(&g, 0, 30)), Some((971, 971)));
        let g = Go {
            byoyomi: Some(500),
            ..Go::default()
        };
        assert_eq!(ms(budget(&g, 1, 30)), Some((470, 470)));
        let g = Go {
            time: [Some(10_000), Some(10_000)],
            movestogo: Some(40),
            byoyomi: Some(100),
            ..Go::default()
        };
        assert_eq!(ms(budget(&g, 0, 30)), Some((290, 489)));
    }

    /// Every move of a 40-moves-in-10-s control, each taking its whole hard limit, leaves time
    /// on the clock.
    #[test]
    fn forty_moves_in_ten_seconds_never_flag() {
        let mut left = 10_000u64;
        for played in 0..40u32 {
            let g = Go {
                time: [Some(left), Some(left)],
                movestogo: Some(40 - played),
                ..Go::default()
            };
            let b = budget(&g, 0, 30).unwrap();
            let used = b.hard.as_millis() as u64 + 30;
            assert!(used < left, "move {played}: {used} ms of {left}");
            left -= used;
        }
    }
}
