"""The event store's contract: order, undo with history, checkpoints, results, export."""

import io
import json

import pytest

from companion.store import (
    EventStore,
    GameClosedError,
    InvalidDataError,
    StoreBusyError,
    UnknownGameError,
)


def ev(kind, actor=None, **data):
    return {"kind": kind, "actor": actor, "data": data}


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "companion.db") as s:
        yield s


def test_appends_come_back_in_order_with_increasing_seq(store):
    game = store.create_game("marche", {"players": ["Ana", "Ben"]})
    seqs = [store.append(game, ev("stop", 0, count=i)) for i in range(5)]
    last = store.append_many(game, [ev("buy", 1), ev("draw", None, card=["camel", 3])])
    assert seqs == [1, 2, 3, 4, 5] and last == 7
    assert store.events(game) == [ev("stop", 0, count=i) for i in range(5)] + [
        ev("buy", 1),
        ev("draw", None, card=["camel", 3]),
    ]
    assert store.config(game) == {"players": ["Ana", "Ben"]}


def test_games_have_separate_logs(store):
    a = store.create_game("marche", {})
    b = store.create_game("marche", {})
    store.append(a, ev("x"))
    assert store.append(b, ev("y")) == 1
    assert store.events(a) == [ev("x")] and store.events(b) == [ev("y")]


def test_undo_hides_events_but_keeps_them_for_history(store):
    game = store.create_game("marche", {})
    for i in range(4):
        store.append(game, ev("step", data=i))
    assert store.undo_to(game, 3) == 2
    assert store.events(game) == [ev("step", data=0), ev("step", data=1)]
    history = store.records(game, include_undone=True)
    assert [(r.seq, r.undone is not None) for r in history] == [(1, False), (2, False), (3, True), (4, True)]
    assert store.append(game, ev("redo")) == 5
    assert store.events(game)[-1] == ev("redo")


def test_undo_to_an_inactive_or_missing_seq_is_refused(store):
    game = store.create_game("marche", {})
    store.append(game, ev("a"))
    store.append(game, ev("b"))
    store.undo_to(game, 2)
    for seq in (2, 9, 0):
        with pytest.raises(InvalidDataError, match=f"no active event {seq}"):
            store.undo_to(game, seq)
    assert store.events(game) == [ev("a")]


def test_checkpoint_is_kept_and_overwritten_per_key(store):
    game = store.create_game("marche", {})
    assert store.checkpoint(game, "countdown") is None
    store.set_checkpoint(game, "countdown", {"count": 9})
    store.set_checkpoint(game, "countdown", {"count": 7})
    store.set_checkpoint(game, "turn", {"n": 8})
    assert store.checkpoint(game, "countdown") == {"count": 7}
    assert store.checkpoint(game, "turn") == {"n": 8}


def test_finish_keeps_result_and_list_summarises(store):
    done = store.create_game("marche", {})
    store.append(done, ev("a"))
    store.append(done, ev("b"))
    store.undo_to(done, 2)
    store.finish(done, {"scores": {"0": 41, "1": 38}, "winners": [0]})
    dropped = store.create_game("marche", {})
    store.abandon(dropped)
    running = store.create_game("marche", {})
    games = store.list_games()
    assert [(g.id, g.status, g.events, g.winners) for g in games] == [
        (done, "finished", 1, (0,)),
        (dropped, "abandoned", 0, ()),
        (running, "in progress", 0, ()),
    ]
    assert store.result(done) == {"scores": {"0": 41, "1": 38}, "winners": [0]}
    assert store.result(running) is None


def test_unfinished_is_the_newest_open_game(store):
    assert store.unfinished() is None
    older = store.create_game("marche", {})
    newer = store.create_game("marche", {})
    assert store.unfinished() == newer
    store.abandon(newer)
    assert store.unfinished() == older
    store.finish(older, {"winners": []})
    assert store.unfinished() is None


def test_closed_games_refuse_writes(store):
    game = store.create_game("marche", {})
    store.append(game, ev("a"))
    store.finish(game, {"winners": [1]})
    for write in (
        lambda: store.append(game, ev("late")),
        lambda: store.undo_to(game, 1),
        lambda: store.set_checkpoint(game, "k", {}),
        lambda: store.abandon(game),
        lambda: store.finish(game, {"winners": [0]}),
    ):
        with pytest.raises(GameClosedError, match=f"Game {game} is finished"):
            write()
    assert store.events(game) == [ev("a")] and store.result(game) == {"winners": [1]}


def test_unknown_game_is_named(store):
    with pytest.raises(UnknownGameError, match="No game 42"):
        store.events(42)
    with pytest.raises(UnknownGameError, match="No game 42"):
        store.append(42, ev("a"))


@pytest.mark.parametrize("bad", [["not", "a", "dict"], {"x": {1, 2}}, {"x": float("nan")}])
def test_unstorable_events_are_refused_and_nothing_written(store, bad):
    game = store.create_game("marche", {})
    with pytest.raises(InvalidDataError):
        store.append_many(game, [ev("ok"), bad])
    assert store.events(game) == []


def test_export_writes_header_then_every_event(store):
    game = store.create_game("marche", {"players": ["Ana", "Ben"], "seed": 7})
    store.append(game, ev("a", 0))
    store.append(game, ev("b", 1))
    store.undo_to(game, 2)
    store.append(game, ev("c", 1))
    store.finish(game, {"winners": [0]})
    out = io.StringIO()
    assert store.export_jsonl(game, out) == 3
    header, *lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert header["type"] == "game" and header["id"] == game and header["game"] == "marche"
    assert header["config"] == {"players": ["Ana", "Ben"], "seed": 7}
    assert header["result"] == {"winners": [0]} and header["finished"]
    assert [(line["seq"], line["event"]["kind"], line["undone"] is None) for line in lines] == [
        (1, "a", True),
        (2, "b", False),
        (3, "c", True),
    ]


def test_reopening_keeps_everything(tmp_path):
    path = tmp_path / "companion.db"
    with EventStore(path) as store:
        game = store.create_game("marche", {"players": 3})
        for i in range(10):
            store.append(game, ev("step", data=i))
        store.undo_to(game, 9)
        store.set_checkpoint(game, "countdown", {"count": 4})
        closed = store.create_game("marche", {})
        store.finish(closed, {"winners": [2]})
    with EventStore(path) as store:
        assert store.events(game) == [ev("step", data=i) for i in range(8)]
        assert store.checkpoint(game, "countdown") == {"count": 4}
        assert store.unfinished() == game
        assert store.result(closed) == {"winners": [2]}
        assert store.undo_to(game, 8) == 1  # undo keeps working across restarts


def test_a_closed_games_result_can_be_amended_but_not_an_open_games(tmp_path):
    from companion.store import EventStore, GameClosedError

    with EventStore(tmp_path / "s.db") as store:
        game = store.create_game("marche", {})
        with pytest.raises(GameClosedError, match="still being played"):
            store.amend_result(game, {"winners": []})
        store.finish(game, {"winners": ["Ana"]})
        store.amend_result(game, {"winners": ["Ben"], "accepted": True})
        assert store.result(game) == {"winners": ["Ben"], "accepted": True}
        ended = store.create_game("marche", {})
        store.abandon(ended)
        store.amend_result(ended, {"winners": ["Cleo"]})
        assert store.result(ended)["winners"] == ["Cleo"]


def test_a_link_to_a_held_store_under_another_name_meets_its_lock(tmp_path):
    """Two tables on one store would write a log the rules refuse, whatever it is called."""
    path = tmp_path / "companion.db"
    (tmp_path / "other").mkdir()
    link = tmp_path / "other" / "table.db"
    link.symlink_to(path)
    with EventStore(path, sole=True), pytest.raises(StoreBusyError):
        EventStore(link, sole=True)
    with EventStore(link, sole=True) as held:  # once the first lets go
        assert held.list_games() == []
