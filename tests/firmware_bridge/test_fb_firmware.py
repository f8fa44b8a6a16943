"""The firmware's own logic under CPython: clock extension, buzzer lockout, commands."""

from firmware_bridge.emulator import TICKS_PERIOD, FakeMachine, FakeTime
from firmware_bridge.firmware import protocol as P
from firmware_bridge.firmware.bridge import Firmware
from firmware_bridge.firmware.buzzers import PRESSED, RELEASED, STUCK, Buzzers
from firmware_bridge.firmware.clock64 import Clock64


class Board:
    """A settable board time behind fake ticks that wrap at 2**30."""

    def __init__(self, ticks_start=0):
        self.us = 0
        self.time = FakeTime(lambda: self.us, ticks_start)


def test_clock_extends_ticks_across_many_wraps():
    board = Board(ticks_start=TICKS_PERIOD - 1000)
    clock = Clock64(board.time)
    step = (1 << 29) - 1  # the longest gap ticks_diff can still measure
    for _ in range(12):
        board.us += step
        assert clock.now() == board.us
    assert board.us > 5 * TICKS_PERIOD


def test_clock_orders_stamps_either_side_of_a_wrap():
    board = Board(ticks_start=TICKS_PERIOD - 5)
    clock = Clock64(board.time)
    board.us = 3
    before = clock.now()
    board.us = 9  # raw ticks went from 2**30 - 2 to 4
    assert board.time.ticks_us() < TICKS_PERIOD - 2
    assert clock.now() - before == 6


def test_presses_in_one_sample_share_one_stamp():
    buzzers = Buzzers(4)
    assert buzzers.sample(0b1010, 700) == [(PRESSED, 1, 700), (PRESSED, 3, 700)]


def test_bounce_gives_one_press_at_the_first_edge():
    buzzers = Buzzers(1, release_stable_us=20000)
    edges = [
        (1, 1000),
        (0, 1003),
        (1, 1010),
        (0, 1400),
        (1, 1405),  # closing bounce
        (0, 90000),
        (1, 90004),
        (0, 90010),  # opening bounce
        (0, 109999),
        (0, 110010),
    ]
    events = [e for level, t in edges for e in buzzers.sample(level, t)]
    assert events == [(PRESSED, 0, 1000), (RELEASED, 0, 90010)]


def test_a_new_press_needs_a_stable_release_first():
    buzzers = Buzzers(1, release_stable_us=20000)
    buzzers.sample(1, 0)
    buzzers.sample(0, 100)
    assert buzzers.sample(1, 19000) == []  # still locked out: a bounce, not a press
    buzzers.sample(0, 19100)
    assert buzzers.sample(0, 39100) == [(RELEASED, 0, 19100)]
    assert buzzers.sample(1, 39200) == [(PRESSED, 0, 39200)]


def test_a_held_buzzer_is_reported_stuck_once():
    buzzers = Buzzers(2, stuck_us=3_000_000)
    buzzers.sample(0b01, 10)
    assert buzzers.sample(0b01, 3_000_009) == []
    assert buzzers.sample(0b01, 3_000_010) == [(STUCK, 0, 10)]
    assert buzzers.sample(0b01, 9_000_000) == []


class ListLink:
    def __init__(self):
        self.inbound = b""
        self.decoder = P.FrameDecoder()
        self.frames = []

    def read(self):
        data, self.inbound = self.inbound, b""
        return data

    def write(self, data):
        self.frames.extend(self.decoder.feed(data))


def firmware():
    board, link = Board(), ListLink()
    fw = Firmware(FakeMachine(), board.time, link)
    return board, link, fw


def send(fw, link, kind, seq=0, *values):
    link.inbound += P.encode_frame(kind, seq, P.pack(kind, *values))
    fw.step()


def test_nothing_is_sent_before_hello_and_buffered_events_follow_it():
    board, link, fw = firmware()
    fw.read_seats = lambda: 0b1
    board.us = 50
    fw.step()
    assert link.frames == []
    send(fw, link, P.HELLO, 0, P.VERSION)
    assert [f[0] for f in link.frames] == [P.HELLO_ACK, P.PRESS]
    assert P.unpack(P.PRESS, link.frames[1][2]) == (0, 50)


def test_wrong_version_hello_is_answered_but_not_linked():
    _board, link, fw = firmware()
    send(fw, link, P.HELLO, 0, P.VERSION + 1)
    assert P.unpack(P.HELLO_ACK, link.frames[0][2])[0] == P.VERSION
    assert not fw.linked
    send(fw, link, P.SHOW_COUNT, 0, 5)
    assert fw.commands_done == 0


def test_bad_command_is_acked_and_reported_as_an_error_event():
    _board, link, fw = firmware()
    send(fw, link, P.HELLO, 0, P.VERSION)
    link.inbound += P.encode_frame(P.SHOW_COUNT, 0, b"\x01")
    fw.step()
    kinds = [(f[0], f[1]) for f in link.frames[1:]]
    assert (P.B_ACK, 1) in kinds
    error = next(f for f in link.frames if f[0] == P.ERROR)
    assert P.unpack(P.ERROR, error[2]) == (P.ERR_BAD_PAYLOAD, P.SHOW_COUNT)


def test_a_command_ahead_of_a_lost_one_waits_for_it():
    _board, link, fw = firmware()
    send(fw, link, P.HELLO, 0, P.VERSION)
    send(fw, link, P.SHOW_COUNT, 1, 4)  # seq 0 was lost on the line
    assert fw.commands_done == 0 and link.frames[-1][:2] == (P.B_ACK, 0)
    send(fw, link, P.SHOW_COUNT, 0, 5)
    send(fw, link, P.SHOW_COUNT, 1, 4)
    assert fw.commands_done == 2 and link.frames[-1][:2] == (P.B_ACK, 2)


def test_watchdog_is_fed_every_pass():
    _board, _link, fw = firmware()
    for _ in range(3):
        fw.step()
    assert fw.wdt.feeds == 3 and fw.wdt.timeout_ms == 2000
