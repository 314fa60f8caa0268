//! The agents: every agent chooses only legal actions and hands the position back unchanged,
//! choices are reproducible from the seed, greedy takes the most valuable free piece, and the
//! search agents find a mate in one. (Their strength order is measured by the `strength`
//! example, not here.)

use ashtapada::agents::{
    AGENT_NAMES, Agent, ChaCha8Rng, EASY, Grade, HARD, HARD_MONTE_CARLO, MEDIUM, MctsAgent,
    SearchAgent, by_name, uniform_below,
};
use ashtapada::notation::{parse_move, parse_position, to_position_string};
use ashtapada::sim::game_rng;
use ashtapada::{Action, Assignment, Position, load_variant};
use ashtapada_tests::position;

const VARIANTS: [&str; 3] = ["chaturanga", "chaturaji", "yonin-shogi"];

/// Rolls the dice from `rng` where a roll is due.
fn roll(pos: &mut Position, rng: &mut ChaCha8Rng) {
    let v = pos.variant().clone();
    let d = v.rules.dice.as_ref().expect("a roll is due only with dice");
    let values: Vec<u8> = (0..d.count)
        .map(|_| d.faces[uniform_below(rng, d.faces.len() as u32) as usize])
        .collect();
    pos.roll(&values).expect("a valid roll");
}

/// Asks `agent` for an action, checks that it is legal and that the position came back
/// unchanged, and plays it.
fn checked_choice(agent: &mut dyn Agent, pos: &mut Position, rng: &mut ChaCha8Rng, ctx: &str) {
    let (hash, text, ply) = (pos.hash(), to_position_string(pos), pos.ply());
    let action = agent.choose(pos, rng).expect("the agent acts");
    assert_eq!(
        (pos.hash(), to_position_string(pos), pos.ply()),
        (hash, text.clone(), ply),
        "{ctx}: {} changed the position",
        agent.name()
    );
    let mut moves = Vec::new();
    pos.game_moves(&mut moves);
    match action {
        Action::Move(m) => assert!(moves.contains(&m), "{ctx}: {m:?} is not legal in {text}"),
        Action::Pass => assert!(pos.can_pass() || moves.is_empty(), "{ctx}: pass in {text}"),
        Action::Resign => assert!(pos.can_resign() && moves.is_empty(), "{ctx}: resign"),
        Action::Roll(_) => panic!("{ctx}: agents never roll"),
    }
    pos.play_action(action)
        .unwrap_or_else(|e| panic!("{ctx}: {e} in {text}"));
}

/// Plays `games` seeded games of `variant`: `warmup` random actions, then `plies` actions
/// chosen by the agent named `name` for every seat, each checked.
fn legal_games(variant: &str, name: &str, games: u64, warmup: usize, plies: usize) {
    let v = load_variant(variant, &Assignment::default()).expect("a built-in variant");
    for k in 0..games {
        let mut rng = game_rng(11, k);
        let mut pos = Position::start_for_game(v.clone(), k);
        let mut random = by_name("random").expect("random");
        let mut agent = by_name(name).expect("a known agent");
        for i in 0..warmup + plies {
            if pos.outcome().is_some() {
                break;
            }
            if pos.awaiting_roll() {
                roll(&mut pos, &mut rng);
                continue;
            }
            let who: &mut dyn Agent = if i < warmup {
                &mut *random
            } else {
                &mut *agent
            };
            checked_choice(
                who,
                &mut pos,
                &mut rng,
                &format!("{variant} game {k} ply {i}"),
            );
        }
    }
}

#[test]
fn agents_choose_only_legal_actions_and_restore_the_position() {
    for variant in VARIANTS {
        legal_games(variant, "random", 6, 0, 400);
        legal_games(variant, "greedy", 6, 0, 300);
        legal_games(variant, "easy", 3, 10, 60);
        legal_games(variant, "medium", 2, 20, 8);
        legal_games(variant, "hard", 1, 30, 2);
    }
}

#[test]
fn the_same_seed_gives_the_same_choice() {
    for variant in VARIANTS {
        let v = load_variant(variant, &Assignment::default()).expect("a built-in variant");
        for name in AGENT_NAMES {
            let choose = |seed: u64| {
                let mut rng = game_rng(seed, 3);
                let mut pos = Position::start(v.clone());
                if pos.awaiting_roll() {
                    roll(&mut pos, &mut rng);
                }
                let a = by_name(name)
                    .expect("known")
                    .choose(&mut pos, &mut rng)
                    .expect("it acts");
                (a, rng.get_word_pos())
            };
            assert_eq!(choose(5), choose(5), "{variant} {name}");
        }
    }
}

/// The action every agent named in `names` chooses in `pos`, over several seeds.
fn assert_all_choose(pos: &mut Position, names: &[&str], expected: &str) {
    let m = parse_move(pos, expected).expect("a legal move");
    for name in names {
        for seed in 0..4 {
            let mut rng = game_rng(seed, 0);
            let a = by_name(name)
                .expect("known")
                .choose(pos, &mut rng)
                .expect("it acts");
            assert_eq!(a, Action::Move(m), "{name} with seed {seed}");
        }
    }
}

#[test]
fn greedy_takes_the_most_valuable_free_piece() {
    // The ratha on d2 can take the mantri on d5 (value 2) or the padati on h2 (value 1).
    let mut pos = position("chaturanga", &[], "4k3/8/8/3q4/8/8/3R3p/4K3 w - - 0 1");
    assert_all_choose(&mut pos, &["greedy"], "d2d5");
    // Chaturaji, red to move with a 4 (elephant) and a 3 (no horse): the elephant on a1 can
    // take yellow's elephant on a5 (4 points) or blue's pawn on e1 (1 point); no king is
    // within reach of another, so the search agents see no threat either way.
    let v = load_variant("chaturaji", &Assignment::default()).expect("built in");
    let mut pos = parse_position(&v, "4yK3/8/8/yE7/7gK/2rK5/7bK/rE3bP3 r 4,3").expect("valid");
    assert_all_choose(&mut pos, &["greedy", "easy", "medium", "hard"], "a1a5");
}

#[test]
fn search_agents_find_a_mate_in_one() {
    // Back-rank mate: the ratha to a8; the raja's own padati block g7 and h7.
    let mut pos = position("chaturanga", &[], "7k/6pp/8/8/8/8/8/R3K3 w - - 0 1");
    assert_all_choose(&mut pos, &["greedy", "easy", "medium", "hard"], "a1a8");
}

/// The move `grade` chooses in `pos` (seed 0).
fn grade_choice(grade: Grade, pos: &mut Position) -> Action {
    SearchAgent::new(grade)
        .choose(pos, &mut game_rng(0, 0))
        .expect("it acts")
}

#[test]
fn check_extensions_see_a_mate_in_two_past_a_free_rook() {
    // White can take the ratha h6 (a6h6), or mate in two: b1b7+ drives the raja to the back
    // rank (the a6 ratha guards rank 6), and a6a8 mates. Two plies without quiescence see
    // only the free ratha; one check extension makes the mating line three plies long and
    // finds it.
    let mut pos = position("chaturanga", &[], "8/4k3/R6r/6pp/8/8/8/1R2K3 w - - 0 1");
    let shallow = Grade {
        nodes: 1_000_000,
        two_seat_nodes: 1_000_000,
        two_seat_depth: 2,
        quiescence: 0,
        check_extensions: 0,
        ..HARD
    };
    let take = parse_move(&mut pos, "a6h6").expect("legal");
    let mate = parse_move(&mut pos, "b1b7").expect("legal");
    assert_eq!(grade_choice(shallow, &mut pos), Action::Move(take));
    let extended = Grade {
        check_extensions: 1,
        ..shallow
    };
    assert_eq!(grade_choice(extended, &mut pos), Action::Move(mate));
    assert_eq!(grade_choice(HARD, &mut pos), Action::Move(mate));
}

#[test]
fn hard_searches_its_own_dice_turn_whole_and_no_further() {
    // Chaturaji's start, red rolls a horse (3) and a pawn-or-king (1): `hard`'s expectimax
    // searches both die moves of the turn (depth 2), then the last one (depth 1); what follows
    // the turn it sees only through the next seats' rolls at its leaves.
    let v = load_variant("chaturaji", &Assignment::default()).expect("built in");
    let mut pos = Position::start(v);
    pos.roll(&[3, 1]).expect("a valid roll");
    let expectimax = Grade {
        monte_carlo: 0,
        ..HARD
    };
    let mut hard = SearchAgent::new(expectimax);
    let mut rng = game_rng(0, 0);
    let first = hard.choose(&mut pos, &mut rng).expect("it acts");
    assert_eq!(hard.depth(), 2);
    pos.play_action(first).expect("legal");
    assert!(!pos.awaiting_roll(), "a die is left");
    hard.choose(&mut pos, &mut rng).expect("it acts");
    assert_eq!(hard.depth(), 1);
}

#[test]
fn hard_plays_dice_variants_by_monte_carlo_tree_search() {
    // `hard`'s game moves in Chaturaji are those of the Monte Carlo player of its iterations,
    // sight and work budget, from the same generator; its nodes are the tree's actions.
    let v = load_variant("chaturaji", &Assignment::default()).expect("built in");
    let mut pos = Position::start(v);
    pos.roll(&[3, 1]).expect("a valid roll");
    let mut hard = SearchAgent::new(HARD);
    let got = hard.choose(&mut pos, &mut game_rng(5, 0)).expect("it acts");
    let mut mcts = MctsAgent::new(HARD_MONTE_CARLO)
        .with_sight(HARD.threat_seats, HARD.score_view)
        .with_work(HARD.work);
    let want = mcts.choose(&mut pos, &mut game_rng(5, 0)).expect("it acts");
    assert_eq!(got, want);
    assert_eq!(hard.depth(), 0);
    assert!(
        hard.nodes() >= u64::from(HARD_MONTE_CARLO),
        "{}",
        hard.nodes()
    );
    assert_eq!(hard.work(), mcts.work());
    // Without dice `hard` searches by alpha-beta as before (depth reported).
    let mut pos = position("chaturanga", &[], "8/4k3/R6r/8/8/8/8/4K3 w - - 0 1");
    hard.choose(&mut pos, &mut game_rng(5, 0)).expect("it acts");
    assert!(hard.depth() > 0);
}

/// The work budget bounds every grade's work per move on any rule file, the first iteration
/// included: on 16×16 boards with seven seats of long-range pieces in contact (four dice of
/// 126 distinct rolls in one, none in the other; `tests/stress/`), where the first iteration
/// alone took `easy` 3.2 million nodes and 76 s for one move, and `hard` more than 400 s, each
/// grade stays within its work budget, overshooting it by at most the one move generation or
/// evaluation under way when it ran out, and plays a legal move.
#[test]
fn work_budgets_bound_every_grade_on_large_boards_with_many_seats() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("stress");
    for file in ["dice-seven.yaml", "seven.yaml"] {
        let path = root.join(file);
        let v = load_variant(path.to_str().unwrap(), &Assignment::default())
            .unwrap_or_else(|e| panic!("{file}: {}", e.one_line()));
        for grade in [EASY, MEDIUM, HARD] {
            let mut agent = SearchAgent::new(grade);
            let mut rng = game_rng(1, 0);
            let mut pos = Position::start(v.clone());
            // Two moves: the start, and a position after the first seat's move.
            for _ in 0..2 {
                while pos.awaiting_roll() {
                    roll(&mut pos, &mut rng);
                }
                let ctx = format!("{file}, {}", grade.name);
                checked_choice(&mut agent, &mut pos, &mut rng, &ctx);
                // One move generation (112 pieces of at most 4 × 15 + 16 targets each) and
                // one evaluation (every piece twice) at most past the budget.
                let slack = 112 * 76 + 2 * 112;
                assert!(
                    agent.work() <= grade.work + slack,
                    "{ctx}: {} work units, budget {}",
                    agent.work(),
                    grade.work
                );
                assert!(agent.nodes() <= agent.work(), "{ctx}");
            }
        }
    }
}
