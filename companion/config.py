"""The appliance's one configuration file: TOML, layered defaults < file < command line.

The defaults live in default_config.toml, the same commented file a person copies and
edits, so the documentation and the defaults cannot drift apart. Every key a file or an
override sets is checked against it: an unknown key or a wrong type is an error naming the
key and where it came from, never silently ignored.
"""

import json
import os
import re
import secrets
import tempfile
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_FILE = Path(__file__).with_name("default_config.toml")
OVERRIDE_SOURCE = "the command line"
SECRETS = {("network", "passphrase")}
"""Keys whose value no error message shows."""


class ConfigError(ValueError):
    """A configuration the appliance cannot run with; the message names the key and file."""


@dataclass(frozen=True)
class CountdownConfig:
    """[table]: the countdown's timing a new game of a game with buzzers starts with."""

    tie_window_ms: int
    step_ms: int
    lead_in_ms: int
    claim_deadline_ms: int
    decision_timer_s: float = 0.0


@dataclass(frozen=True)
class StoreConfig:
    path: Path


@dataclass(frozen=True)
class WebConfig:
    port: int
    host: str
    pin_policy: str
    pin: str


@dataclass(frozen=True)
class DisplayConfig:
    kind: str


@dataclass(frozen=True)
class BridgeConfig:
    port: str


@dataclass(frozen=True)
class LobbyConfig:
    """[lobby]: the game a new lobby opens with (the host may choose another)."""

    game: str


@dataclass(frozen=True)
class BotsConfig:
    """[bots]: how hard the searching bots think (their budget per decision), and how long
    each bot's decision waits where a person plays (so that the table can follow it)."""

    effort: float
    pace_s: float


@dataclass(frozen=True)
class NetworkConfig:
    """[network]: the table's own Wi-Fi (hotspot mode) and the credentials phones join with."""

    hotspot: bool
    device: str
    ssid: str
    passphrase: str

    def __repr__(self) -> str:  # never the passphrase, whatever prints a configuration
        return (
            f"NetworkConfig(hotspot={self.hotspot}, device={self.device!r}, "
            f"ssid={self.ssid!r}, passphrase=<hidden>)"
        )


@dataclass(frozen=True)
class PowerConfig:
    """[power]: whether the host console may switch the Pi off (a Pi set up by install-pi.sh)."""

    switch_off: bool


@dataclass(frozen=True)
class Config:
    table: CountdownConfig
    store: StoreConfig
    web: WebConfig
    display: DisplayConfig
    bridge: BridgeConfig
    network: NetworkConfig
    lobby: LobbyConfig
    bots: BotsConfig
    power: PowerConfig
    pins: dict  # passed through unparsed to hardware.pinmap
    source: str | None  # the file read, None for defaults only


_CHECKS: dict[tuple[str, str], tuple[Callable[[Any], bool], str]] = {
    ("table", "tie_window_ms"): (lambda v: v >= 0, "must be 0 or more"),
    ("table", "step_ms"): (lambda v: v > 0, "must be more than 0"),
    ("table", "lead_in_ms"): (lambda v: v >= 0, "must be 0 or more"),
    ("table", "claim_deadline_ms"): (lambda v: v > 0, "must be more than 0"),
    ("table", "decision_timer_s"): (lambda v: v >= 0, "must be 0 (off) or more"),
    ("bots", "effort"): (lambda v: 0 < v <= 10, "must be more than 0 and at most 10"),
    ("bots", "pace_s"): (lambda v: 0 <= v <= 10, "must be 0 (at once) to 10"),
    ("lobby", "game"): (bool, "must name a game (samarkand run --help lists them)"),
    ("web", "port"): (lambda v: 1 <= v <= 65535, "must be a port number 1-65535"),
    ("web", "host"): (bool, "must not be empty"),
    ("web", "pin_policy"): (lambda v: v in ("random", "fixed"), 'must be "random" or "fixed"'),
    ("web", "pin"): (lambda v: v == "" or (len(v) == 4 and v.isdigit()), "must be 4 digits"),
    ("network", "ssid"): (lambda v: len(v.encode()) <= 32, "must be at most 32 bytes long"),
    ("network", "passphrase"): (
        lambda v: v == "" or (8 <= len(v) <= 63 and v.isascii() and v.isprintable()),
        "must be 8 to 63 printable ASCII characters (WPA2), or empty to have one made",
    ),
    ("display", "kind"): (
        lambda v: v in ("bargraph", "max7219", "terminal", "bridge"),
        'must be "bargraph", "max7219", "terminal" or "bridge"',
    ),
}


def load_config(
    path: str | Path | None,
    overrides: Mapping[str, Mapping[str, Any]] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Config:
    """Defaults, then the file at `path` (if given), then `overrides` ({section: {key: v}})."""
    values = _read(DEFAULT_FILE)
    origin = {(s, k): str(DEFAULT_FILE) for s, table in values.items() for k in table}
    if path is not None:
        _layer(values, origin, _read(Path(path)), str(path))
    _layer(values, origin, overrides or {}, OVERRIDE_SOURCE)
    for (section, key), (ok, need) in _CHECKS.items():
        value = values[section][key]
        if not ok(value):
            shown = "<hidden>" if (section, key) in SECRETS else repr(value)
            raise ConfigError(f"[{section}] {key} = {shown} (from {origin[section, key]}) {need}.")
    web = values["web"]
    if (web["pin_policy"] == "fixed") != bool(web["pin"]):
        where = origin["web", "pin_policy"]
        raise ConfigError(
            f'[web] pin_policy = "{web["pin_policy"]}" (from {where}) needs pin = "NNNN" '
            f'exactly when the policy is "fixed"; with "random" leave pin empty.'
        )
    env = os.environ if environ is None else environ
    return Config(
        table=CountdownConfig(**values["table"]),
        store=StoreConfig(path=_store_path(values["store"]["path"], env)),
        web=WebConfig(**web),
        display=DisplayConfig(**values["display"]),
        bridge=BridgeConfig(**values["bridge"]),
        network=NetworkConfig(**values["network"]),
        lobby=LobbyConfig(**values["lobby"]),
        bots=BotsConfig(**values["bots"]),
        power=PowerConfig(**values["power"]),
        pins=values["pins"],
        source=None if path is None else str(path),
    )


def parse_assignment(text: str) -> dict[str, dict[str, Any]]:
    """A `--set section.key=value` flag as an override; the value is read as TOML, else
    text. A key whose default is text takes what was typed as text, quoted or not: a shell
    drops the quotes of `--set web.pin="1234"`, and a PIN or a network's name may be digits."""
    name, sep, raw = text.partition("=")
    section, dot, key = name.strip().partition(".")
    if not sep or not dot or not section or not key:
        raise ConfigError(f"{text!r}: expected section.key=value, e.g. web.port=8080")
    raw = raw.strip()
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    if isinstance(_read(DEFAULT_FILE).get(section, {}).get(key), str) and not isinstance(value, str):
        value = raw
    return {section: {key: value}}


def _read(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ConfigError(f"The configuration file {path} does not exist.") from None
    except OSError as exc:
        raise ConfigError(f"Cannot read the configuration file {path}: {exc.strerror}.") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:  # TOML is UTF-8 text
        raise ConfigError(f"The configuration file {path} is not valid TOML: {exc}.") from exc


RENAMED = {
    ("table", "step_s"): "step_ms",
    ("table", "lead_in_s"): "lead_in_ms",
    ("table", "claim_deadline_s"): "claim_deadline_ms",
}
"""Keys of an older configuration file, named now as the table settings name them."""


def _in_ms(seconds: Any) -> str:
    return str(round(seconds * 1000)) if isinstance(seconds, (int, float)) else "1000"


def _layer(values: dict, origin: dict, layer: Mapping, source: str) -> None:
    """Apply one layer over `values`, checking every key and type against the defaults."""
    for section, table in layer.items():
        if section not in values:
            known = ", ".join(f"[{s}]" for s in values)
            raise ConfigError(f"Unknown section [{section}] in {source} (known: {known}).")
        if not isinstance(table, Mapping):
            raise ConfigError(f"[{section}] in {source} must be a table of keys.")
        if section == "pins":
            values["pins"] = {**values["pins"], **table}
            continue
        for key, value in table.items():
            if (section, key) in RENAMED:
                now = RENAMED[section, key]
                raise ConfigError(
                    f"[{section}] {key} in {source} is now {now}, in milliseconds "
                    f"(e.g. {now} = {_in_ms(value)}): the countdown's times are all in ms."
                )
            if key not in values[section]:
                known = ", ".join(values[section])
                raise ConfigError(f"Unknown key [{section}] {key} in {source} (known keys: {known}).")
            values[section][key] = _typed(section, key, value, values[section][key], source)
            origin[section, key] = source


def _typed(section: str, key: str, value: Any, default: Any, source: str) -> Any:
    """The value converted to the default's type (an int is a valid float), or an error."""
    if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if type(value) is not type(default):
        kind = {int: "a whole number", float: "a number", str: "text in quotes", bool: "true or false"}
        shown = "<hidden>" if (section, key) in SECRETS else repr(value)
        raise ConfigError(
            f"[{section}] {key} = {shown} in {source} must be "
            f"{kind.get(type(default), type(default).__name__)}."
        )
    return value


def _store_path(configured: str, environ: Mapping[str, str]) -> Path:
    """The store file: the configured path, else systemd's state dir, else the XDG data dir."""
    if configured:
        return Path(configured).expanduser()
    state = environ.get("STATE_DIRECTORY", "").split(":")[0]
    if state:
        return Path(state) / "companion.db"
    data = environ.get("XDG_DATA_HOME") or str(Path("~/.local/share").expanduser())
    return Path(data) / "samarkand" / "companion.db"


# ------------------------------------------------------------------ editing the file
def fix_host_pin(path: str | Path) -> str:
    """``install-pi.sh`` on a new table: a fixed host PIN, made once and kept in the file at
    ``path`` (then 0600), as a Pi at a table has no terminal to print a new one at each
    start; the file's own PIN where it has a fixed one already."""
    path = Path(path)
    web = load_config(path).web
    if web.pin_policy == "fixed":
        return web.pin
    pin = f"{secrets.randbelow(10_000):04d}"
    write_private(path, set_keys(path.read_text(), "web", {"pin_policy": "fixed", "pin": pin}))
    return pin


def offer_switch_off(path: str | Path, new: bool) -> bool:
    """``install-pi.sh``: a Pi table's host console offers "Switch off the table" ([power]
    switch_off), set on a new file and on one written before the setting existed (which
    has no [power]); a file's own choice is kept. Whether it is on."""
    path = Path(path)
    text = path.read_text()
    if new or _header(text.splitlines(), "power") is None:
        write_private(path, set_keys(text, "power", {"switch_off": True}))
    return load_config(path).power.switch_off


def _header(lines: list[str], section: str) -> int | None:
    """The line that opens ``[section]`` in a TOML file's lines, or None."""
    return next(
        (i for i, line in enumerate(lines) if re.fullmatch(rf"\s*\[{section}\]\s*(#.*)?", line)), None
    )


def set_keys(text: str, section: str, values: Mapping[str, str | bool]) -> str:
    """TOML ``text`` with ``values`` set in ``[section]`` (lines replaced, else added)."""
    lines = text.splitlines()
    header = _header(lines, section)
    if header is None:
        lines += ["", f"[{section}]"]
        header = len(lines) - 1
    end = next((i for i in range(header + 1, len(lines)) if re.match(r"\s*\[", lines[i])), len(lines))
    for key, value in values.items():
        line = f"{key} = {json.dumps(value)}"
        found = next((i for i in range(header + 1, end) if re.match(rf"\s*{key}\s*=", lines[i])), None)
        if found is None:
            lines.insert(header + 1, line)
            end += 1
        else:
            lines[found] = line
    return "\n".join(lines) + "\n"


def write_private(path: Path, text: str) -> None:
    """Replace the file with ``text``, readable and writable by its owner only (0600)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w") as out:  # mkstemp makes it 0600 from the start
            out.write(text)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
        raise
