"""Type stubs of the Rust extension `ashtapada._native` (re-exported by `ashtapada`)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

class AshtapadaError(ValueError):
    """A rule file, option, position, action or argument the interpreter refused. The message
    is the CLI's: for a rule file, an option or a position the report the CLI draws (code,
    `× message`, the located source lines, `help:`); for an action the REPL's line."""

class Variant:
    """A compiled variant: one rule file under one option assignment (see `ashtapada.load`)."""

    @property
    def name(self) -> str:
        """The variant's name (`chess`, `chaturaji`, …)."""
    @property
    def title(self) -> str:
        """The rule file's title."""
    @property
    def source(self) -> str:
        """What `load` was given: a built-in name or a rule file's path (`loads`: its name)."""
    def with_options(self, options: Optional[Dict[str, Any]] = ...) -> Variant:
        """The same rule file compiled under `options` over this variant's assignment."""
    @property
    def seats(self) -> List[str]:
        """Seat names in turn order."""
    @property
    def kinds(self) -> List[Tuple[str, str]]:
        """Piece kinds as (name, letter); code `k + 1` of `Game.board()` is kind `k`."""
    @property
    def shape(self) -> Tuple[int, int]:
        """(ranks, files): the shape of `Game.board()`."""
    @property
    def assignment(self) -> List[Tuple[str, str]]:
        """The option assignment in force, (option, choice) per option."""
    @property
    def options(self) -> Dict[str, Dict[str, Any]]:
        """{option: {"default": str, "choices": [str], "description": str | None}}."""
    @property
    def dice(self) -> Optional[Tuple[int, List[int]]]:
        """(dice per roll, face values), or None without dice."""
    @property
    def num_actions(self) -> int:
        """The number of action ids: every `Game.legal_action_ids()` entry is below it."""
    def explain(self) -> str:
        """The compiled rules, as `ashtapada explain` prints them."""
    def start(self) -> Game:
        """A game at the variant's setup."""
    def position(self, text: str) -> Game:
        """A game from FEN (two-seat variants) or a position string; raises AshtapadaError."""

class Game:
    """A game: a position and the actions that led to it (for `undo`)."""

    def legal_actions(self) -> List[str]:
        """Legal actions as the CLI writes them: rolls (`4,6`) at a roll node, otherwise
        moves then `pass`; empty once the game is over."""
    def legal_action_ids(self) -> List[int]:
        """The legal actions' ids (dense per variant, stable), in `legal_actions()` order."""
    def action_id(self, action: Union[str, int]) -> int:
        """The id of a legal action given as text or id."""
    def action_text(self, action: Union[str, int]) -> str:
        """The text of a legal action given as text or id."""
    def play(self, action: Union[str, int]) -> None:
        """Plays an action (text as the CLI reads it, `resign`, a roll `4,6`, or an id).
        Raises AshtapadaError for an illegal action or an id outside 0..num_actions-1,
        TypeError for what is neither str nor int."""
    def undo(self) -> str:
        """Takes back the last action (a roll counts) and returns its text; raises
        AshtapadaError when no action was played."""
    def roll(self, *values: int) -> None:
        """Rolls the dice to these values (when a roll is due); each 1 to 255."""
    @property
    def is_chance(self) -> bool:
        """True when the next action is a roll (a chance node)."""
    def chance_outcomes(self) -> List[Tuple[str, int, float]]:
        """At a roll: (roll text, id, probability) per distinct unordered roll."""
    @property
    def dice(self) -> List[int]:
        """The dice left to use this turn, largest first."""
    @property
    def to_move(self) -> str:
        """The seat to move."""
    @property
    def to_move_index(self) -> int:
        """The seat to move, as an index into `Variant.seats`."""
    @property
    def ply(self) -> int:
        """Plies played (rolls count)."""
    @property
    def is_over(self) -> bool:
        """True once the game is over by the rules."""
    @property
    def result(self) -> Optional[Dict[str, Any]]:
        """Once over: {"reason", "description", "winner" (seat or None), "ranks" (1 = first,
        ties shared), "scores"}; else None."""
    def fen(self) -> str:
        """FEN (two-seat variants; raises otherwise)."""
    def position_string(self) -> str:
        """The extended position string (any variant)."""
    def board(self) -> npt.NDArray[np.int16]:
        """(ranks, files) piece codes, rank 1 in row 0: 0 empty, kind + 1, -(kind + 1) dead."""
    def seats(self) -> npt.NDArray[np.int8]:
        """(ranks, files) owners: seat index, -1 for none."""
    def hands(self) -> npt.NDArray[np.int16]:
        """(seats, kinds) pieces in hand."""
    def perft(self, depth: int) -> int:
        """Leaf nodes `depth` (0 to 64) plies below (as `ashtapada perft`); releases the GIL;
        Ctrl-C raises KeyboardInterrupt."""
    def clone(self) -> Game:
        """An independent copy."""
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def _board_codes(self) -> List[List[int]]: ...
    def _board_seats(self) -> List[List[int]]: ...
    def _hands(self) -> List[List[int]]: ...

class SimReport:
    """A simulation's report inside Rust (wrapped by `ashtapada.Report`)."""

    def json_text(self) -> str:
        """As `ashtapada simulate --format json` writes it."""
    def text(self) -> str:
        """As `ashtapada simulate` prints it (the table format)."""
    def per_game_csv(self) -> Optional[str]:
        """As `simulate --per-game FILE` writes it; None when the games were not kept."""

def load(name_or_path: str, options: Optional[Dict[str, Any]] = ...) -> Variant:
    """Loads and compiles a built-in variant or a rule file under `options`."""
def loads(text: str, options: Optional[Dict[str, Any]] = ..., name: str = ...) -> Variant:
    """Compiles a rule file given as YAML text under `options`."""
def builtins() -> List[str]:
    """The built-in variants' names."""
def agent_names() -> List[str]:
    """The built-in agents' names."""
def simulate(
    variant: Variant,
    games: int,
    seed: int,
    agents: Sequence[Any],
    sweep: Sequence[str],
    threads: int,
    max_plies: int,
    rotate: bool,
    shard: Optional[str],
    per_game: bool,
) -> SimReport:
    """Plays the games (see `ashtapada.simulate`); Ctrl-C raises KeyboardInterrupt."""
def merge(parts: Sequence[Tuple[str, str]]) -> SimReport:
    """Merges (name, JSON text) shards of one run, as `ashtapada merge`."""
def report_from_json(text: str) -> SimReport:
    """A report read from `simulate --format json` text."""
