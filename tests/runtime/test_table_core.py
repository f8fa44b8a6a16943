"""The table core: journalling before telling, claims, pause, undo and restart."""
from __future__ import annotations

import pytest

from companion.core.chance import SeededChance
from companion.core.errors import RuleError
from companion.core.match import Match
from companion.games.marche.engine import MarcheGame
from companion.runtime.signals import BuzzerEvent
from companion.runtime.table import TableCore, TableSettings

SETTINGS = TableSettings(tie_window_us=50_000, step_us=1_000_000, lead_in_us=500_000,
                         claim_deadline_us=3_000_000, latency_us=1_000)


class Recorder:
    def __init__(self, fail=False):
        self.events, self.dropped, self.counts, self.fail = [], 0, [], fail

    def record(self, events):
        if self.fail:
            raise OSError("disk full")
        self.events += events

    def drop(self, count):
        self.dropped += count

    def note(self, note):
        pass

    def countdown_at(self, count):
        self.counts.append(count)


def table(journal=None, players=4):
    core = TableCore(Match(MarcheGame(), {"players": players}, SeededChance(3)), SETTINGS,
                     journal or Recorder())
    core.start(0)
    for seat in range(players):
        core.pick(seat, 7, 0)
    return core


def test_the_countdown_opens_after_the_lead_in_when_all_have_picked():
    core = table()
    assert core.count_shown(499_999) == "ready"
    assert core.count_shown(500_000) == 10
    assert core.next_deadline(0) == 500_000


def test_a_stop_is_journalled_before_any_listener_hears_of_it():
    journal = Recorder()
    core = table(journal)
    heard = []
    core.listeners.append(lambda c: heard.append([e.kind for e in journal.events][-1]))
    core.press(BuzzerEvent(2, True, 1_700_000))
    core.advance(1_751_000)
    assert core.state.phase == "claiming" and core.state.stop.count == 9
    assert heard[-1] == "stop"


def test_a_journal_failure_leaves_the_game_as_it_was():
    core = table()
    core.journal = Recorder(fail=True)
    before = (core.state, len(core.match.log))
    core.press(BuzzerEvent(2, True, 1_700_000))
    with pytest.raises(OSError):
        core.advance(1_751_000)
    assert (core.state, len(core.match.log)) == before


def test_pause_restarts_the_countdown_from_the_count_where_it_stood():
    core = table()
    core.advance(3_600_000)                     # 7 on display
    core.pause(3_600_000)
    assert core.phase() == "paused"
    with pytest.raises(RuleError):
        core.pick(0, 3, 3_700_000)
    core.resume(10_000_000)
    assert core.count_shown(10_000_000) == "ready"
    assert core.count_shown(10_500_000) == 7


def test_a_restart_carries_on_from_the_checkpointed_count():
    journal = Recorder()
    core = table(journal)
    core.advance(2_600_000)
    assert journal.counts[-1] == 8
    again = TableCore(Match(MarcheGame(), {"players": 4}, SeededChance(3), core.match.log),
                      SETTINGS, Recorder())
    again.start(50_000_000, resume_count=journal.counts[-1])
    assert again.count_shown(50_500_000) == 8


def test_undo_drops_the_last_decision_and_reopens_the_countdown():
    journal = Recorder()
    core = table(journal)
    core.press(BuzzerEvent(1, True, 600_000))
    core.advance(700_000)
    core.claim(1, 0, 700_000)
    assert core.state.goods[1] == {"jewels": [7]}
    core.undo(800_000)
    assert core.state.phase == "claiming" and journal.dropped == 1
    core.undo(800_000)
    assert core.state.phase == "countdown" and core.count_shown(1_300_000) == 10


def test_table_settings_refuse_nonsense():
    with pytest.raises(RuleError, match="step_ms"):
        TableSettings.from_ms(step_ms=0)
    with pytest.raises(RuleError, match="tie_window_ms"):
        TableSettings.from_ms(tie_window_ms=-5)
