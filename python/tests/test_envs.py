"""The environments pass their frameworks' own checks."""

import numpy as np
import pytest

import ashtapada

ENV_VARIANTS = ["chess", "chaturaji", "shogi", "xiangqi"]


@pytest.mark.parametrize("name", ENV_VARIANTS)
def test_pettingzoo_api(name):
    from pettingzoo.test import api_test

    from ashtapada.pettingzoo import env

    api_test(env(name, max_plies=200), num_cycles=200)


def test_pettingzoo_plays_to_the_end_with_rewards():
    from ashtapada.pettingzoo import env

    e = env("chaturanga", max_plies=400)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    assert abs(sum(total.values())) < 1e-9


def test_rank_returns():
    from ashtapada.pettingzoo import rank_returns

    assert rank_returns([1, 2]) == [1.0, -1.0]
    assert rank_returns([1, 1]) == [0.0, 0.0]
    assert rank_returns([1, 2, 3, 4]) == [1.0, 1 / 3, -1 / 3, -1.0]
    assert rank_returns([1, 2, 2, 4]) == [1.0, 0.0, 0.0, -1.0]


@pytest.mark.parametrize("name", ["chess", "chaturaji", "crazyhouse"])
def test_openspiel_random_sims_and_mcts(name):
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from ashtapada.openspiel import load_game

    game = load_game(name, max_plies=80)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [mcts.MCTSBot(game, 2, 16, evaluator, random_state=rng) for _ in range(game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert abs(sum(state.returns())) < 1e-9
    assert len(state.returns()) == len(ashtapada.load(name).seats)
