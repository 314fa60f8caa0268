//! Check by opponents only (four-player chess's teams): a partner's pieces never give check,
//! and a move may attack or uncover a partner's royal piece (where [`teams`](super::teams)
//! alone, as four-player shogi's pairs play, forbids a move that newly attacks it).
//!
//! ```yaml
//! teams: [[red, yellow], [blue, green]]
//! team-check: opponents
//! ```
//!
//! Key: `team-check`, the one word `opponents`. Needs `teams`. The engine reads it where it
//! names the seats that threaten a seat's royal pieces (`Position::enemies`, through
//! [`Modules::checkers`](super::Modules::checkers)) and where it tests a move against the
//! partners' royal pieces (`engine/movegen.rs`).

use super::compose::{self, Need, need};
use super::{Cx, Module, Names};
use crate::yaml::{Fields, Reader};

/// Compiled: check by opponents only.
#[derive(Clone, Copy, Debug)]
pub struct TeamCheck;

/// The switch `team-check` (`team-check`).
pub const TEAM_CHECK: compose::SwitchId = compose::SwitchId::of(super::ModuleId::TeamCheck);

impl Module for TeamCheck {
    const NAME: &'static str = "team-check";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: TEAM_CHECK,
        name: "team-check",
        path: "team-check",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["team-check"];
    type Spec = ();

    const NEEDS: &'static [Need] = &[need(
        TEAM_CHECK,
        super::teams::TEAMS,
        "without teams every other seat is an opponent",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<()> {
        let n = f.opt("team-check")?;
        r.word(n, &["opponents"], "the seats whose pieces give check")
            .map(|_| ())
    }

    fn compile(_: &(), _: &mut Cx<'_>) -> Option<TeamCheck> {
        Some(TeamCheck)
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        vec![
            "team-check: only opponents give check; a move may attack a partner's royal piece"
                .into(),
        ]
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_the_one_word() {
        let ok = crate::rules::read_with::<super::TeamCheck>("team-check: opponents\n");
        assert_eq!((ok.0.is_some(), ok.1.len()), (true, 0));
        let bad = crate::rules::read_with::<super::TeamCheck>("team-check: partners\n");
        assert_eq!((bad.0.is_none(), bad.1.len()), (true, 1));
    }
}
