"""Chance sources: seeded draws are reproducible and fair; table entries are checked."""
from collections import Counter

import pytest

from companion.core.chance import CardAwaited, SeededChance, EnteredChance, check_remaining
from companion.core.errors import RuleError
from companion.core.game import ChanceRequest

URN = ChanceRequest("urn", {1: 3, 2: 1, 9: 0})


def test_a_seed_and_a_position_always_draw_the_same_card():
    draws = [SeededChance("s").draw(URN, position) for position in range(50)]
    assert draws == [SeededChance("s").draw(URN, position) for position in range(50)]
    assert draws != [SeededChance("other").draw(URN, position) for position in range(50)]


def test_seeded_draws_follow_the_multiset_and_never_an_exhausted_card():
    counts = Counter(SeededChance(7).draw(URN, position) for position in range(4000))
    assert set(counts) == {1, 2}
    assert 2.5 < counts[1] / counts[2] < 3.5


def test_the_table_must_say_which_card_came_up():
    table = EnteredChance()
    with pytest.raises(CardAwaited) as waiting:
        table.draw(URN, 0)
    assert waiting.value.request is URN and "urn deck" in str(waiting.value)
    table.enter(2)
    assert table.draw(URN, 0) == 2


def test_a_table_card_no_longer_in_the_deck_is_refused_naming_what_is_left():
    table = EnteredChance()
    table.enter(9)
    with pytest.raises(RuleError, match=r"card 9 is no longer in the urn deck \(left: 1×3, 2×1\)"):
        table.draw(URN, 0)


def test_an_empty_deck_is_named_as_such():
    with pytest.raises(RuleError, match=r"left: nothing"):
        check_remaining(ChanceRequest("urn", {}), 1)
