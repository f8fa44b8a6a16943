"""The Pi's own inputs let go of everything they drive when the table stops: the bar
graph's flashing (gpiozero's ``source`` thread, which writes to its pins) ends before the
pins are closed, rather than writing to closed pins for ever after."""

from __future__ import annotations

import threading

from companion.appliance.inputs import GpioInputs
from companion.config import load_config


def test_closing_the_inputs_ends_the_bar_graphs_flashing(tmp_path, monkeypatch):
    failed: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failed.append(args.exc_value))
    config = load_config(None, {"store": {"path": str(tmp_path / "s.db")}, "display": {"kind": "bargraph"}})
    before = set(threading.enumerate())
    inputs = GpioInputs(config, simulate=True)
    inputs.display.show_ready()  # the whole bar blinks
    started = [thread for thread in threading.enumerate() if thread not in before]
    assert started  # the flashing thread
    inputs.close()
    for thread in started:
        thread.join(timeout=5)
    assert [thread for thread in started if thread.is_alive()] == []
    assert failed == []  # it ended, not failed on a closed pin
