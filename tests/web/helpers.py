"""Driving a live fast table from tests: everyone picks, stops at chosen presses, claims."""
from __future__ import annotations

from conftest import wait_for

HOLD_US = 100_000


def phase(appliance) -> str:
    return appliance.call(lambda now: appliance.core.phase())


def all_pick(phones, card_of=lambda seat: 7) -> None:
    for seat, phone in enumerate(phones):
        response = phone.post("/api/pick", {"card": card_of(seat)})
        assert response.status_code == 200, response.json


def counting(appliance) -> bool:
    return appliance.call(lambda now: isinstance(appliance.core.count_shown(now), int)
                          and appliance.core.phase() == "countdown")


def stop(appliance, offsets_ms: dict[int, float]) -> dict:
    """Press the seats' mock buzzers ``offsets_ms`` apart once the count runs; wait the stop."""
    wait_for(lambda: counting(appliance), what="the countdown to open")
    press = appliance.inputs.press

    def presses(now: int) -> None:
        for seat, offset in offsets_ms.items():
            press(seat, True, now + round(offset * 1000))
        for seat, offset in offsets_ms.items():
            press(seat, False, now + round(offset * 1000) + HOLD_US)
    appliance.call(presses)
    wait_for(lambda: phase(appliance) == "claiming", what="the stop")
    return appliance.call(lambda now: dict(appliance.core.last_stop))
