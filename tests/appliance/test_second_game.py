"""A second game through the whole appliance, using only the registry: the core's toy game
(the urn) in the store, resumed after a kill, undone, on the host console and the phones,
and simulated from the command line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import toy_game  # noqa: F401  (registers the urn)
from appliance_rig import REPO, replayed, stored_events, stored_games
from tests_paths import TOY
from web_rig import PIN, Phone, make_appliance, wait_for

from companion.appliance.cli import main
from companion.core.game import Event
from companion.core.registry import game_spec
from companion.store import EventStore
from web.app import create_app


def urn(appliance, players=2, **rules):
    setup = game_spec("urn").setup(players, {"balls": [1, 2, 3, 4, 5, 6], **rules})
    return appliance.new_game(setup, game="urn")


def test_the_appliance_plays_the_urn_with_bots_to_the_end_and_keeps_its_result(tmp_path):
    appliance = make_appliance(tmp_path)
    game_id = urn(appliance)
    appliance.runner.start()
    try:
        wait_for(lambda: appliance.session.game.is_over(appliance.session.state), 20, "the urn's end")
    finally:
        appliance.close()
    with EventStore(tmp_path / "s.db") as store:
        result = store.result(game_id)
        assert store.config(game_id)["game"] == "urn"
    assert sorted(result["scores"]) and sum(result["scores"]) == 21  # every ball drawn
    assert result["winners"] and set(result["winners"]) <= {"Seat 1", "Seat 2"}
    _state, summary = replayed(tmp_path / "s.db", game_id)
    assert summary["over"] and summary["result"]["scores"] == result["scores"]


def test_undo_and_a_restart_bring_the_urn_back_exactly(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    urn(appliance)
    session = appliance.session
    appliance.call(session.act, Event("want", 0, {"n": 2}))
    appliance.call(session.act, Event("note", 1, {"word": "hm"}))
    drawn = list(session.state.drawn)
    appliance.call(session.undo)
    assert session.game.to_act(session.state) == (1,) and session.state.notes == ()
    appliance.close()
    again = make_appliance(tmp_path, bots=False)
    assert again.resume() and again.spec.name == "urn"
    assert again.session.state.drawn == drawn and again.session.game.to_act(again.session.state) == (1,)
    again.close()


def test_the_host_enters_the_urns_label_and_phones_act_through_the_one_endpoint(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    urn(appliance)
    app = create_app(appliance, PIN)
    host, ana, bo = Phone(app), Phone(app), Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    body = {"game": "urn", "players": 2, "mode": "physical", "rules": {"label_at_table": True}}
    assert host.post("/api/host/new_game", body).status_code == 200
    assert appliance.store.config(appliance.game_id)["setup"]["mode"] == "physical"
    assert appliance.session.match.setup["mode"] == "physical"  # the game knows it too
    ana.join(0, "Ana"), bo.join(1, "Bo")
    assert ana.state()["table"]["waiting_entry"]["name"] == "label"
    assert ana.post("/api/act", {"kind": "want", "data": {"n": 1}}).status_code == 409
    refused = host.post("/api/host/entry", {"value": "two words"})
    assert refused.status_code == 409 and "one word" in refused.json["error"]
    assert host.post("/api/host/entry", {"value": "Amphora"}).status_code == 200
    assert ana.post("/api/act", {"kind": "want", "data": {"n": 1}}).status_code == 200
    table = ana.state()["table"]
    assert table["status"] == "waiting_card" and table["waiting_card"]["seen_by"] == 0
    assert host.post("/api/host/card", {"card": 5}).status_code == 200
    mine, theirs = ana.state()["view"], bo.state()["view"]
    assert mine["drawn"] == [5] and "drawn" not in theirs["players"][0]  # a blind draw
    assert bo.post("/api/act", {"kind": "want", "data": {"n": 1}}).status_code == 200
    assert host.post("/api/host/undo").status_code == 200
    assert bo.state()["table"]["to_act"] == [1]
    schema = {g["name"]: g for g in host.get("/api/games").json["games"]}
    assert {"marche", "urn"} <= set(schema) and schema["urn"]["table_settings"] == []
    assert host.get("/games/urn/game.js").status_code == 200
    assert b'data-game="urn"' in ana.get("/").data
    appliance.close()


def test_a_killed_appliance_resumes_the_urn_where_it_stood(tmp_path):
    store, out = tmp_path / "s.db", tmp_path / "out"
    env = {
        **os.environ,
        "PYTHONPATH": f"{REPO}{os.pathsep}{TOY}",
        "SAMARKAND_GAMES": "toy_game",
        "PYTHONUNBUFFERED": "1",
    }
    args = [
        sys.executable,
        "-m",
        "companion.appliance.cli",
        "run",
        "--simulate",
        "--no-web",
        "--game",
        "urn",
        "--players",
        "3",
        "--seed",
        "5",
        "--set",
        f"store.path={store}",
    ]
    with open(out, "w") as stdout:
        proc = subprocess.Popen(
            args, cwd=REPO, env=env, stdout=stdout, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
    wait_for(lambda: "A new game of The urn" in out.read_text(), 30, "the appliance's start")
    wait_for(lambda: len(stored_events(store, stored_games(store)[0].id)) >= 2, 30, "the urn's first moves")
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    game_id = stored_games(store)[0].id
    before = stored_events(store, game_id)
    with open(out, "a") as stdout:
        again = subprocess.run(
            args,
            cwd=REPO,
            env=env,
            stdout=stdout,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            timeout=60,
        )
    assert again.returncode == 0, out.read_text()
    text = out.read_text()
    assert "Resuming the unfinished game of The urn" in text and "1. Seat" in text
    after = stored_events(store, game_id)
    assert after[: len(before)] == before and len(stored_games(store)) == 1
    _state, summary = replayed(store, game_id)
    assert summary["over"]


def test_simulate_plays_the_urn_from_the_command_line(capsys):
    assert main(["simulate", "urn", "--players", "3", "--games", "10", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "urn" and summary["games"] == 10 and summary["capped"] == 0
