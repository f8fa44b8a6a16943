"""The table told on the Pi's terminal (issue 13): the ways in stay findable, a host's new
game and a game the host ends are said as such, and the keyboard seat sees its own hand
and cannot undo."""

from __future__ import annotations

import io
import random
import sys

import pytest

from companion.appliance.inputs import Inputs, open_inputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import replay
from companion.core.registry import game_spec
from companion.games.marche.narration import command
from companion.runtime.lobby import Lobby
from companion.runtime.terminal import Narrator
from companion.store import EventStore

FAST = {"step_ms": 30, "lead_in_ms": 50, "tie_window_ms": 5, "claim_deadline_ms": 1000}
WAYS_IN = ["Phones join at: http://10.0.0.2:8000/", "Table screen: … PIN: 4242"]


@pytest.fixture
def table(tmp_path):
    config = load_config(None, {"table": {"lead_in_ms": 3600000}})
    appliance = Appliance(config, Inputs(), EventStore(tmp_path / "s.db"), seed=4, bots_fill_seats=False)
    appliance.new_game(game_spec("marche").setup(3, names=["Ana", "Bo", "Cy"]))
    yield appliance
    appliance.close()


def told(appliance, seat=None):
    out = io.StringIO()
    narrator = Narrator(appliance, keyboard_seat=seat, out=out)
    return narrator, out


def test_the_ways_in_are_not_printed_again_at_every_turn(tmp_path):
    config = load_config(None, {"table": FAST})
    appliance = Appliance(config, open_inputs(config, simulate=True), EventStore(tmp_path / "s.db"), seed=4)
    appliance.new_game(game_spec("marche").setup(3))
    appliance.addresses = WAYS_IN
    narrator, out = told(appliance)
    narrator.attach()
    appliance.runner.start()
    try:
        narrator.run(lambda: False, exit_when_over=True)
    finally:
        appliance.close()
    text = out.getvalue()
    assert "End of turn 10." in text and WAYS_IN[1] not in text  # nobody changed seats


def test_the_ways_in_are_printed_again_when_a_seat_changes_hands(table):
    table.addresses = WAYS_IN
    narrator, out = told(table)
    narrator.attach()
    table._handed(1, "person")  # a phone took seat 2
    session = table.session
    table.call(session.act, Event("pick", 0, {"card": session.state.hands[0][0]}))
    lines = out.getvalue().splitlines()
    assert lines.count(WAYS_IN[1]) == 1, lines
    assert lines.index(WAYS_IN[1]) > lines.index("Seat 2 (Bo) is played by a person from now on")


def test_a_new_game_from_the_host_is_announced_as_a_new_game(table):
    narrator, out = told(table)
    narrator.attach()
    session = table.session
    table.call(session.act, Event("pick", 0, {"card": session.state.hands[0][0]}))
    table.new_game(game_spec("marche").setup(4))
    text = out.getvalue()
    assert "Undone" not in text
    assert f"A new game of Le Marché de Samarkand (game {table.game_id})" in text


def test_a_game_the_host_ends_prints_its_scores(table):
    narrator, out = told(table)
    narrator.attach()
    table.end_game()
    text = out.getvalue()
    assert "The game was ended early" in text and "player  podium  capacity" in text
    assert "Winner" in text


def test_the_keyboard_seat_sees_its_hand_money_and_camels(table):
    narrator, out = told(table, seat=1)
    narrator._keyboard = lambda: None  # no stdin in a test: commands go straight in
    narrator.attach()
    state = table.session.state
    lines = out.getvalue().splitlines()
    hand = " ".join(map(str, state.hands[1]))
    assert lines[1] == f"A camel ({state.camel_up}) is turned up"  # the game's setup, told first
    assert (
        f"Yours: your {state.sells[1]} to offer: {hand} · {state.money[1]} dirhams · camels: none" in lines[2]
    )
    offered = " · ".join(f"p {card}" for card in sorted(set(state.hands[1])))
    assert lines[3] == f"Your move: offer a card in secret: {offered}"
    assert "Enter = your buzzer" in lines[0]  # Le Marché is played with buzzers


def test_the_keyboard_seat_is_told_again_only_when_what_it_holds_or_has_to_do_changes(table):
    narrator, out = told(table, seat=0)
    narrator._keyboard = lambda: None
    narrator.attach()
    session = table.session
    for seat in (1, 2):  # the others pick: nothing of seat 1's changes
        table.call(session.act, Event("pick", seat, {"card": session.state.hands[seat][0]}))
    assert [line.split(":")[0] for line in out.getvalue().splitlines()[2:]] == ["Yours", "Your move"]
    assert narrator._command(f"p {session.state.hands[0][-1]}")  # its own pick: one card fewer
    assert sum(line.startswith("Yours: ") for line in out.getvalue().splitlines()) == 2


def test_a_game_without_buzzers_offers_no_buzzer_key(tmp_path):
    config = load_config(None, {"store": {"path": str(tmp_path / "s.db")}})
    appliance = Appliance(config, Inputs(), EventStore(config.store.path), seed=4, bots_fill_seats=False)
    try:
        appliance.new_game(game_spec("samarkand").setup(2), game="samarkand")
        narrator, out = told(appliance, seat=0)
        narrator._keyboard = lambda: None
        narrator.attach()
        assert narrator._command("")  # Enter
        first, *_, last = out.getvalue().splitlines()
        assert first.endswith("· q = quit") and "buzzer" not in first
        assert last == "  no buzzer in this game: type your move (the keys above)"
    finally:
        appliance.close()


def test_the_keyboard_seat_cannot_undo_and_q_quits(table):
    narrator, out = told(table, seat=0)
    narrator._keyboard = lambda: None
    narrator.attach()
    session = table.session
    assert narrator._command(f"p {session.state.hands[0][0]}")
    assert session.state.picks[0] is not None
    before = list(session.match.log)
    assert narrator._command("u")
    assert session.match.log == before and "only the host can undo" in out.getvalue()
    assert narrator._command("q") is False


def test_p_without_a_number_says_to_name_the_card(table):
    narrator, _ = told(table, seat=0)
    with pytest.raises(RuleError, match="say which card to offer: p 3"):
        narrator.narration.command(table.session.state, 0, "p")
    with pytest.raises(RuleError, match="say which card"):
        narrator.narration.command(table.session.state, 0, "p seven")


def test_a_claim_names_the_seller_the_goods_or_the_camel(table):
    state = table.session.state
    seller = 2
    by_name = command(state, 0, f"c {state.names[seller].upper()}")
    by_goods = command(state, 0, f"c {state.sells[seller]}")
    assert by_name == by_goods == Event("claim", 0, {"target": seller})
    assert command(state, 0, "c camel").data["target"] == "camel"
    assert command(state, 0, "c -").data["target"] is None
    with pytest.raises(RuleError, match="no player or goods called 'zed'"):
        command(state, 0, "c zed")


def test_a_disconnected_seat_the_table_waits_on_is_flagged_once(table):
    narrator, out = told(table)
    narrator.attach()
    table.disconnected = lambda: {1}
    narrator.flag_disconnected()
    narrator.flag_disconnected()
    flagged = [line for line in out.getvalue().splitlines() if "disconnected" in line]
    assert flagged == [
        "Waiting for seat 2 (Bo), whose phone is disconnected: the host "
        "console can hand the seat to a bot or move it to another phone"
    ]
    session = table.session
    table.call(session.act, Event("pick", 1, {"card": session.state.hands[1][0]}))
    narrator.flag_disconnected()  # Bo picked: the table no longer waits on Bo
    assert out.getvalue().count("whose phone is disconnected") == 1


def test_the_terminal_says_who_acts_for_a_seat_when_it_changes(table):
    narrator, out = told(table)
    narrator.attach()
    session = table.session
    table.call(lambda now: table._handed(1, "timer"))
    table.call(session.act, Event("pick", 1, {"card": session.state.hands[1][0]}))
    assert "Seat 2 (Bo): the decision timer ran out, a bot decided" in out.getvalue()


def test_the_terminal_names_no_seat_whose_timer_decided_a_secret(table):
    """The terminal tells the table's facts: where who is still to decide is secret (a
    sealed bid), a timer's decision is told without the seat."""
    narrator, out = told(table)
    narrator.attach()
    session = table.session
    table.hands.append({"at": len(session.match.log), "seat": 1, "by": "timer", "secret": True})
    table.call(session.act, Event("pick", 1, {"card": session.state.hands[1][0]}))
    assert "A seat (which one is secret): the decision timer ran out, a bot decided" in out.getvalue()
    assert "Bo" not in out.getvalue()


def test_a_line_typed_at_the_terminal_prints_the_ways_in_again(table, monkeypatch):
    table.addresses = WAYS_IN
    narrator, out = told(table)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))  # Enter, in a game
    narrator._table_keys()
    assert out.getvalue().count(WAYS_IN[1]) == 1


def test_enter_in_the_lobby_starts_the_game_with_bots_in_the_empty_seats(tmp_path, monkeypatch):
    config = load_config(None, {"table": FAST})
    appliance = Appliance(config, open_inputs(config, simulate=True), EventStore(tmp_path / "s.db"), seed=4)
    appliance.open_lobby(Lobby.open("market", 3))
    appliance.change_lobby(lambda lobby: lobby.put_bot(0, "trader", "Tara"))
    narrator, out = told(appliance)
    narrator.attach()
    try:
        text = out.getvalue()
        assert "Lobby of Samarkand Market (2-5 players): 1. bot (trader) · 2. empty · 3. empty" in text
        assert "Enter: start now with bots in the empty seats" in text
        assert appliance.store.list_games() == []
        monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))
        narrator._table_keys()
        assert appliance.lobby is None and len(appliance.store.list_games()) == 1
        assert set(appliance.runner.seats.bots) == {0, 1, 2}
        names = appliance.session.game.names(appliance.session.state)
        assert names == ("Tara (bot)", "Seat 2 (bot)", "Seat 3 (bot)"), names
        assert "A new game of Samarkand Market" in out.getvalue()
    finally:
        appliance.close()


@pytest.mark.parametrize(
    "game, drawn",
    [
        ("market", ["is the start player", "Market card 3 in space 3: ", "Round 1 lots: Lot 1: "]),
        ("bazaar", ["Exchange card ", "Stall 4: ", "Turn 1: "]),
        ("samarkand", [" drawn for Camp 1", " drawn for Camp 10"]),
    ],
)
def test_a_game_started_at_once_is_told_from_its_setup(tmp_path, game, drawn):
    """`samarkand run --autostart` or `--seat N` starts the game before the terminal is
    attached: what its setup drew (the cards in play, the first lots, the camps' goods) is
    told all the same, once, every line as the game words it; a game resumed after someone
    acted goes on from where it is."""
    config = load_config(None, {"table": FAST})
    appliance = Appliance(config, Inputs(), EventStore(tmp_path / "s.db"), seed=4, bots_fill_seats=False)
    try:
        appliance.new_game(game_spec(game).setup(4), game=game)
        session = appliance.session
        narrator, out = told(appliance)
        narrator.attach()
        state, words = replay(session.game, session.match.setup, []), []
        for event in session.match.log:
            after = session.game.apply(state, event)
            words += appliance.spec.narration.describe(event, state, after)
            state = after
        told_lines = out.getvalue().splitlines()
        assert told_lines == words  # every line, a camp's second good of a kind too
        assert game != "samarkand" or len(set(words)) < len(words)  # (seed 4 draws one)
        assert all(any(part in line for line in told_lines) for part in drawn), told_lines
        seat = session.game.to_act(session.state)[0]
        bot = appliance.spec.bots[appliance.spec.default_style(seat)](random.Random(1))
        appliance.call(session.act, bot.decide(session.game.seat_view(session.state, seat), seat))
        later, later_out = told(appliance)
        later.attach()
        assert later_out.getvalue() == ""
    finally:
        appliance.close()


@pytest.mark.parametrize("typed", ["q\n", "", "b\n"], ids=["q", "end of input", "a line, then the end"])
def test_the_keyboard_seat_quits_at_q_or_at_the_end_of_its_input_saying_the_game_is_kept(
    table, monkeypatch, typed
):
    """Ctrl-D (or a script's input running out) quits as q does: the seat is never left
    waited on by a keyboard nobody can type on."""
    narrator, out = told(table, seat=0)
    narrator._keyboard = lambda: None
    narrator.attach()
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    del narrator._keyboard  # the real one, reading the patched input
    narrator._keyboard()
    assert narrator.quit.is_set()
    assert "Quitting: the game is kept, and the next `samarkand run` goes on with it" in out.getvalue()
