"""Samarkand through the whole appliance: the secrecy crawl of every page, endpoint and
stream as each player (no other player's goods or draws; money by edition), and at a
physical table (no bag's contents, each hidden draw entered on its drawer's phone); the engine's
refusals read in French on a French phone and host console; bots to a result in the store;
undo; and a SIGKILL mid-turn that resumes where the game stood."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys

import pytest
from appliance.appliance_rig import REPO, replayed, stored_events, stored_games
from test_web_secrecy import assert_bag_unseen, assert_refusal_unsaid, first_frame
from web_rig import PIN, Phone, make_appliance, wait_for

from companion.core.game import Event
from companion.core.registry import game_spec
from companion.store import EventStore
from web.app import create_app

MID_TURN = ("steer", "gift", "trade", "oasis", "sell", "lose", "cut")
FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
PAGES = ("/", "/table", "/host", "/games/samarkand/game.js", "/games/samarkand/game.css", "/api/games")


def snapshots(phone) -> list[dict]:
    for url in PAGES:
        assert phone.get(url).status_code == 200, url
    return [
        phone.state(),
        first_frame(phone.client, "/stream"),
        first_frame(phone.client, "/stream?view=table"),
    ]


def assert_private(snap: dict, viewer: int | None, hands: list[dict], money_public: bool) -> None:
    view = snap["view"]
    own = viewer is not None and "you" in view
    for player in view["players"]:
        assert "goods" not in player
        assert ("money" in player) == (money_public or (own and player["seat"] == viewer))
    if own:
        assert view["you"]["goods"] == hands[viewer]
    for record in view["records"]:
        if record.get("secret") and not (own and record["seat"] == viewer):
            assert "good" not in record and "goods" not in record, record


@pytest.mark.parametrize("edition", ["2.0", "1998"])
def test_the_secrecy_crawl_covers_samarkand(tmp_path, edition):
    appliance = make_appliance(tmp_path, bots=False)
    spec = game_spec("samarkand")
    appliance.new_game(spec.setup(3, {"edition": edition}), game="samarkand")
    app = create_app(appliance, PIN)
    app.config["PING_S"] = 0.05
    phones = [Phone(app).join(seat, name) for seat, name in enumerate(["Ana", "Ben", "Cy"])]
    host = Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    session = appliance.session
    for seat, space in enumerate(("camp6", "camp7", "oasis5")):
        assert phones[seat].post("/api/act", {"kind": "place", "data": {"space": space}}).status_code == 200
    assert phones[0].post("/api/act", {"kind": "move", "data": {"to": "oasis4"}}).status_code == 200
    assert phones[0].post("/api/act", {"kind": "buy", "data": {"count": 4}}).status_code == 200
    refused = phones[1].post("/api/act", {"kind": "move", "data": {"to": "oasis5"}})
    assert refused.status_code == 409 and "cannot be reached" in refused.json["error"]
    assert (
        phones[1].post("/api/act", {"kind": "chance", "data": {"deck": "goods", "card": "red"}}).status_code
        == 400
    )
    state = session.state
    hands = [dict(h) for h in state.hands]
    public = state.rules.money_public
    for seat, phone in enumerate(phones):
        own, stream, table = snapshots(phone)
        assert_private(own, seat, hands, public)
        assert_private(stream, seat, hands, public)
        assert_private(table, None, hands, public)
    for snap in snapshots(host):
        assert_private(snap, None, hands, public)
    bought = [r for r in phones[0].state()["view"]["records"] if r.get("purpose") == "buy"]
    assert len(bought) == 4 and all("good" in r for r in bought)
    assert all("good" not in r for r in phones[1].state()["view"]["records"] if r.get("purpose") == "buy")
    appliance.close()


def test_the_secrecy_crawl_covers_a_physical_table_where_each_enters_their_own_draws(tmp_path):
    """Two players, so what is left in the bag would tell exactly what the other holds.
    Ana's phone is connected and enters her hidden draws; Ben's is not, so the host enters
    his. Every viewer (each phone, its table view, a visitor, the host) is crawled at each
    step, and every refusal read: no count of the bag, no other player's goods."""
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("samarkand").setup(2, {"edition": "2.0"}), mode="physical", game="samarkand")
    app = create_app(appliance, PIN)
    app.config["PING_S"] = 0.05
    ana, ben = (Phone(app).join(seat, name) for seat, name in enumerate(["Ana", "Ben"]))
    visitor, host = Phone(app), Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    held = ana.client.get("/stream", buffered=False)  # Ana's phone stays connected
    session = appliance.session

    def crawl(on_phone: bool) -> None:
        hands = [dict(h) for h in session.state.hands]
        seen = [
            (snap, seat)
            for seat, phone in enumerate((ana, ben))
            for snap, seat in zip(snapshots(phone), (seat, seat, None))
        ]
        seen += [(snap, None) for phone in (visitor, host) for snap in snapshots(phone)]
        for snap, viewer in seen:
            assert_private(snap, viewer, hands, money_public=False)
            assert_bag_unseen(snap, ("goods", "loss"))
            card = snap["table"]["waiting_card"]
            if viewer != card["seen_by"]:  # (the drawer's own stream connects their phone)
                assert card["on_phone"] is on_phone
        assert snapshots(ana)[0]["table"]["waiting_card"]["remaining"] == [
            [kind, None] for kind in ("yellow", "green", "red", "blue", "white", "black")
        ]

    def draw(phone, card: str):
        return phone.post("/api/draw", {"card": card})

    def host_card(card: str):
        return host.post("/api/host/card", {"card": card})

    # the camps' goods: public draws from a bag that will feed hidden hands, by the host
    crawl(on_phone=False)
    assert_refusal_unsaid(host_card("purple"), 409)
    assert_refusal_unsaid(draw(ana, "yellow"), 409)
    assert_refusal_unsaid(draw(visitor, "yellow"), 403)
    assert_refusal_unsaid(visitor.post("/api/host/card", {"card": "yellow"}), 403)
    for card in ["yellow", "green"] * 10:
        assert host_card(card).status_code == 200

    # Ana's 7, on her own phone: nobody else may enter them
    crawl(on_phone=True)
    assert_refusal_unsaid(host_card("red"), 409)
    assert_refusal_unsaid(draw(ben, "red"), 409)
    assert_refusal_unsaid(draw(ana, "purple"), 409)
    hand = ["red", "red", "blue", "white", "black", "yellow", "green"]
    for card in hand[:3]:
        assert draw(ana, card).status_code == 200
    crawl(on_phone=True)
    for card in hand[3:]:
        assert draw(ana, card).status_code == 200

    # Ben's 7: his phone is not connected, so the host enters them (and sees them)
    crawl(on_phone=False)
    assert_refusal_unsaid(draw(ana, "white"), 409, "Ben")
    for card in ["white", "white", "blue", "green", "yellow", "yellow", "black"]:
        assert host_card(card).status_code == 200
    assert session.state.hands[1] == {"white": 2, "blue": 1, "green": 1, "yellow": 2, "black": 1}

    # Ana buys 4 blind at an oasis: drawn from the bag that dealt Ben's goods
    for phone, space in ((ana, "camp6"), (ben, "camp7")):
        assert phone.post("/api/act", {"kind": "place", "data": {"space": space}}).status_code == 200
    assert ana.post("/api/act", {"kind": "move", "data": {"to": "oasis4"}}).status_code == 200
    assert ana.post("/api/act", {"kind": "buy", "data": {"count": 4}}).status_code == 200
    crawl(on_phone=True)
    assert_refusal_unsaid(host_card("black"), 409)
    for card in ("black", "black", "blue", "red"):
        assert draw(ana, card).status_code == 200
    assert session.match.waiting_for_card is None
    assert session.state.hands[0] == {"red": 3, "blue": 2, "white": 1, "black": 3, "yellow": 1, "green": 1}
    held.close()
    appliance.close()


def test_the_engines_refusals_reach_a_french_phone_in_french(tmp_path):
    """A move, a trade and a board file refused, and the host's undo told: each Phrase's
    template is translated and filled in for the reader, its words too (the seat's joined
    name, a goods list)."""
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("samarkand").setup(2), game="samarkand")
    app = create_app(appliance, PIN)
    ana, ben = (Phone(app).join(seat, name) for seat, name in enumerate(["Ana", "Ben"]))
    host = Phone(app)
    host.post("/api/host/login", {"pin": PIN})

    def refused(phone, kind, **data):
        response = phone.post("/api/act", {"kind": kind, "data": data}, **FRENCH)
        assert response.status_code == 409, response.json
        return response.json["error"]

    for phone, space in ((ana, "oasis4"), (ben, "camp6")):
        assert phone.post("/api/act", {"kind": "place", "data": {"space": space}}).status_code == 200
    assert refused(ben, "move", to="camp7") == "c'est à Ana de jouer"
    english = ben.post("/api/act", {"kind": "move", "data": {"to": "camp7"}}, **{"Accept-Language": "en"})
    assert english.json["error"] == "it is Ana's turn"
    assert refused(ana, "move", to="merv") == (
        "Merv ne peut pas être atteint par le déplacement gratuit d'une case (accessibles : Camp 7)"
    )
    assert ana.post("/api/act", {"kind": "move", "data": {"to": "camp7"}}).status_code == 200
    gift = {"kind": "gift", "data": {"good": next(iter(appliance.session.state.hands[0]))}}
    assert refused(ana, "trade", take={"yellow": 1}, give={}) == (
        "ce n'est pas possible maintenant : le cadeau de bienvenue est dû"
    )
    assert ana.post("/api/act", gift).status_code == 200
    undone = host.post("/api/host/undo", **FRENCH).json["done"]
    assert re.fullmatch(r"Annulé : Ana donne 1 × \w+ à Camp 7", undone), undone
    assert ana.post("/api/act", gift).status_code == 200
    assert refused(ana, "trade", take={"yellow": 1}, give={}) == (
        "les échanges se font 1 contre 1 : en prendre 1, c'est en donner 1, pas 0"
    )
    assert re.fullmatch(
        r"le campement a .+ : il ne peut pas donner 9 × noir",
        refused(ana, "trade", take={"black": 9}, give={"yellow": 9}),
    )

    bad_board = host.post(
        "/api/host/new_game",
        {"game": "samarkand", "players": 2, "rules": {"board": json.dumps({"spaces": []})}},
        **FRENCH,
    )
    assert bad_board.status_code == 400
    assert bad_board.json["error"] == "fichier de plateau : un plateau a 20 cases, celui-ci en a 0"
    appliance.close()


def test_bots_play_samarkand_to_a_result_and_undo_steps_back(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    spec = game_spec("samarkand")
    game_id = appliance.new_game(spec.setup(2, {"target": 260}), game="samarkand")
    session = appliance.session
    appliance.call(session.act, Event("place", 0, {"space": "camp7"}))
    appliance.call(session.act, Event("place", 1, {"space": "camp7"}))
    before = session.game.copy(session.state)
    appliance.call(session.act, Event("roll", 0, {}))
    appliance.call(session.undo)
    assert session.state == before
    bots = [spec.bots["merchant"](random.Random(s)) for s in range(2)]
    for _ in range(3000):
        if session.game.is_over(session.state):
            break
        seat = session.game.to_act(session.state)[0]
        appliance.call(session.act, bots[seat].decide(session.game.seat_view(session.state, seat), seat))
    appliance.close()
    with EventStore(tmp_path / "s.db") as store:
        result = store.result(game_id)
    assert result and max(result["scores"]) >= 260
    _state, summary = replayed(tmp_path / "s.db", game_id)
    assert summary["over"] and summary["result"]["scores"] == result["scores"]


def test_a_kill_mid_turn_resumes_where_the_game_stood(tmp_path):
    store, out = tmp_path / "s.db", tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    args = [
        sys.executable,
        "-m",
        "companion.appliance.cli",
        "run",
        "--simulate",
        "--no-web",
        "--game",
        "samarkand",
        "--players",
        "3",
        "--seed",
        "11",
        "--set",
        f"store.path={store}",
    ]

    def mid_turn():
        games = stored_games(store) if store.exists() else []
        if not games or len(stored_events(store, games[0].id)) < 70:
            return None
        state, _ = replayed(store, games[0].id)
        return state.phase in MID_TURN and state

    with open(out, "w") as stdout:
        proc = subprocess.Popen(
            args, cwd=REPO, env=env, stdout=stdout, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
    try:
        wait_for(lambda: "A new game of Samarkand" in out.read_text(), 60, "the appliance's start")
        wait_for(mid_turn, 90, "a turn half done")
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    game_id = stored_games(store)[0].id
    before = stored_events(store, game_id)
    stood, _ = replayed(store, game_id)
    assert "A new game of Samarkand" in out.read_text()
    with open(out, "a") as stdout:
        again = subprocess.Popen(
            args, cwd=REPO, env=env, stdout=stdout, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
    try:
        wait_for(lambda: len(stored_events(store, game_id)) > len(before) + 3, 60, "play going on")
        again.send_signal(signal.SIGTERM)
        again.wait(20)
    finally:
        if again.poll() is None:
            again.kill()
    text = out.read_text()
    assert "Resuming the unfinished game of Samarkand" in text
    after = stored_events(store, game_id)
    assert after[: len(before)] == before and len(stored_games(store)) == 1
    # the bots play on between the look and the kill, so the kill lands at a turn half done
    # or a step after it: whichever, the resumed table goes on with whoever the game stood
    # waiting for (or with the table's own draw)
    first = Event.from_dict(after[len(before)])
    assert first.actor is None or first.actor in game_spec("samarkand").engine().to_act(stood)
