"""`samarkand games list / export / replay` against a real store."""

import json

import pytest

from companion.store import EventStore
from companion.store.cli import export_main, list_main, replay_main


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
    assert [l["seq"] for l in lines[1:]] == [1, 2, 3]
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


def test_missing_store_is_reported_not_created(tmp_path, capsys):
    path = tmp_path / "none" / "companion.db"
    assert list_main([], path) == 1
    assert f"No game store at {path}" in capsys.readouterr().err
    assert not path.parent.exists()


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
    assert "d1g" not in out                   # the seat's token digest stays in the store
