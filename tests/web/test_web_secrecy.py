"""A crawl of every page, endpoint and stream as each player: no other player's secret.

Secret until scoring (marche-rules.md): money, camels, (with hidden goods) purchases; the
offer picked until all have picked; a stopper's claim until the stop is resolved. At a
physical table, what is left in a deck that fed hidden hands is secret from everyone
(``assert_bag_unseen``; Samarkand's crawl in tests/samarkand/test_samarkand_appliance.py).
"""

from __future__ import annotations

import json
import re

import pytest
from web_rig import all_pick, phase, stop, wait_for

PAGES = (
    "/",
    "/table",
    "/host",
    "/qr.svg",
    "/static/shell.js",
    "/static/app.css",
    "/games/marche/game.js",
    "/api/games",
    "/history",
    "/static/history.js",
)
NAMES = ["Ana", "Ben", "Cy", "Di"]


def first_frame(client, url: str) -> dict:
    response = client.get(url, buffered=False)
    frame = next(iter(response.response))
    response.close()
    return json.loads(frame.split(b"data: ", 1)[1])


def snapshots(phone) -> list[dict]:
    """Everything a browser can fetch that carries game data, as this phone."""
    pages = [phone.get(url) for url in PAGES]
    for url, page in zip(PAGES, pages):
        assert page.status_code == 200
        if page.mimetype == "text/html":  # pages carry no game data
            assert b"money" not in page.data and b"Seat " not in page.data, url
    history = phone.get("/api/history").json  # closed games only: none is finished here
    assert all(
        seat["score"] is None for day in history["evenings"] for g in day["games"] for seat in g["seats"]
    )
    return [
        phone.state(),
        first_frame(phone.client, "/stream"),
        first_frame(phone.client, "/stream?view=table"),
    ]


def keys(text: str, key: str) -> int:
    return len(re.findall(f'"{key}":', text))


def assert_private(snap: dict, viewer: int | None) -> None:
    text = json.dumps(snap, separators=(",", ":"))
    own = viewer is not None and "you" in snap["view"]
    assert keys(text, "money") == (2 if own else 0), text
    assert keys(text, "camels") == (2 if own else 0)
    assert keys(text, "hand") == keys(text, "pick") == (1 if own else 0)
    view = snap["view"]
    for player in view["players"]:
        if player["seat"] != viewer or not own:
            assert "money" not in player and "camels" not in player
    if own:
        assert view["you"]["seat"] == viewer
    if view["phase"] == "picking":
        assert view["offers"] == {}
    for record in view["records"]:
        if record["seat"] != viewer or not own:
            assert "paid" not in record
            if record["target"] == "camel" or (view["rules"]["hidden_goods"] and record["kind"] == "buy"):
                assert record["card"] is None
    if view["stop"] is not None:
        assert view["stop"]["your_claim"] is None or own
    assert snap["score"] is None


def assert_bag_unseen(snap: dict, secret_decks: tuple[str, ...]) -> None:
    """A draw awaited from a deck whose contents would tell hidden hands offers its kinds,
    never a count of what is left."""
    card = snap["table"]["waiting_card"]
    if card is not None and card["deck"] in secret_decks:
        assert all(n is None for _, n in card["remaining"]), card


def assert_refusal_unsaid(response, status: int, *secrets: str) -> str:
    """A refusal that says none of ``secrets`` (nor how many cards are left)."""
    assert response.status_code == status, response.json
    error = response.json["error"]
    assert "×" not in error and "left" not in error, error
    for secret in secrets:
        assert secret not in error, error
    return error


@pytest.fixture
def table(appliance, phone, host):
    phones = [phone().join(seat, name) for seat, name in enumerate(NAMES)]
    appliance.runner.start()
    return phones


def crawl(phones, host, viewers_secret_checks=()):
    for seat, p in enumerate(phones):
        for snap in snapshots(p)[:2]:
            assert_private(snap, seat)
        assert_private(snapshots(p)[2], None)  # the table view of a phone
    for snap in snapshots(host):
        assert_private(snap, None)


def test_no_player_sees_another_players_secrets(table, host, appliance):
    all_pick(table, card_of=lambda seat: (7, 6, 5, 3)[seat])
    stop(appliance, {1: 0})
    assert table[1].post("/api/act", {"kind": "claim", "data": {"target": 2}}).status_code == 200
    wait_for(lambda: phase(appliance) == "countdown", what="Ben's purchase")
    stop(appliance, {3: 0})
    assert table[3].post("/api/act", {"kind": "claim", "data": {"target": "camel"}}).status_code == 200
    wait_for(lambda: phase(appliance) == "countdown", what="Di's camel")
    money = appliance.session.state.money
    assert len(set(money)) >= 3, money  # distinctive purses

    dean = appliance.session.state.dean
    a, b = [s for s in (0, 2, 1, 3) if s != dean][:2]
    stop(appliance, {a: 0, b: 5})
    assert (
        table[a]
        .post(
            "/api/act",
            {
                "kind": "claim",
                "data": {
                    "target": "camel"
                    if appliance.session.state.camel_up
                    else next(iter(appliance.session.state.offers))
                },
            },
        )
        .status_code
        == 200
    )
    crawl(table, host)  # a's claim is secret from b
    assert table[b].state()["view"]["stop"]["your_claim"] is None
    assert table[b].post("/api/act", {"kind": "claim", "data": {"target": None}}).status_code == 200

    wait_for(lambda: phase(appliance) == "picking", timeout=15, what="turn 2")
    assert table[0].post("/api/act", {"kind": "pick", "data": {"card": 5}}).status_code == 200
    crawl(table, host)  # Ana's pick is secret
    assert table[0].state()["view"]["you"]["pick"] == 5
    assert all(p.state()["view"]["players"][0]["picked"] for p in table)


def test_hidden_goods_hide_purchases_from_the_others(table, host, appliance):
    assert (
        host.post(
            "/api/host/new_game",
            {"players": 4, "rules": {"hidden_goods": True}, "table": {"step_ms": 60, "lead_in_ms": 100}},
        ).status_code
        == 200
    )
    all_pick(table, card_of=lambda seat: (7, 6, 5, 3)[seat])
    stop(appliance, {1: 0})
    assert table[1].post("/api/act", {"kind": "claim", "data": {"target": 0}}).status_code == 200
    wait_for(lambda: phase(appliance) == "countdown", what="Ben's purchase")
    crawl(table, host)
    for seat, p in enumerate(table):
        goods = [pl.get("goods") for pl in p.state()["view"]["players"]]
        assert goods[seat] is not None
        assert all(g is None for s, g in enumerate(goods) if s != seat)
    assert table[1].state()["view"]["players"][1]["goods"] == {"jewels": [7]}


def everything_seen(browser, game: str) -> str:
    """All a browser can fetch: every page and asset, its state, its streams (both views)."""
    pages = [browser.get(url).get_data(as_text=True) for url in (*PAGES, f"/games/{game}/game.js")]
    frames = [
        browser.state(),
        first_frame(browser.client, "/stream"),
        first_frame(browser.client, "/stream?view=table"),
    ]
    return "\n".join(pages + [json.dumps(frame) for frame in frames])


@pytest.mark.parametrize("game", ["marche", "market", "bazaar", "samarkand"])
def test_the_seed_is_a_long_secret_that_no_viewer_is_sent(table, host, appliance, game):
    appliance.seed = None  # the table's way: a new secret for each game
    response = host.post("/api/host/new_game", {"game": game, "players": 4})
    assert response.status_code == 200, response.json
    seed = appliance.store.config(appliance.game_id)["seed"]
    assert isinstance(seed, str) and len(bytes.fromhex(seed)) * 8 >= 128, seed
    assert appliance.session.match.log, "the set-up's draws are made from it"
    for browser in (*table, host):
        seen = everything_seen(browser, game)
        for part in (seed, seed[:16], seed[-16:], str(int(seed, 16))):
            assert part not in seen


def test_a_physical_tables_public_draws_are_shown_to_all_and_entered_by_the_host(table, host, appliance):
    """Le Marché's draws are public: every viewer sees the camels left, none is entered on
    a phone, and the host enters it."""
    assert (
        host.post(
            "/api/host/new_game",
            {
                "players": 4,
                "mode": "physical",
                "rules": {"hidden_goods": True},
                "table": {"step_ms": 60, "lead_in_ms": 100},
            },
        ).status_code
        == 200
    )
    request = appliance.session.match.waiting_for_card
    left = [[card, n] for card, n in sorted(request.remaining.items()) if n]
    crawl(table, host)
    for snap in (*snapshots(table[0]), *snapshots(host)):
        assert snap["table"]["waiting_card"] == {
            "deck": "camels",
            "seen_by": None,
            "remaining": left,
            "on_phone": False,
        }
    assert_refusal_unsaid(table[0].post("/api/draw", {"card": left[0][0]}), 409)
    assert host.post("/api/host/card", {"card": left[0][0]}).status_code == 200
    assert appliance.session.state.camel_up == left[0][0]
