"""Samarkand Market through the whole appliance: killed mid-round with bids sealed, resumed
with those bids still in and still secret; a physical table's host entering the start
player, the cards and the cubes over the web; undo; bots playing to the end from the
command line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from appliance.appliance_rig import REPO, replayed, stored_events, stored_games  # tests/appliance's rig
from web_rig import PIN, Phone, make_appliance, wait_for

from companion.core.registry import game_spec
from companion.store import EventStore
from web.app import create_app

DRIVER = Path(__file__).with_name("bids_then_wait.py")


def env() -> dict:
    return {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}


def test_a_kill_mid_round_resumes_with_the_sealed_bids_in_and_still_secret(tmp_path):
    store = tmp_path / "s.db"
    driver = subprocess.Popen(
        [sys.executable, str(DRIVER), str(store)],
        cwd=REPO,
        env=env(),
        stdout=subprocess.PIPE,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    try:
        assert driver.stdout.readline().strip() == "ready"
    finally:
        driver.send_signal(signal.SIGKILL)
        driver.wait(10)
    game_id = stored_games(store)[0].id
    before = stored_events(store, game_id)
    assert [e["kind"] for e in before[-2:]] == ["bid", "bid"]

    appliance = make_appliance(tmp_path, bots=False)
    assert appliance.resume() and appliance.spec.name == "market"
    session = appliance.session
    game, state = session.game, session.state
    assert state.phase == "bidding" and state.bids == [13, 29, None]
    assert game.to_act(state) == (2,)
    app = create_app(appliance, PIN)
    phones = [Phone(app).join(seat, name) for seat, name in enumerate(("Ana", "Ben", "Cy"))]
    for seat, phone in enumerate(phones):
        snap = phone.state()
        assert snap["view"]["bids_in"] == 2 and snap["view"]["you"]["bid"] == (13, 29, None)[seat]
        assert snap["table"]["to_act"] == ([2] if seat == 2 else [])
        assert not any(r["kind"] == "reveal" for r in snap["view"]["records"])
    refused = phones[0].post("/api/act", {"kind": "bid", "data": {"amount": 40}})
    assert refused.status_code == 409 and "already bid" in refused.json["error"]
    assert phones[2].post("/api/act", {"kind": "bid", "data": {"amount": 7}}).status_code == 200
    assert phones[0].state()["view"]["reveal"]["bids"] == [13, 29, 7]
    assert session.state.money == [62, 46, 68]
    appliance.close()

    # the real `samarkand run` carries on from there with its bots; stopped, it keeps its log
    out = tmp_path / "out"
    args = [
        sys.executable,
        "-m",
        "companion.appliance.cli",
        "run",
        "--simulate",
        "--no-web",
        "--game",
        "market",
        "--seed",
        "5",
        "--set",
        f"store.path={store}",
        "--set",
        "display.kind=terminal",
    ]
    with open(out, "w") as stdout:
        run = subprocess.Popen(
            args, cwd=REPO, env=env(), stdout=stdout, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
    try:
        wait_for(
            lambda: "Resuming the unfinished game of Samarkand Market" in out.read_text(),
            30,
            "the appliance's resume",
        )
        wait_for(lambda: len(stored_events(store, game_id)) > len(before) + 1, 30, "a bot's first move")
    finally:
        run.send_signal(signal.SIGTERM)
        assert run.wait(30) == 0, out.read_text()
    after = stored_events(store, game_id)
    assert after[: len(before)] == before and len(stored_games(store)) == 1
    assert finish_with_bots(tmp_path)["round"] == 10


def finish_with_bots(tmp_path) -> dict:
    """Resume the stored game with bots in every seat and step the table until it is over
    (the runner's own steps, without waiting for its clock)."""
    appliance = make_appliance(tmp_path)
    assert appliance.resume(phones=False)  # no page: bots take the phones' seats
    try:
        for _ in range(5000):
            if appliance.session.game.is_over(appliance.session.state):
                break
            appliance.runner.step()
        game_id = appliance.game_id
    finally:
        appliance.close()
    _state, summary = replayed(tmp_path / "s.db", game_id)
    assert summary["over"] and summary["result"]["winners"]
    return summary


def test_the_host_of_a_physical_table_enters_the_start_player_cards_and_cubes_over_the_web(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("market").setup(2), game="market")
    app = create_app(appliance, PIN)
    host, ana, bo = Phone(app), Phone(app), Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    body = {"game": "market", "players": 2, "mode": "physical", "rules": {"open_money": True}}
    assert host.post("/api/host/new_game", body).status_code == 200
    ana.join(0, "Ana"), bo.join(1, "Bo")
    table = ana.state()["table"]
    assert table["status"] == "waiting_card" and table["waiting_card"]["deck"] == "start player"
    assert table["waiting_card"]["remaining"] == [[1, None], [2, None]]
    assert host.post("/api/host/card", {"card": 2}).status_code == 200
    entry = ana.state()["table"]["waiting_entry"]
    assert entry["name"] == "market card" and "card 1 of 12" in entry["prompt"]["text"]
    refused = host.post("/api/host/entry", {"value": "YQ=5"})
    assert refused.status_code == 409 and "'Q' is not a colour letter" in refused.json["error"]
    for value in ("Saffron: YY=25, YBK=70", {"name": "Lapis", "sets": [{"cubes": "BB", "pays": 30}]}, "K=20"):
        assert host.post("/api/host/entry", {"value": value}).status_code == 200
    assert [m["name"] for m in ana.state()["view"]["markets"]] == ["Saffron", "Lapis", "Card 3"]
    assert ana.post("/api/act", {"kind": "bid", "data": {"amount": 5}}).status_code == 409  # cubes first
    for cube in ["yellow", "yellow", "blue", "black", "black", "black", "black", "red"]:
        assert host.post("/api/host/card", {"card": cube}).status_code == 200
    refused = host.post("/api/host/card", {"card": "purple"})
    assert refused.status_code == 409
    view = bo.state()["view"]
    assert view["phase"] == "bidding" and [lot["cubes"] for lot in view["lots"]] == [
        {"yellow": 2, "blue": 1},
        {"red": 1, "black": 4},
    ]
    assert [p["money"] for p in view["players"]] == [75, 75]  # open_money
    assert ana.post("/api/act", {"kind": "bid", "data": {"amount": 9}}).status_code == 200
    assert host.post("/api/host/undo").status_code == 200  # the host undoes Ana's bid
    assert ana.state()["view"]["you"]["bid"] is None and ana.state()["table"]["to_act"] == [0]
    assert ana.post("/api/act", {"kind": "bid", "data": {"amount": 6}}).status_code == 200
    assert bo.post("/api/act", {"kind": "bid", "data": {"amount": 6}}).status_code == 200
    assert bo.state()["view"]["reveal"]["order"] == [1, 0]  # Bo starts: ties go his way
    schema = {g["name"]: g for g in host.get("/api/games").json["games"]}
    assert [o["name"] for o in schema["market"]["options"]] == ["open_money", "broke_player", "market_deck"]
    assert host.get("/games/market/game.js").status_code == 200
    assert b'data-game="market"' in ana.get("/").data
    appliance.close()


def test_a_new_digital_game_from_the_host_console_may_bring_its_own_deck(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("market").setup(3), game="market")
    app = create_app(appliance, PIN)
    host = Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    deck = "\n".join(
        f'[[card]]\nname = "Ours {i}"\nsets = [{{ cubes = "Y", pays = {i} }}]' for i in range(1, 13)
    )
    body = {"game": "market", "players": 3, "mode": "digital", "rules": {"market_deck": deck}}
    assert host.post("/api/host/new_game", body).status_code == 200
    assert {m["name"] for m in host.state()["view"]["markets"]} <= {f"Ours {i}" for i in range(1, 13)}
    bad = {**body, "rules": {"market_deck": deck.replace("pays = 3", "pays = 0")}}
    refused = host.post("/api/host/new_game", bad)
    assert refused.status_code == 400 and "card 3 (Ours 3), set 1: pays must be" in refused.json["error"]
    appliance.close()


def test_bots_play_samarkand_market_at_a_live_table_and_the_store_keeps_the_result(tmp_path):
    appliance = make_appliance(tmp_path)
    game_id = appliance.new_game(game_spec("market").setup(4), game="market")
    appliance.close()
    summary = finish_with_bots(tmp_path)
    assert summary["round"] == 10
    events = stored_events(tmp_path / "s.db", game_id)
    assert {"bid", "pick", "sell"} <= {e["kind"] for e in events}
    with EventStore(tmp_path / "s.db") as opened:
        assert opened.result(game_id)["winners"]
