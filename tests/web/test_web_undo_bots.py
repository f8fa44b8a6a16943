"""Undo with bots at the table (issue 22): a bot does not make the undone move again at
once (the game is held until the host resumes, and every page says why), and the host
can undo back to the last decision a person made."""

from __future__ import annotations

import pytest
import toy_game  # noqa: F401  (registers the urn)
from web_rig import PIN, Phone, make_appliance

from companion.core.registry import game_spec
from web.app import create_app


@pytest.fixture
def urn(tmp_path):
    """The urn for two: Ana's phone in seat 1, a bot in seat 2; the runner is stepped by hand."""
    appliance = make_appliance(tmp_path)
    appliance.human_seats.add(0)  # Ana's from the start
    appliance.new_game(game_spec("urn").setup(2), game="urn")
    app = create_app(appliance, PIN)
    host = Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    ana = Phone(app).join(0, "Ana")
    assert ana.post("/api/act", {"kind": "want", "data": {"n": 1}}).status_code == 200
    appliance.runner.step()  # the bot decides for seat 2
    assert decisions(appliance) == [0, 1]
    yield appliance, host, ana
    appliance.close()


def decisions(appliance) -> list[int]:
    return [e.actor for e in appliance.session.match.log if e.kind in ("want", "note")]


def test_after_an_undo_the_bot_waits_until_the_host_resumes(urn):
    appliance, host, ana = urn
    undone = host.post("/api/host/undo")
    assert undone.status_code == 200 and undone.json["done"].startswith("Undone: ")
    assert decisions(appliance) == [0]
    appliance.runner.step()
    appliance.runner.step()
    assert decisions(appliance) == [0]  # the bot did not play it again
    table = ana.state()["table"]
    assert table["status"] == "paused" and table["after_undo"] is True
    assert host.post("/api/host/resume").status_code == 200
    appliance.runner.step()
    assert decisions(appliance) == [0, 1]
    assert ana.state()["table"]["after_undo"] is False


def test_undo_back_to_a_persons_last_decision(urn):
    appliance, host, _ana = urn
    undone = host.post("/api/host/undo", {"to_person": True})
    assert undone.status_code == 200, undone.json
    assert decisions(appliance) == []  # the bot's, then Ana's
    assert undone.json["done"].startswith("Undone: ")
    assert list(appliance.session.game.to_act(appliance.session.state)) == [0]


def take_the_rest(phone) -> None:
    """The phone's seat wants every ball left: the game's last move."""
    left = phone.state()["view"]["left"]
    assert phone.post("/api/act", {"kind": "want", "data": {"n": left}}).status_code == 200


def test_the_move_that_ended_the_game_can_be_taken_back(urn):
    """A mistaken winning move is undone: the stored game is open again, its result gone,
    and the person decides anew; the scores are to be accepted again at the new end."""
    appliance, host, ana = urn
    store, game_id = appliance.store, appliance.game_id
    take_the_rest(ana)
    assert ana.state()["table"]["status"] == "over"
    assert store.result(game_id) is not None and store.unfinished() is None
    assert host.post("/api/host/accept").status_code == 200

    undone = host.post("/api/host/undo")
    assert undone.status_code == 200, undone.json
    assert store.result(game_id) is None and store.unfinished() == game_id
    assert ana.state()["table"]["status"] == "paused"
    assert host.post("/api/host/resume").status_code == 200
    assert ana.post("/api/act", {"kind": "want", "data": {"n": 1}}).status_code == 200
    assert [r.event["kind"] for r in store.records(game_id)][-2:] == ["want", "chance"]
    assert ana.state()["score"] is None


def test_no_undo_once_another_game_has_started(urn):
    appliance, host, ana = urn
    take_the_rest(ana)
    finished = appliance.game_id
    appliance.new_game(game_spec("urn").setup(2), game="urn")
    assert host.post("/api/host/undo").status_code == 409  # nothing played in the new one
    assert appliance.store.result(finished) is not None
