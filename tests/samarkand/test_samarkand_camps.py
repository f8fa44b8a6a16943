"""Nomad camps, both editions: the greeting gift, the 20-piaster penalty with a blind gift,
1-for-1 trades, the extra move instead of trading after a free move (never after a roll),
the full camp bought for 10 and refilled with 2; the seeds' camp examples."""

from __future__ import annotations

import pytest
from samarkand_driver import (
    GAME,
    act,
    camp,
    conserved,
    draw,
    records,
    refused,
    said,
    set_field,
    set_hand,
    table,
)

from companion.games.samarkand import goods as g

EDITIONS = pytest.mark.parametrize("edition", ["2.0", "1998"])


@EDITIONS
def test_a_camp_not_full_asks_a_gift_of_a_good_held_which_becomes_public(edition):
    match = table(2, places=["oasis4", "oasis4"], edition=edition)
    act(match, 0, "move", to="camp7")
    assert match.state.phase == "gift"
    refused(match, 0, "trade", "not possible now", take={"yellow": 1}, give={"red": 1})
    refused(match, 0, "done", "not possible now")
    set_hand(match, 0, {"red": 2, "blue": 1})
    refused(match, 0, "gift", f"you have no {g.word('black', edition)} to give", good="black")
    refused(match, 0, "gift", "a gift is one good", good="gold")
    act(match, 0, "gift", good="blue")
    state = match.state
    assert state.camps[camp("camp7")] == {"yellow": 1, "green": 1, "blue": 1}
    assert state.hands[0] == {"red": 2} and state.phase == "trade"
    refused(
        match,
        0,
        "trade",
        f"you cannot give {said(1, 'black', edition)}: not in your goods",
        take={"yellow": 1},
        give={"black": 1},
    )
    assert GAME.view(state, 1)["camps"][camp("camp7")]["field"] == {"yellow": 1, "green": 1, "blue": 1}


@EDITIONS
def test_trades_are_1_for_1_any_number_of_any_kinds(edition):
    match = table(2, places=["oasis4", "oasis4"], edition=edition)
    act(match, 0, "move", to="camp7")
    set_hand(match, 0, {"red": 3, "blue": 1})
    act(match, 0, "gift", good="blue")  # field: yellow, green, blue
    refused(match, 0, "trade", "1 for 1", take={"yellow": 1, "green": 1}, give={"red": 1})
    refused(
        match,
        0,
        "trade",
        f"cannot give {said(2, 'black', edition)}",
        take={"yellow": 1, "blue": 1},
        give={"black": 2},
    )
    refused(
        match, 0, "trade", f"it cannot give {said(2, 'yellow', edition)}", take={"yellow": 2}, give={"red": 2}
    )
    refused(match, 0, "trade", "which goods to take", take={}, give={})
    act(match, 0, "trade", take={"yellow": 1, "green": 1}, give={"red": 2})
    act(match, 0, "trade", take=["blue"], give=["yellow"])  # again, lists of kinds
    state = match.state
    assert state.hands[0] == {"red": 1, "green": 1, "blue": 1}
    assert state.camps[camp("camp7")] == {"red": 2, "yellow": 1}
    assert [r["took"] for r in records(match, "trade")] == [{"yellow": 1, "green": 1}, {"blue": 1}]
    act(match, 0, "done")
    assert match.state.turn == 1 and conserved(match.state)


@EDITIONS
def test_the_extra_move_instead_of_trading_after_a_free_move(edition):
    match = table(2, places=["oasis4", "oasis4"], edition=edition)
    act(match, 0, "move", to="camp7")
    act(match, 0, "gift", good="red")
    refused(match, 0, "move", "cannot be reached by the extra move", to="oasis5")
    act(match, 0, "move", to="merv")  # the new space acts: a sale
    assert match.state.positions[0] == "merv" and match.state.phase == "sell"
    assert records(match, "moved")[-1]["by"] == "extra"


@EDITIONS
def test_extra_moves_chain_through_camps_each_with_its_gift(edition):
    match = table(2, places=["oasis5", "oasis5"], edition=edition)
    act(match, 0, "move", to="camp10")
    act(match, 0, "gift", good="red")
    act(match, 0, "move", to="samarkand")  # a city: must sell if able
    assert match.state.phase == "sell"
    match = table(2, places=["camp3", "camp3"], edition=edition)
    act(match, 0, "move", to="camp8")
    act(match, 0, "gift", good="red")
    act(match, 0, "move", to="camp9")  # another camp: gift again, then again
    assert match.state.phase == "gift"
    act(match, 0, "gift", good="blue")
    act(match, 0, "move", to="oasis6")
    assert match.state.phase == "oasis"


@EDITIONS
def test_no_extra_move_after_trading(edition):
    match = table(2, places=["oasis4", "oasis4"], edition=edition)
    act(match, 0, "move", to="camp7")
    act(match, 0, "gift", good="red")
    act(match, 0, "trade", take={"yellow": 1}, give={"blue": 1})
    refused(match, 0, "move", "instead of trading", to="merv")


@EDITIONS
def test_no_extra_move_after_a_roll(edition):
    match = table(2, places=["camp6", "camp6"], edition=edition)
    act(match, 0, "roll")
    draw(match, "2")  # camp6 -> oasis4 -> camp7
    assert match.state.positions[0] == "camp7"
    act(match, 0, "gift", good="red")
    refused(match, 0, "move", "arrived by the die must stop", to="merv")
    act(match, 0, "trade", take={"yellow": 1}, give={"blue": 1})  # may trade
    act(match, 0, "done")


@EDITIONS
def test_after_a_roll_trading_is_optional(edition):
    """Ruling: a roll that ends in a camp stops there with the gift due (2.0: "must give a
    greeting gift and trade"), and the turn may end without a trade."""
    match = table(2, places=["camp6", "camp6"], edition=edition)
    act(match, 0, "roll")
    draw(match, "2")  # camp6 -> oasis4 -> camp7
    assert match.state.positions[0] == "camp7"
    refused(match, 0, "done", "not possible now")  # the gift first
    act(match, 0, "gift", good="red")
    act(match, 0, "done")
    assert records(match, "trade") == [] and records(match, "gift")
    assert match.state.turn == 1 and match.state.phase == "move"


@EDITIONS
def test_no_good_to_give_costs_20_and_a_blind_gift_drawn_onto_the_field(edition):
    match = table(2, places=["oasis4", "oasis4"], edition=edition)
    set_hand(match, 0, {})
    act(match, 0, "move", to="camp7")
    request = GAME.chance_request(match.state)
    assert request.deck == "goods" and request.seen_by is None  # public: onto the field
    assert match.state.money[0] == 180 and records(match, "no_gift")[0]["paid"] == 20
    draw(match, "black")
    state = match.state
    assert state.camps[camp("camp7")] == {"yellow": 1, "green": 1, "black": 1}
    assert state.phase == "trade" and state.hands[0] == {}
    act(match, 0, "move", to="merv")  # ruling: a bought gift is a gift
    assert match.state.positions[0] == "merv"


def test_no_gift_with_less_than_20_pays_what_there_is():
    match = table(2, places=["oasis4", "oasis4"])
    set_hand(match, 0, {})
    match.state.money[0] = 7
    act(match, 0, "move", to="camp7")
    assert match.state.money[0] == 0 and records(match, "no_gift")[0]["paid"] == 7


@EDITIONS
def test_a_full_camp_is_bought_for_10_without_a_gift_and_refilled_with_2(edition):
    match = table(2, places=["oasis4", "oasis4"], edition=edition)
    set_field(match, "camp7", {"red": 3, "blue": 2})  # capacity 5: full
    hand = dict(match.state.hands[0])
    act(match, 0, "move", to="camp7")
    state = match.state
    assert state.money[0] == 190 and state.camps[camp("camp7")] == {}
    g.add(hand, {"red": 3, "blue": 2})
    assert state.hands[0] == hand
    assert GAME.chance_request(state).seen_by is None
    draw(match, "white", "white")
    state = match.state
    assert state.camps[camp("camp7")] == {"white": 2} and state.turn == 1
    assert records(match, "full_camp")[0]["took"] == {"red": 3, "blue": 2}
    assert conserved(state)


def test_a_full_camp_for_one_who_cannot_pay_10_gives_nothing():
    match = table(2, places=["oasis4", "oasis4"])
    set_field(match, "camp7", {"red": 5})
    match.state.money[0] = 9
    act(match, 0, "move", to="camp7")
    state = match.state
    assert state.money[0] == 9 and state.camps[camp("camp7")] == {"red": 5} and state.turn == 1


def test_the_1998_example_ali_fills_a_camp_of_4_and_the_next_player_buys_it():
    """Ali enters a camp with 2 jewels and 1 grain; gift 1 fruit; trades 1 copper for a
    jewel and 1 carpet for the second jewel; the field is full with four cards; the next
    player pays 10 for all four and gives no gift."""
    match = table(2, places=["oasis6", "oasis6"], edition="1998")
    set_field(match, "camp1", {"black": 2, "yellow": 1})
    set_hand(match, 0, {"green": 1, "red": 1, "blue": 1})
    act(match, 0, "move", to="camp1")
    act(match, 0, "gift", good="green")
    act(match, 0, "trade", take={"black": 1}, give={"red": 1})
    act(match, 0, "trade", take={"black": 1}, give={"blue": 1})
    act(match, 0, "done")
    state = match.state
    assert state.camps[camp("camp1")] == {"yellow": 1, "green": 1, "red": 1, "blue": 1}
    assert state.hands[0] == {"black": 2}
    before = dict(state.hands[1])
    act(match, 1, "move", to="camp1")
    state = match.state
    assert state.money[1] == 190 and state.phase == "draw"
    g.add(before, {"yellow": 1, "green": 1, "red": 1, "blue": 1})
    assert state.hands[1] == before and not records(match, "gift")[1:]


def test_the_2_0_example_robby_fills_a_camp_of_5_and_the_next_player_buys_it():
    """Robby enters a camp with yellow, white, green, yellow; gift blue; trades red and
    black for two yellow: the field is green, red, black, white, blue; the next player
    must buy all five for 10."""
    match = table(2, places=["oasis4", "oasis4"], edition="2.0")
    set_field(match, "camp7", {"yellow": 2, "white": 1, "green": 1})
    set_hand(match, 0, {"blue": 1, "red": 1, "black": 1})
    act(match, 0, "move", to="camp7")
    act(match, 0, "gift", good="blue")
    act(match, 0, "trade", take={"yellow": 2}, give={"red": 1, "black": 1})
    act(match, 0, "done")
    state = match.state
    assert state.camps[camp("camp7")] == {"green": 1, "red": 1, "black": 1, "white": 1, "blue": 1}
    act(match, 1, "move", to="camp7")
    assert match.state.money[1] == 190 and match.state.camps[camp("camp7")] == {}
    assert records(match, "full_camp")[0]["took"] == {"green": 1, "red": 1, "white": 1, "blue": 1, "black": 1}
