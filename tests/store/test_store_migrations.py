"""Upgrading a store keeps every game; a failed upgrade changes nothing."""

import sqlite3

import pytest

from companion.store import EventStore, StoreError, schema
from companion.store.schema import CURRENT_VERSION, migrate


def _version_1_store(path):
    """A store as the first release wrote it: games and events, no undo, no checkpoints."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, 0, 1)
    conn.execute("INSERT INTO games (id, game, config, created) VALUES (1, 'marche', '{\"p\":2}', 't0')")
    conn.execute(
        "INSERT INTO games (id, game, config, created, finished, result) "
        "VALUES (2, 'marche', '{}', 't1', 't2', '{\"winners\":[1]}')"
    )
    for seq in (1, 2, 3):
        conn.execute(
            "INSERT INTO events (game_id, seq, body) VALUES (1, ?, ?)",
            (seq, f'{{"kind":"k{seq}"}}'),
        )
    conn.close()


def test_version_1_store_is_migrated_keeping_its_games(tmp_path):
    path = tmp_path / "companion.db"
    _version_1_store(path)
    with EventStore(path) as store:
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION
        assert store.events(1) == [{"kind": "k1"}, {"kind": "k2"}, {"kind": "k3"}]
        assert store.config(1) == {"p": 2} and store.game(1) == "marche"
        assert store.result(2) == {"winners": [1]}
        assert store.unfinished() == 1
        store.undo_to(1, 3)
        store.set_checkpoint(1, "countdown", {"count": 5})
    with EventStore(path) as store:
        assert store.events(1) == [{"kind": "k1"}, {"kind": "k2"}]
        assert store.checkpoint(1, "countdown") == {"count": 5}
    backups = list(tmp_path.glob("companion.db.v1-backup-*"))
    assert len(backups) == 1
    old = sqlite3.connect(backups[0])
    assert old.execute("SELECT COUNT(*) FROM events").fetchone() == (3,)
    assert old.execute("PRAGMA user_version").fetchone() == (1,)
    old.close()


def test_failing_migration_leaves_the_store_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "companion.db"
    _version_1_store(path)
    broken = (
        schema.MIGRATIONS[0],
        ("ALTER TABLE events ADD COLUMN undone TEXT", "CREATE TABLE events (oops)"),
    )
    monkeypatch.setattr(schema, "MIGRATIONS", broken)
    with pytest.raises(StoreError, match="from schema version 1 to .* failed.*unchanged"):
        EventStore(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (1,)
    columns = [row[1] for row in conn.execute("PRAGMA table_info(events)")]
    assert "undone" not in columns
    assert conn.execute("SELECT COUNT(*) FROM events").fetchone() == (3,)
    conn.close()


def test_new_store_starts_at_current_version_without_backup(tmp_path):
    with EventStore(tmp_path / "companion.db") as store:
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION
    assert list(tmp_path.glob("*backup*")) == []


def test_version_2_store_gains_ended_keeping_abandoned_games_abandoned(tmp_path):
    path = tmp_path / "companion.db"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, 0, 2)
    conn.execute(
        "INSERT INTO games (id, game, config, created, abandoned) VALUES (1, 'marche', '{}', 't0', 't1')"
    )
    conn.close()
    with EventStore(path) as store:
        assert [g.status for g in store.list_games()] == ["abandoned"]
        store.end(store.create_game("marche", {}))
        assert [g.status for g in store.list_games()] == ["abandoned", "ended"]
