"""The keyboard seat of Samarkand in the options the conformance suite's default game does
not play (tests/games/test_conformance.py, ``check_keyboard``): 1998's cards, named as the
keys take them (grain, copper…), the chip a sale lifts; free movement, a space said as
JSON. Each seat is told what to do exactly when it decides, and every key offered works."""

from __future__ import annotations

import pytest
from games.test_conformance import Played, check_keyboard, table
from samarkand_driver import GAME, act, set_hand
from samarkand_driver import table as at_table

from companion.core.registry import game_spec
from companion.games.samarkand.narration import command, yours

RULES = [{"edition": "1998"}, {"movement": "free"}]


@pytest.mark.parametrize("rules", RULES, ids=["1998", "free"])
def test_the_keyboard_seat_is_told_what_to_do_in_every_option(rules):
    spec = game_spec("samarkand")
    game = Played(spec, spec.setup(4, rules), list(table(spec, 4, "a", rules)))
    check_keyboard(spec.engine(), game, spec)


def test_1998s_names_of_the_goods_are_typed_as_their_kinds():
    state = game_spec("samarkand").engine().new_state(game_spec("samarkand").setup(3, {"edition": "1998"}))
    assert command(state, 0, "g grain").data == {"good": "yellow"}
    assert command(state, 0, "t copper/camels,jewels").data == {"take": ["red"], "give": ["white", "black"]}
    assert command(state, 0, "s 1 fruit,carpets fruit").data == {
        "market": 1,
        "kinds": ["green", "blue"],
        "chip": "green",
    }
    assert command(state, 0, "s 0 3 assortment").data["chip"] == "wild"  # a chip on the wild market
    assert command(state, 0, "g red").data == {"good": "red"}  # the colours as well


@pytest.mark.parametrize(
    ("chips", "keys"),
    [(["yellow", "wild"], ["s 1 4"]), (["red", "wild"], ["s 1 4 copper", "s 1 4 assortment"])],
    ids=["covered", "uncovered"],
)
def test_1998s_best_sale_names_a_chip_to_lift_only_where_one_moves(chips, keys):
    """Both chips on the board: the best sale of a symbol not covered is offered once for
    each chip it may lift; one of a symbol already covered moves none: one key."""
    match = at_table(2, places=["camp2", "camp2"], edition="1998")  # a free move enters Isfahan
    match.state.chips = chips
    set_hand(match, 0, {"yellow": 4})  # grain, sold at Isfahan's market 1
    act(match, 0, "move", to="isfahan")
    _, to_do = yours(GAME.view(match.state, 0))
    assert to_do is not None and to_do.split(": ")[-1].split(" · ") == keys
    for typed in keys:
        GAME.apply(match.state, command(match.state, 0, typed))  # each is accepted
