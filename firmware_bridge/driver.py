"""The host side of the buzzer board: pyserial link, reliability, reconnects, adapters.

``BridgeBoard`` is to the runtime what the GPIO path is: it calls ``on_event`` with
``BuzzerEvent`` values and offers ``.display`` (CountdownDisplay) and ``.lights``
(SeatLights).

Stamps. A press's ``t_us`` is the board's 64-bit µs stamp plus an integer offset that
is fixed when the link comes up and re-fixed only between countdowns (at
``display.show_ready()`` and ``display.blank()``), from the clock-sync fit. Within a
countdown the difference between two presses is therefore exactly their difference on
the board's crystal, so order, ties and the evidence never depend on the host. The
offset puts stamps in the table clock's domain well enough (< 1 ms) to find the count
on display at press time.

Delivery. Board events carry sequence numbers and stay on the board until the host
acknowledges them (go-back-N), so a frame lost on the line is detected (``stats.gaps``,
``on_gap``), re-requested and delivered once, in order; an unplug only delays events,
and sequence numbers let the host drop the copies resent after a replug.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import serial

from companion.runtime.signals import BuzzerEvent, StuckBuzzer, now_us
from firmware_bridge.clocksync import ClockSync
from firmware_bridge.firmware import protocol as P
from firmware_bridge.ports import find_pico

log = logging.getLogger(__name__)

SYNC_BURST = 5
DEFAULT_SEATS = 8
MAX_DISPLAY = 99_999_999


class BridgeError(ValueError):
    """The board cannot be used as it answered (wrong protocol version, no reply)."""


@dataclass
class LinkStats:
    gaps: int = 0  # times a frame was found missing from the event stream
    lost_events: int = 0  # events the board had to drop before the host got them
    duplicates: int = 0  # resent events the host already had
    resends: int = 0  # command resends after a missing acknowledgement
    connects: int = 0


def _mono_us() -> int:
    return time.monotonic_ns() // 1000


class BridgeBoard:
    """One buzzer board, reconnected with backoff whenever its port goes away.

    ``find_port`` returns the device path to open (it may raise OSError while the
    board is absent). ``clock`` is the host clock the stamps are mapped into.
    """

    def __init__(
        self,
        find_port: Callable[[], str],
        *,
        clock: Callable[[], int] = now_us,
        sync_interval_s: float | None = 1.0,
        command_timeout_s: float = 0.05,
        max_tries: int = 20,
        silence_s: float = 3.0,
        backoff_s: tuple[float, float] = (0.05, 2.0),
        emulator=None,
    ) -> None:
        self.find_port = find_port
        self.clock = clock
        self.sync_interval_s = sync_interval_s
        self.max_tries = max_tries
        self.silence_s = silence_s
        self.backoff_s = backoff_s
        self.emulator = emulator  # the Emulator behind find_port, closed with the board
        self.on_event: Callable[[BuzzerEvent], None] | None = None
        self.on_stuck: Callable[[StuckBuzzer], None] | None = None
        self.on_status: Callable[[bool, str], None] | None = None
        self.on_gap: Callable[[int, int], None] | None = None
        self.on_error: Callable[[str], None] | None = None
        self.display = BridgeDisplay(self)
        self.lights = BridgeLights(self)
        self.sync = ClockSync()
        self.stats = LinkStats()
        self.decoder = P.FrameDecoder()
        self.connected = False
        self.seats = DEFAULT_SEATS  # until the board says how many it has
        self.board_id = b""
        self.offset_us: int | None = None
        self._boot_id: int | None = None
        self._inbox = P.Inbox()
        self._outbox = P.Outbox(64, int(command_timeout_s * 1e6))
        self._desired: dict[str, tuple[int, tuple]] = {}
        self._serial: serial.Serial | None = None
        self._lock = threading.RLock()
        self._pong = threading.Condition(self._lock)
        self._pings: dict[int, int] = {}
        self._ping_id = 0
        self._held: list[tuple[int, int, bytes]] | None = None
        self._gap_at: int | None = None  # the event a gap waits for, and when it was asked
        self._gap_asked_us = 0
        self._last_board_us = 0
        self._status_reason: str | None = None
        self._connected_event = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bridge-driver", daemon=True)

    # -- lifecycle ---------------------------------------------------------------
    def start(self) -> BridgeBoard:
        self._thread.start()
        return self

    def wait_connected(self, timeout: float) -> bool:
        return self._connected_event.wait(timeout)

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        if self.emulator is not None:
            self.emulator.close()

    def _run(self) -> None:
        delay = self.backoff_s[0]
        while not self._stop.is_set():
            try:
                self._connect()
                delay = self.backoff_s[0]
                self._session()
                reason = "closed"
            except (OSError, BridgeError) as exc:  # SerialException is an OSError
                reason = str(exc) or type(exc).__name__
            except Exception as exc:
                log.exception("bridge link failed unexpectedly")
                reason = f"unexpected {type(exc).__name__}: {exc}"
            was_connected = self.connected
            self._disconnect()
            if was_connected or reason != self._status_reason:
                self._status_reason = reason
                self._tell(self.on_status, False, reason)
            if self._stop.wait(delay):
                break
            delay = min(delay * 2, self.backoff_s[1])

    def _disconnect(self) -> None:
        with self._lock:
            self.connected = False
            self._connected_event.clear()
            if self._serial is not None:
                self._serial.close()
                self._serial = None
            self._outbox.reset()
            self._pings.clear()

    # -- handshake -----------------------------------------------------------------
    def _connect(self) -> None:
        path = self.find_port()
        port = serial.Serial(path, 115200, timeout=0.005, write_timeout=1.0)
        port.reset_input_buffer()
        with self._lock:
            self._serial = port
            self.decoder = P.FrameDecoder()
            self._held = []
        hello = b"\x00" + P.encode_frame(P.HELLO, 0, P.pack(P.HELLO, P.VERSION))
        deadline = time.monotonic() + 1.0
        ack = None
        while ack is None:
            if time.monotonic() > deadline:
                raise BridgeError(f"no answer to HELLO on {path}: not a buzzer board?")
            self._write(hello)
            ack = self._read_until(lambda f: f[0] == P.HELLO_ACK, 0.2)
        self._welcome(path, P.unpack(P.HELLO_ACK, ack[2]))
        for _ in range(SYNC_BURST):
            self._ping()
            self._read_until(lambda f: f[0] == P.PONG, 0.2)
        if not self.sync.ready:
            raise BridgeError(f"the board on {path} answered no time-sync ping")
        with self._lock:
            self.refix_offset()
            held, self._held = self._held, None
            for frame in held:
                self._on_event_frame(*frame)
            for kind, values in self._desired.values():
                self._send_command(kind, values)
            self.connected = True
            self.stats.connects += 1
        self._connected_event.set()
        self._status_reason = None
        self._tell(self.on_status, True, f"connected to {path} (board {self.board_id.hex()})")

    def _welcome(self, path: str, fields: tuple | None) -> None:
        if fields is None:
            raise BridgeError(f"the board on {path} sent a malformed HELLO_ACK")
        version, boot_id, oldest, seats, board_id = fields
        if version != P.VERSION:
            raise BridgeError(
                f"the board on {path} speaks protocol v{version}, "
                f"this host v{P.VERSION}: flash matching firmware"
            )
        with self._lock:
            self.seats, self.board_id = seats, board_id
            if boot_id != self._boot_id:
                if self._boot_id is not None:
                    self._tell(self.on_error, "the board restarted: its clock starts afresh")
                self._boot_id = boot_id
                self._inbox.expected = oldest
                self.sync.reset()
            elif P.seq_diff(oldest, self._inbox.expected) > 0:
                self._skip_lost(oldest)
            self._ack_events(resend=False)

    # -- the session loop ------------------------------------------------------------
    def _session(self) -> None:
        next_ping = time.monotonic() + (self.sync_interval_s or 0)
        last_heard = time.monotonic()
        while not self._stop.is_set():
            if self._poll():
                last_heard = time.monotonic()
            with self._lock:
                resend = self._outbox.due(_mono_us())
                if resend:
                    if self._outbox.tries > self.max_tries:
                        raise BridgeError("the board stopped acknowledging commands")
                    self.stats.resends += 1
                    self._write(b"".join(resend))
            if self.sync_interval_s is not None:
                now = time.monotonic()
                if now >= next_ping:
                    self._ping()
                    next_ping = now + self.sync_interval_s
                if now - last_heard > self.silence_s:
                    raise BridgeError(f"the board has been silent for {self.silence_s} s")

    def _poll(self) -> bool:
        """Read what has arrived (waiting a few ms at most); True if a frame came."""
        port = self._serial
        assert port is not None, "polled while not connected"
        data = port.read(max(1, port.in_waiting))
        frames = self.decoder.feed(data) if data else []
        for frame in frames:
            self._dispatch(frame)
        return bool(frames)

    def _read_until(self, wanted: Callable[[tuple], bool], timeout: float) -> tuple | None:
        deadline = time.monotonic() + timeout
        found = None
        port = self._serial
        assert port is not None, "read while not connected"
        while found is None and time.monotonic() < deadline:
            data = port.read(max(1, port.in_waiting))
            for frame in self.decoder.feed(data) if data else []:
                self._dispatch(frame)
                if found is None and wanted(frame):
                    found = frame
        return found

    def _write(self, data: bytes) -> None:
        with self._lock:
            if self._serial is None:
                raise BridgeError("the board is not connected")
            self._serial.write(data)

    # -- frames from the board ----------------------------------------------------------
    def _dispatch(self, frame: tuple[int, int, bytes]) -> None:
        kind, seq, payload = frame
        with self._lock:
            if kind in P.EVENTS:
                if self._held is not None:
                    self._held.append(frame)
                else:
                    self._on_event_frame(kind, seq, payload)
            elif kind == P.B_ACK:
                self._outbox.ack(seq, _mono_us())
            elif kind == P.PONG:
                self._on_pong(seq, payload)
            elif kind == P.EVENTS_LOST:
                fields = P.unpack(kind, payload)
                if fields and fields[0] == self._inbox.expected:
                    self._skip_lost(seq)
                    self._ack_events(resend=False)

    def _on_event_frame(self, kind: int, seq: int, payload: bytes) -> None:
        verdict = self._inbox.accept(seq)
        if verdict == P.Inbox.GAP:
            now = _mono_us()
            if self._gap_at != self._inbox.expected:
                self._gap_at = self._inbox.expected
                self.stats.gaps += 1
                self._tell(self.on_gap, self._inbox.expected, seq)
            elif now - self._gap_asked_us < self._outbox.timeout_us:
                return
            # asked again while the gap lasts: the ask, or the board's EVENTS_LOST answer
            # (the event it overflowed), may be lost on the line too
            self._gap_asked_us = now
            self._ack_events(resend=True)
            return
        self._ack_events(resend=False)
        if verdict == P.Inbox.DUPLICATE:
            self.stats.duplicates += 1
            return
        self._gap_at = None
        fields = P.unpack(kind, payload)
        if fields is None:
            log.warning("malformed event frame %#x ignored", kind)
        elif kind == P.ERROR:
            self._tell(self.on_error, f"board error {fields[0]} (detail {fields[1]:#x})")
        elif kind == P.STUCK:
            self._tell(self.on_stuck, StuckBuzzer(fields[0], fields[1] + self.offset_us))
        else:
            self._tell(self.on_event, BuzzerEvent(fields[0], kind == P.PRESS, fields[1] + self.offset_us))

    def _skip_lost(self, oldest: int) -> None:
        lost = P.seq_diff(oldest, self._inbox.expected)
        self.stats.lost_events += lost
        self.stats.gaps += 1
        self._tell(self.on_gap, self._inbox.expected, oldest)
        self._inbox.expected = oldest

    def _ack_events(self, resend: bool) -> None:
        self._write(P.encode_frame(P.EV_ACK, self._inbox.expected, P.pack(P.EV_ACK, resend)))

    def _on_pong(self, ping_id: int, payload: bytes) -> None:
        received = self.clock()
        sent = self._pings.pop(ping_id, None)
        fields = P.unpack(P.PONG, payload)
        if sent is not None and fields is not None:
            self.sync.add(sent, fields[0], received)
            self._last_board_us = fields[0]
        self._pong.notify_all()

    # -- time ------------------------------------------------------------------------------
    def _ping(self) -> int:
        with self._lock:
            self._ping_id = (self._ping_id + 1) % P.SEQ_MOD
            self._pings[self._ping_id] = self.clock()
            self._write(P.encode_frame(P.PING, self._ping_id))
            return self._ping_id

    def sync_once(self, timeout: float = 0.5) -> bool:
        """One clock-sync round trip from a caller's thread; False if no reply came."""
        with self._lock:
            ping_id = self._ping()
            return self._pong.wait_for(lambda: ping_id not in self._pings, timeout)

    def refix_offset(self) -> None:
        """Re-fix the board-to-host offset from the latest fit (between countdowns only)."""
        with self._lock:
            if self.sync.ready:
                board = self._last_board_us
                self.offset_us = self.sync.to_host(board) - board

    @property
    def pending_commands(self) -> int:
        """Commands sent but not yet acknowledged by the board."""
        return len(self._outbox.pending)

    def to_host_us(self, board_us: int) -> int:
        """The fitted (drift-tracking) host time of a board time: for display and log."""
        return self.sync.to_host(board_us)

    # -- commands ------------------------------------------------------------------------------
    def command(self, slot: str, kind: int, *values: int) -> None:
        """Send a command, remembered per ``slot`` so a reconnect replays the latest one."""
        with self._lock:
            self._desired[slot] = (kind, values)
            if self.connected:
                # the cable just went: the reader notices; a reconnect replays _desired
                with contextlib.suppress(serial.SerialException, OSError):
                    self._send_command(kind, values)

    def _send_command(self, kind: int, values: tuple) -> None:
        self._write(self._outbox.push(kind, P.pack(kind, *values), _mono_us()))

    def set_config(
        self, release_stable_ms: int = 20, stuck_ms: int = 5000, blink_ms: int = 250, brightness: int = 8
    ) -> None:
        """The board's lockout release time, stuck limit, LED blink period, brightness."""
        for name, value, top in (
            ("release_stable_ms", release_stable_ms, 0xFFFF),
            ("stuck_ms", stuck_ms, 0xFFFF),
            ("blink_ms", blink_ms, 0xFFFF),
            ("brightness", brightness, 15),
        ):
            if not 0 <= value <= top:
                raise ValueError(f"{name} must be within 0..{top}, got {value}")
        self.command("config", P.SET_CONFIG, release_stable_ms, stuck_ms, blink_ms, brightness)

    def seat_mask(self, seats: list[int]) -> int:
        mask = 0
        for seat in seats:
            if not 0 <= seat < self.seats:
                raise ValueError(f"seat {seat} is not on this board (seats 0-{self.seats - 1})")
            mask |= 1 << seat
        return mask

    @staticmethod
    def _tell(callback: Callable | None, *args) -> None:
        if callback is None:
            return
        try:
            callback(*args)
        except Exception:  # a faulty listener must not take the link down
            log.exception("bridge callback %r failed", callback)


class BridgeDisplay:
    """CountdownDisplay over the board's MAX7219."""

    def __init__(self, board: BridgeBoard) -> None:
        self._board = board

    def show_count(self, count: int) -> None:
        self._board.command("display", P.SHOW_COUNT, _checked(count, MAX_DISPLAY))

    def show_ready(self) -> None:
        self._board.refix_offset()
        self._board.command("display", P.SHOW_READY)

    def show_stop(self, count: int) -> None:
        self._board.command("display", P.SHOW_STOP, _checked(count, 999_999))

    def blank(self) -> None:
        self._board.refix_offset()
        self._board.command("display", P.BLANK)


class BridgeLights:
    """SeatLights over the board's LED outputs."""

    def __init__(self, board: BridgeBoard) -> None:
        self._board = board

    def light(self, seats: list[int]) -> None:
        self._board.command("lights", P.LEDS, P.LIGHT, self._board.seat_mask(seats))

    def blink(self, seats: list[int]) -> None:
        self._board.command("lights", P.LEDS, P.BLINK, self._board.seat_mask(seats))

    def clear(self) -> None:
        self._board.command("lights", P.LEDS, P.LIGHT, 0)


def _checked(count: int, top: int) -> int:
    if not 0 <= count <= top:
        raise ValueError(f"the board's display shows counts 0..{top}, got {count}")
    return count


def open_bridge(spec: str, *, on_event=None, on_status=None, on_stuck=None, **options) -> BridgeBoard:
    """A started BridgeBoard for ``spec``: a port path, "auto" (USB id 2E8A) or "emulator".

    Callbacks are set before the link starts, so the first status change is not missed.
    """
    emulator = None
    find_port: Callable[[], str | None]
    if spec == "auto":
        find_port = find_pico
    elif spec == "emulator":
        from firmware_bridge.emulator import Emulator

        emulator = Emulator()
        find_port = emulator.port_path
    elif spec:
        find_port = lambda: spec  # noqa: E731
    else:
        raise ValueError('bridge spec must be a port path, "auto" or "emulator"')
    board = BridgeBoard(find_port, emulator=emulator, **options)
    board.on_event, board.on_status, board.on_stuck = on_event, on_status, on_stuck
    return board.start()
