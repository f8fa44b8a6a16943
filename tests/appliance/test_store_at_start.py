"""`samarkand run` on a store that fails at start: one line naming the store and the way on,
exit 2, the file untouched; and the way on works (issue 11).

The disk that fails is real: the process runs with a file-size limit of 0 bytes, so SQLite
cannot make the store's shared-memory file and reports a disk I/O error, as it does on a full
disk (there, the message says the disk is full: tests/store/test_store_faults.py).
"""

from __future__ import annotations

import hashlib
import re
import resource
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing

import pytest
from appliance_rig import (
    bot_script,
    refused_start,
    replayed,
    start_appliance,
    stored_games,
    wait_for,
)

from companion.store import EventStore

START_TIMEOUT_S = 15


@pytest.fixture
def store(tmp_path):
    """A store holding a game played half-way, as the appliance writes it."""
    path, script = tmp_path / "companion.db", bot_script(seed=5, players=3)
    config = {"game": "marche", "setup": script["setup"], "mode": "digital", "seed": 5}
    with EventStore(path) as opened:
        game = opened.create_game("marche", config)
        opened.append_many(game, script["events"][: len(script["events"]) // 2])
    return path


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assert_one_line_refusal(done, *words):
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


def run_until_ready(store, out, *extra) -> str:
    """Start the appliance, wait for its countdown's lead-in, stop it: its stderr."""
    proc = start_appliance(store, out, *extra)
    wait_for(lambda: "ready…" in out.read_text(), START_TIMEOUT_S, "the game to start")
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=5) == 0
    return (out.parent / f"{out.name}.err").read_text()


def no_file_writes() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def test_a_disk_error_at_start_moves_nothing_aside_and_the_next_start_resumes(store, tmp_path):
    with EventStore(store) as opened:
        events = len(opened.events(1))
    before = digest(store)
    done = refused_start(store, preexec_fn=no_file_writes)
    assert_one_line_refusal(done, str(store), "disk I/O error", "left as it is")
    assert digest(store) == before
    assert not [p for p in tmp_path.iterdir() if "corrupt" in p.name]
    run_until_ready(store, tmp_path / "again.out")  # the disk works again
    (game,) = stored_games(store)
    assert game.id == 1 and game.status == "in progress" and game.events >= events


def damage(store, sql: str) -> None:
    with closing(sqlite3.connect(store, isolation_level=None)) as conn:
        conn.execute(sql)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def test_a_damaged_event_stops_the_start_naming_it_and_changes_nothing(store):
    damage(store, "UPDATE events SET body = '[' || substr(body, 2) WHERE seq = 4")
    before = digest(store)
    done = refused_start(store)
    assert_one_line_refusal(
        done,
        "Cannot resume the unfinished game 1",
        "event seq 4",
        "not valid JSON",
        "left untouched",
        "samarkand run --new",
        "samarkand games replay 1",
        "samarkand games export 1",
    )
    assert "Traceback" not in done.stderr and digest(store) == before


def test_an_event_the_rules_refuse_stops_the_start_and_new_goes_on(store, tmp_path):
    with EventStore(store) as opened:
        pick = next(r.seq for r in opened.records(1) if r.event["kind"] == "pick")
    damage(store, f"UPDATE events SET body = json_set(body, '$.data.card', 99) WHERE seq = {pick}")
    done = refused_start(store)
    assert_one_line_refusal(
        done, f"event seq {pick} ('pick') is refused by the rules", "99", "samarkand run --new"
    )
    run_until_ready(store, tmp_path / "new.out", "--new")
    assert [g.status for g in stored_games(store)] == ["abandoned", "in progress"]


def test_an_empty_store_file_is_said_to_be_one(tmp_path):
    store = tmp_path / "companion.db"
    store.write_bytes(b"")
    err = run_until_ready(store, tmp_path / "run.out")
    assert re.match(
        rf"warning: The game store {re.escape(str(store))} was an empty file: it "
        r"held no games",
        err,
    ), err
    assert [g.status for g in stored_games(store)] == ["in progress"]


def test_a_second_appliance_on_a_store_stops_at_once_and_the_first_plays_on(store, tmp_path):
    """Two would play the same game at once and write a log the rules refuse (issue 21)."""
    out = tmp_path / "first.out"
    first = start_appliance(store, out)
    wait_for(lambda: "ready…" in out.read_text(), START_TIMEOUT_S, "the first to start")
    try:
        before = stored_games(store)[0].events
        second = refused_start(store)
        assert_one_line_refusal(second, str(store), f"process {first.pid}", "in use")
        listed = games_list(store)  # a reader needs no lock
        assert listed.returncode == 0 and "in progress" in listed.stdout, listed.stderr
    finally:
        first.kill()  # a lock dies with its holder
        first.wait(timeout=5)
    assert stored_games(store)[0].events >= before
    replayed(store, 1)  # the log is still one the rules accept
    run_until_ready(store, tmp_path / "after.out")


def games_list(store) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion.appliance.cli", "games", "--store", str(store), "list"],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
