"""A PettingZoo AEC environment for any ashtapada variant.

``env(variant, options=None, max_plies=2000)`` returns the environment wrapped as PettingZoo's
classic games are (order enforced, out-of-bounds asserted). Agents are the variant's seats.
Actions are the dense ids of :meth:`ashtapada.Game.legal_action_ids` (``Discrete(variant.
num_actions)``); each observation is a dict with ``observation`` (``int16`` array of shape
``(2, ranks, files)``: the piece codes of :func:`ashtapada.board` and the owners of
:func:`ashtapada.seats`) and ``action_mask`` (``int8``, 1 for the legal ids of the agent to
move). Dice are rolled by the environment (its generator is seeded by ``reset(seed=…)``), so
agents only ever decide. At the end every seat is rewarded from the ranking: (seats ranked
below − seats ranked above) / (seats − 1), +1/−1 for a two-seat win, 0 for a draw. A game
reaching ``max_plies`` (rolls count) is truncated with no reward.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import ashtapada
from ashtapada import rank_returns

__all__ = ["env", "raw_env", "rank_returns"]


def env(variant: Union[str, "ashtapada.Variant"] = "chess", **kwargs):
    """The wrapped AEC environment (see the module's doc)."""
    e = raw_env(variant, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """The unwrapped AEC environment of one variant."""

    metadata = {"render_modes": ["ansi"], "name": "ashtapada_v0", "is_parallelizable": False}

    def __init__(
        self,
        variant: Union[str, "ashtapada.Variant"] = "chess",
        options: Optional[Dict[str, Any]] = None,
        max_plies: int = 2000,
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        self.variant = (
            ashtapada.load(variant, options) if isinstance(variant, str) else variant
        )
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"ashtapada_{self.variant.name}_v0")
        self.possible_agents = list(self.variant.seats)
        ranks, files = self.variant.shape
        kinds, n = len(self.variant.kinds), len(self.possible_agents)
        bound = max(kinds + 1, n)
        self._n_actions = int(self.variant.num_actions)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-bound, high=bound, shape=(2, ranks, files), dtype=np.int16
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(self._n_actions,), dtype=np.int8
                    ),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._n_actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game = self.variant.start()

    def observation_space(self, agent):
        """The observation space: a Dict of the board planes and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """Discrete(num_actions): the action ids."""
        return self.action_spaces[agent]

    def observe(self, agent):
        """{'observation': int16 (2, ranks, files) pieces and owners, 'action_mask'}."""
        obs = np.stack([ashtapada.board(self.game), ashtapada.seats(self.game)]).astype(np.int16)
        mask = np.zeros(self._n_actions, dtype=np.int8)
        if agent == self.agent_selection and not self._over():
            mask[self.game.legal_action_ids()] = 1
        return {"observation": obs, "action_mask": mask}

    def _over(self) -> bool:
        """True once the game is over or capped."""
        return self.game.is_over or self.game.ply >= self.max_plies

    def _roll(self):
        """Rolls the dice while a roll is due, with the environment's generator."""
        while self.game.is_chance and self.game.ply < self.max_plies:
            outcomes = self.game.chance_outcomes()
            p = np.array([o[2] for o in outcomes])
            i = self._rng.choice(len(outcomes), p=p / p.sum())
            self.game.play(outcomes[i][1])

    def _finish(self):
        """Sets the rewards and the flags once the game is over or capped."""
        result = self.game.result
        if result is not None:
            for a, r in zip(self.possible_agents, rank_returns(result["ranks"])):
                self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.truncations = dict.fromkeys(self.agents, True)
        self.infos = {a: {"result": result} for a in self.agents}

    def reset(self, seed=None, options=None):
        """Starts a new game at the setup; `seed` seeds the environment's dice."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = self.variant.start()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._roll()
        self.agent_selection = self.possible_agents[self.game.to_move_index]
        if self._over():
            self._finish()

    def step(self, action):
        """Plays the selected agent's action id, then rolls the dice if due."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.game.play(int(action))
        self._roll()
        if self._over():
            self._finish()
        self.agent_selection = self.possible_agents[self.game.to_move_index]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self):
        """The position string."""
        return self.game.position_string()

    def close(self):
        """Nothing to release."""
        pass
