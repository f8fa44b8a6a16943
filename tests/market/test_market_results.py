"""What the results screen and the chart read from Market's engine: each player's money told
as the start, the bids paid and the sales (they add up to it), each seat's money as the
standing, the reveals as the moments (with the top bid), and the view's rules at a glance."""

from __future__ import annotations

import random

from market_driver import DECK, GAME, bids, draw, pick, sell, table

from companion.core.chance import SeededChance
from companion.core.match import Match
from companion.games.market.bots import Thrifty
from companion.games.market.rules import START_MONEY


def whole_game(seed: int, players: int = 4) -> Match:
    """A digital game played to its end by the thrifty bot in every seat."""
    match = Match(GAME, {"players": players, "rules": {"market_deck": DECK}}, SeededChance(seed))
    match.fill_chance()
    bot = Thrifty(random.Random(seed))
    while not GAME.is_over(match.state):
        seat = GAME.to_act(match.state)[0]
        match.act(bot.decide(GAME.seat_view(match.state, seat), seat))
        match.fill_chance()
    return match


def test_each_players_money_is_told_as_the_start_the_bids_paid_and_the_sales():
    for seed in (1, 2, 3):
        state = whole_game(seed).state
        players = GAME.result(state).breakdown["players"]
        for p in players:
            assert p["start"] == START_MONEY
            assert p["start"] - p["paid"] + p["earned"] == p["money"] == state.money[p["seat"]]
        assert sum(p["paid"] for p in players) == state.paid_in
        assert sum(p["earned"] for p in players) == state.paid_out


def test_the_bids_and_sales_of_a_round_make_the_breakdown():
    match = table()
    draw(match, "YYB", "BRRK", "GGKYY")
    bids(match, 12, 7, 30)
    match.act(pick(2, 2))  # Seat 3: YYGGK
    match.act(pick(0, 0))  # Seat 1: YYB; Seat 2 takes BRRK
    match.act(sell(0, (0, 1, 1)))  # YY for 25
    players = GAME.result(match.state).breakdown["players"]
    assert [(p["paid"], p["earned"], p["money"]) for p in players[:1]] == [(12, 25, 88)]
    assert [p["paid"] for p in players] == [12, 7, 30]


def test_the_standing_is_each_seats_money():
    match = table()
    draw(match, "YYB", "BRRK", "GGKYY")
    bids(match, 12, 7, 30)
    assert GAME.standing(match.state) == (63, 68, 45) == tuple(match.state.money)


def test_the_moments_are_the_reveals_with_the_top_bid():
    match = table()
    draw(match, "YYB", "BRRK", "GGKYY")
    before = GAME.copy(match.state)
    bids(match, 12, 7)
    assert GAME.moment(before, match.log[-1], match.state) is None  # a bid still sealed
    sealed = GAME.copy(match.state)
    bids(match, None, None, 30)
    said = GAME.moment(sealed, match.log[-1], match.state)
    assert said is not None and str(said) == "round 1: top bid 30"
    picked = GAME.copy(match.state)
    match.act(pick(2, 2))
    assert GAME.moment(picked, match.log[-1], match.state) is None


def test_a_round_nobody_can_bid_in_is_a_moment_too():
    match = table(2)
    match.state.money = [4, 3]
    draw(match, "YYB")
    mid = GAME.copy(match.state)
    draw(match, "BRRKG")
    assert match.state.records[-1]["kind"] == "reveal"
    assert str(GAME.moment(mid, match.log[-1], match.state)) == "round 1: nobody could bid"


def test_the_view_gives_the_lot_sizes_and_the_rules_numbers_for_the_glance():
    for players, sizes in ((2, [3, 5]), (5, [3, 3, 4, 4, 5])):
        view = GAME.view(table(players).state, None)
        assert view["lot_sizes"] == sizes and view["min_bid"] == 5 and view["cube_limit"] == 10
