"""The keyboard seat of Samarkand in the options the conformance suite's default game does
not play (tests/games/test_conformance.py, ``check_keyboard``): 1998's cards, named as the
keys take them (grain, copper…), the chip a sale lifts; free movement, a space said as
JSON. Each seat is told what to do exactly when it decides, and every key offered works."""

from __future__ import annotations

import pytest
from games.test_conformance import Played, check_keyboard, table

from companion.core.registry import game_spec
from companion.games.samarkand.narration import command

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
