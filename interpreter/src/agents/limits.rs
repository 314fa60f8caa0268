//! What an engine protocol asks of a [`SearchAgent`](super::SearchAgent) search: its
//! [`Limits`] (depth, nodes, time) and the [`Iteration`] reports it gives while it runs.

use super::eval::WIN;
use crate::vocab::Move;
use std::time::Instant;

/// The limits of one [`SearchAgent::think`](super::SearchAgent::think) search. The first
/// iteration (depth 1) always completes unless a stop is asked for
/// ([`Agent::set_stop`](super::Agent::set_stop)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies (at least 1).
    pub depth: i32,
    /// Node budget: actions played in the search, as a grade's
    /// [`budget_for`](super::Grade::budget_for).
    pub nodes: u64,
    /// No new iteration starts after this instant.
    pub soft: Option<Instant>,
    /// The search ends at this instant, even in the middle of an iteration (the moves that
    /// iteration finished still count).
    pub hard: Option<Instant>,
    /// The grade's own budget decides (an engine protocol's level, no `go nodes`/`depth`):
    /// the search keeps the grade's work budget and stops deepening at its pace, as a game
    /// move of `simulate` does; otherwise the whole node limit may be used.
    pub paced: bool,
}

impl Limits {
    /// A search limited by its depth and nodes only, no clock, that may use every node.
    pub fn new(depth: i32, nodes: u64) -> Limits {
        Limits {
            depth,
            nodes,
            soft: None,
            hard: None,
            paced: false,
        }
    }

    /// A grade's own budget (`depth` plies, `nodes` nodes, as its
    /// [`budget_for`](super::Grade::budget_for)), played as the grade plays a game move:
    /// its work budget and its pace apply ([`paced`](Self::paced)).
    pub fn level(depth: i32, nodes: u64) -> Limits {
        Limits {
            paced: true,
            ..Limits::new(depth, nodes)
        }
    }
}

/// The value of a position for the seat to move at the root, as engine protocols report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The evaluation in hundredths of the rule file's value unit ([`UNIT`](super::UNIT) per
    /// unit; a pawn of value 1 is 100): UCI's `cp`.
    Centi(i32),
    /// A won game (positive: the root seat wins) or a lost one (negative) in this many moves
    /// of the root seat: UCI's `mate`.
    Mate(i32),
}

impl Score {
    /// The score of a search value: a value within 1000 plies of [`WIN`] is a mate.
    pub fn from_value(value: i32) -> Score {
        if value.abs() >= WIN - 1000 {
            let plies = WIN - value.abs();
            let moves = (plies + 1) / 2;
            Score::Mate(if value > 0 { moves } else { -moves })
        } else {
            Score::Centi(value * 100 / super::UNIT)
        }
    }
}

/// What hears of each completed iteration of a [`think`](super::SearchAgent::think) search:
/// called with the root position and the iteration.
pub type Report<'a> = dyn FnMut(&crate::engine::Position, &Iteration) + 'a;

/// One completed iteration of a [`think`](super::SearchAgent::think) search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The iteration's depth, in plies.
    pub depth: i32,
    /// The deepest ply the search reached so far (quiescence and extensions included).
    pub seldepth: u32,
    /// The best root move's value for the seat to move.
    pub score: Score,
    /// Nodes searched so far for this move.
    pub nodes: u64,
    /// The principal variation: the best root move, then the expected replies (from the
    /// transposition table, legal moves only; it may be shorter than `depth`).
    pub pv: Vec<Move>,
}

impl Iteration {
    /// An iteration report; `value` is the search value of the best root move.
    pub(super) fn new(depth: i32, seldepth: u32, value: i32, nodes: u64, pv: Vec<Move>) -> Self {
        Iteration {
            depth,
            seldepth,
            score: Score::from_value(value),
            nodes,
            pv,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_near_a_win_are_mates_in_moves() {
        // Mate by the root move itself: one ply.
        assert_eq!(Score::from_value(WIN - 1), Score::Mate(1));
        assert_eq!(Score::from_value(WIN - 3), Score::Mate(2));
        assert_eq!(Score::from_value(-(WIN - 2)), Score::Mate(-1));
        assert_eq!(Score::from_value(-(WIN - 4)), Score::Mate(-2));
        assert_eq!(Score::from_value(250), Score::Centi(250));
        assert_eq!(Score::from_value(-37), Score::Centi(-37));
    }

    use crate::agents::{Agent, HARD, SearchAgent};
    use crate::engine::{Position, load_variant};
    use crate::spec::Assignment;
    use crate::stop::Stop;
    use crate::vocab::Action;

    fn think(agent: &mut SearchAgent, pos: &mut Position, limits: &Limits) -> (Action, Vec<i32>) {
        let mut depths = Vec::new();
        let mut rng = crate::agents::game_rng(0, 0);
        let a = agent.think(
            pos,
            &mut rng,
            limits,
            &[],
            &mut |root: &Position, it: &Iteration| {
                // Every principal variation is a line of legal moves from the root.
                let mut p = root.clone();
                for &m in &it.pv {
                    assert!(p.is_legal(m), "{:?}", it.pv);
                    p.play_unchecked(m);
                }
                assert!(it.nodes > 0 && it.seldepth as i32 >= it.pv.len() as i32 - 1);
                depths.push(it.depth);
            },
        );
        (a.unwrap(), depths)
    }

    #[test]
    fn think_reports_each_iteration_up_to_the_depth_limit() {
        let v = load_variant("shatranj", &Assignment::default()).unwrap();
        let mut pos = Position::start(v);
        let mut agent = SearchAgent::new(HARD);
        let (a, depths) = think(&mut agent, &mut pos, &Limits::new(4, u64::MAX));
        assert_eq!(depths, [1, 2, 3, 4]);
        assert!(matches!(a, Action::Move(m) if pos.is_legal(m)));
        assert_eq!(agent.depth(), 4);
        // The grade's own budget is back for the next move.
        let mut rng = crate::agents::game_rng(0, 0);
        agent.choose(&mut pos, &mut rng).unwrap();
        assert!(agent.nodes() <= HARD.two_seat_nodes, "{}", agent.nodes());
    }

    #[test]
    fn a_node_budget_is_never_exceeded_once_depth_one_is_done() {
        let v = load_variant("shatranj", &Assignment::default()).unwrap();
        let mut pos = Position::start(v);
        let mut agent = SearchAgent::new(HARD);
        // Depth 1 from the start takes far fewer than 300 nodes; every budget here stops
        // the search in a later iteration, at the budget exactly or before it.
        for budget in [300, 1000, 3000, 3001] {
            let (_, depths) = think(&mut agent, &mut pos, &Limits::new(64, budget));
            assert!(depths.len() > 1, "{budget}: {depths:?}");
            assert!(agent.nodes() <= budget, "{budget}: {}", agent.nodes());
            assert!(agent.nodes() > budget / 2, "{budget}: {}", agent.nodes());
        }
    }

    #[test]
    fn a_level_search_is_the_grades_game_move_and_go_nodes_may_use_every_node() {
        use crate::agents::MEDIUM;
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let (nodes, depth) = MEDIUM.budget_for(&v);
        let mut pos = Position::start(v);
        // A game move (`simulate`): the pace stops deepening before the budget is spent.
        let mut game = SearchAgent::new(MEDIUM);
        let played = game.choose(&mut pos, &mut crate::agents::game_rng(0, 0));
        assert!(game.nodes() < nodes, "{} of {nodes}", game.nodes());
        // The level's own budget through an engine protocol: the same search.
        let mut level = SearchAgent::new(MEDIUM);
        let (a, _) = think(&mut level, &mut pos, &Limits::level(depth, nodes));
        assert_eq!((Ok(a), level.nodes()), (played, game.nodes()));
        // `go nodes`: every node may be used.
        let mut full = SearchAgent::new(MEDIUM);
        think(&mut full, &mut pos, &Limits::new(depth, nodes));
        assert!(
            full.nodes() > game.nodes(),
            "{} {}",
            full.nodes(),
            game.nodes()
        );
    }

    #[test]
    fn a_passed_deadline_or_a_stop_ends_the_search_with_a_legal_move() {
        let v = load_variant("shatranj", &Assignment::default()).unwrap();
        let mut pos = Position::start(v);
        let mut agent = SearchAgent::new(HARD);
        let past = std::time::Instant::now();
        let limits = Limits {
            soft: Some(past),
            hard: Some(past),
            ..Limits::new(64, u64::MAX)
        };
        // Depth 1 always completes; the clock then ends the search.
        let (a, depths) = think(&mut agent, &mut pos, &limits);
        assert_eq!(depths, [1]);
        assert!(matches!(a, Action::Move(m) if pos.is_legal(m)));
        let stop = Stop::new();
        stop.stop();
        agent.set_stop(stop);
        let (a, depths) = think(&mut agent, &mut pos, &Limits::new(64, u64::MAX));
        assert!(depths.is_empty(), "{depths:?}");
        assert!(matches!(a, Action::Move(m) if pos.is_legal(m)));
    }

    #[test]
    fn a_mate_in_one_is_reported_as_mate_1() {
        let v = load_variant("shatranj", &Assignment::default()).unwrap();
        let mut pos = crate::notation::from_fen(&v, "3k4/p7/3K4/8/8/8/8/7R w - - 0 1").unwrap();
        let mut agent = SearchAgent::new(HARD);
        let mut scores = Vec::new();
        let mut rng = crate::agents::game_rng(0, 0);
        let a = agent.think(
            &mut pos,
            &mut rng,
            &Limits::new(3, u64::MAX),
            &[],
            &mut |_, it| scores.push(it.score),
        );
        assert_eq!(scores[0], Score::Mate(1));
        let Ok(Action::Move(m)) = a else { panic!() };
        assert_eq!(crate::notation::move_to_string(&pos, m), "h1h8");
    }

    #[test]
    fn medium_stops_deepening_sooner_with_more_than_two_seats() {
        use crate::agents::{BRISK_SEATS, EASY, FULL, HARD, MEDIUM, STEADY};
        assert_eq!(MEDIUM.seats_pace, BRISK_SEATS);
        assert_eq!((EASY.two_seat_pace, EASY.seats_pace), (STEADY, STEADY));
        assert_eq!(MEDIUM.two_seat_pace, STEADY);
        assert_eq!((HARD.two_seat_pace, HARD.seats_pace), (FULL, STEADY));
        // BRISK_SEATS, 3,000 nodes: 30% (900), 10 points less per stable iteration, at
        // least 10% (300), whatever the value.
        for (stable, value, floor) in [(0, 0, 900), (1, 500, 600), (2, -900, 300), (4, 0, 300)] {
            let got = BRISK_SEATS.floor(3_000, stable, value);
            assert_eq!(got, floor, "{stable} {value}");
        }
    }

    #[test]
    fn the_full_pace_starts_iterations_until_the_whole_budget_is_spent() {
        use crate::agents::FULL;
        // Any budget, however stable the best move or decided the value: the budget itself
        // (not rounded down to a hundredth).
        for (budget, stable, value) in [(200_000, 0, 0), (7_501, 5, 900), (99, 10, -40_000)] {
            assert_eq!(FULL.floor(budget, stable, value), budget, "{budget}");
        }
    }

    #[test]
    fn the_steady_pace_keeps_the_old_floors_and_a_pace_halves_decided_ones() {
        use crate::agents::{Pace, STEADY};
        // STEADY: 50% of the budget, 10 points less per stable iteration, at least 20%
        // (15,000 nodes: 7,500, 6,000, 4,500, 3,000 and no lower), whatever the value.
        for (stable, value, floor) in [
            (0, 0, 7_500),
            (1, 40, 6_000),
            (2, -900, 4_500),
            (3, 5_000, 3_000),
            (9, 0, 3_000),
        ] {
            assert_eq!(
                STEADY.floor(15_000, stable, value),
                floor,
                "{stable} {value}"
            );
        }
        let pace = Pace {
            start: 40,
            step: 15,
            least: 10,
            decided: 300,
            drawn: true,
        };
        for (stable, value, floor) in [
            (0, 120, 6_000),
            (1, 299, 3_750),
            (1, -300, 1_875),
            (2, 0, 750),
            (5, 1, 1_500),
        ] {
            assert_eq!(pace.floor(15_000, stable, value), floor, "{stable} {value}");
        }
    }
}
