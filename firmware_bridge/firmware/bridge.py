"""The board's firmware logic: sample buzzers, talk to the host, drive display and LEDs.

Hardware arrives as the ``machine`` and ``time`` modules passed in (the real ones on
the Pico, fakes in the emulator), so CI runs exactly this code; ``_board.pyi`` types them
as the rp2 stubs do, so the type check holds this code to the board's real API.
"""

import random

from . import protocol as P
from .buzzers import PRESSED, RELEASED, STUCK, Buzzers
from .clock64 import Clock64
from .leds import SeatLeds
from .max7219 import Max7219

TYPE_CHECKING = False  # mypy reads any TYPE_CHECKING as true; MicroPython has no typing
if TYPE_CHECKING:
    from ._board import Link, Machine, Time

GPIO_IN = 0xD0000004  # RP2040 SIO register: the level of every GPIO in one read
SEAT_PINS = (2, 3, 4, 5, 6, 7, 8, 9)  # consecutive, so one shift maps pins to seats
LED_PINS = (10, 11, 12, 13, 14, 15, 16, 17)
SPI_ID, SCK_PIN, MOSI_PIN, CS_PIN = 0, 18, 19, 20
WATCHDOG_MS = 2000
EVENT_BUFFER = 64
RESEND_US = 50000

_EVENT_TYPES = {PRESSED: P.PRESS, RELEASED: P.RELEASE, STUCK: P.STUCK}


def seat_reader(machine: "Machine", first_pin, seats):
    """A function returning the pressed-seat mask from one GPIO_IN snapshot.

    Buzzers pull their line to ground (pull-ups on), so a pressed seat reads 0.
    """
    mem32 = machine.mem32
    mask = (1 << seats) - 1

    def read():
        return (~mem32[GPIO_IN] >> first_pin) & mask

    return read


class Firmware:
    def __init__(
        self, machine: "Machine", time: "Time", link: "Link", seat_pins=SEAT_PINS, led_pins=LED_PINS
    ):
        pin = machine.Pin
        for n in seat_pins:
            pin(n, pin.IN, pin.PULL_UP)
        self.read_seats = seat_reader(machine, seat_pins[0], len(seat_pins))
        self.clock = Clock64(time)
        self.buzzers = Buzzers(len(seat_pins))
        self.leds = SeatLeds([pin(n, pin.OUT, value=0) for n in led_pins])
        spi = machine.SPI(SPI_ID, baudrate=1000000, sck=pin(SCK_PIN), mosi=pin(MOSI_PIN))
        self.display = Max7219(spi, pin(CS_PIN, pin.OUT, value=1))
        self.wdt = machine.WDT(timeout=WATCHDOG_MS)
        self.board_id = (bytes(machine.unique_id()) + bytes(8))[:8]
        self.boot_id = random.getrandbits(32)  # rp2 seeds random from its ring oscillator
        self.link = link
        self.decoder = P.FrameDecoder()
        self.events = P.Outbox(EVENT_BUFFER, RESEND_US)
        self.commands = P.Inbox()
        self.linked = False  # nothing is sent before the first HELLO
        self.commands_done = 0

    def step(self):
        """One pass of the main loop: snapshot, stamp, then serial, LEDs, watchdog."""
        mask = self.read_seats()
        now = self.clock.now()
        for kind, seat, t in self.buzzers.sample(mask, now):
            event = _EVENT_TYPES[kind]
            self._emit(event, P.pack(event, seat, t), now)
        data = self.link.read()
        if data:
            for frame in self.decoder.feed(data):
                self._handle(frame[0], frame[1], frame[2], now)
        if self.linked:
            for wire in self.events.due(now):
                self.link.write(wire)
        self.leds.tick(now)
        self.wdt.feed()

    def _emit(self, kind, payload, now):
        wire = self.events.push(kind, payload, now)
        if self.linked:
            self.link.write(wire)

    def _send(self, kind, seq, *values):
        self.link.write(P.encode_frame(kind, seq, P.pack(kind, *values)))

    def _handle(self, kind, seq, payload, now):
        if kind == P.HELLO:
            self._hello(payload, now)
        elif not self.linked:
            return
        elif kind == P.PING:
            self._send(P.PONG, seq, self.clock.now())
        elif kind == P.EV_ACK:
            fields = P.unpack(kind, payload)
            if not self.events.ack(seq, now):
                self._send(P.EVENTS_LOST, self.events.oldest(), seq)
            elif fields and fields[0] & 1:
                for wire in self.events.resend_all(now):
                    self.link.write(wire)
        else:
            if self.commands.accept(seq) == P.Inbox.NEW:
                self._execute(kind, payload, now)
            self._send(P.B_ACK, self.commands.expected)

    def _hello(self, payload, now):
        fields = P.unpack(P.HELLO, payload)
        self._send(
            P.HELLO_ACK, 0, P.VERSION, self.boot_id, self.events.oldest(), self.buzzers.seats, self.board_id
        )
        if fields and fields[0] == P.VERSION:
            self.linked = True
            self.commands = P.Inbox()
            for wire in self.events.resend_all(now):
                self.link.write(wire)

    def _execute(self, kind, payload, now):
        fields = P.unpack(kind, payload) if kind in P.COMMANDS else None
        if fields is None:
            code = P.ERR_BAD_PAYLOAD if kind in P.COMMANDS else P.ERR_BAD_COMMAND
            self._emit(P.ERROR, P.pack(P.ERROR, code, kind), now)
            return
        self.commands_done += 1
        if kind == P.SHOW_COUNT:
            self.display.text(str(fields[0]))
        elif kind == P.SHOW_READY:
            self.display.text("rEAdy")
        elif kind == P.SHOW_STOP:
            self.display.text("St%6d" % fields[0])
        elif kind == P.BLANK:
            self.display.text("")
        elif kind == P.LEDS:
            self.leds.set(fields[0] == P.BLINK, fields[1])
        else:
            release_ms, stuck_ms, blink_ms, brightness = fields
            self.buzzers.release_stable_us = release_ms * 1000
            self.buzzers.stuck_us = stuck_ms * 1000
            self.leds.blink_us = max(1, blink_ms) * 1000
            self.display.brightness(brightness)
