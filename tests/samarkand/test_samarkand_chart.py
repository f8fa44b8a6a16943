"""Samarkand on the chart (issue 23): each seat's money after every decision, the sales
marked with what they paid, and 2.0's eliminations marked too."""

from __future__ import annotations

from samarkand_driver import GAME, act, set_hand, table


def marked(match, seat, kind, **data):
    """Act, and say what the chart marks for that decision."""
    before = match.state.copy()
    act(match, seat, kind, **data)
    return GAME.moment(before, match.log[-1], match.state)


def test_the_chart_marks_each_sale_with_its_pay_and_follows_the_money():
    match = table(2, places=["camp7", "camp7"], first_player=2)
    set_hand(match, 1, {"yellow": 1})
    set_hand(match, 0, {"red": 5})
    assert marked(match, 1, "move", to="merv") is None  # cannot sell: pays 20
    assert marked(match, 0, "move", to="merv") is None
    sale = marked(match, 0, "sell", market=0, count=5)
    assert sale == "Seat 1 sells for 70" and sale.template == "{name} sells for {pays}"
    assert GAME.standing(match.state) == (270, 180)


def test_an_elimination_is_a_moment():
    match = table(2, places=["camp7", "camp7"], first_player=2)
    set_hand(match, 1, {"yellow": 1})
    match.state.money[1] = 0
    assert marked(match, 1, "move", to="merv") == "Seat 2 is out"  # 2.0: no piasters, no sale
