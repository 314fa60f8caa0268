"""Speed of random playouts: a Python loop over the game API, `ashtapada.simulate`, and the
CLI (`ashtapada simulate`), on the same machine. A benchmark, not a test: run it by hand,
`python benchmarks/speed.py [VARIANT] [GAMES] [ROUNDS]`; it prints the load beside the numbers."""

import os
import random
import subprocess
import sys
import time

import ashtapada


def python_loop(name: str, games: int) -> float:
    v = ashtapada.load(name)
    rng = random.Random(0)
    t = time.perf_counter()
    for _ in range(games):
        g = v.start()
        while not g.is_over and g.ply < 10_000:
            if g.is_chance:
                outcomes = g.chance_outcomes()
                g.play(rng.choices([o[1] for o in outcomes], [o[2] for o in outcomes])[0])
            else:
                g.play(rng.choice(g.legal_action_ids()))
    return time.perf_counter() - t


def simulate(name: str, games: int, per_game: bool = True) -> float:
    t = time.perf_counter()
    ashtapada.simulate(name, games=games, seed=1, threads=1, per_game=per_game)
    return time.perf_counter() - t


def cli(name: str, games: int, binary: str) -> float:
    t = time.perf_counter()
    subprocess.run([binary, "simulate", name, "--games", str(games), "--seed", "1",
                    "--threads", "1", "--format", "json"], check=True, capture_output=True)
    return time.perf_counter() - t


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "chaturaji"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    binary = os.environ.get("ASHTAPADA_BIN", "target/release/ashtapada")
    print(f"load {os.getloadavg()[0]:.1f}; {name}, {games} random games, one thread, "
          f"best of {rounds} interleaved rounds")
    # Interleaved, so that a change of the machine's load hits every contender alike; the
    # best round of each is the least disturbed.
    c, s, q = [], [], []
    for _ in range(rounds):
        c.append(cli(name, games, binary))
        s.append(simulate(name, games))
        q.append(simulate(name, games, per_game=False))
    c, s, q = min(c), min(s), min(q)
    loop = python_loop(name, max(games // 10, 1)) * 10 if games >= 10 else python_loop(name, games)
    print(f"CLI simulate                   {games / c:9.1f} games/s")
    print(f"Python simulate()              {games / s:9.1f} games/s  "
          f"({100 * (s / c - 1):+.1f}% time vs CLI)")
    print(f"Python simulate(per_game=False){games / q:9.1f} games/s  "
          f"({100 * (q / c - 1):+.1f}% time vs CLI)")
    print(f"Python game loop               {games / loop:9.1f} games/s")
    print(f"load {os.getloadavg()[0]:.1f} at the end")
