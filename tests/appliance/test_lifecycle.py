"""The appliance process at start and stop: SIGTERM mid-turn, damaged and newer stores.

Each test runs the real `samarkand run --simulate` and looks at its exit code, what it
said, and the store file it left.
"""

from __future__ import annotations

import hashlib
import re
import signal
import sqlite3
import subprocess
from contextlib import closing

import pytest
from appliance_rig import (
    bot_script,
    replayed,
    start_appliance,
    start_driver,
    stored_events,
    stored_games,
    wait_for,
    write_script,
)

from companion.store import EventStore
from companion.store.journal import COUNTDOWN_KEY
from companion.store.schema import CURRENT_VERSION

START_TIMEOUT_S = 15


def _said(out, pattern: str) -> re.Match | None:
    return re.search(pattern, out.read_text(), re.M)


def _terminate(proc: subprocess.Popen) -> int:
    proc.send_signal(signal.SIGTERM)
    return proc.wait(timeout=5)


def _counts(out) -> list[int]:
    return [int(n) for n in re.findall(r"^  … (\d+)$", out.read_text(), re.M)]


def _sigterm_at_nine(tmp_path, attempt: int):
    """A new game stopped by SIGTERM when its first countdown shows 9; its store and output."""
    store, out = tmp_path / f"try{attempt}.db", tmp_path / f"try{attempt}.out"
    proc = start_appliance(store, out, "--new")
    wait_for(lambda: _said(out, r"^  … 9$"), START_TIMEOUT_S, "the first countdown")
    assert _terminate(proc) == 0, (tmp_path / f"{out.name}.err").read_text()
    (game,) = stored_games(store)
    assert game.status == "in progress"
    state, _ = replayed(store, game.id)  # the stored log is whole: it replays
    return store, out, game.id, state


def test_sigterm_mid_turn_exits_cleanly_and_the_countdown_resumes_where_it_stood(tmp_path):
    # A bot may have stopped at 10 just then (the game is then claiming): try again.
    for attempt in range(3):
        store, first, game, state = _sigterm_at_nine(tmp_path, attempt)
        if state.phase == "countdown":
            break
    assert state.phase == "countdown" and state.turn == 1
    before = stored_events(store, game)
    with EventStore(store) as opened:
        mark = opened.checkpoint(game, COUNTDOWN_KEY)
    assert mark == {"count": _counts(first)[-1], "events": len(before)}

    second = tmp_path / "second.out"
    proc = start_appliance(store, second)  # no --new: resume
    wait_for(lambda: _counts(second), START_TIMEOUT_S, "the resumed countdown")
    assert _terminate(proc) == 0
    shown = [line for line in second.read_text().splitlines() if line.startswith("  ")]
    assert shown[0] == "  ready…"  # the countdown's first line: a lead-in again
    assert _counts(second)[0] == mark["count"]
    assert stored_events(store, game)[: len(before)] == before


def test_a_corrupt_store_is_moved_aside_named_on_stderr_and_a_fresh_one_begun(tmp_path):
    store, out = tmp_path / "companion.db", tmp_path / "run.out"
    damaged = b"SQLite format 3\x00 and then what a power cut mangled\n" * 200
    store.write_bytes(damaged)
    proc = start_appliance(store, out, "--new")
    wait_for(lambda: _said(out, r"^  ready…$"), START_TIMEOUT_S, "the fresh game")
    assert _terminate(proc) == 0
    err = (tmp_path / "run.out.err").read_text()
    aside = re.search(r"moved aside to (\S+) \(kept", err)
    assert err.startswith("warning: ") and str(store) in err and aside, err
    assert (tmp_path / aside.group(1)).read_bytes() == damaged
    (game,) = stored_games(store)
    assert game.status == "in progress"


def test_a_store_from_a_newer_version_is_refused_untouched_with_exit_2(tmp_path):
    store = tmp_path / "companion.db"
    with EventStore(store) as opened:
        opened.create_game("marche", {"game": "marche", "setup": {"players": 3}})
    with closing(sqlite3.connect(store)) as conn:
        conn.execute(f"PRAGMA user_version = {CURRENT_VERSION + 1}")
    before = hashlib.sha256(store.read_bytes()).hexdigest()
    proc = start_appliance(store, tmp_path / "run.out", "--new")
    assert proc.wait(timeout=START_TIMEOUT_S) == 2
    err = (tmp_path / "run.out.err").read_text()
    assert err.startswith("error: ") and str(store) in err and "newer companion" in err
    assert hashlib.sha256(store.read_bytes()).hexdigest() == before
    wal = tmp_path / "companion.db-wal"  # SQLite's read-only look may leave an empty WAL
    assert not wal.exists() or wal.stat().st_size == 0


@pytest.fixture
def over_but_not_marked_finished(tmp_path):
    """A store as a kill leaves it between the game's last commit and its 'finished' mark."""
    store = tmp_path / "companion.db"
    script = write_script(tmp_path / "script.json", bot_script(seed=5, players=3))
    driver = start_driver(store, script)
    driver.communicate(timeout=60)
    assert driver.returncode == 0
    with closing(sqlite3.connect(store, isolation_level=None)) as conn:
        conn.execute("UPDATE games SET finished = NULL, result = NULL")
    return store


def test_a_restart_marks_a_game_over_at_the_kill_finished(tmp_path, over_but_not_marked_finished):
    store = over_but_not_marked_finished
    proc = start_appliance(store, tmp_path / "run.out")
    try:
        wait_for(
            lambda: stored_games(store)[0].status == "finished",
            START_TIMEOUT_S,
            "the resumed game to be marked finished",
        )
    finally:
        proc.kill()
        proc.wait(timeout=5)
    (game,) = stored_games(store)
    _, summary = replayed(store, game.id)
    assert list(game.winners) == summary["scores"]["winners"]


def test_a_restart_on_a_game_over_at_the_kill_exits(tmp_path, over_but_not_marked_finished):
    proc = start_appliance(over_but_not_marked_finished, tmp_path / "run.out")
    try:
        assert proc.wait(timeout=START_TIMEOUT_S) == 0
    except subprocess.TimeoutExpired:
        raise AssertionError("`samarkand run --no-web` did not exit on a finished game") from None
    finally:
        proc.kill()
        proc.wait(timeout=5)
