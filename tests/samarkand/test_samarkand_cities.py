"""Cities, both editions: the mandatory sale of 2+ goods to one of two markets, the wild
assortment, the price table and its largest counts, 1998's two chips (option
``covered_two``), 2.0's closed-market token, the cannot-sell proof and 20 to the bank,
2.0's elimination; the seeds' sale examples."""

from __future__ import annotations

import pytest
from samarkand_driver import GAME, act, conserved, records, refused, set_hand, table

from companion.games.samarkand import goods as g

ENTRY = {"merv": "camp7", "samarkand": "camp10", "isfahan": "camp2", "bukhara": "camp5"}
"""A camp from which one free move enters each city of the sample board."""


def at_city(city: str, goods: dict, edition: str = "2.0", players: int = 2, **rules):
    """Seat 0, holding ``goods``, moves into ``city`` (the others wait beside it)."""
    match = table(players, places=[ENTRY[city]] * players, edition=edition, **rules)
    set_hand(match, 0, goods)
    act(match, 0, "move", to=city)
    return match


def sell(match, seat=0, **data):
    act(match, seat, "sell", **data)
    return records(match, "sold")[-1]


# ----------------------------------------------------------------- the seeds' examples
@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_five_red_pay_70(edition):
    match = at_city("merv", {"red": 5, "blue": 1}, edition)
    assert sell(match, market=0, count=5)["pays"] == 70
    assert match.state.money[0] == 270 and match.state.bank_out == 70


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_six_blue_pay_160(edition):
    match = at_city("bukhara", {"blue": 6}, edition)
    assert sell(match, market=0, count=6)["pays"] == 160


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_one_white_and_one_green_at_the_wild_market_pay_10(edition):
    match = at_city("samarkand", {"white": 1, "green": 1, "yellow": 1}, edition)
    assert sell(match, market=1, kinds=["white", "green"])["pays"] == 10
    assert match.state.hands[0] == {"yellow": 1}


def test_five_yellow_pay_40_and_close_the_yellow_market_2_0():
    """Robby sells five yellow goods and gains 40; the token closes the Yellow Market."""
    match = at_city("isfahan", {"yellow": 5, "white": 1}, "2.0")
    assert sell(match, market=1, count=5)["pays"] == 40
    assert match.state.token == ("isfahan", 1)
    assert GAME.view(match.state, None)["token"] == ["isfahan", 1]


def test_1998_five_grain_pay_40_and_three_kinds_at_the_wild_market_pay_15():
    match = at_city("isfahan", {"yellow": 5}, "1998")
    assert sell(match, market=1, count=5)["pays"] == 40
    match = at_city("merv", {"yellow": 1, "green": 1, "black": 1}, "1998")
    assert sell(match, market=1, kinds=["yellow", "green", "black"])["pays"] == 15


def test_no_more_than_the_largest_count_seven_jewels_do_not_pay_200():
    match = at_city("samarkand", {"black": 7}, "1998")
    refused(match, 0, "sell", "stops at 6 black", market=0, count=7)
    assert sell(match, market=0, count=6)["pays"] == 200
    assert match.state.hands[0] == {"black": 1}
    match = at_city("isfahan", {"yellow": 7})  # yellow goes up to 7
    assert sell(match, market=1, count=7)["pays"] == 140


@pytest.mark.parametrize("symbol, row", list(g.PRICES.items()))
def test_the_price_table(symbol, row):
    assert g.price(symbol, 1) is None and g.price(symbol, max(row) + 1) is None
    assert [g.price(symbol, n) for n in sorted(row)] == [row[n] for n in sorted(row)]
    assert g.PRICES["white"] == {2: 20, 3: 35, 4: 60, 5: 100, 6: 180}


# ----------------------------------------------------------------- what a sale must be
def test_the_sale_is_mandatory_and_at_least_2_goods_of_a_kind_a_market_buys():
    match = at_city("merv", {"red": 3, "white": 1})
    refused(match, 0, "done", "not possible now")
    refused(match, 0, "move", "not possible now", to="oasis5")
    refused(match, 0, "sell", "at least 2", market=0, count=1)
    refused(match, 0, "sell", "you do not have 4 red", market=0, count=4)
    refused(match, 0, "sell", "two markets", market=2, count=2)
    refused(match, 0, "sell", "say how many", market=0, kinds=["red"])
    refused(match, 0, "sell", "at least 2 kinds", market=1, kinds=["red"])
    refused(match, 0, "sell", "only one good of each kind", market=1, kinds=["red", "red"])
    refused(match, 0, "sell", "you do not have 1 red, 1 black to sell", market=1, kinds=["red", "black"])
    assert sell(match, market=0, count=2)["pays"] == 15
    assert match.state.hands[0] == {"red": 1, "white": 1} and conserved(match.state)


def test_one_market_per_visit():
    match = at_city("merv", {"red": 3, "white": 1, "blue": 1})
    sell(match, market=0, count=3)
    assert match.state.turn == 1
    refused(match, 0, "sell", "Seat 2's turn", market=1, kinds=["white", "blue"])


def test_sold_goods_go_back_to_the_bag():
    match = at_city("merv", {"red": 4})
    before = match.state.supply.get("red", 0)
    sell(match, market=0, count=4)
    assert match.state.supply["red"] == before + 4


# ----------------------------------------------------------------- 2.0: the token
def test_2_0_the_closed_market_buys_nothing_until_a_sale_elsewhere_moves_the_token():
    match = at_city("merv", {"red": 3}, "2.0", players=3)
    sell(match, market=0, count=3)
    assert match.state.token == ("merv", 0)
    set_hand(match, 1, {"red": 4, "white": 1, "blue": 1})
    act(match, 1, "move", to="merv")
    refused(match, 1, "sell", "closed", market=0, count=4)
    sell(match, 1, market=1, kinds=["white", "blue"])  # the other market of the same city
    assert match.state.token == ("merv", 1)
    set_hand(match, 2, {"red": 2})
    act(match, 2, "move", to="merv")
    assert sell(match, 2, market=0, count=2)["pays"] == 15  # open again


def test_2_0_the_only_market_able_to_buy_being_closed_means_cannot_sell():
    match = at_city("merv", {"red": 3}, "2.0")
    sell(match, market=0, count=3)
    set_hand(match, 1, {"red": 3})
    act(match, 1, "move", to="merv")
    assert records(match, "cannot_sell")[0]["shown"] == {"red": 3}


# ----------------------------------------------------------------- 1998: the chips
def test_1998_chips_go_on_from_off_the_board_then_the_seller_chooses_which_moves():
    match = at_city("merv", {"red": 3, "white": 1}, "1998", players=3)
    sell(match, market=0, count=3)
    assert match.state.chips == ["red", None]
    set_hand(match, 1, {"black": 1, "white": 1})
    act(match, 1, "move", to="merv")
    sell(match, 1, market=1, kinds=["white", "black"])
    assert match.state.chips == ["red", "wild"]
    match = at_city("isfahan", {"yellow": 4}, "1998")  # both chips on the board
    match.state.chips = ["red", "wild"]
    refused(match, 0, "sell", "choose the one that moves", market=1, count=4)
    refused(match, 0, "sell", "choose the one that moves", market=1, count=4, chip="blue")
    sell(match, market=1, count=4, chip="wild")
    assert match.state.chips == ["red", "yellow"]


def test_1998_a_covered_kind_sells_one_price_level_lower_everywhere():
    match = at_city("isfahan", {"yellow": 5}, "1998")
    match.state.chips = ["yellow", None]
    sale = sell(match, market=1, count=5)
    assert sale["pays"] == 20 and sale["covered"]  # 5 covered grain: the 4 price
    assert match.state.chips == ["yellow", None]  # already covered: nothing moves
    match = at_city("samarkand", {"white": 1, "green": 1, "red": 1}, "1998")
    match.state.chips = ["wild", None]  # covers both wild markets
    assert sell(match, market=1, kinds=["white", "green", "red"])["pays"] == 10


@pytest.mark.parametrize("covered_two, pays", [("half", 10), ("none", None)])
def test_1998_two_goods_of_a_covered_kind(covered_two, pays):
    match = at_city("samarkand", {"black": 2, "red": 1}, "1998", covered_two=covered_two)
    match.state.chips = ["black", None]
    if pays is None:
        refused(match, 0, "sell", "cannot be sold at this table", market=0, count=2)
    else:
        assert sell(match, market=0, count=2)["pays"] == pays  # half of 20


def test_1998_covered_two_half_two_covered_goods_are_still_a_sale():
    """The chip is on before the player enters: with half, 2 covered jewels are a sale, so
    the player must sell them (for 10), not show their goods and pay 20."""
    match = table(2, places=["camp10", "camp10"], edition="1998", covered_two="half")
    match.state.chips = ["black", None]
    set_hand(match, 0, {"black": 2})
    act(match, 0, "move", to="samarkand")
    assert match.state.phase == "sell" and not records(match, "cannot_sell")
    assert sell(match, market=0, count=2)["pays"] == 10


def test_1998_covered_two_none_leaves_a_player_unable_to_sell():
    match = table(2, places=["camp10", "camp10"], edition="1998", covered_two="none")
    match.state.chips = ["black", None]
    set_hand(match, 0, {"black": 2})
    act(match, 0, "move", to="samarkand")
    assert records(match, "cannot_sell")[0]["shown"] == {"black": 2}


# ----------------------------------------------------------------- cannot sell
@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_cannot_sell_shows_the_goods_to_everyone_and_costs_20(edition):
    match = at_city("bukhara", {"red": 2, "blue": 1, "green": 1}, edition)
    state = match.state
    assert state.money[0] == 180 and state.turn == 1
    proof = GAME.view(state, 1)["proof"]
    assert proof["seat"] == 0 and proof["shown"] == {"red": 2, "blue": 1, "green": 1}
    assert GAME.view(state, None)["proof"]["shown"] == proof["shown"]
    assert state.hands[0] == {"red": 2, "blue": 1, "green": 1}  # kept


def test_cannot_sell_with_less_than_20_pays_what_there_is_and_1998_never_eliminates():
    match = table(2, places=["camp5", "camp5"], edition="1998")
    match.state.money[0] = 0
    set_hand(match, 0, {"red": 1})
    act(match, 0, "move", to="bukhara")
    state = match.state
    assert state.money[0] == 0 and not state.eliminated[0] and state.turn == 1


def test_2_0_no_piasters_and_cannot_sell_is_elimination_the_last_one_left_wins():
    match = table(3, places=["camp5"] * 3, edition="2.0")
    match.state.money[0] = 0
    set_hand(match, 0, {"red": 1, "white": 2})
    act(match, 0, "move", to="bukhara")
    state = match.state
    assert state.eliminated[0] and state.positions[0] is None and state.hands[0] == {}
    assert state.turn == 1 and conserved(state)
    assert GAME.to_act(state) == (1,)
    state.money[1] = 0
    set_hand(match, 1, {"red": 1})
    act(match, 1, "move", to="bukhara")
    state = match.state
    assert state.phase == "over" and state.winner == 2
    assert GAME.result(state).winners == (2,)


def test_2_0_with_some_piasters_the_player_pays_them_and_stays():
    match = table(2, places=["camp5", "camp5"], edition="2.0")
    match.state.money[0] = 12
    set_hand(match, 0, {"red": 1})
    act(match, 0, "move", to="bukhara")
    assert match.state.money[0] == 0 and not match.state.eliminated[0]


# ----------------------------------------------------------------- the win
@pytest.mark.parametrize("target, won", [(500, False), (400, True), (401, False)])
def test_the_first_to_reach_the_target_wins_at_once(target, won):
    match = at_city("samarkand", {"black": 6}, "2.0", target=target)
    act(match, 0, "sell", market=0, count=6)
    state = match.state
    assert state.money[0] == 400
    assert (state.phase == "over") == won and GAME.is_over(state) == won
    if won:
        assert state.winner == 0 and GAME.to_act(state) == () and GAME.result(state).places == (1, 2)
        refused(match, 1, "move", "the game is over", to="samarkand")
    else:
        assert state.winner is None and state.turn == 1


def test_the_winner_is_first_even_with_less_money_than_another():
    match = at_city("samarkand", {"black": 2}, "2.0", target=220)
    assert match.state.money[0] == 200
    match = at_city("samarkand", {"black": 2}, "2.0", target=220)
    match.state.money[1] = 900
    act(match, 0, "sell", market=0, count=2)
    assert GAME.result(match.state).places == (1, 2)
