"""A damaged, too new or full store: a clear message naming the file, nothing lost."""

import errno
import os
import sqlite3

import pytest

from companion.store import (
    EventStore,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreNotAStoreError,
    StoreTooNewError,
)
from companion.store.opening import SQLITE_HEADER
from companion.store.schema import CURRENT_VERSION


def _filled_store(path, events=300):
    with EventStore(path) as store:
        game = store.create_game("marche", {"players": ["Ana", "Ben", "Cy"]})
        for i in range(events):
            store.append(game, {"kind": "step", "actor": i % 3, "data": {"pad": "x" * 100}})
        return game


def _assert_moved_aside(path, original: bytes, excinfo):
    err = excinfo.value
    assert isinstance(err, StoreError)
    assert str(path) in str(err) and str(err.aside) in str(err)
    assert err.aside.name.startswith("companion.db.corrupt-")
    assert err.aside.read_bytes() == original
    assert not path.exists()
    with EventStore(path) as fresh:  # the next start works, on a new store
        assert fresh.list_games() == []
    assert err.aside.read_bytes() == original


def test_a_database_sqlite_cannot_read_is_moved_aside_with_its_bytes(tmp_path):
    path = tmp_path / "companion.db"
    garbage = SQLITE_HEADER + bytes(range(256)) * 40
    path.write_bytes(garbage)
    with pytest.raises(StoreCorruptError, match="damaged") as excinfo:
        EventStore(path, sole=True)
    _assert_moved_aside(path, garbage, excinfo)


@pytest.mark.parametrize("held", [True, False])
def test_a_file_that_was_never_a_database_is_refused_and_left_alone(tmp_path, held):
    path = tmp_path / "x.toml"
    path.write_text('[store]\npath = "companion.db"\n' * 20)
    original = path.read_bytes()
    with pytest.raises(StoreNotAStoreError, match="not an SQLite database"):
        EventStore(path, sole=held)
    assert path.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.toml"] + ["x.toml.lock"] * held


def test_only_the_holder_moves_a_damaged_store_aside(tmp_path):
    """A writer that does not hold the store (another may be using it) leaves it be."""
    path = tmp_path / "companion.db"
    _filled_store(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(StoreCorruptError, match="left where it is") as excinfo:
        EventStore(path)
    assert excinfo.value.aside is None and path.read_bytes() == data[: len(data) // 2]


def test_truncated_store_is_moved_aside_with_its_bytes(tmp_path):
    path = tmp_path / "companion.db"
    _filled_store(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(StoreCorruptError) as excinfo:
        EventStore(path, sole=True)
    _assert_moved_aside(path, data[: len(data) // 2], excinfo)


def test_foreign_database_is_not_taken_for_a_store_nor_moved(tmp_path):
    path = tmp_path / "companion.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    original = path.read_bytes()
    with pytest.raises(StoreNotAStoreError, match="another program's database"):
        EventStore(path, sole=True)
    assert path.read_bytes() == original
    assert not [p for p in tmp_path.iterdir() if "corrupt" in p.name]


def test_a_store_missing_a_table_is_refused_not_moved(tmp_path):
    path = tmp_path / "companion.db"
    _filled_store(path, events=1)
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE checkpoints")
    conn.commit()
    conn.close()
    with pytest.raises(StoreNotAStoreError, match="lacks the tables checkpoints"):
        EventStore(path, sole=True)
    assert path.exists()


def test_aside_never_overwrites_an_earlier_aside(tmp_path):
    path = tmp_path / "companion.db"
    asides = []
    for fill in (SQLITE_HEADER + b"first" * 100, SQLITE_HEADER + b"second" * 100):
        path.write_bytes(fill)
        with pytest.raises(StoreCorruptError) as excinfo:
            EventStore(path, sole=True)
        asides.append(excinfo.value.aside)
    assert asides[0] != asides[1]
    assert asides[0].read_bytes() == SQLITE_HEADER + b"first" * 100
    assert asides[1].read_bytes() == SQLITE_HEADER + b"second" * 100


def test_newer_store_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "companion.db"
    _filled_store(path, events=5)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {CURRENT_VERSION + 1}")
    conn.commit()
    conn.close()
    original = path.read_bytes()
    with pytest.raises(StoreTooNewError, match="Upgrade the companion") as excinfo:
        EventStore(path)
    assert str(path) in str(excinfo.value)
    assert path.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir() if "corrupt" in p.name or "backup" in p.name] == []


def test_full_database_refuses_the_action_and_keeps_earlier_events(tmp_path):
    path = tmp_path / "companion.db"
    store = EventStore(path)
    game = store.create_game("marche", {})
    for i in range(5):
        store.append(game, {"kind": "step", "data": {"i": i}})
    (pages,) = store._conn.execute("PRAGMA page_count").fetchone()
    store._conn.execute(f"PRAGMA max_page_count = {pages}")
    big = [{"kind": "big", "data": {"pad": "x" * 50_000}}, {"kind": "chance"}]
    with pytest.raises(StoreFullError, match="full") as excinfo:
        store.append_many(game, big)
    assert str(path) in str(excinfo.value)
    assert store.events(game) == [{"kind": "step", "data": {"i": i}} for i in range(5)]
    store._conn.execute("PRAGMA max_page_count = 1073741823")  # space freed: it works again
    assert store.append(game, {"kind": "after"}) == 6
    store.close()
    with EventStore(path) as reopened:
        assert [e["kind"] for e in reopened.events(game)] == ["step"] * 5 + ["after"]


class _FullDisk:
    """A connection whose writes fail as a full disk does, from the OS."""

    def __init__(self, conn):
        self._conn = conn

    def execute(self, sql, *args):
        if sql.startswith("INSERT"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self._conn.execute(sql, *args)

    executemany = execute

    def __getattr__(self, name):
        return getattr(self._conn, name)


def test_enospc_from_the_os_is_a_store_full_error(tmp_path, monkeypatch):
    path = tmp_path / "companion.db"
    store = EventStore(path)
    game = store.create_game("marche", {})
    store.append(game, {"kind": "kept"})
    real = store._conn
    monkeypatch.setattr(store, "_conn", _FullDisk(real))
    with pytest.raises(StoreFullError, match=str(path)):
        store.append(game, {"kind": "lost"})
    assert not real.in_transaction
    monkeypatch.setattr(store, "_conn", real)
    assert store.events(game) == [{"kind": "kept"}]
    store.close()
