"""The pin map: which GPIO each buzzer, lockout LED and display LED is wired to.

It is read from the ``[pins]`` table of the appliance's TOML config and checked before
a game starts, so a wiring mistake is a clear message, not a silent dead buzzer.
Pins are written with BCM names ("GPIO17"); gpiozero's own board data resolves them
and gives the physical header pin shown in messages and the wiring guide.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpiozero.pins.pi import PiBoardInfo

DEFAULT_PIN_FILE = Path(__file__).with_name("default_pins.toml")

# Any 40-pin Pi shares this header layout; a 3B's board data stands for all of them.
_BOARD = PiBoardInfo.from_revision(0xA02082)

# Always off limits: the HAT identification EEPROM lines.
_ALWAYS_RESERVED = {"GPIO0": "the HAT ID EEPROM", "GPIO1": "the HAT ID EEPROM"}
_INTERFACES = {
    "i2c": ("GPIO2", "GPIO3"),
    "uart": ("GPIO14", "GPIO15"),
    "spi": ("GPIO7", "GPIO8", "GPIO9", "GPIO10", "GPIO11"),  # SPI0: CE1, CE0, MISO, MOSI, SCLK
}
DISPLAYS = ("bargraph", "max7219", "none")
_KEYS = {"buzzers", "leds", "display", "bar", "piezo", "reserve", "max7219"}


class PinMapError(ValueError):
    """The pin map cannot be wired as written; the message names the entry."""


@dataclass(frozen=True)
class PinMap:
    """Checked pin assignments. A pin map file numbers the seats from 1, as the phones and
    the terminal do; inside the program seats are numbered from 0, like the engine's."""

    buzzers: dict[int, str]
    leds: dict[int, str]
    display: str = "bargraph"
    bar: tuple[str, ...] = ()
    piezo: str | None = None
    spi_port: int = 0
    spi_device: int = 0

    @property
    def seats(self) -> list[int]:
        return sorted(self.buzzers)


def header_pin(name: str) -> int:
    """The physical pin number on the 40-pin header of a GPIO written "GPIOn"."""
    return _resolve(name, "pin")[1]


def load_pin_map_file(path: str | Path) -> PinMap:
    """Read and check the ``[pins]`` table of a TOML config file.

    A missing or empty table means the default pin map, as in the appliance's config.
    """
    path = Path(path)
    try:
        with path.open("rb") as f:
            config = tomllib.load(f)
    except FileNotFoundError:
        raise PinMapError(f"pin map file not found: {path}") from None
    except OSError as exc:  # a folder; a file only the service's user may read (sudo)
        raise PinMapError(f"cannot read the pin map file {path}: {exc.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:  # TOML is UTF-8 text
        raise PinMapError(f"{path}: not valid TOML: {exc}") from None
    table = config.get("pins", {})
    if not isinstance(table, dict):
        raise PinMapError(f"{path}: pins must be a [pins] table")
    return load_pin_map(table) if table else load_pin_map_file(DEFAULT_PIN_FILE)


def load_pin_map(table: Mapping[str, Any]) -> PinMap:
    """Check a ``[pins]`` table and turn it into a ``PinMap``."""
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise PinMapError(f"pins: unknown key(s) {unknown}; expected some of {sorted(_KEYS)}")
    display = table.get("display", "bargraph")
    if display not in DISPLAYS:
        raise PinMapError(f"pins.display: {display!r} is not one of {list(DISPLAYS)}")
    buzzers = _seat_table(table, "buzzers")
    if not buzzers:
        raise PinMapError("pins.buzzers: no buzzer listed")
    _check_seats_numbered(buzzers)
    leds = _seat_table(table, "leds")
    if leds and leds.keys() != buzzers.keys():
        raise PinMapError(
            f"pins.leds: seats {_numbers(leds)} must match pins.buzzers seats {_numbers(buzzers)}"
        )
    bar = _bar(table, display)
    piezo = table.get("piezo")
    spi_port, spi_device = _spi(table.get("max7219", {}))
    used: dict[str, str] = {}
    for where, pin in _entries(buzzers, leds, bar, piezo):
        name = _resolve(pin, where)[0]
        if name in used:
            raise PinMapError(f"{name} is used twice: {used[name]} and {where}")
        used[name] = where
    _check_reserved(used, table.get("reserve", []), display)
    return PinMap(
        buzzers={seat: _canon(pin) for seat, pin in buzzers.items()},
        leds={seat: _canon(pin) for seat, pin in leds.items()},
        display=display,
        bar=tuple(_canon(pin) for pin in bar),
        piezo=_canon(piezo) if piezo is not None else None,
        spi_port=spi_port,
        spi_device=spi_device,
    )


def _resolve(pin: Any, where: str) -> tuple[str, int]:
    """A GPIO's canonical name and header pin, or a PinMapError naming ``where``."""
    if not isinstance(pin, str) or not pin.upper().startswith("GPIO"):
        raise PinMapError(f'{where}: unknown pin {pin!r}; write BCM names like "GPIO17"')
    found = list(_BOARD.find_pin(pin.upper()))
    if not found or "gpio" not in found[0][1].interfaces:
        raise PinMapError(f"{where}: unknown pin {pin!r}; the 40-pin header has GPIO0 to GPIO27")
    info = found[0][1]
    return info.name, info.number


def _canon(pin: str) -> str:
    return _resolve(pin, "pin")[0]


def _seat_table(table: Mapping[str, Any], key: str) -> dict[int, Any]:
    raw = table.get(key, {})
    if not isinstance(raw, dict):
        raise PinMapError(f'pins.{key}: expected a table of seat = "GPIOn"')
    seats: dict[int, Any] = {}
    for seat, pin in raw.items():
        try:
            seats[int(seat) - 1] = pin
        except ValueError:
            raise PinMapError(f"pins.{key}: seat {seat!r} is not a number") from None
    return seats


def _numbers(seats: Mapping[int, Any]) -> list[int]:
    """Seats as a person numbers them (from 1)."""
    return sorted(seat + 1 for seat in seats)


def _check_seats_numbered(buzzers: dict[int, Any]) -> None:
    missing = sorted(set(range(max(buzzers) + 1)) - buzzers.keys())
    if missing or min(buzzers) < 0:
        raise PinMapError(
            f"pins.buzzers: seats must be numbered 1 to {len(buzzers)} with none missing, as "
            f"on the phones; got {_numbers(buzzers)}"
        )


def _bar(table: Mapping[str, Any], display: str) -> list[Any]:
    bar = table.get("bar", [])
    if not isinstance(bar, list):
        raise PinMapError("pins.bar: expected a list of pins, bottom LED first")
    if display == "bargraph" and not bar:
        raise PinMapError("pins.bar: the bargraph display needs its LED pins listed")
    return bar if display == "bargraph" else []


def _spi(settings: Mapping[str, Any]) -> tuple[int, int]:
    port, device = settings.get("spi_port", 0), settings.get("spi_device", 0)
    if port != 0 or device not in (0, 1):
        raise PinMapError(
            f"pins.max7219: spi_port must be 0 and spi_device 0 (CE0) or 1 (CE1); got {port} and {device}"
        )
    return port, device


def _entries(buzzers, leds, bar, piezo):
    for seat, pin in sorted(buzzers.items()):
        yield f"pins.buzzers.{seat + 1}", pin
    for seat, pin in sorted(leds.items()):
        yield f"pins.leds.{seat + 1}", pin
    for i, pin in enumerate(bar):
        yield f"pins.bar[{i}]", pin
    if piezo is not None:
        yield "pins.piezo", piezo


def _check_reserved(used: dict[str, str], reserve: Any, display: str) -> None:
    if not isinstance(reserve, list) or set(reserve) - _INTERFACES.keys():
        raise PinMapError(f"pins.reserve: expected a list of {sorted(_INTERFACES)}; got {reserve!r}")
    reserved = dict(_ALWAYS_RESERVED)
    for interface in reserve:
        reserved.update(
            (pin, f"{interface.upper()} (listed in pins.reserve)") for pin in _INTERFACES[interface]
        )
    if display == "max7219":
        reserved.update((pin, "SPI: the max7219 display uses it") for pin in _INTERFACES["spi"])
    for name, where in used.items():
        if name in reserved:
            raise PinMapError(f"{where}: {name} is reserved for {reserved[name]}")
