"""The table session: journalling before telling, claims, pause, undo and restart, with
Le Marché's countdown plugged in; and a game without one."""

from __future__ import annotations

import random

import pytest
from toy_game import UrnGame, want

from companion.core.chance import SeededChance
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.games.marche.game import MarcheGame
from companion.games.marche.realtime import MarcheCountdown, Timing
from companion.runtime.runner import Runner
from companion.runtime.seats import BotSeats
from companion.runtime.session import Session
from companion.runtime.signals import BuzzerEvent

TIMING = Timing(
    tie_window_us=50_000, step_us=1_000_000, lead_in_us=500_000, claim_deadline_us=3_000_000, latency_us=1_000
)


class Recorder:
    def __init__(self, fail=False):
        self.events, self.notes, self.dropped, self.counts, self.fail = [], [], 0, [], fail
        self.holds = []

    def record(self, events, notes=()):
        if self.fail:
            raise OSError("disk full")
        self.events += events
        self.notes += list(notes)

    def drop(self, count):
        self.dropped += count

    def note(self, note):
        pass

    def countdown_at(self, count):
        self.counts.append(count)

    def held(self, why):
        self.holds.append(why)


class Lights:
    def __init__(self):
        self.calls = []

    def light(self, seats):
        self.calls.append(("light", seats))

    def blink(self, seats):
        self.calls.append(("blink", seats))

    def clear(self):
        self.calls.append(("clear", []))


def table(journal=None, players=4, lights=None):
    core = Session(
        Match(MarcheGame(), {"players": players}, SeededChance(3)),
        journal or Recorder(),
        MarcheCountdown(TIMING),
        lights=lights,
    )
    core.start(0)
    for seat in range(players):
        core.act(Event("pick", seat, {"card": 7}), 0)
    return core


def shown(core, now):
    kind, count = core.realtime.shown(core.state, now)
    return count if kind == "count" else kind


def test_the_countdown_opens_after_the_lead_in_when_all_have_picked():
    core = table()
    assert shown(core, 499_999) == "ready"
    assert shown(core, 500_000) == 10
    assert core.next_deadline(0) == 500_000


def test_a_stop_is_journalled_before_any_listener_hears_of_it():
    journal = Recorder()
    core = table(journal)
    heard = []
    core.listeners.append(lambda c: heard.append([e.kind for e in journal.events][-1]))
    core.press(BuzzerEvent(2, True, 1_700_000))
    core.catch_up(1_751_000)
    assert core.state.phase == "claiming" and core.state.stop.count == 9
    assert heard[-1] == "stop"


def test_a_journal_failure_leaves_the_game_as_it_was():
    core = table()
    core.journal = Recorder(fail=True)
    before = (core.state, len(core.match.log))
    core.press(BuzzerEvent(2, True, 1_700_000))
    with pytest.raises(OSError):
        core.catch_up(1_751_000)
    assert (core.state, len(core.match.log)) == before


def test_pause_restarts_the_countdown_from_the_count_where_it_stood():
    core = table()
    core.catch_up(3_600_000)  # 7 on display
    core.pause(3_600_000)
    assert core.status() == "paused"
    with pytest.raises(RuleError):
        core.act(Event("pick", 0, {"card": 3}), 3_700_000)
    core.resume(10_000_000)
    assert shown(core, 10_000_000) == "ready"
    assert shown(core, 10_500_000) == 7


def test_a_second_pause_in_the_lead_in_after_a_resume_keeps_the_count():
    """A pause, a resume, and a pause again before the lead-in ends (a USB board's link
    dropping twice): the countdown still carries on from where it stood, not from the top."""
    core = table()
    core.catch_up(3_600_000)  # 7 on display
    core.pause(3_600_000)
    core.resume(10_000_000)
    core.pause(10_200_000)  # still "ready"
    core.resume(20_000_000)
    assert shown(core, 20_500_000) == 7 and core.state.price == 10


@pytest.mark.parametrize("stop", ["pause", "undo"])
def test_a_press_taken_for_a_stop_that_a_pause_or_undo_cuts_short_is_noted(stop):
    """The press is in the arbiter's tie window when the host pauses (or undoes): no stop
    comes of it, and the notes say so, with the press's stamp."""
    core = table()
    core.catch_up(1_700_000)
    core.press(BuzzerEvent(2, True, 1_700_000))
    getattr(core, stop)(1_710_000)
    assert {"note": "ignored_press", "seat": 2, "pressed_us": 1_700_000} in [
        {k: v for k, v in note.items() if k != "reason"} for note in core.notes
    ]
    assert "before the stop was decided" in core.notes[-1]["reason"]


def test_a_count_that_cannot_be_kept_is_still_shown_and_the_action_stands():
    """Keeping the countdown's count for a restart is best effort (StoreJournal logs a full
    disk): the display follows the countdown whatever the journal does."""

    class Display:
        def __init__(self):
            self.counts = []

        def show_count(self, count):
            self.counts.append(count)

        def show_ready(self):
            pass

        def show_stop(self, count):
            pass

        def blank(self):
            pass

    class FullDisk(Recorder):
        def countdown_at(self, count):
            super().countdown_at(count)
            raise OSError("disk full")

    core = table(FullDisk())
    core.display = Display()
    with pytest.raises(OSError):
        core.catch_up(1_600_000)
    assert core.display.counts == [9]  # shown before the journal failed


def test_a_restart_carries_on_from_the_checkpointed_count():
    journal = Recorder()
    core = table(journal)
    core.catch_up(2_600_000)
    assert journal.counts[-1] == 8
    again = Session(
        Match(MarcheGame(), {"players": 4}, SeededChance(3), core.match.log),
        Recorder(),
        MarcheCountdown(TIMING),
    )
    again.start(50_000_000, resume_count=journal.counts[-1])
    assert shown(again, 50_500_000) == 8


def test_undo_drops_the_last_decision_and_reopens_the_countdown():
    journal = Recorder()
    core = table(journal)
    core.press(BuzzerEvent(1, True, 600_000))
    core.catch_up(700_000)
    core.act(Event("claim", 1, {"target": 0}), 700_000)
    assert core.state.goods[1] == {"jewels": [7]}
    core.undo(800_000)
    assert core.state.phase == "claiming" and journal.dropped == 1
    core.undo(800_000)
    assert core.state.phase == "countdown" and shown(core, 1_300_000) == 10


@pytest.mark.parametrize("then", ["undo", "pause"])
def test_an_undone_stops_light_and_evidence_go_and_stay_through_a_pause(then):
    lights = Lights()
    core = table(Recorder(), lights=lights)
    core.press(BuzzerEvent(1, True, 600_000))
    core.catch_up(700_000)
    assert core.state.phase == "claiming" and lights.calls[-1] == ("light", [1])
    assert core.realtime.last_stop["stoppers"] == [{"seat": 1, "offset_us": 0}]
    if then == "undo":
        core.undo(800_000)
        core.catch_up(1_400_000)
        assert core.state.phase == "countdown" and lights.calls[-1] == ("clear", [])
        assert core.realtime.last_stop is None  # no stop to show evidence of
    else:
        core.pause(800_000)
        core.resume(900_000)
        assert core.state.phase == "claiming" and lights.calls[-1] == ("light", [1])
        assert core.realtime.last_stop is not None


class KeenBot:
    """A bot that stops at the first count it sees (Le Marché's ``stop_at``)."""

    def stop_at(self, view, seat):
        return 10

    def decide(self, view, seat):
        raise AssertionError("a keen bot only presses")


@pytest.mark.parametrize("late_us", [0, 40_000])
def test_a_bots_press_in_the_tie_window_counts_even_when_the_runner_steps_late(late_us):
    """In simulation a bot presses at a planned stamp; a runner step that comes late (a busy
    machine) drives that press before the clock decides the stop, so it is in the tie
    window it was made in, as on time."""
    core = table(Recorder())
    now = [500_000]  # 10 on display
    runner = Runner(core, clock=lambda: now[0])
    seats = BotSeats(
        {3: KeenBot()},
        lambda s, d, t: runner.on_buzzer(BuzzerEvent(s, d, t)),
        random.Random(1),
        pace_us=10**9,  # its claim waits: the stop is read before it
    )
    runner.seats = seats
    runner.step()  # the bot plans its press
    at = seats._planned[3][0]
    runner.on_buzzer(BuzzerEvent(0, True, at - 20_000))  # a person, 20 ms before it
    now[0] = at + TIMING.tie_window_us + late_us
    runner.step()
    runner.step()
    assert core.state.stop.stoppers == [(0, 0), (3, 20_000)]


def test_the_countdowns_settings_refuse_nonsense():
    with pytest.raises(RuleError, match="step_ms"):
        Timing.from_ms(step_ms=0)
    with pytest.raises(RuleError, match="tie_window_ms"):
        Timing.from_ms(tie_window_ms=-5)
    with pytest.raises(RuleError, match="unknown table setting 'tick_ms'"):
        Timing.from_ms(tick_ms=5)


def test_the_stoppers_lights_go_on_only_once_the_stop_is_durable():
    lights = Lights()
    journal = Recorder(fail=True)
    core = table(Recorder(), lights=lights)
    core.journal = journal
    core.press(BuzzerEvent(2, True, 1_700_000))
    with pytest.raises(OSError):
        core.catch_up(1_751_000)
    assert ("light", [2]) not in lights.calls  # the stop was not recorded: no light
    journal.fail = False
    core.press(BuzzerEvent(2, True, 1_800_000))
    core.catch_up(1_851_000)
    assert core.state.phase == "claiming" and lights.calls[-1] == ("light", [2])


def test_a_stop_and_its_evidence_are_one_write_and_a_failed_one_keeps_the_countdown_open():
    journal = Recorder(fail=True)
    core = table(Recorder())
    core.journal = journal
    core.press(BuzzerEvent(2, True, 1_700_000))
    with pytest.raises(OSError):
        core.catch_up(1_751_000)
    assert core.state.phase == "countdown" and core.realtime.arbiter.countdown is not None
    journal.fail = False
    core.press(BuzzerEvent(1, True, 2_200_000))  # a later press still stops it
    core.catch_up(2_251_000)
    assert core.state.phase == "claiming" and core.state.stop.seats() == [1]
    assert [e.kind for e in journal.events] == ["stop"]
    assert [n["note"] for n in journal.notes] == ["stop_evidence"]
    assert journal.notes[0]["stoppers"] == [{"seat": 1, "offset_us": 0}]


def test_one_failing_listener_never_stops_the_others_hearing_of_a_change():
    core = table()
    heard = []

    def broken(_):
        raise UnicodeEncodeError("ascii", "Zed\ud800", 3, 4, "surrogates not allowed")

    core.listeners += [broken, lambda c: heard.append(c.version)]
    core.press(BuzzerEvent(2, True, 1_700_000))
    core.catch_up(1_751_000)
    assert core.state.phase == "claiming" and heard[-1] == core.version


def test_a_game_without_a_countdown_ignores_presses_and_has_no_deadline():
    core = Session(Match(UrnGame(), {"players": 2, "balls": [1, 2, 3]}, SeededChance(1)))
    core.start(0)
    core.press(BuzzerEvent(0, True, 10))
    assert core.notes[-1]["reason"] == "this game has no countdown"
    assert core.next_deadline(0) is None
    core.act(want(1), 5)
    core.catch_up(10)
    assert core.status() == "playing" and core.game.to_act(core.state) == (1,)


def test_the_hosts_pause_and_an_undos_hold_are_kept_a_missing_boards_is_not():
    journal = Recorder()
    core = table(journal)
    core.pause(100_000)
    core.pause(100_000, "undo")  # an undo while paused: the bots wait for the host
    core.resume(200_000)
    core.pause(300_000, "link")
    core.resume(400_000)
    assert journal.holds == ["host", "undo", None]
