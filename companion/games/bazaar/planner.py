"""The trade planner: for a player's cubes and each face-up ware card, the fewest turns to
afford it with the equations in play, the plan's first step, the cubes left after buying
and the points it scores, and how a roll of the die would shorten it.

Exact breadth-first search over holdings, not a heuristic:
- a turn is one trade (one equation, once, in either direction), legal only if the player
  holds the side given and the bank the side taken;
- between turns a holding has at most 10 cubes (more and the player to the left returns
  the excess, which no plan can count on); the trade of the turn the ware is bought in may
  pass 10, since the purchase comes before the limit;
- the bank is the bank as it stands: the player's own trades move cubes between the two,
  so a holding can never have more of a colour than the player and the bank have together
  now (``cap``), and that is the bank's limit on every trade of the plan;
- among the plans of fewest turns, the one leaving the fewest cubes (the most points).
A roll is a turn with a random result: the planner reports the plan by trades alone and,
face by face, the turns if this turn is a roll followed by trades.

Holdings are packed ints, four bits a colour (a holding of at most 15 cubes fits), so a
trade is one addition and a search layer is a few set operations done in C: the sets of
holdings holding at least k of a colour are built once, and the movers of a trade are the
frontier intersected with the sets its given side needs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Iterable, Sequence

from companion.games.bazaar.cubes import COLOURS, WILD, Cubes, Equation, Ware
from companion.games.bazaar.rules import CUBE_LIMIT, points

BITS = 4
LARGEST = 15
"""The most cubes a packed holding holds (10 before a trade, +4 at most by one trade)."""
SIDES = ("left", "right")


def pack(cubes: Iterable[int]) -> int:
    return sum(n << (BITS * c) for c, n in enumerate(cubes))


def unpack(node: int) -> Cubes:
    return tuple((node >> (BITS * c)) & 0xF for c in range(5))  # type: ignore[return-value]


def total(node: int) -> int:
    return sum((node >> (BITS * c)) & 0xF for c in range(5))


def holdings(most: int, colours: int = 5) -> Iterable[tuple[int, ...]]:
    """Every holding of at most ``most`` cubes in ``colours`` colours."""
    if colours == 0:
        yield ()
        return
    for n in range(most + 1):
        for rest in holdings(most - n, colours - 1):
            yield (n, *rest)


@cache
def _sets() -> tuple[tuple[frozenset[int], ...], ...]:
    """``at_least[c][k]``: every holding of at most 15 cubes with at least k of colour c."""
    universe = [(cubes, pack(cubes)) for cubes in holdings(LARGEST)]
    at_least = []
    for colour in range(5):
        by_count: list[list[int]] = [[] for _ in range(LARGEST + 2)]
        for cubes, node in universe:
            by_count[cubes[colour]].append(node)
        levels: list[frozenset[int]] = [frozenset()] * (LARGEST + 2)
        running: set[int] = set()
        for k in range(LARGEST, -1, -1):
            running.update(by_count[k])
            levels[k] = frozenset(running)
        at_least.append(tuple(levels))
    return tuple(at_least)


@cache
def _small() -> frozenset[int]:
    """Every holding a turn may end with: at most 10 cubes."""
    return frozenset(pack(cubes) for cubes in holdings(CUBE_LIMIT))


@dataclass(frozen=True, slots=True)
class Trade:
    """One equation used in one direction: the planner's unit of a turn."""

    equation: int
    give: str
    given: Cubes
    taken: Cubes
    delta: int                                  # packed(taken) - packed(given)
    needs: tuple[frozenset[int], ...] = field(compare=False)   # the holdings that can give


@lru_cache(maxsize=64)
def trades_of(equations: tuple[Equation, ...]) -> tuple[Trade, ...]:
    """Both directions of every equation, in order (equation 0 left, 0 right, 1 left, …)."""
    at_least = _sets()
    trades = []
    for index, equation in enumerate(equations):
        for give in SIDES:
            given, taken = equation.sides(give)
            needs = tuple(at_least[c][n] for c, n in enumerate(given) if n)
            trades.append(Trade(index, give, given, taken, pack(taken) - pack(given), needs))
    return tuple(trades)


@dataclass(frozen=True, slots=True)
class Plan:
    """The way to one face-up ware (``stall``) by trades alone, and what rolls would do."""

    stall: int
    ware: Ware
    turns: int | None
    """The turn the ware is bought in: 0 = now (the turn's action done), 1 = this turn
    (its action still to come) or the next one, …; None: trades alone never afford it."""
    steps: tuple[Trade, ...]
    """The trades, one a turn (the first is the plan's first step)."""
    cubes_left: int | None
    star_level: int
    points: int | None
    rolls: dict[str, int | None]
    """Per die face, the turns if the coming turn is a roll followed by trades (None: not
    by trades after that roll); empty when the ware can be bought now."""

    @property
    def first(self) -> Trade | None:
        return self.steps[0] if self.steps else None

    @property
    def shorter_rolls(self) -> list[str]:
        """The faces that would make it sooner than trades alone."""
        return [face for face, turns in self.rolls.items() if turns is not None
                and (self.turns is None or turns < self.turns)]


class _Search:
    """Breadth-first search from one holding to several goals (each a ware's cubes)."""

    def __init__(self, trades: tuple[Trade, ...], caps: list[tuple[int, int]]) -> None:
        self.trades = trades
        self.caps = caps                    # (colour, the most of it a holding may have)
        self.at_least = _sets()
        self.small = _small()

    def run(self, root: int, goals: dict[int, Cubes], again: bool, expand_root: bool = True
            ) -> tuple[dict[int, tuple[int, int]], list[set[int]]]:
        """``{goal: (turns, the holding bought from)}`` for the goals reached, and the layers
        (the holdings first reached after each number of turns, at most 10 cubes each).

        ``again``: the root holds a goal but the turn's action is still to come, so the root
        counts only when walked back to (a trade and its reverse, two turns).
        ``expand_root``: the root may trade on even with more than 10 cubes (it is the start
        of a turn, not its end).
        """
        at_least, small, found = self.at_least, self.small, {}
        needs = {goal: tuple(at_least[c][n] for c, n in enumerate(cubes) if n)
                 for goal, cubes in goals.items()}
        frontier = {root} if expand_root or root in small else set()
        seen, layers, depth = {root}, [frontier], 0
        while frontier and len(found) < len(goals):
            depth += 1
            reached: set[int] = set()
            for trade in self.trades:
                movers = frontier.intersection(*trade.needs) if trade.needs else frontier
                reached.update(map(trade.delta.__add__, movers))
            for colour, cap in self.caps:
                reached = reached - at_least[colour][cap + 1]
            fresh = reached - seen
            seen |= fresh
            for goal in goals:
                if goal in found:
                    continue
                hits = fresh.intersection(*needs[goal])
                if again and depth == 2 and root in reached and goal_held(root, goals[goal]):
                    hits.add(root)                  # away and back: the reverse trade
                if hits:
                    found[goal] = (depth, min(hits, key=lambda node: (total(node), node)))
            frontier = fresh & small
            layers.append(frontier)
        return found, layers

    def path(self, end: int, depth: int, layers: list[set[int]]) -> tuple[Trade, ...]:
        """The trades to ``end`` in ``depth`` turns: each step back goes to a holding of the
        layer before, by the lowest-numbered trade that leads there."""
        steps: list[Trade] = []
        node = end
        for k in range(depth, 0, -1):
            before = layers[k - 1]
            for trade in self.trades:
                previous = node - trade.delta
                if previous in before and goal_held(previous, trade.given):
                    steps.append(trade)
                    node = previous
                    break
            else:
                raise AssertionError("a holding reached has a predecessor in the layer before")
        return tuple(reversed(steps))


def goal_held(node: int, cubes: Cubes) -> bool:
    return all(n >= need for n, need in zip(unpack(node), cubes))


def plan(cubes: Sequence[int], bank: Sequence[int], equations: Sequence[Equation],
         wares: Sequence[Ware | None], bonus: bool = False, acted: bool = False,
         rolls: bool = True) -> list[Plan | None]:
    """A plan for each face-up ware (None for an empty stall), for the player holding
    ``cubes`` with the bank holding ``bank``.

    ``acted``: the turn's roll or trade is done (the player may buy now); otherwise the
    turn's action is still to come, and the plans count this turn as turn 1.
    ``bonus``: a stall is empty, so every purchase scores one star level higher.
    """
    held = tuple(cubes)
    if sum(held) > (LARGEST if acted else CUBE_LIMIT):
        raise ValueError(f"a turn starts with at most {CUBE_LIMIT} cubes, not {sum(held)}")
    root = pack(held)
    caps = [(c, held[c] + bank[c]) for c in range(5) if held[c] + bank[c] < LARGEST]
    search = _Search(trades_of(tuple(equations)), caps)
    goals = {stall: ware.cubes for stall, ware in enumerate(wares) if ware is not None}
    now = {stall for stall, need in goals.items() if goal_held(root, need)}
    searched = {s: g for s, g in goals.items() if not (acted and s in now)}
    found, layers = search.run(root, searched, again=not acted, expand_root=not acted)
    roll_turns = _roll_turns(search, held, bank, searched, acted) if rolls and searched else {}
    plans: list[Plan | None] = []
    for stall, ware in enumerate(wares):
        if ware is None:
            plans.append(None)
            continue
        level = int(ware.star) + int(bonus)
        if acted and stall in now:
            left = sum(held) - 5
            plans.append(Plan(stall, ware, 0, (), left, level, points(level, left), {}))
            continue
        faces = {face: turns.get(stall) for face, turns in roll_turns.items()}
        if stall not in found:
            plans.append(Plan(stall, ware, None, (), None, level, None, faces))
            continue
        depth, end = found[stall]
        left = total(end) - 5
        steps = search.path(end, depth, layers)
        plans.append(Plan(stall, ware, depth, steps, left, level, points(level, left), faces))
    return plans


def _roll_turns(search: _Search, held: Cubes, bank: Sequence[int], goals: dict[int, Cubes],
                acted: bool) -> dict[str, dict[int, int | None]]:
    """Per face, per goal: the turns if the coming turn is a roll (then the ware is bought
    that turn if the cube completes it, or trades follow from the next turn)."""
    by_colour: dict[int, dict[int, int | None]] = {}
    over = sum(held) > CUBE_LIMIT       # acted, and the limit comes first: no plan counts on it
    for colour in range(5):
        after = list(held)
        if bank[colour]:
            after[colour] += 1
        root = pack(after)
        turns: dict[int, int | None] = {}
        pending = {}
        for goal, need in goals.items():
            if over:
                turns[goal] = None
            elif goal_held(root, need):
                turns[goal] = 1
            elif sum(after) > CUBE_LIMIT:
                turns[goal] = None
            else:
                pending[goal] = need
        if pending:
            found, _ = search.run(root, pending, again=False)
            for goal in pending:
                turns[goal] = found[goal][0] + 1 if goal in found else None
        by_colour[colour] = turns
    faces: dict[str, dict[int, int | None]] = {COLOURS[c]: by_colour[c] for c in range(5)}
    open_colours = [c for c in range(5) if bank[c]] or list(range(5))
    faces[WILD] = {goal: _best(by_colour[c][goal] for c in open_colours) for goal in goals}
    return faces


def _best(values: Iterable[int | None]) -> int | None:
    known = [v for v in values if v is not None]
    return min(known) if known else None
