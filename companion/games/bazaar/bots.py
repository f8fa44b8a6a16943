"""Bots that plan their trades towards the wares: quick and greedy (seated by default),
easy (a beginner's opponent) and strong (lookahead.py), the last two when the host
chooses them.

Each turn quick and greedy ask their planner (nearplan.py: three turns ahead, the bank's
limits aside) for every face-up ware: the fewest trades to afford it, and per die face the
turns a roll would take instead. Like the phone's advice (planner.recommend), they weigh
the roll by its six equally likely faces, pick a target by their style, and either take
the plan's first trade (the first the bank can pay) or roll, whichever is expected to be
sooner. They buy the best-scoring ware they can.
As the player to the left of someone over 10 cubes, it returns the cubes that leave that
player furthest from every ware. All its choices come from its seat view and its own
``random.Random``, so a seed replays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.bot import Bot
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.games.bazaar.cubes import COLOURS, Equation, Ware, cubes_of
from companion.games.bazaar.lookahead import Judge
from companion.games.bazaar.nearplan import Exchange, choose, exchange
from companion.games.bazaar.planner import plan, soonest
from companion.games.bazaar.rules import choices, points
from companion.games.bazaar.state import ACT, BUY, DISCARD, START_WILD, WILD
from companion.games.bazaar.view import SeatView


def deficit(held: Sequence[int], ware: Ware) -> int:
    """How many of the ware's cubes ``held`` lacks."""
    return sum(max(0, need - have) for need, have in zip(ware.cubes, held))


class Planner(Bot[SeatView]):
    """Shared reasoning; a style ranks the targets (``rank``)."""

    style = "planner"

    def __init__(self, rng: random.Random, effort: float = 1.0) -> None:
        super().__init__(rng, effort)
        self._exchange: Exchange | None = None

    def decide(self, view: SeatView, seat: int) -> Event:
        if view.phase in (START_WILD, WILD):
            return Event("take", seat, {"colour": self.colour(view)})
        if view.phase == ACT:
            return self.act(view, seat)
        if view.phase == BUY:
            return self.buy(view, seat)
        if view.phase == DISCARD:
            return Event("discard", seat, {"cubes": self.discard(view)})
        raise ValueError(f"a bot is not asked to act in phase {view.phase!r}")

    # ------------------------------------------------------------ a turn
    def rank(self, points: int | None, stall: int, turns: float) -> tuple:
        """Smaller is better: the soonest ware, then the most points."""
        return soonest(points, stall, turns)

    def act(self, view: SeatView, seat: int) -> Event:
        """The best action of the turn by the default bots' planner, the wares ranked by
        the bot's style."""
        step = choose(view.mine, view.bank, self.exchange(view.equations), view.wares, view.bonus, self.rank)
        if step is None:
            return Event("roll", seat)
        return Event("trade", seat, {"equation": step.equation, "give": step.give})

    def exchange(self, equations: tuple[Equation, ...]) -> Exchange:
        """The planner's view of the game's exchange, looked up again only when its
        equations change (never within a game): comparing the same equations costs
        less than hashing them each turn."""
        if self._exchange is None or self._exchange.equations != equations:
            self._exchange = exchange(equations)
        return self._exchange

    def buy(self, view: SeatView, seat: int) -> Event:
        held = view.mine
        left = sum(held) - 5
        affordable = [
            (points(int(ware.star) + int(view.bonus), left), k)
            for k, ware in enumerate(view.wares)
            if ware is not None and deficit(held, ware) == 0
        ]
        if not affordable:
            return Event("done", seat)
        _, stall = max(affordable, key=lambda pk: (pk[0], -pk[1]))
        return Event("buy", seat, {"stall": stall})

    # ------------------------------------------------------------ choices
    def colour(self, view: SeatView) -> str:
        """After the wild face: the colour that brings a ware nearest (the bank must have it)."""
        held = view.mine
        options = [c for c in range(5) if view.bank[c]]
        gaps = [(deficit(held, w), w.cubes) for w in view.wares if w is not None]

        def after(c: int) -> tuple:  # a cube of c narrows the gap of each ware lacking c
            return (min((gap - (need[c] > held[c]) for gap, need in gaps), default=0), -view.bank[c], c)

        return COLOURS[min(options, key=after)]

    def discard(self, view: SeatView) -> dict[str, int]:
        """The owner's cubes to return: those that leave them furthest from every ware."""
        assert view.discard is not None, "a bot returns cubes only in the discard phase"
        owner, _, excess = view.discard
        held = view.cubes[owner]
        wares = [w for w in view.wares if w is not None]

        def harm(choice: tuple[int, ...]) -> tuple:
            left = tuple(h - c for h, c in zip(held, choice))
            gaps = sorted(deficit(left, w) for w in wares)
            return (gaps[:1], sum(gaps), choice)

        chosen = max(choices(tuple(held), excess), key=harm)
        return {COLOURS[c]: n for c, n in enumerate(chosen) if n}


class Quick(Planner):
    style = "quick"
    title = Phrase("quick")
    summary = Phrase("goes for whichever ware it can afford soonest, whatever it scores")


class Greedy(Planner):
    style = "greedy"
    title = Phrase("greedy")
    summary = Phrase("goes for the most points per turn, stars and the last cubes' bonus counted")

    def rank(self, points: int | None, stall: int, turns: float) -> tuple:
        per_turn = (points or 1) / max(turns, 1.0)
        return (-per_turn, turns, stall)


class Easy(Planner):
    """A beginner's opponent: it rolls every turn unless one trade buys a ware at once,
    and buys the first ware it can."""

    style = "easy"
    title = Phrase("easy")
    summary = Phrase("rolls the die nearly every turn and buys the first ware it can: a gentle opponent")
    by_default = False

    def act(self, view: SeatView, seat: int) -> Event:
        plans = plan(view.mine, view.bank, view.equations, view.wares, view.bonus, rolls=False)
        for p in plans:
            if p is not None and p.turns == 1 and p.first is not None:
                return Event("trade", seat, {"equation": p.first.equation, "give": p.first.give})
        return Event("roll", seat)

    def buy(self, view: SeatView, seat: int) -> Event:
        for stall, ware in enumerate(view.wares):
            if ware is not None and deficit(view.mine, ware) == 0:
                return Event("buy", seat, {"stall": stall})
        return Event("done", seat)


class Strong(Planner):
    """Weighs each of the turn's actions by what it leads to (lookahead.py): the roll by
    its six faces, each trade by its result, each by the points bought now and the best
    points per turn to come, a ware another player will likely buy first counted at a
    fraction; a purchase that ends the game only if it wins it. Its budget is counted in
    planner searches (``BUDGET`` at effort 1.0, about 20 ms at worst on the reference
    machine; a decision uses 7 searches, 21 at most in measured games), never a clock."""

    style = "strong"
    title = Phrase("strong")
    summary = Phrase(
        "weighs every trade and the roll by the points they lead to, and races the others for the wares"
    )
    by_default = False
    BUDGET = 60
    """Prospects (planner searches) per decision at effort 1.0."""

    def judge(self, view: SeatView) -> Judge:
        return Judge(view, max(1, round(self.BUDGET * self.effort)))

    def act(self, view: SeatView, seat: int) -> Event:
        judge = self.judge(view)
        best, event = judge.roll(), Event("roll", seat)
        for worth, equation, give in judge.trades():
            if worth > best:
                best, event = worth, Event("trade", seat, {"equation": equation, "give": give})
        return event

    def buy(self, view: SeatView, seat: int) -> Event:
        _, stall = self.judge(view).after_buying(view.mine)
        return Event("done", seat) if stall is None else Event("buy", seat, {"stall": stall})

    def colour(self, view: SeatView) -> str:
        if view.phase != WILD:
            return super().colour(view)
        judge = self.judge(view)
        options = [c for c in range(5) if view.bank[c]]

        def worth(c: int) -> float:
            return judge.after_buying(cubes_of(n + (i == c) for i, n in enumerate(view.mine)))[0]

        return COLOURS[max(options, key=lambda c: (worth(c), -c))]


STYLES = {"easy": Easy, "greedy": Greedy, "quick": Quick, "strong": Strong}
