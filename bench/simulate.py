"""Headless Le Marché: full 5-player games between bots per second, on one core.

Includes everything a game costs: bots' decisions from their seats' views, the engine, chance
draws and the final scoring with the optimal discard. Goal: at least 500 games/s, plain Python.
Run: .venv/bin/python bench/simulate.py
"""
from __future__ import annotations

import time

TIMING = ("seconds", "games_per_second")


def measure(games: int, players: int, rounds: int = 5) -> dict:
    """Games per second (CPU time of this process) and the games' summary.

    The same games are played in several rounds: a shared machine only ever slows a round
    down, so the best round is the code's speed (as timeit reports); the median is shown too.
    """
    from companion.games.marche.simulate import simulate
    simulate(players, 20, seed=99)                        # warm up imports and caches
    rates = []
    for _ in range(rounds):
        started = time.process_time()
        summary = simulate(players, games, seed=1).to_dict()
        rates.append(games / (time.process_time() - started))
    rates.sort()
    return {"games_per_second_cpu_best": round(rates[-1], 1),
            "games_per_second_cpu_median": round(rates[len(rates) // 2], 1),
            "summary": {k: v for k, v in summary.items() if k not in TIMING}}


def run(games: int = 400, players: int = 5) -> dict:
    figures = measure(games, players)
    summary = figures.pop("summary")
    return {"games": games, "players": players, "stops_per_game": summary["stops_per_game"],
            **figures}


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}: {value}")
