"""The shards of a simulation as Ray tasks, merged into the single run's report.

``simulate_on_ray(variant, shards=N, **simulate_kwargs)`` plays shard ``K/N`` of the run in
one Ray task each (``ray.remote``), then :func:`ashtapada.merge` joins them: the result is
exactly the report (and per-game table) of ``ashtapada.simulate(variant, **simulate_kwargs)``
in one process. Ray must be initialised by the caller: ``ray.init(num_cpus=2)`` on one machine,
``ray.init(address="auto")`` (or ``"ray://HEAD:10001"``) on a cluster whose workers have
``ashtapada`` installed. Each task uses ``threads`` threads (default 1: Ray schedules the
tasks over the cores).
"""

from __future__ import annotations

from typing import Any, Union

import ashtapada

__all__ = ["simulate_on_ray"]


def _shard(source: str, options: dict, k: int, n: int, kwargs: dict):
    v = ashtapada.load(source, options)
    return ashtapada.simulate(v, shard=f"{k}/{n}", **kwargs)


def simulate_on_ray(
    variant: Union[str, "ashtapada.Variant"], shards: int = 4, **kwargs: Any
) -> "ashtapada.Report":
    """Plays the run in ``shards`` Ray tasks and merges their reports (see the module doc).
    ``kwargs`` are :func:`ashtapada.simulate`'s (``games``, ``seed``, ``agents`` as names,
    ``sweep``, ``max_plies``, ``rotate``, ``options``, ``threads``)."""
    import ray

    options = dict(kwargs.pop("options", None) or {})
    if isinstance(variant, str):
        source = variant
    else:
        source = variant.source
        options = {**dict(variant.assignment), **options}
    kwargs.setdefault("threads", 1)
    task = ray.remote(_shard)
    parts = ray.get([task.remote(source, options, k, shards, kwargs) for k in range(shards)])
    return ashtapada.merge(parts)
