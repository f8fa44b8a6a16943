"""An emulated board on a VirtualClock, connected to a real BridgeBoard through a pty."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from firmware_bridge.driver import BridgeBoard
from firmware_bridge.emulator import Emulator, VirtualClock


def wait_until(predicate, timeout: float = 5.0) -> bool:
    """Poll until ``predicate()`` holds; a bound on waiting, not a timing assertion."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.002)
    return predicate()


@dataclass
class Rig:
    clock: VirtualClock
    emu: Emulator
    board: BridgeBoard
    events: list = field(default_factory=list)
    stuck: list = field(default_factory=list)
    status: list = field(default_factory=list)
    gaps: list = field(default_factory=list)
    errors: list = field(default_factory=list)

    def presses(self) -> list[tuple[int, int]]:
        return [(e.seat, e.t_us - self.board.offset_us) for e in self.events if e.pressed]


def make_rig(**emulator_options) -> Rig:
    clock = VirtualClock(5_000_000_000)
    emu = Emulator(clock=clock, **emulator_options)
    board = BridgeBoard(
        emu.port_path, clock=clock.now, sync_interval_s=None, backoff_s=(0.01, 0.05), emulator=emu
    )
    rig = Rig(clock, emu, board)
    board.on_event, board.on_stuck = rig.events.append, rig.stuck.append
    board.on_status = lambda up, reason: rig.status.append((up, reason))
    board.on_gap = lambda expected, got: rig.gaps.append((expected, got))
    board.on_error = rig.errors.append
    board.start()
    assert board.wait_connected(5), rig.status
    return rig
