"""Each rule option of Bazaar: its default, its alternative, and bad values refused."""

from __future__ import annotations

import pytest
from bazaar_driver import GAME, SPEC, buy, done, hold, rolled, table

from companion.core.chance import EnteredChance, SeededChance
from companion.core.errors import RuleError
from companion.core.match import Match


def test_the_options_and_their_defaults_are_in_the_spec():
    options = {o["name"]: o for o in SPEC.to_dict()["options"]}
    assert options["wares_per_turn"]["default"] == "1" and options["wares_per_turn"]["choices"] == [
        "1",
        "many",
    ]
    assert options["cards"]["default"] == "auto"
    assert options["cards"]["choices"] == ["auto", "sample", "entered"]
    assert options["first_player"]["default"] == 1 and options["first_player"]["kind"] == "int"
    chosen = {"wares_per_turn": "1", "cards": "auto", "first_player": 1}
    assert {name: SPEC.setup(3)["rules"][name] for name in chosen} == chosen


# ------------------------------------------------------------------ wares_per_turn
def test_one_ware_a_turn_by_default_even_if_the_cubes_allow_more():
    match = table(wares=("YGBWW", "YYYYY*", "GGGGG", "RRBBW*"))
    hold(match, 0, "GGGGYGBWW")
    rolled(match, 0, "green")
    match.act(buy(0, 2))
    match.enter("RRRRR")
    assert match.state.turn == 1 and len(match.state.bought[0]) == 1


def test_many_wares_a_turn_each_scored_by_the_cubes_left_after_it():
    match = table(wares=("YGBWW", "YYYYY*", "GGGGG", "RRBBW*"), wares_per_turn="many")
    hold(match, 0, "GGGGYGBWW")
    rolled(match, 0, "green")  # YGGGGGBWW + G: 10 cubes
    match.act(buy(0, 2))  # GGGGG, 5 cubes left: 1 point
    match.enter("RRRRR")
    assert match.state.phase == "buy" and match.state.turn == 0
    match.act(buy(0, 0))  # YGBWW, 0 left: 5 points
    match.enter("WWWWW")
    assert [p["points"] for p in match.state.bought[0]] == [1, 5] and match.state.scores[0] == 6
    assert match.state.turn == 1  # nothing more to buy: the turn ends


def test_many_wares_include_a_card_that_just_came_face_up():
    match = table(wares=("YGBWW", "YYYYY*", "GGGGG", "RRBBW*"), wares_per_turn="many")
    hold(match, 0, "GGGGGWWWW")
    rolled(match, 0, "white")
    match.act(buy(0, 2))
    match.enter("WWWWW")  # the new card: just what is left
    match.act(buy(0, 2))
    assert match.state.scores[0] == 1 + 5


def test_many_wares_may_stop_buying():
    match = table(wares=("YGBWW", "YYYYY*", "GGGGG", "RRBBW*"), wares_per_turn="many")
    hold(match, 0, "GGGGYGBWW")
    rolled(match, 0, "green")
    match.act(buy(0, 2))
    match.enter("RRRRR")
    match.act(done(0))
    assert match.state.turn == 1 and len(match.state.bought[0]) == 1


# ------------------------------------------------------------------ cards
def test_sample_cards_are_drawn_two_exchange_cards_of_ten_and_the_wares_of_the_deck():
    match = Match(GAME, SPEC.setup(3), EnteredChance())
    request = match.waiting_for_card
    assert request.deck == "exchange" and dict(request.remaining) == {n: 1 for n in range(1, 11)}
    match.enter_chance(4)
    assert 4 not in match.waiting_for_card.remaining
    match.enter_chance(7)
    wares = match.waiting_for_card
    assert wares.deck == "wares" and sum(wares.remaining.values()) == 45
    match.enter_chance("YGRBW*")
    assert "YGRBW*" not in match.waiting_for_card.remaining
    assert [number for number, _ in match.state.exchange] == [4, 7]
    assert match.waiting_for_entry is None


@pytest.mark.parametrize(
    "cards, mode, typed",
    [
        ("auto", "physical", True),
        ("auto", "digital", False),
        ("auto", None, False),
        ("sample", "physical", False),
        ("entered", "digital", True),
    ],
)
def test_cards_auto_follow_the_table_typed_at_a_physical_one_drawn_in_a_digital_one(cards, mode, typed):
    setup = SPEC.setup(3, {"cards": cards})
    if mode is not None:
        setup["mode"] = mode  # what the appliance adds to a new game's setup
    match = Match(GAME, setup, EnteredChance())
    assert (match.waiting_for_entry is not None) is typed
    assert (match.waiting_for_card is not None) is (not typed)


def test_a_setup_of_an_unknown_mode_is_refused():
    with pytest.raises(RuleError, match='mode must be "digital" or "physical", not \'paper\''):
        GAME.new_state({**SPEC.setup(3), "mode": "paper"})


def test_entered_cards_are_asked_of_the_host_and_nothing_is_drawn_but_the_die():
    match = Match(GAME, SPEC.setup(3, {"cards": "entered"}), SeededChance(1))
    assert match.waiting_for_card is None and match.waiting_for_entry.name == "exchange"
    assert match.fill_chance() == []


def test_a_digital_game_with_sample_cards_is_dealt_by_the_seed_alone():
    def dealt(seed):
        match = Match(GAME, SPEC.setup(3), SeededChance(seed))
        match.fill_chance()
        return [e.to_dict() for e in match.log]

    assert dealt(5) == dealt(5) and dealt(5) != dealt(6)


# ------------------------------------------------------------------ ware_cards
def test_a_tables_own_ware_cards_are_the_deck_the_stalls_are_dealt_from():
    """A game with sample cards deals the stalls from the option's file, not the package's
    sample deck: only the table's own cards may come up."""
    own = "# our deck\n" + "YYYYY\nGGGGG*\nRRRRR\nBBBBB\nWWWWW\n" * 4
    match = Match(GAME, SPEC.setup(3, {"cards": "sample", "ware_cards": own}), EnteredChance())
    match.enter_chance(4)
    match.enter_chance(7)
    wares = match.waiting_for_card
    assert wares.deck == "wares"
    assert dict(wares.remaining) == {"YYYYY": 4, "GGGGG*": 4, "RRRRR": 4, "BBBBB": 4, "WWWWW": 4}
    with pytest.raises(RuleError, match="not in the wares deck"):  # a sample card, not ours
        match.enter_chance("YGRBW*")
    match.enter_chance("GGGGG*")
    assert match.state.stalls_up[0] == "GGGGG*"


# ------------------------------------------------------------------ first_player
@pytest.mark.parametrize("first", [1, 2, 3])
def test_the_first_player_starts_the_first_rolls_and_the_play(first):
    match = table(first_player=first)
    assert match.state.turn == first - 1
    assert (
        match.state.records[[r["kind"] for r in match.state.records].index("first_roll")]["seat"] == first - 1
    )


@pytest.mark.parametrize(
    "rules, message",
    [
        ({"first_player": 4}, "must be from 1 to 3, not 4"),
        ({"first_player": 0}, "must be from 1 to 3, not 0"),
        ({"wares_per_turn": "2"}, "must be one of '1', 'many'"),
        ({"cards": "mine"}, "must be one of 'auto', 'sample', 'entered'"),
        ({"colour": "red"}, "no rule option 'colour'"),
        ({"wares_per_turn": 1}, "must be str"),
    ],
)
def test_a_bad_option_is_refused_before_any_game(rules, message):
    with pytest.raises(RuleError, match=message):
        SPEC.setup(3, rules)
    with pytest.raises(RuleError, match=message):  # a stored or hand-made setup: the same check
        GAME.new_state({"players": 3, "rules": rules})


@pytest.mark.parametrize("players", [1, 6])
def test_bazaar_is_for_two_to_five_players(players):
    with pytest.raises(RuleError, match="Bazaar is played by 2 to 5 players, not " + str(players)):
        SPEC.setup(players)
