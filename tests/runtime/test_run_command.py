"""``samarkand run`` as a person starts it: a whole simulated game, and clear refusals."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from types import SimpleNamespace

import pytest
from ports import free_port

from companion.appliance import inputs
from companion.appliance.cli import build_parser
from companion.appliance.inputs import open_inputs
from companion.appliance.running import Appliance, _banner, _open_table
from companion.config import load_config
from companion.store import EventStore

FAST = [
    "--set",
    "table.step_ms=30",
    "--set",
    "table.lead_in_ms=50",
    "--set",
    "table.tie_window_ms=5",
    "--set",
    "table.claim_deadline_ms=1000",
]


def run(*args, timeout=120):
    return subprocess.run(
        [sys.executable, "-m", "companion.appliance.cli", "run", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def test_simulation_plays_a_whole_game_with_bots_and_ends_with_the_scores(tmp_path):
    done = run(
        "--simulate",
        "--no-web",
        "--players",
        "3",
        "--seed",
        "4",
        "--set",
        f"store.path={tmp_path / 'store.db'}",
        *FAST,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Turn 10" in out and "End of turn 10." in out
    assert "Stop at" in out and " buys " in out
    assert "player  podium  capacity" in out and "Winner" in out


@pytest.mark.parametrize(
    "buzzers, named",
    [
        ('{ 1 = "GPIO99", 2 = "GPIO5", 3 = "GPIO6" }', "GPIO99"),  # no such pin
        ('{ 1 = "GPIO5", 2 = "GPIO5", 3 = "GPIO6" }', "GPIO5"),  # two buzzers on one pin
    ],
)
def test_a_pin_map_that_cannot_be_wired_is_refused_before_the_game(tmp_path, buzzers, named):
    config = tmp_path / "c.toml"
    config.write_text(
        f"[pins]\nbuzzers = {buzzers}\n"
        'leds = { 1 = "GPIO12", 2 = "GPIO13", 3 = "GPIO19" }\ndisplay = "none"\n'
    )
    refused = run(
        "--simulate", "--no-web", "--config", str(config), "--set", f"store.path={tmp_path / 's.db'}"
    )
    assert refused.returncode == 2
    assert refused.stderr.startswith("error:") and named in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_missing_config_file_is_named(tmp_path):
    missing = tmp_path / "nowhere.toml"
    refused = run("--simulate", "--no-web", "--config", str(missing))
    assert refused.returncode == 2 and str(missing) in refused.stderr
    assert "Traceback" not in refused.stderr


@pytest.mark.parametrize("seat", ["9", "0"])
def test_a_keyboard_seat_outside_the_game_is_refused_before_anything_is_stored(tmp_path, seat):
    store = tmp_path / "s.db"
    refused = run(
        "--simulate",
        "--no-web",
        "--players",
        "3",
        "--seat",
        seat,
        "--set",
        f"store.path={store}",
        *FAST,
        timeout=60,
    )
    assert refused.returncode == 2
    assert f"error: --seat must be a seat from 1 to 3, not {seat}" in refused.stderr
    assert "Traceback" not in refused.stderr and len(refused.stderr.splitlines()) == 1
    with EventStore(store) as opened:
        assert opened.list_games() == []


def test_the_keyboard_seat_is_never_a_bots(tmp_path):
    config = load_config(None, {"store": {"path": str(tmp_path / "s.db")}})
    appliance = Appliance(config, open_inputs(config, simulate=True), EventStore(config.store.path))
    args = build_parser().parse_args(["run", "--no-web", "--seat", "2", "--game", "market", "--players", "3"])
    try:
        assert "A new game of Samarkand Market" in _open_table(appliance, args)
        assert set(appliance.runner.seats.bots) == {0, 2}
    finally:
        appliance.close()


def test_simulation_says_how_it_is_played_and_how_to_quit_before_anything_else(tmp_path):
    done = run(
        "--simulate",
        "--no-web",
        "--players",
        "3",
        "--seed",
        "4",
        "--set",
        f"store.path={tmp_path / 'store.db'}",
        *FAST,
    )
    first = done.stdout.splitlines()[0]
    assert "simulation mode: bots play the seats nobody takes" in first and "Ctrl-C quits" in first


def test_a_pi_whose_buzzers_cannot_be_read_says_why_it_simulates(monkeypatch):
    """A machine with a GPIO chip but no lgpio falls back to simulation mode: its first line
    says so and where to look; asked for (``--simulate``), simulation needs no reason."""
    monkeypatch.setattr(inputs, "gpio_chips", lambda: True)
    simulated = SimpleNamespace(inputs=SimpleNamespace(press=lambda seat, down, at: None))
    assert "lgpio does not import" in _banner(simulated, build_parser().parse_args(["run"]))
    assert "lgpio" not in _banner(simulated, build_parser().parse_args(["run", "--simulate"]))
    monkeypatch.setattr(inputs, "gpio_chips", lambda: False)  # a laptop
    assert "lgpio" not in _banner(simulated, build_parser().parse_args(["run"]))


def assert_one_line(done: subprocess.CompletedProcess, *words: str) -> None:
    """A refusal a person reads: non-zero exit, one line on stderr, no traceback."""
    assert done.returncode != 0, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


def samarkand(*args: str, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion.appliance.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        env=env,
    )


def test_a_port_in_use_is_named_with_how_to_choose_another(tmp_path):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run(
            "--simulate", "--port", str(port), "--set", f"store.path={tmp_path / 's.db'}", *FAST, timeout=60
        )
    assert_one_line(done, f"port {port}", "--port")
    assert done.returncode == 2


def test_a_misspelled_game_module_is_named_in_one_line():
    done = samarkand(
        "simulate", "marche", "--games", "1", env={**os.environ, "SAMARKAND_GAMES": "companion.games.marhce"}
    )
    assert_one_line(done, "companion.games.marhce", "SAMARKAND_GAMES")


def test_simulate_refuses_a_negative_number_of_workers():
    done = samarkand("simulate", "marche", "--games", "1", "--workers", "-1")
    assert_one_line(done, "--workers")


def test_bench_json_is_nothing_but_json_on_stdout():
    done = samarkand("bench", "web", "--json", timeout=180)
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)) == {"web"}


def test_flashing_a_port_that_does_not_exist_says_it_does_not():
    done = samarkand("bridge", "flash", "--port", "/dev/ttyNOPE")
    assert_one_line(done, "/dev/ttyNOPE", "no serial port")
    assert "in use" not in done.stderr


def test_autostart_starts_a_web_game_at_once_with_bots(tmp_path):
    from tests.appliance.appliance_rig import start_appliance, stored_games, wait_for

    store, out = tmp_path / "s.db", tmp_path / "out.txt"
    port = free_port()
    process = start_appliance(
        store, out, "--autostart", "--port", str(port), "--set", "web.host=127.0.0.1", web=True
    )
    try:
        games = wait_for(lambda: stored_games(store), 60, "the game stored at once")
        assert games[0].status == "in progress"
        wait_for(lambda: games[0].id and stored_games(store)[0].events > 0, 60, "the bots playing")
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    first = out.read_text().splitlines()[0]
    assert "the game starts at once" in first and "Ctrl-C quits" in first
