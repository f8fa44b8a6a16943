"""What each viewer sees: everything public alike, and on a player's own view what they
may do now (equations with why not, wares with their points, the advice, the discard)."""

from __future__ import annotations

import json

import pytest
from bazaar_driver import CARD_1, GAME, buy, digital, hold, rolled, setup, table, trade

from companion.core.chance import EnteredChance
from companion.core.errors import RuleError
from companion.core.match import Match


def test_every_viewer_sees_the_same_public_game():
    match = digital(3, seed=2)
    views = [GAME.view(match.state, viewer) for viewer in (None, 0, 1, 2)]
    for view in views:
        json.dumps(view)
        assert {k: v for k, v in view.items() if k != "you"} == {
            k: v for k, v in views[0].items() if k != "you"
        }
    assert "you" not in views[0] and [v["you"]["seat"] for v in views[1:]] == [0, 1, 2]


def test_the_view_shows_the_bank_the_stalls_the_exchange_and_the_players():
    match = table()
    view = GAME.view(match.state, None)
    assert view["bank"] == [19, 20, 19, 20, 19] and view["phase"] == "act" and view["turn"] == 0
    assert [s["ware"]["code"] for s in view["stalls"]] == ["YGBWW", "YYYYY*", "RRRRR", "RRBBW*"]
    assert [s["left"] for s in view["stalls"]] == [5, 5, 5, 5]
    assert [e["text"] for card in view["exchange"] for e in card["equations"]][:2] == ["R = YGBW", "R = WW"]
    assert [p["cubes"] for p in view["players"]] == [[0, 0, 1, 0, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0]]
    assert view["bonus"] is False and view["discard"] is None


def test_no_view_shows_the_unseen_cards_of_the_sample_deck():
    view = GAME.view(digital(3).state, 0)
    text = json.dumps(view)
    assert "ware_deck" not in text and "exchange_deck" not in text
    assert set(view["rules"]) == {"wares_per_turn", "cards", "first_player"}  # not the card files


def test_no_seat_has_a_secret_so_its_twin_is_the_game_itself():
    match = digital(3, seed=2)
    for seat in range(3):
        twin = GAME.secret_twin(match.state, seat)
        assert twin == match.state
        assert all(GAME.view(twin, viewer) == GAME.view(match.state, viewer) for viewer in (None, 0, 1, 2))


def test_an_unknown_viewer_is_refused():
    with pytest.raises(RuleError, match="unknown viewer 3"):
        GAME.view(table().state, 3)


def test_the_player_to_play_sees_each_equation_usable_or_why_not():
    you = GAME.view(table().state, 0)["you"]
    assert you["trades"][0]["left"] == {"ok": True}  # R -> YGBW
    assert you["trades"][0]["right"] == {
        "ok": False,
        "why": "you_lack",
        "colour": "yellow",
        "need": 1,
        "have": 0,
    }
    assert GAME.view(table().state, 1)["you"]["trades"][0]["left"] == {
        "ok": False,
        "why": "not_your_turn",
        "turn": 0,
    }


def test_a_trade_the_bank_cannot_make_is_greyed_with_the_bank_as_the_reason():
    match = table()
    hold(match, 0, "R", bank="YGRWWW")
    assert GAME.view(match.state, 0)["you"]["trades"][0]["left"] == {
        "ok": False,
        "why": "bank_lacks",
        "colour": "blue",
        "need": 1,
        "have": 0,
    }


def test_after_the_turns_action_the_equations_say_it_is_done():
    match = table()
    hold(match, 0, "YGBW")
    rolled(match, 0, "white")
    assert GAME.view(match.state, 0)["you"]["trades"][3]["left"] == {
        "ok": False,
        "why": "acted",
        "acted": "roll",
    }


def test_the_wares_say_what_is_missing_or_the_points_a_purchase_would_score():
    match = table()
    hold(match, 0, "YGBW")
    wares = GAME.view(match.state, 0)["you"]["wares"]
    assert wares[0] == {
        "stall": 0,
        "held": False,
        "missing": {"white": 1},
        "buy_now": False,
        "level": 0,
        "cubes_left": None,
        "points": None,
    }
    rolled(match, 0, "white")
    assert GAME.view(match.state, 0)["you"]["wares"][0] == {
        "stall": 0,
        "held": True,
        "missing": {},
        "buy_now": True,
        "level": 0,
        "cubes_left": 0,
        "points": 5,
    }


def test_the_advice_is_on_the_view_of_the_player_to_play_only():
    match = table()
    hold(match, 0, "RRYGB")
    advice = GAME.view(match.state, 0)["you"]["advice"]
    assert advice["action"] == {
        "kind": "trade",
        "stall": 2,
        "turns": 1,
        "points": 5,
        "faces": [],
        "trades": 1,
        "equation": 8,
        "give": "right",
        "gave": [1, 1, 0, 1, 0],
        "took": [0, 0, 3, 0, 0],
    }
    best = advice["plans"][advice["action"]["stall"]]
    # R -> WW would make YGBWW with a cube over (3 points); YGB -> RRR makes RRRRR exactly
    assert (
        best["stall"] == 2
        and best["turns"] == 1
        and best["steps"]
        == [{"equation": 8, "give": "right", "gave": [1, 1, 0, 1, 0], "took": [0, 0, 3, 0, 0]}]
    )
    assert best["cubes_left"] == 0 and best["points"] == 5
    assert (advice["plans"][0]["turns"], advice["plans"][0]["points"]) == (1, 3)
    assert GAME.view(match.state, 1)["you"]["advice"] is None
    assert "advice" not in json.dumps(GAME.view(match.state, None))


def test_the_player_to_the_left_sees_the_discard_to_choose_with_a_default():
    match = table()
    hold(match, 0, "YYYYWWWWW")
    match.act(trade(0, 2))
    view = GAME.view(match.state, 1)
    assert (
        view["you"]["choose_discard"] is True and GAME.view(match.state, 0)["you"]["choose_discard"] is False
    )
    assert view["discard"] == {"seat": 0, "by": 1, "excess": 3, "default": {"green": 2, "white": 1}}
    assert view["awaiting"] is None and view["phase"] == "discard"


def test_the_view_says_what_the_table_waits_for():
    match = Match(GAME, setup(3), EnteredChance())
    assert GAME.view(match.state, None)["awaiting"] == {"what": "exchange", "card": 1}
    match.enter(CARD_1)
    match.enter(CARD_1)
    assert GAME.view(match.state, None)["awaiting"] == {"what": "ware", "stall": 0}


def test_the_chart_marks_each_purchase_with_the_ware_and_its_points():
    match = table()
    hold(match, 0, "RRYGB")
    match.act(trade(0, 8, "right"))  # YGB -> RRR: RRRRR held
    before = GAME.copy(match.state)
    match.act(buy(0, 2))
    said = GAME.moment(before, buy(0, 2), match.state)
    assert (said.template, said.params) == (
        "{name} buys {ware} (+{points})",
        {"name": "Seat 1", "ware": "RRRRR", "points": "5"},
    )
    assert GAME.moment(before, trade(0, 1), match.state) is None
    assert GAME.standing(match.state) == (5, 0, 0)
