"""Chance sources: seeded draws are reproducible and fair; table entries are checked."""

from collections import Counter

import pytest

from companion.core.chance import CardAwaited, EnteredChance, SeededChance, check_remaining
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


def test_a_table_card_no_longer_in_the_deck_is_refused_naming_what_is_left():
    with pytest.raises(RuleError, match=r"card 9 is not in the urn deck \(left: 1×3, 2×1\)"):
        check_remaining(URN, 9)


def test_a_card_the_deck_never_held_is_not_said_to_be_gone():
    with pytest.raises(RuleError, match=r"^card 5 is not in the urn deck \(left: 1×3, 2×1\)$"):
        check_remaining(URN, 5)


def test_a_die_or_a_seat_shows_no_count_and_a_refusal_names_the_choices():
    """Every face is always there: "1 (1 left)" would say nothing."""
    die = ChanceRequest("die", {face: 1 for face in (1, 2, 3)}, counted=False)
    assert die.choices() == [[1, None], [2, None], [3, None]]
    with pytest.raises(RuleError, match=r"^7 is not one of the choices: 1, 2, 3$"):
        check_remaining(die, 7)
    check_remaining(die, 2)


def test_an_empty_deck_is_named_as_such():
    with pytest.raises(RuleError, match=r"left: nothing"):
        check_remaining(ChanceRequest("urn", {}), 1)


def test_a_deck_whose_contents_are_secret_refuses_a_card_without_saying_what_is_left():
    """A bag that fed hidden hands: what is left would tell those hands, so an entry is
    offered the deck's kinds and a refusal counts nothing."""
    bag = ChanceRequest("bag", {"red": 2, "blue": 0}, kinds=("red", "blue", "black"))
    assert not bag.remaining_public and URN.remaining_public
    assert bag.choices() == [["red", None], ["blue", None], ["black", None]]
    assert URN.choices() == [[1, 3], [2, 1]]
    for card in ("blue", "purple"):
        with pytest.raises(RuleError) as refused:
            check_remaining(bag, card)
        assert str(refused.value) == f"card {card!r} is not in the bag deck"
    check_remaining(bag, "red")
