"""The one configuration file: documented defaults, file and command-line layers, errors."""

import tomllib
from pathlib import Path

import pytest

from companion.config import (
    DEFAULT_FILE,
    ConfigError,
    fix_host_pin,
    load_config,
    offer_switch_off,
    parse_assignment,
)


def write(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_defaults_are_the_documented_ones():
    config = load_config(None, {}, environ={})
    assert (
        config.table.tie_window_ms,
        config.table.step_ms,
        config.table.lead_in_ms,
        config.table.claim_deadline_ms,
    ) == (100, 1000, 2000, 10000)
    assert (config.web.port, config.web.host, config.web.pin_policy) == (8000, "0.0.0.0", "random")
    assert config.display.kind == "bargraph" and config.bridge.port == "" and config.pins == {}
    assert config.store.path == Path("~/.local/share/samarkand/companion.db").expanduser()
    assert config.source is None


def test_every_default_key_is_commented_in_the_file():
    lines = DEFAULT_FILE.read_text().splitlines()
    for section, table in tomllib.loads(DEFAULT_FILE.read_text()).items():
        for key in table:
            at = next(i for i, line in enumerate(lines) if line.startswith(f"{key} ="))
            assert lines[at - 1].startswith("#"), f"[{section}] {key} has no comment"


def test_store_path_under_systemd_and_explicit():
    assert load_config(None, {}, environ={"STATE_DIRECTORY": "/var/lib/samarkand"}).store.path == Path(
        "/var/lib/samarkand/companion.db"
    )
    explicit = load_config(
        None, {"store": {"path": "/srv/games.db"}}, environ={"STATE_DIRECTORY": "/var/lib/samarkand"}
    )
    assert explicit.store.path == Path("/srv/games.db")


def test_file_then_overrides(tmp_path):
    path = write(
        tmp_path,
        """
[table]
tie_window_ms = 50
step_ms = 2000
[web]
pin_policy = "fixed"
pin = "0420"
[pins]
buzzers = { 1 = "GPIO17" }
""",
    )
    config = load_config(path, {"table": {"tie_window_ms": 30}, "web": {"port": 8080}})
    assert config.table.tie_window_ms == 30 and config.table.step_ms == 2000
    assert (config.web.port, config.web.pin_policy, config.web.pin) == (8080, "fixed", "0420")
    assert config.pins == {"buzzers": {"1": "GPIO17"}}
    assert config.source == str(path)


@pytest.mark.parametrize(
    "text, message",
    [
        ("[table]\ntie_windw_ms = 5\n", r"Unknown key \[table\] tie_windw_ms in .*config.toml"),
        ("[tabel]\nstep_ms = 1\n", r"Unknown section \[tabel\] in .*config.toml"),
        ('[web]\nport = "80"\n', r"\[web\] port = '80' in .*config.toml must be a whole number"),
        ("[table]\nstep_ms = true\n", r"\[table\] step_ms = True .* must be a whole number"),
        ("[table]\nstep_ms = 0\n", r"\[table\] step_ms = 0 \(from .*config.toml\) must be more than 0"),
        (
            "[table]\nstep_s = 0.5\n",
            r"\[table\] step_s in .*config.toml is now step_ms, in milliseconds \(e.g. step_ms = 500\)",
        ),
        ('[display]\nkind = "oled"\n', r"\[display\] kind = 'oled' .* must be \"bargraph\""),
        ('[web]\npin_policy = "fixed"\n', r"pin_policy = \"fixed\" .* needs pin"),
        ('[web]\npin = "12345"\n', r"\[web\] pin = '12345' .* must be 4 digits"),
        ('[web]\npin = "1234"\n', r"with \"random\" leave pin empty"),
        ("[web\n", r"config.toml is not valid TOML"),
    ],
)
def test_errors_name_the_key_and_file(tmp_path, text, message):
    with pytest.raises(ConfigError, match=message):
        load_config(write(tmp_path, text), {})


def test_a_file_that_is_not_utf8_text_is_named(tmp_path):
    config = tmp_path / "config.toml"
    config.write_bytes(b"\xff\xfe[web]\nport = 8000\n")
    with pytest.raises(ConfigError, match=rf"^The configuration file {config} is not valid TOML: 'utf-8'"):
        load_config(config, {})


def test_missing_explicit_file_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match=r"nope.toml does not exist"):
        load_config(tmp_path / "nope.toml", {})


def test_bad_override_names_the_command_line():
    with pytest.raises(ConfigError, match=r"\[web\] port = 0 \(from the command line\)"):
        load_config(None, {"web": {"port": 0}})


def test_parse_assignment_reads_toml_values_else_text():
    assert parse_assignment("web.port=8080") == {"web": {"port": 8080}}
    assert parse_assignment("store.path=/tmp/x.db") == {"store": {"path": "/tmp/x.db"}}
    assert parse_assignment('web.pin="0042"') == {"web": {"pin": "0042"}}
    with pytest.raises(ConfigError, match="section.key=value"):
        parse_assignment("port=8080")


def test_a_text_key_takes_digits_as_typed_in_a_shell():
    """`--set web.pin="1234"` reaches the program without its quotes: still the PIN."""
    assert parse_assignment("web.pin=1234") == {"web": {"pin": "1234"}}
    assert parse_assignment("network.ssid=1998") == {"network": {"ssid": "1998"}}
    assert parse_assignment("web.port=8080") == {"web": {"port": 8080}}  # a number stays one
    fixed = {
        "web": {**parse_assignment("web.pin_policy=fixed")["web"], **parse_assignment("web.pin=1234")["web"]}
    }
    assert load_config(None, fixed).web.pin == "1234"
    with pytest.raises(ConfigError, match=r"\[web\] port = 'x' in the command line must be a whole number"):
        load_config(None, parse_assignment("web.port=x"))


def test_a_new_table_gets_a_fixed_host_pin_kept_in_its_file(tmp_path):
    """install-pi.sh: a Pi at a table has no terminal to print a new PIN at each start."""
    path = tmp_path / "config.toml"
    path.write_text(DEFAULT_FILE.read_text())
    pin = fix_host_pin(path)
    assert len(pin) == 4 and pin.isdigit()
    web = load_config(path).web
    assert (web.pin_policy, web.pin) == ("fixed", pin)
    assert path.stat().st_mode & 0o777 == 0o600  # the PIN is the host's secret
    assert "# Four digits, used only with pin_policy" in path.read_text()  # its comments kept
    text = path.read_text()
    assert fix_host_pin(path) == pin and path.read_text() == text  # run again: the same


def test_a_table_that_chose_its_pin_keeps_it(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[web]\npin_policy = "fixed"\npin = "0420"\n')
    assert fix_host_pin(path) == "0420"
    assert load_config(path).web.pin == "0420"


def test_a_pi_table_lets_its_host_switch_it_off_unless_its_file_chose(tmp_path):
    """install-pi.sh: on for a new file and for one from before [power] existed; an update
    keeps a table's own choice, and the file's comments."""
    new, old, chose = (tmp_path / name for name in ("new.toml", "old.toml", "chose.toml"))
    new.write_text(DEFAULT_FILE.read_text())
    assert offer_switch_off(new, new=True) and "# Whether the host console offers" in new.read_text()
    old.write_text('[web]\npin_policy = "fixed"\npin = "0420"\n')
    assert offer_switch_off(old, new=False) and load_config(old).web.pin == "0420"
    chose.write_text("[power]\nswitch_off = false\n")
    assert not offer_switch_off(chose, new=False)
    assert old.stat().st_mode & 0o777 == 0o600  # it holds the host's PIN
