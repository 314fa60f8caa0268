"""Speed of random playouts: a Python loop over the game API, `ashtapada.simulate`, and the
CLI (`ashtapada simulate`), on the same machine. A benchmark, not a test: run it by hand,
`python benchmarks/speed.py [VARIANT] [GAMES] [ROUNDS]`; it prints the load beside the numbers.

Each contender is timed by wall clock and by CPU time (user + system, of this process for the
Python calls and of the child for the CLI): on a machine shared with other work the wall clock
mostly measures the scheduler, the CPU time the work. The rounds are interleaved, so a change
of load hits every contender alike, and the best round of each is reported."""

import os
import random
import resource
import subprocess
import sys
import time

import ashtapada


def _timed(run, who=resource.RUSAGE_SELF):
    """(wall seconds, CPU seconds) of `run()`, CPU counted for `who`."""

    def cpu():
        r = resource.getrusage(who)
        return r.ru_utime + r.ru_stime

    c, t = cpu(), time.perf_counter()
    run()
    return time.perf_counter() - t, cpu() - c


def python_loop(name: str, games: int):
    v = ashtapada.load(name)
    rng = random.Random(0)

    def run():
        for _ in range(games):
            g = v.start()
            while not g.is_over and g.ply < 10_000:
                if g.is_chance:
                    outcomes = g.chance_outcomes()
                    g.play(rng.choices([o[1] for o in outcomes], [o[2] for o in outcomes])[0])
                else:
                    g.play(rng.choice(g.legal_action_ids()))

    return _timed(run)


def simulate(name: str, games: int, per_game: bool = True):
    return _timed(lambda: ashtapada.simulate(name, games=games, seed=1, threads=1,
                                             per_game=per_game))


def cli(name: str, games: int, binary: str):
    args = [binary, "simulate", name, "--games", str(games), "--seed", "1", "--threads", "1",
            "--format", "json"]
    return _timed(lambda: subprocess.run(args, check=True, capture_output=True),
                  resource.RUSAGE_CHILDREN)


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "chaturaji"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    binary = os.environ.get("ASHTAPADA_BIN", "target/release/ashtapada")
    print(f"load {os.getloadavg()[0]:.1f}; {name}, {games} random games, one thread, "
          f"best of {rounds} interleaved rounds")
    rows = {"CLI simulate": [], "Python simulate()": [], "Python simulate(per_game=False)": []}
    for _ in range(rounds):
        rows["CLI simulate"].append(cli(name, games, binary))
        rows["Python simulate()"].append(simulate(name, games))
        rows["Python simulate(per_game=False)"].append(simulate(name, games, per_game=False))
    loop_games = max(games // 10, 1)
    wall, cpu = python_loop(name, loop_games)
    rows["Python game loop"] = [(wall * games / loop_games, cpu * games / loop_games)]
    base_wall = min(w for w, _ in rows["CLI simulate"])
    base_cpu = min(c for _, c in rows["CLI simulate"])
    print(f"{'':32} {'games/s (wall)':>15} {'vs CLI':>8} {'games/s (CPU)':>15} {'vs CLI':>8}")
    for label, times in rows.items():
        wall = min(w for w, _ in times)
        cpu = min(c for _, c in times)
        print(f"{label:32} {games / wall:15.1f} {100 * (wall / base_wall - 1):+7.1f}% "
              f"{games / cpu:15.1f} {100 * (cpu / base_cpu - 1):+7.1f}%")
    print(f"load {os.getloadavg()[0]:.1f} at the end")
