"""The trade planner: for a player's cubes and each face-up ware card, the fewest turns to
afford it with the equations in play, the plan's first step, the cubes left after buying
and the points it scores, and how a roll of the die would shorten it.

Exact breadth-first search over holdings, not a heuristic:
- a turn is one trade (one equation, once, in either direction), legal only if the player
  holds the side given and the bank the side taken;
- between turns a holding has at most 10 cubes (more and the player to the left returns
  the excess, which no plan can count on); the trade of the turn the ware is bought in may
  pass 10, since the purchase comes before the limit;
- the bank is the bank as it stands: the player's own trades only move cubes between the
  two, so a holding never has more of a colour than the player and the bank have together
  now (the colour's ``cap``), and that is the bank's limit on every trade of a plan;
- among the plans of fewest turns, the one leaving the fewest cubes (the most points).
A roll is a turn with a random result: the plan is by trades alone and, face by face, the
planner says where a roll this turn (then trades) would be sooner.

The search runs on bitsets. A holding of at most 10 cubes is a bit, its index the sum of
its counts weighted by ``PLACES`` (38,241 bits, 3,003 of them holdings); a set of holdings
is one Python int. A trade moves every holding of a layer at once: the layer ANDed with
the holdings that can make it (they hold the side given, and the result stays within 10
cubes and the caps), shifted by the trade's difference of indices (the index is linear in
the counts, and no two holdings share one).
The last trade, the one the ware is bought after, may pass 10 cubes: it is found from the
layer before, ANDed with each trade's "pre-goal" holdings (those one trade from holding
the ware). So a layer costs a few dozen big-int operations whatever its size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from companion.games.bazaar.cubes import COLOURS, FACES, WILD, Cubes, Equation, Ware, cubes_of
from companion.games.bazaar.rules import CUBE_LIMIT, points

BASE = CUBE_LIMIT + 1
PLACES = (1, 11, 111, 913, 3824)
"""Each colour's weight in a holding's index: the smallest weights a search over
increasing ones found that give no two holdings of at most 10 cubes the same index. Base
11 would too, on 161,051 bits: a layer's big-int operations cost four times more there."""
BITS = CUBE_LIMIT * PLACES[-1] + 1
SIDES = ("left", "right")


def index(cubes: Iterable[int]) -> int:
    """A holding's bit: its counts weighted by ``PLACES``."""
    return sum(n * place for n, place in zip(cubes, PLACES))


def holdings(most: int, colours: int = 5) -> Iterable[tuple[int, ...]]:
    """Every holding of at most ``most`` cubes in ``colours`` colours."""
    if colours == 0:
        yield ()
        return
    for n in range(most + 1):
        for rest in holdings(most - n, colours - 1):
            yield (n, *rest)


@cache
def _by_index() -> dict[int, tuple[Cubes, int]]:
    """Each holding of at most 10 cubes by its bit, with its rank in the order of base 11
    (the last colour the most significant): the order ties are broken in."""
    small = sorted(holdings(CUBE_LIMIT), key=lambda h: h[::-1])
    return {index(h): (cubes_of(h), rank) for rank, h in enumerate(small)}


def digits(bit: int) -> Cubes:
    return _by_index()[bit][0]


def first(bits: int) -> int:
    """The bit of ``bits`` (a nonempty set of holdings) whose holding comes first in base 11."""
    by_index = _by_index()
    best, best_rank = -1, len(by_index)
    while bits:
        low = bits & -bits
        bit = low.bit_length() - 1
        rank = by_index[bit][1]
        if rank < best_rank:
            best, best_rank = bit, rank
        bits ^= low
    return best


def as_bytes(bits: int) -> bytes:
    """A set of holdings as bytes: reading one holding (``has``) costs the same wherever
    it is, where a shift of the whole int grows with it."""
    return bits.to_bytes(BITS // 8 + 1, "little")


def has(bits: bytes, bit: int) -> bool:
    """Whether the set of holdings ``bits`` (``as_bytes``) holds the holding ``bit``."""
    return bool(bits[bit >> 3] >> (bit & 7) & 1)


def _mask(bits: Iterable[int]) -> int:
    raw = bytearray(BITS // 8 + 1)
    for bit in bits:
        raw[bit >> 3] |= 1 << (bit & 7)
    return int.from_bytes(raw, "little")


@dataclass(frozen=True, slots=True, repr=False)
class Tables:
    """Sets of holdings (of at most 10 cubes) built once: by colour and count, by size."""

    every: int  # all 3,003 holdings
    at_least: tuple[tuple[int, ...], ...]  # [colour][k]: holdings with k or more of it
    size: tuple[int, ...]  # [s]: holdings of exactly s cubes
    up_to: tuple[int, ...]  # [s]: holdings of at most s cubes


@cache
def tables() -> Tables:
    small = list(holdings(CUBE_LIMIT))
    exactly = [[_mask(index(h) for h in small if h[c] == k) for k in range(BASE)] for c in range(5)]
    at_least = []
    for colour in range(5):
        levels = [0] * (BASE + 1)
        for k in range(CUBE_LIMIT, -1, -1):
            levels[k] = levels[k + 1] | exactly[colour][k]
        at_least.append(tuple(levels))
    size = [_mask(index(h) for h in small if sum(h) == s) for s in range(BASE)]
    up_to, running = [], 0
    for s in range(BASE):
        running |= size[s]
        up_to.append(running)
    return Tables(up_to[-1], tuple(at_least), tuple(size), tuple(up_to))


@lru_cache(maxsize=4096)
def holding_at_least(cubes: tuple[int, ...]) -> int:
    """The holdings with at least ``cubes`` (none if a count passes 10)."""
    t = tables()
    found = t.every
    for colour, n in enumerate(cubes):
        if n > CUBE_LIMIT:
            return 0
        if n:
            found &= t.at_least[colour][n]
    return found


def holding_at_most(t: Tables, colour: int, n: int) -> int:
    """The holdings with at most ``n`` of ``colour``."""
    if n >= CUBE_LIMIT:
        return t.every
    if n < 0:
        return 0
    return t.every & ~t.at_least[colour][n + 1]


@dataclass(frozen=True, slots=True)
class Trade:
    """One equation used in one direction: the planner's unit of a turn."""

    equation: int
    give: str
    given: Cubes
    taken: Cubes
    net: int  # cubes gained (taken - given)
    shift: int  # the index's change
    movers: int = field(repr=False, compare=False)
    """The holdings that can make it and stay within 10 cubes (a bitset)."""


@lru_cache(maxsize=512)
def movers_of(given: Cubes, net: int) -> int:
    """The holdings that can give ``given`` and gain ``net`` cubes within 10: a side's set,
    the same in every exchange and every order of its equations, so kept once a side (the
    sample cards have 100)."""
    return holding_at_least(given) & tables().up_to[min(CUBE_LIMIT, CUBE_LIMIT - net)]


@lru_cache(maxsize=64)
def trades_of(equations: tuple[Equation, ...]) -> tuple[Trade, ...]:
    """Both directions of every equation, in order (equation 0 left, 0 right, 1 left, …)."""
    trades = []
    for number, equation in enumerate(equations):
        for give in SIDES:
            given, taken = equation.sides(give)
            net = sum(taken) - sum(given)
            trades.append(
                Trade(number, give, given, taken, net, index(taken) - index(given), movers_of(given, net))
            )
    return tuple(trades)


@dataclass(frozen=True, slots=True)
class Plan:
    """The way to one face-up ware (``stall``) by trades alone, and where a roll is sooner."""

    stall: int
    ware: Ware
    turns: int | None
    """The turn the ware is bought in: 0 = now (the turn's action done), 1 = this turn
    (its action still to come) or the next one, …; None: trades alone never afford it."""
    cubes_left: int | None
    star_level: int
    points: int | None
    rolls: dict[str, int | None]
    """Per die face, the turns if the coming turn is a roll of it (then trades), where that
    is sooner than trades alone; None where it is not. Empty when it can be bought now."""
    route: Callable[[], tuple[Trade, ...]] = field(default=lambda: (), repr=False, compare=False)
    """Finds the trades when first asked: a bot reads only the plan it chooses."""

    @property
    def steps(self) -> tuple[Trade, ...]:
        """The trades, one a turn (the first is the plan's first step)."""
        return self.route()

    @property
    def first(self) -> Trade | None:
        return self.steps[0] if self.steps else None

    @property
    def shorter_rolls(self) -> list[str]:
        """The faces that make it sooner than trades alone."""
        return [face for face, turns in self.rolls.items() if turns is not None]


Goal = tuple[tuple[tuple[Trade, int, int], ...], int]
"""A ware's pre-goals: (trade, the holdings it buys the ware from, their fewest cubes),
and the union of those holdings."""


@lru_cache(maxsize=8192)
def _pre_goal(given: Cubes, taken: Cubes, ware: Cubes) -> tuple[int, int]:
    """The holdings a trade of these sides buys ``ware`` from, and their fewest cubes: the
    same for the side in every exchange and order, so kept once a side and ware (the
    sample decks' 100 sides and 45 wares fit; the sets are ``holding_at_least``'s own)."""
    need = tuple(g + max(0, w - k) for g, w, k in zip(given, ware, taken))
    return holding_at_least(need), sum(need)


@lru_cache(maxsize=512)
def _pre_goals(trades: tuple[Trade, ...], ware: Cubes) -> Goal:
    """For one ware: each trade after which it is held, with the holdings it is made from
    (the bank's caps aside) and the fewest cubes they hold, and their union. The same all
    game for a face-up card."""
    pre = []
    for trade in trades:
        holdings_, fewest = _pre_goal(trade.given, trade.taken, ware)
        if holdings_:
            pre.append((trade, holdings_, fewest))
    union = 0
    for _, holdings_, _ in pre:
        union |= holdings_
    return tuple(pre), union


@lru_cache(maxsize=64)
def _cap_limits(equations: tuple[Equation, ...]) -> Cubes:
    """Per colour, the cap above which it limits no trade: 10 plus the most a trade takes
    of it net (a cap of 10 or more still binds a trade taking that colour, as the last
    trade's result may pass 10 cubes)."""
    trades = trades_of(equations)
    return cubes_of(CUBE_LIMIT + max(trade.taken[c] - trade.given[c] for trade in trades) for c in range(5))


class _Sets:
    """The search's sets for the trades of one exchange under one set of caps: each
    trade's holdings whose result stays within the caps (all of them, mostly), the moves a
    search layer makes, and each ware's pre-goals and distances within the caps. They
    change only when a cap that binds does, so they are kept from turn to turn (``sets``),
    with the searches for the face-up wares (a few a game: one until a ware is bought)."""

    def __init__(self, trades: tuple[Trade, ...], caps: Cubes) -> None:
        t = tables()
        self.trades = trades
        self.fits = {}
        for trade in trades:
            limits = [cap - trade.taken[colour] + trade.given[colour] for colour, cap in enumerate(caps)]
            fit = t.every
            for colour, most in enumerate(limits):
                if most < CUBE_LIMIT:
                    fit &= holding_at_most(t, colour, most)
            self.fits[trade] = fit
        self.binding = any(fit is not t.every for fit in self.fits.values())
        self.within = t.every
        for colour, cap in enumerate(caps):
            self.within &= holding_at_most(t, colour, cap)
        self.moves = [(trade, trade.movers & fit) for trade, fit in self.fits.items() if trade.movers & fit]
        self._goals: dict[Cubes, Goal] = {}
        self._distances: dict[Cubes, _Distances] = {}
        self._searches: dict[tuple[tuple[int, Cubes], ...], _Search] = {}

    def goal(self, ware: Cubes) -> Goal:
        """``_pre_goals`` within the caps: the last trade's result stays within them too."""
        if ware not in self._goals:
            pre, union = _pre_goals(self.trades, ware)
            if self.binding:
                pre = tuple(
                    (trade, held & self.fits[trade], fewest)
                    for trade, held, fewest in pre
                    if held & self.fits[trade]
                )
                union = 0
                for _, held, _ in pre:
                    union |= held
            self._goals[ware] = (pre, union)
        return self._goals[ware]

    def search(self, wares: tuple[tuple[int, Cubes], ...]) -> _Search:
        """The search for the face-up ``wares`` (stall, cubes): the same until one is
        bought, so it is kept like the sets."""
        if wares not in self._searches:
            self._searches[wares] = _Search(self, dict(wares))
        return self._searches[wares]

    def distances(self, ware: Cubes) -> _Distances:
        """The holdings within the caps by the turns they need to the ware, kept like the
        sets (a search never leaves the caps: between them every trade can be undone)."""
        if ware not in self._distances:
            self._distances[ware] = _Distances(self.moves, self.goal(ware)[1] & self.within)
        return self._distances[ware]


def step(frontier: int, moves: Sequence[tuple[Trade, int]]) -> int:
    """The holdings one trade from ``frontier``'s (a search layer's moves)."""
    reached = 0
    for trade, movers in moves:
        moved = frontier & movers
        if moved:
            reached |= moved << trade.shift if trade.shift >= 0 else moved >> -trade.shift
    return reached


class _Distances:
    """The holdings by the turns trades alone need to buy one ware: a search backwards
    from the holdings one trade from it (within the caps a trade can always be undone, so
    a holding's distance to them is theirs to it), grown a layer at a time only as deep
    as asked. The roll analysis reads a face's holding here rather than searching from
    it: the same ware is asked after from turn to turn and from seat to seat. Each layer
    is kept as bytes, where reading one bit costs the same wherever it is."""

    def __init__(self, moves: Sequence[tuple[Trade, int]], union: int) -> None:
        self.moves = moves
        self.frontier = self.seen = union
        self.layers = [as_bytes(union)] if union else []
        self.complete = not union

    def turns(self, bit: int, most: int | None = None) -> int | None:
        """The turns from the holding ``bit`` (the ware bought in the last), if at most
        ``most``; None if more, or if trades never reach it."""
        depth = 0
        while most is None or depth < most:
            if depth == len(self.layers) and (self.complete or not self._grow()):
                return None
            if has(self.layers[depth], bit):
                return depth + 1
            depth += 1
        return None

    def _grow(self) -> bool:
        """One layer more; False once every holding that reaches the ware is seen."""
        self.frontier = step(self.frontier, self.moves) & ~self.seen
        if not self.frontier:
            self.complete = True
            return False
        self.seen |= self.frontier
        self.layers.append(as_bytes(self.frontier))
        return True


def sets(equations: tuple[Equation, ...], caps: Cubes) -> _Sets:
    """The sets for ``caps`` as far as they bind (above ``_cap_limits`` every cap is the same)."""
    bound = cubes_of(min(cap, limit) for cap, limit in zip(caps, _cap_limits(equations)))
    return _cached_sets(equations, bound)


@lru_cache(maxsize=16)
def _cached_sets(equations: tuple[Equation, ...], caps: Cubes) -> _Sets:
    return _Sets(trades_of(equations), caps)


class _Search:
    """Breadth-first search over holdings for several wares at once, with one set of caps."""

    def __init__(self, found: _Sets, wares: dict[int, Cubes]) -> None:
        self.tables = tables()
        self.wares = wares
        self.moves = found.moves
        self.goals = {stall: found.goal(ware) for stall, ware in wares.items()}
        self.distances = {stall: found.distances(ware) for stall, ware in wares.items()}

    def run(self, root: Cubes, goals: Iterable[int]) -> tuple[dict[int, tuple[int, Trade, int]], list[int]]:
        """``({stall: (turns, last trade, holding before it)}, layers)``: the goals reached
        from ``root``, and each search layer's holdings."""
        pending = [stall for stall in goals if self.goals[stall][1]]
        found: dict[int, tuple[int, Trade, int]] = {}
        frontier = 1 << index(root)
        seen, layers, depth = frontier, [frontier], 0
        while True:
            for stall in list(pending):
                if frontier & self.goals[stall][1]:
                    found[stall] = (depth + 1, *self._last(frontier, stall))
                    pending.remove(stall)
            if not pending:
                return found, layers
            frontier = step(frontier, self.moves) & ~seen
            if not frontier:
                return found, layers
            seen |= frontier
            layers.append(frontier)
            depth += 1

    def _last(self, frontier: int, stall: int) -> tuple[Trade, int]:
        """The trade from ``frontier`` after which the ware is held, leaving the fewest
        cubes (then the lowest-numbered trade, the holding first in base 11), and the
        holding. A trade whose result cannot leave fewer cubes than the best so far is not
        looked at: each trade's pre-goal holdings bound the cubes its result holds."""
        size = self.tables.size
        best = None
        for trade, held, fewest in self.goals[stall][0]:
            if best is not None and fewest + trade.net >= best[0][0]:
                continue
            hits = frontier & held
            if not hits:
                continue
            for s in range(fewest, BASE):
                of_size = hits & size[s]
                if of_size:
                    key = (s + trade.net, first(of_size))
                    if best is None or key[0] < best[0][0]:
                        best = (key, trade)
                    break
        assert best is not None, "the frontier holds a holding a trade buys the ware from"
        return best[1], best[0][1]

    def path(self, before: int, depth: int, layers: list[int]) -> list[Trade]:
        """The trades to the holding ``before`` (bit index) found ``depth`` layers deep."""
        steps: list[Trade] = []
        bit = before
        for k in range(depth, 0, -1):
            held = digits(bit)
            for trade, movers in self.moves:
                if all(h >= n for h, n in zip(held, trade.taken)):
                    previous = bit - trade.shift
                    if (layers[k - 1] & movers) >> previous & 1:
                        steps.append(trade)
                        bit = previous
                        break
            else:
                raise AssertionError("a holding of a layer has a predecessor in the layer before")
        return steps[::-1]


def goal_held(cubes: Sequence[int], ware: Sequence[int]) -> bool:
    return all(n >= need for n, need in zip(cubes, ware))


def plan(
    cubes: Sequence[int],
    bank: Sequence[int],
    equations: Sequence[Equation],
    wares: Sequence[Ware | None],
    bonus: bool = False,
    acted: bool = False,
    rolls: bool = True,
) -> list[Plan | None]:
    """A plan for each face-up ware (None for an empty stall), for the player holding
    ``cubes`` while the bank holds ``bank``.

    ``acted``: the turn's roll or trade is done (the player may buy now); otherwise the
    turn's action is still to come, and the plans count this turn as turn 1.
    ``bonus``: a stall is empty, so every purchase scores one star level higher.
    """
    held = cubes_of(cubes)
    if not acted and sum(held) > CUBE_LIMIT:
        raise ValueError(f"a turn starts with at most {CUBE_LIMIT} cubes, not {sum(held)}")
    caps = [h + b for h, b in zip(held, bank)]
    goals = {stall: ware.cubes for stall, ware in enumerate(wares) if ware is not None}
    now = {stall for stall, need in goals.items() if acted and goal_held(held, need)}
    wanted = [stall for stall in goals if stall not in now]
    search = sets(tuple(equations), cubes_of(caps)).search(tuple(goals.items()))
    found: dict[int, tuple[int, Trade, int]] = {}
    layers: list[int] = []
    if wanted and sum(held) <= CUBE_LIMIT:
        found, layers = search.run(held, wanted)
    trades_only = {stall: found[stall][0] if stall in found else None for stall in wanted}
    faces = _rolls(search, held, bank, trades_only) if rolls and wanted and sum(held) <= CUBE_LIMIT else {}
    plans: list[Plan | None] = []
    for stall, ware in enumerate(wares):
        if ware is None:
            plans.append(None)
            continue
        level = int(ware.star) + int(bonus)
        if stall in now:
            left = sum(held) - 5
            plans.append(Plan(stall, ware, 0, left, level, points(level, left), {}))
            continue
        sooner = {face: by_stall.get(stall) for face, by_stall in faces.items()}
        if stall not in found:
            plans.append(Plan(stall, ware, None, None, level, None, sooner))
            continue
        turns, last, before = found[stall]
        left = sum(digits(before)) + last.net - 5
        route = _route(search, before, turns - 1, layers, last)
        plans.append(Plan(stall, ware, turns, left, level, points(level, left), sooner, route))
    return plans


def _route(
    search: _Search, before: int, depth: int, layers: list[int], last: Trade
) -> Callable[[], tuple[Trade, ...]]:
    """The trades to ``before`` then ``last``, found once when first asked."""
    found: list[tuple[Trade, ...]] = []

    def route() -> tuple[Trade, ...]:
        if not found:
            found.append((*search.path(before, depth, layers), last))
        return found[0]

    return route


def _rolls(
    search: _Search, held: Cubes, bank: Sequence[int], trades_only: dict[int, int | None]
) -> dict[str, dict[int, int | None]]:
    """Per face, per ware: the turns if the coming turn is a roll (the ware bought that turn
    if the cube completes it, else trades from the next), where sooner than trades alone.
    The turns from after the roll are read from the ware's distances, only as deep as
    could beat trades alone. What each ware lacks is counted once, not once a face."""
    root, size = index(held), sum(held)
    lacking = {
        stall: [max(0, need - have) for need, have in zip(search.wares[stall], held)] for stall in trades_only
    }
    by_colour: dict[int, dict[int, int | None]] = {}
    for colour in range(5):
        drawn = bank[colour] > 0  # the bank has the colour: the roll brings a cube of it
        bit = root + PLACES[colour] if drawn else root
        turns: dict[int, int | None] = {stall: None for stall in trades_only}
        for stall, alone in trades_only.items():
            short = lacking[stall]
            if not any(short) or (drawn and sum(short) == 1 and short[colour] == 1):
                turns[stall] = 1 if alone is None or alone > 1 else None
            elif size + drawn <= CUBE_LIMIT and (alone is None or alone > 2):
                then = search.distances[stall].turns(bit, None if alone is None else alone - 2)
                turns[stall] = None if then is None else 1 + then
        by_colour[colour] = turns
    faces = {COLOURS[c]: by_colour[c] for c in range(5)}
    open_colours = [c for c in range(5) if bank[c]] or list(range(5))
    faces[WILD] = {stall: _soonest(by_colour[c][stall] for c in open_colours) for stall in trades_only}
    return faces


def _soonest(values: Iterable[int | None]) -> int | None:
    known = [v for v in values if v is not None]
    return min(known) if known else None


# ----------------------------------------------------------------- this turn's best action
NEVER = 12.0
"""The turns counted for a way that trades alone never finish (a guess, not a plan)."""


def expected(p: Plan) -> tuple[float, float]:
    """(turns by trades alone, turns expected if this turn is a roll): the roll's six faces
    equally likely, a face that is no sooner counted as trades alone and the turn lost."""
    trades = NEVER if p.turns is None else float(p.turns)
    faces = [trades + 1 if (turns := p.rolls.get(face)) is None else float(turns) for face in FACES]
    return trades, sum(faces) / len(faces)


def soonest(points: int | None, stall: int, turns: float) -> tuple:
    """A ranking of the wares (smaller is better): the soonest, then the most points."""
    return (turns, -(points or 0), stall)


@dataclass(frozen=True, slots=True)
class Advice:
    """The best action of this turn, a roll counted as a turn like a trade: ``buy`` the
    plan's ware now, ``trade`` (the plan's first step), ``roll`` the die (``faces``: those
    that bring the plan's ware soonest, in ``turns``), or ``done`` (end the turn)."""

    action: str
    plan: Plan | None = None
    faces: tuple[str, ...] = ()
    turns: int | None = None

    @property
    def step(self) -> Trade | None:
        """The trade to make now, if the action is a trade."""
        return self.plan.first if self.action == "trade" and self.plan is not None else None


def recommend(plans: Sequence[Plan | None], acted: bool = False) -> Advice:
    """This turn's best action for the plans of ``plan``, the soonest ware first (the
    phone's advice; the default bots rank by their style in nearplan.py). ``acted``: the
    roll or trade is done, so the choice is a ware to buy now or the end of the turn."""
    found = [p for p in plans if p is not None]
    if acted:
        now = [p for p in found if p.turns == 0]
        if not now:
            return Advice("done")
        best = max(now, key=lambda p: (p.points or 0, -p.stall))
        return Advice("buy", best, turns=0)
    if not found:
        return Advice("roll")
    best = min(found, key=lambda p: soonest(p.points, p.stall, min(expected(p))))
    trades, rolled = expected(best)
    if best.first is not None and trades <= rolled:
        return Advice("trade", best, turns=best.turns)
    turns = min((t for t in best.rolls.values() if t is not None), default=None)
    if turns is None:
        return Advice("roll")
    faces = tuple(face for face, t in best.rolls.items() if t == turns)
    return Advice("roll", best, faces, turns)
