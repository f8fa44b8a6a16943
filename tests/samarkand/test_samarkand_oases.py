"""Oases, both editions: 1 or 4 goods at the oasis's prices, drawn blind and seen only by
the buyer; the penalty for one who cannot buy even one (1998 random, 2.0 their choice)."""

from __future__ import annotations

import pytest
from samarkand_driver import GAME, act, conserved, draw, records, refused, set_hand, table

from companion.games.samarkand import goods as g


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_buy_1_or_4_at_the_oasis_prices_drawn_blind_for_the_buyer(edition):
    match = table(2, places=["camp6", "camp6"], edition=edition)
    act(match, 0, "move", to="oasis4")  # 5 for 1, 20 for 4
    assert match.state.phase == "oasis"
    refused(match, 0, "buy", "sells 1 or 4", count=2)
    act(match, 0, "buy", count=4)
    state = match.state
    assert state.money[0] == 180
    request = GAME.chance_request(state)
    assert request.deck == "goods" and request.seen_by == 0
    before = dict(state.hands[0])
    draw(match, "black", "black", "white", "red")
    g.add(before, {"black": 2, "white": 1, "red": 1})
    assert match.state.hands[0] == before and match.state.turn == 1
    shown = GAME.view(match.state, 1)
    assert all("good" not in r for r in shown["records"] if r["kind"] == "drawn" and r["seat"] == 0)
    assert [r["good"] for r in GAME.view(match.state, 0)["records"] if r.get("purpose") == "buy"] == [
        "black",
        "black",
        "white",
        "red",
    ]


def test_buying_4_without_the_money_is_refused():
    match = table(2, places=["camp6", "camp6"])
    match.state.money[0] = 25
    act(match, 1 - 1, "move", to="oasis4")
    assert match.state.phase == "oasis"  # 25: 4 for 20 affordable
    match.state.money[0] = 19
    refused(match, 0, "buy", "4 goods cost 20: you have 19", count=4)


def test_only_1_affordable_buys_1_without_asking():
    match = table(2, places=["camp6", "camp6"])
    match.state.money[0] = 12
    act(match, 0, "move", to="oasis4")
    assert match.state.money[0] == 7 and match.state.phase == "draw"
    draw(match, "green")
    assert records(match, "bought")[0]["count"] == 1


def test_1998_no_money_for_one_loses_3_goods_drawn_at_random_from_the_hand():
    match = table(2, places=["camp6", "camp6"], edition="1998")
    match.state.money[0] = 4
    set_hand(match, 0, {"red": 2, "blue": 2, "black": 1})
    act(match, 0, "move", to="oasis4")
    request = GAME.chance_request(match.state)
    assert request.deck == "loss" and request.seen_by == 0
    assert request.remaining == {"red": 2, "blue": 2, "black": 1}
    refused(match, None, "chance", "not in the loss deck", deck="loss", card="white")
    draw(match, "black", "red")
    assert GAME.chance_request(match.state).remaining == {"red": 1, "blue": 2}
    draw(match, "blue")
    state = match.state
    assert state.hands[0] == {"red": 1, "blue": 1} and state.money[0] == 4 and state.turn == 1
    assert conserved(state)


def test_2_0_no_money_for_one_the_player_chooses_the_3_goods_lost():
    match = table(2, places=["camp6", "camp6"], edition="2.0")
    match.state.money[0] = 0
    set_hand(match, 0, {"red": 2, "blue": 2, "black": 1})
    act(match, 0, "move", to="oasis4")
    assert match.state.phase == "lose"
    refused(match, 0, "lose", "choose 3 goods", goods={"red": 2})
    refused(match, 0, "lose", "you do not have", goods={"white": 3})
    act(match, 0, "lose", goods={"red": 2, "black": 1})
    state = match.state
    assert state.hands[0] == {"blue": 2} and state.turn == 1 and conserved(state)


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_fewer_than_3_goods_are_all_lost(edition):
    match = table(2, places=["camp6", "camp6"], edition=edition)
    match.state.money[0] = 0
    set_hand(match, 0, {"white": 2})
    act(match, 0, "move", to="oasis4")
    if edition == "1998":
        draw(match, "white", "white")
    state = match.state
    assert state.hands[0] == {} and state.turn == 1 and records(match, "oasis_penalty")[0]["lose"] == 2
