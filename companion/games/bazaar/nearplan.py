"""The default styles' planner (quick, greedy): each face-up ware within three turns,
planned without the bank's limits.

The exact planner (planner.py: every depth, the bank as it stands) costs about 240 µs a
decision, five times the rest of a game's turn. The default bots look three turns ahead
instead: a ware further away counts as one trades never reach (``NEVER`` turns), as the
exact planner counts a ware out of reach. In four-player games against the exact
planner's bots they won as often (two turns ahead lost).

Without the bank's limits what a ware needs depends on the equations (as a set) and the
ware alone, so it is found once per process and shared by every seat and every game
(``target``): for each holding of at most 10 cubes, the fewest cubes left by a plan that
buys the ware in one, two or three turns (written when the table is built for the
holdings players mostly hold, for a larger one when first asked for). A decision reads
its holding's entry; a roll's face is the holding with that cube, read in the same
table. The trade made is the first, in the game's order of the equations, of the plan's
first steps that the bank can pay; when it can pay none, the bot rolls (always legal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import pairwise
from operator import itemgetter

from companion.games.bazaar.cubes import FACES, Cubes, Equation, Ware, covers, cubes_of
from companion.games.bazaar.planner import (
    BITS,
    NEVER,
    PLACES,
    Trade,
    as_bytes,
    has,
    holdings,
    index,
    movers_of,
    sets,
    step,
    tables,
    trades_of,
)
from companion.games.bazaar.rules import CUBE_LIMIT, points

HORIZON = 3
"""The turns a default bot looks ahead: a pre-goal (one trade from the ware) and two
trades before it."""
ROWS = 3
"""The points chart's rows that differ: 0, 1 and 2 cubes left (3 or more score alike)."""
TARGETS = 2048
"""The most wares' plans (``Target``, 22 KB each: 45 MB full) a process keeps: the sample
decks' 45 pairs of exchange cards times their 45 wares fit; cards entered at the table add
theirs."""
COMMON = 7
"""The most cubes of a holding whose ``Target`` entry is written when the table is built:
players mostly hold so few (92% of the entries 100 seeded games read), and writing all
3,003 entries costs nearly four times as much as writing these 792."""
UNLIMITED = cubes_of([3 * CUBE_LIMIT] * 5)
"""Caps no trade meets: the plans leave the bank's limits aside."""

Rank = Callable[[int | None, int, float], tuple]
"""A style's ranking of a ware (smaller is better) by its points, stall and turns."""


@cache
def _holding_bits() -> tuple[int, ...]:
    """The bits of the 3,003 holdings of at most 10 cubes, in the order of a ``Target``'s
    entries: first those of at most ``COMMON`` cubes by their place in a byte of a set
    (``bit & 7``), then in order, so that one pass reads each place's holdings out of the
    set's bytes (``membership``); then the others."""
    bits = [(index(held), sum(held) <= COMMON) for held in holdings(CUBE_LIMIT)]
    return tuple(sorted((bit for bit, common in bits if common), key=lambda bit: (bit & 7, bit))) + tuple(
        bit for bit, common in bits if not common
    )


@cache
def _common() -> int:
    """How many holdings have at most ``COMMON`` cubes (792): the first entries."""
    return sum(1 for held in holdings(COMMON))


@cache
def positions() -> list[int]:
    """Each holding's entry in a ``Target``, by its bit (-1: not a holding)."""
    found = [-1] * BITS
    for position, bit in enumerate(_holding_bits()):
        found[bit] = position
    return found


@cache
def _places() -> tuple[Callable[[bytes], tuple[int, ...]], tuple[tuple[slice, bytes], ...]]:
    """What ``membership`` reads with: a picker of each common holding's byte of a set,
    and per place in a byte, its holdings' entries and the table that keeps that bit."""
    bits = _holding_bits()[: _common()]
    places = []
    for place in range(8):
        entries = [n for n, bit in enumerate(bits) if bit & 7 == place]
        places.append((slice(entries[0], entries[-1] + 1), bytes(byte >> place & 1 for byte in range(256))))
    return itemgetter(*(bit >> 3 for bit in bits)), tuple(places)


def membership(bits: bytes) -> bytes:
    """For each holding of at most ``COMMON`` cubes (in ``_holding_bits``' order), 1 if
    the set ``bits`` (``as_bytes``) holds it."""
    picker, places = _places()
    picked = bytes(picker(bits))  # each holding's byte
    return b"".join(picked[entries].translate(keep) for entries, keep in places)


def outside(chain: Sequence[int]) -> tuple[bytes, ...]:
    """How many of the sets ``chain`` (each inside the one before) leave each holding out,
    in binary: each digit a set of holdings (``as_bytes``), so that one holding's count is
    read in a few bytes, without going through the 3,003 holdings one by one."""
    digits = [0] * len(chain).bit_length()
    bounds = [tables().every, *chain, 0]
    for inside, (outer, inner) in enumerate(pairwise(bounds)):
        only = outer ^ inner  # the holdings inside exactly the first ``inside`` sets (nested)
        for digit in range(len(digits)):
            if (len(chain) - inside) >> digit & 1:
                digits[digit] |= only
    return tuple(as_bytes(bits) for bits in digits)


def written(digits: Sequence[bytes]) -> bytes:
    """The count of each holding of at most ``COMMON`` cubes (in ``_holding_bits``' order)
    from its binary ``digits``, in one pass a digit."""
    counts = sum(int.from_bytes(membership(bits), "little") << digit for digit, bits in enumerate(digits))
    return counts.to_bytes(_common(), "little")


PLANS = (*((turns, row) for turns in range(1, HORIZON + 1) for row in range(ROWS + 1)), (None, ROWS))
"""What a ``Target``'s entry stands for: the turns of a holding's soonest plan, then its
cubes left (3 standing for 3 or more); last, no plan within the ``HORIZON``."""


UNKNOWN = 255
"""A ``Target``'s entry not read yet."""


@dataclass(slots=True)
class Target:
    """One ware's soonest plan from each holding, the bank's limits aside: its entry in
    ``PLANS``, a byte per holding (``positions``) in ``plans``. The entries are kept in
    binary in ``digits`` (``outside``): those of the holdings of at most ``COMMON`` cubes
    are written when the table is built, a larger holding's when it is first asked for."""

    digits: tuple[bytes, ...]
    plans: bytearray = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.plans = bytearray(written(self.digits)) + bytearray([UNKNOWN]) * (
            len(_holding_bits()) - _common()
        )

    def plan(self, at: int) -> tuple[int | None, int]:
        """The turns of the soonest plan of the holding at entry ``at`` (``positions``)
        and its cubes left (``PLANS``)."""
        entry = self.plans[at]
        if entry == UNKNOWN:
            bit = _holding_bits()[at]
            entry = self.plans[at] = sum(has(digit, bit) << place for place, digit in enumerate(self.digits))
        return PLANS[entry]


@lru_cache(maxsize=TARGETS)
def target(market: tuple[Equation, ...], ware: Cubes) -> Target:
    """``ware``'s plans for the equations ``market`` (their order does not matter)."""
    found = sets(market, UNLIMITED)
    pre, union = found.goal(ware)
    size = tables().up_to
    by_net: dict[int, int] = {}  # the last trades' holdings by the cubes they add
    for trade, held, _ in pre:
        by_net[trade.net] = by_net.get(trade.net, 0) | held
    levels = [union]  # plans of one turn: all, then those leaving at most 2, 1 and 0 cubes
    for row in reversed(range(ROWS)):
        found_row = 0
        for net, held in by_net.items():
            most = row + sum(ware) - net  # the most cubes before the last trade
            if most >= 0:
                found_row |= held & size[min(most, CUBE_LIMIT)]
        levels.append(found_row)
    chain: list[int] = []  # holdings with a plan of fewer turns, or of this many leaving so few
    sooner = 0
    for turns in range(1, HORIZON + 1):
        chain = [sooner | level for level in levels] + chain
        sooner |= union
        if turns < HORIZON:  # a trade before (within 10 cubes, a trade can be undone)
            levels = [step(level, found.moves) for level in levels]
            union = levels[0]
    return Target(outside(chain))


class Exchange:
    """The default bots' view of one exchange (its ten equations in the game's order):
    each trade in that order with the holdings that can make it (as bytes), and the
    face-up wares' ``Target`` (shared with every exchange of the same equations)."""

    def __init__(self, equations: tuple[Equation, ...]) -> None:
        self.equations = equations
        self.market = tuple(sorted(equations, key=lambda e: (e.left, e.right)))
        trades = trades_of(equations)
        self.moves = [(trade, movers_bytes(trade.given, trade.net)) for trade in trades]
        self.by_net = sorted(trades, key=lambda trade: trade.net)
        """The trades by the cubes they add, then in the equations' order."""
        self._targets: dict[Cubes, Target] = {}

    def target(self, ware: Cubes) -> Target:
        if ware not in self._targets:
            self._targets[ware] = target(self.market, ware)
        return self._targets[ware]


@lru_cache(maxsize=128)
def exchange(equations: tuple[Equation, ...]) -> Exchange:
    """The exchange of ``equations``, kept for the games that play them (an exchange holds
    only shared sets: the sample decks' 90 orders of two cards fit)."""
    return Exchange(equations)


@lru_cache(maxsize=512)
def movers_bytes(given: Cubes, net: int) -> bytes:
    """A side's ``movers_of`` as bytes, kept once a side like the set."""
    return as_bytes(movers_of(given, net))


@dataclass(frozen=True, slots=True)
class Aim:
    """One face-up ware as the default bots see it: the turns by trades alone (None:
    more than three), the cubes left (3 standing for 3 or more) and the turns expected
    if this turn is a roll."""

    stall: int
    ware: Ware
    level: int  # the star level it is bought at
    turns: int | None
    row: int
    rolled: float

    @property
    def points(self) -> int | None:
        return None if self.turns is None else points(self.level, self.row)

    @property
    def soonest(self) -> float:
        return min(NEVER if self.turns is None else float(self.turns), self.rolled)


class Decision:
    """One turn's choice, before its action, for the holding ``held``."""

    def __init__(self, held: Sequence[int], bank: Sequence[int], exchange: Exchange) -> None:
        self.held, self.bank = cubes_of(held), tuple(bank)
        self.exchange = exchange
        self.root = index(self.held)
        entry = positions()
        self.at = entry[self.root]
        self.drawn = [n > 0 for n in self.bank]  # a roll of the colour brings a cube
        self.open = [c for c in range(5) if self.drawn[c]] or list(range(5))  # the wild face's
        self.room = sum(self.held) < CUBE_LIMIT  # a cube more leaves a holding to trade from
        self.rolls = [  # each colour a roll brings, with its holding's entry while it can trade
            (colour, entry[self.root + PLACES[colour]])
            for colour in range(5)
            if self.drawn[colour] and self.room
        ]

    def aim(self, stall: int, ware: Ware, bonus: bool) -> Aim:
        target = self.exchange.target(ware.cubes)
        turns, row = target.plan(self.at)
        level = int(ware.star) + int(bonus)
        return Aim(stall, ware, level, turns, row, self._rolled(target, ware.cubes, turns))

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
        colour, short = missing[0]
        completes = colour if len(missing) == 1 and short == 1 and self.drawn[colour] else None
        if alone == 2:  # only a cube that completes the ware is sooner: its face and the wild one
            return (4 * 3.0 + 2 * 1.0) / len(FACES) if completes is not None else 3.0
        sooner = {} if completes is None else {completes: 1.0}  # the faces sooner than trades alone
        for colour, at in self.rolls:
            then, _ = target.plan(at)  # the turns from the holding with the cube
            if colour not in sooner and then is not None and then < HORIZON and 1 + then < alone:
                sooner[colour] = 1.0 + then  # the roll, then at most the horizon's turns
        wild = min((sooner[colour] for colour in self.open if colour in sooner), default=alone + 1)
        return (sum(sooner.values()) + (len(FACES) - 1 - len(sooner)) * (alone + 1) + wild) / len(FACES)

    def first(self, aim: Aim) -> Trade | None:
        """The first trade, in the equations' order, of a plan of ``aim``'s turns and
        cubes left that the bank can pay (None if it can pay none)."""
        if aim.turns == 1:  # the trade that buys the ware leaving the fewest cubes
            least = aim.row + sum(aim.ware.cubes) - sum(self.held)  # what the best such trade adds
            return next(
                (
                    trade
                    for trade in self.exchange.by_net
                    if trade.net >= least and self.buys(trade, aim.ware.cubes) and self.pays(trade)
                ),
                None,
            )
        assert aim.turns is not None, "a plan's first trade is asked for a ware trades reach"
        target, entry, root = self.exchange.target(aim.ware.cubes), positions(), self.root
        for trade, movers in self.exchange.moves:
            if has(movers, root):
                turns, row = target.plan(entry[root + trade.shift])  # from the trade's result
                if turns == aim.turns - 1 and row <= aim.row and self.pays(trade):
                    return trade
        return None

    def buys(self, trade: Trade, ware: Cubes) -> bool:
        """Whether the holding can give the trade's side and then holds ``ware``."""
        return covers(self.held, trade.given) and covers(
            (h - g + t for h, g, t in zip(self.held, trade.given, trade.taken)), ware
        )

    def pays(self, trade: Trade) -> bool:
        """Whether the bank holds the side the trade takes."""
        return all(have >= n for have, n in zip(self.bank, trade.taken))


def choose(
    held: Sequence[int],
    bank: Sequence[int],
    exchange: Exchange,
    wares: Sequence[Ware | None],
    bonus: bool,
    rank: Rank,
) -> Trade | None:
    """This turn's trade for a default bot, or None to roll: the ware ranked first by
    ``rank`` (its points, stall and expected turns), then its plan's first trade if
    trades alone are expected as soon as a roll."""
    decision = Decision(held, bank, exchange)
    aims = [decision.aim(stall, ware, bonus) for stall, ware in enumerate(wares) if ware is not None]
    if not aims:
        return None
    best = min(aims, key=lambda a: rank(a.points, a.stall, a.soonest))
    if best.turns is None or best.turns > best.rolled:
        return None
    return decision.first(best)
