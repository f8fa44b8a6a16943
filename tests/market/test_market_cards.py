"""Market cards as data: the deck file format (TOML and JSON), the sample deck, and the
cards a physical table types as they are revealed, each fault refused with where it is."""

from __future__ import annotations

import json
import tomllib
from importlib.resources import files

import pytest
from market_driver import DECK, GAME, draw

from companion.core.chance import EnteredChance
from companion.core.errors import RuleError
from companion.core.match import Match
from companion.core.registry import game_spec
from companion.games.market import cubes as cu
from companion.games.market.cards import Card, CubeSet, parse_card, parse_deck

SAMPLE = files("companion.games.market").joinpath("data/sample_deck.toml").read_text(encoding="utf-8")


# ------------------------------------------------------------------ one card
def test_a_card_is_read_from_json_with_cubes_as_counts_or_letters():
    card = parse_card(
        {"name": "Saffron Row", "sets": [{"cubes": {"yellow": 2}, "pays": 25}, {"cubes": "ybk", "pays": 70}]}
    )
    assert card == Card("Saffron Row", (CubeSet((2, 0, 0, 0, 0), 25), CubeSet((1, 1, 0, 0, 1), 70)))
    assert card.to_dict() == {
        "name": "Saffron Row",
        "sets": [
            {"cubes": {"yellow": 2}, "pays": 25},
            {"cubes": {"yellow": 1, "blue": 1, "black": 1}, "pays": 70},
        ],
    }
    assert card.text() == "Saffron Row: YY=25, YBK=70"


def test_a_card_is_read_from_one_typed_line():
    assert parse_card("Saffron Row: YY=25, YBK=70") == parse_card("Saffron Row: YY=25; YBK = 70")
    assert parse_card("YY=25", default_name="Card 4").name == "Card 4"
    assert parse_card(parse_card("K=1").text()) == parse_card("Card: K=1")


@pytest.mark.parametrize(
    "raw, words",
    [
        ("YX=5", "'X' is not a colour letter"),
        ("YY", "write each set as colour letters = payout"),
        ("YY=0", "from 1 to 10000"),
        ("YY=-3", "write each set"),
        ("YY=²", "write each set"),  # a digit int() cannot read
        ({"sets": [{"cubes": {"purple": 1}, "pays": 5}]}, "'purple' is not a colour"),
        ({"sets": [{"cubes": {"yellow": -1}, "pays": 5}]}, "whole number of 0 or more"),
        ({"sets": [{"cubes": "", "pays": 5}]}, "a set is 1 to 10 cubes, not 0"),
        ({"sets": [{"cubes": "Y" * 11, "pays": 5}]}, "a set is 1 to 10 cubes, not 11"),
        ({"sets": [{"cubes": "Y", "pays": 5.5}]}, "whole number of piasters"),
        ({"sets": [{"cubes": "Y", "pays": True}]}, "whole number of piasters"),
        ({"sets": [{"cubes": "Y"}]}, "both its cubes and what it pays"),
        ({"sets": [{"cubes": "Y", "pays": 5, "bonus": 1}]}, "unknown field 'bonus'"),
        ({"sets": []}, "1 to 6 sets"),
        ({"sets": [{"cubes": "Y", "pays": n} for n in range(1, 8)]}, "1 to 6 sets"),
        ({"sets": [{"cubes": "YB", "pays": 5}, {"cubes": "BY", "pays": 9}]}, "are a set twice on one card"),
        ({"name": "", "sets": [{"cubes": "Y", "pays": 5}]}, "the name must be text"),
        ({"name": "x" * 41, "sets": [{"cubes": "Y", "pays": 5}]}, "the name must be text"),
        ({"title": "A", "sets": []}, "unknown field 'title'"),
        (["Y", 5], "expected"),
        (7, "expected"),
    ],
)
def test_a_malformed_card_is_refused_naming_the_fault(raw, words):
    with pytest.raises(RuleError, match=words):
        parse_card(raw, "market card 4", "Card 4")


def test_the_fault_says_which_card_and_set():
    with pytest.raises(RuleError, match=r"market card 4 \(Jade\), set 2: pays must be"):
        parse_card(
            {"name": "Jade", "sets": [{"cubes": "G", "pays": 5}, {"cubes": "GG", "pays": 0}]}, "market card 4"
        )


# ------------------------------------------------------------------ decks and files
def test_the_sample_deck_is_marked_invented_in_the_file_and_has_15_valid_cards():
    assert "INVENTED" in SAMPLE.splitlines()[0] and "NOT the publisher's" in SAMPLE
    data = tomllib.loads(SAMPLE)
    assert data["invented"] is True and "not the publisher's" in data["note"]
    deck = parse_deck(SAMPLE)
    assert len(deck) == 15 and len({c.name for c in deck}) == 15
    assert all(1 <= len(c.sets) <= 4 for c in deck)


def test_the_sample_deck_is_the_default_of_the_deck_option():
    option = game_spec("market").option("market_deck")
    assert option.default == [card.to_dict() for card in parse_deck(SAMPLE)]
    assert "invented" in option.description


def test_a_deck_is_read_from_toml_or_json_text_a_file_table_or_a_list():
    as_json = json.dumps({"note": "ours", "cards": DECK})
    as_toml = "\n".join(
        f'[[card]]\nname = "{c["name"]}"\nsets = ['
        + ", ".join(f'{{ cubes = "{s["cubes"]}", pays = {s["pays"]} }}' for s in c["sets"])
        + "]"
        for c in DECK
    )
    decks = [parse_deck(raw) for raw in (DECK, {"cards": DECK}, as_json, json.dumps(DECK), as_toml)]
    assert all(deck == decks[0] for deck in decks)


@pytest.mark.parametrize(
    "raw, words",
    [
        ("{not json", "not valid JSON"),
        ("[[card]]\nname = ", "not valid TOML or JSON"),
        ({"cards": DECK, "extra": 1}, "unknown field 'extra'"),
        (DECK[:11], "at least 12 market cards"),
        ([*DECK[:12], DECK[0]], "card 13: two cards are called 'M1'"),
        ([*DECK[:12], {"name": "Bad", "sets": [{"cubes": "Q", "pays": 1}]}], "card 13 \\(Bad\\), set 1"),
        (42, "expected a list of market cards"),
    ],
)
def test_a_malformed_deck_is_refused_naming_the_fault(raw, words):
    with pytest.raises(RuleError, match=words):
        parse_deck(raw)


def test_the_deck_option_takes_a_deck_files_text_and_keeps_the_cards():
    spec = game_spec("market")
    setup = spec.setup(2, {"market_deck": json.dumps({"cards": DECK})})
    assert setup["rules"]["market_deck"] == [card.to_dict() for card in parse_deck(DECK)]
    state = GAME.new_state(setup)
    assert set(state.deck) == {c["name"] for c in DECK}
    with pytest.raises(RuleError, match="at least 12"):
        spec.setup(2, {"market_deck": DECK[:3]})


# ------------------------------------------------------------------ a physical table
def physical(players=2):
    match = Match(
        GAME,
        {
            "players": players,
            "start": 0,
            "mode": "physical",
            "rules": game_spec("market").setup(players)["rules"],
        },
        EnteredChance(),
    )
    return match


def test_a_physical_table_types_each_market_card_as_it_is_revealed():
    match = physical()
    request = match.waiting_for_entry
    assert match.waiting_for_card is None and GAME.to_act(match.state) == ()
    assert request.name == "market card" and "card 1 of 12" in request.prompt
    assert request.check(request.example)["name"] == "Saffron Row"
    match.enter("YY=25, YBK=70")
    match.enter({"name": "Lapis", "sets": [{"cubes": "BB", "pays": 30}]})
    assert "card 3 of 12 (space 3)" in match.waiting_for_entry.prompt
    match.enter("Copper: R=15")
    assert [c.name for c in match.state.markets] == ["Card 1", "Lapis", "Copper"]
    assert match.log[0].data["value"] == {
        "name": "Card 1",
        "sets": [
            {"cubes": {"yellow": 2}, "pays": 25},
            {"cubes": {"yellow": 1, "blue": 1, "black": 1}, "pays": 70},
        ],
    }
    assert match.waiting_for_card.deck == "bag"  # the lots are drawn from the real bag


def test_a_malformed_typed_card_is_refused_and_the_card_is_still_awaited():
    match = physical()
    for value, words in (
        ("YQ=5", "'Q' is not a colour"),
        ("YY=0", "from 1 to"),
        (17, "expected"),
        ({"sets": [{"cubes": "", "pays": 3}]}, "1 to 10 cubes"),
    ):
        with pytest.raises(RuleError, match=words):
            match.enter(value)
    assert match.log == [] and match.waiting_for_entry.name == "market card"


def test_a_physical_game_replays_from_its_typed_cards():
    match = physical()
    for line in ("Y=1", "B=2", "R=3"):
        match.enter(line)
    draw(match, "YYY", "KKKKK")
    again = Match(GAME, match.setup, EnteredChance(), match.log)
    assert again.state == match.state and again.state.phase == "bidding"


def test_after_a_rotation_the_host_types_the_card_for_space_1():
    match = physical()
    for line in ("Y=1", "B=2", "R=3"):
        match.enter(line)
    draw(match, "YYY", "KKKKK")
    from market_driver import bid, pick, sell

    match.act(bid(0, 5)), match.act(bid(1, 6))
    match.act(pick(1, 1))
    match.act(sell(0, (0, 0, 3)))
    assert cu.letters(match.state.cubes[0]) == "" and match.state.phase == "market"
    assert "card 4 of 12 (space 1)" in match.waiting_for_entry.prompt
    match.enter("Ruby: RR=40")
    assert [c.name for c in match.state.markets] == ["Ruby", "Card 1", "Card 2"]
