"""What each viewer sees: money secret unless open_money, a bid sealed (and who has bid
secret) until the reveal, everything else public; the log's bids redacted; the bots'
seat view never more than the seat's own view."""

from __future__ import annotations

import dataclasses
import json

import pytest
from market_driver import GAME, bid, bids, draw, pick, sell, table

from companion.core.errors import RuleError
from companion.games.market import cubes as cu
from companion.games.market.view import SeatView

LOTS = {
    2: ("YYB", "KKRRG"),
    3: ("YYB", "BRRK", "GGKYY"),
    4: ("YYB", "BRRK", "GGKY", "KRRRG"),
    5: ("YYB", "BRR", "GGKY", "KRRG", "BBBBG"),
}


def bidding(players=3, **kw):
    match = table(players, **kw)
    draw(match, *LOTS[players])
    return match


def test_money_is_shown_only_to_its_owner_by_default():
    match = bidding()
    match.state.money[1] = 61
    table_view, mine, theirs = (GAME.view(match.state, v) for v in (None, 1, 0))
    for view in (table_view, mine, theirs):
        assert all("money" not in p for p in view["players"])
    assert mine["you"]["money"] == 61 and mine["you"]["max_bid"] == 61
    assert theirs["you"]["money"] == 75 and "you" not in table_view


def test_option_open_money_shows_everyones_money():
    match = bidding(rules={"open_money": True})
    for viewer in (None, 0, 2):
        assert [p["money"] for p in GAME.view(match.state, viewer)["players"]] == [75, 75, 75]
    assert GAME.seat_view(match.state, 0).open_money == (75, 75, 75)
    assert GAME.seat_view(bidding().state, 0).open_money is None


def test_at_the_end_every_money_is_public():
    match = bidding()
    match.state.phase = "over"
    assert [p["money"] for p in GAME.view(match.state, None)["players"]] == [75] * 3


def test_a_bid_changes_nothing_another_viewer_sees_but_the_count():
    match = bidding()
    before = {v: GAME.view(match.state, v) for v in (None, 1, 2)}
    match.act(bid(0, 17))
    for viewer, seen in before.items():
        after = GAME.view(match.state, viewer)
        assert after["bids_in"] == 1 and seen["bids_in"] == 0
        after["bids_in"] = seen["bids_in"]
        assert after == seen, viewer
    assert GAME.view(match.state, 0)["you"]["bid"] == 17 and GAME.view(match.state, 0)["you"]["to_do"] is None


def test_who_has_bid_is_not_shown_beyond_the_count():
    match = bidding()
    match.act(bid(1, 9))
    assert GAME.to_act(match.state) == (0, 2)  # the engine knows
    assert [GAME.to_act_shown(match.state, v) for v in (None, 0, 1, 2)] == [(), (0,), (), (2,)]
    bids(match, 5, None, 5)
    assert GAME.to_act_shown(match.state, None) == GAME.to_act(match.state) == (1,)  # picking: public


def test_the_log_shows_a_bid_to_its_bidder_only_not_even_who_made_it():
    match = bidding()
    match.act(bid(2, 30))
    event = match.log[-1]
    assert GAME.redact(event, 2) == event.to_dict()
    for viewer in (None, 0, 1):
        assert GAME.redact(event, viewer) == {"kind": "bid", "actor": None, "data": {}}
    match.act(bid(0, 6))
    assert GAME.redact(match.log[-1], None)["actor"] is None


def test_the_reveal_shows_every_bid_together():
    match = bidding()
    bids(match, 12, 7, 30)
    for viewer in (None, 0, 1, 2):
        view = GAME.view(match.state, viewer)
        assert view["reveal"] == {"round": 1, "bids": [12, 7, 30], "order": [2, 0, 1], "ties": []}
        assert view["picking"] == 2 and view["pick_order"] == [2, 0, 1]


def test_lots_cubes_markets_and_sales_are_public():
    match = bidding()
    bids(match, 12, 7, 30)
    match.act(pick(2, 2))
    match.act(pick(0, 1))
    view = GAME.view(match.state, None)
    assert [lot["owner"] for lot in view["lots"]] == [1, 0, 2]
    assert view["lots"][1]["cubes"] == {"blue": 1, "red": 2, "black": 1}
    assert next(p["cubes"] for p in view["players"]) == {"blue": 1, "red": 2, "black": 1}
    assert [m["name"] for m in view["markets"]] == ["M1", "M2", "M3"]
    assert view["markets"][1]["sets"][0] == {"cubes": {"blue": 1, "red": 1}, "letters": "BR", "pays": 30}
    match.act(sell(0, (1, 0, 1), (2, 0, 1)))
    record = GAME.view(match.state, 1)["records"][-1]
    assert record["kind"] == "sale" and record["payout"] == 50 and "money" not in record
    assert GAME.view(match.state, None)["bag"]["total"] == 84 - 12 + 3


def test_a_phone_sees_what_each_set_would_pay_it_and_the_advice_when_it_sells():
    match = bidding()
    bids(match, 12, 7, 30)
    match.act(pick(2, 2))
    match.act(pick(0, 1))  # seat 0: BRRK
    you = GAME.view(match.state, 0)["you"]
    assert you["to_do"] == "sell"
    assert you["each_set"] == [
        [{"could_sell": 0, "pays": 10}, {"could_sell": 0, "pays": 25}],
        [{"could_sell": 1, "pays": 30}, {"could_sell": 0, "pays": 50}],
        [{"could_sell": 1, "pays": 20}, {"could_sell": 0, "pays": 45}],
    ]
    assert you["advice"]["payout"] == 50
    assert "advice" not in GAME.view(match.state, 1)["you"]


def test_the_phone_says_what_its_player_has_to_do():
    match = bidding()
    assert [GAME.view(match.state, s)["you"]["to_do"] for s in range(3)] == ["bid"] * 3
    bids(match, 12, 7, 30)
    assert [GAME.view(match.state, s)["you"]["to_do"] for s in range(3)] == [None, None, "pick"]


def test_a_seat_view_holds_nothing_its_seat_may_not_see():
    match = bidding(rules={"open_money": False})
    match.act(bid(1, 11))
    for seat in range(3):
        seen = GAME.seat_view(match.state, seat)
        view = GAME.view(match.state, seat)
        assert isinstance(seen, SeatView) and seen.money == view["you"]["money"]
        assert seen.my_bid == view["you"]["bid"] and seen.open_money is None
        fields = {f.name for f in dataclasses.fields(SeatView)}
        assert not fields & {"bids", "bidders_done", "all_money"}
        assert [cu.to_dict(c) for c in seen.cubes] == [p["cubes"] for p in view["players"]]


def test_a_seats_secret_twin_changes_what_that_seat_sees():
    """The twin declares the secrets: the seat's money, and its sealed bid before the reveal."""
    match = bidding()
    match.act(bid(0, 12))
    state = match.state
    for seat in range(3):
        twin = GAME.secret_twin(state, seat)
        assert twin.money[seat] == state.money[seat] + 1000
        assert GAME.view(twin, seat) != GAME.view(state, seat)
        assert GAME.seat_view(twin, seat) != GAME.seat_view(state, seat)
    assert GAME.secret_twin(state, 0).bids[0] == 13 and state.bids[0] == 12
    assert GAME.secret_twin(state, 1).bids == state.bids  # seat 1 has not bid
    assert GAME.seat_view(GAME.secret_twin(state, 0), 0).my_bid == 13


def test_with_open_money_a_twin_changes_only_the_sealed_bid():
    match = bidding(rules={"open_money": True})
    match.act(bid(0, 12))
    state = match.state
    assert GAME.secret_twin(state, 1) == state  # money public, no bid in
    twin = GAME.secret_twin(state, 0)
    assert twin.money == state.money and GAME.view(twin, 0) != GAME.view(state, 0)


def test_an_unknown_viewer_is_refused():
    match = bidding()
    for viewer in (3, -1, "0", True):
        with pytest.raises(RuleError, match="unknown viewer"):
            GAME.view(match.state, viewer)


def test_views_are_json():
    match = bidding(5)
    bids(match, 5, 6, 7, 8, 9)
    for viewer in (None, *range(5)):
        json.dumps(GAME.view(match.state, viewer))
