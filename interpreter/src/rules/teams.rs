//! Teams: seats playing together. Partners cannot capture each other's pieces, and a move may
//! not newly attack a partner's royal piece (move generation applies both).
//!
//! ```yaml
//! teams: [[south, north], [west, east]]
//! ```
//!
//! Key: `teams`, a list of teams, each a list of seat names; unknown seats are located errors.

use super::compose;
use super::{Cx, Module, Names};
use crate::vocab::{MAX_SEATS, Seat, SeatSet};
use crate::yaml::{Fields, Reader, Text};

/// Compiled teams.
#[derive(Clone, Debug)]
pub struct Teams {
    /// Per seat: its partners (the other seats of its team).
    pub partners: [SeatSet; MAX_SEATS],
}

/// The switch `teams` (`teams`).
pub const TEAMS: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Teams);

impl Module for Teams {
    const NAME: &'static str = "teams";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: TEAMS,
        name: "teams",
        path: "teams",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["teams"];
    type Spec = Vec<Vec<Text>>;

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<Vec<Vec<Text>>> {
        let n = f.opt("teams")?;
        let mut teams = Vec::new();
        for t in r.list(n) {
            let members = r
                .list(t)
                .into_iter()
                .filter_map(|x| super::text(r, x, "a seat name"))
                .collect();
            teams.push(members);
        }
        Some(teams)
    }

    fn compile(spec: &Vec<Vec<Text>>, cx: &mut Cx<'_>) -> Option<Teams> {
        let mut partners = [SeatSet::EMPTY; MAX_SEATS];
        for team in spec {
            let members: SeatSet = team.iter().filter_map(|t| cx.seat(t)).collect();
            for (i, p) in partners.iter_mut().enumerate() {
                let seat = Seat(i as u8);
                if members.contains(seat) {
                    *p |= members.without(seat);
                }
            }
        }
        Some(Teams { partners })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let n = names.seats.len();
        let mut out = Vec::new();
        // Each team once, named from its first seat in turn order.
        for (i, p) in self.partners.iter().enumerate().take(n) {
            if !p.is_empty() && p.iter().all(|s| s.index() > i) {
                let with: Vec<&str> = (p.iter())
                    .filter(|s| s.index() < n)
                    .map(|s| names.seats[s.index()])
                    .collect();
                out.push(format!("team: {} with {}", names.seats[i], with.join(", ")));
            }
        }
        out
    }
}
