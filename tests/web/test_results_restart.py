"""A power cut on the results screen: the table comes back to the same results (the
table's own choices, accepted or not), the phones in their seats, an ended game still
stopped, and Play again opens the same game's lobby with the same people."""

from __future__ import annotations

from web_rig import FAST, NAMES, PIN, Phone, make_appliance, wait_for

from companion.appliance.cli import build_parser
from companion.appliance.running import _open_table
from web.app import create_app
from web.identity import SEAT_COOKIE


def restarted(tmp_path, *argv: str):
    """``samarkand run ARGV`` on the same store: its first line, and the table it opened."""
    appliance = make_appliance(tmp_path)
    return _open_table(appliance, build_parser().parse_args(["run", *argv])), appliance


def host_of(app) -> Phone:
    host = Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    return host


def test_the_results_the_table_settled_come_back_after_a_restart(tmp_path):
    first = make_appliance(tmp_path)
    first.new_game({"players": 4, "names": NAMES}, {**FAST, "step_ms": 20, "lead_in_ms": 0})
    host = host_of(create_app(first, PIN))
    first.runner.start()
    wait_for(lambda: first.session.state.phase == "over", timeout=60, what="the bots' game")
    score = host.state()["score"]
    held = max(score["breakdown"]["players"], key=lambda p: sum(map(len, p["kept"].values())))
    assert host.post("/api/host/score", {"seat": held["seat"], "choice": held["kept"]}).status_code == 200
    assert host.post("/api/host/accept").status_code == 200
    settled = host.state()["score"]
    game_id = first.game_id
    first.close()

    line, again = restarted(tmp_path)
    try:
        assert line.startswith(f"Back to the results of game {game_id} (Le Marché de Samarkand)")
        shown = host_of(create_app(again, PIN)).state()
        assert shown["table"]["phase"] == "over" and shown["score"] == settled
        assert (
            shown["score"]["accepted"] and shown["score"]["breakdown"]["players"][held["seat"]]["overridden"]
        )
    finally:
        again.close()


def test_an_ended_game_stays_stopped_and_play_again_keeps_its_people(tmp_path):
    first = make_appliance(tmp_path)
    first.new_game({"players": 4, "names": NAMES}, FAST)
    app = create_app(first, PIN)
    ana = Phone(app).join(0, "Ana")
    host = host_of(app)
    first.runner.start()
    assert host.post("/api/host/end").status_code == 200
    events = len(first.store.records(first.game_id))
    first.close()

    line, again = restarted(tmp_path)
    try:
        assert line.startswith("Back to the results of game 1")
        again.runner.start()
        app = create_app(again, PIN)
        phone = Phone(app)
        phone.client.set_cookie(SEAT_COOKIE, ana.client.get_cookie(SEAT_COOKIE).value)
        shown = phone.state()
        assert shown["view"]["you"]["seat"] == 0 and shown["table"]["status"] == "ended"
        host = host_of(app)
        assert host.post("/api/host/resume").status_code == 409  # ended: nothing goes on
        assert len(again.store.records(again.game_id)) == events
        assert host.post("/api/host/lobby/open", {"again": True}).status_code == 200
        assert again.lobby is not None and again.lobby.people[0]["name"] == "Ana"
        assert phone.state()["lobby"]["seats"][0]["name"] == "Ana"
    finally:
        again.close()


def test_a_game_asked_for_opens_its_lobby_not_the_last_results(tmp_path):
    first = make_appliance(tmp_path)
    first.new_game({"players": 4, "names": NAMES}, FAST)
    first.end_game()
    first.close()
    line, again = restarted(tmp_path, "--game", "bazaar")
    try:
        assert line.startswith("The lobby of Bazaar") and again.lobby is not None
    finally:
        again.close()
