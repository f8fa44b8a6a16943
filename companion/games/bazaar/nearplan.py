"""The default styles' planner (quick, greedy): each face-up ware within three turns,
planned without the bank's limits.

The exact planner (planner.py: every depth, the bank as it stands) costs about 240 µs a
decision, five times the rest of a game's turn. The default bots look three turns ahead
instead: a ware further away counts as one trades never reach (``NEVER`` turns), as the
exact planner counts a ware out of reach. In four-player games against the exact
planner's bots they won as often (two turns ahead lost). Without the bank's limits a
ware's sets depend on the equations and the ware alone, so they are built once a game
and shared by every seat:

- the pre-goal holdings (one trade from holding the ware: it is bought this turn) and,
  among them, those whose best last trade leaves at most 0, 1 or 2 cubes (the points
  chart's rows; 3 cubes or more score alike);
- the holdings within two turns of it (a pre-goal, or one trade from one).

A decision then moves once from the holding (its ``children``, and their children only
when a plan of three turns needs its points) and reads the rest: three turns is a child
within two; a roll's face is the holding with that cube, read in the same sets. The
trade made is the first of the plan's first steps that the bank can pay; when it can pay
none, the bot rolls (always legal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from companion.games.bazaar.cubes import FACES, Cubes, Equation, Ware, cubes_of
from companion.games.bazaar.planner import BITS, NEVER, PLACES, Trade, index, sets, step, tables
from companion.games.bazaar.rules import CUBE_LIMIT, points

HORIZON = 3
"""The turns a default bot looks ahead: its sets reach a pre-goal and one trade before,
and a decision one trade from the holding."""
ROWS = 3
"""The points chart's rows that differ: 0, 1 and 2 cubes left (3 or more score alike)."""
UNLIMITED = cubes_of([3 * CUBE_LIMIT] * 5)
"""Caps no trade meets: the plans leave the bank's limits aside."""

Rank = Callable[[int | None, int, float], tuple]
"""A style's ranking of a ware (smaller is better) by its points, stall and turns; more
points never rank worse, so a ware ranked by the most it can score bounds its rank."""


def has(bits: bytes, bit: int) -> bool:
    """Whether the set of holdings ``bits`` (as bytes) holds the holding ``bit``."""
    return bool(bits[bit >> 3] >> (bit & 7) & 1)


def as_bytes(bits: int) -> bytes:
    """A set of holdings as bytes: reading one holding costs the same wherever it is."""
    return bits.to_bytes(BITS // 8 + 1, "little")


@dataclass(frozen=True, slots=True)
class Target:
    """One ware's sets (holdings as bits, see planner.py), the bank's limits aside."""

    pre: int  # one trade from holding the ware
    rows: tuple[int, ...]  # [v]: pre-goals whose best last trade leaves at most v cubes
    near: int  # within two turns: a pre-goal or one trade from one
    last: tuple[tuple[Trade, int], ...]  # each last trade and the holdings it buys from
    pre_bytes: bytes  # ``pre`` and ``near`` again, to read a holding at a time
    near_bytes: bytes


class Exchange:
    """The default bots' sets for one exchange (its ten equations): each trade's movers
    as bytes, and the face-up wares' ``Target`` as they come (a few dozen a game)."""

    def __init__(self, equations: tuple[Equation, ...]) -> None:
        self.sets = sets(equations, UNLIMITED)
        self.moves = [(trade, movers, as_bytes(movers)) for trade, movers in self.sets.moves]
        self._targets: dict[Cubes, Target] = {}

    def target(self, ware: Cubes) -> Target:
        if ware not in self._targets:
            pre, union = self.sets.goal(ware)
            size = tables().up_to
            by_net: dict[int, int] = {}  # the last trades' holdings by the cubes they add
            for trade, held, _ in pre:
                by_net[trade.net] = by_net.get(trade.net, 0) | held
            rows = []
            for row in range(ROWS):
                found = 0
                for net, held in by_net.items():
                    most = row + sum(ware) - net  # the most cubes before the last trade
                    if most >= 0:
                        found |= held & size[min(most, CUBE_LIMIT)]
                rows.append(found)
            near = union | step(union, self.sets.moves)
            last = tuple((trade, held) for trade, held, _ in pre)
            self._targets[ware] = Target(union, tuple(rows), near, last, as_bytes(union), as_bytes(near))
        return self._targets[ware]

    def children(self, root: int) -> int:
        """The holdings one trade from the holding ``root`` (within 10 cubes)."""
        found = 0
        for trade, _, movers in self.moves:
            if has(movers, root):
                found |= 1 << (root + trade.shift)
        return found


@lru_cache(maxsize=16)
def exchange(equations: tuple[Equation, ...]) -> Exchange:
    return Exchange(equations)


@dataclass(frozen=True, slots=True)
class Aim:
    """One face-up ware as the default bots see it: the turns by trades alone (None:
    more than three), the cubes left and the turns expected if this turn is a roll."""

    stall: int
    ware: Ware
    level: int  # the star level it is bought at
    turns: int | None
    row: int | None
    """The cubes left, 3 standing for 3 or more; None until a plan of three turns has
    counted them (``Decision.settle``): that needs the holdings two trades away."""
    rolled: float

    @property
    def points(self) -> int | None:
        """The points, or while the cubes left are not counted the most it can score."""
        return None if self.turns is None else points(self.level, self.row or 0)

    @property
    def soonest(self) -> float:
        return min(NEVER if self.turns is None else float(self.turns), self.rolled)


class Decision:
    """One turn's choice, before its action, for the holding ``held``."""

    def __init__(self, held: Sequence[int], bank: Sequence[int], equations: Sequence[Equation]) -> None:
        self.held, self.bank = cubes_of(held), tuple(bank)
        self.exchange = exchange(tuple(equations))
        self.root = index(self.held)
        self.kids = self.exchange.children(self.root)
        self._grandchildren: int | None = None
        self.drawn = [n > 0 for n in self.bank]  # a roll of the colour brings a cube
        self.open = [c for c in range(5) if self.drawn[c]] or list(range(5))  # the wild face's
        self.room = sum(self.held) < CUBE_LIMIT  # a cube more leaves a holding to trade from

    @property
    def grandchildren(self) -> int:
        """The holdings two trades away (asked only for a plan of three turns)."""
        if self._grandchildren is None:
            self._grandchildren = step(self.kids, self.exchange.sets.moves)
        return self._grandchildren

    def aim(self, stall: int, ware: Ware, bonus: bool) -> Aim:
        target = self.exchange.target(ware.cubes)
        root = self.root
        row: int | None = None
        if has(target.pre_bytes, root):
            turns, row = 1, next((r for r in range(ROWS) if target.rows[r] >> root & 1), ROWS)
        elif has(target.near_bytes, root):
            turns, row = 2, next((r for r in range(ROWS) if self.kids & target.rows[r]), ROWS)
        elif self.kids & target.near:
            turns = 3
        else:
            turns, row = None, ROWS
        level = int(ware.star) + int(bonus)
        return Aim(stall, ware, level, turns, row, self._rolled(target, ware.cubes, turns))

    def settle(self, aim: Aim) -> Aim:
        """``aim`` with its cubes left counted."""
        if aim.row is not None:
            return aim
        rows = self.exchange.target(aim.ware.cubes).rows
        return replace(aim, row=next((r for r in range(ROWS) if self.grandchildren & rows[r]), ROWS))

    def _rolled(self, target: Target, ware: Cubes, turns: int | None) -> float:
        """The turns expected if this turn is a roll: per face, the ware bought this turn
        if the cube completes it, else the turns from the holding with the cube, where
        sooner than trades alone (a face no sooner counts as trades alone and the turn
        lost); the wild face the best colour the bank has."""
        alone = NEVER if turns is None else float(turns)
        if alone <= 1:
            return alone + 1
        missing = [
            (colour, need - have) for colour, (need, have) in enumerate(zip(ware, self.held)) if need > have
        ]
        if not missing:
            return 1.0
        if alone == 2:  # only a cube that completes the ware is sooner: its face and the wild one
            colour, short = missing[0]
            completes = len(missing) == 1 and short == 1 and self.drawn[colour]
            return (4 * 3.0 + 2 * 1.0) / len(FACES) if completes else 3.0
        faces: list[float | None] = []
        for colour in range(5):
            then: float | None = None
            if not missing or (self.drawn[colour] and len(missing) == 1 and missing[0] == (colour, 1)):
                then = 1.0
            elif alone > 2 and self.drawn[colour] and self.room:
                bit = self.root + PLACES[colour]
                if has(target.pre_bytes, bit):
                    then = 2.0
                elif alone > 3 and has(target.near_bytes, bit):
                    then = 3.0
            faces.append(then)
        wild = [then for colour, then in enumerate(faces) if then is not None and colour in self.open]
        faces.append(min(wild) if wild else None)
        return sum(alone + 1 if then is None else then for then in faces) / len(FACES)

    def first(self, aim: Aim) -> Trade | None:
        """The first trade, in the equations' order, of a plan of ``aim``'s turns and
        cubes left that the bank can pay (None if it can pay none)."""
        root, target = self.root, self.exchange.target(aim.ware.cubes)
        assert aim.row is not None, "a plan's first trade is asked once its cubes left are counted"
        if aim.turns == 1:
            made = [
                (sum(self.held) + trade.net, n, trade)
                for n, (trade, held) in enumerate(target.last)
                if held >> root & 1 and self.pays(trade)
            ]
            return min(made)[2] if made else None
        goal = target.rows[aim.row] if aim.row < ROWS else target.pre
        if aim.turns == 3:
            goal = step(self.grandchildren & goal, self.exchange.sets.moves) & self.kids
        for trade, _, movers in self.exchange.moves:
            if has(movers, root) and goal >> (root + trade.shift) & 1 and self.pays(trade):
                return trade
        return None

    def pays(self, trade: Trade) -> bool:
        """Whether the bank holds the side the trade takes."""
        return all(have >= n for have, n in zip(self.bank, trade.taken))


def choose(
    held: Sequence[int],
    bank: Sequence[int],
    equations: Sequence[Equation],
    wares: Sequence[Ware | None],
    bonus: bool,
    rank: Rank,
) -> Trade | None:
    """This turn's trade for a default bot, or None to roll: the ware ranked first by
    ``rank`` (its points, stall and expected turns), then its plan's first trade if
    trades alone are expected as soon as a roll."""
    decision = Decision(held, bank, equations)
    aims = [decision.aim(stall, ware, bonus) for stall, ware in enumerate(wares) if ware is not None]
    if not aims:
        return None
    while True:  # a plan of three turns counts its cubes left only if it could rank first
        best = min(aims, key=lambda a: rank(a.points, a.stall, a.soonest))
        if best.row is not None:
            break
        aims = [decision.settle(a) for a in aims]
    if best.turns is None or best.turns > best.rolled:
        return None
    return decision.first(best)
