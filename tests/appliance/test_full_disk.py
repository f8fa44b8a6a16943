"""A full disk mid-game: the store refuses to write; the action must be refused whole.

The store is a real EventStore whose writes raise StoreFullError while ``full`` is set (as
SQLITE_FULL is translated), behind the appliance's own StoreJournal and Session.
"""

from __future__ import annotations

import time

import pytest

from companion.appliance.inputs import Inputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.core.game import Event
from companion.runtime.signals import now_us
from companion.store import EventStore, StoreFullError


class FillableStore(EventStore):
    """An event store on a disk that can be made full."""

    full = False

    def _refuse(self) -> None:
        if self.full:
            raise StoreFullError(self.path)

    def append_many(self, game_id, events, checkpoints=None):
        self._refuse()
        return super().append_many(game_id, events, checkpoints)

    def undo_to(self, game_id, seq, reopen=False):
        self._refuse()
        return super().undo_to(game_id, seq, reopen)

    def set_checkpoint(self, game_id, key, value):
        self._refuse()
        return super().set_checkpoint(game_id, key, value)


def _appliance(tmp_path, **table) -> Appliance:
    config = load_config(None, {"table": {"lead_in_ms": 3600000, **table}})
    appliance = Appliance(
        config, Inputs(), FillableStore(tmp_path / "companion.db"), seed=4, bots_fill_seats=False
    )
    appliance.new_game({"players": 3})
    return appliance


@pytest.fixture
def appliance(tmp_path):
    appliance = _appliance(tmp_path)
    yield appliance
    appliance.close()


def _counting(tmp_path) -> Appliance:
    appliance = _appliance(tmp_path, lead_in_ms=0, step_ms=10)
    core = appliance.session
    for seat in range(3):
        appliance.call(core.act, Event("pick", seat, {"card": core.state.hands[seat][0]}))
    return appliance


def _snapshot(appliance):
    core = appliance.session
    return core.state, list(core.match.log), appliance.store.events(appliance.game_id)


def test_a_refused_pick_changes_nothing_and_the_caller_is_told(appliance):
    core = appliance.session
    heard = []
    appliance.listeners.append(lambda c: heard.append(c.version))
    before = _snapshot(appliance)
    appliance.store.full = True
    with pytest.raises(StoreFullError, match="is full"):
        appliance.call(core.act, Event("pick", 0, {"card": core.state.hands[0][0]}))
    assert _snapshot(appliance) == before and core.state is before[0]
    assert heard == []  # nobody was told of an unsaved action
    appliance.store.full = False  # space freed: the same pick now goes in
    appliance.call(core.act, Event("pick", 0, {"card": core.state.hands[0][0]}))
    assert core.state.picks[0] is not None
    assert appliance.store.events(appliance.game_id) == [e.to_dict() for e in core.match.log]


def test_a_refused_undo_changes_nothing(appliance):
    core = appliance.session
    appliance.call(core.act, Event("pick", 0, {"card": core.state.hands[0][0]}))
    before = _snapshot(appliance)
    appliance.store.full = True
    with pytest.raises(StoreFullError):
        appliance.call(core.undo)
    assert _snapshot(appliance) == before


def test_the_table_runner_survives_a_full_disk_and_says_so_in_one_line(tmp_path, caplog):
    appliance = _counting(tmp_path)
    assert appliance.session.state.phase == "countdown"
    appliance.store.full = True
    appliance.runner.start()
    try:
        time.sleep(0.3)  # the countdown runs out meanwhile
        assert appliance.runner._thread.is_alive(), "the table loop died on the full disk"
    finally:
        appliance.close()
    said = [r for r in caplog.records if r.name == "companion.runtime.runner"]
    assert len(said) == 1 and not said[0].exc_info  # the same refusal, told once
    assert "refused" in said[0].getMessage() and "is full" in said[0].getMessage()


def test_the_countdown_end_refused_by_a_full_disk_is_not_half_applied(tmp_path):
    appliance = _counting(tmp_path)
    before = _snapshot(appliance)
    appliance.store.full = True
    with pytest.raises(StoreFullError):
        appliance.session.catch_up(now_us() + 60_000_000)  # long after the countdown ran out
    assert _snapshot(appliance) == before and appliance.session.state.phase == "countdown"
    appliance.close()


def test_the_countdown_ends_once_space_is_freed(tmp_path):
    appliance = _counting(tmp_path)
    core = appliance.session
    appliance.store.full = True
    with pytest.raises(StoreFullError):
        core.catch_up(now_us() + 60_000_000)
    appliance.store.full = False
    core.catch_up(now_us() + 61_000_000)
    assert core.state.turn == 2, "the refused end of the countdown is never retried"
    appliance.close()


def test_an_action_that_opens_the_countdown_stands_when_its_count_cannot_be_kept(tmp_path):
    """The disk fills between the last pick's commit and the countdown's checkpoint (the
    count a restart carries on from): the pick is committed, so it is not refused, and
    everyone hears of it; only the count is not kept."""
    appliance = _appliance(tmp_path, lead_in_ms=0, step_ms=10)
    core = appliance.session
    heard = []
    appliance.listeners.append(lambda c: heard.append(c.version))
    for seat in (0, 1):
        appliance.call(core.act, Event("pick", seat, {"card": core.state.hands[seat][0]}))
    keep = appliance.store.set_checkpoint

    def full_for_the_count(game_id, key, value):
        if key == "countdown":
            raise StoreFullError(appliance.store.path)
        return keep(game_id, key, value)

    appliance.store.set_checkpoint = full_for_the_count
    try:
        told = len(heard)
        appliance.call(core.act, Event("pick", 2, {"card": core.state.hands[2][0]}))
        assert core.state.phase == "countdown" and len(heard) > told
        assert appliance.store.events(appliance.game_id) == [e.to_dict() for e in core.match.log]
    finally:
        appliance.close()
