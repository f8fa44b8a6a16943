"""Emulated board + host driver through a real pty: stamps, loss, resends, unplugs."""

import time

import pytest
from fb_rig import make_rig, wait_until

from firmware_bridge.driver import BridgeBoard, open_bridge
from firmware_bridge.emulator import TICKS_PERIOD, Emulator
from firmware_bridge.firmware import protocol as P
from firmware_bridge.ports import PortNotFound, find_pico


def tap(emu, seat_mask, at_us, hold_us=30_000):
    """A press of ``seat_mask`` at ``at_us`` and its release, with the lockout run out."""
    emu.set_inputs(seat_mask, at_us)
    emu.set_inputs(0, at_us + hold_us)
    emu.set_inputs(0, at_us + hold_us + 25_000)


def test_presses_arrive_with_the_board_stamps(rig):
    rig.emu.set_inputs(0b001, 1_000_000)
    rig.emu.set_inputs(0b101, 1_000_007)
    assert wait_until(lambda: len(rig.events) == 2)
    assert rig.presses() == [(0, 1_000_000), (2, 1_000_007)]


def test_same_sample_presses_are_a_tie(rig):
    rig.emu.set_inputs(0b110, 2_000_000)
    assert wait_until(lambda: len(rig.events) == 2)
    assert {e.t_us for e in rig.events} == {rig.board.offset_us + 2_000_000}


def test_bounce_on_the_board_is_one_press_at_the_first_edge(rig):
    for mask, t in [
        (1, 1_000_000),
        (0, 1_000_004),
        (1, 1_000_009),
        (0, 1_000_300),
        (1, 1_000_302),
        (0, 1_050_000),
        (1, 1_050_003),
        (0, 1_050_008),
        (0, 1_080_000),
    ]:
        rig.emu.set_inputs(mask, t)
    assert wait_until(lambda: len(rig.events) == 2)
    assert [(e.pressed, e.t_us - rig.board.offset_us) for e in rig.events] == [
        (True, 1_000_000),
        (False, 1_050_008),
    ]


def test_stamps_stay_exact_across_a_ticks_wrap():
    rig = make_rig(ticks_start=TICKS_PERIOD - 2_000_000)
    try:
        for i, t in enumerate((1_900_000, 2_100_000, 2_100_000 + TICKS_PERIOD)):
            tap(rig.emu, 1 << i, t)
        assert wait_until(lambda: len(rig.presses()) == 3)
        assert rig.presses() == [(0, 1_900_000), (1, 2_100_000), (2, 2_100_000 + TICKS_PERIOD)]
    finally:
        rig.board.close()


def test_a_lost_event_frame_is_reported_and_recovered_in_order(rig):
    rig.emu.drop_next(P.PRESS)
    rig.emu.set_inputs(0b01, 1_000_000)
    rig.emu.set_inputs(0b11, 1_000_050)
    assert wait_until(lambda: len(rig.events) == 2)
    assert rig.presses() == [(0, 1_000_000), (1, 1_000_050)]
    assert rig.board.stats.gaps == 1 and len(rig.gaps) == 1


@pytest.mark.parametrize("lost", [P.EV_ACK, P.EVENTS_LOST], ids=["the ask", "the answer"])
def test_events_flow_again_after_an_overflow_whose_ask_or_answer_is_lost(rig, lost):
    """The line eats every event for a while, so the board's 64 slots overflow while it is
    linked; then one more frame is lost: the host's ask for the first missing event, or the
    board's answer that it is gone. The host asks again while the gap lasts: the events the
    board kept, and a new press, arrive in order."""
    rig.emu.drop_next(P.PRESS, 10**6)  # every resend too
    rig.emu.drop_next(P.RELEASE, 10**6)
    for i in range(40):  # 80 events
        tap(rig.emu, 1, 1_000_000 + i * 100_000)
    assert rig.emu.firmware.events.dropped == 16  # the oldest
    rig.emu.drop_none()  # the line works again
    rig.emu.drop_next(lost, 1)
    tap(rig.emu, 2, 5_000_000)  # a new press, on seat 1
    t = 5_100_000
    while t < 15_000_000 and (1, 5_000_000) not in rig.presses():  # board resends: 50 ms
        t += 50_000
        rig.emu.set_inputs(0, t)
        time.sleep(0.01)  # the host's own timer runs on real time
    presses = rig.presses()
    assert presses[-1] == (1, 5_000_000) and presses == sorted(presses, key=lambda p: p[1])
    assert rig.board.stats.lost_events == rig.emu.firmware.events.dropped > 0


def test_a_lost_ack_makes_the_host_resend_and_the_board_run_it_once(rig):
    rig.emu.drop_next(P.B_ACK)
    rig.board.display.show_count(42)
    assert wait_until(lambda: rig.board.stats.resends >= 1 and not rig.board.pending_commands)
    assert rig.emu.display_text() == "42"
    assert rig.emu.firmware.commands_done == 1


def test_a_lost_event_ack_gives_a_duplicate_the_host_drops(rig):
    rig.emu.drop_next(P.EV_ACK)
    rig.emu.set_inputs(0b1, 1_000_000)
    assert wait_until(lambda: len(rig.events) == 1)
    rig.emu.set_inputs(0b1, 1_100_000)  # the board's resend timer runs out
    assert wait_until(lambda: rig.board.stats.duplicates >= 1)
    assert rig.presses() == [(0, 1_000_000)]


def test_unplug_and_replug_lose_and_double_nothing(rig):
    tap(rig.emu, 0b001, 1_000_000)
    assert wait_until(lambda: len(rig.events) == 2)
    rig.emu.unplug()
    assert wait_until(lambda: rig.status[-1][0] is False)
    tap(rig.emu, 0b010, 2_000_000)
    tap(rig.emu, 0b100, 3_000_000)
    rig.emu.drop_next(P.EV_ACK, 1)  # and the first ack after the replug is lost too
    rig.emu.plug()
    assert wait_until(lambda: rig.status[-1][0] is True)
    assert wait_until(lambda: len(rig.events) == 6)
    tap(rig.emu, 0b001, 4_000_000)
    assert wait_until(lambda: len(rig.events) == 8)
    assert rig.presses() == [(0, 1_000_000), (1, 2_000_000), (2, 3_000_000), (0, 4_000_000)]
    ups = [up for up, _ in rig.status]
    assert ups[0] and ups[-1] and ups.count(True) == 2 and False in ups
    assert rig.board.stats.connects == 2


def test_a_restarted_board_is_a_fresh_event_stream(rig):
    tap(rig.emu, 0b1, 1_000_000)
    assert wait_until(lambda: len(rig.events) == 2)
    rig.emu.unplug()
    rig.emu.restart()
    rig.emu.plug()
    assert wait_until(lambda: rig.board.stats.connects == 2)
    tap(rig.emu, 0b10, 500_000)  # the new boot's clock starts again near zero
    assert wait_until(lambda: len(rig.events) == 4)
    assert rig.presses()[-1] == (1, 500_000)
    assert any("restarted" in e for e in rig.errors)


def test_stuck_buzzer_is_reported_with_its_press_time(rig):
    rig.board.set_config(stuck_ms=1000)
    assert wait_until(lambda: rig.emu.firmware.buzzers.stuck_us == 1_000_000)
    rig.emu.set_inputs(0b1, 1_000_000)
    rig.emu.set_inputs(0b1, 2_000_001)
    assert wait_until(lambda: len(rig.stuck) == 1)
    assert rig.stuck[0].seat == 0
    assert rig.stuck[0].since_us == rig.board.offset_us + 1_000_000


def test_display_and_lights_follow_the_adapters(rig):
    rig.board.display.show_count(17)
    assert wait_until(lambda: rig.emu.display_text() == "17")
    rig.board.display.show_stop(9)
    assert wait_until(lambda: rig.emu.display_text().endswith("9"))
    rig.board.display.blank()
    assert wait_until(lambda: rig.emu.display_text() == "")
    rig.board.lights.light([0, 2])
    assert wait_until(lambda: rig.emu.leds() == 0b101)
    rig.board.lights.blink([1])
    seen = set()
    for _k in range(1, 5):
        rig.emu.set_inputs(0, rig.emu.board_us() + 250_000)
        seen.add(rig.emu.leds())
    assert seen == {0b010, 0}
    rig.board.lights.clear()
    assert wait_until(lambda: rig.emu.leds() == 0 and rig.emu.firmware.leds.blinking == 0)


def test_adapters_refuse_what_the_board_cannot_show(rig):
    with pytest.raises(ValueError, match="seat 8 is not on this board"):
        rig.board.lights.light([8])
    with pytest.raises(ValueError, match="counts 0..99999999, got -1"):
        rig.board.display.show_count(-1)
    with pytest.raises(ValueError, match="brightness must be within 0..15"):
        rig.board.set_config(brightness=16)


def test_open_bridge_specs(monkeypatch):
    with pytest.raises(ValueError, match='"auto" or "emulator"'):
        open_bridge("")
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: [])
    with pytest.raises(PortNotFound, match="2E8A"):
        find_pico()
    status = []
    board = open_bridge("auto", on_status=lambda up, why: status.append((up, why)), backoff_s=(0.01, 0.01))
    try:
        assert wait_until(lambda: status)
        assert status[0][0] is False and "2E8A" in status[0][1]
    finally:
        board.close()


def test_open_bridge_emulator_connects(monkeypatch):
    events = []
    board = open_bridge("emulator", on_event=events.append)
    try:
        assert board.wait_connected(5)
        board.emulator.set_inputs(0b1)
        assert wait_until(lambda: events)
        assert events[0].seat == 0 and events[0].pressed
    finally:
        board.close()


def test_a_board_with_another_protocol_version_is_refused():
    emu = Emulator()
    other_version = P.VERSION + 1

    def other_firmware(payload, now):
        emu.firmware._send(P.HELLO_ACK, 0, other_version, 1, 0, 8, b"OLDBOARD")

    emu.firmware._hello = other_firmware
    status = []
    board = BridgeBoard(emu.port_path, backoff_s=(0.01, 0.01), emulator=emu)
    board.on_status = lambda up, why: status.append((up, why))
    board.start()
    try:
        assert wait_until(lambda: status)
        assert status[0] == (
            False,
            f"the board on {emu.port_path()} speaks protocol "
            f"v{other_version}, this host v{P.VERSION}: flash "
            "matching firmware",
        )
        assert not board.connected
    finally:
        board.close()


@pytest.mark.parametrize("ppm", [200.0, -200.0])
def test_clock_sync_tracks_drift_within_a_millisecond(ppm):
    rig = make_rig(drift_ppm=ppm, latency_us=150, jitter_us=1500, seed=7)
    try:
        for _ in range(100):  # 10 s of emulated time, a sync every 100 ms
            rig.clock.advance(100_000)
            assert rig.board.sync_once()
        rig.clock.advance(100_000)
        error = rig.board.to_host_us(rig.emu.board_us()) - rig.clock.now()
        assert abs(error) < 1000
        assert abs(rig.board.sync.drift_ppm + ppm) < 50
    finally:
        rig.board.close()
