"""The strong bot's judgement: this turn's options weighed by what they lead to, the other
players' race for the same wares counted.

A turn's action is a trade (its result known) or a roll (six equally likely faces, the
wild one the best colour the bank has); then the player buys what is worth buying. Each
outcome is judged by the points bought this turn plus the holding's ``prospect``: the
best points per turn it can expect from the face-up wares, by the planner's plans
(fewest turns, then fewest cubes left), a ware counted at a fraction of its worth when
another player, by the same planner, affords it before this one can. The die's faces are
public chance and everything used is in the seat's view (the cards not yet face up are
hidden from every seat: the bot never looks at the deck).

The work is counted in prospects (each one a planner search), at most ``budget`` per
decision: the action's outcomes are judged in a fixed order (the roll first, then the
trades in the order of the equations), so a smaller budget sees fewer of them, the same
ones for the same position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.games.bazaar.cubes import Cubes, Ware, cubes_of
from companion.games.bazaar.planner import plan, trades_of
from companion.games.bazaar.rules import CUBE_LIMIT, points
from companion.games.bazaar.view import SeatView

LOST = 0.25
"""The share of a ware's worth kept when another player can buy it before this one."""
COLOUR_COUNT = 5


def can_buy(held: Sequence[int], ware: Ware) -> bool:
    return all(h >= n for h, n in zip(held, ware.cubes))


@dataclass
class Judge:
    """One decision's judgement of holdings, for ``view``'s seat, within ``budget`` prospects."""

    view: SeatView
    budget: int
    spent: int = 0
    _prospects: dict[tuple[Cubes, tuple[bool, ...]], float] = field(default_factory=dict)
    _rivals: list[list[int | None]] | None = None

    # ------------------------------------------------------------ the others' race
    def rivals(self) -> list[list[int | None]]:
        """Per stall, the turns each other player needs by trades alone (their own turns,
        counted from now), in the order they play after this seat."""
        if self._rivals is None:
            view, me = self.view, self.view.seat
            players = len(view.cubes)
            wares = list(view.wares)
            by_stall: list[list[int | None]] = [[] for _ in wares]
            for step in range(1, players):
                other = (me + step) % players
                if sum(view.cubes[other]) > CUBE_LIMIT:
                    continue
                plans = plan(view.cubes[other], view.bank, view.equations, wares, view.bonus, rolls=False)
                for stall, p in enumerate(plans):
                    if p is not None:
                        by_stall[stall].append(p.turns)
            self._rivals = by_stall
        return self._rivals

    def kept(self, stall: int, turns: int) -> float:
        """The share of stall's ware's worth kept if this seat buys it on its ``turns``-th
        turn from now: another player who affords it by trades alone in fewer of their
        own turns (each of them plays once between two of this seat's turns) takes it."""
        if any(theirs is not None and theirs < turns for theirs in self.rivals()[stall]):
            return LOST
        return 1.0

    # ------------------------------------------------------------ a holding's prospect
    def prospect(self, held: Cubes, gone: tuple[bool, ...]) -> float:
        """Points per turn the holding can expect from its next turn on: the best ware not
        ``gone`` (bought in the line judged), by the planner's fewest turns and cubes left."""
        key = (held, gone)
        if key not in self._prospects:
            self._prospects[key] = self._prospect(held, gone)
        return self._prospects[key]

    def _prospect(self, held: Cubes, gone: tuple[bool, ...]) -> float:
        if sum(held) > CUBE_LIMIT:
            return 0.0  # the player to the left will choose what is returned: a poor bet
        self.spent += 1
        view = self.view
        wares = [None if out else ware for ware, out in zip(view.wares, gone)]
        best = 0.0
        for p in plan(held, view.bank, view.equations, wares, view.bonus, rolls=False):
            if p is None or p.turns is None or p.points is None:
                continue
            # turn 1 is the next one: the plan's trades, then the purchase in the last
            best = max(best, self.kept(p.stall, p.turns) * p.points / p.turns)
        return best

    # ------------------------------------------------------------ this turn
    def after_buying(self, held: Cubes) -> tuple[float, int | None]:
        """The best of buying one affordable ware now (or none): points now plus the
        prospect after, and the stall bought (None: nothing worth buying)."""
        view = self.view
        nothing = tuple(False for _ in view.wares)
        best: tuple[float, int | None] = (
            self.prospect(held, nothing) if self.spent < self.budget else 0.0,
            None,
        )
        for stall, ware in enumerate(view.wares):
            if ware is None or not can_buy(held, ware):
                continue
            left = cubes_of(h - n for h, n in zip(held, ware.cubes))
            now = points(int(ware.star) + int(view.bonus), sum(left))
            gone = tuple(k == stall for k in range(len(view.wares)))
            later = self.prospect(left, gone) if self.spent < self.budget else 0.0
            if now + later > best[0]:
                best = (now + later, stall)
        return best[0], best[1]

    def roll(self) -> float:
        """The roll's worth: its six faces alike, the wild face the best colour."""
        view = self.view
        held, bank = view.mine, view.bank
        faces = []
        for colour in range(COLOUR_COUNT):
            after = cubes_of(h + (c == colour and bank[c] > 0) for c, h in enumerate(held))
            faces.append(self.after_buying(after)[0])
        open_faces = [value for colour, value in enumerate(faces) if bank[colour]]
        wild = max(open_faces) if open_faces else self.after_buying(held)[0]
        return (sum(faces) + wild) / (COLOUR_COUNT + 1)

    def trades(self) -> list[tuple[float, int, str]]:
        """Each trade the seat can make now: its worth, equation and side given."""
        view = self.view
        held, bank = view.mine, view.bank
        judged = []
        for trade in trades_of(tuple(view.equations)):
            if self.spent >= self.budget:
                break
            if not all(h >= g for h, g in zip(held, trade.given)):
                continue
            if not all(b >= t for b, t in zip(bank, trade.taken)):
                continue
            after = cubes_of(h - g + t for h, g, t in zip(held, trade.given, trade.taken))
            judged.append((self.after_buying(after)[0], trade.equation, trade.give))
        return judged
