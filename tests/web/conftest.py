"""A real appliance on mock pins with a fast table, and the page's Flask app over it."""
from __future__ import annotations

import time

import pytest

from companion.appliance import Appliance
from companion.config import load_config
from companion.runtime.inputs import GpioInputs
from companion.store import EventStore
from web.app import create_app
from web.identity import VISITOR_COOKIE, action_token

PIN = "4321"
NAMES = ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
FAST = {"step_ms": 60, "lead_in_ms": 100, "tie_window_ms": 50, "claim_deadline_ms": 3000}


def make_appliance(tmp_path, bots: bool = True, seed: int = 7) -> Appliance:
    config = load_config(None, {"store": {"path": str(tmp_path / "s.db")},
                                "display": {"kind": "terminal"}})
    inputs = GpioInputs(config, simulate=True)
    return Appliance(config, inputs, EventStore(config.store.path), seed=seed,
                     bots_fill_seats=bots)


@pytest.fixture
def appliance(tmp_path):
    """A 4-player table, no bots, loop not running: tests drive it through the page."""
    app = make_appliance(tmp_path, bots=False)
    app.new_game({"players": 4, "names": NAMES}, FAST)
    yield app
    app.close()


@pytest.fixture
def flask_app(appliance):
    app = create_app(appliance, PIN)
    app.config["PING_S"] = 0.05
    return app


class Phone:
    """One browser: its own cookies, its action token, same-origin POSTs."""

    def __init__(self, app) -> None:
        self.client = app.test_client()
        self.client.get("/")
        self.token = action_token(self.client.get_cookie(VISITOR_COOKIE).value)

    def post(self, url, body=None, **headers):
        headers = {"Origin": "http://localhost", "X-Action-Token": self.token, **headers}
        return self.client.post(url, json={} if body is None else body, headers=headers)

    def get(self, url):
        return self.client.get(url)

    def state(self) -> dict:
        response = self.client.get("/api/state")
        assert response.status_code == 200, response.json
        return response.json

    def join(self, seat: int, name: str) -> "Phone":
        response = self.post("/api/join", {"seat": seat, "name": name})
        assert response.status_code == 200, response.json
        return self


@pytest.fixture
def phone(flask_app):
    return lambda: Phone(flask_app)


@pytest.fixture
def host(flask_app):
    h = Phone(flask_app)
    assert h.post("/api/host/login", {"pin": PIN}).status_code == 200
    return h


def wait_for(predicate, timeout: float = 10.0, what: str = "condition"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")
