"""Copies of the store: `samarkand games backup FILE` beside a running table, the copy
`samarkand run` keeps at each start (never replaced by a store holding fewer games, as a new
one begun after a damaged store is), and `samarkand games restore FILE`, refused while a
table plays and for anything that is not a whole companion store, the store it replaces
moved aside, not deleted."""

import logging
import os
from pathlib import Path

import pytest

from companion.appliance.running import open_store
from companion.store import EventStore, keeping
from companion.store.cli import backup_main, restore_main
from companion.store.keeping import kept_copy
from companion.store.opening import SQLITE_HEADER


def store_with(path: Path, games: int) -> Path:
    with EventStore(path) as store:
        for n in range(games):
            game = store.create_game("marche", {"players": ["Ana", f"Guest {n}"]})
            store.append(game, {"kind": "step", "actor": 0, "data": {"n": n}})
    return path


def games_of(path: Path) -> list[tuple[int, dict]]:
    with EventStore(path, read_only=True) as store:
        return [(g.id, store.config(g.id)) for g in store.list_games()]


def test_a_backup_beside_a_playing_table_is_a_whole_store_in_one_file(tmp_path, capsys):
    path = store_with(tmp_path / "companion.db", 2)
    copy = tmp_path / "evenings.db"
    with EventStore(path, sole=True) as playing:  # the table holds the store and writes on
        game = playing.create_game("market", {"players": ["Bo"]})
        playing.append(game, {"kind": "bid", "actor": 0, "data": {}})
        assert backup_main([str(copy)], path) == 0
    assert capsys.readouterr().out == f"Copied the game store (3 games) to {copy}\n"
    assert games_of(copy) == games_of(path)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("evenings")) == ["evenings.db"]


@pytest.mark.parametrize(
    "where, said",
    [
        ("companion.db", "is the game store itself: name another file for the copy"),
        ("no/such/folder/copy.db", "there is no folder"),
    ],
)
def test_a_backup_that_cannot_be_written_is_one_line(tmp_path, capsys, where, said):
    path = store_with(tmp_path / "companion.db", 1)
    before = path.read_bytes()
    assert backup_main([str(tmp_path / where)], path) == 1
    err = capsys.readouterr().err
    assert err.startswith("samarkand games backup: ") and said in err and err.count("\n") == 1
    assert path.read_bytes() == before


@pytest.mark.parametrize("folder", ["Game night #2", "what? 100%"])
def test_a_store_in_a_folder_named_with_uri_signs_is_read_backed_up_and_restored(tmp_path, capsys, folder):
    """SQLite opens a store read-only by a URI: "#", "?" and "%" in its path are quoted."""
    path = store_with(tmp_path / folder / "companion.db", 2)
    assert len(games_of(path)) == 2
    copy = tmp_path / folder / "evenings.db"
    assert backup_main([str(copy)], path) == 0
    assert games_of(copy) == games_of(path)
    store_with(path, 1)
    assert restore_main([str(copy)], path) == 0
    assert games_of(path) == games_of(copy)


def test_restore_puts_the_copy_in_place_and_keeps_the_store_it_replaces(tmp_path, capsys):
    copy = store_with(tmp_path / "copy.db", 3)
    path = store_with(tmp_path / "companion.db", 1)
    before = path.read_bytes()
    assert restore_main([str(copy)], path) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Restored {copy} as the game store {path} (3 games)."
    (aside,) = [p for p in tmp_path.iterdir() if p.name.startswith("companion.db.before-restore-")]
    assert out[1] == f"The store it replaced is kept at {aside}."
    assert aside.read_bytes() == before
    assert games_of(path) == games_of(copy)
    with EventStore(path, sole=True) as table:  # the table plays on the restored store
        table.append(table.create_game("bazaar", {}), {"kind": "roll", "actor": 0, "data": {}})
        assert len(table.list_games()) == 4


def test_the_restored_store_keeps_the_owner_and_mode_of_the_one_it_replaces(tmp_path):
    """The service's user must write it, whoever restored it (root, on a Pi)."""
    copy = store_with(tmp_path / "copy.db", 2)
    path = store_with(tmp_path / "companion.db", 1)
    os.chmod(path, 0o640)
    owner = (4321, 4321) if os.geteuid() == 0 else (os.getuid(), os.getgid())
    os.chown(path, *owner)
    assert restore_main([str(copy)], path) == 0
    restored = path.stat()
    assert (restored.st_mode & 0o777, restored.st_uid, restored.st_gid) == (0o640, *owner)


def test_restore_is_refused_while_a_table_plays_on_the_store(tmp_path, capsys):
    copy = store_with(tmp_path / "copy.db", 3)
    path = store_with(tmp_path / "companion.db", 1)
    with EventStore(path, sole=True):
        assert restore_main([str(copy)], path) == 1
    err = capsys.readouterr().err
    assert "A table is playing on the game store" in err and "stop it first" in err
    assert len(games_of(path)) == 1
    assert not [p for p in tmp_path.iterdir() if "before-restore" in p.name]


@pytest.mark.parametrize(
    "copy, said",
    [
        (b"[store]\npath = 'x'\n", "is not a game store of this companion (it is not an SQLite database)"),
        (SQLITE_HEADER + bytes(range(256)) * 40, "is damaged"),
        (None, "There is no copy of a game store at"),
    ],
)
def test_restore_refuses_what_is_not_a_whole_store_and_moves_nothing(tmp_path, capsys, copy, said):
    path = store_with(tmp_path / "companion.db", 1)
    before = path.read_bytes()
    given = tmp_path / "copy.db"
    if copy is not None:
        given.write_bytes(copy)
    assert restore_main([str(given)], path) == 1
    err = capsys.readouterr().err
    assert err.startswith("samarkand games restore: ") and said in err and err.count("\n") == 1
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if "before-restore" in p.name]


def test_a_copy_in_a_folder_the_user_may_not_enter_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    """The README's restore runs as the service's user; a copy left in a home folder (0700
    on Raspberry Pi OS) is out of its reach: said, with where to put it, nothing moved."""
    path = store_with(tmp_path / "companion.db", 1)
    given = store_with(tmp_path / "home" / "copy.db", 2)
    real_is_file = Path.is_file

    def unreachable(self):  # as stat() answers a user who may not search the folder
        if self == given:
            raise PermissionError(13, "Permission denied", str(self))
        return real_is_file(self)

    monkeypatch.setattr(Path, "is_file", unreachable)
    assert restore_main([str(given)], path) == 1
    err = capsys.readouterr().err
    assert "cannot be read by this user (Permission denied)" in err and "/tmp" in err and err.count("\n") == 1
    assert len(games_of(path)) == 1


def test_each_start_keeps_a_copy_and_a_new_store_never_replaces_older_evenings(tmp_path, caplog):
    path = store_with(tmp_path / "companion.db", 2)
    open_store(path).close()
    kept = kept_copy(path)
    assert kept.name == "companion.db.kept" and len(games_of(kept)) == 2

    store_with(path, 1)  # the store grows: the next start's copy follows
    open_store(path).close()
    assert len(games_of(kept)) == 3

    path.write_bytes(SQLITE_HEADER + bytes(range(256)) * 40)  # damaged on the SD card
    for name in ("companion.db-wal", "companion.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    with caplog.at_level(logging.WARNING):
        open_store(path).close()  # moved aside, a new store begun: the copy is kept as it was
    assert len(games_of(kept)) == 3 and games_of(path) == []
    said = caplog.text
    assert "is damaged" in said and f"samarkand games restore {kept}" in said
    assert "holds more games than the store: it was left as it is" in said

    assert restore_main([str(kept)], path) == 0  # the evenings are back
    assert len(games_of(path)) == 3


def test_no_copy_is_kept_where_it_would_leave_the_games_to_come_too_little_room(
    tmp_path, monkeypatch, caplog
):
    path = store_with(tmp_path / "companion.db", 2)
    monkeypatch.setattr(keeping, "free_bytes", lambda where: keeping.ROOM + 1024)
    with caplog.at_level(logging.WARNING):
        open_store(path).close()  # the table starts all the same
    assert not kept_copy(path).exists()
    assert "too little room left" in caplog.text


def test_the_store_stays_in_place_while_the_copy_is_written(tmp_path, capsys, monkeypatch):
    """A power cut during the copy (seconds, for a large one) leaves the store as it was."""
    copy = store_with(tmp_path / "copy.db", 3)
    path = store_with(tmp_path / "companion.db", 1)
    before = games_of(path)
    real_copy = keeping.copy_store

    def cut_after_copying(source, to):
        real_copy(source, to)
        assert games_of(path) == before  # the store is still in place, whole
        raise OSError(5, "Input/output error")  # the power goes before it is replaced

    monkeypatch.setattr(keeping, "copy_store", cut_after_copying)
    assert restore_main([str(copy)], path) == 1
    assert games_of(path) == before
    assert not [p.name for p in tmp_path.iterdir() if "restor" in p.name]  # nothing moved, nothing left
