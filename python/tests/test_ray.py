"""The shards of a sweep played as Ray tasks merge into exactly the single run's report."""

import pytest

import ashtapada


@pytest.fixture(scope="module")
def ray_local():
    import ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_merge_of_shards_equals_the_single_run():
    kwargs = dict(games=18, seed=4, sweep=["bare-king"], max_plies=300)
    whole = ashtapada.simulate("chaturanga", **kwargs)
    parts = [ashtapada.simulate("chaturanga", shard=f"{k}/3", **kwargs) for k in (2, 0, 1)]
    merged = ashtapada.merge(parts)
    assert merged.text == whole.text
    assert merged.per_game_csv == whole.per_game_csv
    with pytest.raises(ashtapada.AshtapadaError):
        ashtapada.merge(parts[:2])


def test_ray_shards_of_a_sweep(ray_local):
    from ashtapada.distributed import simulate_on_ray

    kwargs = dict(games=24, seed=7, sweep=["bare-king"], max_plies=300)
    merged = simulate_on_ray("chaturanga", shards=4, **kwargs)
    whole = ashtapada.simulate("chaturanga", **kwargs)
    assert merged.text == whole.text
    assert merged.per_game_csv == whole.per_game_csv
