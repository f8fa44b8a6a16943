"""The contract's parts as the toy game uses them: turns, blind draws, entries, results,
the registry's option schema."""

from __future__ import annotations

from dataclasses import replace

import pytest
from toy_game import SPEC, UrnGame, note, want

from companion.core.chance import EnteredChance, SeededChance
from companion.core.errors import RuleError
from companion.core.game import ENTRY, Result, places_by
from companion.core.match import Match
from companion.core.registry import Option, data_file, game_spec, game_specs, register_game

GAME = UrnGame()


def test_turns_go_round_the_table_and_only_the_seat_to_act_may_act():
    match = Match(GAME, {"players": 3, "balls": [1, 2, 3, 4, 5, 6]}, SeededChance(1))
    assert GAME.to_act(match.state) == (0,)
    with pytest.raises(RuleError, match="Seat 1's turn"):
        match.act(want(1, seat=1))
    match.act(want(2, seat=0))
    assert GAME.to_act(match.state) == (1,) and len(match.state.drawn[0]) == 2
    match.act(note("hi", seat=1))
    assert GAME.to_act(match.state) == (2,)


def test_who_is_to_act_is_shown_to_every_viewer_unless_the_game_keeps_it_secret():
    match = Match(GAME, {"players": 3, "balls": [1, 2, 3]}, SeededChance(1))
    assert [GAME.to_act_shown(match.state, viewer) for viewer in (None, 0, 2)] == [(0,)] * 3


def test_a_blind_draw_is_shown_only_to_the_seat_it_went_to():
    match = Match(GAME, {"players": 2, "balls": [3, 4, 5]}, SeededChance(2))
    draw = match.act(want(1))[1]
    assert draw.data["seen_by"] == 0
    assert "card" in GAME.redact(draw, 0)["data"]
    assert "card" not in GAME.redact(draw, 1)["data"]
    assert "card" not in GAME.redact(draw, None)["data"]
    assert "drawn" in GAME.view(match.state, 0)["players"][0]
    assert "drawn" not in GAME.view(match.state, 1)["players"][0]


def test_an_entry_is_checked_by_the_games_own_validator_and_refused_whole():
    match = Match(GAME, {"rules": {"label_at_table": True}}, EnteredChance())
    request = match.waiting_for_entry
    assert request.name == "label" and GAME.to_act(match.state) == ()
    with pytest.raises(RuleError, match="the urn's label must be entered first"):
        match.act(want(1))
    with pytest.raises(RuleError, match="one word of up to 12 letters"):
        match.enter("two words")
    assert match.log == []
    added = match.enter("Amphora")
    assert added[0].kind == ENTRY and added[0].data == {"name": "label", "value": "Amphora"}
    assert match.state.label == "Amphora" and match.waiting_for_entry is None
    assert not GAME.undoable(added[0])


def test_the_result_ranks_by_score_and_tied_seats_share_a_place():
    assert places_by([(5,), (9,), (5,), (1,)]) == (2, 1, 2, 4)
    result = Result((5, 9, 9), places_by([(5,), (9,), (9,)]))
    assert result.winners == (1, 2) and result.places == (3, 1, 1)


def test_a_played_out_toy_game_has_a_result():
    match = Match(GAME, {"players": 2, "balls": [1, 2, 3]}, SeededChance(3))
    while not GAME.is_over(match.state):
        (seat,) = GAME.to_act(match.state)
        match.act(GAME.legal_actions(match.state, seat)[0])
    result = GAME.result(match.state)
    assert sum(result.scores) == 6 and min(result.places) == 1


def test_the_registry_finds_games_and_checks_options_against_their_schema():
    assert game_spec("urn") is SPEC and SPEC in game_specs()
    assert game_spec("marche").title == "Le Marché de Samarkand"
    with pytest.raises(RuleError, match="there is no game 'chess'"):
        game_spec("chess")
    setup = SPEC.setup(2, {"label_at_table": True}, ["Ana", "Bo"])
    assert setup == {
        "players": 2,
        "rules": {"balls": [1, 1, 1, 2, 3, 5], "label_at_table": True},
        "names": ["Ana", "Bo"],
    }
    with pytest.raises(RuleError, match="played by 1 to 4 players"):
        SPEC.setup(5)
    with pytest.raises(RuleError, match="rule option 'label_at_table' must be bool"):
        SPEC.setup(2, {"label_at_table": 1})
    with pytest.raises(RuleError, match="there is no rule option 'colour'"):
        SPEC.setup(2, {"colour": "red"})
    assert [o["name"] for o in SPEC.to_dict()["options"]] == ["balls", "label_at_table"]


def test_two_games_may_not_share_a_name():
    with pytest.raises(ValueError, match="two games are registered as 'urn'"):
        register_game(type(SPEC)(name="urn", title="another", min_players=1, max_players=2, engine=UrnGame))


def test_a_games_data_file_is_the_default_of_the_option_that_carries_it(tmp_path, monkeypatch):
    package = tmp_path / "cards_game"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "data" / "deck.txt").write_text("# invented\nA B C\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    deck = Option("deck", data_file("cards_game", "deck.txt"), "the deck (invented)")
    spec = replace(SPEC, name="cards", title="Cards", options=(deck,))
    assert spec.setup(1)["rules"] == {"deck": "# invented\nA B C\n"}  # kept with the game
    assert spec.setup(1, {"deck": "X Y"})["rules"] == {"deck": "X Y"}  # a table's own
