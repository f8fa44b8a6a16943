"""Seats between people and bots (issue 13): the host hands a seat to a bot, frees it for a
new phone or moves it to another phone; each seat's state (phone connected or not, bot,
free); and a person who takes a bot's seat mid-decision gets it only once the bot is done."""

from __future__ import annotations

import json
import sys

import pytest
from web_rig import FAST, NAMES, PIN, Phone, make_appliance

from companion.appliance.inputs import Inputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.core.registry import game_spec
from companion.runtime.signals import now_us
from companion.store import EventStore
from web.app import create_app
from web.identity import Refused


def seats(phone) -> list[dict]:
    return phone.state()["seats"]


def test_the_host_moves_a_seat_to_another_phone_and_the_old_one_loses_it(phone, host):
    old = phone().join(0, "Ana")
    moved = host.post("/api/host/seat", {"seat": 0, "to": "move"})
    assert moved.status_code == 200, moved.json
    link = moved.json["link"]
    assert "/seat/" in link
    assert old.state()["viewer"] is None  # the old token is revoked
    new = phone()
    assert new.get(link.split("localhost", 1)[-1]).status_code == 302
    assert new.state()["viewer"] == 0
    assert next(s["name"] for s in seats(new)) == "Ana"  # same seat, same name


def test_a_stale_seat_link_is_refused(phone, host):
    phone().join(1, "Bo")
    first = host.post("/api/host/seat", {"seat": 1, "to": "move"}).json["link"]
    host.post("/api/host/seat", {"seat": 1, "to": "move"})
    late = phone()
    assert late.get(first.split("localhost", 1)[-1]).status_code == 404
    assert late.state()["viewer"] is None


def test_the_host_frees_a_seat_for_a_new_phone(phone, host):
    old = phone().join(2, "Cy")
    assert host.post("/api/host/seat", {"seat": 2, "to": "free"}).status_code == 200
    assert old.state()["viewer"] is None
    assert seats(host)[2]["state"] == "free"
    phone().join(2, "Cyril")
    assert seats(host)[2]["name"] == "Cyril"


def test_a_seat_handed_to_a_bot_is_not_offered_to_phones(phone, host):
    phone().join(3, "Di")
    assert host.post("/api/host/seat", {"seat": 3, "to": "bot"}).status_code == 200
    assert seats(host)[3]["state"] == "bot"
    refused = phone().post("/api/join", {"seat": 3, "name": "Eve"})
    assert refused.status_code == 409 and "taken" in refused.json["error"]


def test_only_the_host_has_the_seat_controls(phone):
    ana = phone().join(0, "Ana")
    refused = ana.post("/api/host/seat", {"seat": 0, "to": "move"})
    assert refused.status_code == 403


@pytest.mark.parametrize(
    "body, words",
    [
        ({"seat": 9, "to": "bot"}, "no seat 10"),
        ({"seat": 0, "to": "away"}, '"bot", "free" or "move"'),
        ({"seat": 1, "to": "move"}, "not held by a phone"),
    ],
)
def test_a_seat_command_that_cannot_be_done_says_why(host, body, words):
    refused = host.post("/api/host/seat", body)
    assert refused.status_code in (400, 409) and words in refused.json["error"], refused.json


def test_each_seat_says_whether_its_phone_is_connected_and_waited_on(phone, appliance, flask_app):
    phone().join(0, "Ana")
    table = flask_app.extensions["samarkand"]
    rows = seats(phone())
    assert [r["state"] for r in rows] == ["disconnected", "free", "free", "free"]
    assert all(r["waited"] for r in rows)  # everyone picks
    table.opened(0)
    assert seats(phone())[0]["state"] == "connected"
    assert appliance.disconnected() == set()
    table.closed(0)
    assert seats(phone())[0]["state"] == "disconnected" and appliance.disconnected() == {0}


@pytest.fixture
def with_bots(tmp_path):
    appliance = make_appliance(tmp_path, bots=True)
    appliance.new_game({"players": 4, "names": NAMES}, FAST)
    app = create_app(appliance, PIN)
    yield appliance, app
    appliance.close()


def test_a_bots_seat_taken_mid_decision_stays_the_bots_until_it_has_decided(with_bots):
    appliance, app = with_bots
    ana = Phone(app).join(0, "Ana")  # every seat must pick: the bot's turn too
    assert appliance.bot_plays(0)
    assert seats(ana)[0]["state"] == "bot"
    refused = ana.post("/api/act", {"kind": "pick", "data": {"card": 7}})
    assert refused.status_code == 409 and "bot is finishing" in refused.json["error"]
    appliance.call(lambda now: appliance.runner.seats.step(appliance.session, now))
    assert not appliance.bot_plays(0)  # the bot picked: now the seat is Ana's
    assert appliance.session.state.picks[0] is not None
    assert seats(ana)[0]["state"] == "disconnected"


def test_the_game_keeps_who_played_each_seat_from_which_event(with_bots, capsys):
    appliance, app = with_bots
    Phone(app).join(0, "Ana")
    appliance.call(lambda now: appliance.runner.seats.step(appliance.session, now))
    picked = len(appliance.session.match.log)
    host = Phone(app)
    host.post("/api/host/login", {"pin": PIN})
    host.post("/api/host/seat", {"seat": 0, "to": "bot"})
    assert appliance.hands == [
        {"at": picked, "seat": 0, "by": "person"},
        {"at": picked, "seat": 0, "by": "bot"},
    ]
    appliance.store.export_jsonl(appliance.game_id, sys.stdout)
    header = json.loads(capsys.readouterr().out.splitlines()[0])
    assert header["hands"] == appliance.hands


def test_the_decision_timer_is_a_table_setting_off_by_default(tmp_path):
    from companion.config import load_config

    assert load_config(None).table.decision_timer_s == 0
    appliance = make_appliance(tmp_path, bots=True)
    appliance.new_game({"players": 4, "names": NAMES}, FAST)
    assert appliance.runner.seats.timer_us is None
    appliance.close()


def test_every_page_hears_when_a_seat_passes_between_a_person_and_a_bot(with_bots):
    """The log's "who acted" on the pages: each change of hands, in order, under the seat's
    name now (Ana left it, so a bot plays it under the seat's own name)."""
    appliance, app = with_bots
    ana = Phone(app).join(0, "Ana")
    appliance.call(lambda now: appliance.runner.seats.step(appliance.session, now))
    host = Phone(app)
    host.post("/api/host/login", {"pin": PIN})
    host.post("/api/host/seat", {"seat": 0, "to": "bot"})
    shown = host.state()["hands"]
    assert [(c["seat"], c["name"], c["by"]) for c in shown] == [(0, NAMES[0], "person"), (0, NAMES[0], "bot")]
    assert [c["at"] for c in shown] == [c["at"] for c in appliance.hands]
    assert ana.state()["viewer"] is None
    assert Phone(app).state()["hands"] == shown  # public: the same for every page


@pytest.mark.parametrize("game, handed", [("market", True), ("marche", False)])
def test_on_real_pins_a_seat_goes_to_a_bot_only_where_bots_can_play(tmp_path, game, handed):
    """A Pi's game: a bot bids at Market through the rules, but could not press Le Marché's
    real buzzers, so the host is told so rather than the table waiting on a bot that never
    plays (the lobby refuses such a bot at Start for the same reason)."""
    appliance = make_appliance(tmp_path, simulated=False)
    try:
        appliance.new_game(game_spec(game).setup(3), game=game)
        app = create_app(appliance, PIN)
        Phone(app).join(0, "Ana")
        host = Phone(app)
        assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
        answer = host.post("/api/host/seat", {"seat": 0, "to": "bot"})
        if handed:
            assert answer.status_code == 200 and appliance.bot_plays(0)
            assert seats(host)[0]["state"] == "bot"
        else:
            assert answer.status_code == 409
            assert "bots press buzzers only in simulation mode: free the seat" in answer.json["error"]
            assert seats(host)[0]["state"] == "disconnected" and not appliance.bot_plays(0)
    finally:
        appliance.close()


def test_the_timer_deciding_a_sealed_bid_is_told_to_that_seat_alone_until_the_end(tmp_path):
    """Who is still to bid is secret (Market: the table knows only how many bids are in), so
    the decision timer running out on Bo's bid is told to Bo's phone, and to nobody else
    (Ana's phone, the table, the host) until the game is over."""
    config = load_config(
        None,
        {
            "store": {"path": str(tmp_path / "s.db")},
            "display": {"kind": "terminal"},
            "table": {"decision_timer_s": 5},
        },
    )
    appliance = Appliance(config, Inputs(), EventStore(config.store.path), seed=7)
    try:
        appliance.new_game(game_spec("market").setup(2), game="market", bots={})  # two people
        clock = [now_us()]
        appliance.runner.clock = lambda: clock[0]
        app = create_app(appliance, PIN)
        ana, bo = Phone(app).join(0, "Ana"), Phone(app).join(1, "Bo")
        appliance.runner.step()  # the timer starts for both bids
        assert ana.post("/api/act", {"kind": "bid", "data": {"amount": 5}}).status_code == 200
        clock[0] += 5_000_000
        appliance.runner.step()  # Bo is silent: a bot bids for him
        assert [(c["seat"], c["by"]) for c in appliance.hands] == [(1, "timer")]
        assert [(c["seat"], c["by"]) for c in bo.state()["hands"]] == [(1, "timer")]
        host = Phone(app)
        host.post("/api/host/login", {"pin": PIN})
        for other in (ana, host, Phone(app)):
            assert other.state()["hands"] == []
        service = app.extensions["samarkand"]
        over = service.hand_changes(appliance.session, {}, None, over=True)
        assert [(c["seat"], c["by"]) for c in over] == [(1, "timer")]
    finally:
        appliance.close()


def test_two_phones_joining_at_once_under_one_name_get_one_seat(flask_app):
    """The name is checked again where the seat is taken: a phone that read the table's
    names before another joined under the same name is refused, not seated twice."""
    seats = flask_app.extensions["samarkand"].seats
    read_before = list(NAMES)  # both phones' joins read the names before either was seated
    seats.join(1, "Dup", read_before)
    with pytest.raises(Refused, match="already called dup"):
        seats.join(2, "dup", read_before)
    assert seats.names() == {1: "Dup"}
