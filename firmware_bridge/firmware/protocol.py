"""The wire protocol shared by the board's firmware and the host driver.

MicroPython-compatible on purpose (no typing, no dataclasses, only ``struct``): the
same file is copied to the Pico and imported by the host, so both ends cannot drift
apart. Byte-by-byte description: firmware_bridge/protocol.md.
"""

import struct

VERSION = 1

# A decoded frame: type(1) seq(2, little-endian) payload(0..MAX_PAYLOAD) crc(2, big-endian).
MAX_FRAME = 64
HEADER = 3
MAX_PAYLOAD = MAX_FRAME - HEADER - 2
# COBS adds one code byte per 254 data bytes (and one at the start); plus the 0x00.
MAX_ENCODED = MAX_FRAME + MAX_FRAME // 254 + 1

# Host -> board. Sequenced commands are acknowledged (B_ACK) and resent on timeout.
HELLO = 0x01  # payload: version u8. Unsequenced.
PING = 0x02  # seq: ping id, echoed in PONG. Unsequenced, never resent.
EV_ACK = 0x03  # seq: next event seq the host expects; payload: flags u8 (bit0 resend now).
SHOW_COUNT = 0x10  # payload: count u32
SHOW_READY = 0x11  # payload: none
SHOW_STOP = 0x12  # payload: count u32
BLANK = 0x13  # payload: none
LEDS = 0x14  # payload: mode u8 (LIGHT/BLINK), seats mask u32
SET_CONFIG = 0x15  # payload: release_stable_ms u16, stuck_ms u16, blink_ms u16, brightness u8

# Board -> host. PRESS/RELEASE/STUCK/ERROR are sequenced events, kept until acknowledged.
HELLO_ACK = 0x81  # payload: version u8, boot_id u32, oldest_event u16, seats u8, board_id 8 bytes
PONG = 0x82  # seq: the ping id; payload: board time u64
B_ACK = 0x83  # seq: next command seq the board expects
PRESS = 0x90  # payload: seat u8, first-edge time u64
RELEASE = 0x91  # payload: seat u8, time the release began u64
STUCK = 0x92  # payload: seat u8, press time u64
ERROR = 0x93  # payload: code u8, detail u32
EVENTS_LOST = 0x84  # seq: oldest event still held; payload: first lost seq u16. Unsequenced.

# Payload layout of every type, little-endian.
FORMATS = {
    HELLO: "<B",
    PING: "<",
    EV_ACK: "<B",
    SHOW_COUNT: "<I",
    SHOW_READY: "<",
    SHOW_STOP: "<I",
    BLANK: "<",
    LEDS: "<BI",
    SET_CONFIG: "<HHHB",
    HELLO_ACK: "<BIHB8s",
    PONG: "<Q",
    B_ACK: "<",
    PRESS: "<BQ",
    RELEASE: "<BQ",
    STUCK: "<BQ",
    ERROR: "<BI",
    EVENTS_LOST: "<H",
}
COMMANDS = (SHOW_COUNT, SHOW_READY, SHOW_STOP, BLANK, LEDS, SET_CONFIG)
EVENTS = (PRESS, RELEASE, STUCK, ERROR)

LIGHT = 0
BLINK = 1

ERR_BAD_COMMAND = 1  # detail: the command type
ERR_BAD_PAYLOAD = 2  # detail: the command type

SEQ_MOD = 0x10000


class FrameTooLarge(ValueError):
    """A payload that would not fit in MAX_FRAME."""


def _crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _crc_table()


def crc16(data):
    """CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor."""
    crc = 0xFFFF
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc


def cobs_encode(data):
    """Consistent Overhead Byte Stuffing: the result holds no 0x00 byte."""
    out = bytearray(len(data) + len(data) // 254 + 2)
    code_at = 0
    code = 1
    n = 1
    for byte in data:
        if byte:
            out[n] = byte
            n += 1
            code += 1
        if not byte or code == 0xFF:
            out[code_at] = code
            code_at = n
            code = 1
            n += 1
    out[code_at] = code
    return bytes(out[:n])


def cobs_decode(data):
    """Inverse of cobs_encode; None for a block that no encoder could have produced."""
    out = bytearray()
    i = 0
    end = len(data)
    while i < end:
        code = data[i]
        if code == 0 or i + code > end:
            return None
        for j in range(i + 1, i + code):
            if data[j] == 0:
                return None
            out.append(data[j])
        i += code
        if code != 0xFF and i < end:
            out.append(0)
    return bytes(out)


def encode_frame(kind, seq, payload=b""):
    """One frame ready for the wire: COBS(type seq payload crc) followed by 0x00."""
    if len(payload) > MAX_PAYLOAD:
        raise FrameTooLarge("payload of %d bytes exceeds the %d-byte limit" % (len(payload), MAX_PAYLOAD))
    body = struct.pack("<BH", kind, seq % SEQ_MOD) + bytes(payload)
    return cobs_encode(body + struct.pack(">H", crc16(body))) + b"\x00"


def decode_frame(block):
    """(type, seq, payload) from one block between 0x00 bytes, or None if damaged."""
    raw = cobs_decode(block)
    if raw is None or len(raw) < HEADER + 2 or len(raw) > MAX_FRAME:
        return None
    body = raw[:-2]
    if struct.unpack(">H", raw[-2:])[0] != crc16(body):
        return None
    kind, seq = struct.unpack("<BH", body[:HEADER])
    return kind, seq, body[HEADER:]


class FrameDecoder:
    """Splits a byte stream on 0x00 into frames, counting the damaged ones.

    Garbage costs at most the frame it runs into: decoding restarts after the next
    0x00. A block longer than MAX_ENCODED is dropped without being buffered.
    """

    def __init__(self):
        self.buf = bytearray()
        self.overlong = False
        self.frames = 0
        self.bad_frames = 0

    def feed(self, data):
        frames = []
        for byte in data:
            if byte:
                if len(self.buf) < MAX_ENCODED:
                    self.buf.append(byte)
                else:
                    self.overlong = True
                continue
            if self.overlong:
                self.bad_frames += 1
            elif self.buf:
                frame = decode_frame(self.buf)
                if frame is None:
                    self.bad_frames += 1
                else:
                    self.frames += 1
                    frames.append(frame)
            self.buf = bytearray()
            self.overlong = False
        return frames


def pack(kind, *values):
    """The payload of a ``kind`` frame from its fields (see FORMATS)."""
    return struct.pack(FORMATS[kind], *values)


def unpack(kind, payload):
    """The fields of a ``kind`` payload, or None if the type is unknown or the size wrong."""
    fmt = FORMATS.get(kind)
    if fmt is None or len(payload) != struct.calcsize(fmt):
        return None
    return struct.unpack(fmt, payload)


def seq_diff(a, b):
    """a - b in sequence space (u16, wrapping): positive when a is after b."""
    d = (a - b) % SEQ_MOD
    return d - SEQ_MOD if d >= SEQ_MOD // 2 else d


class Outbox:
    """The sending half of go-back-N: numbered frames kept until acknowledged.

    ``now`` is any µs clock of the caller's; nothing here reads a clock.
    """

    def __init__(self, capacity, timeout_us):
        self.capacity = capacity
        self.timeout_us = timeout_us
        self.next_seq = 0
        self.pending = []  # [seq, wire bytes], oldest first
        self.sent_at = None  # when the oldest pending frame was last (re)sent
        self.dropped = 0
        self.resends = 0
        self.tries = 0  # resends of the current oldest frame

    def reset(self):
        self.next_seq = 0
        self.pending = []
        self.sent_at = None
        self.tries = 0

    def oldest(self):
        return self.pending[0][0] if self.pending else self.next_seq

    def push(self, kind, payload, now):
        """Number a frame and keep it; returns its wire bytes. Drops the oldest if full."""
        seq = self.next_seq
        self.next_seq = (seq + 1) % SEQ_MOD
        wire = encode_frame(kind, seq, payload)
        if len(self.pending) >= self.capacity:
            self.pending.pop(0)
            self.dropped += 1
        self.pending.append([seq, wire])
        if self.sent_at is None:
            self.sent_at = now
        return wire

    def ack(self, next_expected, now):
        """Forget frames before ``next_expected``; False if the peer wants one we dropped."""
        if seq_diff(next_expected, self.oldest()) < 0:
            return False
        before = len(self.pending)
        while self.pending and seq_diff(self.pending[0][0], next_expected) < 0:
            self.pending.pop(0)
        if len(self.pending) != before:
            self.sent_at = now if self.pending else None
            self.tries = 0
        return True

    def due(self, now):
        """All pending frames (in order) when the oldest waited a full timeout, else []."""
        if self.sent_at is None or now - self.sent_at < self.timeout_us:
            return []
        return self.resend_all(now)

    def resend_all(self, now):
        if not self.pending:
            return []
        self.sent_at = now
        self.resends += 1
        self.tries += 1
        return [wire for _, wire in self.pending]


class Inbox:
    """The receiving half of go-back-N: accepts only the next number in order."""

    NEW = 0
    DUPLICATE = 1
    GAP = 2

    def __init__(self):
        self.expected = 0
        self.gaps = 0

    def accept(self, seq):
        d = seq_diff(seq, self.expected)
        if d == 0:
            self.expected = (self.expected + 1) % SEQ_MOD
            return self.NEW
        if d < 0:
            return self.DUPLICATE
        self.gaps += 1
        return self.GAP
