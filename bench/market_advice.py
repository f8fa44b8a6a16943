"""Samarkand Market's best-sale advice: its worst case for 15 cubes and three cards of up
to four sets each. Goal: under 5 ms.

The search's work grows with the sub-collections of the cubes held (largest when 15 cubes
are spread evenly: 4**5 = 1024) and with how many sets fit in how many of them (largest
when the sets are small and none makes another useless). So it is timed:
- on an adversarial market (12 sets of one or two cubes, every colour, none dominated)
  for every way of holding 15 cubes in five colours (3,876 holdings);
- on random markets of four sets of one to four cubes each, and random 15-cube holdings;
- on every three cards of the invented sample deck, for the even 15-cube holding.
Each case is timed in CPU time (a process waiting for the processor is not counted), a
few times with its fastest run kept, and the slowest cases again with many more runs, so a
busy machine does not inflate the worst case.
Run: .venv/bin/python bench/market_advice.py
"""

from __future__ import annotations

import random
import time
from itertools import combinations

from companion.core.registry import game_spec
from companion.games.market import cubes as cu
from companion.games.market.cards import Card, CubeSet, parse_deck
from companion.games.market.sale import best

REPEATS = 3
RETIMED, RETIME_REPEATS = 25, 20
RANDOM_CASES = 300
EVEN = (3, 3, 3, 3, 3)


def _ms(held: cu.Cubes, markets, repeats: int = REPEATS) -> float:
    fastest = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        best(held, markets)
        fastest = min(fastest, time.process_time() - start)
    return fastest * 1000


def _worst(cases: list[tuple[cu.Cubes, list[Card]]]) -> tuple[float, float, cu.Cubes]:
    """(worst ms, mean ms, the worst case's holding), the slowest cases timed again."""
    times = sorted(((_ms(held, markets), i) for i, (held, markets) in enumerate(cases)), reverse=True)
    mean = sum(t for t, _ in times) / len(times)
    worst, index = max((_ms(*cases[i], RETIME_REPEATS), i) for _, i in times[:RETIMED])
    return worst, mean, cases[index][0]


def holdings(total: int = 15):
    """Every way of holding ``total`` cubes in five colours."""
    for cut in combinations(range(total + 4), 4):
        bounds = (-1, *cut, total + 4)
        yield tuple(bounds[i + 1] - bounds[i] - 1 for i in range(5))


def adversarial() -> list[Card]:
    """Five single cubes and seven pairs, each pair paying more than its singles."""
    singles = [CubeSet(cu.one(c), 10 + i) for i, c in enumerate(cu.COLOURS)]
    pairs = [
        CubeSet(cu.add(cu.one(a), cu.one(b)), 30 + i)
        for i, (a, b) in enumerate(list(combinations(cu.COLOURS, 2))[:7])
    ]
    sets = singles + pairs
    return [Card(f"A{i}", tuple(sets[4 * i : 4 * i + 4])) for i in range(3)]


def random_market(rng: random.Random) -> list[Card]:
    cards = []
    for i in range(3):
        sets: dict[cu.Cubes, CubeSet] = {}
        while len(sets) < 4:
            cubes = [0] * 5
            for _ in range(rng.randint(1, 4)):
                cubes[rng.randrange(5)] += 1
            sets[tuple(cubes)] = CubeSet(tuple(cubes), rng.randint(5, 120))
        cards.append(Card(f"R{i}", tuple(sets.values())))
    return cards


def random_holding(rng: random.Random) -> cu.Cubes:
    counts = [0] * 5
    for _ in range(15):
        counts[rng.randrange(5)] += 1
    return tuple(counts)


def run(seed: int = 1) -> dict:
    rng = random.Random(seed)
    market = adversarial()
    worst, mean, held = _worst([(held, market) for held in holdings()])
    random_worst, random_mean, _ = _worst(
        [(random_holding(rng), random_market(rng)) for _ in range(RANDOM_CASES)]
    )
    deck = parse_deck(game_spec("market").option("market_deck").default)
    sample_worst, sample_mean, _ = _worst([(EVEN, list(three)) for three in combinations(deck, 3)])
    return {
        "adversarial_every_holding_worst_ms": round(worst, 3),
        "adversarial_worst_holding": cu.letters(held),
        "adversarial_every_holding_mean_ms": round(mean, 3),
        "random_markets_worst_ms": round(random_worst, 3),
        "random_markets_mean_ms": round(random_mean, 3),
        "sample_deck_every_three_cards_worst_ms": round(sample_worst, 3),
        "sample_deck_every_three_cards_mean_ms": round(sample_mean, 3),
        "goal_ms": 5.0,
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
