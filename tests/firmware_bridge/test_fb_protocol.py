"""The wire codec and the go-back-N halves, as pure functions."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.firmware import protocol as P


def test_crc_is_ccitt_false():
    assert P.crc16(b"123456789") == 0x29B1


@pytest.mark.parametrize("value", range(256))
def test_every_byte_value_round_trips(value):
    for data in (bytes([value]), bytes([value]) * 300, bytes([1, value, 0, value])):
        encoded = P.cobs_encode(data)
        assert 0 not in encoded
        assert P.cobs_decode(encoded) == data


def test_frames_carry_every_byte_value():
    everything = bytes(range(256))
    chunks = [everything[i : i + P.MAX_PAYLOAD] for i in range(0, 256, P.MAX_PAYLOAD)]
    decoder = P.FrameDecoder()
    wire = b"".join(P.encode_frame(P.PRESS, i, c) for i, c in enumerate(chunks))
    assert decoder.feed(wire) == [(P.PRESS, i, c) for i, c in enumerate(chunks)]
    assert decoder.bad_frames == 0


def test_frame_at_the_size_limit_round_trips():
    payload = bytes(range(1, P.MAX_PAYLOAD + 1))
    wire = P.encode_frame(P.ERROR, 0xFFFF, payload)
    assert len(wire) <= P.MAX_ENCODED + 1
    assert P.FrameDecoder().feed(wire) == [(P.ERROR, 0xFFFF, payload)]


def test_frame_over_the_limit_is_refused_with_its_size():
    with pytest.raises(P.FrameTooLarge, match=f"{P.MAX_PAYLOAD + 1} bytes exceeds the {P.MAX_PAYLOAD}"):
        P.encode_frame(P.ERROR, 0, bytes(P.MAX_PAYLOAD + 1))


def test_overlong_block_is_counted_and_the_next_frame_survives():
    body = bytes([P.ERROR, 0, 0]) + bytes(range(1, 120))
    overlong = P.cobs_encode(body + P.crc16(body).to_bytes(2, "big")) + b"\x00"
    good = P.encode_frame(P.PONG, 7, P.pack(P.PONG, 123))
    decoder = P.FrameDecoder()
    assert decoder.feed(overlong + good) == [(P.PONG, 7, P.pack(P.PONG, 123))]
    assert decoder.bad_frames == 1
    assert len(decoder.buf) == 0


def test_every_single_bit_flip_is_detected():
    for wire in (
        P.encode_frame(P.PRESS, 513, P.pack(P.PRESS, 3, 2**40 + 5)),
        P.encode_frame(P.LEDS, 0, P.pack(P.LEDS, P.BLINK, 0xFF)),
    ):
        for i in range(len(wire) - 1):
            for bit in range(8):
                damaged = bytearray(wire)
                damaged[i] ^= 1 << bit
                decoder = P.FrameDecoder()
                assert decoder.feed(bytes(damaged)) == [], (i, bit)
                assert decoder.bad_frames >= 1


def test_payload_formats_reject_wrong_sizes():
    assert P.unpack(P.PRESS, P.pack(P.PRESS, 2, 99)) == (2, 99)
    assert P.unpack(P.PRESS, b"\x01") is None
    assert P.unpack(0x7F, b"") is None


frames = st.tuples(
    st.sampled_from(sorted(P.FORMATS)), st.integers(0, 0xFFFF), st.binary(max_size=P.MAX_PAYLOAD)
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000), st.integers(1, 64))
def test_random_bytes_never_raise(stream, chunk):
    decoder = P.FrameDecoder()
    for i in range(0, len(stream), chunk):
        for _kind, seq, payload in decoder.feed(stream[i : i + chunk]):
            assert 0 <= seq <= 0xFFFF and len(payload) <= P.MAX_PAYLOAD


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(frames, st.binary(max_size=200)), max_size=20), st.integers(1, 50))
def test_valid_frames_after_garbage_are_recovered(items, chunk):
    """Garbage costs nothing past the next 0x00: every valid frame after it comes through."""
    stream = b"".join(garbage + b"\x00" + P.encode_frame(*frame) for frame, garbage in items)
    decoder = P.FrameDecoder()
    out = []
    for i in range(0, len(stream), chunk):
        out.extend(decoder.feed(stream[i : i + chunk]))
    expected = iter(out)
    assert all(frame in expected for frame, _ in items)  # in order, maybe with lucky garbage
    assert len(out) - len(items) <= sum(1 for _, g in items if g)


@settings(max_examples=300, deadline=None)
@given(frames, frames, st.data())
def test_mutated_frame_never_hides_the_next(first, second, data):
    wire = bytearray(P.encode_frame(*first))
    for _ in range(data.draw(st.integers(1, 4))):
        wire[data.draw(st.integers(0, len(wire) - 2))] = data.draw(st.integers(0, 255))
    decoder = P.FrameDecoder()
    out = decoder.feed(bytes(wire) + P.encode_frame(*second))
    assert out[-1] == second
    assert len(out) == 2 or decoder.bad_frames >= 1 or bytes(wire) == P.encode_frame(*first)


def test_sequence_numbers_wrap():
    assert P.seq_diff(0, 0xFFFF) == 1
    assert P.seq_diff(0xFFFF, 0) == -1
    inbox = P.Inbox()
    inbox.expected = 0xFFFF
    assert [inbox.accept(s) for s in (0xFFFF, 0, 0, 2)] == [
        P.Inbox.NEW,
        P.Inbox.NEW,
        P.Inbox.DUPLICATE,
        P.Inbox.GAP,
    ]
    assert inbox.expected == 1 and inbox.gaps == 1


def test_outbox_keeps_frames_until_acked_and_resends_in_order():
    box = P.Outbox(capacity=3, timeout_us=100)
    wires = [box.push(P.PRESS, P.pack(P.PRESS, s, s), now=0) for s in range(3)]
    assert box.due(now=99) == []
    assert box.due(now=100) == wires
    assert box.ack(2, now=150) and box.oldest() == 2
    assert box.due(now=249) == [] and box.due(now=250) == wires[2:]
    box.push(P.PRESS, b"", 300), box.push(P.PRESS, b"", 300), box.push(P.PRESS, b"", 300)
    assert box.dropped == 1 and box.oldest() == 3
    assert not box.ack(2, now=400)  # the peer wants a frame that is gone
