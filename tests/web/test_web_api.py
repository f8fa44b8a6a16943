"""The page's API through Flask's test client: joining, acting, refusals, every security rule."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from ports import free_port
from web_rig import FAST, NAMES, PIN, Phone, all_pick, make_appliance, phase, stop, wait_for

from companion.config import PowerConfig
from companion.core.errors import RuleError
from companion.store import StoreFullError
from web.app import MAX_BODY, create_app
from web.identity import SEAT_COOKIE
from web.pin import PIN_TRIES
from web.service import GameService


def version(appliance) -> int:
    return appliance.session.version


# ------------------------------------------------------------------ joining
def test_join_gives_an_httponly_lax_cookie_that_is_not_secure(phone):
    p = phone()
    response = p.post("/api/join", {"seat": 1, "name": "Ben"})
    assert response.status_code == 200
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"{SEAT_COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    state = p.state()
    assert state["view"]["you"]["seat"] == 1
    assert state["view"]["players"][1]["name"] == "Ben"
    assert b'data-page="player"' in p.get("/").data


def test_a_taken_seat_a_taken_name_and_a_second_seat_are_refused(phone):
    ana = phone().join(0, "Ana")
    other = phone()
    assert other.post("/api/join", {"seat": 0, "name": "Zed"}).status_code == 409
    assert other.post("/api/join", {"seat": 2, "name": "ana"}).status_code == 409
    assert ana.post("/api/join", {"seat": 3, "name": "Ana2"}).status_code == 409
    assert other.post("/api/join", {"seat": 9, "name": "Zed"}).status_code == 400
    assert other.post("/api/join", {"seat": 2, "name": "  "}).status_code == 400
    assert other.post("/api/join", {"seat": 2, "name": "x" * 21}).status_code == 400
    assert other.post("/api/join", {"seat": 2, "name": "Seat 1"}).status_code == 400
    assert other.post("/api/join", {"seat": "2", "name": "Zed"}).status_code == 400


def test_no_rejoin_by_name_a_new_phone_with_the_same_name_gets_nothing(phone):
    phone().join(0, "Ana")
    stranger = phone()
    response = stranger.post("/api/join", {"seat": 0, "name": "Ana"})
    assert response.status_code == 409
    assert stranger.post("/api/act", {"kind": "pick", "data": {"card": 7}}).status_code == 403
    assert "you" not in stranger.state()["view"]


def test_joining_takes_the_seat_from_the_bots(phone, appliance):
    phone().join(2, "Cy")
    assert 2 in appliance.human_seats


def test_a_seat_survives_a_restart_of_the_pi(tmp_path):
    first = make_appliance(tmp_path, bots=False)
    first.new_game({"players": 4, "names": NAMES}, FAST)
    p = Phone(create_app(first, PIN)).join(3, "Di")
    cookie = p.client.get_cookie(SEAT_COOKIE).value
    first.close()

    again = make_appliance(tmp_path, bots=False)
    try:
        assert again.resume()
        client = create_app(again, PIN).test_client()
        client.set_cookie(SEAT_COOKIE, cookie)
        state = client.get("/api/state").json
        assert state["view"]["you"]["seat"] == 3
        assert state["view"]["players"][3]["name"] == "Di"
        assert 3 in again.human_seats
    finally:
        again.close()


@pytest.mark.parametrize("claimed", [False, True])
def test_a_stops_evidence_survives_a_restart_while_its_turn_lasts(tmp_path, claimed):
    """Who stopped first, and by how much, is still on every screen after a power cut
    during the claims, or later in the same turn."""
    first = make_appliance(tmp_path, bots=False)
    first.new_game({"players": 4, "names": NAMES}, FAST)
    app = create_app(first, PIN)
    phones = [Phone(app).join(seat, name) for seat, name in enumerate(["Ana", "Ben", "Cy", "Di"])]
    first.runner.start()
    all_pick(phones)
    stop(first, {0: 0, 2: 20})
    if claimed:
        for seat in (0, 2):
            claim = phones[seat].post("/api/act", {"kind": "claim", "data": {"target": 1}})
            assert claim.status_code == 200, claim.json
        wait_for(lambda: phase(first) == "countdown", what="the dispute settled")
    shown = phones[1].state()["table"]["last_stop"]
    assert [s["seat"] for s in shown["stoppers"]] == [0, 2]
    first.close()

    again = make_appliance(tmp_path, bots=False)
    try:
        assert again.resume()
        assert Phone(create_app(again, PIN)).state()["table"]["last_stop"] == shown
    finally:
        again.close()


@pytest.mark.parametrize("hold", ["pause", "undo"])
def test_the_hosts_pause_and_an_undos_hold_survive_a_restart(tmp_path, hold):
    """A power cut while the table is held does not set the bots playing on their own."""
    first = make_appliance(tmp_path, bots=True)
    first.new_game({"players": 4, "names": NAMES}, FAST)
    host = Phone(create_app(first, PIN))
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    first.runner.start()
    wait_for(lambda: first.store.records(first.game_id), what="the bots' first decision")
    assert host.post(f"/api/host/{hold}").status_code == 200
    held = host.state()["table"]
    assert held["status"] == "paused" and held["after_undo"] == (hold == "undo")
    events = len(first.store.records(first.game_id))
    first.close()

    again = make_appliance(tmp_path, bots=True)
    try:
        assert again.resume()
        again.runner.start()
        host = Phone(create_app(again, PIN))
        assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
        table = host.state()["table"]
        assert (table["status"], table["after_undo"]) == ("paused", held["after_undo"])
        assert len(again.store.records(again.game_id)) == events  # nobody played on
        assert host.post("/api/host/resume").status_code == 200
        wait_for(lambda: len(again.store.records(again.game_id)) > events, what="the bots playing on")
    finally:
        again.close()


def test_the_hosts_decision_for_a_bots_seat_restarts_that_bots_pace(tmp_path, monkeypatch):
    appliance = make_appliance(tmp_path, bots=True)  # the runner is not started: no bot acts
    appliance.new_game({"players": 4, "names": NAMES}, FAST)
    decided = []
    monkeypatch.setattr(appliance.runner.seats, "decided_for", lambda seat, now: decided.append(seat))
    host = Phone(create_app(appliance, PIN))
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    try:
        card = appliance.session.state.hands[2][0]
        assert (
            host.post("/api/host/act", {"seat": 2, "kind": "pick", "data": {"card": card}}).status_code == 200
        )
        assert decided == [2]
    finally:
        appliance.close()


# ------------------------------------------------------------------ every POST's checks
@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": None},
        {"Origin": "http://evil.example"},
        {"Origin": "https://localhost"},
        {"X-Action-Token": None},
        {"X-Action-Token": "forged"},
    ],
)
def test_a_post_without_our_origin_or_action_token_is_refused(phone, appliance, headers):
    p = phone().join(0, "Ana")
    before = version(appliance)
    sent = {"Origin": "http://localhost", "X-Action-Token": p.token, **headers}
    response = p.client.post(
        "/api/act",
        json={"kind": "pick", "data": {"card": 7}},
        headers={k: v for k, v in sent.items() if v is not None},
    )
    assert response.status_code == 403
    assert response.json["error"]
    assert version(appliance) == before and appliance.session.state.picks[0] is None


def test_another_browsers_action_token_does_not_fit(phone):
    ana, ben = phone().join(0, "Ana"), phone()
    assert (
        ana.post(
            "/api/act", {"kind": "pick", "data": {"card": 7}}, **{"X-Action-Token": ben.token}
        ).status_code
        == 403
    )


def test_pages_carry_the_csp_and_no_outside_assets(phone):
    p = phone()
    for url in (
        "/",
        "/table",
        "/host",
        "/api/state",
        "/qr.svg",
        "/static/shell.js",
        "/games/marche/game.js",
        "/api/games",
    ):
        response = p.get(url)
        assert response.status_code == 200, url
        assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    for url in ("/", "/table", "/host"):
        html = p.get(url).data.decode()
        assert "<script>" not in html and "style=" not in html and "<style" not in html
        links = re.findall(r'(?:src|href)="([^"]*)"', html)
        assert links and all(link.startswith("/") for link in links), links


def test_the_qr_code_encodes_the_join_url(phone, flask_app):
    flask_app.config["JOIN_URL"] = lambda: "http://192.168.1.20:8000/"
    response = phone().get("/qr.svg")
    assert response.mimetype == "image/svg+xml" and response.data.startswith(b"<?xml")
    assert b"192.168.1.20:8000" in phone().get("/table").data


def test_a_body_too_large_is_refused(phone):
    p = phone()
    response = p.post("/api/join", {"seat": 0, "name": "A" * (MAX_BODY + 10)})
    assert response.status_code == 413 and response.json["error"]


@pytest.mark.parametrize(
    "data, kind", [("not json", "text/plain"), ("[1, 2]", "application/json"), ("{bad", "application/json")]
)
def test_a_malformed_body_is_a_400_with_a_message(phone, data, kind):
    p = phone().join(0, "Ana")
    response = p.client.post(
        "/api/act",
        data=data,
        content_type=kind,
        headers={"Origin": "http://localhost", "X-Action-Token": p.token},
    )
    assert response.status_code == 400 and response.json["error"]


@pytest.mark.parametrize(
    "url",
    ["/api/join", "/api/act", "/api/host/login", "/api/host/new_game", "/api/host/card", "/api/host/act"],
)
def test_json_nested_too_deep_to_parse_is_a_400_not_a_500(phone, host, url):
    sender = host if url.startswith("/api/host/") else phone()
    if url != "/api/join" and sender is not host:
        sender.join(1, "Ben")
    nested = "[" * 990 + "]" * 990  # 1,960 bytes, well under the body cap
    response = sender.client.post(
        url,
        data=nested,
        content_type="application/json",
        headers={"Origin": "http://localhost", "X-Action-Token": sender.token},
    )
    assert response.status_code == 400 and response.json["error"]


def test_unknown_addresses_and_methods_are_4xx_with_a_message(phone):
    p = phone()
    assert p.get("/nope").status_code == 404
    assert p.get("/api/act").status_code == 405
    assert p.post("/api/host/nope").status_code == 403
    assert p.get("/nope").json["error"]


@pytest.mark.parametrize(
    "name",
    [
        "Zed\ud800",
        "\udfff",
        "\x1b]0;PWN\x07\x1b[2J\x1b[31mEve",
        "Eve\u202e",
        "Ana\tLou",
        "Bo\x00",
        "\ue000Cy",
        "\U000e0041",
    ],
)
def test_names_with_control_format_private_or_surrogate_characters_are_refused(phone, name):
    response = phone().post("/api/join", {"seat": 1, "name": name})
    assert response.status_code == 400 and "letters" in response.json["error"]


@pytest.mark.parametrize("name", ["Seat 3", "place 2", "Ana (bot)", "Tara (Robot)", "Bo ( bot )"])
def test_no_phone_may_take_a_name_that_looks_like_a_seat_or_a_bot(phone, name):
    """Everyone reads "(bot)" as the table's choice: a person may not wear it."""
    response = phone().post("/api/join", {"seat": 1, "name": name})
    assert response.status_code == 400 and "a name of your own" in response.json["error"]


def test_a_name_is_normalised_and_its_length_counted_in_characters(phone):
    p = phone().join(1, "  Zoe\u0301 \u00a0 Lou ")
    assert p.state()["view"]["players"][1]["name"] == "Zo\u00e9 Lou"
    assert phone().join(2, "e\u0301" * 20).state()["view"]["players"][2]["name"] == "\u00e9" * 20
    response = phone().post("/api/join", {"seat": 3, "name": "e\u0301" * 21})
    assert response.status_code == 400 and "at most 20 characters" in response.json["error"]


# ------------------------------------------------------------------ a change is told to all
def test_a_failing_listener_neither_silences_the_others_nor_fails_a_stored_pick(phone, appliance, flask_app):
    def terminal_that_cannot_print(core):
        raise UnicodeEncodeError("utf-8", "Zed\ud800", 3, 4, "surrogates not allowed")

    ana = phone().join(0, "Ana")
    heard, hub = [], flask_app.extensions["samarkand.hub"]
    appliance.listeners.insert(0, terminal_that_cannot_print)
    appliance.listeners.append(lambda core: heard.append(core.version))
    rev = hub.rev
    assert ana.post("/api/act", {"kind": "pick", "data": {"card": 7}}).status_code == 200
    assert appliance.session.state.picks[0] == 7
    assert heard == [appliance.session.version] and hub.rev > rev  # the streams were woken


def test_an_unexpected_fault_never_says_the_game_is_unchanged(phone, monkeypatch):
    def stored_then_failed(self, seat, kind, data):
        raise RuntimeError("a fault after the commit")

    ana = phone().join(0, "Ana")
    monkeypatch.setattr(GameService, "act", stored_then_failed)
    response = ana.post("/api/act", {"kind": "pick", "data": {"card": 7}})
    assert response.status_code == 500
    assert "unchanged" not in response.json["error"] and "reload" in response.json["error"]


# ------------------------------------------------------------------ host PIN
def test_the_host_console_needs_the_pin(phone, appliance):
    p = phone()
    assert b'data-page="login"' in p.get("/host").data
    for command in ("pause", "resume", "undo", "end", "card", "entry", "act", "score", "accept", "new_game"):
        assert p.post(f"/api/host/{command}").status_code == 403, command
    assert p.post("/api/host/login", {"pin": "0000"}).status_code == 403
    assert p.post("/api/host/login", {"pin": PIN}).status_code == 200
    assert b'data-page="host"' in p.get("/host").data
    assert p.post("/api/host/pause").status_code == 200
    assert appliance.session.paused
    assert p.post("/api/host/logout").status_code == 200
    assert p.post("/api/host/resume").status_code == 403


def test_wrong_pins_lock_the_login_for_a_while(phone):
    p = phone()
    for _ in range(PIN_TRIES):
        assert p.post("/api/host/login", {"pin": "9999"}).status_code == 403
    response = p.post("/api/host/login", {"pin": PIN})
    assert response.status_code == 429 and "wait" in response.json["error"]


def test_wrong_pins_from_another_phone_do_not_lock_the_host_out(flask_app):
    guesser = Phone(flask_app, address="192.168.1.66")
    for _ in range(3 * PIN_TRIES):
        assert guesser.post("/api/host/login", {"pin": "9999"}).status_code in (403, 429)
    host = Phone(flask_app, address="192.168.1.20")
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200


def test_a_pin_that_is_not_text_is_a_wrong_pin(phone):
    p = phone()
    for pin in ("\ud800", 4321, None, ["4321"]):
        assert p.post("/api/host/login", {"pin": pin}).status_code == 403


def test_the_hosts_phone_dates_the_games_where_the_pis_clock_cannot(phone, appliance):
    """The login page sends the phone's clock (``Date.now()``); only a right PIN's counts,
    and anything but a plausible time is ignored, the login itself unharmed."""
    clock = appliance.store.clock
    clock.synchronised = lambda: False  # a Pi off the internet
    ahead = datetime.now(UTC) + timedelta(days=6)
    now_ms = ahead.timestamp() * 1000
    assert phone().post("/api/host/login", {"pin": "9999", "now": now_ms}).status_code == 403
    assert clock.offset == timedelta(0)
    for nonsense in ("tomorrow", True, 1e30, -5, None, [now_ms]):
        assert phone().post("/api/host/login", {"pin": PIN, "now": nonsense}).status_code == 200
        assert clock.offset == timedelta(0)
    assert phone().post("/api/host/login", {"pin": PIN, "now": now_ms}).status_code == 200
    assert abs(clock.now() - ahead) < timedelta(seconds=30)


def test_the_host_switches_the_table_off_only_where_it_is_set_up_to(phone, appliance):
    """``[power] switch_off``: a Pi set up by install-pi.sh; a laptop's table refuses."""
    asked = []
    host, ana = phone(), phone().join(0, "Ana")

    def switching_off() -> bool:  # what Ana's page is told
        return ana.get("/api/state").json["switching_off"]

    appliance.power_off = lambda: asked.append(switching_off())
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    refused = host.post("/api/host/switch_off")
    assert refused.status_code == 409 and "not set up to switch itself off" in refused.json["error"]
    appliance.config = replace(appliance.config, power=PowerConfig(switch_off=True))
    assert ana.post("/api/host/switch_off").status_code == 403
    assert asked == [] and not switching_off()
    done = host.post("/api/host/switch_off")
    assert done.status_code == 200 and "unplug it" in done.json["done"] and asked == [True]

    def refusing():
        raise RuleError("the table cannot switch itself off ({reason})", reason="Access denied")

    appliance.power_off = refusing
    failed = host.post("/api/host/switch_off")
    assert failed.status_code == 409 and "Access denied" in failed.json["error"]
    assert not switching_off()  # systemd refused: the evening goes on


def test_a_player_is_not_a_host(phone):
    p = phone().join(0, "Ana")
    assert p.post("/api/host/undo").status_code == 403


# ------------------------------------------------------------------ refusals leave the game as it was
def test_bad_actions_are_4xx_and_change_nothing(phone, appliance):
    ana = phone().join(0, "Ana")
    before = version(appliance)
    cases = [
        ("/api/act", {"kind": "pick", "data": {"card": 4}}, 409, "no 4 card"),  # not in hand
        ("/api/act", {"kind": "pick", "data": {"card": "7"}}, 409, "no '7' card"),
        ("/api/act", {"kind": "pick", "data": {}}, 409, "no None card"),
        ("/api/act", {"kind": "claim", "data": {"target": 1}}, 409, "no stop"),  # out of turn
        ("/api/act", {"kind": "claim", "data": {"target": [1]}}, 409, "no stop"),
        ("/api/act", {"kind": "shout", "data": {}}, 400, "say what you do"),  # no decision
        (
            "/api/act",
            {"kind": "stop", "data": {"count": 9, "stoppers": [[0, 0]]}},
            400,
            "say what you do",
        ),  # the table's
        ("/api/act", {"kind": "chance", "data": {"deck": "camels", "card": 3}}, 400, "say what you do"),
        ("/api/act", {"data": {"card": 7}}, 400, "say what you do"),
        ("/api/act", {"kind": "pick", "data": [7]}, 400, "data must be an object"),
    ]
    for url, payload, status, words in cases:
        response = ana.post(url, payload)
        assert response.status_code == status, (url, payload, response.json)
        assert words in response.json["error"], response.json
    assert version(appliance) == before
    assert ana.post("/api/act", {"kind": "pick", "data": {"card": 7}}).status_code == 200
    again = ana.post("/api/act", {"kind": "pick", "data": {"card": 6}})  # a stale second pick
    assert again.status_code == 409 and "you have already picked" in again.json["error"]


def test_a_seatless_phone_cannot_act(phone):
    p = phone()
    for url in ("/api/act", "/api/buzz"):
        assert p.post(url, {"card": 7, "target": None}).status_code == 403


@pytest.mark.parametrize(
    "body, words",
    [
        ({"players": 2}, "3 to 5"),
        ({"players": "4"}, "whole number"),
        ({"players": 4, "rules": {"turns_": 3}}, "there is no rule option 'turns_'"),
        ({"players": 4, "game": "chess"}, "there is no game 'chess'"),
        ({"players": 4, "rules": {"lowest_price": 5}}, "lowest_price"),
        ({"players": 4, "table": {"step_ms": 0}}, "step_ms"),
        ({"players": 4, "table": {"step_ms": float("nan")}}, "step_ms"),
        ({"players": 4, "table": {"speed": 1}}, "unknown table setting 'speed'"),
        ({"players": 4, "mode": "magic"}, "mode"),
    ],
)
def test_a_bad_new_game_is_refused_and_the_game_goes_on(host, appliance, body, words):
    game_id = appliance.game_id
    response = host.post("/api/host/new_game", body)
    assert response.status_code == 400 and words in response.json["error"], response.json
    assert appliance.game_id == game_id


def test_the_host_ends_a_game_then_starts_a_new_one(host, appliance):
    assert host.post("/api/host/end").status_code == 200
    response = host.post("/api/host/new_game", {"players": 3})
    assert response.status_code == 200 and response.json["game_id"] == appliance.game_id
    assert [g.status for g in appliance.store.list_games()] == ["ended", "in progress"]


def test_a_full_disk_refuses_each_action_with_a_503_and_one_line_no_traceback(
    phone, host, appliance, monkeypatch, caplog
):
    ana = phone().join(0, "Ana")

    def full(*args):
        raise StoreFullError(appliance.store.path)

    for write in ("append_many", "create_game", "set_checkpoint", "abandon", "end"):
        monkeypatch.setattr(appliance.store, write, full)
    before = version(appliance)
    refused = [
        ana.post("/api/act", {"kind": "pick", "data": {"card": 7}}),
        phone().post("/api/join", {"seat": 1, "name": "Bo"}),
        host.post("/api/host/new_game", {"players": 4}),
        host.post("/api/host/end"),
    ]
    assert [r.status_code for r in refused] == [503] * 4
    assert all("disk is full" in r.json["error"] for r in refused)
    assert version(appliance) == before and not appliance.session.paused
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 4 and not any(r.exc_info for r in errors)


# ------------------------------------------------------------------ a live table
@pytest.fixture
def live(appliance, phone):
    phones = [phone().join(seat, name) for seat, name in enumerate(["Ana", "Ben", "Cy", "Di"])]
    appliance.runner.start()
    return phones


def test_pick_reveal_stop_and_claim(live, appliance):
    all_pick(live)
    assert live[0].state()["view"]["offers"] == {"0": 7, "1": 7, "2": 7, "3": 7}
    evidence = stop(appliance, {1: 0})
    assert [s["seat"] for s in evidence["stoppers"]] == [1]
    ben = live[1].state()
    assert ben["table"]["phase"] == "claiming" and ben["table"]["claim_ms_left"] > 0
    assert live[1].post("/api/act", {"kind": "claim", "data": {"target": 1}}).status_code == 409  # own card
    assert (
        live[0].post("/api/act", {"kind": "claim", "data": {"target": 2}}).status_code == 409
    )  # did not stop
    assert live[1].post("/api/act", {"kind": "claim", "data": {"target": 2}}).status_code == 200
    wait_for(lambda: phase(appliance) == "countdown", what="the countdown to resume")
    record = live[1].state()["view"]["records"][-1]
    assert (record["kind"], record["seat"], record["target"]) == ("buy", 1, 2)
    gone = stop(appliance, {3: 0})
    assert gone["stoppers"][0]["seat"] == 3
    response = live[3].post("/api/act", {"kind": "claim", "data": {"target": 2}})  # already bought
    assert response.status_code == 409 and "not on offer" in response.json["error"]


def test_a_dispute_with_evidence(live, appliance):
    all_pick(live)
    dean = appliance.session.state.dean
    a, b = [s for s in range(4) if s != dean][:2]
    evidence = stop(appliance, {a: 0, b: 12.5})
    assert [s["seat"] for s in evidence["stoppers"]] == [a, b]
    assert evidence["stoppers"][1]["offset_us"] == 12_500
    target = next(s for s in range(4) if s not in (a, b))
    assert live[a].post("/api/act", {"kind": "claim", "data": {"target": target}}).status_code == 200
    assert live[b].state()["view"]["stop"]["your_claim"] is None
    assert live[b].post("/api/act", {"kind": "claim", "data": {"target": target}}).status_code == 200
    # settled, the countdown goes on (at 60 ms a count it may end, and the turn with it,
    # before a loaded machine looks again): the records tell the dispute, whatever the phase
    wait_for(lambda: phase(appliance) != "claiming", what="the dispute to settle")
    kinds = [(r["kind"], r["seat"]) for r in live[a].state()["view"]["records"]]
    assert kinds[:2] == [("dispute", a), ("dispute", b)]


def test_the_on_screen_buzzer_presses_the_mock_pin(live, appliance):
    all_pick(live)
    wait_for(
        lambda: (
            phase(appliance) == "countdown"
            and appliance.call(lambda now: appliance.session.shown(now)[0]) == "count"
        ),
        what="countdown",
    )
    assert live[2].post("/api/buzz").status_code == 200
    wait_for(lambda: phase(appliance) == "claiming", what="the stop")
    assert appliance.session.state.stop.seats() == [2]


def test_the_host_claims_for_a_player_and_undoes(live, host, appliance):
    all_pick(live)
    stop(appliance, {0: 0})
    assert (
        host.post("/api/host/act", {"seat": 0, "kind": "claim", "data": {"target": "camel"}}).status_code
        == 200
    )
    wait_for(lambda: phase(appliance) == "countdown", what="the purchase")
    assert live[0].state()["view"]["you"]["camels"]
    undone = host.post("/api/host/undo")
    assert undone.status_code == 200 and undone.json["done"].startswith("Undone: Ana buys the camel")
    assert live[0].state()["view"]["you"]["camels"] == []
    assert live[0].state()["table"]["phase"] == "claiming"


def test_an_undo_is_told_under_the_same_lock_as_it_is_done(live, host, appliance, monkeypatch):
    """A bot acting between the undo and its telling would make the dropped decision
    impossible to describe again (a 500 the host once saw): both happen in one call."""
    all_pick(live)
    calls = []
    real_call = appliance.call
    monkeypatch.setattr(
        appliance, "call", lambda action, *args: calls.append(action) or real_call(action, *args)
    )
    undone = host.post("/api/host/undo")
    assert undone.status_code == 200 and undone.json["done"].startswith("Undone: ")
    assert len(calls) == 1


def test_an_undone_decision_the_game_does_not_tell_is_named_by_whose_it_was(live, host):
    """A first pick has no narration line (picks are secret until all are in)."""
    live[0].post("/api/act", {"kind": "pick", "data": {"card": 7}})
    undone = host.post("/api/host/undo")
    assert undone.json["done"] == "Undone: Ana's last decision"
    french = host.post("/api/host/undo", **{"Accept-Language": "fr"})
    assert french.status_code == 409 and french.json["error"] == "rien à annuler"


def test_pause_resume_and_end_the_game(live, host, appliance):
    assert host.post("/api/host/pause").json["done"] == "Paused"
    response = live[0].post("/api/act", {"kind": "pick", "data": {"card": 7}})
    assert response.status_code == 409 and "paused" in response.json["error"]
    assert host.post("/api/host/resume").status_code == 200
    assert live[0].post("/api/act", {"kind": "pick", "data": {"card": 7}}).status_code == 200
    assert host.post("/api/host/end").status_code == 200
    state = live[1].state()
    assert state["table"]["phase"] == "ended"
    assert [p["name"] for p in state["score"]["breakdown"]["players"]] == ["Ana", "Ben", "Cy", "Di"]
    assert live[1].post("/api/act", {"kind": "pick", "data": {"card": 7}}).status_code == 409
    assert host.post("/api/host/undo").status_code == 409


def test_a_new_game_keeps_the_phones_seats(live, host, appliance):
    response = host.post(
        "/api/host/new_game",
        {
            "players": 3,
            "mode": "physical",
            "rules": {"hidden_goods": True},
            "table": {"step_ms": 80, "tie_window_ms": 20},
        },
    )
    assert response.status_code == 200
    assert appliance.session.state.names == ("Ana", "Ben", "Cy")
    assert live[2].state()["view"]["you"]["seat"] == 2
    assert "you" not in live[3].state()["view"]
    table = host.state()["table"]
    assert table["mode"] == "physical" and table["waiting_card"]["deck"] == "camels"
    assert host.post("/api/host/card", {"card": 99}).status_code == 409
    assert host.post("/api/host/card", {"card": 4}).status_code == 200
    assert appliance.session.state.camel_up == 4


def test_a_phone_asking_while_the_host_starts_a_new_game_keeps_its_seat(live, host, appliance, monkeypatch):
    """Between the new game and the saving of its seats, a phone is still in its seat."""
    seen = []
    real_new_game = appliance.new_game

    def new_game_then_ask(*args, **kwargs):
        game_id = real_new_game(*args, **kwargs)
        seen.append(live[1].state()["viewer"])  # the game is there, its seats not saved
        return game_id

    monkeypatch.setattr(appliance, "new_game", new_game_then_ask)
    assert host.post("/api/host/new_game", {"players": 3}).status_code == 200
    assert seen == [1] and live[1].state()["viewer"] == 1


def test_final_scores_advice_override_and_accept(tmp_path):
    appliance = make_appliance(tmp_path, bots=True)
    appliance.new_game({"players": 4, "names": NAMES}, {**FAST, "step_ms": 20, "lead_in_ms": 0})
    app = create_app(appliance, PIN)
    appliance.runner.start()
    try:
        host = Phone(app)
        assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
        wait_for(lambda: appliance.session.state.phase == "over", timeout=60, what="the bots' game")
        score = host.state()["score"]
        assert score and not score["accepted"]
        held = max(score["breakdown"]["players"], key=lambda p: sum(map(len, p["kept"].values())))
        keep = held["kept"]  # the advice, chosen by the table
        assert host.post("/api/host/score", {"seat": held["seat"], "choice": keep}).status_code == 200
        chosen = host.state()["score"]["breakdown"]["players"][held["seat"]]
        assert chosen["overridden"] and chosen["advice"]["total"] == held["total"]
        assert keep, "nobody kept a card"
        for not_cards in (
            {t: [float(v) for v in values] for t, values in keep.items()},
            {t: [True] * len(values) for t, values in keep.items()},
        ):
            response = host.post("/api/host/score", {"seat": held["seat"], "choice": not_cards})
            assert response.status_code == 400 and "whole number" in response.json["error"]
        too_many = {t: [*v, 1] for t, v in keep.items()}
        response = host.post("/api/host/score", {"seat": held["seat"], "choice": too_many})
        assert response.status_code == 409 and response.json["error"]
        assert host.post("/api/host/score", {"seat": held["seat"], "choice": None}).status_code == 200
        assert not host.state()["score"]["breakdown"]["players"][held["seat"]]["overridden"]
        assert host.post("/api/host/accept").status_code == 200
        assert host.state()["score"]["accepted"]
        assert host.post("/api/host/score", {"seat": 0, "choice": None}).status_code == 409
    finally:
        appliance.close()


# ------------------------------------------------------------------ the stream
def read_events(response, count: int) -> list[bytes]:
    chunks, out = iter(response.response), []
    while len(out) < count:
        out.append(next(chunks))
    response.close()
    return out


def test_the_stream_sends_a_snapshot_on_connect_then_changes_and_pings(live, appliance):
    response = live[0].client.get("/stream", buffered=False)
    assert response.mimetype == "text/event-stream"
    first = next(iter(response.response))
    assert first.startswith(b"id: ") and b'"you":{' in first
    live[1].post("/api/act", {"kind": "pick", "data": {"card": 7}})
    frames = [e for e in read_events(response, 4) if e.startswith(b"id: ")]
    assert frames and b'"picked":true' in frames[-1]
    assert int(frames[-1].split(b"\n")[0][4:]) > int(first.split(b"\n")[0][4:])
    quiet = live[0].client.get("/stream", buffered=False)
    assert b": ping\n\n" in read_events(quiet, 3)


def test_serve_gives_the_pin_and_the_join_url_and_serves(appliance):
    import urllib.request

    from companion.config import load_config
    from web.server import serve

    port = free_port()
    config = load_config(None, {"web": {"host": "127.0.0.1", "port": port}})
    server = serve(appliance, config)
    try:
        ways_in = "\n".join(appliance.addresses)
        assert f"http://127.0.0.1:{port}/" in ways_in and f"PIN: {server.pin}" in ways_in
        assert len(server.pin) == 4 and server.pin.isdigit()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=5) as response:
            assert response.status == 200 and b'"phase":"picking"' in response.read()
    finally:
        server.close()


def test_the_join_url_is_the_address_the_pi_gets_after_the_start(appliance, monkeypatch):
    """A Pi's service starts before its Wi-Fi has an address (no route: 127.0.0.1): the
    table screen (its QR code) and the terminal give the address it gets once it has one."""
    import urllib.request

    import web.server
    from companion.config import load_config

    found = ["127.0.0.1"]
    monkeypatch.setattr(web.server, "lan_address", lambda: found[0])
    port = free_port()
    server = web.server.serve(appliance, load_config(None, {"web": {"host": "0.0.0.0", "port": port}}))
    try:
        assert f"Phones join at: http://127.0.0.1:{port}/" in "\n".join(appliance.addresses)
        found[0] = "192.168.1.7"  # the Wi-Fi is up
        assert f"Phones join at: http://192.168.1.7:{port}/" in "\n".join(appliance.addresses)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/table", timeout=5) as page:
            assert f"192.168.1.7:{port}/".encode() in page.read()
    finally:
        server.close()
