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
use crate::vocab::MAX_SEATS;
use crate::yaml::{Fields, Reader, Text};

/// Compiled teams.
#[derive(Clone, Debug)]
pub struct Teams {
    /// Per seat: bit mask of its partners (the other seats of its team).
    pub partners: [u8; MAX_SEATS],
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
        let mut partners = [0u8; MAX_SEATS];
        for team in spec {
            let mask = team
                .iter()
                .filter_map(|t| cx.seat(t))
                .fold(0u8, |m, s| m | 1 << s.0);
            for (i, p) in partners.iter_mut().enumerate() {
                if mask >> i & 1 == 1 {
                    *p |= mask & !(1 << i);
                }
            }
        }
        Some(Teams { partners })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let n = names.seats.len();
        let mut out = Vec::new();
        for (i, p) in self.partners.iter().enumerate().take(n) {
            if *p != 0 {
                let with: Vec<&str> = (0..n)
                    .filter(|&j| p >> j & 1 == 1)
                    .map(|j| names.seats[j])
                    .collect();
                out.push(format!("team: {} with {}", names.seats[i], with.join(", ")));
            }
        }
        out
    }
}
