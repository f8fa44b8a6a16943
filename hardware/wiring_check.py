"""``samarkand wiring-check``: a self-test a person runs after soldering.

Each output is lit in turn for the person to see; then each buzzer is asked for in
turn and whatever press arrives tells whether it works, answers on another seat's pin
(swapped wires), is low before anyone touched it (stuck or shorted), or never answers.
"""

from __future__ import annotations

import argparse
import math
import queue
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from companion.runtime.signals import BuzzerEvent
from companion.runtime.signals import now_us as table_now_us

from .buzzers import BuzzerBank
from .display import BarGraphDisplay, DisplayUnavailable, Max7219Display, PiezoTick
from .lights import LockoutLights
from .pinmap import DEFAULT_PIN_FILE, PinMap, PinMapError, header_pin, load_pin_map_file
from .pins import NoGpioError, make_factory


class Prompt(str):
    """What the person is asked to do; ``seat`` names the buzzer asked for, if any."""

    seat: int | None

    def __new__(cls, text: str, seat: int | None = None) -> Prompt:
        prompt = super().__new__(cls, text)
        prompt.seat = seat
        return prompt


@dataclass
class WiringReport:
    """What the check found, seat by seat, and what it showed to be checked by eye."""

    pins: dict[int, str]
    working: list[int] = field(default_factory=list)
    stuck: list[int] = field(default_factory=list)
    swapped: dict[int, int] = field(default_factory=dict)  # seat asked -> seat that answered
    dead: list[int] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.stuck or self.swapped or self.dead or self.problems)


def _where(pin: str) -> str:
    return f"{pin}, header pin {header_pin(pin)}"


def run_wiring_check(
    pin_map: PinMap,
    factory,
    ask: Callable[[str], None],
    timeout_s: float = 10.0,
    now_us: Callable[[], int] = table_now_us,
    hold: Callable[[float], None] = time.sleep,
    show_s: float = 1.0,
) -> WiringReport:
    """Run the whole check; ``ask`` tells the person what to do (it may block).

    ``hold`` keeps each output lit for ``show_s`` so a person can see it; tests pass
    a no-op. Presses come from the GPIO callback thread through a queue, so a test's
    ``ask`` may drive the mock pins directly.
    """
    report = WiringReport(pins=dict(pin_map.buzzers))
    events: queue.Queue[BuzzerEvent] = queue.Queue()
    with ExitStack() as stack:
        bank = stack.enter_context(BuzzerBank(pin_map.buzzers, factory, events.put, start_us=now_us()))
        down_at_start = {seat for seat in pin_map.seats if bank.is_down(seat)}
        _show_outputs(pin_map, factory, ask, lambda: hold(show_s), report, stack)
        for seat in pin_map.seats:
            if seat in down_at_start:
                report.stuck.append(seat)
                continue
            _drain(events)
            ask(Prompt(f"Press and release the buzzer of seat {seat + 1}", seat))
            answer = _next_press(events, timeout_s)
            if answer is None:
                report.dead.append(seat)
            elif answer == seat:
                report.working.append(seat)
            else:
                report.swapped[seat] = answer
    return report


def _show_outputs(pin_map, factory, ask, hold, report: WiringReport, stack: ExitStack) -> None:
    if pin_map.leds:
        lights = LockoutLights(pin_map.leds, factory)
        stack.callback(lights.close)
        for seat, pin in sorted(pin_map.leds.items()):
            lights.light([seat])
            _show(f"seat {seat + 1}'s lockout LED ({_where(pin)}) is lit alone", ask, hold, report)
        lights.clear()
    if pin_map.display == "bargraph":
        bar = BarGraphDisplay(pin_map.bar, factory)
        stack.callback(bar.close)
        bar.show_count(len(pin_map.bar))
        pins = ", ".join(f"{pin} (pin {header_pin(pin)})" for pin in pin_map.bar)
        _show(f"all {len(pin_map.bar)} bar graph LEDs are lit: {pins}", ask, hold, report)
        bar.blank()
    elif pin_map.display == "max7219":
        try:
            digits = Max7219Display(port=pin_map.spi_port, spi_device=pin_map.spi_device)
        except DisplayUnavailable as exc:
            report.problems.append(str(exc))
        else:
            stack.callback(digits.close)
            digits.show_count(88888888)
            _show("the MAX7219 shows 88888888", ask, hold, report)
            digits.blank()
    if pin_map.piezo is not None:
        piezo = PiezoTick(pin_map.piezo, factory)
        stack.callback(piezo.close)
        piezo.show_stop(0)
        _show(f"the piezo ({_where(pin_map.piezo)}) beeps", ask, hold, report)


def _show(what: str, ask, hold, report: WiringReport) -> None:
    ask(Prompt(f"Check that {what}"))
    hold()
    report.shown.append(what)


def _drain(events: queue.Queue) -> None:
    while True:
        try:
            events.get_nowait()
        except queue.Empty:
            return


def _next_press(events: queue.Queue, timeout_s: float) -> int | None:
    deadline = time.monotonic() + timeout_s
    while (remaining := deadline - time.monotonic()) > 0:
        try:
            event = events.get(timeout=remaining)
        except queue.Empty:
            return None
        if event.pressed:
            return event.seat
    return None


def format_report(report: WiringReport) -> str:
    """The report as a person reads it: one line per buzzer, then the outputs shown."""
    lines = ["Buzzers:"]
    for seat, pin in sorted(report.pins.items()):
        if seat in report.working:
            verdict = "works"
        elif seat in report.stuck:
            verdict = "STUCK: low before any press (shorted wire, or a normally-closed contact)"
        elif seat in report.swapped:
            other = report.swapped[seat]
            verdict = (
                f"SWAPPED: its button answered on seat {other + 1}'s pin "
                f"({_where(report.pins[other])}): swap the two wires"
            )
        else:
            verdict = "DEAD: no press before the timeout (check its wire and its GND)"
        lines.append(f"  seat {seat + 1} ({_where(pin)}): {verdict}")
    if report.shown:
        lines.append("Outputs shown, to be confirmed by eye and ear:")
        lines.extend(f"  {what}" for what in report.shown)
    lines.extend(f"Problem: {problem}" for problem in report.problems)
    lines.append("All wiring checks passed." if report.ok else "Wiring has problems: see above.")
    return "\n".join(lines)


def _simulated_person(factory, pin_map: PinMap) -> Callable[[str], None]:
    """In simulation nobody is at the table: press each buzzer when it is asked for."""

    def ask(prompt: str) -> None:
        print(prompt)
        seat = getattr(prompt, "seat", None)
        if seat is not None:
            pin = factory.pin(pin_map.buzzers[seat])
            pin.press_at(table_now_us())
            pin.release_at(table_now_us())

    return ask


def _seconds(text: str) -> float:
    """--timeout: 0, a negative wait or nan would call every buzzer dead at once; inf
    would wait for ever for a dead one."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="samarkand wiring-check",
        description="Light each output and ask for each buzzer to find wiring faults.",
    )
    parser.add_argument(
        "--config",
        type=Path,
        default=DEFAULT_PIN_FILE,
        help="TOML config with a [pins] table (default: the built-in pin map)",
    )
    parser.add_argument(
        "--simulate", action="store_true", help="mock pins, and a simulated person pressing each buzzer"
    )
    parser.add_argument(
        "--timeout", type=_seconds, default=10.0, help="seconds to wait for each buzzer (default 10)"
    )
    args = parser.parse_args(argv)
    try:
        pin_map = load_pin_map_file(args.config)
        factory = make_factory(args.simulate)
    except (PinMapError, NoGpioError) as exc:
        print(f"wiring-check: {exc}", file=sys.stderr)
        return 2
    try:
        if args.simulate:
            report = run_wiring_check(
                pin_map, factory, _simulated_person(factory, pin_map), args.timeout, hold=lambda s: None
            )
        else:
            report = run_wiring_check(pin_map, factory, print, args.timeout)
    finally:
        factory.close()
    print(format_report(report))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
