"""Hotspot mode against a fake nmcli (tests/network/fake_nmcli): up, kept after a restart,
off again with the previous connection back, and each failure in one line."""

from __future__ import annotations

import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from nm_rig import PASSPHRASE

from companion.appliance.network import (
    PROFILE,
    NetworkError,
    Nmcli,
    apply,
    enable_hotspot,
    keep_credentials,
    terse_fields,
)
from companion.config import load_config

REPO = Path(__file__).resolve().parents[2]


def configured(
    tmp_path: Path,
    hotspot: bool = True,
    ssid: str = "Samarkand-4F2A",
    passphrase: str = PASSPHRASE,
    extra: str = "",
) -> Path:
    """A configuration file in hotspot mode (or not), its store in ``tmp_path``."""
    path = tmp_path / "config.toml"
    network = "\n".join(
        f"{key} = {value}"
        for key, value in (
            ("hotspot", str(hotspot).lower()),
            ("ssid", _toml(ssid)),
            ("passphrase", _toml(passphrase)),
        )
    )
    path.write_text(
        f"[store]\npath = {_toml(str(tmp_path / 'state' / 'companion.db'))}\n[network]\n{network}\n{extra}"
    )
    return path


def _toml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def start(path: Path, said: list[str] | None = None):
    return apply(load_config(path), Nmcli(), (said if said is not None else []).append)


def test_the_hotspot_comes_up_in_shared_mode_and_says_it_cuts_the_only_link(nm, tmp_path):
    said: list[str] = []
    hotspot = start(configured(tmp_path), said)
    assert (hotspot.ssid, hotspot.passphrase, hotspot.device, hotspot.address) == (
        "Samarkand-4F2A",
        PASSPHRASE,
        "wlan0",
        "10.42.0.1",
    )
    assert nm.commands() == ["connection add type", f"connection up {PROFILE}"]
    added = next(call for call in nm.calls() if call[:2] == ["connection", "add"])
    pairs = dict(zip(added[2::2], added[3::2]))
    assert pairs["802-11-wireless.mode"] == "ap" and pairs["ipv4.method"] == "shared"
    assert pairs["wifi-sec.key-mgmt"] == "wpa-psk" and pairs["wifi-sec.proto"] == "rsn"
    assert (pairs["ifname"], pairs["802-11-wireless.ssid"]) == ("wlan0", "Samarkand-4F2A")
    assert said[0] == (
        'hotspot: wlan0 leaves "House" to carry Samarkand-4F2A; it was the Pi\'s'
        " only link: the Pi is off that network until hotspot mode is turned off"
        " ([network] hotspot = false, then a restart)"
    )
    assert said[1] == "hotspot: Samarkand-4F2A is on (wlan0, 10.42.0.1)"
    assert nm.device("wlan0")["connection"] == PROFILE
    assert not any(PASSPHRASE in line for line in said)


def test_beside_a_cable_the_pi_stays_on_the_lan(nm, tmp_path):
    nm.change("eth0", state="connected", connection="Wired connection 1", ip4="192.168.1.31/24")
    said: list[str] = []
    start(configured(tmp_path), said)
    assert said[0].endswith("the Pi stays on the network through eth0")
    assert nm.device("eth0")["connection"] == "Wired connection 1"


def test_a_restart_keeps_the_hotspot_up_and_a_new_passphrase_brings_it_up_again(nm, tmp_path):
    start(configured(tmp_path))
    before = len(nm.commands())
    said: list[str] = []
    hotspot = start(configured(tmp_path), said)
    assert nm.commands()[before:] == [] and hotspot.address == "10.42.0.1"
    assert said == ["hotspot: Samarkand-4F2A already on (wlan0, 10.42.0.1): kept"]
    start(configured(tmp_path, passphrase="another-passphrase"))
    assert nm.commands()[before:] == [f"connection modify {PROFILE}", f"connection up {PROFILE}"]
    assert nm.load()["connections"][PROFILE]["802-11-wireless-security.psk"] == "another-passphrase"


def test_turning_hotspot_mode_off_restores_the_previous_connection(nm, tmp_path):
    start(configured(tmp_path))
    said: list[str] = []
    assert start(configured(tmp_path, hotspot=False), said) is None
    assert nm.commands()[-2:] == [f"connection down {PROFILE}", "connection up House"]
    assert nm.device("wlan0")["connection"] == "House"
    assert said == ["hotspot: off (wlan0)", 'hotspot: wlan0 is back on "House"']
    start(configured(tmp_path, hotspot=False))  # nothing left to undo
    assert nm.commands()[-1] == "connection up House"


@pytest.mark.parametrize(
    "fault, line",
    [
        (
            "no Wi-Fi device",
            "no Wi-Fi device for the hotspot: NetworkManager lists none: a Pi 3, 4,"
            " 5 or Zero 2 W has one, a USB adapter is another; or set [network] hotspot = false",
        ),
        (
            "NetworkManager missing",
            "hotspot mode needs NetworkManager, and nmcli is not installed:"
            " use Raspberry Pi OS Bookworm or later (sudo apt-get install network-manager), or set"
            " [network] hotspot = false",
        ),
        (
            "NetworkManager stopped",
            "NetworkManager is not running: sudo systemctl enable --now"
            " NetworkManager, or set [network] hotspot = false",
        ),
        (
            "device busy",
            "the hotspot did not start on wlan0, which may be busy (Error: Connection"
            " activation failed: Device or resource busy): sudo nmcli device status shows what holds"
            " it, or set [network] hotspot = false",
        ),
        (
            "device held by another program",
            "wlan0 is busy: another program holds it, not"
            " NetworkManager: sudo systemctl disable --now hostapd (if it is that one), or choose"
            " another [network] device",
        ),
        (
            "no access point mode",
            "wlan0 cannot be an access point (its driver says so): plug in a"
            " Wi-Fi adapter that can and set [network] device, or set [network] hotspot = false",
        ),
    ],
)
def test_each_failure_is_one_line_with_its_fix(nm, tmp_path, monkeypatch, fault, line):
    state = nm.load()
    if fault == "no Wi-Fi device":
        state["devices"] = [d for d in state["devices"] if d["type"] != "wifi"]
    elif fault == "NetworkManager missing":
        monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    elif fault == "NetworkManager stopped":
        state["running"] = False
    elif fault == "device busy":
        state["fail_up"] = "Error: Connection activation failed: Device or resource busy"
    elif fault == "device held by another program":
        state["devices"][0].update(state="unmanaged", connection="")
    else:
        state["devices"][0]["ap"] = False
    nm.save()
    with pytest.raises(NetworkError) as refused:
        start(configured(tmp_path))
    assert str(refused.value) == line


def test_a_start_makes_the_name_and_passphrase_once_keeps_them_private_and_never_prints_them(nm, tmp_path):
    path = configured(tmp_path, ssid="", passphrase="", extra="# kept: a comment\n")
    path.chmod(0o644)
    out = started(path)
    network = load_config(path).network
    assert network.ssid.startswith("Samarkand-") and len(network.ssid) == len("Samarkand-4F2A")
    assert len(network.passphrase) == 14 and network.passphrase.count("-") == 2
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "# kept: a comment" in path.read_text()
    assert f"hotspot: {network.ssid} is on (wlan0, 10.42.0.1)" in out
    assert "Phones join at: http://10.42.0.1:" in out
    assert network.passphrase not in out
    assert keep_credentials(load_config(path)) == load_config(path)  # made once


def started(path: Path) -> str:
    """What `samarkand run` in hotspot mode printed (stdout and stderr) until its page was
    served, when it was stopped."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion.appliance.cli",
            "run",
            "--simulate",
            "--config",
            str(path),
            "--set",
            f"web.port={port}",
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    lines = []
    for line in run.stdout:
        lines.append(line)
        if line.startswith("Table screen:"):
            break
    run.send_signal(signal.SIGTERM)
    rest, _ = run.communicate(timeout=30)
    return "".join(lines) + rest


def test_a_start_whose_hotspot_fails_says_why_in_one_line(nm, tmp_path):
    nm.state["running"] = False
    nm.save()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion.appliance.cli",
            "run",
            "--simulate",
            "--config",
            str(configured(tmp_path)),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 2
    assert result.stderr == (
        "error: NetworkManager is not running: sudo systemctl enable --now"
        " NetworkManager, or set [network] hotspot = false\n"
    )


def test_hotspot_mode_needs_a_file_to_keep_its_passphrase_in(nm):
    config = load_config(None, {"network": {"hotspot": True}})
    with pytest.raises(NetworkError, match="run with --config FILE"):
        keep_credentials(config)


def test_a_bad_passphrase_is_refused_without_showing_it(tmp_path):
    with pytest.raises(Exception) as refused:
        load_config(configured(tmp_path, passphrase="short"))
    assert "short" not in str(refused.value)
    assert "[network] passphrase = <hidden>" in str(refused.value)


def test_terse_fields_undo_nmcli_escaping():
    assert terse_fields(r"wlan0:wifi:connected:Caf\\é\: la terrasse") == [
        "wlan0",
        "wifi",
        "connected",
        "Caf\\é: la terrasse",
    ]


def test_the_installer_turns_hotspot_mode_on_in_a_file_that_had_no_network_section(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[web]\nport = 8000\n\n[pins]\n")
    config = enable_hotspot(path)
    assert load_config(path).network == config.network and config.network.hotspot
    assert config.network.ssid.startswith("Samarkand-") and config.network.passphrase
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert enable_hotspot(path).network == config.network  # again: the same
