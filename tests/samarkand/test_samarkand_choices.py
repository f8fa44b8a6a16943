"""The listed ways to choose goods (a cut to 12, an oasis's loss) are every distinct way and
no more, found without enumerating sequences: the largest supply the rules allow, every
good of the game in one hand, is cut in a list of at most C(12 + 5, 5) = 6,188 choices."""

from __future__ import annotations

import math
from itertools import combinations_with_replacement

from hypothesis import given
from hypothesis import strategies as st
from samarkand_driver import GAME, table

from companion.games.samarkand import goods as g
from companion.games.samarkand.choices import choose
from companion.games.samarkand.state import CUT


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
