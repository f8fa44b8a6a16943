"""The end-of-game discard advice: which goods to keep so the final score is highest.

A player holding more goods than their camels carry keeps exactly `capacity` cards; only
the least-type and set terms depend on that choice (the empty-space penalty is then 0).
The answer must be exact, so this is a branch-and-bound search, not a greedy rule.

Why it is fast: cards of one type and value are interchangeable, so the search runs over
counts per value. For each candidate least type `t` with `k` kept cards it walks the values,
choosing how many cards of each value to keep in all (set term) and how many of them are
t's (least-type term); bounds from two small tables prune almost every branch. At a leaf,
the other buyable types must be able to keep at least `k` cards each (else one of them,
not t, would be the least type): a Hall condition over subsets of those types.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import accumulate, chain
from operator import itemgetter

from companion.core.errors import RuleError

SET_SCORINGS = ("rulebook", "doubling")
_NONE = -(1 << 30)  # "no keep set fits": far below any reachable score


def set_bonus(n: int, set_scoring: str = "rulebook") -> int:
    """Points for one value held n times, all types together: 1, 2, 4, 8, then 16 (or doubling)."""
    if set_scoring not in SET_SCORINGS:
        raise RuleError(
            "set_scoring must be one of {allowed}, not {value}",
            allowed=str(list(SET_SCORINGS)),
            value=repr(set_scoring),
        )
    if n < 2:
        return 0
    return 1 << ((min(n, 6) if set_scoring == "rulebook" else n) - 2)


def best_keep(
    goods: Mapping[str, Sequence[int]],
    capacity: int,
    buyable_types: Collection[str],
    set_scoring: str = "rulebook",
) -> dict[str, list[int]]:
    """The cards to keep (type -> values, highest first) that maximise least-type + set points.

    Keeps everything when it fits; otherwise exactly `capacity` cards.
    """
    if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 0:
        raise RuleError("capacity must be a non-negative integer, not {value}", value=repr(capacity))
    set_bonus(0, set_scoring)  # validates the option before any work
    if card_count(goods) <= capacity:
        return {t: sorted(v, reverse=True) for t, v in goods.items()}
    return _Search(goods, capacity, buyable_types, set_scoring).run()


def card_count(goods: Mapping[str, Sequence[int]]) -> int:
    """How many cards, all types together."""
    return sum(len(values) for values in goods.values())


Plan = tuple[str, int, list[int], list[int]]  # least type t, its k cards, kept and t's per value
_Tables = tuple[list[list[int]], list[int], list[tuple[int, list[int]]]]  # see _Search._tables


class _Search:
    """One discard problem; `run()` returns the kept values per type."""

    def __init__(
        self,
        goods: Mapping[str, Sequence[int]],
        capacity: int,
        buyable_types: Collection[str],
        set_scoring: str,
    ) -> None:
        self.types = list(goods)
        self.cards = {t: sorted(vs, reverse=True) for t, vs in goods.items()}
        self.values = sorted(set(chain.from_iterable(goods.values())), reverse=True)
        index = {v: i for i, v in enumerate(self.values)}
        self.avail: dict[str, list[int]] = {}
        for t, vs in goods.items():
            counts = self.avail[t] = [0] * len(self.values)
            for v in vs:
                counts[index[v]] += 1
        self.total = [sum(column) for column in zip(*self.avail.values())]
        self.total_after = _sums_after(self.total)
        self.capacity = capacity
        self.bonus = [set_bonus(n, set_scoring) for n in range(max(self.total) + 1)]
        self.buyable = list(dict.fromkeys(buyable_types))
        self.sets_after = self._sets_table()
        # Baseline: sets only (least-type term counted as 0, which it may exceed).
        self.best = self.sets_after[0][capacity]
        self.best_plan: Plan | None = None

    def _sets_table(self) -> list[list[int]]:
        """sets_after[i][r]: best set points from values i.. keeping exactly r of their cards
        (_NONE where they are fewer than r).

        Where r cards fit, one more never scores less (a set only grows), so a single card
        of value i (no bonus) only matters for the first r past the cards after i.
        """
        cap = self.capacity
        row = [0] + [_NONE] * cap
        table = [row]
        for i in reversed(range(len(self.values))):
            below, reach = row, min(self.total_after[i], cap) + 1  # below: r < reach can fit
            row = below[:]  # keeping none of this value's cards
            if reach <= cap:
                row[reach] = below[reach - 1]  # keeping one
            for n in range(2, min(self.total[i], cap) + 1):
                gain, end = self.bonus[n], min(n + reach, cap + 1)
                row[n:end] = [a if a >= gain + b else gain + b for a, b in zip(row[n:end], below[: end - n])]
            table.append(row)
        table.reverse()
        return table

    def run(self) -> dict[str, list[int]]:
        held = [len(self.cards[t]) if t in self.cards else 0 for t in self.buyable]
        # Every buyable type keeps at least k cards; none when one of them has no card.
        kmax = min([*held, self.capacity // len(held)]) if held else 0
        if kmax:
            candidates: list[tuple[int, str, int]] = []  # (bound, t, k)
            seen: set[tuple[int, ...]] = set()
            for t in self.buyable:
                cards = tuple(self.cards[t])
                if cards in seen:  # an identical type gives the identical search
                    continue
                seen.add(cards)
                best_sums = accumulate(cards[:kmax], initial=self.best)  # + t's k best cards
                candidates += [(bound, t, k) for k, bound in enumerate(best_sums) if k]
            candidates.sort(key=itemgetter(0), reverse=True)  # stable: ties keep their order
            tables: dict[str, _Tables] = {}
            for bound, t, k in candidates:
                if bound <= self.best:
                    break
                if t not in tables:  # built only for a type whose bound gets it searched
                    tables[t] = self._tables(t, kmax)
                self._search_least(t, k, tables[t])
        return self._plan_kept()

    def _tables(self, t: str, kmax: int) -> _Tables:
        """What the searches with t as least type need beyond the value totals.

        top[i][j], j <= kmax: the sum of t's j best cards among values i.. (values are
        descending), _NONE if fewer; own_after[i]: t's cards among values after i; groups:
        each group of the other buyable types with its size and its cards per value, for
        the Hall condition.
        """
        own, cards = self.avail[t], self.cards[t]
        top = []
        start = 0  # t's cards of values before i, skipped
        for i in range(len(own) + 1):
            row = list(accumulate(cards[start : start + kmax], initial=0))
            top.append(row + [_NONE] * (kmax + 1 - len(row)))
            if i < len(own):
                start += own[i]
        groups = [(0, [0] * len(own))]
        for u in self.buyable:
            if u != t:
                column = self.avail[u]
                groups += [(size + 1, [a + b for a, b in zip(cap, column)]) for size, cap in groups]
        return top, _sums_after(own), groups[1:]

    def _search_least(self, t: str, k: int, tables: _Tables) -> None:
        """Branch and bound over values with t as a least type holding exactly k cards."""
        top = tables[0]
        if top[0][k] + self.sets_after[0][self.capacity] > self.best:
            least = _LeastSearch(self, t, k, tables)
            least.walk(0, self.capacity, k, 0)
            if least.plan is not None:
                self.best, self.best_plan = least.best, least.plan

    def _plan_kept(self) -> dict[str, list[int]]:
        """Turn the best plan (kept per value, t's share) into kept values per type."""
        if self.best_plan is None:
            mine_type, k, kept, mine = None, 0, self._sets_only_kept(), [0] * len(self.values)
        else:
            mine_type, k, kept, mine = self.best_plan
        others = [u for u in self.types if u != mine_type]
        floors = [] if mine_type is None else [(others.index(u), k) for u in self.buyable if u != mine_type]
        supply = [n - c for n, c in zip(kept, mine)]
        counts = dict(zip(others, _assign(supply, [self.avail[u] for u in others], floors)))
        if mine_type is not None:
            counts[mine_type] = mine
        kept_values = {}
        for t in self.types:
            values: list[int] = []
            for v, n in zip(self.values, counts[t]):
                if n:
                    values += [v] * n
            kept_values[t] = values
        return kept_values

    def _sets_only_kept(self) -> list[int]:
        """Kept count per value achieving the sets-only baseline, keeping high values on ties."""
        room, kept = self.capacity, []
        for i in range(len(self.values)):
            n = next(
                n
                for n in range(min(self.total[i], room), -1, -1)  # high values first
                if self.bonus[n] + self.sets_after[i + 1][room - n] == self.sets_after[i][room]
            )
            kept.append(n)
            room -= n
        return kept


class _LeastSearch:
    """One branch and bound: t a least type with exactly k cards, walking the values in order
    (the path being walked, and the best plan found, are its state)."""

    def __init__(self, search: _Search, t: str, k: int, tables: _Tables) -> None:
        self.t, self.k = t, k
        self.values, self.bonus, self.sets_after = search.values, search.bonus, search.sets_after
        self.total, self.total_after = search.total, search.total_after
        self.top, self.own_after, self.groups = tables
        self.own = search.avail[t]
        self.rest = [n - c for n, c in zip(search.total, self.own)]
        self.kept = [0] * len(search.values)  # per value, on the current path
        self.mine = [0] * len(search.values)  # t's share of kept
        self.best = search.best
        self.plan: Plan | None = None

    def walk(self, i: int, room: int, need: int, score: int) -> None:
        kept, mine = self.kept, self.mine
        if i == len(kept):  # room == need == 0: the ranges below guarantee it
            # Hall: every group of other buyable types must be able to keep k cards per type.
            supply = [n - c for n, c in zip(kept, mine)]
            for size, cap in self.groups:
                if sum(map(min, supply, cap)) < self.k * size:
                    return
            self.best = score
            self.plan = (self.t, self.k, kept[:], mine[:])
            return
        v, sets_next, bonus = self.values[i], self.sets_after[i + 1], self.bonus
        top_next, top_here = self.top[i + 1], self.top[i][need]
        own, others, own_later = self.own[i], self.rest[i], self.own_after[i]
        # n of value i's cards kept: no more than there are or fit, enough to fill the room
        # the later values cannot
        for n in range(min(self.total[i], room), max(room - self.total_after[i], 0) - 1, -1):
            gained = score + bonus[n]
            if gained + sets_next[room - n] + top_here <= self.best:
                continue  # no share of these n cards for t can beat the best
            kept[i] = n
            # c of them t's: no more than t has or needs, at least what the other types cannot
            # hold and what t's later cards cannot make up
            for c in range(min(own, n, need), max(n - others, need - own_later, 0) - 1, -1):
                if gained + v * c + sets_next[room - n] + top_next[need - c] > self.best:
                    mine[i] = c
                    self.walk(i + 1, room - n, need - c, gained + v * c)
        kept[i] = mine[i] = 0


def _sums_after(counts: list[int]) -> list[int]:
    """after[i]: the sum of counts[i + 1:]."""
    after = [0] * len(counts)
    for i in range(len(counts) - 1, 0, -1):
        after[i - 1] = after[i] + counts[i]
    return after


def _assign(supply: list[int], avail: list[list[int]], floors: list[tuple[int, int]]) -> list[list[int]]:
    """Spread kept cards per value over types, type u getting at least `floor` cards for each
    (u, floor) in `floors`; avail[u][i] is how many cards of value i type u holds.

    Augmenting paths (value -> type, type -> value along assigned cards) meet the floors,
    then the rest fills any free room; the search has already checked that this is possible.
    """
    width = len(supply)
    share = [[0] * width for _ in avail]
    left = list(supply)

    def augment(target: int) -> bool:
        # BFS from values with unassigned supply to type `target`, moving one card along the
        # path. Its start values come first in the queue, so a direct path, when there is one,
        # is the one from the first such value with room in `target`: taken without the BFS.
        room, mine = avail[target], share[target]
        for i in range(width):
            if left[i] and mine[i] < room[i]:
                mine[i] += 1
                left[i] -= 1
                return True
        # Nodes: value i is i, type u is width + u; prev[node] is -2 unseen, -1 a start.
        prev = [-2] * (width + len(avail))
        queue = [i for i in range(width) if left[i]]
        for i in queue:
            prev[i] = -1
        goal = width + target
        head = 0
        while head < len(queue):
            node = queue[head]
            head += 1
            steps = (
                [width + u for u, a in enumerate(avail) if share[u][node] < a[node]]
                if node < width
                else [i for i, n in enumerate(share[node - width]) if n]
            )
            for step in steps:
                if prev[step] != -2:
                    continue
                prev[step] = node
                if step == goal:
                    while prev[step] != -1:
                        back = prev[step]
                        if step >= width:
                            share[step - width][back] += 1
                        else:
                            share[back - width][step] -= 1
                        step = back
                    left[step] -= 1
                    return True
                queue.append(step)
        return False

    for u, floor in floors:
        for _ in range(max(0, floor - sum(share[u]))):
            if not augment(u):
                raise AssertionError("discard plan cannot meet the least-type floors")
    for i in range(width):
        for u, a in enumerate(avail):
            if not left[i]:
                break
            move = min(left[i], a[i] - share[u][i])
            share[u][i] += move
            left[i] -= move
    return share
