"""A seat a phone holds stays the person's across a restart (issue 21): the appliance
restores who holds each seat from the store before any bot may act, so no bot decides for
the person while the page is still starting; the seat waits for its phone.

The runner is stepped by hand (its thread never starts), on a clock the test sets, so
whatever a bot would do it does at a step the test makes: nothing is left to timing.
"""

from __future__ import annotations

import random

import pytest

from companion.appliance.inputs import Inputs, open_inputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.core.registry import game_spec
from companion.runtime.signals import now_us
from companion.store import EventStore
from companion.store.events import HANDS_KEY
from web.identity import Seats

STEPS = 60
"""Steps after the restart: each lets every bot the game waits on decide once, far more
than the bots need to bring any of the games round to the person's seat."""


def _appliance(path, bots: bool = True, timer_s: float = 0) -> Appliance:
    """Bots in the seats nobody holds (on mock pins), or none (and no pins)."""
    config = load_config(
        None,
        {
            "store": {"path": str(path)},
            "display": {"kind": "terminal"},
            "table": {"lead_in_ms": 3600000, "decision_timer_s": timer_s},
        },
    )
    return Appliance(
        config,
        open_inputs(config, simulate=True) if bots else Inputs(),
        EventStore(path),
        seed=4,
        bots_fill_seats=bots,
    )


def _person_joined_seat_0(path, game: str) -> None:
    """A game whose store says seat 0 is Ana's phone's (joined as the page joins it)."""
    first = _appliance(path, bots=False)
    spec = game_spec(game)
    first.new_game(spec.setup(3), game=spec.name)
    Seats(first).join(0, "Ana", ["Seat 1", "Seat 2", "Seat 3"])
    first.close()


def _restarted(path, phones: bool = True, **options) -> tuple[Appliance, list[int]]:
    """The appliance restarted on ``path``, on a clock the test moves (``clock[0]``)."""
    appliance = _appliance(path, **options)
    assert appliance.resume(phones=phones)
    clock = [now_us()]
    appliance.runner.clock = lambda: clock[0]
    return appliance, clock


def _step(appliance: Appliance, clock: list[int], by_us: int = 1000) -> None:
    clock[0] += by_us
    appliance.runner.step()


def _made_by(appliance: Appliance, start: int) -> list:
    return [e for e in appliance.session.match.log[start:] if e.actor == 0]


@pytest.mark.parametrize("game", ["marche", "market", "bazaar", "samarkand"])
def test_after_a_restart_no_bot_decides_for_a_persons_seat(tmp_path, game):
    path = tmp_path / "s.db"
    _person_joined_seat_0(path, game)
    appliance, clock = _restarted(path)
    try:
        start = len(appliance.session.match.log)
        for _ in range(STEPS):
            _step(appliance, clock)
        session = appliance.session
        assert _made_by(appliance, start) == [], "a bot decided for Ana's seat"
        assert not appliance.bot_plays(0) and 0 in appliance.human_seats
        assert 0 in session.game.to_act(session.state), "the table should wait on Ana"
        bot = game_spec(game).bots[game_spec(game).default_style(0)](random.Random(1))
        decision = bot.decide(session.game.seat_view(session.state, 0), 0)
        appliance.call(lambda now: session.act(decision, now))  # the phone acts
        assert _made_by(appliance, start)[0] == decision
        assert all(change["seat"] != 0 for change in appliance.hands)  # never a bot's
    finally:
        appliance.close()


def test_the_decision_timer_still_decides_once_for_a_silent_seat_after_a_restart(tmp_path):
    path = tmp_path / "s.db"
    _person_joined_seat_0(path, "marche")
    appliance, clock = _restarted(path, timer_s=5)
    try:
        start = len(appliance.session.match.log)
        for _ in range(10):
            _step(appliance, clock)
        assert _made_by(appliance, start) == []
        _step(appliance, clock, by_us=5_000_000)
        assert [e.kind for e in _made_by(appliance, start)] == ["pick"]
        assert [(c["seat"], c["by"]) for c in appliance.hands] == [(0, "timer")]
    finally:
        appliance.close()


def test_a_hand_over_cut_short_by_the_restart_is_recorded_as_the_persons(tmp_path):
    path = tmp_path / "s.db"
    _person_joined_seat_0(path, "marche")
    with EventStore(path) as store:
        (game,) = store.list_games()
        store.set_checkpoint(game.id, HANDS_KEY, {"changes": [{"at": 0, "seat": 0, "by": "bot"}]})
    appliance, _ = _restarted(path)
    try:
        assert appliance.hands[-1] == {"at": len(appliance.session.match.log), "seat": 0, "by": "person"}
    finally:
        appliance.close()


def test_without_the_page_bots_take_the_phones_seats_after_a_restart(tmp_path):
    path = tmp_path / "s.db"
    _person_joined_seat_0(path, "marche")
    appliance, clock = _restarted(path, phones=False)  # `samarkand run --no-web`
    try:
        start = len(appliance.session.match.log)
        _step(appliance, clock)
        assert appliance.bot_plays(0) and [e.kind for e in _made_by(appliance, start)] == ["pick"]
    finally:
        appliance.close()


def test_without_the_page_bots_take_the_phones_seats_of_a_lobby_game_too(tmp_path):
    """A game started from the lobby keeps the bots the table chose; with no page after the
    restart, the phone's seat gets a bot besides them, in the game's default style."""
    path = tmp_path / "s.db"
    first = _appliance(path)
    spec = game_spec("market")
    first.human_seats = {0}
    first.new_game(
        spec.setup(3, None, ["Ana", "Seat 2 (bot)", "Seat 3 (bot)"]),
        game="market",
        bots={1: "strong", 2: "easy"},
        joined={"seats": {"0": {"token": "d", "name": "Ana"}}},
    )
    first.close()
    appliance, clock = _restarted(path, phones=False)  # `samarkand run --no-web`
    try:
        bots = appliance.runner.seats.bots
        assert {seat: bot.style for seat, bot in bots.items()} == {
            0: spec.default_style(0),
            1: "strong",
            2: "easy",
        }
        start = len(appliance.session.match.log)
        for _ in range(STEPS):
            _step(appliance, clock)
        assert _made_by(appliance, start), "seat 0 waited for a phone that cannot come"
    finally:
        appliance.close()
