"""`simulate` from Python gives the CLI's JSON report and per-game table, number for number."""

import json

import pytest

import ashtapada

CASES = [
    ("chaturaji", ["--games", "40", "--seed", "5"], dict(games=40, seed=5)),
    ("chess", ["--games", "6", "--seed", "2", "--agents", "greedy,random"],
     dict(games=6, seed=2, agents=["greedy", "random"])),
    ("chaturanga", ["--games", "12", "--seed", "1", "--sweep", "bare-king", "--max-plies", "300"],
     dict(games=12, seed=1, sweep=["bare-king"], max_plies=300)),
    ("chaturaji", ["--games", "8", "--rotate", "--agents", "random,greedy,random,random"],
     dict(games=8, rotate=True, agents=["random", "greedy", "random", "random"])),
    ("chaturaji", ["--games", "20", "--shard", "1/3"], dict(games=20, shard="1/3")),
]


@pytest.mark.parametrize("name,args,kwargs", CASES)
def test_report_equals_the_cli_json(cli, tmp_path, name, args, kwargs):
    per_game = tmp_path / "games.csv"
    text = cli("simulate", name, "--format", "json", "--per-game", str(per_game), *args)
    r = ashtapada.simulate(name, threads=2, **kwargs)
    assert r.json == json.loads(text)
    assert r.text == text
    assert r.per_game_csv == per_game.read_text()


def test_results_do_not_depend_on_threads():
    a = ashtapada.simulate("chaturaji", games=16, seed=9, threads=1)
    b = ashtapada.simulate("chaturaji", games=16, seed=9, threads=4)
    assert a.json == b.json and a.per_game_csv == b.per_game_csv


def test_dataframes():
    r = ashtapada.simulate("chaturaji", games=10, seed=3)
    pd_df = r.to_pandas()
    pl_df = r.to_polars()
    assert len(pd_df) == len(pl_df) == 10
    assert list(pd_df["game"]) == list(range(10))
    seats = ashtapada.load("chaturaji").seats
    assert [f"{s}.rank" for s in seats] == [c for c in pd_df.columns if c.endswith(".rank")]
    assert int(pd_df["plies"].sum()) == int(pl_df["plies"].sum())
    assert r.games == 10


def test_a_python_callable_takes_a_seat():
    calls = []

    def first(game):
        calls.append(game.to_move)
        return game.legal_action_ids()[0]

    r = ashtapada.simulate("chess", games=2, seed=0, agents=[first, "random"], max_plies=60)
    assert r.games == 2
    assert calls and set(calls) == {"white"}
    assert r.json["agents"][0] == "python:first"


def test_bad_arguments_raise():
    with pytest.raises(ashtapada.AshtapadaError, match="unknown agent"):
        ashtapada.simulate("chess", games=1, agents=["randm"])
    with pytest.raises(ashtapada.AshtapadaError):
        ashtapada.simulate("chess", games=0)
    with pytest.raises(ashtapada.AshtapadaError, match="2 agents given for 4 seats"):
        ashtapada.simulate("chaturaji", games=1, agents=["random", "greedy"])
    with pytest.raises(ashtapada.AshtapadaError):
        ashtapada.simulate("chess", games=2, sweep=["no-such-option"])
