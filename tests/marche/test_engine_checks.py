"""Points the engine's fast paths must keep: which refusal wins, exact types, independent setups."""

from collections import Counter

import pytest
from marche_driver import GAME, assert_refused, claim, offer, stop, table_match

from companion.core.game import Event, chance_event
from companion.games.marche.options import MarcheOptions


def market():
    return offer(table_match(4), [7, 1, 2, 3])


# ------------------------------------------------------------------ stops
@pytest.mark.parametrize(
    "stoppers, words",
    [
        ([[1, 0], [1, 5], [2]], "each stopper"),
        ([[1, 0], [1, 5], [2, -1]], "non-negative"),
        ([[1, 0], [1, 5], [9, 0]], "unknown player 9"),
    ],
)
def test_a_malformed_stopper_is_named_before_a_player_appearing_twice(stoppers, words):
    assert_refused(market(), Event("stop", None, {"count": 6, "stoppers": stoppers}), words)


@pytest.mark.parametrize("seat", [True, 1.0, "1"])
def test_a_stopper_that_only_compares_equal_to_a_seat_is_refused(seat):
    assert_refused(
        market(), Event("stop", None, {"count": 6, "stoppers": [[seat, 0]]}), f"unknown player {seat!r}"
    )


def test_stoppers_given_as_tuples_are_kept_in_press_order_as_pairs():
    match = market()
    match.act(Event("stop", None, {"count": 6, "stoppers": ((3, 0), (1, 40), (2, 90))}))
    assert match.state.stop.stoppers == [(3, 0), (1, 40), (2, 90)]
    assert match.state.stop.seats() == [3, 1, 2]


# ------------------------------------------------------------------ claims
@pytest.mark.parametrize("actor", [True, 1.0])
def test_a_claim_by_something_equal_to_a_stopper_is_refused(actor):
    match = market()
    match.act(stop(6, 1))
    assert_refused(match, claim(actor, 0), f"unknown player {actor!r}")


@pytest.mark.parametrize("target", [True, 1.0, [0]])
def test_a_claim_naming_something_equal_to_a_seat_is_refused(target):
    match = market()
    match.act(stop(6, 2))
    assert_refused(match, claim(2, target), "unknown player")


# ------------------------------------------------------------------ chance
@pytest.mark.parametrize("card", [5.0, True, [5]])
def test_a_camel_equal_to_one_left_but_of_another_type_is_refused(card):
    assert_refused(table_match(4, camel=None), chance_event("camels", card), "not in the camels deck")


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize(
    "setup", [{"players": 4}, {"players": 4, "rules": None}, {"players": 4, "rules": {}}]
)
def test_a_game_without_rules_plays_the_rulebook(setup):
    assert GAME.new_state(setup).rules == MarcheOptions.from_rules(None) == MarcheOptions.from_rules({})


def test_games_set_up_alike_share_no_mutable_state():
    first, second = GAME.new_state({"players": 3}), GAME.new_state({"players": 3})
    first.hands[0].remove(7)
    first.camel_deck[3] -= 1
    first.bank_deck[7] -= 1
    rulebook = MarcheOptions.from_rules()
    assert second.hands[0] == second.hands[1] == sorted(rulebook.goods_cards)
    assert first.hands[1] == second.hands[0]
    assert second.camel_deck == dict(Counter(rulebook.camel_cards))
    assert second.bank_deck == dict(Counter(rulebook.goods_cards))
