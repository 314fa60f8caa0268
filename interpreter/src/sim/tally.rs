//! [`Tally`]: the exact integer totals of a batch of games, which add up across threads,
//! shards and machines (`ashtapada merge`), and from which every reported figure is computed.

use super::game::GameResult;
use crate::compile::Variant;
use crate::vocab::MAX_SEATS;
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
    /// Per turn position (0: the seat that moved first, 1: the next in turn order, …): that
    /// seat's wins, in the same units; `first_seat_wins` is entry 0. Empty in reports older
    /// than this field.
    #[serde(default)]
    pub position_wins: Vec<u64>,
    /// Per seat: the games it moved first in (more than one non-zero entry where the first
    /// seat rotates). Empty in reports older than this field.
    #[serde(default)]
    pub first_seat_games: Vec<u64>,
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
    /// Event name → the games in which the event occurred at least once (a rare event's
    /// mean per game rounds to 0.00; this count does not). Empty in reports older than this
    /// field, and then unknown.
    #[serde(default)]
    pub event_games: BTreeMap<String, u64>,
    /// Per agent of the `--agents` list, under `--rotate` (empty otherwise): the games won by
    /// the seats it played, in 1/[`SHARE_UNIT`] units.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agent_wins: Vec<u64>,
    /// Per agent, under `--rotate`: the seats it played, summed over the games (one per game
    /// when there are as many agents as seats).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agent_seats: Vec<u64>,
    /// Sums over the same games (same seeds) of the differences from the sweep's baseline
    /// assignment; absent for the baseline itself and outside sweeps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired: Option<Paired>,
}

/// The most times an event may be counted per ply (or per game), for [`Tally::check`]: far
/// above any rule's (a move mates at most every other seat).
const MAX_EVENTS_PER_PLY: u128 = 2 * MAX_SEATS as u128;

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
    /// Per turn position (0: the first seat): the sum of the win differences of the seat at
    /// that position, in 1/[`SHARE_UNIT`] units.
    #[serde(default)]
    pub position_sum: Vec<i64>,
    /// Per turn position: the sum of squared win differences, in squared units.
    #[serde(default)]
    pub position_sq: Vec<u64>,
    /// Sum of rounds differences.
    #[serde(default)]
    pub rounds_sum: i64,
    /// Sum of squared rounds differences.
    #[serde(default)]
    pub rounds_sq: u64,
    /// End-reason name → the sum of the per-game differences of "the game ended so" (1 or
    /// 0): games ending so here but not in the baseline's game, less the reverse.
    #[serde(default)]
    pub reason_sum: BTreeMap<String, i64>,
    /// End-reason name → the games where exactly one of the pair ended so (the sum of the
    /// squared differences).
    #[serde(default)]
    pub reason_sq: BTreeMap<String, u64>,
    /// Games identical to the baseline's game with the same seed: the same ranks, scores,
    /// plies, rounds, end reason and event counts.
    #[serde(default)]
    pub same_games: u64,
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
            event_games: super::Events::default()
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
        let n = self.seats.len();
        self.position_wins.resize(n, 0);
        self.first_seat_games.resize(n, 0);
        for (p, w) in self.position_wins.iter_mut().enumerate() {
            *w += shares[(r.first_seat.index() + p) % n.max(1)];
        }
        if let Some(g) = self.first_seat_games.get_mut(r.first_seat.index()) {
            *g += 1;
        }
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
        r.events.each_named(variant, |name, n| {
            match self.events.get_mut(name) {
                Some(total) => *total += n,
                None => {
                    self.events.insert(name.to_string(), n);
                }
            }
            let occurred = u64::from(n > 0);
            match self.event_games.get_mut(name) {
                Some(games) => *games += occurred,
                None => {
                    self.event_games.insert(name.to_string(), occurred);
                }
            }
        });
    }

    /// Adds one game's wins to the agents that played it: `agents` agents rotated by
    /// `offset` (seat `s` played by agent `(s + offset) mod agents`).
    pub fn add_agents(&mut self, r: &GameResult, offset: usize, agents: usize) {
        let agents = agents.max(1);
        self.agent_wins.resize(agents, 0);
        self.agent_seats.resize(agents, 0);
        let shares = win_units(r);
        for (s, share) in shares.iter().enumerate().take(r.ranks.len()) {
            let a = (s + offset) % agents;
            self.agent_wins[a] += share;
            self.agent_seats[a] += 1;
        }
    }

    /// Adds one game's difference from the baseline's game with the same seed.
    pub fn add_paired(&mut self, r: &GameResult, baseline: &GameResult) {
        let n = self.seats.len();
        let p = self.paired.get_or_insert_with(|| Paired {
            win_sum: vec![0; n],
            win_sq: vec![0; n],
            ..Paired::default()
        });
        p.position_sum.resize(n, 0);
        p.position_sq.resize(n, 0);
        let (a, b) = (win_units(r), win_units(baseline));
        let add = |sum: &mut i64, sq: &mut u64, d: i64| {
            *sum += d;
            *sq += d.unsigned_abs() * d.unsigned_abs();
        };
        for s in 0..n.min(MAX_SEATS) {
            add(
                &mut p.win_sum[s],
                &mut p.win_sq[s],
                a[s] as i64 - b[s] as i64,
            );
            // The seat at turn position s in each game of the pair (their first seats may
            // differ, as under an option that fixes or rotates the first seat).
            let (x, y) = (
                a[(r.first_seat.index() + s) % n],
                b[(baseline.first_seat.index() + s) % n],
            );
            add(
                &mut p.position_sum[s],
                &mut p.position_sq[s],
                x as i64 - y as i64,
            );
        }
        let d = r.plies as i64 - baseline.plies as i64;
        add(&mut p.plies_sum, &mut p.plies_sq, d);
        let d = r.rounds as i64 - baseline.rounds as i64;
        add(&mut p.rounds_sum, &mut p.rounds_sq, d);
        if r.reason != baseline.reason {
            for (reason, d) in [(&r.reason, 1), (&baseline.reason, -1)] {
                *p.reason_sum.entry(reason.clone()).or_default() += d;
                *p.reason_sq.entry(reason.clone()).or_default() += 1;
            }
        }
        p.same_games += (r.ranks == baseline.ranks
            && r.scores == baseline.scores
            && r.plies == baseline.plies
            && r.rounds == baseline.rounds
            && r.reason == baseline.reason
            && r.events == baseline.events) as u64;
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
        // Every event is counted at most a few times a ply (a move mating several seats), and
        // a game's own events (the capture-all win) once a game.
        let plies: u128 = self
            .plies
            .iter()
            .map(|(&k, &c)| k as u128 * c as u128)
            .sum();
        let most = (plies + games) * MAX_EVENTS_PER_PLY;
        if let Some((name, &count)) = self.events.iter().find(|(_, c)| **c as u128 > most) {
            return Err(format!(
                "the tally's `events.{name}` is {count}, more than its {games} games of {plies} \
                 plies could hold (a forged or corrupt tally)"
            ));
        }
        for (name, &g) in &self.event_games {
            if g > self.games || g > self.events.get(name).copied().unwrap_or(0) {
                return Err(format!(
                    "event `{name}` occurred in more games than were played, or than it \
                     occurred"
                ));
            }
        }
        let agent_wins: u128 = self.agent_wins.iter().map(|&w| w as u128).sum();
        if self.agent_wins.len() != self.agent_seats.len()
            || (!self.agent_wins.is_empty() && agent_wins != wins)
            || self.agent_seats.iter().map(|&g| g as u128).sum::<u128>() > games * n as u128
        {
            return Err("the agents' wins do not add up to the games".into());
        }
        let per_seat = |v: usize| v == 0 || v == n;
        if !per_seat(self.position_wins.len()) || !per_seat(self.first_seat_games.len()) {
            return Err("the turn-position totals do not have one entry per seat".into());
        }
        let by_position: u128 = self.position_wins.iter().map(|&w| w as u128).sum();
        if !self.position_wins.is_empty() && by_position != wins {
            return Err("the turn-position wins do not add up to the wins".into());
        }
        let firsts: u128 = self.first_seat_games.iter().map(|&g| g as u128).sum();
        if !self.first_seat_games.is_empty() && firsts != games {
            return Err(format!(
                "the tally's `first_seat_games` add up to {firsts}, not its {games} games (a \
                 forged or corrupt tally)"
            ));
        }
        if let Some(p) = &self.paired
            && (p.win_sum.len() != n
                || p.win_sq.len() != n
                || !per_seat(p.position_sum.len())
                || !per_seat(p.position_sq.len()))
        {
            return Err("the paired differences do not have one entry per seat".into());
        }
        if self
            .paired
            .as_ref()
            .is_some_and(|p| p.same_games > self.games)
        {
            return Err("more games identical to the baseline than games".into());
        }
        Ok(())
    }

    /// Adds another tally of the same seats (another shard of the same run), with checked
    /// arithmetic: a total that would overflow (a forged or corrupt report) is refused, and
    /// `self` is left as it was.
    ///
    /// # Errors
    /// When the seats differ, or a total overflows (the message names the field, e.g.
    /// `events.captures`).
    pub fn merge(&mut self, other: &Tally) -> Result<(), String> {
        if self.seats != other.seats {
            return Err(format!(
                "the seats differ: {} and {}",
                self.seats.join(", "),
                other.seats.join(", ")
            ));
        }
        let mut m = self.clone();
        let was_empty = m.games == 0;
        // A part from before per-event game counts leaves them unknown for the whole.
        let unknown = |t: &Tally| t.games > 0 && t.event_games.is_empty();
        if unknown(self) || unknown(other) {
            m.event_games.clear();
        } else {
            add_maps(&mut m.event_games, &other.event_games, "event_games")?;
        }
        add_to(&mut m.games, other.games, "games")?;
        add_each(&mut m.wins, &other.wins, "wins")?;
        add_to(
            &mut m.first_seat_wins,
            other.first_seat_wins,
            "first_seat_wins",
        )?;
        add_each(&mut m.position_wins, &other.position_wins, "position_wins")?;
        add_each(
            &mut m.first_seat_games,
            &other.first_seat_games,
            "first_seat_games",
        )?;
        add_each(&mut m.agent_wins, &other.agent_wins, "agent_wins")?;
        add_each(&mut m.agent_seats, &other.agent_seats, "agent_seats")?;
        add_each(&mut m.score_sums, &other.score_sums, "score_sums")?;
        add_maps(&mut m.plies, &other.plies, "plies")?;
        add_maps(&mut m.rounds, &other.rounds, "rounds")?;
        add_maps(&mut m.end_reasons, &other.end_reasons, "end_reasons")?;
        add_maps(&mut m.events, &other.events, "events")?;
        match (&mut m.paired, &other.paired) {
            (Some(a), Some(b)) => {
                add_each(&mut a.win_sum, &b.win_sum, "paired.win_sum")?;
                add_each(&mut a.win_sq, &b.win_sq, "paired.win_sq")?;
                add_to(&mut a.plies_sum, b.plies_sum, "paired.plies_sum")?;
                add_to(&mut a.plies_sq, b.plies_sq, "paired.plies_sq")?;
                add_each(&mut a.position_sum, &b.position_sum, "paired.position_sum")?;
                add_each(&mut a.position_sq, &b.position_sq, "paired.position_sq")?;
                add_to(&mut a.rounds_sum, b.rounds_sum, "paired.rounds_sum")?;
                add_to(&mut a.rounds_sq, b.rounds_sq, "paired.rounds_sq")?;
                add_maps(&mut a.reason_sum, &b.reason_sum, "paired.reason_sum")?;
                add_maps(&mut a.reason_sq, &b.reason_sq, "paired.reason_sq")?;
                add_to(&mut a.same_games, b.same_games, "paired.same_games")?;
            }
            (None, Some(b)) if was_empty => m.paired = Some(b.clone()),
            (_, None) if other.games == 0 => {}
            (None, None) => {}
            _ => return Err("one part has paired differences and the other not".into()),
        }
        *self = m;
        Ok(())
    }
}

/// A whole number a tally adds with overflow checked.
pub(crate) trait Total: Copy + Default {
    /// `self + other`, or `None` on overflow.
    fn plus(self, other: Self) -> Option<Self>;
}

impl Total for u64 {
    fn plus(self, other: u64) -> Option<u64> {
        self.checked_add(other)
    }
}

impl Total for i64 {
    fn plus(self, other: i64) -> Option<i64> {
        self.checked_add(other)
    }
}

impl Total for u128 {
    fn plus(self, other: u128) -> Option<u128> {
        self.checked_add(other)
    }
}

/// Adds `b` to `a`, or an error naming `field` on overflow.
pub(crate) fn add_to<T: Total>(a: &mut T, b: T, field: &str) -> Result<(), String> {
    *a = a.plus(b).ok_or_else(|| overflow(field))?;
    Ok(())
}

/// The error of a total that overflows.
fn overflow(field: &str) -> String {
    format!("the total of `{field}` overflows: a part holds a forged or corrupt tally")
}

/// Adds `b` to `a` entry by entry, growing `a` to `b`'s length; an error naming
/// `field[i]` on overflow.
pub(crate) fn add_each<T: Total>(a: &mut Vec<T>, b: &[T], field: &str) -> Result<(), String> {
    if a.len() < b.len() {
        a.resize(b.len(), T::default());
    }
    for (i, (x, &y)) in a.iter_mut().zip(b).enumerate() {
        add_to(x, y, &format!("{field}[{i}]"))?;
    }
    Ok(())
}

/// Per seat: the game's win in 1/[`SHARE_UNIT`] units (shared equally by the first-ranked).
/// Seats beyond the ranks get 0.
pub(crate) fn win_units(r: &GameResult) -> [u64; MAX_SEATS] {
    let first = r.ranks.iter().filter(|&&x| x == 1).count().max(1) as u64;
    let mut out = [0; MAX_SEATS];
    for (w, &rank) in out.iter_mut().zip(&r.ranks) {
        if rank == 1 {
            *w = SHARE_UNIT / first;
        }
    }
    out
}

/// Adds `b` to `a` key by key; an error naming `field.KEY` on overflow.
fn add_maps<K: Ord + Clone + std::fmt::Display, T: Total>(
    a: &mut BTreeMap<K, T>,
    b: &BTreeMap<K, T>,
    field: &str,
) -> Result<(), String> {
    for (k, &v) in b {
        add_to(a.entry(k.clone()).or_default(), v, &format!("{field}.{k}"))?;
    }
    Ok(())
}
