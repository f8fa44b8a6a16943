"""The pin map is refused before a game starts when it cannot be wired as written."""

from __future__ import annotations

import copy
import tomllib

import pytest

from companion.config import DEFAULT_FILE
from hardware.pinmap import DEFAULT_PIN_FILE, PinMapError, header_pin, load_pin_map, load_pin_map_file


@pytest.fixture
def table():
    with DEFAULT_PIN_FILE.open("rb") as f:
        return copy.deepcopy(tomllib.load(f)["pins"])


def test_default_pin_map_has_five_buzzers_five_leds_ten_bar_leds_and_a_piezo():
    pin_map = load_pin_map_file(DEFAULT_PIN_FILE)
    assert pin_map.seats == [0, 1, 2, 3, 4]
    assert sorted(pin_map.leds) == [0, 1, 2, 3, 4]
    assert len(pin_map.bar) == 10
    assert pin_map.piezo == "GPIO18"
    used = [*pin_map.buzzers.values(), *pin_map.leds.values(), *pin_map.bar, pin_map.piezo]
    assert len(set(used)) == 21


def test_header_pins_follow_the_40_pin_layout():
    assert [header_pin(name) for name in ("GPIO17", "GPIO4", "GPIO21", "GPIO2")] == [11, 7, 40, 3]


def test_names_are_canonicalised(table):
    table["buzzers"]["1"] = "gpio4"
    assert load_pin_map(table).buzzers[0] == "GPIO4"  # seat 1 in the file is seat 0 inside


@pytest.mark.parametrize(
    "pin, message",
    [
        ("GPIO99", "pins.buzzers.2: unknown pin 'GPIO99'"),
        ("BCM4x", "pins.buzzers.2: unknown pin 'BCM4x'"),
        ("GND", "pins.buzzers.2: unknown pin 'GND'"),
        (17, "pins.buzzers.2: unknown pin 17"),
    ],
)
def test_unknown_pin_names_are_refused(table, pin, message):
    table["buzzers"]["2"] = pin
    with pytest.raises(PinMapError, match=message):
        load_pin_map(table)


def test_two_buzzers_on_one_pin_are_refused(table):
    table["buzzers"]["4"] = table["buzzers"]["2"]
    with pytest.raises(PinMapError, match="GPIO17 is used twice: pins.buzzers.2 and pins.buzzers.4"):
        load_pin_map(table)


def test_a_buzzer_and_an_led_on_one_pin_are_refused(table):
    table["leds"]["5"] = "GPIO4"
    with pytest.raises(PinMapError, match="GPIO4 is used twice: pins.buzzers.1 and pins.leds.5"):
        load_pin_map(table)


def test_reserved_interface_pins_are_refused(table):
    table["piezo"] = "GPIO14"
    with pytest.raises(PinMapError, match="pins.piezo: GPIO14 is reserved for UART"):
        load_pin_map(table)
    table["piezo"] = "GPIO0"
    with pytest.raises(PinMapError, match="HAT ID EEPROM"):
        load_pin_map(table)


def test_max7219_reserves_spi_and_frees_the_bar(table):
    table["display"] = "max7219"
    assert load_pin_map(table).bar == ()
    table["buzzers"]["4"] = "GPIO11"
    with pytest.raises(PinMapError, match="pins.buzzers.4: GPIO11 is reserved for SPI"):
        load_pin_map(table)


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda t: t["buzzers"].pop("3"),
            r"seats must be numbered 1 to 4 with none missing, as on the "
            r"phones; got \[1, 2, 4, 5\]",
        ),
        (lambda t: t["leds"].pop("5"), r"pins.leds: seats \[1, 2, 3, 4\] must match"),
        (lambda t: t["buzzers"].clear(), "no buzzer listed"),
        (lambda t: t["buzzers"].update(x="GPIO11"), "seat 'x' is not a number"),
        (lambda t: t.update(display="lcd"), "pins.display: 'lcd'"),
        (lambda t: t.update(bar=[]), "needs its LED pins"),
        (lambda t: t.update(buzzer={}), r"unknown key\(s\) \['buzzer'\]"),
        (lambda t: t.update(reserve=["can"]), "pins.reserve"),
        (lambda t: t.update(max7219={"spi_device": 2}), "spi_device 0"),
    ],
)
def test_incomplete_or_misspelt_tables_are_refused(table, change, message):
    change(table)
    with pytest.raises(PinMapError, match=message):
        load_pin_map(table)


def test_missing_unreadable_or_bad_toml_files_and_a_pins_value_that_is_no_table_are_refused(tmp_path):
    with pytest.raises(PinMapError, match="pin map file not found"):
        load_pin_map_file(tmp_path / "absent.toml")
    with pytest.raises(PinMapError, match="cannot read the pin map file .*: Is a directory"):
        load_pin_map_file(tmp_path)
    bad = tmp_path / "bad.toml"
    bad.write_text("[pins\n")
    with pytest.raises(PinMapError, match="not valid TOML"):
        load_pin_map_file(bad)
    bad.write_bytes(b"\xff\xfe[pins]\n")
    with pytest.raises(PinMapError, match=f"{bad}: not valid TOML: 'utf-8'"):
        load_pin_map_file(bad)
    flat = tmp_path / "flat.toml"
    flat.write_text('pins = "GPIO4"\n')
    with pytest.raises(PinMapError, match=r"pins must be a \[pins\] table"):
        load_pin_map_file(flat)


def test_a_config_with_no_or_an_empty_pins_table_means_the_default_map(tmp_path):
    """As in the appliance's config: wiring-check reads /etc/samarkand/config.toml as it is."""
    other = tmp_path / "other.toml"
    other.write_text("[table]\nstep_ms = 500\n")
    default = load_pin_map_file(DEFAULT_PIN_FILE)
    assert load_pin_map_file(DEFAULT_FILE) == default == load_pin_map_file(other)


def test_the_wiring_guide_table_matches_the_default_pin_map():
    guide = (DEFAULT_PIN_FILE.parent / "WIRING.md").read_text()
    pin_map = load_pin_map_file(DEFAULT_PIN_FILE)
    rows = [
        *(f"| buzzer seat {seat + 1} | {pin} | {header_pin(pin)} |" for seat, pin in pin_map.buzzers.items()),
        *(
            f"| lockout LED seat {seat + 1} | {pin} | {header_pin(pin)} |"
            for seat, pin in pin_map.leds.items()
        ),
        *(f"| bar graph LED {i} | {pin} | {header_pin(pin)} |" for i, pin in enumerate(pin_map.bar, 1)),
        f"| piezo (optional) | {pin_map.piezo} | {header_pin(pin_map.piezo)} |",
    ]
    table = guide.replace(" (bottom)", "").replace(" (top)", "")
    assert [row for row in rows if row not in table] == []
