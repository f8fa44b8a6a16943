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

from collections import Counter
from itertools import combinations
from typing import Collection, Mapping, Sequence

from companion.core.errors import RuleError

SET_SCORINGS = ("rulebook", "doubling")
_NONE = -(1 << 30)  # "no keep set fits": far below any reachable score


def set_bonus(n: int, set_scoring: str = "rulebook") -> int:
    """Points for one value held n times, all types together: 1, 2, 4, 8, then 16 (or doubling)."""
    if set_scoring not in SET_SCORINGS:
        raise RuleError(f"set_scoring must be one of {list(SET_SCORINGS)}, not {set_scoring!r}")
    if n < 2:
        return 0
    return 1 << ((min(n, 6) if set_scoring == "rulebook" else n) - 2)


def best_keep(goods: Mapping[str, Sequence[int]], capacity: int,
              buyable_types: Collection[str], set_scoring: str = "rulebook") -> dict[str, list[int]]:
    """The cards to keep (type -> values, highest first) that maximise least-type + set points.

    Keeps everything when it fits; otherwise exactly `capacity` cards.
    """
    if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 0:
        raise RuleError(f"capacity must be a non-negative integer, not {capacity!r}")
    set_bonus(0, set_scoring)  # validates the option before any work
    if sum(len(v) for v in goods.values()) <= capacity:
        return {t: sorted(v, reverse=True) for t, v in goods.items()}
    counts = _Search(goods, capacity, buyable_types, set_scoring).run()
    return {t: sorted(Counter(c).elements(), reverse=True) for t, c in counts.items()}


class _Search:
    """One discard problem; `run()` returns the kept count per type and value."""

    def __init__(self, goods, capacity, buyable_types, set_scoring):
        self.types = list(goods)
        self.hand = {t: Counter(v) for t, v in goods.items()}
        self.values = sorted({v for c in self.hand.values() for v in c}, reverse=True)
        self.avail = {t: [self.hand[t][v] for v in self.values] for t in self.types}
        self.total = [sum(a[i] for a in self.avail.values()) for i in range(len(self.values))]
        self.capacity = capacity
        self.bonus = [set_bonus(n, set_scoring) for n in range(max(self.total) + 1)]
        self.buyable = list(dict.fromkeys(buyable_types))
        self.sets_after = self._sets_table()

    def _sets_table(self) -> list[list[int]]:
        """sets_after[i][r]: best set points from values i.. keeping exactly r of their cards."""
        cap = self.capacity
        table = [[0] + [_NONE] * cap]
        for i in reversed(range(len(self.values))):
            nxt = table[-1]
            row = [max((self.bonus[n] + nxt[r - n] for n in range(min(self.total[i], r) + 1)))
                   for r in range(cap + 1)]
            table.append(row)
        return table[::-1]

    def run(self) -> dict[str, dict[int, int]]:
        # Baseline: sets only (least-type term counted as 0, which it may exceed).
        self.best = self.sets_after[0][self.capacity]
        self.best_plan = None
        if self.buyable and all(sum(self.avail.get(t, ())) for t in self.buyable):
            kmax = min([sum(self.avail[u]) for u in self.buyable]
                       + [self.capacity // len(self.buyable)])  # every buyable type keeps >= k
            candidates, seen = [], set()
            for t in self.buyable:
                if tuple(self.avail[t]) in seen:  # an identical type gives the identical search
                    continue
                seen.add(tuple(self.avail[t]))
                top = self._top_table(t)
                candidates += [(top[0][k] + self.best, t, k, top) for k in range(1, kmax + 1)]
            candidates.sort(key=lambda c: -c[0])
            for bound, t, k, top in candidates:
                if bound <= self.best:
                    break
                self._search_least(t, k, top)
        return self._plan_counts()

    def _top_table(self, t: str) -> list[list[int]]:
        """top[i][j]: the sum of t's j best cards among values i.. (values are descending)."""
        cards = [(i, v) for i, v in enumerate(self.values) for _ in range(self.avail[t][i])]
        table = []
        for i in range(len(self.values) + 1):
            rest = [v for j, v in cards if j >= i]
            sums = [0]
            for v in rest:
                sums.append(sums[-1] + v)
            table.append(sums + [_NONE] * (len(cards) - len(rest)))
        return table

    def _search_least(self, t: str, k: int, top: list[list[int]]) -> None:
        """Branch and bound over values with t as a least type holding exactly k cards."""
        values, bonus, sets_after, total = self.values, self.bonus, self.sets_after, self.total
        own = self.avail[t]
        rest = [total[i] - own[i] for i in range(len(values))]
        others = [u for u in self.buyable if u != t]
        last = len(values)
        # Hall: every group of other buyable types must be able to keep k cards per type.
        halls = [(k * size, [sum(self.avail[u][i] for u in group) for i in range(last)])
                 for size in range(1, len(others) + 1) for group in combinations(others, size)]
        total_after = [sum(total[i:]) for i in range(1, last + 1)]
        own_after = [sum(own[i:]) for i in range(1, last + 1)]
        kept = [0] * last
        mine = [0] * last
        best = self.best

        def walk(i: int, room: int, need: int, score: int) -> None:
            nonlocal best
            if i == last:  # room == need == 0: the ranges below guarantee it
                for floor, cap in halls:
                    if sum(min(kept[j] - mine[j], cap[j]) for j in range(last)) < floor:
                        return
                best = score
                self.best_plan = (t, k, kept[:], mine[:])
                return
            v, sets_next, top_next, top_here = values[i], sets_after[i + 1], top[i + 1], top[i][need]
            mine_max, spill, mine_min = own[i], rest[i], need - own_after[i]
            low = room - total_after[i]
            for n in range(total[i] if total[i] < room else room, (low if low > 0 else 0) - 1, -1):
                gained = score + bonus[n]
                if gained + sets_next[room - n] + top_here <= best:
                    continue  # no share of these n cards for t can beat the best
                kept[i] = n
                hi = mine_max if mine_max < n else n
                lo = n - spill if n - spill > mine_min else mine_min
                for c in range(hi if hi < need else need, (lo if lo > 0 else 0) - 1, -1):
                    if gained + v * c + sets_next[room - n] + top_next[need - c] > best:
                        mine[i] = c
                        walk(i + 1, room - n, need - c, gained + v * c)
            kept[i] = mine[i] = 0

        if top[0][k] + sets_after[0][self.capacity] > best:
            walk(0, self.capacity, k, 0)
        self.best = best

    def _plan_counts(self) -> dict[str, dict[int, int]]:
        """Turn the best plan (kept per value, t's share) into kept counts per type."""
        if self.best_plan is None:
            kept, floors = self._sets_only_kept(), {}
            mine_type, mine = None, [0] * len(self.values)
        else:
            mine_type, k, kept, mine = self.best_plan
            floors = {u: k for u in self.buyable if u != mine_type}
        supply = [n - c for n, c in zip(kept, mine)]
        others = [u for u in self.types if u != mine_type]
        share = _assign(supply, {u: self.avail[u] for u in others}, floors)
        if mine_type is not None:
            share[mine_type] = mine
        return {t: {v: n for v, n in zip(self.values, share[t]) if n} for t in self.types}

    def _sets_only_kept(self) -> list[int]:
        """Kept count per value achieving the sets-only baseline, keeping high values on ties."""
        room, kept = self.capacity, []
        for i in range(len(self.values)):
            n = next(n for n in range(min(self.total[i], room), -1, -1)  # high values first
                     if self.bonus[n] + self.sets_after[i + 1][room - n] == self.sets_after[i][room])
            kept.append(n)
            room -= n
        return kept


def _assign(supply: list[int], avail: dict[str, list[int]], floors: dict[str, int]) -> dict[str, list[int]]:
    """Spread kept cards per value over types, each type u getting at least floors[u] cards.

    Augmenting paths (value -> type, type -> value along assigned cards) meet the floors,
    then the rest fills any free room; the search has already checked that this is possible.
    """
    share = {u: [0] * len(supply) for u in avail}
    left = list(supply)

    def augment(target: str) -> bool:
        # BFS from values with unassigned supply to `target`, moving one card along the path.
        prev: dict = {("v", i): None for i, s in enumerate(left) if s}
        queue = list(prev)
        while queue:
            node = queue.pop(0)
            kind, key = node
            steps = ([("t", u) for u in avail if share[u][key] < avail[u][key]] if kind == "v"
                     else [("v", i) for i, n in enumerate(share[key]) if n])
            for step in steps:
                if step in prev:
                    continue
                prev[step] = node
                if step == ("t", target):
                    while prev[step] is not None:
                        back = prev[step]
                        if step[0] == "t":
                            share[step[1]][back[1]] += 1
                        else:
                            share[back[1]][step[1]] -= 1
                        step = back
                    left[step[1]] -= 1
                    return True
                queue.append(step)
        return False

    for u, floor in floors.items():
        for _ in range(max(0, floor - sum(share[u]))):
            if not augment(u):
                raise AssertionError("discard plan cannot meet the least-type floors")
    for i in range(len(left)):
        for u in avail:
            move = min(left[i], avail[u][i] - share[u][i])
            share[u][i] += move
            left[i] -= move
    return share
