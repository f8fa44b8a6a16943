"""``samarkand doctor``: checks what a table's bring-up needs and says how to fix each fault.

Each check is a small function of the ``Host`` it looks at (device files, environment,
working folder, file access) returning a ``Finding``, or None where it does not apply to
this configuration: the GPIO checks only without a USB board, SPI only for a MAX7219. On
a machine without GPIO it says that ``samarkand run`` will use simulation mode there.
Like the CLI, it reaches hardware/ and firmware_bridge/ lazily.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from companion.appliance import network
from companion.appliance.network import NetworkError, Nmcli
from companion.config import Config, ConfigError, load_config
from companion.core.errors import RuleError
from companion.core.registry import game_spec
from companion.store import (
    EventStore,
    StoreError,
    StoreNotAStoreError,
    StoreTooNewError,
    StoreUnavailableError,
)
from companion.store.clock import SYNCHRONISED

OK, FAIL, NOTE = "ok", "FAIL", "note"
READ_WRITE = os.R_OK | os.W_OK


@dataclass(frozen=True)
class Finding:
    status: str  # OK, FAIL or NOTE
    what: str
    detail: str
    fix: str = ""


POWER_OFF_ACTION = "org.freedesktop.login1.power-off"


def polkit_allows(action: str) -> bool | None:
    """Whether polkit lets this process do ``action`` without asking anyone (``pkcheck``:
    0 yes; 1, 2 or 3 no); None where polkit cannot be asked. Polkit itself is asked, as its
    rules' folder is readable by polkitd alone (Debian makes it 0700)."""
    try:
        done = subprocess.run(
            ["pkcheck", "--action-id", action, "--process", str(os.getpid())],
            capture_output=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return {0: True, 1: False, 2: False, 3: False}.get(done.returncode)


@dataclass
class Host:
    """What the checks read of the machine; tests point it at tmp paths and fake access."""

    config: Config
    dev: Path = Path("/dev")
    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)
    cwd: Path = field(default_factory=Path.cwd)
    access: Callable[[Path, int], bool] = os.access
    euid: int = field(default_factory=os.geteuid)
    nmcli: Nmcli = field(default_factory=Nmcli)
    units: Path = Path("/etc/systemd/system")  # where install-pi.sh puts samarkand.socket
    synchronised: Callable[[], bool] = SYNCHRONISED.exists  # the clock set from the network
    polkit_allows: Callable[[str], bool | None] = polkit_allows  # may this process do it

    @property
    def gpio(self) -> bool:
        """The buzzers are on the Pi's GPIO (no USB board configured)."""
        return not self.config.bridge.port

    def chips(self) -> list[Path]:
        return sorted(self.dev.glob("gpiochip*"))


def run_as_root(host: Host) -> Finding | None:
    if host.euid != 0:
        return None
    return Finding(
        NOTE,
        "this user",
        "root, who may open anything: the access checks below"
        " say nothing of the service's user; for those run sudo samarkand-doctor"
        " (deploy/samarkand-doctor: the doctor as the service runs)",
    )


def gpio_chip(host: Host) -> Finding | None:
    if not host.gpio:
        return None
    chips = host.chips()
    if not chips:
        return Finding(
            NOTE,
            "GPIO",
            f"no {host.dev}/gpiochip* on this machine: samarkand run"
            " will use simulation mode (mock pins, bots at the seats)",
        )
    closed = [str(chip) for chip in chips if not host.access(chip, READ_WRITE)]
    if closed:
        return Finding(
            FAIL,
            "GPIO",
            f"{', '.join(closed)}: not read/write for this user",
            "sudo usermod -aG gpio $USER, then log in again (install-pi.sh puts the service's user in gpio)",
        )
    return Finding(OK, "GPIO", f"{', '.join(map(str, chips))} read/write")


def lgpio_folder(host: Host) -> Finding | None:
    if not (host.gpio and host.chips()):
        return None
    folder = Path(host.environ.get("LG_WD") or host.cwd)
    named = "LG_WD" if host.environ.get("LG_WD") else "the working folder"
    if not (folder.is_dir() and host.access(folder, os.W_OK | os.X_OK)):
        return Finding(
            FAIL,
            "lgpio's folder",
            f"{folder} ({named}) is not a writable folder, and lgpio makes its notification pipe there",
            "run from a writable folder, or set LG_WD to one"
            " (the service runs in /var/lib/samarkand with LG_WD set to it)",
        )
    return Finding(OK, "lgpio's folder", f"{folder} ({named}) is writable")


def _import_failure(name: str) -> Exception | None:
    """Why the module cannot be imported, or None if it can."""
    try:
        importlib.import_module(name)
    except Exception as exc:  # ImportError, or a module's own failure (lgpio making its pipe)
        return exc
    return None


def lgpio_module(host: Host) -> Finding | None:
    if not (host.gpio and host.chips()):
        return None
    failure = _import_failure("lgpio")
    if failure is not None:
        return Finding(
            FAIL,
            "lgpio",
            f"cannot be imported ({failure}), so samarkand run would fall back to simulation mode",
            "sudo apt-get install python3-lgpio; the companion's venv must see the"
            " system's packages (install-pi.sh makes it with --system-site-packages)",
        )
    return Finding(OK, "lgpio", "imports: gpiozero will stamp presses with the kernel's edge times")


def _pin_map(host: Host):
    from hardware.pinmap import DEFAULT_PIN_FILE, load_pin_map, load_pin_map_file

    pins = host.config.pins
    return load_pin_map(pins) if pins else load_pin_map_file(DEFAULT_PIN_FILE)


def pin_map(host: Host) -> Finding | None:
    if not host.gpio:
        return None
    from hardware.pinmap import PinMapError

    try:
        pins = _pin_map(host)
    except PinMapError as exc:
        return Finding(
            FAIL,
            "pin map",
            str(exc),
            f"correct the [pins] table of {host.config.source or 'your configuration'} (hardware/WIRING.md)",
        )
    return Finding(
        OK,
        "pin map",
        f"{len(pins.buzzers)} buzzers, {len(pins.leds)} lockout LEDs,"
        f" display {pins.display}, no pin used twice",
    )


def max7219_spi(host: Host) -> Finding | None:
    if not host.gpio or host.config.display.kind != "max7219":
        return None
    from hardware.pinmap import PinMapError

    try:
        pins = _pin_map(host)
    except PinMapError:
        return None  # pin_map tells
    device = host.dev / f"spidev{pins.spi_port}.{pins.spi_device}"
    missing = [name for name in ("spidev", "luma.led_matrix") if _import_failure(name) is not None]
    if missing:
        return Finding(
            FAIL,
            "MAX7219 display",
            f"the package(s) {', '.join(missing)} are missing",
            "install the companion with its [pi] extra (install-pi.sh does)",
        )
    if not device.exists():
        return Finding(
            FAIL,
            "MAX7219 display",
            f"SPI is off: there is no {device}",
            "sudo raspi-config → Interface Options → SPI → Yes (or dtparam=spi=on"
            " in /boot/firmware/config.txt), then reboot",
        )
    if not host.access(device, READ_WRITE):
        return Finding(
            FAIL,
            "MAX7219 display",
            f"{device}: not read/write for this user",
            "sudo usermod -aG spi $USER, then log in again",
        )
    return Finding(OK, "MAX7219 display", f"{device} read/write")


def serial_port(host: Host) -> Finding | None:
    spec = host.config.bridge.port
    if not spec:
        return None
    if spec == "emulator":
        return Finding(NOTE, "buzzer board", "the emulated board: no serial port needed")
    from firmware_bridge.ports import PortNotFound, find_pico

    try:
        port = Path(find_pico() if spec == "auto" else spec)
    except PortNotFound as exc:
        return Finding(
            FAIL,
            "buzzer board",
            str(exc),
            "plug the Pico in with a data cable; a new one needs its firmware: samarkand bridge flash",
        )
    if not port.exists():
        return Finding(
            FAIL,
            "buzzer board",
            f"{port} does not exist",
            'plug the board in (ls /dev/ttyACM* shows its port), or set [bridge] port = "auto"',
        )
    if not host.access(port, READ_WRITE):
        return Finding(
            FAIL,
            "buzzer board",
            f"{port}: not read/write for this user",
            "sudo usermod -aG dialout $USER, then log in again",
        )
    return Finding(
        OK, "buzzer board", f"{port} read/write (samarkand bridge flash checks that the board answers)"
    )


def _refused_store(path: Path) -> StoreError | None:
    """Why ``samarkand run`` would refuse the file at ``path`` as its store (a folder,
    another file, a store of a newer companion), found by the store's own checks, read-only:
    the doctor changes nothing. A damaged, empty or older store run moves aside, begins or
    upgrades."""
    try:
        EventStore(path, read_only=True).close()
    except (StoreNotAStoreError, StoreTooNewError, StoreUnavailableError) as refused:
        return refused
    except StoreError:
        pass
    return None


def store_folder(host: Host) -> Finding | None:
    path = host.config.store.path
    folder = next(parent for parent in path.parents if parent.exists())
    if path.exists() and not host.access(path, READ_WRITE):
        return Finding(
            FAIL,
            "game store",
            f"{path}: not read/write for this user",
            f"sudo chown $USER {path} (the service's user owns /var/lib/samarkand)",
        )
    if path.exists() and (refused := _refused_store(path)) is not None:
        return Finding(
            FAIL,
            "game store",
            str(refused),
            f"set [store] path in {host.config.source or 'your configuration'} to the store's own file",
        )
    if not (folder.is_dir() and host.access(folder, os.W_OK | os.X_OK)):
        return Finding(
            FAIL,
            "game store",
            f"{folder} is not writable, so {path} cannot be kept there",
            f"sudo install -d -o $USER {path.parent}, or set [store] path to a writable place",
        )
    return Finding(OK, "game store", f"{path} (its folder is writable)")


def lobby_game(host: Host) -> Finding:
    """The game a new lobby opens with: samarkand run refuses a name no game has."""
    try:
        spec = game_spec(host.config.lobby.game)
    except RuleError as unknown:
        return Finding(
            FAIL,
            "lobby game",
            f"[lobby] game: {unknown}",
            f"set [lobby] game in {host.config.source or 'your configuration'} to one of them",
        )
    return Finding(OK, "lobby game", f"a new lobby opens with {spec.title}")


def web_port(host: Host) -> Finding | None:
    address, port = host.config.web.host, host.config.web.port
    try:
        family, kind, proto, _, bound = socket.getaddrinfo(
            address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
            probe.bind(bound)
    except OSError as exc:
        fix = {
            errno.EADDRINUSE: "is the companion already running (systemctl status"
            " samarkand)? Stop it, or set [web] port (or samarkand run --port N)",
            errno.EACCES: "ports below 1024 need root: use 8000",
        }
        return Finding(
            FAIL,
            "web page port",
            f"{address}:{port}: {exc.strerror}",
            fix.get(exc.errno or 0, "set [web] host to an address of this machine, e.g. 0.0.0.0"),
        )
    return Finding(OK, "web page port", f"{address}:{port} is free")


def host_pin(host: Host) -> Finding:
    """Where the host finds the console's PIN: a Pi at a table has no terminal to read a
    new one from at each start (install-pi.sh gives a new table a fixed one)."""
    if host.config.web.pin_policy == "fixed":
        return Finding(OK, "host PIN", "fixed: [web] pin in the configuration (the install printed it)")
    return Finding(
        NOTE,
        "host PIN",
        "a new one at each start, printed by samarkand run (for the service: journalctl -u "
        'samarkand | grep -i pin); [web] pin_policy = "fixed" and pin = "NNNN" keep one',
    )


def clock(host: Host) -> Finding:
    """What dates the games: a Pi keeps no time while it is off, and off the internet it
    starts from the time it last saved (companion/store/clock.py)."""
    if host.synchronised():
        return Finding(OK, "clock", "set from the network")
    return Finding(
        NOTE,
        "clock",
        "not set from the network (no internet here?): the games are dated by the host's "
        "phone's clock from the host's login on",
    )


POWER_RULE = "50-samarkand-power.rules"
"""install-pi.sh's polkit rule: the service's user may power the Pi off."""


def switch_off(host: Host) -> Finding | None:
    """The host console's "Switch off the table" ([power] switch_off) needs polkit to let
    the service's user power the Pi off (install-pi.sh's rule: it has no login session to
    ask with)."""
    if not host.config.power.switch_off:
        return None
    allowed = host.polkit_allows(POWER_OFF_ACTION)
    if allowed:
        return Finding(OK, "switch off", "the host console may switch the Pi off (polkit allows it)")
    if allowed is None:
        why = "polkit cannot be asked (no pkcheck, or polkitd is not running)"
    else:
        why = f"polkit does not let this user power the Pi off (install-pi.sh's {POWER_RULE})"
    return Finding(
        FAIL,
        "switch off",
        f"the host console offers it, but {why}",
        "run sudo deploy/install-pi.sh again, or [power] switch_off = false",
    )


def _devices(host: Host) -> list[network.Device] | NetworkError:
    try:
        return network.devices(host.nmcli)
    except NetworkError as exc:
        return exc


def network_mode(host: Host) -> Finding:
    """Hotspot or the LAN, and which interfaces have which addresses."""
    mode = "hotspot mode" if host.config.network.hotspot else "LAN mode (hotspot off)"
    if not host.nmcli.installed():
        status = FAIL if host.config.network.hotspot else NOTE
        return Finding(
            status,
            "network",
            f"{mode}; no NetworkManager (nmcli) here to list the interfaces",
            "hotspot mode needs Raspberry Pi OS Bookworm or later (sudo apt-get install network-manager)"
            if status == FAIL
            else "",
        )
    listed = _devices(host)
    if isinstance(listed, NetworkError):
        status = FAIL if host.config.network.hotspot else NOTE
        return Finding(status, "network", f"{mode}; {listed.what}", listed.fix if status == FAIL else "")
    shown = []
    for device in listed:
        if device.type == "loopback":
            continue
        at = network.address(host.nmcli, device.name) if device.connected else ""
        shown.append(
            f"{device.name} ({device.type}) "
            + (f'{at or "no address"} on "{device.connection}"' if device.connected else device.state)
        )
    return Finding(OK, "network", f"{mode}; {', '.join(shown) or 'no interfaces'}")


def phones_reach(host: Host) -> Finding | None:
    """The address phones are given, and whether the page's port is open on it."""
    web = host.config.web
    listed = _devices(host) if host.nmcli.installed() else []
    hotspot = (
        [d for d in listed if d.connection == network.PROFILE] if not isinstance(listed, NetworkError) else []
    )
    if hotspot:
        at = network.address(host.nmcli, hotspot[0].name)
    else:
        from web.server import lan_address

        at = lan_address()
    short = (host.units / "samarkand.socket").exists()
    url = f"http://{at}:{web.port}/" + (
        " (and on port 80: http://<name>.local/, samarkand.socket)" if short else ""
    )
    if web.host not in ("0.0.0.0", "::", "", at):
        return Finding(
            NOTE,
            "phones",
            f"the page listens on {web.host} only, so phones cannot reach {url}",
            '[web] host = "0.0.0.0" (every interface)',
        )
    if at.startswith("127."):
        return Finding(
            NOTE,
            "phones",
            "this machine is on no network phones could join (its only address is 127.0.0.1)",
            "plug in a cable, join a Wi-Fi network, or set [network] hotspot = true",
        )
    return Finding(OK, "phones", f"reach the page at {url}")


def hotspot_ready(host: Host) -> Finding | None:
    """Whether NetworkManager can make the table's Wi-Fi on this Wi-Fi device."""
    wanted = host.config.network.hotspot
    if not host.nmcli.installed() or isinstance(_devices(host), NetworkError):
        return None  # network_mode says why
    try:
        device, _ = network.wifi_device(host.nmcli, host.config.network.device)
        if not network.can_host(host.nmcli, device.name):
            raise NetworkError(
                f"{device.name} cannot be an access point (its driver says so)",
                "plug in a Wi-Fi adapter that can and set [network] device",
            )
        refused = [
            name
            for name, value in host.nmcli.rows("PERMISSION,VALUE", "general", "permissions")
            if name.endswith((".network-control", ".settings.modify.system")) and value != "yes"
        ]
    except NetworkError as exc:
        return Finding(FAIL if wanted else NOTE, "hotspot", exc.what, exc.fix if wanted else "")
    if refused:
        return Finding(
            FAIL if wanted else NOTE,
            "hotspot",
            f"{device.name} could carry it, but this user may not ({', '.join(refused)})",
            "sudo deploy/install-pi.sh --hotspot lets the service's user control NetworkManager"
            if wanted
            else "",
        )
    return Finding(
        OK if wanted else NOTE,
        "hotspot",
        f"NetworkManager can make the table's"
        f" Wi-Fi on {device.name}" + ("" if wanted else " ([network] hotspot = true)"),
    )


CHECKS = (
    run_as_root,
    gpio_chip,
    lgpio_folder,
    lgpio_module,
    pin_map,
    max7219_spi,
    serial_port,
    store_folder,
    lobby_game,
    web_port,
    host_pin,
    clock,
    switch_off,
    network_mode,
    phones_reach,
    hotspot_ready,
)


def diagnose(host: Host) -> list[Finding]:
    return [finding for check in CHECKS if (finding := check(host)) is not None]


def report(findings: list[Finding]) -> str:
    lines = []
    for finding in findings:
        lines.append(f"{finding.status:<5} {finding.what}: {finding.detail}")
        if finding.fix:
            lines.append(f"      fix: {finding.fix}")
    failed = sum(finding.status == FAIL for finding in findings)
    lines.append(
        f"{failed} problem(s): fix them, then run samarkand doctor again."
        if failed
        else "All checks passed: next, samarkand wiring-check (hardware/WIRING.md)."
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="samarkand doctor",
        description="Check this machine for a game at the table; each fault comes with its fix.",
    )
    parser.add_argument(
        "--config", help="the appliance's TOML configuration file (the service's: /etc/samarkand/config.toml)"
    )
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"doctor: {exc}", file=sys.stderr)
        return 2
    findings = diagnose(Host(config))
    print(report(findings))
    return 1 if any(finding.status == FAIL for finding in findings) else 0
