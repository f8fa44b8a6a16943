"""Headless games between bots: games per second on one core for every registered game,
and the speed-up of playing them on two worker processes.

A game costs everything it costs in `samarkand simulate`: bots' decisions from their seats'
views, the engine, the draws, the final scoring (Le Marché's with the optimal discard).
Goals: Le Marché, plain Python, at least 500 five-player games/s on one core; two workers
at least 1.8 times one. The same games are played in several rounds; a shared machine only
ever slows a round down, so the best round is the code's speed and the median is shown too.
Run: .venv/bin/python bench/simulate.py
"""

from __future__ import annotations

import time

GAMES = {"marche": (5, 400), "market": (4, 200), "bazaar": (4, 100), "samarkand": (4, 20)}
"""Each game's players and games per round (the largest games take longest)."""


def per_core(name: str, players: int, games: int, rounds: int = 5) -> dict:
    """Games per second of this process's CPU time, one worker."""
    from companion.simulation import simulate

    simulate(name, players, min(games, 20), seed=99)  # warm up imports and caches
    rates = []
    for _ in range(rounds):
        started = time.process_time()
        simulate(name, players, games, seed=1)
        rates.append(games / (time.process_time() - started))
    rates.sort()
    return {
        "players": players,
        "games": games,
        "per_core_best": round(rates[-1], 1),
        "per_core_median": round(rates[len(rates) // 2], 1),
    }


def speed_up(name: str, players: int, games: int, rounds: int = 3) -> dict:
    """Wall-clock games per second on one and on two workers (the same games)."""
    from companion.simulation import simulate

    walls = {}
    for workers in (1, 2):
        best = None
        for _ in range(rounds):
            started = time.perf_counter()
            simulate(name, players, games, seed=1, workers=workers)
            took = time.perf_counter() - started
            best = took if best is None else min(best, took)
        walls[workers] = games / best
    return {
        "one_worker": round(walls[1], 1),
        "two_workers": round(walls[2], 1),
        "speed_up": round(walls[2] / walls[1], 2),
    }


def run() -> dict:
    from companion.core.registry import game_specs

    known = {spec.name for spec in game_specs()}
    figures = {
        name: per_core(name, players, games) for name, (players, games) in GAMES.items() if name in known
    }
    figures["marche_on_two_workers"] = speed_up("marche", 5, 2000)
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}: {value}")
