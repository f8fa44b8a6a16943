"""Fairness cases played as board samples through emulator + driver into the arbiter.

The bridge must hand the arbiter the same stamps a perfect input would: every decision
is compared with feeding hand-made BuzzerEvents straight in, in arrival order and reversed.
"""

import pytest
from fb_rig import wait_until

from companion.core.arbiter import Arbiter
from companion.core.countdown import Countdown
from companion.runtime.signals import BuzzerEvent

# (name, tie window µs, presses as (seat, µs after the case's start), expected stoppers)
CASES = [
    ("µs apart, strict", 0, [(2, 0), (0, 1), (1, 3)], ((2, 0),)),
    ("µs apart, windowed", 100_000, [(2, 0), (0, 1), (1, 3)], ((2, 0), (0, 1), (1, 3))),
    ("same sample tie", 0, [(3, 0), (0, 0)], ((0, 0), (3, 0))),
    (
        "window edges",
        100_000,
        [(0, 0), (1, 99_999), (2, 100_000), (3, 100_001)],
        ((0, 0), (1, 99_999), (2, 100_000)),
    ),
]


def decide(window, events, countdown):
    arbiter = Arbiter(tie_window_us=window, latency_us=5_000)
    arbiter.open(countdown)
    for event in events:
        arbiter.press(event)
    decision, _ = arbiter.decide(max(e.t_us for e in events) + 10_000_000)
    return decision


@pytest.mark.parametrize("name, window, presses, stoppers", CASES, ids=[c[0] for c in CASES])
def test_bridge_stamps_decide_like_direct_events(rig, name, window, presses, stoppers):
    start = 10_000_000
    mask = 0
    for at in sorted({t for _, t in presses}):
        mask |= sum(1 << seat for seat, t in presses if t == at)
        rig.emu.set_inputs(mask, start + at)
    last = start + max(t for _, t in presses)
    rig.emu.set_inputs(0, last + 30_000)
    rig.emu.set_inputs(0, last + 60_000)
    assert wait_until(lambda: len(rig.events) == 2 * len(presses))
    bridged = [e for e in rig.events if e.pressed]
    offset = rig.board.offset_us
    direct = sorted(
        (BuzzerEvent(seat, True, offset + start + t) for seat, t in presses), key=lambda e: (e.t_us, e.seat)
    )
    assert sorted(bridged, key=lambda e: (e.t_us, e.seat)) == direct

    # The first press falls 1 µs before the tick from 9 to 8: it buys at 9.
    countdown = Countdown(opens_us=offset + start - 2_000_000 + 1, first=10, lowest=1, step_us=1_000_000)
    from_bridge = decide(window, bridged, countdown)
    assert from_bridge == decide(window, direct, countdown)
    assert from_bridge == decide(window, list(reversed(bridged)), countdown)
    assert from_bridge.count == 9
    assert from_bridge.stoppers == stoppers
