"""``samarkand run`` as a person starts it: a whole simulated game, and clear refusals."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest

FAST = ["--set", "table.step_s=0.03", "--set", "table.lead_in_s=0.05",
        "--set", "table.tie_window_ms=5", "--set", "table.claim_deadline_s=1"]


def run(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "companion.appliance.cli", "run", *args],
                          capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def test_simulation_plays_a_whole_game_with_bots_and_ends_with_the_scores(tmp_path):
    done = run("--simulate", "--no-web", "--players", "3", "--seed", "4",
               "--set", f"store.path={tmp_path / 'store.db'}", *FAST)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Turn 10" in out and "End of turn 10." in out
    assert "Stop at" in out and " buys " in out
    assert "player  money  capacity" in out and "Winner" in out


@pytest.mark.parametrize("buzzers, named", [
    ('{ 1 = "GPIO99", 2 = "GPIO5", 3 = "GPIO6" }', "GPIO99"),   # no such pin
    ('{ 1 = "GPIO5", 2 = "GPIO5", 3 = "GPIO6" }', "GPIO5"),     # two buzzers on one pin
])
def test_a_pin_map_that_cannot_be_wired_is_refused_before_the_game(tmp_path, buzzers, named):
    config = tmp_path / "c.toml"
    config.write_text(f'[pins]\nbuzzers = {buzzers}\n'
                      'leds = { 1 = "GPIO12", 2 = "GPIO13", 3 = "GPIO19" }\ndisplay = "none"\n')
    refused = run("--simulate", "--no-web", "--config", str(config),
                  "--set", f"store.path={tmp_path / 's.db'}")
    assert refused.returncode == 2
    assert refused.stderr.startswith("error:") and named in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_missing_config_file_is_named(tmp_path):
    missing = tmp_path / "nowhere.toml"
    refused = run("--simulate", "--no-web", "--config", str(missing))
    assert refused.returncode == 2 and str(missing) in refused.stderr
    assert "Traceback" not in refused.stderr


def assert_one_line(done: subprocess.CompletedProcess, *words: str) -> None:
    """A refusal a person reads: non-zero exit, one line on stderr, no traceback."""
    assert done.returncode != 0, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


def samarkand(*args: str, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.appliance.cli", *args],
                          capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL, env=env)


def test_a_port_in_use_is_named_with_how_to_choose_another(tmp_path):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("--simulate", "--port", str(port), "--set", f"store.path={tmp_path / 's.db'}",
                   *FAST, timeout=60)
    assert_one_line(done, f"port {port}", "--port")
    assert done.returncode == 2


def test_a_misspelled_game_module_is_named_in_one_line():
    done = samarkand("simulate", "marche", "--games", "1",
                     env={**os.environ, "SAMARKAND_GAMES": "companion.games.marhce"})
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
