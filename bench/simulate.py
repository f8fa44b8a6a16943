"""Headless Le Marché: full 5-player games between bots per second, on one core.

Includes everything a game costs: bots' decisions, the engine, chance draws and the final
scoring with the optimal discard. Goal: at least 2,000 games/s. Measured twice: interpreted in
this process, and with the mypyc build (companion/compiled.py) in a fresh one; both must play
the same games.
Run: .venv/bin/python bench/simulate.py
"""
from __future__ import annotations

import json
import subprocess
import sys
import time

TIMING = ("seconds", "games_per_second")
COMPILED_CHILD = (
    "import json, runpy, sys\n"
    "from companion.compiled import use\n"
    "build = use()\n"
    "measure = runpy.run_path(sys.argv[1])['measure']\n"
    "print(json.dumps({**measure(int(sys.argv[2]), int(sys.argv[3])), 'build': build}))\n")
"""A fresh interpreter that picks the build before it imports the simulator."""


def measure(games: int, players: int, rounds: int = 5) -> dict:
    """Games per second of the simulator as this process imports it, and the games' summary.

    The same games are played in several rounds: a shared machine only ever slows a round
    down, so the best round is the code's speed (as timeit reports); the median is shown too.
    """
    from companion.games.marche import simulate as module
    simulate = module.simulate
    simulate(players, 20, seed=99)                        # warm up imports and caches
    rates = []
    for _ in range(rounds):
        started = time.process_time()
        summary = simulate(players, games, seed=1).to_dict()
        rates.append(games / (time.process_time() - started))
    rates.sort()
    return {"games_per_second_cpu_best": round(rates[-1], 1),
            "games_per_second_cpu_median": round(rates[len(rates) // 2], 1),
            "summary": {k: v for k, v in summary.items() if k not in TIMING},
            "build": "interpreted" if module.__file__.endswith(".py") else "compiled"}


def run(games: int = 400, players: int = 5) -> dict:
    interpreted = measure(games, players)
    child = subprocess.run([sys.executable, "-c", COMPILED_CHILD, __file__, str(games), str(players)],
                           capture_output=True, text=True)
    if child.returncode:
        raise RuntimeError(f"the compiled run failed:\n{child.stderr}")
    compiled = json.loads(child.stdout)
    summary = interpreted.pop("summary")
    assert compiled.pop("summary") == summary, "the two builds played different games"
    return {"games": games, "players": players, "stops_per_game": summary["stops_per_game"],
            "interpreted": interpreted, "compiled": compiled,
            "speedup_cpu": round(compiled["games_per_second_cpu_best"]
                                 / interpreted["games_per_second_cpu_best"], 2)}


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}: {value}")
