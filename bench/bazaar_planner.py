"""Bazaar's trade planner timing: all four wares at once, over random positions.

Each case is a random set of 10 equations (two cards of five, each side 1-5 cubes sharing
no colour with the other: the shape of the real cards), a random holding of 0-10 cubes, a
bank with 0-20 of each colour, and four random face-up wares; it is planned with the roll
analysis (the five faces' searches) as the phones and the bots ask for it. Each case is
timed a few times and its fastest run kept, so a busy machine does not inflate the worst
case: that is a turn of a game, whose equations and face-up wares the planner has seen
before. "cold" is each case with nothing cached but the tables (timed the same way): a new
game's first turn. Goal: the worst case under 20 ms. The tables are built once per process.
Run: .venv/bin/python bench/bazaar_planner.py
"""

from __future__ import annotations

import random
import time
import timeit

from companion.games.bazaar.cubes import Equation, Ware, check_equation, letters
from companion.games.bazaar.planner import (
    _cached_sets,
    _cap_limits,
    _pre_goals,
    holding_at_least,
    plan,
    tables,
    trades_of,
)

REPEATS = 3
CASES = 300


def random_side(rng: random.Random, colours: list[int], size: int) -> tuple[int, ...]:
    cubes = [0] * 5
    for _ in range(size):
        cubes[rng.choice(colours)] += 1
    return tuple(cubes)


def random_equations(rng: random.Random) -> tuple[Equation, ...]:
    equations = []
    while len(equations) < 10:
        left_colours = rng.sample(range(5), rng.randint(1, 3))
        right_colours = rng.sample(
            [c for c in range(5) if c not in left_colours], rng.randint(1, min(3, 5 - len(left_colours)))
        )
        left = random_side(rng, left_colours, rng.randint(max(1, len(left_colours)), 5))
        right = random_side(rng, right_colours, rng.randint(max(1, len(right_colours)), 5))
        if 0 in [sum(left), sum(right)]:
            continue
        equations.append(check_equation(left, right, f"{letters(left)} = {letters(right)}"))
    return tuple(equations)


def random_case(rng: random.Random):
    held = random_side(rng, list(range(5)), rng.randint(0, 10))
    bank = tuple(rng.randint(0, 20 - h) if rng.random() < 0.3 else 20 - h for h in held)
    wares = [Ware(random_side(rng, list(range(5)), 5), rng.random() < 0.3) for _ in range(4)]
    return held, bank, random_equations(rng), wares


def _time_ms(case) -> float:
    """The fastest of a few runs of one case."""
    return 1000 * min(timeit.repeat(lambda: plan(*case), repeat=REPEATS, number=1))


def _cold_ms(case) -> float:
    """The same with nothing cached but the tables before each run."""

    def cold() -> None:
        trades_of.cache_clear()
        _pre_goals.cache_clear()
        _cap_limits.cache_clear()
        _cached_sets.cache_clear()
        holding_at_least.cache_clear()
        plan(*case)

    return 1000 * min(timeit.repeat(cold, repeat=REPEATS, number=1))


def run(seed: int = 1) -> dict:
    start = time.perf_counter()
    tables()
    first_ms = (time.perf_counter() - start) * 1000
    rng = random.Random(seed)
    cases = [random_case(rng) for _ in range(CASES)]
    cold = [_cold_ms(case) for case in cases]
    times = sorted(_time_ms(case) for case in cases)
    unreached = sum(p.turns is None for case in cases for p in plan(*case) if p)
    return {
        "tables_built_once_ms": round(first_ms, 1),
        "cases": CASES,
        "worst_ms": round(times[-1], 2),
        "p95_ms": round(times[int(0.95 * len(times))], 2),
        "median_ms": round(times[len(times) // 2], 2),
        "mean_ms": round(sum(times) / len(times), 2),
        "cold_worst_ms": round(max(cold), 2),
        "cold_mean_ms": round(sum(cold) / len(cold), 2),
        "wares_not_reachable_by_trades": f"{unreached} of {4 * CASES}",
        "goal_ms": 20,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
