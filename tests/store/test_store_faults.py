"""A store that fails at start: moved aside only when SQLite says it is damaged; a full disk,
a read-only place or an I/O error gets the cause and the fix, and the file stays put.

The faults are SQLite's own errors (the codes it gave on a full tmpfs, a read-only mount and
folder, a read-only file), raised by a connection wrapper at the statement where SQLite
raised them, as test_store_damage.py's _FullDisk does for the OS's ENOSPC.
"""

import json
import shutil
import sqlite3
from collections import namedtuple
from pathlib import Path

import pytest

from companion.appliance.cli import build_parser
from companion.appliance.running import run
from companion.store import (
    DamagedRecordError,
    EventStore,
    StoreCorruptError,
    StoreError,
    StoreUnavailableError,
)
from companion.store.cli import export_main, replay_main
from companion.store.opening import SQLITE_HEADER

Usage = namedtuple("Usage", "total used free")


def sqlite_error(message: str, code: int) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(message)
    error.sqlite_errorcode = code
    return error


class _Failing:
    """A connection whose statements ``fails(sql)`` picks raise ``error``."""

    def __init__(self, conn, error, fails):
        self._conn, self._error, self._fails = conn, error, fails

    def execute(self, sql, *args):
        if self._fails(sql):
            raise self._error
        return self._conn.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._conn, name)


@pytest.fixture
def faults(monkeypatch, store):
    """faults(error, on="inspect" | "write"): SQLite fails on its read-only look at the store
    (the shared-memory file cannot be made) or on the first write to it."""
    real = sqlite3.connect
    looks = {"inspect": f"{store.absolute().as_uri()}?mode=ro", "write": str(store)}

    def install(error, on):
        def connect(target, *args, **kwargs):
            conn = real(target, *args, **kwargs)
            if str(target) != looks[on]:
                return conn
            return _Failing(
                conn, error, lambda sql: on == "inspect" or sql.startswith("PRAGMA user_version =")
            )

        monkeypatch.setattr(sqlite3, "connect", connect)

    return install


@pytest.fixture
def store(tmp_path):
    """A healthy store holding a game in progress, closed; its path."""
    path = tmp_path / "companion.db"
    with EventStore(path) as opened:
        game = opened.create_game("marche", {"game": "marche", "setup": {"players": 3}})
        for i in range(5):
            opened.append(game, {"kind": "step", "data": {"i": i}})
    return path


def assert_left_in_place(path, original: bytes):
    assert path.read_bytes() == original
    assert not [p for p in path.parent.iterdir() if "corrupt" in p.name]


def assert_says(err, path, *words):
    text = str(err)
    assert str(path) in text and "left as it is" in text and "\n" not in text, text
    for word in words:
        assert word in text, text


def test_a_full_disk_at_start_leaves_the_store_where_it_is(store, faults, monkeypatch):
    original = store.read_bytes()
    faults(sqlite_error("disk I/O error", sqlite3.SQLITE_IOERR_SHMSIZE), on="inspect")
    monkeypatch.setattr(shutil, "disk_usage", lambda folder: Usage(10**9, 10**9, 0))
    with pytest.raises(StoreUnavailableError) as refused:
        EventStore(store)
    assert_says(refused.value, store, "is full", "Free some space")
    assert_left_in_place(store, original)
    monkeypatch.undo()  # space freed: the game is still there
    with EventStore(store) as opened:
        assert opened.unfinished() == 1 and len(opened.events(1)) == 5


def test_a_disk_io_error_at_start_leaves_the_store_where_it_is(store, faults):
    original = store.read_bytes()
    faults(sqlite_error("disk I/O error", sqlite3.SQLITE_IOERR_SHMOPEN), on="inspect")
    with pytest.raises(StoreUnavailableError) as refused:
        EventStore(store)
    assert_says(refused.value, store, "disk I/O error", "check the disk")
    assert_left_in_place(store, original)


@pytest.mark.parametrize(
    "error",
    [
        sqlite_error("attempt to write a readonly database", sqlite3.SQLITE_READONLY_DIRECTORY),
        sqlite_error("unable to open database file", sqlite3.SQLITE_CANTOPEN),  # read-only disk
    ],
)
def test_a_read_only_folder_or_disk_is_refused_with_the_fix(store, faults, error):
    original = store.read_bytes()
    faults(error, on="inspect")
    with pytest.raises(StoreUnavailableError) as refused:
        EventStore(store)
    assert_says(refused.value, store, "cannot be written", "writable", "[store] path")
    assert_left_in_place(store, original)


def test_a_read_only_file_is_refused_at_start_not_at_the_first_move(store, faults):
    original = store.read_bytes()
    faults(sqlite_error("attempt to write a readonly database", sqlite3.SQLITE_READONLY), on="write")
    opened = EventStore(store)  # SQLite opens it, for reading only
    with pytest.raises(StoreUnavailableError) as refused:
        opened.check_writable()
    opened.close()
    assert_says(refused.value, store, "readonly database", "writable")
    assert_left_in_place(store, original)


def test_a_full_disk_is_refused_at_start_even_when_the_store_opens(store, monkeypatch):
    opened = EventStore(store)
    monkeypatch.setattr(shutil, "disk_usage", lambda folder: Usage(10**9, 10**9, 4096))
    with pytest.raises(StoreUnavailableError) as refused:
        opened.check_writable()
    opened.close()
    assert_says(refused.value, store, "is full", "Free some space")


def test_the_appliance_refuses_a_read_only_store_before_any_game(store, faults, capsys):
    original = store.read_bytes()
    faults(sqlite_error("attempt to write a readonly database", sqlite3.SQLITE_READONLY), on="write")
    args = build_parser().parse_args(["run", "--simulate", "--no-web", "--set", f"store.path={store}"])
    assert run(args) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith(f"error: The game store {store} cannot be written")
        and err.count("\n") == 1
        and "writable" in err
    ), err
    assert_left_in_place(store, original)


def test_the_write_check_writes_nothing(store):
    original = store.read_bytes()
    with EventStore(store) as opened:
        opened.check_writable()
    assert store.read_bytes() == original


def test_corruption_sqlite_reports_still_moves_the_file_aside(store, faults):
    faults(sqlite_error("database disk image is malformed", sqlite3.SQLITE_CORRUPT), on="inspect")
    with pytest.raises(StoreCorruptError) as damaged:
        EventStore(store, sole=True)
    assert damaged.value.aside.exists() and not store.exists()


def test_a_damaged_store_that_cannot_be_moved_aside_says_so(tmp_path, monkeypatch):
    path = tmp_path / "companion.db"
    damaged = SQLITE_HEADER + b"not a database " * 100
    path.write_bytes(damaged)

    def refuse(source, target):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("companion.store.opening.os.rename", refuse)
    with pytest.raises(StoreError, match="cannot be moved aside \\(Permission denied\\)"):
        EventStore(path, sole=True)
    assert path.read_bytes() == damaged


def test_an_empty_file_is_said_to_be_one(tmp_path, store):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    with EventStore(empty) as opened:
        assert opened.found_empty and opened.list_games() == []
    with EventStore(empty) as again, EventStore(store) as full, EventStore(tmp_path / "new.db") as new:
        assert not (again.found_empty or full.found_empty or new.found_empty)


# ------------------------------------------------------------------ a damaged event body
@pytest.fixture
def damaged(store):
    """The store with event seq 3's JSON damaged ("{" changed to "[")."""
    with sqlite3.connect(store) as conn:
        conn.execute("UPDATE events SET body = '[' || substr(body, 2) WHERE seq = 3")
    conn.close()
    return store


def test_a_damaged_event_is_named_by_game_and_seq(damaged):
    with (
        EventStore(damaged) as opened,
        pytest.raises(
            DamagedRecordError, match="Game 1's event seq 3 in the game store .* is not valid JSON"
        ),
    ):
        opened.events(1)


def test_replay_names_the_damaged_event_and_export_shows_it(damaged, capsys):
    assert replay_main(["1"], damaged) == 1
    assert "event seq 3" in capsys.readouterr().err
    assert export_main(["1"], damaged) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    bad = lines[3]
    assert bad["seq"] == 3 and "not valid JSON" in bad["damaged"] and bad["body"].startswith("[")
    assert [line["event"]["data"]["i"] for line in lines[1:] if "event" in line] == [0, 1, 3, 4]


def test_a_store_that_cannot_even_be_looked_at_is_told_as_the_store_says_it(tmp_path, monkeypatch):
    """Asking whether the path is a folder must not raise what the opening would say in
    words (a folder this user may not enter: PermissionError)."""
    path = tmp_path / "companion.db"
    real_is_dir = Path.is_dir

    def not_allowed(self):
        if self == path:
            raise PermissionError(13, "Permission denied")
        return real_is_dir(self)

    monkeypatch.setattr(Path, "is_dir", not_allowed)
    with EventStore(path) as opened:  # looked at no further: the opening goes on
        assert opened.list_games() == []
