"""Discard advice timing: worst case over the largest hand and random large hands.

The largest hand is every goods card of four types (five players, 40 cards), timed at
every capacity 0..40; random large hands keep each card with a probability of 0.6-1.0,
over three or four buyable types. Each case is timed a few times and its fastest run
kept, so a busy machine does not inflate the worst case. Goal: under 10 ms.
Run: .venv/bin/python bench/discard.py
"""

from __future__ import annotations

import random
import time

from companion.games.marche.discard import best_keep
from companion.games.marche.options import MarcheOptions
from companion.games.marche.rules import GOODS_TYPES

REPEATS = 3
RANDOM_HANDS = 40


def _time_ms(goods: dict, capacity: int, buyable: list[str], set_scoring: str) -> float:
    fastest = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        best_keep(goods, capacity, buyable, set_scoring)
        fastest = min(fastest, time.perf_counter() - start)
    return fastest * 1000


def _worst(hands: list[tuple[dict, list[str]]], set_scoring: str) -> tuple[float, float, int]:
    """(worst ms, mean ms, capacity of the worst) over every hand and capacity 0..size."""
    times = [
        (_time_ms(goods, cap, buyable, set_scoring), cap)
        for goods, buyable in hands
        for cap in range(sum(len(v) for v in goods.values()) + 1)
    ]
    worst, cap = max(times)
    return worst, sum(t for t, _ in times) / len(times), cap


def run(seed: int = 1) -> dict:
    deck = MarcheOptions.from_rules().goods_cards
    four = list(GOODS_TYPES[:4])
    largest = [({t: list(deck) for t in four}, four)]
    rng = random.Random(seed)
    hands = []
    for _ in range(RANDOM_HANDS):
        buyable, keep = four[: rng.choice((3, 4))], rng.uniform(0.6, 1.0)
        hands.append(({t: [v for v in deck if rng.random() < keep] for t in buyable}, buyable))
    figures = {}
    for set_scoring in ("rulebook", "doubling"):
        worst, mean, cap = _worst(largest, set_scoring)
        figures[f"{set_scoring}_largest_hand_worst_ms"] = worst
        figures[f"{set_scoring}_largest_hand_worst_capacity"] = cap
        figures[f"{set_scoring}_largest_hand_mean_ms"] = mean
        worst, mean, cap = _worst(hands, set_scoring)
        figures[f"{set_scoring}_random_hands_worst_ms"] = worst
        figures[f"{set_scoring}_random_hands_mean_ms"] = mean
    return figures


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:.2f}" if isinstance(value, float) else f"{name}: {value}")
