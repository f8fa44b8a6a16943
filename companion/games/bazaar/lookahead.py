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
from companion.games.bazaar.planner import NEVER, expected, plan, trades_of
from companion.games.bazaar.rules import CUBE_LIMIT, STALLS_TO_CLOSE, points
from companion.games.bazaar.view import SeatView

TARGET, OTHER = 0.75, 0.25
"""The chance another player who can buy a ware before this one does, when they likely
aim at it and when not."""
WON = 100.0
"""The worth of a purchase that ends the game with this seat ahead (its opposite, behind)."""
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
    _rivals: list[list[tuple[float, bool]]] | None = None

    # ------------------------------------------------------------ the others' race
    def rivals(self) -> list[list[tuple[float, bool]]]:
        """Per stall, each other player who can afford its ware by trades alone: the turns
        they need (their own, counted from now) and whether they likely aim at it (it is
        their soonest, or their most points per turn)."""
        if self._rivals is None:
            view, me = self.view, self.view.seat
            players = len(view.cubes)
            wares = list(view.wares)
            by_stall: list[list[tuple[float, bool]]] = [[] for _ in wares]
            for step in range(1, players):
                other = (me + step) % players
                if sum(view.cubes[other]) > CUBE_LIMIT:
                    continue
                plans = plan(view.cubes[other], view.bank, view.equations, wares, view.bonus, rolls=False)
                reached = [
                    (p.stall, p.turns, p.points)
                    for p in plans
                    if p is not None and p.turns is not None and p.points is not None
                ]
                if not reached:
                    continue
                soonest = min(turns for _, turns, _ in reached)
                richest = max(score / turns for _, turns, score in reached)
                for stall, turns, score in reached:
                    by_stall[stall].append((turns, turns == soonest or score / turns == richest))
            self._rivals = by_stall
        return self._rivals

    def kept(self, stall: int, turns: float) -> float:
        """The chance the stall's ware is still there on this seat's ``turns``-th turn from
        now: each other player plays once before each of them, and one who affords it by
        then takes it, likely if they aim at it, less so otherwise."""
        kept = 1.0
        for theirs, soonest in self.rivals()[stall]:
            if theirs <= turns:
                kept *= 1 - (TARGET if soonest else OTHER)
        return kept

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
        for p in plan(held, view.bank, view.equations, wares, view.bonus, rolls=True):
            if p is None:
                continue
            # turn 1 is the next one: its action, then the purchase; a roll counted as
            # the phones' advice counts it (its faces alike)
            turns = max(min(expected(p)), 1.0)
            if turns >= NEVER:
                continue
            best = max(best, self.kept(p.stall, turns) * (p.points or 1) / turns)
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
            ends = self.ending(stall, now)
            if ends is not None:
                worth = ends
            else:
                worth = now + (self.prospect(left, gone) if self.spent < self.budget else 0.0)
            if worth > best[0]:
                best = (worth, stall)
        return best[0], best[1]

    def ending(self, stall: int, now: int) -> float | None:
        """If buying the stall's ware empties the stall that ends the game: the win or
        loss it seals (None: the game goes on)."""
        view = self.view
        emptied = sum(1 for left in view.stalls_left if left == 0)
        if view.stalls_left[stall] != 1 or emptied + 1 < STALLS_TO_CLOSE:
            return None
        mine = view.scores[view.seat] + now
        others = max(score for seat, score in enumerate(view.scores) if seat != view.seat)
        return WON if mine > others else -WON

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
