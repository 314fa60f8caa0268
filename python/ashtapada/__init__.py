"""ashtapada for Python: chess-family rule files as games, simulations and environments.

``load(name_or_path, options={...})`` compiles a built-in variant or a YAML rule file into a
:class:`Variant` (``loads(text)`` compiles rule-file text); ``variant.start()`` / ``variant.position(text)`` give a :class:`Game`;
:func:`simulate` plays seeded games in Rust (the GIL released) and returns a :class:`Report`
with the same numbers as ``ashtapada simulate --format json``.

Environments: :mod:`ashtapada.pettingzoo` (an AEC env) and :mod:`ashtapada.openspiel`
(a ``pyspiel`` game); both are imported lazily.
"""

from __future__ import annotations

import io
import json
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from ._native import AshtapadaError, Game, Variant, agent_names, builtins
from ._native import load as _load
from ._native import loads as _loads
from ._native import merge as _merge
from ._native import report_from_json as _report_from_json
from ._native import simulate as _simulate

__all__ = [
    "AshtapadaError",
    "Game",
    "Report",
    "Variant",
    "agent_names",
    "board",
    "builtins",
    "hands",
    "load",
    "loads",
    "merge",
    "rank_returns",
    "seats",
    "simulate",
]


def load(name_or_path: str, options: Optional[Dict[str, Any]] = None) -> Variant:
    """Loads and compiles a variant: a built-in name (``builtins()``) or a rule file's path.

    ``options`` maps option names to choices (values are turned into text, so
    ``{"round-limit": 20}`` works). Raises :class:`AshtapadaError` with the CLI's located
    message for an unknown variant, a bad rule file or a bad option.
    """
    return _load(str(name_or_path), dict(options or {}))


def loads(text: Union[str, bytes], options: Optional[Dict[str, Any]] = None, name: str = "<rule file>") -> Variant:
    """Compiles a rule file given as YAML text (as ``load`` does a file), under ``options``.

    ``name`` names the text in error messages and is the variant's ``source``; ``extends:``
    in the text resolves built-in names and paths relative to the working directory. Raises
    :class:`AshtapadaError` with the located message for a bad rule file or option.
    """
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8")  # a UnicodeDecodeError (a ValueError) if not UTF-8
    if not isinstance(text, str):
        raise TypeError(f"loads() takes the rule file's text as str or bytes, not {type(text).__name__}")
    return _loads(text, dict(options or {}), str(name))


def board(game: Game):
    """The board as a NumPy ``int16`` array of shape ``variant.shape`` (ranks, files), rank 1
    in row 0 and file a in column 0: 0 for an empty square, ``k + 1`` for a piece of kind ``k``
    (``variant.kinds[k]``), ``-(k + 1)`` for a dead piece."""
    import numpy as np

    return np.asarray(game._board_codes(), dtype=np.int16)


def seats(game: Game):
    """The owners of the board's pieces as a NumPy ``int8`` array shaped like :func:`board`:
    the seat index (``variant.seats``), -1 for an empty square or an unowned piece."""
    import numpy as np

    return np.asarray(game._board_seats(), dtype=np.int8)


def hands(game: Game):
    """Pieces in hand as a NumPy ``int16`` array of shape (seats, kinds)."""
    import numpy as np

    return np.asarray(game._hands(), dtype=np.int16)


# The arrays as methods of Game too: game.board(), game.seats(), game.hands().
Game.board = board  # type: ignore[attr-defined]
Game.seats = seats  # type: ignore[attr-defined]
Game.hands = hands  # type: ignore[attr-defined]
# copy.deepcopy (OpenSpiel clones Python states so) copies the position in Rust.
Game.__deepcopy__ = lambda self, memo: self.clone()  # type: ignore[attr-defined]


class Report:
    """The report of a :func:`simulate` run (or of :func:`merge`).

    ``text`` is the report as ``ashtapada simulate`` prints it (its table format, byte for
    byte); ``json_text`` as ``simulate --format json`` writes it and ``json`` that as a dict
    (the same numbers). ``per_game_csv`` is the per-game table as ``--per-game`` writes it,
    and :meth:`to_pandas` / :meth:`to_polars` give it as a DataFrame (one row per game and
    assignment: ``assignment``, ``game``, ``seed``, ``label``, ``first_seat``,
    ``SEAT.rank`` / ``SEAT.score`` per seat, ``winners``, ``plies``, ``rounds``,
    ``end_reason``, ``event.NAME`` per rule event). Each is made when first read. A report
    pickles (as its JSON text and per-game table), so it can travel between processes.
    """

    def __init__(self, native: Any, per_game_csv: Optional[str] = None):
        self._native = native
        self._csv = per_game_csv
        self._json_text: Optional[str] = None
        self._json: Optional[Dict[str, Any]] = None
        self._text: Optional[str] = None

    @classmethod
    def from_json(cls, json_text: str, per_game_csv: Optional[str] = None) -> "Report":
        """A report read from its JSON text (``simulate --format json``, :attr:`json_text`),
        with its per-game table's CSV text if there is one. Raises :class:`AshtapadaError`
        for text that is not such a report."""
        return cls(_report_from_json(json_text), per_game_csv)

    @property
    def json_text(self) -> str:
        """The report as ``ashtapada simulate --format json`` writes it."""
        if self._json_text is None:
            self._json_text = self._native.json_text()
        return self._json_text

    @property
    def json(self) -> Dict[str, Any]:
        """The report as a dict: :attr:`json_text` read."""
        if self._json is None:
            self._json = json.loads(self.json_text)
        return self._json

    @property
    def text(self) -> str:
        """The report as ``ashtapada simulate`` prints it (the table format)."""
        if self._text is None:
            self._text = self._native.text()
        return self._text

    @property
    def per_game_csv(self) -> str:
        """The per-game table as ``simulate --per-game FILE`` writes it. Raises
        :class:`AshtapadaError` for a run made with ``per_game=False``."""
        if self._csv is None:
            csv = self._native.per_game_csv()
            if csv is None:
                raise AshtapadaError(
                    "this report has no per-game table: it was simulated with per_game=False "
                    "or read from JSON without one"
                )
            self._csv = csv
        return self._csv

    @property
    def games(self) -> int:
        """Games per option assignment."""
        return int(self.json["games"])

    @property
    def runs(self) -> List[Dict[str, Any]]:
        """One summary per option assignment (the JSON's ``runs``)."""
        return self.json["runs"]

    def __getitem__(self, key: str) -> Any:
        return self.json[key]

    def to_pandas(self):
        """The per-game table as a pandas DataFrame (pandas is imported here)."""
        import pandas as pd

        return pd.read_csv(io.StringIO(self.per_game_csv), keep_default_na=False)

    def to_polars(self):
        """The per-game table as a polars DataFrame (polars is imported here)."""
        import polars as pl

        return pl.read_csv(io.StringIO(self.per_game_csv), infer_schema_length=None)

    def __reduce__(self):
        csv = self._csv if self._csv is not None else self._native.per_game_csv()
        return (Report.from_json, (self.json_text, csv))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<ashtapada.Report {self.json.get('variant')} games={self.games}>"


Agent = Union[str, Callable[[Game], Union[str, int]]]


def simulate(
    variant: Union[Variant, str],
    games: int = 1000,
    seed: int = 0,
    agents: Sequence[Agent] = ("random",),
    options: Optional[Dict[str, Any]] = None,
    sweep: Iterable[str] = (),
    threads: int = 0,
    max_plies: int = 10_000,
    rotate: bool = False,
    shard: Optional[str] = None,
    per_game: bool = True,
) -> Report:
    """Plays ``games`` seeded games and reports them as ``ashtapada simulate --format json``.

    ``variant`` is a :class:`Variant` or a name/path (loaded with ``options``). ``agents``:
    one per seat in turn order, or fewer (seat ``s`` is played by agent ``s mod len``); each a
    built-in name (``agent_names()``) or a callable ``f(game) -> action`` (text or id) that is
    handed a copy of the position. ``sweep`` takes the CLI's ``--sweep`` items (``"promotion"``,
    ``"round-limit=20,30"``, ``"all"``, ``"each"``); ``shard="K/N"`` plays only games
    ``≡ K (mod N)`` (merge the shards' reports with ``ashtapada merge``, or :func:`merge`).
    ``threads=0`` uses every core; the results do not depend on it. Game ``k`` uses the
    generator of (``seed``, ``k``), so the numbers equal the CLI's for the same arguments.
    The GIL is released while Rust plays, and Ctrl-C stops the run (``KeyboardInterrupt``).
    ``per_game=False`` keeps no per-game results (the report alone); otherwise each game's
    result is kept and the table made when first read.

    Raises :class:`AshtapadaError` (a ``ValueError``) for a bad argument: an unknown agent,
    ``games`` below 1, a negative ``seed``, an unknown option in ``sweep``, …; ``TypeError``
    for a count that is not an int.
    """
    if isinstance(variant, str):
        variant = load(variant, options)
    elif options:
        variant = variant.with_options(dict(options))
    if isinstance(agents, (str, bytes)) or callable(agents):
        agents = [agents]
    native = _simulate(
        variant,
        games,
        seed,
        list(agents),
        [str(s) for s in sweep],
        threads,
        max_plies,
        bool(rotate),
        shard,
        bool(per_game),
    )
    return Report(native)


def merge(reports: Sequence[Report]) -> Report:
    """Combines the reports of the shards of one run (``simulate(..., shard="K/N")`` for
    ``K`` in ``0..N``, in any order) into the report of the whole run, exactly as one process
    playing every game gives it (``ashtapada merge``); the per-game tables are joined in
    (assignment, game) order. Raises :class:`AshtapadaError` when the parts are not the shards
    of one run, or one is missing or given twice. The merged report has a per-game table only
    if every part has one."""
    reports = list(reports)
    native = _merge([(f"shard {i}", r.json_text) for i, r in enumerate(reports)])
    tables = []
    for r in reports:
        try:
            tables.append(r.per_game_csv)
        except AshtapadaError:
            return Report(native)
    head = None
    rows = []
    for table in tables:
        lines = table.splitlines(keepends=True)
        if not lines:
            continue
        head = head or lines[0]
        rows.extend(lines[1:])

    def key(line: str):
        assignment, game = line.split(",", 2)[:2]
        return (int(assignment), int(game))

    rows.sort(key=key)
    return Report(native, (head or "") + "".join(rows))


def rank_returns(ranks) -> list:
    """Per-seat returns from a ranking (1 = first, ties shared): (seats ranked below − seats
    ranked above) / (seats − 1); +1/−1 for a two-seat win, 0 for a draw; they sum to 0. The
    PettingZoo and OpenSpiel environments reward the end of a game so."""
    n = len(ranks)
    if n < 2:
        return [0.0] * n
    return [
        (sum(r > mine for r in ranks) - sum(r < mine for r in ranks)) / (n - 1)
        for mine in ranks
    ]
