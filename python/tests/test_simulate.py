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
    assert r.json_text == text
    assert r.per_game_csv == per_game.read_text()
    # The text report is what `simulate` prints by default.
    assert r.text == cli("simulate", name, *args)
    assert str(r) == r.text and r.text != r.json_text


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


def test_the_per_game_table_can_be_left_out():
    r = ashtapada.simulate("chaturaji", games=12, seed=3, per_game=False)
    full = ashtapada.simulate("chaturaji", games=12, seed=3)
    assert r.json_text == full.json_text and r.text == full.text
    with pytest.raises(ashtapada.AshtapadaError, match="per_game=False"):
        r.per_game_csv


def test_a_report_pickles_with_its_table():
    import pickle

    r = ashtapada.simulate("chaturanga", games=5, seed=2, max_plies=200)
    back = pickle.loads(pickle.dumps(r))
    assert (back.json_text, back.text, back.per_game_csv) == (r.json_text, r.text, r.per_game_csv)


def test_bad_arguments_raise():
    for kwargs, message in [
        (dict(games=-1), "games=-1 is out of range: it is an integer from 1 to"),
        (dict(games=10**30), "games=1000000000000000000000000000000 is out of range"),
        (dict(seed=-1), "seed=-1 is out of range: it is an integer from 0 to 18446744073709551615"),
        (dict(seed=2**64), "seed=18446744073709551616 is out of range"),
        (dict(max_plies=0), "max_plies=0 is out of range: it is an integer from 1 to 4294967295"),
        (dict(threads=-2), "threads=-2 is out of range"),
    ]:
        with pytest.raises(ashtapada.AshtapadaError, match=message):
            ashtapada.simulate("chess", **kwargs)
    with pytest.raises(TypeError, match="games must be an int, not str"):
        ashtapada.simulate("chess", games="3")
    with pytest.raises(ashtapada.AshtapadaError, match="unknown agent"):
        ashtapada.simulate("chess", games=1, agents=["randm"])
    with pytest.raises(ashtapada.AshtapadaError, match="games=0 is out of range"):
        ashtapada.simulate("chess", games=0)
    with pytest.raises(ashtapada.AshtapadaError, match="2 agents given for 4 seats"):
        ashtapada.simulate("chaturaji", games=1, agents=["random", "greedy"])
    with pytest.raises(ashtapada.AshtapadaError):
        ashtapada.simulate("chess", games=2, sweep=["no-such-option"])
