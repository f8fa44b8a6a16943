"""Samarkand through the whole appliance: the secrecy crawl of every page, endpoint and
stream as each player (no other player's goods or draws; money by edition); the engine's
refusals read in French on a French phone and host console; bots to a result in the store;
undo; and a SIGKILL mid-turn that resumes where the game stood."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import random
import sys

import pytest

from companion.core.game import Event
from companion.core.registry import game_spec
from companion.store import EventStore
from web.app import create_app
from web_rig import PIN, Phone, make_appliance, wait_for

from appliance.appliance_rig import REPO, replayed, stored_events, stored_games
from test_web_secrecy import first_frame

MID_TURN = ("steer", "gift", "trade", "oasis", "sell", "lose", "cut")
FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
PAGES = ("/", "/table", "/host", "/games/samarkand/game.js", "/games/samarkand/samarkand.css",
         "/api/games")


def snapshots(phone) -> list[dict]:
    for url in PAGES:
        assert phone.get(url).status_code == 200, url
    return [phone.state(), first_frame(phone.client, "/stream"),
            first_frame(phone.client, "/stream?view=table")]


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
    assert phones[1].post("/api/act", {"kind": "chance", "data": {"deck": "goods", "card": "red"}}).status_code == 400
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
    assert refused(ana, "move", to="merv") == ("Merv ne peut pas être atteint par le déplacement "
                                              "gratuit d'une case (accessibles : Camp 7)")
    assert ana.post("/api/act", {"kind": "move", "data": {"to": "camp7"}}).status_code == 200
    gift = {"kind": "gift", "data": {"good": next(iter(appliance.session.state.hands[0]))}}
    assert refused(ana, "trade", take={"yellow": 1}, give={}) == ("ce n'est pas possible maintenant : "
                                                                  "le cadeau de bienvenue est dû")
    assert ana.post("/api/act", gift).status_code == 200
    undone = host.post("/api/host/undo", **FRENCH).json["done"]
    assert re.fullmatch(r"Annulé : Ana donne 1 × \w+ à Camp 7", undone), undone
    assert ana.post("/api/act", gift).status_code == 200
    assert refused(ana, "trade", take={"yellow": 1}, give={}) == ("les échanges se font 1 contre 1 : "
                                                                  "en prendre 1, c'est en donner 1, pas 0")
    assert re.fullmatch(r"le campement a .+ : il ne peut pas donner 9 × noir",
                        refused(ana, "trade", take={"black": 9}, give={"yellow": 9}))

    bad_board = host.post("/api/host/new_game", {"game": "samarkand", "players": 2,
                                                 "rules": {"board": json.dumps({"spaces": []})}}, **FRENCH)
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
    state, summary = replayed(tmp_path / "s.db", game_id)
    assert summary["over"] and summary["result"]["scores"] == result["scores"]


def test_a_kill_mid_turn_resumes_where_the_game_stood(tmp_path):
    store, out = tmp_path / "s.db", tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    args = [sys.executable, "-m", "companion.appliance.cli", "run", "--simulate", "--no-web",
            "--game", "samarkand", "--players", "3", "--seed", "11", "--set", f"store.path={store}"]

    def mid_turn():
        games = stored_games(store) if store.exists() else []
        if not games or len(stored_events(store, games[0].id)) < 70:
            return None
        state, _ = replayed(store, games[0].id)
        return state.phase in MID_TURN and state

    with open(out, "w") as stdout:
        proc = subprocess.Popen(args, cwd=REPO, env=env, stdout=stdout, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
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
        again = subprocess.Popen(args, cwd=REPO, env=env, stdout=stdout, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL)
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
    assert after[:len(before)] == before and len(stored_games(store)) == 1
    first = Event.from_dict(after[len(before)])
    assert first.actor in (stood.turn, None) or stood.phase == "cut"
    assert stood.phase in MID_TURN
