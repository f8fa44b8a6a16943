"""Cost of one buzzer edge through StampedMockPin -> gpiozero's callback -> BuzzerBank.

This is the per-edge work the GPIO callback thread does on the Pi (less lgpio's own
part): it bounds how long a bounce train can keep that thread busy. Prints p50/p99 in
µs over ``edges`` edges; ``run()`` returns the figures.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardware.buzzers import BuzzerBank
from hardware.pins import make_factory

PINS = {0: "GPIO4", 1: "GPIO17", 2: "GPIO27", 3: "GPIO22", 4: "GPIO5"}


def run(edges: int = 20_000) -> dict:
    factory = make_factory(simulate=True)
    events = []
    bank = BuzzerBank(PINS, factory, events.append, start_us=0)
    pins = [factory.pin(name) for name in PINS.values()]
    costs_ns: list[int] = []
    t_us = 1_000_000
    try:
        for i in range(edges):
            pin = pins[(i // 40) % len(pins)]  # a 40-edge bounce train per buzzer in turn
            drive = pin.press_at if pin.state else pin.release_at
            t_us += 250 if i % 40 else 30_000  # trains apart by more than the stable period
            start = time.perf_counter_ns()
            drive(t_us)
            costs_ns.append(time.perf_counter_ns() - start)
    finally:
        bank.close()
        factory.close()
    cuts = statistics.quantiles(costs_ns, n=100)
    return {
        "edges": edges,
        "events": len(events),
        "p50_us": cuts[49] / 1000,
        "p99_us": cuts[98] / 1000,
        "max_us": max(costs_ns) / 1000,
    }


if __name__ == "__main__":
    figures = run()
    print(
        f"{figures['edges']} edges -> {figures['events']} events: per edge "
        f"p50 {figures['p50_us']:.1f} µs, p99 {figures['p99_us']:.1f} µs, max {figures['max_us']:.1f} µs"
    )
