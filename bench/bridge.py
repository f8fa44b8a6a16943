"""Firmware bridge figures: edge-to-callback latency and sustained events per second.

An emulated board (the real firmware logic on a pty, real-time clock) and the real
host driver: latency runs from ``Emulator.set_inputs`` (the edge, sampled at once) to
the driver's ``on_event`` callback, through the firmware, the pty, pyserial, the codec
and the sequence check. Sustained throughput keeps every seat toggling while never
letting more than 48 events wait for an ack (the board holds 64). On a real Pico add the
sample-loop period (tens of µs) and USB full-speed polling (1 ms frames).
Run from the project folder: .venv/bin/python -m bench.bridge
"""

from __future__ import annotations

import statistics
import threading
import time

from firmware_bridge.driver import open_bridge

PRESSES = 400
THROUGHPUT_S = 2.0


def _latency(board, emu, arrived: threading.Event, stamp: list) -> list[float]:
    costs_us = []
    for i in range(PRESSES):
        for mask in (1 << (i % 8), 0):
            arrived.clear()
            start = time.perf_counter_ns()
            emu.set_inputs(mask)
            if not arrived.wait(2.0):
                raise RuntimeError("an event never reached the host")
            if mask:
                costs_us.append((stamp[0] - start) / 1000)
    return costs_us


def _throughput(board, emu, count: list) -> tuple[float, int]:
    first = count[0]
    produced = 0
    start = time.perf_counter()
    while time.perf_counter() - start < THROUGHPUT_S:
        if len(emu.firmware.events.pending) > 40:
            time.sleep(0.0002)
            continue
        emu.set_inputs(0xFF if produced % 16 == 0 else 0)
        produced += 8
    deadline = time.perf_counter() + 5
    while count[0] - first < produced and time.perf_counter() < deadline:
        time.sleep(0.001)
    elapsed = time.perf_counter() - start
    return (count[0] - first) / elapsed, produced - (count[0] - first)


def run() -> dict:
    arrived = threading.Event()
    stamp = [0]
    count = [0]

    def on_event(event):
        stamp[0] = time.perf_counter_ns()
        count[0] += 1
        arrived.set()

    board = open_bridge("emulator", on_event=on_event)
    try:
        if not board.wait_connected(5):
            raise RuntimeError("the emulated board did not connect")
        emu = board.emulator
        board.set_config(release_stable_ms=0)
        while emu.firmware.buzzers.release_stable_us:
            time.sleep(0.001)
        costs = _latency(board, emu, arrived, stamp)
        rate, missing = _throughput(board, emu, count)
        cuts = statistics.quantiles(costs, n=100)
        return {
            "latency_p50_us": round(cuts[49], 1),
            "latency_p99_us": round(cuts[98], 1),
            "events_per_s": round(rate),
            "events_missing": missing,
            "gaps": board.stats.gaps,
            "lost_events": board.stats.lost_events,
        }
    finally:
        board.close()


if __name__ == "__main__":
    figures = run()
    for key, value in figures.items():
        print(f"{key}: {value}")
