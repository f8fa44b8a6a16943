"""Headless Le Marché: full 5-player games between bots per second, on one core.

Includes everything a game costs: bots' decisions, the engine, chance draws and the final
scoring with the optimal discard. Goal: at least 2,000 games/s.
Run: .venv/bin/python bench/simulate.py
"""
from __future__ import annotations

import time

from companion.marche.simulate import simulate


def run(games: int = 400, players: int = 5) -> dict:
    simulate(players, 20, seed=99)                        # warm up imports and caches
    started = time.process_time()
    summary = simulate(players, games, seed=1)
    cpu = time.process_time() - started
    return {"games": games, "players": players,
            "games_per_second_wall": round(games / summary.seconds, 1),
            "games_per_second_cpu": round(games / cpu, 1),
            "stops_per_game": summary.to_dict()["stops_per_game"]}


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}: {value}")
