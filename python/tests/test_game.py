"""The game API against the CLI on every built-in variant: the same legal actions at the
start and after a few random plies, the same perft counts; and the API's own contracts."""

import random

import numpy as np
import pytest

import ashtapada

BUILTINS = ashtapada.builtins()
# perft 3 on these (the rest: perft 2), to keep the suite within a couple of minutes.
DEEP = ["chaturanga", "chess", "chaturaji", "shogi", "xiangqi", "makruk", "crazyhouse", "janggi"]


def divide(cli, name, position):
    """The CLI's legal actions (`perft 1 --divide`) at `position`."""
    out = cli("perft", name, "1", "--divide", "--fen", position)
    return sorted(line.split(": ")[0] for line in out.splitlines() if ": " in line)


def test_every_builtin_is_listed():
    assert len(BUILTINS) >= 17
    for name in ["chess", "chaturaji", "shogi", "xiangqi", "yonin-shogi"]:
        assert name in BUILTINS


@pytest.mark.parametrize("name", BUILTINS)
def test_legal_actions_match_the_cli(cli, name):
    v = ashtapada.load(name)
    g = v.start()
    rng = random.Random(name)
    for _ in range(5):
        pos = g.position_string()
        assert sorted(g.legal_actions()) == divide(cli, name, pos), pos
        actions = g.legal_actions()
        if not actions:
            break
        g.play(rng.choice(actions))


@pytest.mark.parametrize("name", BUILTINS)
def test_perft_matches_the_cli(cli, name):
    depth = 3 if name in DEEP else 2
    expected = int(cli("perft", name, str(depth)).split()[-1])
    assert ashtapada.load(name).start().perft(depth) == expected


def test_known_perft_numbers():
    # Hand-checked reference numbers (docs/chaturanga.md, the standard chess start).
    assert ashtapada.load("chaturanga").start().perft(2) == 256
    assert ashtapada.load("chaturanga").start().perft(3) == 4176
    assert ashtapada.load("chess").start().perft(3) == 8902


def test_ids_are_dense_unique_and_playable():
    for name in ["chess", "chaturaji", "shogi", "crazyhouse"]:
        v = ashtapada.load(name)
        g = v.start()
        rng = random.Random(1)
        for _ in range(30):
            if g.is_over:
                break
            ids = g.legal_action_ids()
            texts = g.legal_actions()
            assert len(set(ids)) == len(ids)
            assert all(0 <= i < v.num_actions for i in ids)
            k = rng.randrange(len(ids))
            assert g.action_text(ids[k]) == texts[k]
            assert g.action_id(texts[k]) == ids[k]
            g.play(ids[k])


def test_play_undo_and_clone():
    g = ashtapada.load("chess").start()
    start = g.fen()
    c = g.clone()
    g.play("e2e4")
    assert g.to_move == "black" and g.ply == 1
    assert c.fen() == start
    assert g.undo() == "e2e4"
    assert g.fen() == start
    with pytest.raises(ashtapada.AshtapadaError, match="nothing to take back"):
        g.undo()
    assert g.fen() == start


def test_errors_carry_the_message():
    g = ashtapada.load("chess").start()
    with pytest.raises(ashtapada.AshtapadaError) as e:
        g.play("e2e5")
    # The REPL's line for the same action.
    assert str(e.value) == "illegal move `e2e5`; legal from that square: e2e3 e2e4"
    with pytest.raises(ashtapada.AshtapadaError) as e:
        g.play("e9e4")
    assert str(e.value).startswith("`e9e4` is not a move")


# (Python call, the CLI arguments that make the same mistake): the exception's text is the
# CLI's standard error, drawn as the CLI draws it without colour.
BAD_LOADS = [
    (lambda: ashtapada.load("no-such-variant"), ["explain", "no-such-variant"]),
    (lambda: ashtapada.load("chess", {"no-such-option": "x"}),
     ["explain", "chess", "--set", "no-such-option=x"]),
    (lambda: ashtapada.load("chaturanga", {"stalemate": "sideways"}),
     ["explain", "chaturanga", "--set", "stalemate=sideways"]),
]


@pytest.mark.parametrize("call,args", BAD_LOADS)
def test_errors_are_the_clis_report(cli_error, call, args):
    with pytest.raises(ashtapada.AshtapadaError) as e:
        call()
    assert str(e.value) + "\n" == cli_error(*args)


def test_a_bad_position_is_reported_as_the_cli_does(cli_error):
    bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"
    with pytest.raises(ashtapada.AshtapadaError) as e:
        ashtapada.load("chess").position(bad)
    expected = cli_error("perft", "chess", "1", "--fen", bad)
    # The same report; the text is named `position` where the CLI names its flag.
    assert str(e.value) + "\n" == expected.replace("[--fen:", "[position:")
    assert "[position:1:43]" in str(e.value)


def test_a_bad_rule_file_is_located(tmp_path, cli_error):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nboard: [8, 8\n")
    with pytest.raises(ashtapada.AshtapadaError) as e:
        ashtapada.load(str(bad))
    message = str(e.value)
    assert message + "\n" == cli_error("explain", str(bad))
    assert message.startswith("ashtapada::spec::yaml\n")
    assert f"[{bad}:2:" in message and "unclosed bracket" in message


def test_every_problem_of_a_rule_file_is_reported_as_the_cli_does(tmp_path, cli_error):
    bad = tmp_path / "several.yaml"
    bad.write_text("name: several\ntitle: Several problems\nboard: 8x8\nseats: [white, black]\n"
                   "pieces:\n  king: {letter: K, betza: Q9}\n  man: {letter: M, betza: ZZZ}\n"
                   "setup: nonsense\n")
    with pytest.raises(ashtapada.AshtapadaError) as e:
        ashtapada.load(str(bad))
    message = str(e.value)
    assert message + "\n" == cli_error("explain", str(bad))
    assert message.endswith("problems found") and message.count("  × ") >= 2


def test_out_of_range_numbers_are_refused_clearly():
    v = ashtapada.load("chess")
    g = v.start()
    last = v.num_actions - 1
    for bad in (10**30, -1, v.num_actions):
        with pytest.raises(ashtapada.AshtapadaError, match=f"ids of chess are 0 to {last}"):
            g.play(bad)
    with pytest.raises(ashtapada.AshtapadaError, match="not legal here"):
        g.play(0)
    with pytest.raises(TypeError, match="str.*or.*int"):
        g.play(1.5)
    for bad in (-1, 65, 10**30):
        with pytest.raises(ashtapada.AshtapadaError, match="from 0 to 64"):
            g.perft(bad)
    with pytest.raises(TypeError, match="depth must be an int"):
        g.perft(2.0)
    dice = ashtapada.load("chaturaji").start()
    for bad in (0, -3, 256, 10**30):
        with pytest.raises(ashtapada.AshtapadaError, match="from 1 to 255"):
            dice.roll(bad, 1)
    assert g.fen() == v.start().fen() and dice.is_chance


def test_result_of_fools_mate():
    g = ashtapada.load("chess").start()
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        g.play(m)
    assert g.is_over
    r = g.result
    assert r["winner"] == "black"
    assert r["ranks"] == [2, 1]
    assert r["reason"] == "checkmate"
    assert g.legal_actions() == []


def test_board_arrays():
    v = ashtapada.load("chess")
    g = v.start()
    b, s, h = g.board(), g.seats(), g.hands()
    assert b.shape == v.shape == (8, 8)
    kinds = [k[1].lower() for k in v.kinds]
    assert kinds[b[0, 4] - 1] == "k" and s[0, 4] == 0  # white king on e1
    assert kinds[b[7, 3] - 1] == "q" and s[7, 3] == 1  # black queen on d8
    assert (b[2:6] == 0).all() and (s[2:6] == -1).all()
    assert h.shape == (2, len(v.kinds)) and h.sum() == 0
    assert b.dtype == np.int16


def test_dice_chance_outcomes_and_roll():
    v = ashtapada.load("chaturaji")
    g = v.start()
    assert v.dice is not None and g.is_chance
    outcomes = g.chance_outcomes()
    count, faces = v.dice
    assert abs(sum(p for _, _, p in outcomes) - 1.0) < 1e-12
    # a pair shows in one ordering, a mixed roll in two: 1/36 against 2/36 for two d6.
    probs = {t: p for t, _, p in outcomes}
    if count == 2 and len(faces) == 6:
        assert abs(probs["1,1"] - 1 / 36) < 1e-12 and abs(probs["1,2"] - 2 / 36) < 1e-12
    g.roll(faces[-1], faces[0])
    assert not g.is_chance
    assert sorted(g.dice, reverse=True) == g.dice and len(g.dice) == count


def test_options_are_applied():
    v = ashtapada.load("chaturanga", {"stalemate": "draw"})
    assert dict(v.assignment)["stalemate"] == "draw"
    assert "stalemate" in v.options and "draw" in v.options["stalemate"]["choices"]
    assert "Chaturanga" in v.title
    assert v.explain()


def test_a_rule_file_loads_from_text_and_keeps_its_options():
    yaml = "extends: chess\ntitle: Chess from text\n"
    v = ashtapada.loads(yaml, name="mine.yaml")
    assert v.title == "Chess from text"
    assert v.source == "mine.yaml"
    assert v.start().perft(2) == 400  # chess's perft(2), Fairy-Stockfish's number
    w = ashtapada.loads("extends: chaturanga\n", {"stalemate": "draw"})
    assert dict(w.assignment)["stalemate"] == "draw"
    u = w.with_options({"bare-king": "off"})
    assert dict(u.assignment) == {**dict(w.assignment), "bare-king": "off"}
    report = ashtapada.simulate(w, games=3, seed=1, agents="random", options={"bare-king": "off"})
    assert report.games == 3


def test_bad_rule_file_text_is_a_located_error():
    with pytest.raises(ashtapada.AshtapadaError) as e:
        ashtapada.loads("extends: chess\npieces: [\n", name="broken.yaml")
    assert "broken.yaml" in str(e.value)


def test_rule_file_text_may_be_utf8_bytes_and_nothing_else():
    assert ashtapada.loads("extends: chess\n".encode()).start().perft(1) == 20
    with pytest.raises(TypeError):
        ashtapada.loads(3)
    with pytest.raises(ValueError):
        ashtapada.loads(b"extends: \xff\n")
