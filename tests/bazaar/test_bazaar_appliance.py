"""Bazaar through the whole appliance, reached through the registry only: bots to the end
with the result stored, undo and a restart, the host's entries and the phones' actions over
the web, and a SIGKILL mid-turn that resumes where the game stood."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from bazaar_driver import CARD_1, CARD_2, GAME
from web_rig import PIN, Phone, make_appliance, wait_for

from companion.core.game import Event
from companion.core.registry import game_spec
from companion.store import EventStore
from companion.store.cli import replay_stored
from companion.store.events import TALLIES_KEY
from web.app import create_app

SPEC = game_spec("bazaar")
REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}


def stored_events(store: Path, game_id: int) -> list[dict]:
    with EventStore(store) as opened:
        return opened.events(game_id)


def stored_games(store: Path) -> list:
    with EventStore(store) as opened:
        return opened.list_games()


def replayed(store: Path, game_id: int):
    """The state the stored log replays to, and its summary (``samarkand games replay``)."""
    with EventStore(store) as opened:
        return replay_stored(opened, game_id)[1:]


def bazaar(appliance, players=3, mode="digital", **rules):
    return appliance.new_game(SPEC.setup(players, rules or None), game="bazaar", mode=mode)


def test_the_appliance_plays_bazaar_with_bots_to_the_end_and_keeps_its_result(tmp_path):
    appliance = make_appliance(tmp_path, seed=3)
    game_id = bazaar(appliance, players=2)
    steps = 0  # the runner's steps, one after another (its thread would wait)
    while not appliance.session.game.is_over(appliance.session.state) and steps < 2000:
        appliance.runner.step()
        steps += 1
    appliance.close()
    with EventStore(tmp_path / "s.db") as store:
        result, stored = store.result(game_id), store.config(game_id)
        tallies = store.checkpoint(game_id, TALLIES_KEY)
    assert stored["game"] == "bazaar" and stored["setup"]["rules"] == SPEC.setup(2)["rules"]
    assert result["winners"] and len(result["breakdown"]["players"]) == 2
    state, summary = replayed(tmp_path / "s.db", game_id)
    assert summary["over"] and summary["result"]["scores"] == result["scores"]
    assert len(state.emptied) == 2
    assert tallies == {"tallies": [tally.to_dict() for tally in SPEC.tallies(state)]} and tallies["tallies"]


def test_undo_and_a_restart_bring_the_game_back_exactly(tmp_path):
    appliance = make_appliance(tmp_path, bots=False, seed=5)
    bazaar(appliance)
    session = appliance.session
    appliance.call(session.act, Event("roll", session.state.turn))
    rolled = GAME.copy(session.state)
    seat = session.state.turn
    appliance.call(session.act, GAME.legal_actions(session.state, seat)[0])
    appliance.call(session.undo)
    assert session.state == rolled
    appliance.close()
    again = make_appliance(tmp_path, bots=False, seed=5)
    assert again.resume() and again.spec.name == "bazaar"
    assert again.session.state == rolled
    again.close()


FRENCH, ENGLISH = {"Accept-Language": "fr-FR,fr;q=0.9"}, {"Accept-Language": "en-GB"}
A_SLIP = "R = RW; R = WW; Y = GGGGG; G = BBBBB; B = YY"
"""An exchange card with red on both sides of its first equation."""


def web_table(tmp_path):
    """A physical game at a table with Ana, Ben and Cy on phones and the host logged in,
    waiting for the host to type the first exchange card."""
    appliance = make_appliance(tmp_path, bots=False)
    bazaar(appliance)
    app = create_app(appliance, PIN)
    host, ana, ben, cy = Phone(app), Phone(app), Phone(app), Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    body = {"game": "bazaar", "players": 3, "mode": "physical"}  # cards auto: typed
    assert host.post("/api/host/new_game", body).status_code == 200
    ana.join(0, "Ana"), ben.join(1, "Ben"), cy.join(2, "Cy")
    return appliance, host, (ana, ben, cy)


def type_the_cards(host, table_state) -> None:
    """The host types the two cards and four wares, then clicks each first cube's face."""
    for value in (CARD_1, CARD_2, "YGBWW", "YYYYY*", "RRRRR", "WWWWW"):
        assert host.post("/api/host/entry", {"value": value}).status_code == 200, value
    for face in ("red", "white", "yellow"):  # the first cubes, rolled at the table
        table = table_state()
        assert table["status"] == "waiting_card" and table["waiting_card"]["deck"] == "die"
        assert host.post("/api/host/card", {"card": face}).status_code == 200


def test_the_host_types_the_cards_and_the_die_and_phones_act_over_the_web(tmp_path):
    appliance, host, (ana, ben, cy) = web_table(tmp_path)
    entry = ana.state()["table"]["waiting_entry"]
    assert entry["name"] == "exchange" and "card 1 of 2" in entry["prompt"]["text"]
    refused = host.post("/api/host/entry", {"value": A_SLIP})
    assert refused.status_code == 409 and "red is on both sides" in refused.json["error"]
    type_the_cards(host, lambda: ana.state()["table"])
    assert ana.state()["table"]["to_act"] == [0]
    wrong = ben.post("/api/act", {"kind": "roll", "data": {}})
    assert wrong.status_code == 409 and "it is Ana's turn" in wrong.json["error"]
    assert ana.post("/api/act", {"kind": "trade", "data": {"equation": 1, "give": "left"}}).status_code == 200
    assert next(p["cubes"] for p in ben.state()["view"]["players"]) == [0, 0, 0, 0, 2]
    assert ben.post("/api/act", {"kind": "roll", "data": {}}).status_code == 200
    assert host.post("/api/host/card", {"card": "purple"}).status_code == 409
    assert host.post("/api/host/card", {"card": "white"}).status_code == 200
    assert (
        host.post(
            "/api/host/act", {"seat": 2, "kind": "trade", "data": {"equation": 2, "give": "left"}}
        ).status_code
        == 200
    )
    view = cy.state()["view"]
    assert view["players"][2]["cubes"] == [0, 5, 0, 0, 0] and view["turn"] == 0
    assert host.post("/api/host/undo").status_code == 200
    assert cy.state()["view"]["turn"] == 2 and cy.state()["view"]["you"]["advice"] is not None
    assert host.get("/games/bazaar/game.js").status_code == 200
    assert host.get("/games/bazaar/game.css").status_code == 200
    page = ana.get("/").data
    assert b'data-game="bazaar"' in page and b"bz-trades" in page
    assert b"bz-host-box" in host.get("/host").data
    appliance.close()


def test_the_engines_refusals_reach_a_french_phone_and_console_in_french(tmp_path):
    """A refusal is a template with its facts: the colour in it is a word of the catalog too."""
    appliance, host, (ana, ben, cy) = web_table(tmp_path)
    slip = host.post("/api/host/entry", {"value": A_SLIP}, **FRENCH).json["error"]
    assert (
        slip == "les deux côtés d'une équation n'ont aucune couleur en commun : rouge est "
        "des deux côtés de 'R = RW'"
    )
    type_the_cards(host, lambda: ana.state()["table"])
    refusals = {  # Ana holds one red cube and plays; Y = GGGGG is 2
        ben: ({"kind": "roll", "data": {}}, "c'est à Ana de jouer", "it is Ana's turn"),
        ana: (
            {"kind": "trade", "data": {"equation": 2, "give": "left"}},
            "jaune : il vous en faut 1 à donner et vous en avez 0",
            "you need 1 yellow to give and hold 0",
        ),
        cy: ({"kind": "buy", "data": {"stall": 0}}, "c'est à Ana de jouer", "it is Ana's turn"),
    }
    for phone, (action, french, english) in refusals.items():
        answers = [phone.post("/api/act", action, **language) for language in (FRENCH, ENGLISH)]
        assert [a.status_code for a in answers] == [409, 409]
        assert [a.json["error"] for a in answers] == [french, english]
    early = ana.post("/api/act", {"kind": "buy", "data": {"stall": 0}}, **FRENCH).json["error"]
    assert early.startswith("lancez le dé ou échangez d'abord : un tour, c'est un jet ou un échange")
    assert appliance.session.state.cubes[0] == [0, 0, 1, 0, 0]  # nothing refused happened
    appliance.close()


# ------------------------------------------------------------------ a kill mid-turn
def mid_turn(tmp_path, seed: int = 4) -> tuple[int, int]:
    """A stored game left with a discard to choose: a player ended a turn over 10 cubes
    (random legal moves get there; bots never do) and the player to the left has not
    chosen yet. Returns (the game, the chooser)."""
    appliance = make_appliance(tmp_path, bots=False, seed=seed)
    game_id = bazaar(appliance)
    session, rng = appliance.session, random.Random(seed)
    while session.state.phase != "discard":
        (seat,) = GAME.to_act(session.state)
        actions = GAME.legal_actions(session.state, seat)
        growing = [e for e in actions if e.kind == "trade"] or actions
        appliance.call(session.act, rng.choice(growing if rng.random() < 0.8 else actions))
    chooser = session.state.discard[1]
    appliance.close()
    return game_id, chooser


def run_args(store) -> list[str]:
    return [
        sys.executable,
        "-m",
        "companion.appliance.cli",
        "run",
        "--simulate",
        "--no-web",
        "--game",
        "bazaar",
        "--players",
        "3",
        "--seed",
        "4",
        "--set",
        f"store.path={store}",
    ]


def test_a_killed_appliance_resumes_mid_turn_where_the_game_stood(tmp_path):
    store, out = tmp_path / "s.db", tmp_path / "out"
    game_id, chooser = mid_turn(tmp_path)
    before = stored_events(store, game_id)
    state, _ = replayed(store, game_id)
    assert state.phase == "discard" and GAME.to_act(state) == (chooser,)
    with open(out, "w") as stdout:
        proc = subprocess.Popen(
            run_args(store),
            cwd=REPO,
            env=ENV,
            stdout=stdout,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    try:
        wait_for(lambda: "Resuming the unfinished game of Bazaar" in out.read_text(), 30, "the resume")
        wait_for(lambda: len(stored_events(store, game_id)) >= len(before) + 4, 60, "the bots' moves")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    killed = stored_events(store, game_id)
    assert killed[: len(before)] == before  # nothing lost, nothing rewritten
    resumed = killed[len(before)]
    assert resumed["kind"] == "discard" and resumed["actor"] == chooser  # where it stood
    state_at_kill, summary = replayed(store, game_id)
    assert not summary["over"] or state_at_kill.phase == "over"
    with open(out, "a") as stdout:  # and once more, to the end
        proc = subprocess.Popen(
            run_args(store),
            cwd=REPO,
            env=ENV,
            stdout=stdout,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    try:
        wait_for(
            lambda: out.read_text().count("Resuming the unfinished game of Bazaar") == 2,
            30,
            "the second resume",
        )
        wait_for(lambda: len(stored_events(store, game_id)) >= len(killed) + 2, 60, "more moves")
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0, out.read_text()
    after = stored_events(store, game_id)
    assert after[: len(killed)] == killed and len(stored_games(store)) == 1
    final, _ = replayed(store, game_id)
    assert sum(final.bank) + sum(map(sum, final.cubes)) == 100
