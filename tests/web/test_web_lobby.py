"""The lobby before every game (issue 22): nothing is played or stored before the host's
Start, phones join it by name and keep their seats, the host chooses the game, its
options and the seats (bots with their style), Start is refused with its reason, a
restart comes back to the lobby, and "play again" keeps the people and the bots."""

from __future__ import annotations

import json

import pytest
from web_rig import PIN, Phone, make_appliance

from companion.runtime.lobby import Lobby
from companion.store import EventStore
from companion.store.keeping import kept_copy
from web.app import create_app


@pytest.fixture
def table(tmp_path):
    """A lobby of Samarkand Market for three, served; the runner is not running."""
    appliance = make_appliance(tmp_path)
    appliance.open_lobby(Lobby.open("market", 3))
    app = create_app(appliance, PIN)
    host = Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    yield appliance, app, host
    appliance.close()


def lobby(host, command, body=None):
    return host.post(f"/api/host/lobby/{command}", body or {})


def test_nothing_is_stored_or_played_before_start(table):
    appliance, app, _host = table
    ana, ben = Phone(app).join(0, "Ana"), Phone(app).join(1, "Ben")
    assert appliance.store.list_games() == [] and appliance.session is None
    shown = ana.state()
    assert shown["viewer"] == 0 and shown["table"]["status"] == "lobby"
    assert [s["holder"] for s in shown["lobby"]["seats"]] == ["person", "person", "free"]
    assert ana.post("/api/act", {"kind": "bid", "data": {}}).status_code == 409
    assert ben.state()["viewer"] == 1


def test_a_phones_stream_shows_the_lobby_then_its_seat_in_the_game(table):
    """A seat's stream lasts as long as its token holds the seat: the lobby's seat, then
    the same seat in the game the host starts."""
    _appliance, app, host = table
    ana = Phone(app).join(0, "Ana")
    stream = ana.client.get("/stream", buffered=False)
    frames = (json.loads(frame.split(b"data: ", 1)[1]) for frame in stream.response if b"data: " in frame)
    shown = next(frames)
    assert shown["viewer"] == 0 and shown["lobby"]["seats"][0]["name"] == "Ana"
    assert lobby(host, "bot", {"seat": 1, "style": "hoarder"}).status_code == 200
    assert next(frames)["lobby"]["seats"][1]["holder"] == "bot"
    assert lobby(host, "bot", {"seat": 2, "style": "hoarder"}).status_code == 200
    next(frames)
    assert lobby(host, "start").status_code == 200
    assert next(frames)["view"]["you"]["seat"] == 0
    stream.close()


def test_start_is_refused_with_its_reason_until_every_seat_is_taken(table):
    appliance, app, host = table
    Phone(app).join(0, "Ana")
    refused = lobby(host, "start")
    assert refused.status_code == 409 and "seat 2 is empty" in refused.json["error"]
    assert Phone(app).state()["lobby"]["problem"]["params"]["seat"] == 2
    assert appliance.store.list_games() == []


def test_the_host_seats_bots_and_people_then_starts(table):
    appliance, app, host = table
    ana, ben = Phone(app).join(0, "Ana"), Phone(app).join(1, "Ben")
    assert lobby(host, "bot", {"seat": 2, "style": "hoarder"}).status_code == 200
    assert lobby(host, "bot", {"seat": 0, "style": "hoarder"}).status_code == 409  # Ana's
    assert lobby(host, "seats", {"seats": 4}).status_code == 200
    assert lobby(host, "bot", {"seat": 3, "style": "hoarder", "name": "Zed"}).status_code == 200
    twice = lobby(host, "bot", {"seat": 2, "style": "hoarder", "name": "zed"})
    assert twice.status_code == 409 and "already called zed" in twice.json["error"]  # not at Start
    named_as_ana = lobby(host, "bot", {"seat": 2, "style": "hoarder", "name": "ana"})
    assert named_as_ana.status_code == 409 and "already called ana" in named_as_ana.json["error"]
    assert lobby(host, "remove", {"seat": 3}).status_code == 200
    assert lobby(host, "seats", {"seats": 3}).status_code == 200
    assert lobby(host, "move", {"seat": 1, "to": 2}).status_code == 200  # Ben <-> the bot
    assert ben.state()["viewer"] == 2
    assert lobby(host, "start").status_code == 200
    assert [g.id for g in appliance.store.list_games()] == [appliance.game_id]
    assert appliance.session.game.names(appliance.session.state)[0] == "Ana"
    assert set(appliance.runner.seats.bots) == {1}  # the bot only where put
    assert ana.state()["viewer"] == 0 and ben.state()["viewer"] == 2
    assert ana.state()["table"]["status"] != "lobby"
    assert appliance.store.setting("lobby") is None


def test_start_with_bots_in_the_empty_seats_of_the_styles_and_names_the_host_chose(table):
    """The console's one press: each empty seat gets the bot its controls show (a seat not
    listed, the game's own style); a seat a phone took meanwhile stays the phone's."""
    appliance, app, host = table
    assert lobby(host, "seats", {"seats": 4}).status_code == 200
    ana = Phone(app).join(0, "Ana")
    chosen = [{"seat": 0, "style": "thrifty"}, {"seat": 1, "style": "easy", "name": "Zoé"}]
    assert Phone(app).post("/api/host/lobby/start", {"fill": chosen}).status_code == 403  # a phone
    assert lobby(host, "start", {"fill": chosen}).status_code == 200
    assert appliance.session.game.names(appliance.session.state)[:2] == ("Ana", "Zoé (bot)")
    spec = appliance.spec
    with EventStore(appliance.store.path) as store:
        bots = store.config(appliance.game_id)["bots"]
    assert bots == {"1": "easy", "2": spec.default_style(2), "3": spec.default_style(3)}
    assert set(appliance.runner.seats.bots) == {1, 2, 3} and ana.state()["viewer"] == 0


@pytest.mark.parametrize(
    "fill, said",
    [
        ({"seat": 1}, "fill lists a bot for each empty seat"),
        ([{"seat": "2", "style": "easy"}], "seat must be a whole number"),
        ([{"seat": 7, "style": "easy"}], "there is no seat 7"),
        ([{"seat": 1, "style": "shark"}], "there is no bot style 'shark'"),
    ],
)
def test_start_with_bots_refuses_what_names_no_empty_seat_and_keeps_the_lobby(table, fill, said):
    appliance, _app, host = table
    refused = lobby(host, "start", {"fill": fill})
    assert refused.status_code in (400, 409) and said in refused.json["error"]
    assert appliance.lobby is not None and appliance.lobby.bots == {}
    assert appliance.store.list_games() == []


@pytest.mark.parametrize("game, starts", [("bazaar", True), ("marche", False)])
def test_on_real_pins_bots_take_seats_unless_they_would_press_buzzers(tmp_path, game, starts):
    """A Pi's lobby: a bot rolls Bazaar's die through the rules (its buzzer roll is a
    person's shortcut), but cannot press Le Marché's real buzzers, and the host is told."""
    appliance = make_appliance(tmp_path, seed=3, simulated=False)
    try:
        appliance.open_lobby(Lobby.open(game, 3))
        host = Phone(create_app(appliance, PIN))
        assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
        started = lobby(host, "start", {"fill": []})
        if starts:
            assert started.status_code == 200 and sorted(appliance.runner.seats.bots) == [0, 1, 2]
        else:
            assert started.status_code in (400, 409)
            assert "bots press buzzers only in simulation mode" in started.json["error"]
            assert appliance.lobby is not None and appliance.store.list_games() == []
    finally:
        appliance.close()


def test_the_seat_count_the_game_and_its_options(table):
    appliance, app, host = table
    assert lobby(host, "seats", {"seats": 6}).status_code == 409  # Market: 2 to 5
    assert lobby(host, "seats", {"seats": 2}).status_code == 200
    Phone(app).join(1, "Ben")
    assert lobby(host, "seats", {"seats": 1}).status_code == 409
    assert lobby(host, "options", {"rules": {"open_money": True}}).status_code == 200
    assert appliance.lobby.rules == {"open_money": True}
    assert lobby(host, "options", {"rules": {"open_money": 3}}).status_code == 409
    assert lobby(host, "game", {"game": "bazaar"}).status_code == 200
    assert appliance.lobby.game == "bazaar" and appliance.lobby.people[1]["name"] == "Ben"


def test_a_restart_during_the_lobby_comes_back_to_it_with_its_seats(tmp_path):
    appliance = make_appliance(tmp_path)
    appliance.open_lobby(Lobby.open("market", 3))
    app = create_app(appliance, PIN)
    ana = Phone(app).join(0, "Ana")
    appliance.close()

    again = make_appliance(tmp_path)
    try:
        assert again.restore_lobby() and again.lobby.people[0]["name"] == "Ana"
        ana.client.application = create_app(again, PIN)  # the same phone, cookies and all
        assert ana.state()["viewer"] == 0
        assert again.store.list_games() == []
    finally:
        again.close()


def test_play_again_keeps_the_people_the_bots_and_the_options(table):
    appliance, app, host = table
    ana = Phone(app).join(0, "Ana")
    Phone(app).join(1, "Ben")
    lobby(host, "options", {"rules": {"open_money": True}})
    lobby(host, "bot", {"seat": 2, "style": "thrifty", "name": "Gus"})
    lobby(host, "start")
    first = appliance.game_id
    assert host.post("/api/host/end").status_code == 200
    assert lobby(host, "open", {"again": True}).status_code == 200
    kept = appliance.lobby
    assert kept.game == "market" and kept.rules["open_money"] is True
    assert {s: v["name"] for s, v in kept.people.items()} == {0: "Ana", 1: "Ben"}
    assert kept.bots == {2: {"style": "thrifty", "name": "Gus"}}  # the name the host gave it
    assert lobby(host, "open", {"again": True}).status_code == 200  # pressed twice
    assert appliance.lobby.to_dict() == kept.to_dict()
    assert ana.state()["viewer"] == 0  # straight into the lobby, no rejoin
    assert lobby(host, "start").status_code == 200
    assert appliance.game_id != first and ana.state()["viewer"] == 0


def test_the_next_lobby_keeps_a_fresh_copy_of_the_store_with_the_game_just_played(table):
    """A table left on for weeks keeps its copy as fresh as its last game."""
    appliance, _app, host = table
    for seat in range(3):
        lobby(host, "bot", {"seat": seat, "style": "thrifty"})
    lobby(host, "start")
    assert host.post("/api/host/end").status_code == 200
    assert lobby(host, "open", {"again": True}).status_code == 200
    with EventStore(kept_copy(appliance.store.path), read_only=True) as copy:
        assert [(g.id, g.status) for g in copy.list_games()] == [
            (appliance.store.list_games()[0].id, "ended")
        ]


def test_another_game_keeps_the_people(table):
    appliance, app, host = table
    Phone(app).join(0, "Ana")
    lobby(host, "bot", {"seat": 1, "style": "thrifty"})
    lobby(host, "bot", {"seat": 2, "style": "thrifty"})
    lobby(host, "start")
    assert lobby(host, "open", {"game": "samarkand"}).status_code == 200
    assert appliance.lobby.game == "samarkand" and appliance.lobby.people[0]["name"] == "Ana"
    assert appliance.lobby.bots == {}
    with EventStore(appliance.store.path) as store:
        assert [g.status for g in store.list_games()] == ["abandoned"]


def test_a_game_started_at_once_closes_the_lobby_keeping_its_people(table):
    appliance, app, host = table
    ana, ben = Phone(app).join(0, "Ana"), Phone(app).join(2, "Ben")
    assert host.post("/api/host/new_game", {"game": "market", "players": 2}).status_code == 200
    assert appliance.lobby is None and appliance.store.setting("lobby") is None
    assert ana.state()["table"]["status"] != "lobby"
    assert ana.state()["view"]["you"]["seat"] == 0 and appliance.session.state.names[0] == "Ana"
    assert "you" not in ben.state()["view"]  # no third seat in a game of two


@pytest.mark.parametrize(
    "game, option", [("marche", None), ("bazaar", "first_player"), ("samarkand", "first_player")]
)
def test_the_lobby_says_which_seat_the_rule_options_put_first(table, game, option):
    """Before the host chooses, every page knows the seat that plays first by the rule
    options; with seats taken away past that option, it is not said and Start says why."""
    appliance, app, host = table
    assert lobby(host, "game", {"game": game}).status_code == 200
    assert lobby(host, "seats", {"seats": 4}).status_code == 200
    shown = Phone(app).state()["lobby"]
    assert (shown["first"], shown["first_by_rules"]) == (None, 0)
    if option is None:
        return
    assert lobby(host, "options", {"rules": {option: 4}}).status_code == 200
    assert Phone(app).state()["lobby"]["first_by_rules"] == 3
    assert lobby(host, "first", {"seat": 1}).status_code == 200
    assert Phone(app).state()["lobby"]["first_by_rules"] == 3  # the host's choice is beside it
    assert lobby(host, "seats", {"seats": 3}).status_code == 200
    shown = Phone(app).state()["lobby"]
    assert shown["first_by_rules"] is None
    style = appliance.lobby.spec.default_style(0)
    for seat in range(3):
        lobby(host, "bot", {"seat": seat, "style": style})
    assert "first_player" in Phone(app).state()["lobby"]["problem"]["text"]
    refused = lobby(host, "start")
    assert refused.status_code == 409 and "first_player" in refused.get_json()["error"]
    assert appliance.session is None


@pytest.mark.parametrize(
    "game, seated",
    [
        ("marche", lambda state: state.dean),
        ("bazaar", lambda state: state.rules.first_player - 1),
        ("samarkand", lambda state: state.rules.first_player - 1),
    ],
)
def test_the_host_chooses_who_plays_first_and_play_again_passes_it_on(table, game, seated):
    appliance, app, host = table
    assert lobby(host, "game", {"game": game}).status_code == 200
    style = appliance.lobby.spec.default_style(0)
    for seat in range(appliance.lobby.seats):
        lobby(host, "bot", {"seat": seat, "style": style})
    assert lobby(host, "first", {"seat": 9}).status_code == 409
    assert lobby(host, "first", {"seat": 1}).status_code == 200
    assert Phone(app).state()["lobby"]["first"] == 1
    assert lobby(host, "start").status_code == 200
    assert seated(appliance.session.state) == 1
    assert host.post("/api/host/end").status_code == 200
    assert lobby(host, "open", {"again": True}).status_code == 200
    assert appliance.lobby.first == 2  # passed on to the next seat


@pytest.mark.parametrize("game", ["bazaar", "samarkand"])
def test_play_again_with_a_seat_fewer_after_the_last_seat_played_first(table, game):
    """The seat the host set to play first is put in the game's rule options; the next
    lobby starts from the host's own options, so a table one seat smaller still starts."""
    appliance, app, host = table
    assert lobby(host, "game", {"game": game}).status_code == 200
    style = appliance.lobby.spec.default_style(0)
    for seat in range(3):
        lobby(host, "bot", {"seat": seat, "style": style})
    assert lobby(host, "first", {"seat": 2}).status_code == 200
    assert lobby(host, "start").status_code == 200
    assert appliance.session.state.rules.first_player == 3
    assert host.post("/api/host/end").status_code == 200
    assert lobby(host, "open", {"again": True}).status_code == 200
    assert "first_player" not in appliance.lobby.rules
    assert lobby(host, "remove", {"seat": 2}).status_code == 200
    assert lobby(host, "seats", {"seats": 2}).status_code == 200
    assert lobby(host, "start").status_code == 200, Phone(app).state()["lobby"]["problem"]
    assert appliance.session.game.players(appliance.session.state) == 2


@pytest.mark.parametrize("command", ["options", "open"])
def test_a_table_setting_start_would_refuse_is_refused_in_the_lobby(table, command):
    """A countdown step of 0 ms is refused as the host sets it, not later at Start."""
    appliance, _app, host = table
    body = {"game": "marche", "rules": {}, "table": {"step_ms": 0}}
    if command == "options":
        assert lobby(host, "game", {"game": "marche"}).status_code == 200
    refused = lobby(host, command, body)
    assert refused.status_code == 409 and "step_ms" in refused.get_json()["error"]
    assert appliance.lobby.table == {} and appliance.lobby.game == (
        "marche" if command == "options" else "market"
    )
    assert lobby(host, command, {**body, "table": {"step_ms": 500}}).status_code == 200
    assert appliance.lobby.table == {"step_ms": 500}


def test_a_page_asking_as_play_again_opens_the_lobby_is_shown_the_lobby(table, monkeypatch):
    """Whether the table is a lobby or a game is read under the table's lock: Play again
    landing just before it is taken cut every open stream (a 409 mid-stream)."""
    appliance, app, host = table
    assert lobby(host, "start", {"fill": []}).status_code == 200
    assert host.post("/api/host/end").status_code == 200
    real_call, again = appliance.call, []

    def play_again_lands_first(action, *args):
        if not again:
            again.append(appliance.open_lobby(appliance.next_lobby(None, {})))
        return real_call(action, *args)

    monkeypatch.setattr(appliance, "call", play_again_lands_first)
    assert Phone(app).state()["table"]["status"] == "lobby"
