"""OpenSpiel games for any ashtapada variant, through OpenSpiel's Python game API.

``register(variant, options=None, max_plies=2000)`` registers the variant with
``pyspiel.register_game`` under the short name ``ashtapada_<name>`` (``-`` written ``_``,
``_cap<N>`` appended for a ``max_plies`` other than 2000) and returns that name;
``load_game(variant, …)`` registers it if needed and returns ``pyspiel.load_game(name)``.

The game is sequential with perfect information, one player per seat; dice variants have
explicit chance nodes (one outcome per distinct unordered roll, with its probability).
Player actions are the dense ids of :meth:`ashtapada.Game.legal_action_ids`
(``num_distinct_actions = variant.num_actions``); chance actions are the roll's index among
the variant's rolls. Terminal returns come from the ranking (see
:func:`ashtapada.rank_returns`: +1/−1 for a two-seat win, zero-sum); a game that
reaches ``max_plies`` (rolls count) ends with all returns 0.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

import pyspiel

import ashtapada
from ashtapada import rank_returns

__all__ = ["register", "load_game", "rank_returns"]

_REGISTERED: Dict[str, Any] = {}


def _short_name(variant, max_plies: int) -> str:
    name = "ashtapada_" + "".join(c if c.isalnum() else "_" for c in variant.name)
    assigned = dict(variant.assignment)
    defaults = {k: o["default"] for k, o in variant.options.items()}
    changed = sorted((k, v) for k, v in assigned.items() if defaults.get(k) != v)
    for k, v in changed:
        name += "_" + "".join(c if c.isalnum() else "_" for c in f"{k}_{v}")
    if max_plies != 2000:
        name += f"_cap{max_plies}"
    return name


def register(
    variant: Union[str, "ashtapada.Variant"],
    options: Optional[Dict[str, Any]] = None,
    max_plies: int = 2000,
) -> str:
    """Registers the variant as an OpenSpiel game; returns its short name."""
    v = ashtapada.load(variant, options) if isinstance(variant, str) else variant
    short = _short_name(v, max_plies)
    if short in _REGISTERED:
        return short
    n = len(v.seats)
    dice = v.dice
    rolls = v.start().chance_outcomes() if dice else []
    roll_base = rolls[0][1] if rolls else 0
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"ashtapada {v.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if dice
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=int(v.num_actions),
        max_chance_outcomes=max(len(rolls), 1) if dice else 0,
        num_players=n,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_plies,
    )

    class State(pyspiel.State):
        """A position of the variant (an ``ashtapada.Game``)."""

        def __init__(self, game, g=None):
            super().__init__(game)
            self.g = g if g is not None else v.start()

        def _capped(self) -> bool:
            """True once the game reached the ply cap."""
            return self.g.ply >= max_plies

        def current_player(self):
            """The seat to move, CHANCE at a roll, TERMINAL once over or capped."""
            if self.g.is_over or self._capped():
                return pyspiel.PlayerId.TERMINAL
            if self.g.is_chance:
                return pyspiel.PlayerId.CHANCE
            return self.g.to_move_index

        def _legal_actions(self, player):
            """The legal action ids, ascending."""
            return sorted(self.g.legal_action_ids())

        def chance_outcomes(self):
            """At a roll: (the roll's index, its probability) per distinct roll."""
            return [(i - roll_base, p) for _, i, p in self.g.chance_outcomes()]

        def _apply_action(self, action):
            """Plays an action id (at a roll, the roll's index)."""
            if self.g.is_chance:
                action += roll_base
            self.g.play(int(action))

        def _action_to_string(self, player, action):
            """The action as the CLI writes it."""
            if player == pyspiel.PlayerId.CHANCE:
                action += roll_base
            try:
                return self.g.action_text(int(action))
            except ashtapada.AshtapadaError:
                return f"action {action}"

        def is_terminal(self):
            """True once the game is over or capped."""
            return self.g.is_over or self._capped()

        def returns(self):
            """Per-seat returns from the ranking (0 for all before the end or at the cap)."""
            result = self.g.result
            if result is None:
                return [0.0] * n
            return rank_returns(result["ranks"])

        def __str__(self):
            """The position string."""
            return self.g.position_string()

        def __deepcopy__(self, memo):
            """A copy, the position copied in Rust."""
            # OpenSpiel clones Python states with deepcopy: the position is copied in Rust.
            s = State(self.get_game(), self.g.clone())
            return s

    class Game(pyspiel.Game):
        """The variant as an OpenSpiel game."""

        def __init__(self, params=None):
            super().__init__(game_type, game_info, params or dict())

        def new_initial_state(self):
            """A state at the variant's setup."""
            return State(self)

    Game.__name__ = State.__name__ = f"{short}"
    pyspiel.register_game(game_type, Game)
    _REGISTERED[short] = Game
    return short


def load_game(
    variant: Union[str, "ashtapada.Variant"],
    options: Optional[Dict[str, Any]] = None,
    max_plies: int = 2000,
):
    """``pyspiel.load_game`` of the registered variant (registering it first)."""
    return pyspiel.load_game(register(variant, options, max_plies))
