"""``samarkand doctor`` on this machine, and on a pretend Pi whose faults the tests choose.

The pretend Pi is a tmp folder of device files, an environment, a working folder and an
``access`` that refuses the paths a test names (the suite runs as root, whom the real
``os.access`` never refuses).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import types
from pathlib import Path

import pytest
from network.nm_rig import fake_network
from ports import free_port

from companion.appliance import doctor
from companion.appliance.cli import main as samarkand
from companion.appliance.doctor import FAIL, NOTE, OK, Host, diagnose
from companion.appliance.network import PROFILE
from companion.config import load_config
from companion.store import EventStore

PINS = {
    "buzzers": {"1": "GPIO4", "2": "GPIO17"},
    "leds": {"1": "GPIO6", "2": "GPIO13"},
    "display": "bargraph",
    "bar": ["GPIO23", "GPIO24"],
}


class PretendPi:
    """A Pi with its gpiochip, lgpio and a free web port; ``refused`` paths are closed to the user."""

    def __init__(self, tmp: Path) -> None:
        self.tmp, self.dev, self.refused = tmp, tmp / "dev", set()
        self.dev.mkdir()
        (self.dev / "gpiochip0").touch()
        (tmp / "work").mkdir()

    def host(self, **overrides) -> Host:
        settings = {
            "store": {"path": str(self.tmp / "state" / "companion.db")},
            "web": {"host": "127.0.0.1", "port": free_port()},
            "pins": PINS,
        }
        for section, values in overrides.items():
            settings[section] = {**settings.get(section, {}), **values}
        return Host(
            load_config(None, settings, environ={}),
            dev=self.dev,
            environ={"LG_WD": str(self.tmp / "work")},
            cwd=self.tmp,
            access=lambda path, mode: Path(path) not in self.refused,
            euid=1000,
            synchronised=lambda: True,
        )


@pytest.fixture
def pi(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "lgpio", types.ModuleType("lgpio"))
    return PretendPi(tmp_path)


def found(host: Host) -> dict[str, tuple[str, str, str]]:
    return {f.what: (f.status, f.detail, f.fix) for f in diagnose(host)}


def test_on_this_machine_it_passes_and_says_simulation_mode_will_be_used(tmp_path, capsys):
    """No GPIO here (nor on CI): the doctor says the table will run in simulation mode."""
    config = tmp_path / "config.toml"
    config.write_text(
        f'[store]\npath = "{tmp_path / "companion.db"}"\n[web]\nhost = "127.0.0.1"\nport = {free_port()}\n'
    )
    assert samarkand(["doctor", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    assert "note  GPIO: no /dev/gpiochip* on this machine: samarkand run will use simulation mode" in out
    assert "ok    pin map: 5 buzzers, 5 lockout LEDs" in out
    assert out.rstrip().endswith("All checks passed: next, samarkand wiring-check (hardware/WIRING.md).")


def test_a_ready_pi_passes_every_check(pi, monkeypatch):
    fake_network(pi.tmp, monkeypatch)
    findings = diagnose(pi.host(web={"host": "0.0.0.0"}))
    assert [(f.what, f.status) for f in findings] == [
        ("GPIO", OK),
        ("lgpio's folder", OK),
        ("lgpio", OK),
        ("pin map", OK),
        ("game store", OK),
        ("lobby game", OK),
        ("web page port", OK),
        ("host PIN", NOTE),  # a new one at each start, unless the configuration fixes one
        ("clock", OK),
        ("network", OK),
        ("phones", OK),
        ("hotspot", NOTE),
    ]


def test_a_gpiochip_the_user_may_not_open_is_a_fault_with_its_fix(pi):
    pi.refused.add(pi.dev / "gpiochip0")
    status, detail, fix = found(pi.host())["GPIO"]
    assert (status, detail) == (FAIL, f"{pi.dev / 'gpiochip0'}: not read/write for this user")
    assert "usermod -aG gpio" in fix


def test_lgpio_missing_or_its_folder_unwritable_are_faults(pi, monkeypatch):
    monkeypatch.setitem(sys.modules, "lgpio", None)
    pi.refused.add(pi.tmp / "work")
    results = found(pi.host())
    assert results["lgpio"][0] == FAIL and "python3-lgpio" in results["lgpio"][2]
    assert results["lgpio's folder"][:2] == (
        FAIL,
        f"{pi.tmp / 'work'} (LG_WD) is not a writable folder, and lgpio makes its notification pipe there",
    )


def test_without_lg_wd_the_working_folder_is_checked(pi):
    host = pi.host()
    host.environ = {}
    assert found(host)["lgpio's folder"][:2] == (OK, f"{pi.tmp} (the working folder) is writable")


def test_a_pin_used_twice_is_named(pi):
    status, detail, fix = found(pi.host(pins={"leds": {"1": "GPIO6", "2": "GPIO17"}}))["pin map"]
    assert (status, detail) == (FAIL, "GPIO17 is used twice: pins.buzzers.2 and pins.leds.2")
    assert "[pins]" in fix


def test_a_max7219_needs_its_packages_spi_turned_on_and_open_to_the_user(pi, monkeypatch):
    host = pi.host(display={"kind": "max7219"}, pins={"display": "max7219", "bar": []})
    monkeypatch.setitem(sys.modules, "spidev", None)
    assert found(host)["MAX7219 display"][1] == "the package(s) spidev are missing"
    monkeypatch.setitem(sys.modules, "spidev", types.ModuleType("spidev"))
    status, detail, fix = found(host)["MAX7219 display"]
    assert (status, detail) == (FAIL, f"SPI is off: there is no {pi.dev / 'spidev0.0'}")
    assert "raspi-config" in fix and "reboot" in fix
    (pi.dev / "spidev0.0").touch()
    assert found(host)["MAX7219 display"][0] == OK
    pi.refused.add(pi.dev / "spidev0.0")
    assert "usermod -aG spi" in found(host)["MAX7219 display"][2]


def test_a_configured_board_needs_its_port_and_no_gpio(pi, monkeypatch):
    port = pi.dev / "ttyACM0"
    results = found(pi.host(bridge={"port": str(port)}))
    assert "GPIO" not in results and "pin map" not in results
    assert results["buzzer board"][:2] == (FAIL, f"{port} does not exist")
    port.touch()
    pi.refused.add(port)
    assert "usermod -aG dialout" in found(pi.host(bridge={"port": str(port)}))["buzzer board"][2]
    monkeypatch.setattr("firmware_bridge.ports.list_ports.comports", lambda: [])
    status, detail, fix = found(pi.host(bridge={"port": "auto"}))["buzzer board"]
    assert status == FAIL and "no serial port with USB id 2E8A" in detail
    assert "samarkand bridge flash" in fix


def test_a_store_folder_the_user_may_not_write_is_a_fault(pi):
    pi.refused.add(pi.tmp)  # state/ does not exist yet: it would be made in tmp
    status, detail, fix = found(pi.host())["game store"]
    assert status == FAIL and detail.startswith(f"{pi.tmp} is not writable")
    assert "[store] path" in fix


def test_a_store_path_run_would_refuse_is_a_fault(pi):
    """A folder, another program's file: what ``samarkand run`` refuses at its start."""
    folder = pi.tmp / "state"
    folder.mkdir()
    status, detail, fix = found(pi.host(store={"path": str(folder)}))["game store"]
    assert status == FAIL and f"{folder} is a folder, not a store file" in detail
    assert "[store] path" in fix
    other = pi.tmp / "notes.txt"
    other.write_text("not a store")
    status, detail, _ = found(pi.host(store={"path": str(other)}))["game store"]
    assert status == FAIL and "is not a game store of this companion" in detail
    assert other.read_text() == "not a store"
    with EventStore(folder / "companion.db") as store:
        store.create_game("marche", {})
    assert found(pi.host())["game store"][0] == OK


def test_a_lobby_game_run_would_refuse_is_a_fault(pi):
    status, detail, fix = found(pi.host(lobby={"game": "nope"}))["lobby game"]
    assert status == FAIL and "there is no game 'nope' (games: " in detail and "marche" in detail
    assert "[lobby] game" in fix
    assert found(pi.host(lobby={"game": "market"}))["lobby game"][0] == OK


def test_a_web_port_already_held_open_is_a_fault(pi):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        status, detail, fix = found(pi.host(web={"port": holder.getsockname()[1]}))["web page port"]
    assert status == FAIL and "Address already in use" in detail
    assert "systemctl status samarkand" in fix


def test_every_fault_comes_with_a_fix_and_the_command_exits_1(pi, monkeypatch, tmp_path, capsys):
    pi.refused.update({pi.dev / "gpiochip0", pi.tmp / "work", pi.tmp})
    faults = [f for f in diagnose(pi.host()) if f.status == FAIL]
    assert len(faults) == 3 and all(f.fix for f in faults)
    config = tmp_path / "bad.toml"
    config.write_text('[pins]\ndisplay = "none"\nbuzzers = { 1 = "GPIO4", 2 = "GPIO4" }\n')
    assert samarkand(["doctor", "--config", str(config)]) == 1
    assert "GPIO4 is used twice" in capsys.readouterr().out


def test_a_broken_configuration_exits_2(tmp_path, capsys):
    config = tmp_path / "config.toml"
    config.write_text('[web]\nport = "eighty"\n')
    assert samarkand(["doctor", "--config", str(config)]) == 2
    assert "[web] port" in capsys.readouterr().err


def test_the_host_is_told_where_the_pin_comes_from(pi):
    status, detail, _ = found(pi.host())["host PIN"]
    assert status == NOTE and "journalctl -u samarkand | grep -i pin" in detail
    status, detail, _ = found(pi.host(web={"pin_policy": "fixed", "pin": "4821"}))["host PIN"]
    assert status == OK and "[web] pin in the configuration" in detail and "4821" not in detail


def test_a_clock_off_the_network_is_said_to_be_the_host_phones(pi):
    host = pi.host()
    host.synchronised = lambda: False
    status, detail, _ = found(host)["clock"]
    assert status == NOTE and "dated by the host's phone's clock" in detail


def test_switching_off_needs_polkit_to_allow_it(pi):
    """Polkit is asked (its rules' folder is polkitd's alone): allowed, refused (no rule of
    install-pi.sh's), or not there to ask."""
    assert "switch off" not in found(pi.host())  # not offered: nothing to check
    host = pi.host(power={"switch_off": True})
    asked = []
    for answer, status, words in [
        (True, OK, "polkit allows it"),
        (False, FAIL, "50-samarkand-power.rules"),
        (None, FAIL, "polkit cannot be asked"),
    ]:
        host.polkit_allows = lambda action, answer=answer: asked.append(action) or answer
        got, detail, fix = found(host)["switch off"]
        assert got == status and words in detail, detail
        assert status == OK or "install-pi.sh" in fix
    assert set(asked) == {"org.freedesktop.login1.power-off"}


@pytest.mark.parametrize(("exit_status", "allowed"), [(0, True), (1, False), (2, False), (127, None)])
def test_polkit_is_asked_with_pkcheck_for_this_process(monkeypatch, exit_status, allowed):
    calls = []

    def pkcheck(argv, **_):
        calls.append(argv)
        return subprocess.CompletedProcess(argv, exit_status)

    monkeypatch.setattr(doctor.subprocess, "run", pkcheck)
    assert doctor.polkit_allows("an.action") is allowed
    assert calls == [["pkcheck", "--action-id", "an.action", "--process", str(os.getpid())]]


def test_without_polkit_there_is_nobody_to_ask(monkeypatch):
    def missing(argv, **_):
        raise FileNotFoundError(argv[0])

    monkeypatch.setattr(doctor.subprocess, "run", missing)
    assert doctor.polkit_allows("an.action") is None


def test_root_is_told_its_access_checks_prove_nothing_for_the_service(pi):
    host = pi.host()
    host.euid = 0
    status, detail, _ = found(host)["this user"]
    assert status == NOTE and "sudo samarkand-doctor" in detail


def test_the_network_mode_lists_the_interfaces_and_where_phones_reach_the_page(pi, monkeypatch):
    nm = fake_network(pi.tmp, monkeypatch)
    nm.change("eth0", state="connected", connection="Wired connection 1", ip4="192.168.1.31/24")
    host = pi.host(web={"host": "0.0.0.0"})
    results = found(host)
    assert results["network"] == (
        OK,
        "LAN mode (hotspot off); wlan0 (wifi) 192.168.1.30 on"
        ' "House", eth0 (ethernet) 192.168.1.31 on "Wired connection 1"',
        "",
    )
    assert results["hotspot"][:2] == (
        NOTE,
        "NetworkManager can make the table's Wi-Fi on wlan0 ([network] hotspot = true)",
    )
    nm.change("wlan0", connection=PROFILE, ip4="10.42.0.1/24")
    (pi.tmp / "units").mkdir()
    (pi.tmp / "units" / "samarkand.socket").touch()
    host.units = pi.tmp / "units"
    port = host.config.web.port
    assert found(host)["phones"] == (
        OK,
        f"reach the page at http://10.42.0.1:{port}/ (and on"
        " port 80: http://<name>.local/, samarkand.socket)",
        "",
    )
    status, detail, fix = found(pi.host())["phones"]  # [web] host = "127.0.0.1"
    assert status == NOTE and detail.startswith("the page listens on 127.0.0.1 only")
    assert fix == '[web] host = "0.0.0.0" (every interface)'


@pytest.mark.parametrize(
    "fault, what, detail, fix",
    [
        (
            "NetworkManager missing",
            "network",
            "hotspot mode; no NetworkManager (nmcli) here to list the interfaces",
            "hotspot mode needs Raspberry Pi OS Bookworm or later (sudo apt-get install network-manager)",
        ),
        (
            "NetworkManager stopped",
            "network",
            "hotspot mode; NetworkManager is not running",
            "sudo systemctl enable --now NetworkManager, or set [network] hotspot = false",
        ),
        (
            "no Wi-Fi device",
            "hotspot",
            "no Wi-Fi device for the hotspot: NetworkManager lists none",
            "a Pi 3, 4, 5 or Zero 2 W has one, a USB adapter is another; or set [network] hotspot = false",
        ),
        (
            "no access point mode",
            "hotspot",
            "wlan0 cannot be an access point (its driver says so)",
            "plug in a Wi-Fi adapter that can and set [network] device",
        ),
        (
            "user not allowed",
            "hotspot",
            "wlan0 could carry it, but this user may not"
            " (org.freedesktop.NetworkManager.network-control,"
            " org.freedesktop.NetworkManager.settings.modify.system)",
            "sudo deploy/install-pi.sh --hotspot lets the service's user control NetworkManager",
        ),
    ],
)
def test_in_hotspot_mode_each_network_fault_has_its_fix(pi, monkeypatch, fault, what, detail, fix):
    nm = fake_network(pi.tmp, monkeypatch)
    state = nm.load()
    if fault == "NetworkManager missing":
        monkeypatch.setenv("PATH", str(pi.tmp / "empty"))
    elif fault == "NetworkManager stopped":
        state["running"] = False
    elif fault == "no Wi-Fi device":
        state["devices"] = [d for d in state["devices"] if d["type"] != "wifi"]
    elif fault == "no access point mode":
        state["devices"][0]["ap"] = False
    else:
        state["permission"] = "auth"
    nm.save()
    assert found(pi.host(network={"hotspot": True}))[what] == (FAIL, detail, fix)
