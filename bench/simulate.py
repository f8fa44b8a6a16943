"""Headless games between bots: games per second on one core for every registered game,
and the speed-up of playing them on two worker processes.

A game costs everything it costs in `samarkand simulate`: bots' decisions from their seats'
views, the engine, the draws, the final scoring (Le Marché's with the optimal discard).
Goals: Le Marché, plain Python, at least 500 five-player games/s on one core; two workers
at least 1.8 times one. Several rounds are played; a shared machine only ever slows a round
down, so the best round is the code's speed and the median is shown too. Each round plays
games of its own seed, as a long simulation plays games it has not seen: whatever a process
keeps between games (Bazaar's default bots keep each ware's plans, nearplan.py) is as warm
as in a long simulation, no warmer (replaying the same games would find every plan kept).
The bots' share is measured on a further round of new games after those; a fresh process's
first round (``first_…``, in a process of its own) pays for all it keeps.
Run: .venv/bin/python bench/simulate.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

GAMES = {
    "marche": ("marche", {}, 5, 400),
    "marche_4": ("marche", {}, 4, 400),
    "market": ("market", {}, 4, 200),
    "bazaar": ("bazaar", {}, 4, 100),
    "samarkand": ("samarkand", {"edition": "2.0"}, 4, 40),
    "samarkand_1998": ("samarkand", {"edition": "1998"}, 4, 40),
}
"""Each table: its game, rule options, players and games per round (the largest games take
longest). Goals per core: Le Marché 500 five-player games/s; Market 100, Bazaar 50,
Samarkand 30 in both editions, with 4 players; the bots at most half of a game's time."""


def per_core(name: str, rules: dict, players: int, games: int, rounds: int = 5) -> dict:
    """Games per second of this process's CPU time, one worker, and the bots' share of it;
    the same for a fresh process's first round."""
    from companion.simulation import simulate

    simulate(name, players, min(games, 20), seed=99, rules=rules)  # warm up imports and caches
    rates = sorted(rate(name, rules, players, games, seed) for seed in range(2, 2 + rounds))
    bots, whole = bots_time(name, rules, players, games, 2 + rounds)
    return {
        "players": players,
        "games": games,
        "per_core_best": round(rates[-1], 1),
        "per_core_median": round(rates[len(rates) // 2], 1),
        "bots_share": round(bots / whole, 2),
        "bots_ms_per_game": round(1000 * bots / games, 2),
        "rest_ms_per_game": round(1000 * (whole - bots) / games, 2),
        "first_per_core": round(first_round(rate, name, rules, players, games), 1),
        "first_bots_share": first_round(bots_share, name, rules, players, games),
    }


def first_round(measure: Callable[..., float], name: str, rules: dict, players: int, games: int) -> float:
    """``measure`` (``rate`` or ``bots_share``) in a new process, its imports done: what a
    simulation's first games cost before anything is kept (the share's timers slow the
    games down, so each is measured in a process of its own), on seed 1's games."""
    answer = subprocess.run(
        [sys.executable, __file__, "--first", measure.__name__, json.dumps([name, rules, players, games])],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(answer.stdout)


def rate(name: str, rules: dict, players: int, games: int, seed: int = 1) -> float:
    """Games per second of this process's CPU time for one run of ``seed``'s games."""
    from companion.core.registry import game_spec
    from companion.simulation import simulate

    game_spec(name)  # the game's modules imported before the clock starts
    started = time.process_time()
    simulate(name, players, games, seed=seed, rules=rules)
    return games / (time.process_time() - started)


def bots_share(name: str, rules: dict, players: int, games: int, seed: int = 1) -> float:
    """The share of one run's CPU time spent in the bots' decisions (``bots_time``)."""
    bots, whole = bots_time(name, rules, players, games, seed)
    return round(bots / whole, 2)


def bots_time(name: str, rules: dict, players: int, games: int, seed: int = 1) -> tuple[float, float]:
    """The CPU seconds of one run spent in the bots' decisions, and the run's: every
    ``decide…`` method of each default style is timed (Le Marché's simulator asks for picks,
    bids and claims), a decision inside another counted once. Beside the share, the
    milliseconds a game say whether the bots or the rest (the engine, the driver, the views)
    moved: a faster engine raises the bots' share."""
    from companion.core.registry import game_spec
    from companion.simulation import simulate

    spent, depth = [0.0], [0]

    def timed(decide):
        def decide_timed(bot, *args):
            depth[0] += 1
            started = time.process_time()
            try:
                return decide(bot, *args)
            finally:
                depth[0] -= 1
                if depth[0] == 0:
                    spent[0] += time.process_time() - started

        return decide_timed

    spec = game_spec(name)
    patched = {
        (cls, method): cls.__dict__.get(method)
        for cls in {spec.bots[style] for style in spec.default_styles()}
        for method in dir(cls)
        if method.startswith("decide")
    }
    for cls, method in patched:
        setattr(cls, method, timed(getattr(cls, method)))
    try:
        started = time.process_time()
        simulate(name, players, games, seed=seed, rules=rules)
        whole = time.process_time() - started
    finally:
        for (cls, method), own in patched.items():
            if own is None:
                delattr(cls, method)
            else:
                setattr(cls, method, own)
    return spent[0], whole


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
        label: per_core(name, rules, players, games)
        for label, (name, rules, players, games) in GAMES.items()
        if name in known
    }
    figures["marche_on_two_workers"] = speed_up("marche", 5, 2000)
    return figures


if __name__ == "__main__":
    if sys.argv[1:2] == ["--first"]:  # first_round's own process
        print({"rate": rate, "bots_share": bots_share}[sys.argv[2]](*json.loads(sys.argv[3])))
    else:
        for key, value in run().items():
            print(f"{key}: {value}")
