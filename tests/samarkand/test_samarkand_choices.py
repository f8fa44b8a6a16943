"""The listed ways to choose goods (a cut to 12, an oasis's loss) are every distinct way and
no more, found without enumerating sequences: the largest supply the rules allow, every
good of the game in one hand, is cut in a list of at most C(12 + 5, 5) = 6,188 choices."""

from __future__ import annotations

import math
from itertools import combinations_with_replacement

from hypothesis import given
from hypothesis import strategies as st
from samarkand_driver import BOARD, GAME, table

from companion.games.samarkand import goods as g
from companion.games.samarkand.choices import choose
from companion.games.samarkand.rules import OASIS_LOSS
from companion.games.samarkand.state import CUT, LOSE, PLACE, SELL, TRADE


def every_way(hand: dict[str, int], n: int) -> list[dict[str, int]]:
    """The plain reading: every multiset of ``n`` kinds, kept where the hand covers it."""
    found = []
    for combo in combinations_with_replacement([k for k in g.KINDS if hand.get(k)], n):
        counted = {k: combo.count(k) for k in dict.fromkeys(combo)}
        if g.covers(hand, counted):
            found.append(counted)
    return found


@given(
    st.dictionaries(st.sampled_from(g.KINDS), st.integers(0, 5), max_size=len(g.KINDS)),
    st.integers(-1, 12),
)
def test_choose_lists_every_distinct_way_in_the_plain_readings_order(hand, n):
    assert choose(hand, n) == (every_way(hand, n) if n >= 0 else [])


def test_a_whole_games_goods_in_one_hand_are_cut_to_12_in_6188_choices():
    match = table(2)
    state = GAME.copy(match.state)
    state.phase, state.hands[0] = CUT, dict(g.COPIES)  # 102 goods, 90 to return
    cuts = GAME.legal_actions(state, 0)
    assert len(cuts) == math.comb(g.HAND_LIMIT + len(g.KINDS) - 1, len(g.KINDS) - 1) == 6188
    kept = {tuple(g.COPIES[k] - cut.data["goods"].get(k, 0) for k in g.KINDS) for cut in cuts}
    assert len(kept) == len(cuts) and all(sum(left) == g.HAND_LIMIT for left in kept)


def largest(phase: str, space: str, edition: str = "2.0"):
    """A position of ``phase`` at ``space`` with every good of the game in seat 0's supply and
    every kind on every camp's field: the longest lists the rules allow."""
    match = table(2, places=["camp1", "camp1"], edition=edition)
    state = GAME.copy(match.state)
    state.phase, state.turn, state.here = phase, 0, BOARD.space(space)
    state.positions[0], state.hands[0] = space, dict(g.COPIES)
    state.camps = [{kind: 1 for kind in g.KINDS} for _ in state.camps]
    state.chips = ["red", "blue"] if edition == "1998" else []
    return state


def test_every_list_is_bounded_on_the_largest_position():
    """Trades are single swaps (every kind on the field for every kind held, the end of the
    turn and the extra move), a sale is one per market and count (twice over in 1998, for
    the chip that moves), a loss of 3 is one of C(3 + 5, 5) multisets; placing is one per
    space. None grows with the goods held."""
    kinds = len(g.KINDS)
    trades = GAME.legal_actions(largest(TRADE, "camp1"), 0)
    assert len(trades) <= 1 + kinds * kinds + len(BOARD.exits("camp1"))
    assert sum(e.kind == "trade" for e in trades) == kinds * kinds
    for edition, chips in (("2.0", 1), ("1998", 2)):
        sales = GAME.legal_actions(largest(SELL, "merv", edition), 0)  # red and wild
        assert 0 < len(sales) <= chips * (max(g.LARGEST.values()) - 1 + kinds - 1)
    losses = GAME.legal_actions(largest(LOSE, "oasis1"), 0)
    assert len(losses) == math.comb(OASIS_LOSS + kinds - 1, kinds - 1) == 56
    assert len(GAME.legal_actions(largest(PLACE, "camp1"), 0)) == len(BOARD.spaces) == 20
