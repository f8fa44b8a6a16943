"""A whole state that agrees with what one seat may know: what a searching bot plays on.

From a seat's view (``SeatView``) alone: its own goods and money, the public board, camps,
chips or token, positions and every supply's size. What it cannot see is drawn at random
from what it can infer: the goods nobody shows (the bag or deck, and the other supplies)
are the game's goods less its own and the camps' fields, a multiset; each other seat's
supply is that many goods drawn from it, the rest is the bag. Where money is secret (2.0)
another seat is guessed to hold as much as this one. The bag's order is never known, nor
needed: the engine's draws are from what is left, as a multiset.
"""

from __future__ import annotations

import random

from companion.games.samarkand import goods as g
from companion.games.samarkand.state import PLACE, SamarkandState
from companion.games.samarkand.view import SeatView


def unseen_goods(view: SeatView) -> dict[str, int]:
    """The goods this seat does not see: the bag or deck and the other seats' supplies."""
    unseen = g.full_supply(view.rules.edition, len(view.positions))
    g.take(unseen, view.hand)
    for field in view.camps:
        g.take(unseen, field)
    return unseen


def determinise(view: SeatView, rng: random.Random) -> SamarkandState:
    """A state the seat cannot tell from the real one, its hidden parts drawn with ``rng``."""
    seat, players = view.seat, len(view.positions)
    pool = [kind for kind, n in sorted(unseen_goods(view).items()) for _ in range(n)]
    rng.shuffle(pool)
    hands: list[dict[str, int]] = []
    for other in range(players):
        if other == seat:
            hands.append(dict(view.hand))
            continue
        hands.append(_counted(pool[: view.goods_counts[other]]))
        del pool[: view.goods_counts[other]]
    supply = _counted(pool)
    placed = view.phase != PLACE
    return SamarkandState(
        rules=view.rules,
        board=view.board,
        names=tuple(str(s + 1) for s in range(players)),
        phase=view.phase,
        turn=view.turn,
        turns=view.turns,
        supply=supply,
        hands=hands,
        money=list(view.others_money) if view.others_money is not None else [view.money] * players,
        camps=[dict(c) for c in view.camps],
        capacities=list(view.capacities),
        cities=dict(view.cities),
        positions=list(view.positions),
        eliminated=[placed and where is None for where in view.positions],
        chips=list(view.chips),
        token=view.token,
        here=view.here,
        arrived=view.arrived,
        traded=view.traded,
        die=view.die,
    )


def _counted(kinds: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return counts
