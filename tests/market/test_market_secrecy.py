"""A crawl of every page, endpoint and stream as each player and the table, for Samarkand
Market: no other player's secret in any response.

Secret (docs/rules/market.md, "What is secret from whom"): a player's money, unless the option
open_money; a bid until all bids are revealed together, and even who has bid, beyond the
count of bids in.
"""

from __future__ import annotations

import json

import pytest
from test_web_secrecy import first_frame, keys  # the web suite's crawl helpers
from web_rig import PIN, Phone, make_appliance

from companion.core.registry import game_spec
from web.app import create_app

NAMES = ["Ana", "Ben", "Cy", "Di"]
PAGES = (
    "/",
    "/table",
    "/host",
    "/qr.svg",
    "/static/shell.js",
    "/static/app.css",
    "/games/market/game.js",
    "/games/market/game.css",
    "/api/games",
)
UNSEEN = (13, 29)
"""Seats 0 and 2 bid these; nobody else may learn them (or that those seats have bid)."""


@pytest.fixture
def market(tmp_path):
    appliance = make_appliance(tmp_path, bots=False, seed=11)
    yield appliance
    appliance.close()


def start(appliance, **rules):
    spec = game_spec("market")
    appliance.new_game(spec.setup(4, rules, NAMES), game="market")
    app = create_app(appliance, PIN)
    app.config["PING_S"] = 0.05
    phones = [Phone(app).join(seat, name) for seat, name in enumerate(NAMES)]
    host = Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    return phones, host


def snapshots(phone) -> list[dict]:
    """Everything a browser can fetch that carries game data, as this phone: its state, its
    stream and the table's stream; pages and assets carry no game data at all."""
    for url in PAGES:
        page = phone.get(url)
        assert page.status_code == 200, url
        if page.mimetype == "text/html":
            assert b"piasters" not in page.data and b"Seat " not in page.data, url
    return [
        phone.state(),
        first_frame(phone.client, "/stream"),
        first_frame(phone.client, "/stream?view=table"),
    ]


def assert_private(snap: dict, viewer: int | None, open_money: bool = False) -> None:
    view, table = snap["view"], snap["table"]
    text = json.dumps(snap, separators=(",", ":"))
    own = viewer is not None and "you" in view
    players = len(view["players"])
    assert keys(text, "money") == (1 if own else 0) + (players if open_money else 0), text
    assert keys(text, "bid") == (1 if own else 0)  # your own sealed bid, nothing else
    if own:
        assert view["you"]["seat"] == viewer
    if view["phase"] == "bidding":
        assert view["reveal"] is None or view["reveal"]["round"] < view["round"]
        assert set(table["to_act"]) <= ({viewer} if own else set())
        assert not any(r["kind"] == "reveal" and r["round"] == view["round"] for r in view["records"])
        for unseen, seat in zip(UNSEEN, (0, 2)):
            if seat != viewer and view["round"] == 1:
                assert f'"amount":{unseen}' not in text and f"bid {unseen}" not in text
    for record in view["records"]:
        assert "money" not in record and "balance" not in record
    assert snap["score"] is None


def crawl(phones, host, open_money: bool = False) -> list[dict]:
    seen = []
    for seat, phone in enumerate(phones):
        own, stream, table = snapshots(phone)
        for snap in (own, stream):
            assert_private(snap, seat, open_money)
        assert_private(table, None, open_money)  # the table view of a phone
        seen.append(own)
    for snap in snapshots(host):
        assert_private(snap, None, open_money)
    return seen


def without_version(snap: dict) -> dict:
    return {**snap, "version": None}


def test_no_player_sees_another_players_bid_or_money_or_who_has_bid(market):
    phones, host = start(market)
    before = [without_version(p.state()) for p in phones]
    assert phones[0].post("/api/act", {"kind": "bid", "data": {"amount": UNSEEN[0]}}).status_code == 200
    assert phones[2].post("/api/act", {"kind": "bid", "data": {"amount": UNSEEN[1]}}).status_code == 200
    seen = crawl(phones, host)
    assert seen[0]["view"]["you"]["bid"] == UNSEEN[0] and seen[2]["view"]["you"]["bid"] == UNSEEN[1]
    for seat in (1, 3):  # the count is all that changed
        after = without_version(seen[seat])
        assert after["view"]["bids_in"] == 2 and before[seat]["view"]["bids_in"] == 0
        after["view"]["bids_in"] = 0
        assert after == before[seat]
    refused = phones[0].post("/api/act", {"kind": "bid", "data": {"amount": 20}})
    assert refused.status_code == 409 and "already bid" in refused.json["error"]

    assert phones[1].post("/api/act", {"kind": "bid", "data": {"amount": 5}}).status_code == 200
    assert phones[3].post("/api/act", {"kind": "bid", "data": {"amount": 8}}).status_code == 200
    seen = crawl(phones, host)  # revealed: bids public, money not
    assert seen[1]["view"]["reveal"]["bids"] == [13, 5, 29, 8]
    assert seen[1]["view"]["reveal"]["order"] == [2, 0, 3, 1]

    # the picks and the sales: money stays secret, the sales and payouts are public
    while market.session.state.phase in ("picking", "selling"):
        state = market.session.state
        (seat,) = market.session.game.to_act(state)
        if state.phase == "picking":
            lot = next(i for i, owner in enumerate(state.lot_owner) if owner is None)
            body = {"kind": "pick", "data": {"lot": lot}}
        else:
            advice = phones[seat].state()["view"]["you"]["advice"]
            body = {
                "kind": "sell",
                "data": {"sales": [{k: p[k] for k in ("market", "set", "times")} for p in advice["parts"]]},
            }
        assert phones[seat].post("/api/act", body).status_code == 200
        crawl(phones, host)


def test_with_open_money_everyone_sees_every_purse_but_still_no_sealed_bid(market):
    phones, host = start(market, open_money=True)
    assert phones[0].post("/api/act", {"kind": "bid", "data": {"amount": UNSEEN[0]}}).status_code == 200
    seen = crawl(phones, host, open_money=True)
    assert [p["money"] for p in seen[3]["view"]["players"]] == [75] * 4


def test_a_phone_cannot_act_for_another_seat_or_send_the_tables_draws(market):
    phones, _host = start(market)
    for body in (
        {"kind": "chance", "data": {"deck": "bag", "card": "yellow"}},
        {"kind": "entry", "data": {"name": "market card", "value": "Y=1"}},
    ):
        assert phones[1].post("/api/act", body).status_code == 400
    assert phones[1].post("/api/act", {"kind": "bid", "data": {"amount": 4}}).status_code == 409
    assert market.session.state.bids == [None] * 4
