"""The cards as data: the notation, the host's entries (each checked, a bad one refused
whole), the sample files (marked as invented, the rulebook's example included)."""

from __future__ import annotations

import pytest
from bazaar_driver import CARD_1, CARD_2, GAME, SPEC, WARES, buy, rolled, setup, table, trade

from companion.core.chance import EnteredChance
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match, replay
from companion.core.registry import data_file
from companion.games.bazaar.cubes import (
    parse_card,
    parse_cubes,
    parse_equation,
    parse_exchange_file,
    parse_ware,
    parse_ware_file,
)
from companion.games.bazaar.options import CARD_FILES

PACKAGE = "companion.games.bazaar"


# ------------------------------------------------------------------ the notation
@pytest.mark.parametrize(
    "text, cubes",
    [
        ("R", (0, 0, 1, 0, 0)),
        ("BGYW", (1, 1, 0, 1, 1)),
        ("WW", (0, 0, 0, 0, 2)),
        ("2W", (0, 0, 0, 0, 2)),
        ("1 blue + 1 green + 1 yellow + 1 white", (1, 1, 0, 1, 1)),
        ("2 White + r", (0, 0, 1, 0, 2)),
        ("y, y, g", (2, 1, 0, 0, 0)),
        ("1 rouge + 2 blancs", (0, 0, 1, 0, 2)),
        ("Jaune vert bleus", (1, 1, 0, 1, 0)),
    ],
)
def test_cubes_are_written_by_letter_or_name_counted_or_repeated(text, cubes):
    assert parse_cubes(text) == cubes


def test_the_rulebooks_example_reads_in_its_own_words():
    equation = parse_equation("1 red = 1 blue + 1 green + 1 yellow + 1 white")
    assert equation.text == "R = YGBW" and equation.sides("right") == ((1, 1, 0, 1, 1), (0, 0, 1, 0, 0))


@pytest.mark.parametrize(
    "text, message",
    [
        ("R = Q", "'q' in 'Q' is not a colour"),
        ("R = purple", "'purple' in 'purple' is not a colour"),
        ("R = RW", "red is on both sides"),
        ("R = ", "is empty"),
        ("R = WWWWWW", "the right side of 'R = WWWWWW' has 6"),
        ("R WW", "one '=' between its two sides"),
        ("R = W = G", "one '=' between its two sides"),
        ("R = 2BG", "2bg in '2BG' is ambiguous"),
        ("R = 3", "cannot read '3'"),
    ],
)
def test_a_malformed_equation_is_refused_saying_what_is_wrong(text, message):
    with pytest.raises(RuleError, match=message):
        parse_equation(text)


def test_an_exchange_card_has_five_equations_as_text_or_a_list():
    assert len(parse_card(CARD_1)) == 5
    assert parse_card(["R = YGBW", ["R", "WW"], "Y = GGGGG", "G = BBBBB", "B = YY"]) == parse_card(CARD_1)
    with pytest.raises(RuleError, match="has 5 equations, not 4"):
        parse_card("R = YGBW; R = WW; Y = GGGGG; G = BBBBB")
    with pytest.raises(RuleError, match="an exchange card is its five equations"):
        parse_card(12)


@pytest.mark.parametrize(
    "value, code",
    [
        ("YYGRB", "YYGRB"),
        ("YYGRB*", "YYGRB*"),
        ("bryyg ★", "YYGRB*"),
        ("2 yellow + green + red + blue star", "YYGRB*"),
        ({"cubes": "WWWWW", "star": True}, "WWWWW*"),
        ("2Y 3W", "YYWWW"),
    ],
)
def test_a_ware_card_is_five_cubes_and_maybe_a_star(value, code):
    assert parse_ware(value).code == code


@pytest.mark.parametrize(
    "value, message",
    [
        ("YGRB", "pictures 5 cubes, not 4"),
        ("YGRBWW", "not 6"),
        ("YGRBX", "not a colour"),
        ({"cubes": "YGRBW", "star": "yes"}, "star is true or false"),
        (5, "a ware card is written"),
    ],
)
def test_a_malformed_ware_card_is_refused(value, message):
    with pytest.raises(RuleError, match=message):
        parse_ware(value)


# ------------------------------------------------------------------ the host's entries
def test_the_host_enters_two_exchange_cards_and_four_wares_then_the_first_rolls():
    match = Match(GAME, setup(3), EnteredChance())
    request = match.waiting_for_entry
    assert request.name == "exchange" and "card 1 of 2" in request.prompt
    match.enter("1 red = 1 blue + 1 green + 1 yellow + 1 white; R = 2W; Y = GGGGG; G = BBBBB; B = YY")
    assert match.log[-1].data == {
        "name": "exchange",
        "value": "R = YGBW; R = WW; Y = GGGGG; G = BBBBB; B = YY",
    }
    match.enter(CARD_2)
    assert match.waiting_for_entry.name == "ware" and "Stall 1" in match.waiting_for_entry.prompt
    for ware in WARES:
        match.enter(ware)
    assert match.waiting_for_entry is None and match.waiting_for_card.deck == "die"
    assert match.state.stalls_up == list(WARES)


@pytest.mark.parametrize(
    "value, message",
    [
        ("R = YGBW; R = WW; Y = GGGGG; G = BBBBB", "has 5 equations, not 4"),
        ("R = YGBW; R = WW; Y = GGGGG; G = BBBBB; B = BY", "blue is on both sides"),
        ("R = YGBW; R = WW; Y = GGGGG; G = BBBBB; B = PP", "not a colour"),
    ],
)
def test_a_malformed_card_entry_is_refused_and_changes_nothing(value, message):
    match = Match(GAME, setup(3), EnteredChance())
    before = GAME.copy(match.state)
    with pytest.raises(RuleError, match=message):
        match.enter(value)
    assert match.log == [] and match.state == before and match.waiting_for_entry.name == "exchange"


def test_a_malformed_ware_entry_is_refused_and_changes_nothing():
    match = Match(GAME, setup(3), EnteredChance())
    match.enter(CARD_1)
    match.enter(CARD_2)
    with pytest.raises(RuleError, match="pictures 5 cubes, not 6"):
        match.enter("YYGRBW")
    assert len(match.log) == 2 and match.state.stalls_up == [None] * 4


def test_an_entry_event_from_a_log_is_checked_again():
    match = Match(GAME, setup(3), EnteredChance())
    with pytest.raises(RuleError, match="has 5 equations"):
        match.act(Event("entry", None, {"name": "exchange", "value": "R = WW"}))
    with pytest.raises(RuleError, match="nothing is waiting to be entered as 'ware'"):
        match.act(Event("entry", None, {"name": "ware", "value": "YYGRB"}))


def test_a_mistyped_card_is_undone_on_its_own_and_typed_again():
    match = table(wares=("GGGGG", "YYYYY*", "RRRRR", "RRBBW*"))
    rolled(match, 0, "green")
    rolled(match, 1, "green")
    match.act(trade(2, 2))  # Y -> GGGGG
    match.act(buy(2, 0))
    match.enter("GGRRW")  # the host meant GGRRB
    assert match.undo_length() == 1
    match.undo()
    assert match.state.phase == "reveal" and match.waiting_for_entry.name == "ware"
    match.enter("GGRRB")
    assert match.state.stalls_up[0] == "GGRRB" and match.state.scores[2] == 5
    assert replay(GAME, match.setup, match.log) == match.state


def test_a_die_face_entered_is_undone_on_its_own_then_its_roll():
    """A typo'd face is entered again; nobody rolls again for it."""
    match = table()
    rolled(match, 0, "green")
    assert match.undo_length() == 1  # the face the host entered
    match.undo()
    assert match.waiting_for_card is not None and match.waiting_for_card.deck == "die"
    match.enter_chance("blue")
    match.undo()
    match.undo()  # then the roll
    assert match.state.phase == "act" and match.state.turn == 0


# ------------------------------------------------------------------ the sample files
def test_the_sample_files_are_marked_as_invented_and_hold_ten_cards_and_45_wares():
    exchange, wares = (data_file(PACKAGE, f"{name}.txt") for name in CARD_FILES)
    for text in (exchange, wares):
        assert "INVENTED" in text and "NOT THE PUBLISHER'S CARDS" in text and "Format" in text
    cards = parse_exchange_file(exchange)
    assert sorted(cards) == list(range(1, 11)) and all(len(card) == 5 for card in cards.values())
    assert [e.text for e in cards[1][:2]] == ["R = YGBW", "R = WW"]  # the rulebook's example
    deck = parse_ware_file(wares)
    assert len(deck) == 45 and len({w.code for w in deck}) == 45 and sum(w.star for w in deck) == 15


def test_a_setup_from_the_spec_carries_the_sample_files_as_its_card_options():
    rules = SPEC.setup(3)["rules"]
    for name in CARD_FILES:
        assert rules[name] == data_file(PACKAGE, f"{name}.txt")
        assert "INVENTED" in str(SPEC.option(name).description)


def test_a_table_may_give_its_own_cards_and_the_game_draws_from_them():
    own = "8: " + CARD_1 + "\n9: " + CARD_2 + "\n"
    match = Match(GAME, SPEC.setup(3, {"cards": "sample", "exchange_cards": own}), EnteredChance())
    assert dict(match.waiting_for_card.remaining) == {8: 1, 9: 1}


def test_a_sample_setup_with_empty_card_files_is_refused():
    with pytest.raises(RuleError, match="at least the 2 cards a game puts in play"):
        GAME.new_state({"players": 3, "rules": {"cards": "sample", "exchange_cards": ""}})
    # a setup that names no cards gets the options' defaults: the sample files
    assert len(GAME.new_state({"players": 3, "rules": {"cards": "sample"}}).exchange_deck or ()) == 10


def test_a_card_file_error_names_its_line():
    with pytest.raises(RuleError, match="exchange-card file, line 2: .*red is on both sides"):
        parse_exchange_file("1: " + CARD_1 + "\n2: R = RW; R = WW; Y = GGGGG; G = BBBBB; B = YY\n")
    for numberless in (CARD_1, "²: " + CARD_1):  # ² is a digit int() cannot read
        with pytest.raises(RuleError, match="line 1: write 'N: equation; …'"):
            parse_exchange_file(numberless)
    with pytest.raises(RuleError, match="card 1 is listed twice"):
        parse_exchange_file(f"1: {CARD_1}\n1: {CARD_2}\n")
    with pytest.raises(RuleError, match="ware-card file, line 3: .*not 4"):
        parse_ware_file("# a comment\nYYGRB\nYGRB\n")


def test_a_sample_ware_file_short_of_20_cards_is_refused():
    setup = SPEC.setup(3, {"cards": "sample", "ware_cards": "YYGRB\n" * 19})
    with pytest.raises(RuleError, match="at least the 20 cards of the four stalls, not 19"):
        GAME.new_state(setup)
