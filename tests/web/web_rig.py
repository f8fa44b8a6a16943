"""The web tests' rig: a real appliance on mock pins with a fast table, phones, helpers."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import contextmanager

from companion.appliance.inputs import GpioInputs, Inputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.store import EventStore
from web.identity import VISITOR_COOKIE, action_token

PIN = "4321"
NAMES = ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
FAST = {"step_ms": 60, "lead_in_ms": 100, "tie_window_ms": 50, "claim_deadline_ms": 3000}


def make_appliance(tmp_path, bots: bool = True, seed: int = 7, simulated: bool = True) -> Appliance:
    """``simulated`` False: a Pi's real pins (no buzzer a bot could press)."""
    config = load_config(
        None,
        {"store": {"path": str(tmp_path / "s.db")}, "display": {"kind": "terminal"}, "bots": {"pace_s": 0}},
    )
    inputs = GpioInputs(config, simulate=True) if simulated else Inputs()
    return Appliance(config, inputs, EventStore(config.store.path), seed=seed, bots_fill_seats=bots)


class Phone:
    """One browser: its own cookies, its action token, same-origin POSTs, from ``address``."""

    def __init__(self, app, address: str = "127.0.0.1") -> None:
        self.client = app.test_client()
        self.client.environ_base["REMOTE_ADDR"] = address
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

    def join(self, seat: int, name: str) -> Phone:
        response = self.post("/api/join", {"seat": seat, "name": name})
        assert response.status_code == 200, response.json
        return self


_REFUSALS: list[str] = []  # why a plain sleep may not wait now (a browser is driven)


@contextmanager
def sleeping_refused(why: str):
    """``wait_for`` refuses (saying ``why``) while this runs: browser_rig.driven uses it."""
    _REFUSALS.append(why)
    try:
        yield
    finally:
        _REFUSALS.remove(why)


def wait_for(predicate, timeout: float = 10.0, what: str = "condition"):
    """Poll ``predicate`` with plain sleeps, which no Playwright page may be waiting on."""
    if _REFUSALS:
        raise AssertionError(f"wait_for cannot wait for {what}: {_REFUSALS[-1]}")
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


# ---- driving a live table from tests: everyone picks, stops at chosen presses, claims


HOLD_US = 100_000


def phase(appliance) -> str:
    return appliance.call(lambda now: appliance.session.state.phase)


def all_pick(phones, card_of=lambda seat: 7) -> None:
    for seat, phone in enumerate(phones):
        response = phone.post("/api/act", {"kind": "pick", "data": {"card": card_of(seat)}})
        assert response.status_code == 200, response.json


def counting(appliance) -> bool:
    return appliance.call(
        lambda now: (
            appliance.session.shown(now)[0] == "count" and appliance.session.state.phase == "countdown"
        )
    )


def stop(appliance, offsets_ms: dict[int, float], wait: Callable[..., object] = wait_for) -> dict:
    """Press the seats' mock buzzers ``offsets_ms`` apart once the count runs; wait the stop
    (with ``wait``, called as ``wait_for`` is: a browser test's waits on a page)."""
    wait(lambda: counting(appliance), what="the countdown to open")
    press = appliance.inputs.press

    def presses(now: int) -> None:
        for seat, offset in offsets_ms.items():
            press(seat, True, now + round(offset * 1000))
        for seat, offset in offsets_ms.items():
            press(seat, False, now + round(offset * 1000) + HOLD_US)

    appliance.call(presses)
    wait(lambda: phase(appliance) == "claiming", what="the stop")
    return appliance.call(lambda now: dict(appliance.session.realtime.last_stop))
