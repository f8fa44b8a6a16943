"""A seat changes hands only between decisions (issue 13): a bot whose seat a person takes
finishes what it started, and the decision timer lets a bot decide for a silent seat. Beside
a person, a bot's decisions come one pace apart; a table of bots alone plays at once."""

from __future__ import annotations

import random
from types import SimpleNamespace

from companion.core.game import Event
from companion.runtime.seats import PRESS_SETTLES_US, BotSeats


class Table:
    """The little of a session BotSeats reads: who the game waits on, and what was done."""

    def __init__(self, waiting=(), players=4):
        self.waiting = set(waiting)
        self.done: list[Event] = []
        self.paused = False
        self.realtime = SimpleNamespace(  # keeps whatever presses were planned
            plan_presses=lambda state, bots, now, rng, planned: {
                seat: plan for seat, plan in planned.items() if seat in bots
            }
        )
        self.state = None
        self.game = SimpleNamespace(
            to_act=lambda state: tuple(sorted(self.waiting)),
            seat_view=lambda state, seat: None,
            players=lambda state: players,
        )
        self.turns: dict[int, int] = {}  # seat -> decisions still to make in its turn

    def status(self):
        return "paused" if self.paused else "playing"

    def act(self, event, now):
        self.done.append((event, now))
        self.turns[event.actor] = self.turns.get(event.actor, 1) - 1
        if self.turns[event.actor] <= 0:
            self.waiting.discard(event.actor)


class Bot:
    def __init__(self, kind="claim"):
        self.kind = kind

    def decide(self, view, seat):
        return Event(self.kind, seat, {})


def test_a_bot_waited_on_keeps_its_seat_until_it_has_decided():
    table = Table(waiting={1})
    seats = BotSeats({1: Bot()}, None, random.Random(1))
    seats.hand_over(1, table, 0)
    assert seats.plays(1)  # the claim is still the bot's
    seats.step(table, 10)
    assert table.done == [(Event("claim", 1, {}), 10)]  # it finished what it started
    assert not seats.plays(1)  # and only then is the seat the person's


def test_a_bot_between_decisions_hands_over_at_once():
    seats = BotSeats({2: Bot()}, None, random.Random(1))
    seats.hand_over(2, Table(), 0)
    assert not seats.plays(2)


def test_a_bots_press_keeps_the_seat_while_its_stop_may_be_decided():
    presses = []
    seats = BotSeats({0: Bot()}, lambda seat, down, at: presses.append((seat, down, at)), random.Random(1))
    seats._planned[0] = (100, 50)
    table = Table()
    seats.step(table, 100)  # pressed
    seats.hand_over(0, table, 200)
    seats.step(table, 200)  # released, but the stop is being decided
    assert presses == [(0, True, 100), (0, False, 150)] and seats.plays(0)
    table.waiting = {0}  # the stop is the bot's: it claims
    seats.step(table, 100 + PRESS_SETTLES_US)
    assert table.done == [(Event("claim", 0, {}), 100 + PRESS_SETTLES_US)] and not seats.plays(0)


def test_a_handed_over_seat_plans_no_more_presses():
    seats = BotSeats({0: Bot()}, lambda *a: None, random.Random(1))
    seats._planned[0] = (10_000, 50)
    table = Table(waiting={0})
    seats.hand_over(0, table, 0)
    assert 0 not in seats._planned


def test_the_decision_timer_lets_a_bot_decide_for_a_silent_seat():
    table = Table(waiting={3})
    seats = BotSeats({}, None, random.Random(1), timer_us=5_000_000, stand_in=lambda s: Bot("pick"))
    seats.step(table, 0)
    seats.step(table, 4_999_999)
    assert table.done == [] and seats.next_due() == 5_000_000
    seats.step(table, 5_000_000)
    assert table.done == [(Event("pick", 3, {}), 5_000_000)]


def test_without_a_timer_the_table_waits_for_the_person():
    table = Table(waiting={3})
    seats = BotSeats({}, None, random.Random(1), stand_in=lambda s: Bot("pick"))
    seats.step(table, 0)
    seats.step(table, 10**12)
    assert table.done == [] and seats.next_due() is None


def test_beside_a_person_each_bot_decision_waits_its_pace():
    """Seat 0 is a person's: the bots' turns (two decisions each) come a pace apart, and
    the runner is woken for each."""
    table = Table(waiting={1, 2}, players=3)
    table.turns = {1: 2, 2: 2}
    seats = BotSeats({1: Bot("move"), 2: Bot("move")}, None, random.Random(1), pace_us=800)
    seats.step(table, 0)
    assert table.done == [] and seats.next_due() == 800
    seats.step(table, 799)
    assert table.done == []
    seats.step(table, 800)
    seats.step(table, 1_200)
    seats.step(table, 1_600)
    assert [(event.actor, at) for event, at in table.done] == [(1, 800), (2, 800), (1, 1_600), (2, 1_600)]


def test_a_table_of_bots_alone_plays_at_once():
    table = Table(waiting={0, 1}, players=2)
    seats = BotSeats({0: Bot("move"), 1: Bot("move")}, None, random.Random(1), pace_us=800)
    seats.step(table, 0)
    assert [(event.actor, at) for event, at in table.done] == [(0, 0), (1, 0)]


def test_a_pause_counts_toward_neither_a_pace_nor_the_timer():
    """Paused, nothing is waited on (the runner sleeps); resumed, each wait starts again."""
    table = Table(waiting={1, 3}, players=4)
    seats = BotSeats(
        {1: Bot("move")}, None, random.Random(1), timer_us=5_000, stand_in=lambda s: Bot("pick"), pace_us=800
    )
    seats.step(table, 0)
    table.paused = True
    seats.step(table, 100)
    assert seats.next_due() is None
    table.paused = False
    seats.step(table, 10_000)
    assert table.done == [] and seats.next_due() == 10_800
    seats.step(table, 10_800)
    assert [(event.actor, at) for event, at in table.done] == [(1, 10_800)]


def test_after_someone_decides_for_a_bots_seat_its_next_decision_waits_its_pace():
    """The host acted for seat 1 at 700: the bot's next decision there comes a pace later,
    not at once (the table would barely see the host's move)."""
    table = Table(waiting={1}, players=2)
    table.turns = {1: 3}
    seats = BotSeats({1: Bot("move")}, None, random.Random(1), pace_us=800)
    seats.step(table, 0)
    table.act(Event("move", 1, {}), 700)  # the host's decision for the seat
    seats.decided_for(1, 700)
    seats.step(table, 800)
    seats.step(table, 1_499)
    assert [at for _event, at in table.done] == [700]
    seats.step(table, 1_500)
    assert [at for _event, at in table.done] == [700, 1_500]
