"""At a table with buzzers, the buzzer of the player to play rolls the die; every other
press is ignored and recorded; that player's buzzer light is lit."""

from __future__ import annotations

from bazaar_driver import GAME, SPEC, digital
from web_rig import make_appliance, wait_for

from companion.core.arbiter import BuzzerEvent
from companion.core.chance import SeededChance
from companion.core.match import Match
from companion.runtime.session import Session


def table_session() -> Session:
    match = Match(GAME, SPEC.setup(3), SeededChance(2))
    session = Session(match, realtime=SPEC.realtime.from_settings({}))
    session.start(0)
    return session


def press(session: Session, seat: int, t: int) -> None:
    session.press(BuzzerEvent(seat, True, t))
    session.press(BuzzerEvent(seat, False, t + 50_000))
    session.catch_up(t + 60_000)


def test_the_buzzer_of_the_player_to_play_rolls_the_die():
    session = table_session()
    seat = session.state.turn
    assert session.realtime.lights.steady == (seat,)
    press(session, seat, 1_000_000)
    kinds = [e.kind for e in session.match.log[-2:]]
    assert kinds == ["roll", "chance"] and session.match.log[-1].data["deck"] == "die"
    assert session.notes[-1] == {"note": "buzzer_roll", "seat": seat, "pressed_us": 1_000_000}


def test_a_roll_press_a_pause_cuts_short_rolls_nothing_and_is_recorded():
    session = table_session()
    seat = session.state.turn
    length = len(session.match.log)
    session.press(BuzzerEvent(seat, True, 1_000_000))
    session.pause(1_000_100)  # before the runner played the press
    session.resume(2_000_000)
    session.catch_up(2_000_000)
    assert len(session.match.log) == length
    assert session.notes[-1] == {
        "note": "ignored_press",
        "seat": seat,
        "pressed_us": 1_000_000,
        "reason": "a pause or an undo came before the press was played",
    }


def test_a_press_out_of_turn_or_after_the_turns_action_is_ignored_and_recorded():
    session = table_session()
    seat = session.state.turn
    other = (seat + 1) % 3
    length = len(session.match.log)
    press(session, other, 1_000_000)
    assert len(session.match.log) == length
    assert session.notes[-1] == {
        "note": "ignored_press",
        "seat": other,
        "pressed_us": 1_000_000,
        "reason": "not this player's turn",
    }
    session.pause(2_000_000)
    press(session, seat, 3_000_000)
    assert len(session.match.log) == length and session.notes[-1]["reason"] == "no roll is open"


def test_the_table_settings_of_a_countdown_do_not_apply():
    assert SPEC.realtime.settings({"step_ms": 100}) == {} and SPEC.to_dict()["table_settings"] == []
    assert digital(3).state.phase == "act"


def test_a_mock_buzzer_rolls_the_die_through_the_appliance(tmp_path):
    appliance = make_appliance(tmp_path, bots=False, seed=6)
    appliance.new_game(SPEC.setup(2), game="bazaar")
    appliance.runner.start()
    try:
        seat = appliance.session.state.turn
        before = len(appliance.session.match.log)
        appliance.call(lambda now: appliance.inputs.press(seat, True, now))
        appliance.call(lambda now: appliance.inputs.press(seat, False, now + 100_000))
        wait_for(lambda: len(appliance.session.match.log) >= before + 2, 10, "the roll")
        assert appliance.session.match.log[before].kind == "roll"
    finally:
        appliance.close()
