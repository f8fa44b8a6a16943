"""`samarkand games list / export / replay` against a real store."""

import json
import os
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from companion.store import EventStore, StoreUnavailableError
from companion.store.cli import export_main, list_main, replay_main
from companion.store.schema import migrate

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def store_path(tmp_path):
    path = tmp_path / "companion.db"
    with EventStore(path) as store:
        done = store.create_game("marche", {"players": ["Ana", "Ben"]})
        for kind in ("a", "b", "c"):
            store.append(done, {"kind": kind, "actor": 0, "data": {}})
        store.undo_to(done, 3)
        store.finish(done, {"winners": [1], "scores": [30, 44]})
        store.create_game("marche", {"players": ["Cy"]})
    return path


def test_list_shows_each_game_with_status_events_and_winners(store_path, capsys):
    assert list_main([], store_path) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].split()[0] == "1" and "finished" in lines[0]
    assert "2 events" in lines[0] and "winners: 1" in lines[0]
    assert "in progress" in lines[1] and "winners: -" in lines[1]


def test_export_to_file_is_the_store_export(store_path, tmp_path, capsys):
    out = tmp_path / "game1.jsonl"
    assert export_main(["1", "--out", str(out)], store_path) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[0]["type"] == "game" and lines[0]["config"] == {"players": ["Ana", "Ben"]}
    assert [line["seq"] for line in lines[1:]] == [1, 2, 3]
    assert "3 events" in capsys.readouterr().err


def test_export_to_stdout(store_path, capsys):
    assert export_main(["2"], store_path) == 0
    (header,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert header["id"] == 2 and header["finished"] is None


@pytest.mark.parametrize("main", [export_main, replay_main])
def test_unknown_game_is_one_clear_line(store_path, capsys, main):
    assert main(["9"], store_path) == 1
    err = capsys.readouterr().err
    assert "No game 9" in err and str(store_path) in err and "Traceback" not in err


def test_a_file_that_cannot_be_written_is_one_clear_line(store_path, tmp_path):
    out = tmp_path / "no such folder" / "game1.jsonl"
    done = samarkand("games", "export", "1", "--store", str(store_path), "--out", str(out))
    assert done.returncode == 1 and "Traceback" not in done.stderr and "Errno" not in done.stderr
    assert done.stderr == f"samarkand games export: cannot write {out}: No such file or directory\n"


@pytest.mark.parametrize("action", [["list"], ["export", "1"]])
def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path, action):
    """``samarkand games list | head -1``: the pipe closes under the command, which has
    more to write than one buffer holds."""
    path = tmp_path / "companion.db"
    with EventStore(path) as store:
        game = store.create_game("marche", {"players": ["Ana", "Ben"]})
        store.append_many(game, [{"kind": "a", "actor": 0, "data": {}}] * 500)
        for _ in range(300):
            store.create_game("marche", {})
    read, write = os.pipe()
    os.close(read)  # the reader has gone
    try:
        done = samarkand("games", "--store", str(path), *action, stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 0 and done.stderr == ""


def test_an_export_onto_the_store_itself_is_refused(store_path, tmp_path, capsys):
    """Named another way, through its folder's ``..``: the same file, which the export
    would have emptied."""
    before = store_path.read_bytes()
    same = tmp_path / "sub" / ".." / store_path.name
    (tmp_path / "sub").mkdir()
    assert export_main(["1", "--out", str(same)], store_path) == 1
    assert capsys.readouterr().err == (
        f"samarkand games export: {same} is the game store itself: name another file.\n"
    )
    assert store_path.read_bytes() == before


def test_exporting_a_game_that_is_not_there_leaves_no_file(store_path, tmp_path, capsys):
    out = tmp_path / "game9.jsonl"
    assert export_main(["9", "--out", str(out)], store_path) == 1
    assert "No game 9" in capsys.readouterr().err and not out.exists()


def test_missing_store_is_reported_not_created(tmp_path, capsys):
    path = tmp_path / "none" / "companion.db"
    assert list_main([], path) == 1
    assert f"No game store at {path}" in capsys.readouterr().err
    assert not path.parent.exists()


def test_a_folder_given_as_the_store_is_said_to_be_a_folder(tmp_path, capsys):
    """SQLite calls it a disk I/O error: the person is told to name the file instead, and
    neither a reading command nor the table's own opening leaves a file beside it."""
    assert list_main([], tmp_path) == 1
    said = capsys.readouterr().err
    assert f"{tmp_path} is a folder, not a store file" in said and "disk" not in said
    with pytest.raises(StoreUnavailableError, match="is a folder, not a store file"):
        EventStore(tmp_path, sole=True)
    assert list(tmp_path.parent.glob(f"{tmp_path.name}*")) == [tmp_path]


def test_list_tells_a_game_the_host_ended_from_an_abandoned_one(tmp_path, capsys):
    path = tmp_path / "companion.db"
    with EventStore(path) as store:
        store.abandon(store.create_game("marche", {}))
        store.end(store.create_game("marche", {}))
        assert store.unfinished() is None
    assert list_main([], path) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "abandoned" in lines[0] and "ended" not in lines[0]
    assert "ended" in lines[1] and "abandoned" not in lines[1]


def test_export_keeps_the_names_the_players_joined_with(tmp_path, capsys):
    path = tmp_path / "companion.db"
    with EventStore(path) as store:
        game = store.create_game("marche", {"setup": {"names": ["Seat 1", "Seat 2", "Seat 3"]}})
        store.set_checkpoint(game, "web_seats", {"seats": {"2": {"token": "d1g", "name": "Zoé"}}})
    assert export_main(["1"], path) == 0
    out = capsys.readouterr().out
    header = json.loads(out.splitlines()[0])
    assert header["names"] == ["Seat 1", "Seat 2", "Zoé"]
    assert "d1g" not in out  # the seat's token digest stays in the store


def samarkand(*args: str, cwd=None, stdout: int = subprocess.PIPE) -> subprocess.CompletedProcess:
    """The real `samarkand` command, as a person runs it."""
    return subprocess.run(
        [sys.executable, "-m", "companion.appliance.cli", *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


def assert_one_line(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode != 0 and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


@pytest.mark.parametrize("action", [["list"], ["export", "1"], ["replay", "1"]])
def test_a_reading_command_never_moves_a_file_that_is_not_a_store(tmp_path, action):
    config = tmp_path / "x.toml"
    config.write_text('[web]\nport = 8000\n[store]\npath = "companion.db"\n')
    before = config.read_bytes()
    done = samarkand("games", "--store", str(config), *action)
    assert_one_line(done, str(config), "not a game store", "left as it is")
    assert config.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["x.toml"]


@pytest.mark.parametrize("how", ["another program's database", "damaged"])
def test_a_reading_command_leaves_a_damaged_or_foreign_database_where_it_is(tmp_path, how):
    path = tmp_path / "companion.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.commit()
    if how == "damaged":
        path.write_bytes(path.read_bytes()[:100] + b"\xff" * 4000)
    before = path.read_bytes()
    done = samarkand("games", "--store", str(path), "list")
    assert_one_line(done, str(path), how)
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if "corrupt" in p.name]


def test_a_reading_command_does_not_upgrade_an_older_store(tmp_path, capsys):
    path = tmp_path / "companion.db"
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        migrate(conn, 0, 1)
    before = path.read_bytes()
    assert list_main([], path) == 1
    assert "older companion" in capsys.readouterr().err
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if "backup" in p.name]


def test_reading_goes_on_beside_the_writer_that_holds_the_store(store_path, capsys):
    with EventStore(store_path, sole=True) as held:
        held.append(2, {"kind": "d", "actor": 0, "data": {}})
        assert list_main([], store_path) == 0
        assert "1 event  " in capsys.readouterr().out.splitlines()[1]
        assert held.unfinished() == 2


def test_games_takes_the_store_after_its_action_too(store_path, tmp_path):
    listed = samarkand("games", "list", "--store", str(store_path))
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout == samarkand("games", "--store", str(store_path), "list").stdout
    out = tmp_path / "game1.jsonl"
    done = samarkand("games", "export", "1", "--store", str(store_path), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert len(out.read_text().splitlines()) == 4


def test_list_says_when_each_game_began_in_the_machines_time_zone(tmp_path, monkeypatch, capsys):
    """The store keeps UTC; a person at the Pi's terminal reads their own evening's time."""
    path = tmp_path / "companion.db"
    with EventStore(path) as store:
        store.clock.stamp = lambda: "2025-03-14T01:30:00.000+00:00"
        store.create_game("market", {"players": 3})
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        assert list_main([], path) == 0
    finally:
        monkeypatch.undo()
        time.tzset()
    assert "2025-03-13 21:30" in capsys.readouterr().out
