"""Power cuts: the appliance process is killed with SIGKILL at random points and restarted.

Two properties (issue 5):
(a) the real `samarkand run --simulate` survives every kill and resumes to the end of the
    game: what it had narrated (printed only after the commit) is in the store, the stored
    log only ever grows, and the finished game replays to a state that is over with the
    money conserved. Bots press in real time, so this game is not reproducible.
(b) the same appliance path driven by a fixed list of engine events (script_driver.py)
    ends, however often it is killed, in exactly the state of an uninterrupted run.
The default run makes a handful of kills; SAMARKAND_LONG=1 makes at least 100 of each.
"""

from __future__ import annotations

import random
import re
import signal
import subprocess
import time

import pytest
from appliance_rig import (
    bot_script,
    money_conserved,
    replayed,
    start_appliance,
    start_driver,
    stored_events,
    stored_games,
    wait_for,
    write_script,
)

from companion.core.game import Event
from companion.core.match import replay
from companion.games.marche.final import final_score
from companion.games.marche.game import MarcheGame

GAME_TIMEOUT_S = 60


# ------------------------------------------------------------------ (a) the real process
def _narrated(out_path) -> tuple[int, int]:
    """Stops narrated, and the last turn narrated as ended, in one run's stdout."""
    text = out_path.read_text()
    ended = [int(n) for n in re.findall(r"^End of turn (\d+)\.$", text, re.M)]
    return len(re.findall(r"^Stop at \d+: ", text, re.M)), max(ended, default=0)


def _crash_real_game(tmp_path, rng: random.Random, kills: int, game: int) -> int:
    """Play one game with up to ``kills`` SIGKILLs; returns the kills made."""
    store = tmp_path / f"game{game}.db"
    previous: list[dict] = []
    narrated_stops = last_turn_ended = made = 0
    for run in range(kills):
        out = tmp_path / f"game{game}-run{run}.out"
        proc = start_appliance(store, out, *(["--new"] if run == 0 else []), seed=game)
        try:
            proc.wait(timeout=rng.uniform(0.3, 1.3))
            break  # it finished before this kill
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            assert proc.wait(timeout=10) == -signal.SIGKILL
        made += 1
        stops, turn = _narrated(out)
        narrated_stops += stops
        last_turn_ended = max(last_turn_ended, turn)
        (summary,) = stored_games(store) or [None]
        if summary is None:  # killed before the game was created
            continue
        events = stored_events(store, summary.id)
        assert events[: len(previous)] == previous, "an acknowledged event was lost or changed"
        assert sum(e["kind"] == "stop" for e in events) >= narrated_stops
        state, _ = replayed(store, summary.id)
        assert state.phase == "over" or state.turn > last_turn_ended
        previous = events
        if state.phase == "over":
            break
    _finish(store, tmp_path / f"game{game}-last.out", game)
    (summary,) = stored_games(store)
    events = stored_events(store, summary.id)
    assert events[: len(previous)] == previous
    state, result = replayed(store, summary.id)
    assert state.phase == "over" and summary.status == "finished"
    assert money_conserved(state)
    assert list(summary.winners) == result["scores"]["winners"]
    return made


def _finish(store, out, seed: int) -> None:
    """Restart and let the game end: the store must show it finished, the process exit 0."""

    def finished() -> bool:  # every kill may have come before the game was stored
        games = stored_games(store)
        return bool(games) and games[-1].status == "finished"

    if finished():
        return
    proc = start_appliance(store, out, seed=seed)
    wait_for(lambda: proc.poll() is not None or finished(), GAME_TIMEOUT_S, "the resumed game to finish")
    try:
        code = proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.terminate()
        code = proc.wait(timeout=10)
    assert code == 0, (out.parent / f"{out.name}.err").read_text()


def test_real_appliance_survives_a_few_kills(tmp_path):
    assert _crash_real_game(tmp_path, random.Random(1), kills=4, game=1) >= 1


@pytest.mark.long
def test_real_appliance_survives_a_hundred_kills(tmp_path):
    rng, made, game = random.Random(2), 0, 1
    while made < 100:
        made += _crash_real_game(tmp_path, rng, kills=100 - made, game=game)
        game += 1
    assert made >= 100


# ------------------------------------------------------------------ (b) a fixed script
def _read_acks(proc, wanted: int, acked: int) -> int:
    """Wait for ``wanted`` acknowledgements; returns the log length last acknowledged."""
    for _ in range(wanted):
        line = proc.stdout.readline().strip()
        if not line.isdigit():  # exited, or the game was already over
            break
        acked = int(line)
    return acked


def _crash_script(tmp_path, script: dict, rng: random.Random, kills: int) -> int:
    """Drive the script with up to ``kills`` SIGKILLs at random points; returns kills made."""
    path = write_script(tmp_path / "script.json", script)
    store = tmp_path / "killed.db"
    expected = script["events"]
    spread = max(1, 2 * len(expected) // (3 * kills))
    acked = made = 0
    for _ in range(kills):
        proc = start_driver(store, path)
        acked = _read_acks(proc, rng.randint(0, spread), acked)
        time.sleep(rng.uniform(0, 0.004))  # anywhere, mid-commit included
        proc.send_signal(signal.SIGKILL)
        made += proc.wait(timeout=10) == -signal.SIGKILL
        proc.stdout.close()
        games = stored_games(store)
        if not games:
            continue
        events = stored_events(store, games[-1].id)
        assert events == expected[: len(events)], "the stored log departs from the script"
        assert len(events) >= acked, f"acknowledged {acked} events, only {len(events)} stored"
        if games[-1].status == "finished":
            break
    proc = start_driver(store, path)
    proc.communicate(timeout=GAME_TIMEOUT_S)
    assert proc.returncode == 0
    return made


def _uninterrupted(tmp_path, script: dict):
    path = write_script(tmp_path / "script.json", script)
    store = tmp_path / "uninterrupted.db"
    proc = start_driver(store, path)
    proc.communicate(timeout=GAME_TIMEOUT_S)
    assert proc.returncode == 0
    return store


def _assert_same_game(tmp_path, script: dict) -> None:
    killed, calm = tmp_path / "killed.db", _uninterrupted(tmp_path, script)
    (k,), (c,) = stored_games(killed), stored_games(calm)
    assert k.status == c.status == "finished"
    assert stored_events(killed, k.id) == stored_events(calm, c.id) == script["events"]
    killed_state, killed_summary = replayed(killed, k.id)
    calm_state, calm_summary = replayed(calm, c.id)
    direct = replay(MarcheGame(), script["setup"], [Event.from_dict(e) for e in script["events"]])
    assert killed_state == calm_state == direct
    assert killed_summary == calm_summary
    assert killed_summary["scores"] == final_score(direct).to_dict()
    assert money_conserved(killed_state) and killed_state.phase == "over"


def test_script_killed_a_few_times_ends_as_an_uninterrupted_run(tmp_path):
    script = bot_script(seed=11, players=4)
    assert _crash_script(tmp_path, script, random.Random(3), kills=5) >= 3
    _assert_same_game(tmp_path, script)


@pytest.mark.long
def test_script_killed_a_hundred_times_ends_as_an_uninterrupted_run(tmp_path):
    made, seed = 0, 20
    while made < 100:
        game_dir = tmp_path / f"seed{seed}"
        game_dir.mkdir()
        script = bot_script(seed=seed, players=3 + seed % 3)
        made += _crash_script(game_dir, script, random.Random(seed), kills=50)
        _assert_same_game(game_dir, script)
        seed += 1
