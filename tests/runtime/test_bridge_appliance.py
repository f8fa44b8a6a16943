"""The appliance on the emulated USB board: unplugged mid-countdown, the game pauses."""

from __future__ import annotations

import time

from companion.appliance.inputs import BridgeInputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.core.game import Event
from companion.store import EventStore


def wait_for(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def test_unplugging_the_board_mid_countdown_pauses_and_replugging_resumes(tmp_path):
    config = load_config(None, {"store": {"path": str(tmp_path / "s.db")}, "display": {"kind": "terminal"}})
    inputs = BridgeInputs("emulator")
    appliance = Appliance(config, inputs, EventStore(config.store.path), seed=5, bots_fill_seats=False)
    try:
        assert inputs.board.wait_connected(10)
        appliance.new_game({"players": 3}, {"step_ms": 2000, "lead_in_ms": 0})
        appliance.runner.start()
        core = appliance.session
        for seat in range(3):
            appliance.call(core.act, Event("pick", seat, {"card": 7}))
        assert wait_for(lambda: core.shown(time.monotonic_ns() // 1000) == ("count", 10))
        inputs.board.emulator.unplug()
        assert wait_for(lambda: core.paused)
        assert appliance.link_down
        inputs.board.emulator.plug()
        assert wait_for(lambda: not core.paused)
        assert appliance.link_down is None
        assert core.state.phase == "countdown"
        inputs.press(1, True, 0)  # a press on the board after the replug
        assert wait_for(lambda: core.state.phase == "claiming", 15)
        assert [s for s, _ in core.state.stop.stoppers] == [1]
    finally:
        appliance.close()


def test_the_boards_stuck_buzzer_reports_reach_the_table(monkeypatch):
    """The board reports a held buzzer from its reader thread; the runner polls for it."""
    import firmware_bridge.driver
    from companion.runtime.signals import StuckBuzzer

    class Board:
        display = lights = emulator = None

        def close(self):
            pass

    told = {}

    def open_bridge(spec, *, on_event, on_status, on_stuck):
        told["stuck"] = on_stuck
        return Board()

    monkeypatch.setattr(firmware_bridge.driver, "open_bridge", open_bridge)
    inputs = BridgeInputs("emulator")
    assert inputs.poll(0) == []
    told["stuck"](StuckBuzzer(2, 1_000))
    assert inputs.poll(10) == [StuckBuzzer(2, 1_000)] and inputs.poll(20) == []
