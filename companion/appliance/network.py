"""The table's own Wi-Fi: hotspot mode through NetworkManager, and the ways phones reach the page.

With ``[network] hotspot = true`` the Pi's Wi-Fi device becomes a WPA2 access point: a
NetworkManager connection profile (``PROFILE``) in access-point mode whose IPv4 method is
"shared", so NetworkManager itself gives the phones their addresses. Everything is asked
of ``nmcli`` in terse mode (``-t``), whose fields are separated by ":" with ":" and "\\"
inside a value escaped by a backslash. A restart finds the hotspot already up and keeps it
(the phones stay on); hotspot mode turned off takes it down and brings back the connection
the Wi-Fi device had before, remembered in a file beside the game store.

The passphrase goes to nmcli as an argument and nowhere else: no line printed here, nor
any error, carries it (nmcli's own error lines do not repeat their arguments).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from companion.config import Config, load_config, set_keys, write_private

PROFILE = "samarkand-hotspot"
"""The NetworkManager connection profile of the table's Wi-Fi."""
SSID_PREFIX = "Samarkand-"
PASS_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # nothing to misread aloud: no 0/o, 1/l/i
NMCLI_TIMEOUT_S = 60.0
NM_NOT_RUNNING = 8  # nmcli's exit status when NetworkManager is not running (nmcli(1))
OFF = "or set [network] hotspot = false"


class NetworkError(RuntimeError):
    """Hotspot mode cannot be brought up (or down): one line, what is wrong and its fix."""

    def __init__(self, what: str, fix: str) -> None:
        super().__init__(f"{what}: {fix}")
        self.what, self.fix = what, fix


@dataclass(frozen=True)
class Device:
    """One line of ``nmcli -t -f DEVICE,TYPE,STATE,CONNECTION device``."""

    name: str
    type: str
    state: str
    connection: str

    @property
    def connected(self) -> bool:
        return self.state.startswith("connected")


@dataclass(frozen=True)
class Hotspot:
    """The table's Wi-Fi as phones join it; the web draws its QR code from this."""

    ssid: str
    passphrase: str
    device: str
    address: str

    def __repr__(self) -> str:
        return f"Hotspot(ssid={self.ssid!r}, device={self.device!r}, address={self.address!r})"


def terse_fields(line: str) -> list[str]:
    """One line of nmcli's terse output split into its fields (``\\:`` is a ":" in a value)."""
    fields, current, chars = [], [], iter(line)
    for char in chars:
        if char == "\\":
            current.append(next(chars, ""))
        elif char == ":":
            fields.append("".join(current))
            current = []
        else:
            current.append(char)
    fields.append("".join(current))
    return fields


class Nmcli:
    """NetworkManager's command line, run with ``run`` (tests put a fake nmcli on PATH)."""

    def __init__(self, run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> None:
        self._run = run

    @staticmethod
    def installed() -> bool:
        return shutil.which("nmcli") is not None

    def __call__(self, *args: str) -> str:
        """nmcli's output; a failure is a NetworkError with nmcli's own first line."""
        program = shutil.which("nmcli")
        if program is None:
            raise NetworkError(
                "hotspot mode needs NetworkManager, and nmcli is not installed",
                f"use Raspberry Pi OS Bookworm or later (sudo apt-get install network-manager), {OFF}",
            )
        try:
            done = self._run(
                [program, *args],
                capture_output=True,
                text=True,
                timeout=NMCLI_TIMEOUT_S,
                env={**os.environ, "LC_ALL": "C"},
            )
        except subprocess.TimeoutExpired:
            raise NetworkError(
                f"NetworkManager did not answer within {NMCLI_TIMEOUT_S:.0f} s",
                "sudo systemctl restart NetworkManager",
            ) from None
        if done.returncode == NM_NOT_RUNNING:
            raise NetworkError(
                "NetworkManager is not running", f"sudo systemctl enable --now NetworkManager, {OFF}"
            )
        if done.returncode != 0:
            said = (done.stderr.strip() or done.stdout.strip() or "no reason given").splitlines()[0]
            if "authoriz" in said.lower() or "privilege" in said.lower():
                raise NetworkError(
                    f"NetworkManager refused this user ({said})",
                    "sudo deploy/install-pi.sh --hotspot lets the service's user control it",
                )
            raise NetworkError(f"nmcli: {said}", "journalctl -u NetworkManager says more")
        return done.stdout

    def rows(self, fields: str, *args: str) -> list[list[str]]:
        """The terse table of ``fields`` that ``args`` list, one row of fields a line."""
        return [terse_fields(line) for line in self("-t", "-f", fields, *args).splitlines() if line]

    def values(self, fields: str, *args: str) -> dict[str, str]:
        """A terse ``FIELD:value`` listing (``device show``, ``connection show NAME``)."""
        listing = self("-t", "-e", "no", "-f", fields, *args)  # values as they are
        return {
            name: value
            for name, value, *_ in ([*line.split(":", 1), ""] for line in listing.splitlines() if line)
        }


def devices(nm: Nmcli) -> list[Device]:
    return [
        Device(*([*row, "", "", "", ""])[:4]) for row in nm.rows("DEVICE,TYPE,STATE,CONNECTION", "device")
    ]


def address(nm: Nmcli, device: str) -> str:
    """The device's first IPv4 address, without its prefix length; "" if it has none."""
    listed = nm.values("IP4.ADDRESS", "device", "show", device)
    first = next((value for name, value in sorted(listed.items()) if value), "")
    return first.split("/")[0]


def can_host(nm: Nmcli, device: str) -> bool:
    """The device's driver can be an access point (``WIFI-PROPERTIES.AP``)."""
    return nm.values("WIFI-PROPERTIES.AP", "device", "show", device).get("WIFI-PROPERTIES.AP") == "yes"


def wifi_device(nm: Nmcli, wanted: str) -> tuple[Device, list[Device]]:
    """The Wi-Fi device for the hotspot (``wanted``, or the first), and all the devices."""
    listed = devices(nm)
    wifi = [device for device in listed if device.type == "wifi"]
    chosen = [device for device in wifi if device.name == wanted] if wanted else wifi[:1]
    if not chosen:
        if wanted:
            raise NetworkError(
                f"no Wi-Fi device {wanted} (NetworkManager's Wi-Fi devices:"
                f" {', '.join(d.name for d in wifi) or 'none'})",
                "set [network] device to one of them",
            )
        raise NetworkError(
            "no Wi-Fi device for the hotspot: NetworkManager lists none",
            f"a Pi 3, 4, 5 or Zero 2 W has one, a USB adapter is another; {OFF}",
        )
    device = chosen[0]
    if device.state == "unmanaged":
        raise NetworkError(
            f"{device.name} is busy: another program holds it, not NetworkManager",
            "sudo systemctl disable --now hostapd (if it is that one), or choose another [network] device",
        )
    if device.state == "unavailable":
        raise NetworkError(
            f"{device.name} is unavailable: Wi-Fi is turned off or blocked",
            "sudo nmcli radio wifi on (or sudo rfkill unblock wifi)",
        )
    return device, listed


# ------------------------------------------------------------------ the hotspot
def start_hotspot(
    config: Config, nm: Nmcli, previous_file: Path, say: Callable[[str], None] = print
) -> Hotspot:
    """Bring the table's Wi-Fi up (or keep it, found up after a restart) and return it."""
    net = config.network
    device, listed = wifi_device(nm, net.device)
    if device.connection == PROFILE and _same_credentials(nm, net.ssid, net.passphrase):
        hotspot = Hotspot(net.ssid, net.passphrase, device.name, address(nm, device.name))
        say(f"hotspot: {net.ssid} already on ({device.name}, {hotspot.address}): kept")
        return hotspot
    if not can_host(nm, device.name):
        raise NetworkError(
            f"{device.name} cannot be an access point (its driver says so)",
            f"plug in a Wi-Fi adapter that can and set [network] device, {OFF}",
        )
    if device.connection and device.connection != PROFILE:
        others = [d.name for d in listed if d.connected and d.type != "loopback" and d.name != device.name]
        say(
            f'hotspot: {device.name} leaves "{device.connection}" to carry {net.ssid}; '
            + (
                f"the Pi stays on the network through {', '.join(others)}"
                if others
                else "it was the Pi's only link: the Pi is off that network until hotspot mode"
                " is turned off ([network] hotspot = false, then a restart)"
            )
        )
        previous_file.parent.mkdir(parents=True, exist_ok=True)
        previous_file.write_text(json.dumps({"device": device.name, "connection": device.connection}))
    settings = ["802-11-wireless.ssid", net.ssid, "wifi-sec.psk", net.passphrase]
    if PROFILE in {row[0] for row in nm.rows("NAME", "connection", "show")}:
        nm("connection", "modify", PROFILE, "connection.interface-name", device.name, *settings)
    else:
        nm(
            "connection",
            "add",
            "type",
            "wifi",
            "ifname",
            device.name,
            "con-name",
            PROFILE,
            "autoconnect",
            "no",
            "802-11-wireless.mode",
            "ap",
            "802-11-wireless.band",
            "bg",
            "ipv4.method",
            "shared",
            "ipv6.method",
            "disabled",
            "wifi-sec.key-mgmt",
            "wpa-psk",
            "wifi-sec.proto",
            "rsn",
            "wifi-sec.pairwise",
            "ccmp",
            "wifi-sec.group",
            "ccmp",
            *settings,
        )
    try:
        nm("connection", "up", PROFILE)
    except NetworkError as exc:
        raise NetworkError(
            f"the hotspot did not start on {device.name}, which may be busy"
            f" ({exc.what.removeprefix('nmcli: ')})",
            f"sudo nmcli device status shows what holds it, {OFF}",
        ) from None
    hotspot = Hotspot(net.ssid, net.passphrase, device.name, address(nm, device.name))
    say(f"hotspot: {net.ssid} is on ({device.name}, {hotspot.address})")
    return hotspot


def _same_credentials(nm: Nmcli, ssid: str, passphrase: str) -> bool:
    """The active profile already has this name and passphrase (``-s`` reads the secret)."""
    kept = nm.values("802-11-wireless.ssid,802-11-wireless-security.psk", "-s", "connection", "show", PROFILE)
    return kept.get("802-11-wireless.ssid") == ssid and kept.get("802-11-wireless-security.psk") == passphrase


def stop_hotspot(nm: Nmcli, previous_file: Path, say: Callable[[str], None] = print) -> None:
    """Take the table's Wi-Fi down, if it is up, and bring back the connection it replaced."""
    active = [d for d in devices(nm) if d.connection == PROFILE]
    if not active:
        return
    nm("connection", "down", PROFILE)
    say(f"hotspot: off ({active[0].name})")
    try:
        previous = json.loads(previous_file.read_text())
    except (OSError, ValueError):
        return
    try:
        nm("connection", "up", previous["connection"], "ifname", previous["device"])
        say(f'hotspot: {previous["device"]} is back on "{previous["connection"]}"')
    except NetworkError as exc:
        say(
            f'hotspot: "{previous["connection"]}" did not come back ({exc}): sudo nmcli'
            f' connection up "{previous["connection"]}"'
        )
    previous_file.unlink(missing_ok=True)


def apply(config: Config, nm: Nmcli | None = None, say: Callable[[str], None] = print) -> Hotspot | None:
    """At a start: the hotspot up in hotspot mode; otherwise down if an earlier run left it."""
    nm = nm or Nmcli()
    previous_file = config.store.path.parent / "hotspot-previous.json"
    if config.network.hotspot:
        return start_hotspot(keep_credentials(config), nm, previous_file, say)
    if nm.installed():
        try:
            stop_hotspot(nm, previous_file, say)
        except NetworkError as exc:
            say(f"warning: the table's Wi-Fi from an earlier run could not be taken down: {exc}")
    return None


# ------------------------------------------------------------------ credentials
def keep_credentials(config: Config) -> Config:
    """The configuration with the hotspot's name and passphrase, made and written into its
    file (then readable by its owner only) the first time hotspot mode needs them."""
    net = config.network
    if net.ssid and net.passphrase:
        return config
    if config.source is None:
        raise NetworkError(
            "hotspot mode keeps its name and passphrase in the configuration file",
            "run with --config FILE (the service's: /etc/samarkand/config.toml)",
        )
    made = {
        "ssid": net.ssid or f"{SSID_PREFIX}{secrets.token_hex(2).upper()}",
        "passphrase": net.passphrase
        or "-".join("".join(secrets.choice(PASS_LETTERS) for _ in range(4)) for _ in range(3)),
    }
    path = Path(config.source)
    try:
        write_private(
            path,
            set_keys(path.read_text(), "network", {key: made[key] for key in made if not getattr(net, key)}),
        )
    except OSError as exc:
        raise NetworkError(
            f"cannot keep the hotspot's passphrase in {path} ({exc.strerror})",
            "sudo deploy/install-pi.sh --hotspot writes it, or set [network]"
            " ssid and passphrase there yourself",
        ) from None
    return replace(config, network=replace(net, ssid=made["ssid"], passphrase=made["passphrase"]))


def enable_hotspot(path: str | Path) -> Config:
    """``install-pi.sh --hotspot``: hotspot mode turned on in the configuration file at
    ``path``, its name and passphrase made if it has none (the file then 0600)."""
    path = Path(path)
    write_private(path, set_keys(path.read_text(), "network", {"hotspot": True}))
    return keep_credentials(load_config(path))


# ------------------------------------------------------------------ the short address
def listen_sockets(environ: Mapping[str, str] | None = None) -> list[socket.socket]:
    """The listening sockets systemd handed over (samarkand.socket: port 80), if any.

    sd_listen_fds(3): ``LISTEN_PID`` is this process and ``LISTEN_FDS`` sockets start at
    file descriptor 3."""
    env = os.environ if environ is None else environ
    if env.get("LISTEN_PID") != str(os.getpid()):
        return []
    return [socket.socket(fileno=3 + i) for i in range(int(env.get("LISTEN_FDS") or 0))]
