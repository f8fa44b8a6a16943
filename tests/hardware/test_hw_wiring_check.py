"""The wiring self-test finds working, stuck, swapped and dead buzzers on mock pins."""

from __future__ import annotations

import pytest

from hardware.pinmap import load_pin_map
from hardware.wiring_check import format_report, main, run_wiring_check

PINS = {
    "display": "bargraph",
    "bar": ["GPIO23", "GPIO24", "GPIO25"],
    "buzzers": {"1": "GPIO4", "2": "GPIO17", "3": "GPIO27", "4": "GPIO22", "5": "GPIO5"},
    "leds": {"1": "GPIO6", "2": "GPIO13", "3": "GPIO19", "4": "GPIO26", "5": "GPIO12"},
}


class Person:
    """Answers each buzzer prompt by pressing the button wired to ``wiring[seat]``'s pin."""

    def __init__(self, factory, pin_map, wiring: dict[int, int | None]):
        self.factory, self.pin_map, self.wiring = factory, pin_map, wiring
        self.lit_when_asked: list[list[str]] = []
        self.t = 1_000_000

    def __call__(self, prompt: str) -> None:
        on = [name for name in self.outputs() if self.factory.pin(name).state]
        self.lit_when_asked.append(on)
        if prompt.seat is None or self.wiring.get(prompt.seat) is None:
            return
        pin = self.factory.pin(self.pin_map.buzzers[self.wiring[prompt.seat]])
        self.t += 100_000
        pin.press_at(self.t)
        pin.release_at(self.t + 80_000)

    def outputs(self) -> list[str]:
        return [*self.pin_map.leds.values(), *self.pin_map.bar]


def test_working_stuck_swapped_and_dead_buzzers_are_told_apart(factory, short_to_ground):
    pin_map = load_pin_map(PINS)
    short_to_ground("GPIO27")  # seat 3
    person = Person(factory, pin_map, {0: 0, 1: 3, 3: 1, 4: None})
    report = run_wiring_check(pin_map, factory, person, timeout_s=0.05, hold=lambda s: None)
    assert report.working == [0]
    assert report.stuck == [2]
    assert report.swapped == {1: 3, 3: 1}
    assert report.dead == [4]
    assert not report.ok
    text = format_report(report)
    assert "seat 3 (GPIO27, header pin 13): STUCK" in text
    assert (
        "seat 2 (GPIO17, header pin 11): SWAPPED: its button answered on seat 4's pin (GPIO22, header pin 15)"
        in text
    )
    assert "seat 5 (GPIO5, header pin 29): DEAD" in text
    assert text.endswith("Wiring has problems: see above.")


def test_each_led_is_lit_alone_then_the_whole_bar(factory):
    pin_map = load_pin_map(PINS)
    person = Person(factory, pin_map, {seat: seat for seat in range(5)})
    report = run_wiring_check(pin_map, factory, person, timeout_s=0.05, hold=lambda s: None)
    leds = list(pin_map.leds.values())
    assert person.lit_when_asked[:6] == [[led] for led in leds] + [list(pin_map.bar)]
    assert person.lit_when_asked[6:] == [[]] * 5  # everything dark while buzzers are asked for
    assert report.ok and report.working == [0, 1, 2, 3, 4]
    assert "seat 4's lockout LED (GPIO26, header pin 37) is lit alone" in report.shown


def test_a_bad_press_bounce_is_one_answer(factory):
    pin_map = load_pin_map(PINS)

    def bouncy(prompt):
        if prompt.seat is not None:
            pin = factory.pin(pin_map.buzzers[prompt.seat])
            for i in range(20):
                (pin.press_at if i % 2 == 0 else pin.release_at)(prompt.seat * 1_000_000 + i * 300)

    report = run_wiring_check(pin_map, factory, bouncy, timeout_s=0.05, hold=lambda s: None)
    assert report.working == [0, 1, 2, 3, 4]


def test_main_in_simulation_passes_and_a_bad_config_exits_2(tmp_path, capsys):
    assert main(["--simulate", "--timeout", "1"]) == 0
    assert "All wiring checks passed." in capsys.readouterr().out
    assert main(["--simulate", "--config", str(tmp_path / "none.toml")]) == 2
    assert "pin map file not found" in capsys.readouterr().err


@pytest.mark.parametrize("timeout", ["0", "-1", "nan", "inf", "soon"])
def test_a_timeout_that_is_no_wait_is_refused_in_one_line(timeout, capsys):
    """0, a negative wait or nan would call every buzzer dead before anyone could press."""
    with pytest.raises(SystemExit) as done:
        main(["--simulate", "--timeout", timeout])
    err = capsys.readouterr().err
    assert done.value.code == 2 and "argument --timeout:" in err and timeout in err
    assert "Traceback" not in err
