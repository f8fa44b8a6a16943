"""Only a seat's decisions come from the web, for every game: the table's own events (draws,
entries, a countdown's stops and ends) are refused from every route, and the host, deciding
for a seat, may do so only where no connected phone holds it and learns none of the seat's
secrets from a refusal."""

from __future__ import annotations

import random

import pytest
import toy_game  # noqa: F401  (registers the core's toy game, so it is checked too)
from web_rig import PIN, Phone, all_pick, make_appliance, phase, wait_for

from companion.core.chance import SeededChance
from companion.core.game import CHANCE, ENTRY, chance_event
from companion.core.registry import game_spec, game_specs
from web.app import create_app

GAMES = [spec.name for spec in game_specs()]
NAMES = ["Ana", "Ben", "Cy", "Di"]
TABLE_KINDS = (CHANCE, ENTRY, "stop", "end_countdown", "undo", "")
HIDDEN_REASON = (
    "the rules refuse this decision for {name} (only the seat's own phone is told "
    "why: the reason may be its secret)"
)


def seats_for(spec) -> int:
    return max(spec.min_players, min(3, spec.max_players))


def open_table(tmp_path, game: str, rules: dict | None = None, seed: int = 11):
    """A game with a phone in every seat (no bots, the runner not started) and the host."""
    spec = game_spec(game)
    players = seats_for(spec)
    appliance = make_appliance(tmp_path, bots=False, seed=seed)
    appliance.new_game(spec.setup(players, rules or {}, NAMES[:players]), game=game)
    app = create_app(appliance, PIN)
    app.config["PING_S"] = 0.05
    phones = [Phone(app).join(seat, name) for seat, name in enumerate(NAMES[:players])]
    host = Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    return appliance, phones, host


@pytest.mark.parametrize("game", GAMES)
def test_the_declared_decisions_are_what_the_seats_bots_send(game):
    """The contract's ``decisions`` is true to the game: every bot decision of a seeded game
    is one of them, and no draw or entry is."""
    spec = game_spec(game)
    engine = spec.engine()
    assert engine.decisions and not engine.decisions & {CHANCE, ENTRY}
    players = seats_for(spec)
    state = engine.new_state(spec.setup(players))
    chance, rng = SeededChance(5), random.Random(5)
    bots = [spec.bots[spec.default_style(0)](random.Random(rng.random())) for _ in range(players)]
    sent = set()
    for step in range(400):
        if engine.is_over(state) or engine.input_request(state) is not None:
            break
        if (request := engine.chance_request(state)) is not None:
            engine.advance(state, chance_event(request.deck, chance.draw(request, step), request.seen_by))
            continue
        seats = engine.to_act(state)
        if not seats:  # a real-time phase: the game's clock moves it on
            break
        event = bots[seats[0]].decide(engine.seat_view(state, seats[0]), seats[0])
        sent.add(event.kind)
        engine.advance(state, event)
    assert sent and sent <= engine.decisions, sent - engine.decisions


@pytest.mark.parametrize("game", GAMES)
def test_no_web_route_takes_the_tables_own_events(tmp_path, game):
    appliance, phones, host = open_table(tmp_path, game)
    before = appliance.session.version, len(appliance.store.events(appliance.game_id))
    for kind in TABLE_KINDS:
        body = {
            "kind": kind,
            "data": {
                "count": 10,
                "stoppers": [[1, 0]],
                "deck": "bag",
                "card": 1,
                "name": "label",
                "value": "x",
            },
        }
        mine = phones[1].post("/api/act", body)
        assert mine.status_code == 400, (kind, mine.json)
        assert mine.json["error"] == "say what you do (kind) with its details (data)"
        for_seat = host.post("/api/host/act", {**body, "seat": 1})
        assert for_seat.status_code == 400, (kind, for_seat.json)
    assert (appliance.session.version, len(appliance.store.events(appliance.game_id))) == before
    appliance.close()


def test_a_forged_stop_or_end_is_refused_mid_countdown(tmp_path):
    """The issue's forgery: Ben "stops" at 10 and ends the turn without pressing a buzzer."""
    appliance, phones, host = open_table(tmp_path, "marche")
    appliance.runner.start()
    all_pick(phones)
    wait_for(lambda: phase(appliance) == "countdown", what="the countdown")
    forged = [
        {"kind": "stop", "data": {"count": 10, "stoppers": [[1, 0]]}},
        {"kind": "end_countdown", "data": {}},
    ]
    for body in forged:
        assert phones[1].post("/api/act", body).status_code == 400
        assert host.post("/api/host/act", {**body, "seat": 1}).status_code == 400
    assert appliance.call(lambda now: (appliance.session.state.phase, appliance.session.state.stop)) == (
        "countdown",
        None,
    )
    kinds = [event.kind for event in appliance.session.match.log]
    assert "stop" not in kinds and "end_countdown" not in kinds
    appliance.close()


def test_the_host_decides_only_for_a_seat_no_connected_phone_holds(tmp_path):
    appliance, phones, host = open_table(tmp_path, "market")
    live = phones[0].client.get("/stream", buffered=False)  # Ana's page is open
    try:
        refused = host.post("/api/host/act", {"seat": 0, "kind": "bid", "data": {"amount": 5}})
        assert refused.status_code == 409
        assert refused.json["error"] == "Ana's phone is connected: only that phone decides for the seat"
        assert appliance.session.state.bids[0] is None
    finally:
        live.close()
    assert host.post("/api/host/act", {"seat": 0, "kind": "bid", "data": {"amount": 5}}).status_code == 200
    assert appliance.session.state.bids[0] == 5
    appliance.close()


def test_a_refusal_told_to_the_host_names_no_secret_of_the_seat(tmp_path):
    """The issue's leaks: Market's money and who has bid, Samarkand's goods."""
    appliance, phones, host = open_table(tmp_path, "market")
    money = appliance.session.state.money[0]
    too_much = host.post("/api/host/act", {"seat": 0, "kind": "bid", "data": {"amount": 1_000_000}})
    assert too_much.status_code == 409 and str(money) not in too_much.json["error"]
    assert too_much.json["error"] == HIDDEN_REASON.format(name="Ana")
    assert host.post("/api/host/act", {"seat": 0, "kind": "bid", "data": {"amount": 5}}).status_code == 200
    again = host.post("/api/host/act", {"seat": 0, "kind": "bid", "data": {"amount": 6}})
    assert again.json["error"] == HIDDEN_REASON.format(name="Ana")
    own = phones[0].post("/api/act", {"kind": "bid", "data": {"amount": 6}})
    assert own.status_code == 409 and own.json["error"] != HIDDEN_REASON.format(name="Ana")
    appliance.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_refusal_to_the_host_is_the_one_that_says_nothing(tmp_path, game):
    """The class: whatever the host sends for a seat, an engine refusal never carries the
    engine's reason (worded from the seat's view), in every game."""
    appliance, _, host = open_table(tmp_path, game)
    engine = appliance.session.game
    datas = (
        {},
        {"amount": 10**6},
        {"good": "red"},
        {"card": 99},
        {"target": 0},
        {"colour": "red"},
        {"equation": 1, "give": "left"},
        {"stall": 0},
        {"space": 0},
        {"lot": 0},
    )
    refusals = 0
    for seat in range(engine.players(appliance.session.state)):
        name = NAMES[seat]
        for kind in sorted(engine.decisions):
            for data in datas:
                answer = host.post("/api/host/act", {"seat": seat, "kind": kind, "data": data})
                if answer.status_code == 409:
                    refusals += 1
                    assert answer.json["error"] == HIDDEN_REASON.format(name=name), (kind, data)
                    if appliance.session.game.is_over(appliance.session.state):
                        break
    assert refusals
    appliance.close()
