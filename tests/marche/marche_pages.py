"""What Le Marché's browser tests of issue 23 share: a five-player table served with a slow
countdown (Eve the first Dean, so that two stoppers naming one card dispute it), a decision
made on the server for a seat, and an end whose standings share a place."""

from __future__ import annotations

import pytest
from browser_rig import served
from web_rig import PIN, make_appliance

from companion.core.game import Event

NAMES = ["Ana", "Bo", "Cy", "Di", "Eve"]
SLOW = {"step_ms": 1000, "lead_in_ms": 100, "tie_window_ms": 100, "claim_deadline_ms": 60_000}


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": len(NAMES), "names": NAMES, "first_dean": len(NAMES) - 1}, SLOW)
    yield from served(appliance, PIN)


def act(appliance, seat: int, kind: str, data: dict) -> None:
    """A decision for ``seat`` made on the server."""
    appliance.call(lambda now: appliance.session.act(Event(kind, seat, data), now))


def picks(appliance, seats) -> None:
    """Each of ``seats`` offers its lowest card, on the server."""
    for seat in seats:
        card = appliance.call(lambda now, seat=seat: appliance.session.state.hands[seat][0])
        act(appliance, seat, "pick", {"card": card})


def the_end(state) -> None:
    """Ana and Bo share the top of the money podium (5 points each, Ana with 1 dirham); Cy,
    among the poorest, has camels for 8 cards and no goods: 1 − 16 = −15 points."""
    state.money[:] = [1, 1, 0, 0, 0]
    state.camels[:] = [[], [], [4, 4], [], []]
    state.goods[:] = [{}, {}, {}, {}, {}]


def ended(server) -> None:
    """The game ends as the host's End button ends it."""
    srv, appliance = server
    appliance.call(lambda now: the_end(appliance.session.state))
    srv.app.extensions["samarkand"].end()
