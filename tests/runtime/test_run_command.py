"""``samarkand run`` as a person starts it: a whole simulated game, and clear refusals."""
from __future__ import annotations

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
