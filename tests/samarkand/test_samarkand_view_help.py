"""Views and the companion's help: what each viewer sees, the reachable spaces of each move
with what each would mean, the best sale at a city; the listed actions, the narration and
the keyboard seat's commands."""

from __future__ import annotations

import pytest
from samarkand_driver import GAME, act, draw, set_field, set_hand, table

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.games.samarkand import narration


def test_a_seat_sees_its_own_goods_and_the_public_table_only():
    match = table(3, places=["camp7"] * 3)
    state = match.state
    view = GAME.view(state, 1)
    assert view["you"]["goods"] == state.hands[1] and view["you"]["seat"] == 1
    assert all("goods" not in p for p in view["players"])
    assert [p["goods_count"] for p in view["players"]] == [7, 7, 7]
    assert view["supply"] == 102 - 41 and view["board"]["invented"]
    assert view["camps"][0]["field"] == {"yellow": 1, "green": 1}
    table_view = GAME.view(state, None)
    assert "you" not in table_view
    with pytest.raises(RuleError, match="unknown viewer"):
        GAME.view(state, 5)


def test_the_move_help_lists_each_moves_reach_and_what_each_space_would_mean():
    match = table(2, places=["camp7", "camp7"])
    set_hand(match, 0, {"red": 5, "white": 1, "yellow": 1})
    set_field(match, "camp9", {"red": 4})  # camp9 (4): full
    help_ = GAME.view(match.state, 0)["you"]["help"]
    assert help_["free"] == ["merv"]
    assert help_["roll"]["1"] == ["merv"] and help_["roll"]["2"] == ["oasis5", "camp9"]
    assert help_["roll"]["back"] == ["oasis4"]
    merv = help_["spaces"]["merv"]
    assert merv["type"] == "city" and merv["markets"] == ["red", "wild"]
    assert merv["best"]["pays"] == 70 and merv["best"]["goods"] == {"red": 5}
    assert help_["spaces"]["camp9"] == {
        "type": "camp",
        "name": "Camp 9",
        "capacity": 4,
        "count": 4,
        "full": True,
        "fee": 10,
        "cannot_pay": False,
        "no_gift": False,
        "no_gift_fee": 0,
    }
    assert help_["spaces"]["oasis5"]["one"] == 5 and help_["spaces"]["oasis5"]["can_buy"] == [1, 4]
    assert GAME.view(match.state, 1)["you"]["help"] == {}  # not their turn


def test_no_roll_in_the_help_without_5_piasters():
    match = table(2, places=["camp7", "camp7"])
    match.state.money[0] = 3
    assert GAME.view(match.state, 0)["you"]["help"]["roll"] == {}


def test_after_the_die_the_help_lists_where_it_takes_the_player():
    match = table(2, places=["camp7", "camp7"])
    act(match, 0, "roll")
    draw(match, "2")
    help_ = GAME.view(match.state, 0)["you"]["help"]
    assert help_["die"] == "2" and help_["reach"] == ["oasis5", "camp9"]


def test_at_a_city_the_best_sale_over_both_markets_and_the_token():
    match = table(2, places=["camp7", "camp7"])
    set_hand(match, 0, {"red": 2, "white": 1, "blue": 1, "green": 1, "black": 1})
    act(match, 0, "move", to="merv")
    help_ = GAME.view(match.state, 0)["you"]["help"]
    assert help_["best"] == {
        "market": 1,
        "symbol": "wild",
        "goods": {"green": 1, "red": 1, "blue": 1, "white": 1, "black": 1},
        "count": 5,
        "pays": 50,
        "covered": False,
    }
    assert {s["pays"] for s in help_["sales"]} == {15, 10, 20, 50}
    match.state.token = ("merv", 1)
    assert GAME.view(match.state, 0)["you"]["help"]["best"]["pays"] == 15


def test_the_trade_help_says_whether_the_extra_move_is_open():
    match = table(2, places=["oasis4", "oasis4"])
    act(match, 0, "move", to="camp7")
    act(match, 0, "gift", good="red")
    help_ = GAME.view(match.state, 0)["you"]["help"]
    assert help_["extra_move"] and help_["exits"] == ["merv"] and help_["field"]["red"] == 1


def test_legal_actions_list_what_may_be_done():
    match = table(2, places=["camp7", "camp7"])
    kinds = [(e.kind, dict(e.data)) for e in GAME.legal_actions(match.state, 0)]
    assert kinds == [("move", {"to": "merv"}), ("roll", {})]
    assert GAME.legal_actions(match.state, 1) == []
    for event in GAME.legal_actions(match.state, 0):
        GAME.apply(match.state, event)  # each is accepted


def test_the_narration_tells_public_facts_only():
    match = table(2, places=["camp6", "camp6"])
    before = GAME.copy(match.state)
    act(match, 0, "move", to="oasis4")
    act(match, 0, "buy", count=1)
    draw(match, "black")
    lines = narration.describe(Event("buy", 0, {}), before, match.state)
    assert "Seat 1 moves one space free to Oasis 4" in lines
    assert "Seat 1 buys 1 good for 5" in lines
    assert not any("black" in line for line in lines)
    assert "Seat 2 to move" in lines


def test_the_keyboard_commands():
    match = table(2, places=["camp7", "camp7"])
    state = match.state
    assert narration.command(state, 0, "m merv") == Event("move", 0, {"to": "merv"})
    assert narration.command(state, 0, "r") == Event("roll", 0, {})
    assert narration.command(state, 0, "t red,red/blue,white").data == {
        "take": ["red", "red"],
        "give": ["blue", "white"],
    }
    assert narration.command(state, 0, "s 1 red,blue wild").data == {
        "market": 1,
        "kinds": ["red", "blue"],
        "chip": "wild",
    }
    assert narration.command(state, 0, "s 0 5").data == {"market": 0, "count": 5}
    with pytest.raises(RuleError, match="keys"):
        narration.command(state, 0, "fly")


def test_the_score_sheet():
    match = table(2, places=["camp10", "camp10"], target=210)
    set_hand(match, 0, {"black": 2})
    act(match, 0, "move", to="samarkand")
    act(match, 0, "sell", market=0, count=2)
    sheet = narration.score_sheet(match.state)
    assert sheet.splitlines()[0] == "1. Seat 1: 220 piasters" and "Winner: Seat 1" in sheet
