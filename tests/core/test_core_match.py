"""The match: act, chance filling, table entry, undo and replay, on a toy game."""

import pytest
from toy_game import UrnGame, note, want

from companion.core.chance import EnteredChance, SeededChance
from companion.core.errors import RuleError
from companion.core.game import CHANCE, Event, chance_event
from companion.core.match import Match, replay

GAME = UrnGame()


def digital(seed=1, **setup):
    return Match(GAME, setup, SeededChance(seed))


def test_an_event_round_trips_through_its_dict_form():
    event = Event("want", 2, {"n": 3})
    assert Event.from_dict(event.to_dict()) == event
    assert Event.from_dict({"kind": "note"}) == Event("note", None, {})
    assert chance_event("urn", 2).to_dict() == {
        "kind": CHANCE,
        "actor": None,
        "data": {"deck": "urn", "card": 2},
    }


def test_act_applies_a_decision_and_the_draws_it_makes_due():
    match = digital()
    added = match.act(want(2))
    assert [e.kind for e in added] == ["want", CHANCE, CHANCE]
    assert match.log == added and len(match.state.drawn[0]) == 2
    assert match.waiting_for_card is None


def test_a_refused_decision_changes_neither_state_nor_log():
    match = digital()
    match.act(note("a"))
    before = (match.state, list(match.log))
    with pytest.raises(RuleError, match="unknown action 'shout'"):
        match.act(Event("shout"))
    assert (match.state, match.log) == before


def test_a_new_match_may_wait_for_its_first_draws():
    match = digital(wanted=1)
    assert match.log == [] and match.waiting_for_card.deck == "urn"
    assert [e.kind for e in match.fill_chance()] == [CHANCE]
    assert match.waiting_for_card is None


def test_a_physical_table_waits_for_the_card_then_checks_it():
    match = Match(GAME, {}, EnteredChance())
    assert match.act(want(1)) == [want(1)]
    assert match.waiting_for_card.remaining == {1: 3, 2: 1}
    with pytest.raises(RuleError, match="a ball must be drawn first"):
        match.act(note("early"))
    before = (match.state, list(match.log))
    with pytest.raises(RuleError, match="ball 5 cannot be drawn"):
        match.enter_chance(5)
    assert (match.state, match.log) == before  # refused whole: the draw is still awaited
    assert match.enter_chance(2) == [chance_event("urn", 2, seen_by=0)]
    assert match.state.drawn[0] == (2,)
    with pytest.raises(RuleError, match="no card is waiting"):
        match.enter_chance(1)


def test_undo_drops_the_last_decision_and_the_draws_after_it():
    match = digital()
    match.act(note("kept"))
    before = (match.state, list(match.log))
    dropped = match.act(want(2))
    assert match.undo() == dropped
    assert (match.state, match.log) == before


def test_undo_then_the_same_decision_draws_the_same_cards():
    match = digital(seed="x")
    match.act(want(3))
    drawn = match.state.drawn
    match.undo()
    match.act(want(3))
    assert match.state.drawn == drawn


def test_undo_never_steps_back_over_draws_alone():
    match = digital(wanted=1)
    match.fill_chance()
    with pytest.raises(RuleError, match="nothing to undo"):
        match.undo()


def test_replay_rebuilds_the_state_from_the_log_without_drawing_again():
    match = digital()
    match.act(want(2))
    match.act(note("n"))
    assert replay(GAME, {}, match.log) == match.state
    resumed = Match(GAME, {}, EnteredChance(), match.log)
    assert resumed.state == match.state and resumed.waiting_for_card is None
