//! [`Tally`]: the exact integer totals of a batch of games, which add up across threads,
//! shards and machines (`ashtapada merge`), and from which every reported figure is computed.

use super::game::GameResult;
use crate::compile::Variant;
use crate::engine::MAX_SEATS;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Win shares are tallied exactly in units of 1/`SHARE_UNIT` of a game: every tie of up to
/// seven seats splits a game into whole units (420 = lcm(1..=7)).
pub const SHARE_UNIT: u64 = 420;

/// Totals over a batch of games of one option assignment. All integers, so that adding games
/// in any order, on any number of threads or machines, gives the same tally.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Seat names, in turn order.
    pub seats: Vec<String>,
    /// Games.
    pub games: u64,
    /// Per seat: games won, in units of 1/[`SHARE_UNIT`] (a first place shared by k seats
    /// counts `SHARE_UNIT / k` each).
    pub wins: Vec<u64>,
    /// Wins of the seat that moved first in each game, in the same units.
    pub first_seat_wins: u64,
    /// Per seat: the sum of final scores.
    pub score_sums: Vec<i64>,
    /// Game length in plies (dice rolls included) → games.
    pub plies: BTreeMap<u32, u64>,
    /// Game length in complete rounds → games.
    pub rounds: BTreeMap<u32, u64>,
    /// End-reason name → games, listing every reason the variant can give
    /// ([`Variant::end_reasons`] and [`CAP_REASON`](super::CAP_REASON)), 0 if none occurred.
    pub end_reasons: BTreeMap<String, u64>,
    /// Event name → total over the games.
    pub events: BTreeMap<String, u64>,
    /// Sums over the same games (same seeds) of the differences from the sweep's baseline
    /// assignment; absent for the baseline itself and outside sweeps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired: Option<Paired>,
}

/// Most games one tally may hold (2^40, about 10^12): far beyond any run, and small enough
/// that no total overflows.
pub const MAX_GAMES: u64 = 1 << 40;

/// Sums of per-game differences from a baseline played with the same seeds (this game's
/// figure minus the baseline's), for paired intervals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paired {
    /// Per seat: the sum of win differences, in 1/[`SHARE_UNIT`] units.
    pub win_sum: Vec<i64>,
    /// Per seat: the sum of squared win differences, in squared units.
    pub win_sq: Vec<u64>,
    /// Sum of plies differences.
    pub plies_sum: i64,
    /// Sum of squared plies differences.
    pub plies_sq: u64,
}

impl Tally {
    /// An empty tally for `variant`'s seats.
    pub fn new(variant: &Variant) -> Tally {
        let n = variant.seats.len();
        Tally {
            seats: variant.seats.iter().map(|s| s.name.clone()).collect(),
            wins: vec![0; n],
            score_sums: vec![0; n],
            // Every event the variant can have is listed from the start, so that reports (and
            // CSV columns) do not depend on which events happened.
            events: super::Events::default()
                .named(variant)
                .into_iter()
                .collect(),
            // Likewise every end reason, so that CSV columns are the same for every run.
            end_reasons: variant
                .end_reasons()
                .into_iter()
                .map(|r| variant.reason_name(r))
                .chain([super::CAP_REASON.to_string()])
                .map(|name| (name, 0))
                .collect(),
            ..Tally::default()
        }
    }

    /// Adds one game.
    pub fn add(&mut self, variant: &Variant, r: &GameResult) {
        self.games += 1;
        let shares = win_units(r);
        for (w, s) in self.wins.iter_mut().zip(&shares) {
            *w += s;
        }
        self.first_seat_wins += shares.get(r.first_seat.index()).copied().unwrap_or(0);
        for (total, score) in self.score_sums.iter_mut().zip(&r.scores) {
            *total += score;
        }
        *self.plies.entry(r.plies).or_default() += 1;
        *self.rounds.entry(r.rounds).or_default() += 1;
        match self.end_reasons.get_mut(&r.reason) {
            Some(n) => *n += 1,
            None => {
                self.end_reasons.insert(r.reason.clone(), 1);
            }
        }
        // Every name is listed from `new`, so this finds it without allocating.
        r.events
            .each_named(variant, |name, n| match self.events.get_mut(name) {
                Some(total) => *total += n,
                None => {
                    self.events.insert(name.to_string(), n);
                }
            });
    }

    /// Adds one game's difference from the baseline's game with the same seed.
    pub fn add_paired(&mut self, r: &GameResult, baseline: &GameResult) {
        let n = self.seats.len();
        let p = self.paired.get_or_insert_with(|| Paired {
            win_sum: vec![0; n],
            win_sq: vec![0; n],
            ..Paired::default()
        });
        let (a, b) = (win_units(r), win_units(baseline));
        for s in 0..n.min(MAX_SEATS) {
            let d = a[s] as i64 - b[s] as i64;
            p.win_sum[s] += d;
            p.win_sq[s] += d.unsigned_abs() * d.unsigned_abs();
        }
        let d = r.plies as i64 - baseline.plies as i64;
        p.plies_sum += d;
        p.plies_sq += d.unsigned_abs() * d.unsigned_abs();
    }

    /// Checks that the totals are consistent (as read from a file that may have been edited):
    /// one entry per seat, the wins add up to the games, and every game has one length and
    /// one end reason.
    ///
    /// # Errors
    /// A one-line message naming the first inconsistency.
    pub fn check(&self) -> Result<(), String> {
        let n = self.seats.len();
        if self.wins.len() != n || self.score_sums.len() != n {
            return Err("the tally does not have one entry per seat".into());
        }
        if self.games > MAX_GAMES {
            return Err(format!(
                "the tally claims {} games, more than {MAX_GAMES}",
                self.games
            ));
        }
        let games = self.games as u128;
        let wins: u128 = self.wins.iter().map(|&w| w as u128).sum();
        if wins != games * SHARE_UNIT as u128 || self.first_seat_wins as u128 > wins {
            return Err("the wins do not add up to the games".into());
        }
        let count = |m: &BTreeMap<u32, u64>| m.values().map(|&c| c as u128).sum::<u128>();
        let reasons: u128 = self.end_reasons.values().map(|&c| c as u128).sum();
        if count(&self.plies) != games || count(&self.rounds) != games || reasons != games {
            return Err("the lengths or end reasons do not add up to the games".into());
        }
        if let Some(p) = &self.paired
            && (p.win_sum.len() != n || p.win_sq.len() != n)
        {
            return Err("the paired differences do not have one entry per seat".into());
        }
        Ok(())
    }

    /// Adds another tally of the same seats (another shard of the same run).
    ///
    /// # Errors
    /// When the seats differ.
    pub fn merge(&mut self, other: &Tally) -> Result<(), String> {
        if self.seats != other.seats {
            return Err(format!(
                "the seats differ: {} and {}",
                self.seats.join(", "),
                other.seats.join(", ")
            ));
        }
        let was_empty = self.games == 0;
        self.games += other.games;
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        self.first_seat_wins += other.first_seat_wins;
        for (a, b) in self.score_sums.iter_mut().zip(&other.score_sums) {
            *a += b;
        }
        add_maps(&mut self.plies, &other.plies);
        add_maps(&mut self.rounds, &other.rounds);
        add_maps(&mut self.end_reasons, &other.end_reasons);
        add_maps(&mut self.events, &other.events);
        match (&mut self.paired, &other.paired) {
            (Some(a), Some(b)) => {
                for (x, y) in a.win_sum.iter_mut().zip(&b.win_sum) {
                    *x += y;
                }
                for (x, y) in a.win_sq.iter_mut().zip(&b.win_sq) {
                    *x += y;
                }
                a.plies_sum += b.plies_sum;
                a.plies_sq += b.plies_sq;
            }
            (None, Some(b)) if was_empty => self.paired = Some(b.clone()),
            (_, None) if other.games == 0 => {}
            (None, None) => {}
            _ => return Err("one part has paired differences and the other not".into()),
        }
        Ok(())
    }
}

/// Per seat: the game's win in 1/[`SHARE_UNIT`] units (shared equally by the first-ranked).
/// Seats beyond the ranks get 0.
fn win_units(r: &GameResult) -> [u64; MAX_SEATS] {
    let first = r.ranks.iter().filter(|&&x| x == 1).count().max(1) as u64;
    let mut out = [0; MAX_SEATS];
    for (w, &rank) in out.iter_mut().zip(&r.ranks) {
        if rank == 1 {
            *w = SHARE_UNIT / first;
        }
    }
    out
}

fn add_maps<K: Ord + Clone>(a: &mut BTreeMap<K, u64>, b: &BTreeMap<K, u64>) {
    for (k, v) in b {
        *a.entry(k.clone()).or_default() += v;
    }
}
