"""The table runtime on the real clock: tick error and the stop's path to the engine.

- Tick error: how late after its absolute deadline the loop shows each count, over full
  countdowns (goal: p99 under 2 ms on this machine).
- Stop latency: from the moment a stop's tie window has closed (first press + W + the
  input latency allowance) to the stop event being journalled by the engine.
Presses go through mock pins and the buzzer bank, the path real edges take.
Run: .venv/bin/python bench/runtime.py
"""

from __future__ import annotations

import time

from companion.core.chance import SeededChance
from companion.core.game import Event
from companion.core.match import Match
from companion.games.marche.game import MarcheGame
from companion.games.marche.realtime import MarcheCountdown, Timing
from companion.runtime.runner import Runner
from companion.runtime.session import NullJournal, Session
from companion.runtime.signals import now_us
from hardware.buzzers import BuzzerBank
from hardware.pins import make_factory


class TimedJournal(NullJournal):
    def __init__(self) -> None:
        self.stops: list[tuple[int, dict]] = []

    def record(self, events, notes=()) -> None:
        for event in events:
            if event.kind == "stop":
                self.stops.append((now_us(), event.data))


def percentiles(values: list[int]) -> dict:
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"p50_us": pick(0.5), "p99_us": pick(0.99), "max_us": ordered[-1], "n": len(ordered)}


def run(step_ms: int = 250, countdowns: int = 3, stops: int = 20) -> dict:
    timing = Timing.from_ms(tie_window_ms=100, step_ms=step_ms, lead_in_ms=100, claim_deadline_ms=60_000)
    journal = TimedJournal()
    core = Session(Match(MarcheGame(), {"players": 5}, SeededChance(1)), journal, MarcheCountdown(timing))
    factory = make_factory(simulate=True)
    loop = Runner(core)
    bank = BuzzerBank({s: f"GPIO{20 + s}" for s in range(5)}, factory, loop.on_buzzer)
    loop.poll_inputs = bank.poll
    core.start(now_us())
    loop.start()
    try:

        def offer(now):
            if core.state.phase == "picking":
                for seat in range(5):
                    core.act(Event("pick", seat, {"card": core.state.hands[seat][0]}), now)

        for turn in range(countdowns):  # full countdowns, nobody stops
            loop.call(offer)
            while core.state.turn == turn + 1:
                time.sleep(0.05)
        ticks = list(loop.tick_lateness_us)
        pin = factory.pin("GPIO20")
        for _ in range(stops):  # stops: press, claim nothing
            while core.shown(now_us())[1] not in range(1, 11) or core.state.phase != "countdown":
                loop.call(offer)
                time.sleep(0.005)
            pin.press_at(now_us())
            pin.release_at(now_us() + 50_000)
            while core.state.phase != "claiming":
                time.sleep(0.001)
            loop.call(core.act, Event("claim", 0, {"target": None}))
            time.sleep(0.03)
        closed = [
            n["first_us"] + timing.tie_window_us + timing.latency_us
            for n in core.notes
            if n["note"] == "stop_evidence"
        ]
        lat = [at - close for (at, _), close in zip(journal.stops, closed)]
    finally:
        loop.stop()
        bank.close()
    return {"tick_error": percentiles(ticks), "stop_to_engine": percentiles(lat), "step_ms": step_ms}


if __name__ == "__main__":
    figures = run()
    for key in ("tick_error", "stop_to_engine"):
        print(f"{key}: " + ", ".join(f"{k} {v}" for k, v in figures[key].items()))
