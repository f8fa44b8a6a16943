"""Bad input: each refusal is a RuleError naming the problem, and changes nothing."""

import pytest
from marche_driver import (
    BANK,
    CAMEL,
    END,
    GAME,
    assert_refused,
    buy,
    claim,
    offer,
    pick,
    stop,
    table_match,
)

from companion.core.errors import RuleError
from companion.core.game import Event, chance_event


def market(players=4, bank=None):
    return offer(table_match(players), [7, 1, 2, 3][:players], bank)


def stopped(*seats, count=6):
    match = market()
    match.act(stop(count, *seats))
    return match


# ------------------------------------------------------------------ out of turn
def test_a_claim_when_nobody_stopped_is_refused():
    assert_refused(market(), claim(1, 0), "no stop")


def test_a_stop_while_offers_are_being_picked_is_refused():
    assert_refused(table_match(4), stop(10, 1), "countdown is not running")


def test_a_pick_during_the_countdown_is_refused():
    assert_refused(market(), pick(0, 1), "start of a turn")


def test_a_second_stop_while_one_is_being_claimed_is_refused():
    assert_refused(stopped(1), stop(5, 2), "countdown is not running")


def test_the_countdown_cannot_end_while_a_stop_is_being_claimed():
    assert_refused(stopped(1), END, "countdown is not running")


def test_a_decision_while_a_bank_card_is_awaited_is_refused():
    assert_refused(offer(table_match(3), [1, 2, 3]), stop(10, 1), "turned up first")


def test_an_unknown_action_is_refused():
    assert_refused(market(), Event("sell", 1, {}), "unknown action 'sell'")


def test_nothing_is_accepted_once_the_game_is_over():
    match = table_match(4, rules={"turns": 1, "goods_cards": [1]})
    offer(match, [1, 1, 1, 1]).act(END)
    assert_refused(match, END, "over")


# ------------------------------------------------------------------ who
@pytest.mark.parametrize("actor", [4, -1, None, "0", True])
def test_a_pick_by_an_unknown_player_is_refused(actor):
    assert_refused(table_match(4), pick(actor, 1), f"unknown player {actor!r}")


def test_a_stop_by_an_unknown_player_is_refused():
    assert_refused(market(), stop(6, 1, 9), "unknown player 9")


def test_a_claim_by_an_unknown_player_is_refused():
    assert_refused(stopped(1), claim(7, 0), "unknown player 7")


def test_a_claim_naming_an_unknown_seller_is_refused():
    assert_refused(stopped(1), claim(1, 7), "unknown player 7")


def test_a_claim_by_a_player_who_did_not_stop_is_refused():
    assert_refused(stopped(1), claim(2, 0), "did not stop")


def test_a_second_claim_by_the_same_stopper_is_refused():
    match = stopped(1, 2)
    match.act(claim(1, 0))
    assert_refused(match, claim(1, 3), "already named")


def test_a_player_cannot_stop_twice_at_once():
    assert_refused(market(), stop(6, 1, 1), "twice")


# ------------------------------------------------------------------ what
def test_a_claim_for_a_card_not_on_offer_is_refused():
    match = buy(market(), 9, 1, 0)
    match.act(stop(8, 2))
    assert_refused(match, claim(2, 0), "not on offer")


def test_a_claim_for_the_bank_card_without_a_bank_is_refused():
    assert_refused(stopped(1), claim(1, BANK), "bank's card is not on offer")


def test_a_claim_for_the_own_card_is_refused():
    assert_refused(stopped(2), claim(2, 2), "own card")


def test_a_claim_for_a_camel_when_none_is_up_is_refused():
    match = table_match(4, rules={"camel_cards": [3]}, camel=3)
    buy(offer(match, [7, 1, 2, 3]), 6, 1, CAMEL)
    match.act(stop(5, 2))
    assert_refused(match, claim(2, CAMEL), "no camel")


@pytest.mark.parametrize(
    "count, words",
    [
        (11, "from 1 to 10"),
        (0, "from 1 to 10"),
        ("5", "from 1 to 10"),
        (None, "from 1 to 10"),
        (True, "from 1 to 10"),
    ],
)
def test_a_stop_at_an_impossible_count_is_refused(count, words):
    assert_refused(market(), stop(count, 1), words)


@pytest.mark.parametrize(
    "stoppers, words",
    [
        ([], "at least one stopper"),
        ([[1]], "each stopper"),
        ([[1, -5]], "non-negative"),
        ([[1, "soon"]], "non-negative"),
    ],
)
def test_a_malformed_stop_is_refused(stoppers, words):
    assert_refused(market(), Event("stop", None, {"count": 6, "stoppers": stoppers}), words)


# ------------------------------------------------------------------ cards from the physical table
def test_a_camel_no_longer_in_the_deck_is_refused_naming_what_is_left():
    match = offer(table_match(4, camel=3, rules={"camel_cards": [3, 4]}), [7, 1, 2, 3])
    buy(match, 6, 1, CAMEL)
    error = assert_refused(match, chance_event("camels", 3), "card 3", "camels deck")
    assert "4×1" in str(error)
    with pytest.raises(RuleError, match="not in the camels deck"):
        match.enter_chance(3)
    match.enter_chance(4)
    assert match.state.camel_up == 4


def test_a_camel_that_is_no_card_at_all_is_refused():
    assert_refused(table_match(4, camel=None), chance_event("camels", 9), "card 9")


def test_a_bank_card_already_turned_up_is_refused():
    match = offer(table_match(3), [1, 2, 3], bank=7)
    match.act(END)
    offer(match, [1, 2, 3])
    assert_refused(match, chance_event("bank", 7), "card 7", "bank deck")


def test_a_card_from_the_wrong_deck_is_refused():
    match = offer(table_match(3), [1, 2, 3])
    assert_refused(match, chance_event("camels", 3), "no card is waiting", "camels")


def test_entering_a_card_when_none_is_awaited_is_refused():
    match = market()
    with pytest.raises(RuleError, match="no card is waiting"):
        match.enter_chance(3)


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize(
    "setup, words",
    [
        ({"players": 4, "first_dean": 4}, "first_dean"),
        ({"players": 4, "first_dean": True}, "first_dean"),
        ({"names": ["Ana", "Ben", "Ana"]}, "distinct name"),
        ({"players": 4, "names": ["Ana", "Ben", "Cy"]}, "distinct name"),
        ({"players": 3, "types": ["jewels", "spices", "carpets"]}, "goods types"),
    ],
    ids=repr,
)
def test_a_bad_setup_is_refused_by_name(setup, words):
    with pytest.raises(RuleError, match=words):
        GAME.new_state(setup)


@pytest.mark.parametrize("card", [True, 2.0, "2"])
def test_a_pick_that_is_not_an_integer_card_is_refused(card):
    assert_refused(table_match(4), pick(0, card), "card")


@pytest.mark.parametrize("deck, card", [("camels", 3.0), ("bank", True)])
def test_an_entered_card_that_is_not_an_integer_is_refused(deck, card):
    match = table_match(3, camel=None if deck == "camels" else 3)
    if deck == "bank":
        offer(match, [1, 2, 3])
    assert_refused(match, chance_event(deck, card), "card")
