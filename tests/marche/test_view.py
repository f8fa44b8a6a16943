"""What each viewer may see: secrets stay with their owner until the final scoring."""

import json

import pytest
from marche_driver import CAMEL, END, GAME, buy, claim, offer, pick, stop, table_match

from companion.core.errors import RuleError
from companion.games.marche.state import OVER

VIEWERS = (None, 0, 1, 2, 3)


def market():
    return offer(table_match(4), [7, 1, 2, 3])


def test_only_the_owner_sees_their_money_and_camels():
    state = buy(market(), 6, 2, CAMEL).state
    for viewer in VIEWERS:
        view = GAME.view(state, viewer)
        for entry in view["players"]:
            shown = entry["seat"] == viewer
            assert ("money" in entry, "camels" in entry) == (shown, shown)
    assert GAME.view(state, 2)["you"] == {
        "seat": 2,
        "hand": [1, 1, 2, 2, 3, 3, 5, 6, 7],
        "pick": 2,
        "money": 9,
        "camels": [5],
    }
    assert "you" not in GAME.view(state, None)


def test_others_see_a_camel_purchase_and_its_count_but_not_the_camel():
    state = buy(market(), 6, 2, CAMEL).state
    for viewer in (None, 0, 1, 3):
        record = GAME.view(state, viewer)["records"][-1]
        assert (record["kind"], record["seat"], record["count"], record["card"]) == ("buy", 2, 6, None)
    assert GAME.view(state, 2)["records"][-1]["card"] == 5


def test_what_a_payer_actually_paid_is_shown_only_to_them():
    match = buy(buy(market(), 10, 1, 0), 5, 1, 2)  # seat 1 is down to 0
    state = buy(match, 4, 1, None).state  # a false stop it cannot pay
    for viewer in (None, 0, 2, 3):
        record = GAME.view(state, viewer)["records"][-1]
        assert "paid" not in record and record["due"] == 1
    assert GAME.view(state, 1)["records"][-1]["paid"] == 0


def test_a_claim_is_secret_until_the_stop_is_resolved():
    match = market()
    match.act(stop(6, 1, 2))
    match.act(claim(1, 0))
    for viewer in (None, 0, 2, 3):
        assert GAME.view(match.state, viewer)["stop"]["your_claim"] is None
        assert GAME.view(match.state, viewer)["stop"]["claimed"] == [1]
        assert GAME.redact(match.log[-1], viewer)["data"] == {}
    assert GAME.view(match.state, 1)["stop"]["your_claim"] == 0
    assert GAME.redact(match.log[-1], 1)["data"] == {"target": 0}
    match.act(claim(2, 3))
    for viewer in VIEWERS:
        records = GAME.view(match.state, viewer)["records"]
        assert [(r["seat"], r["target"]) for r in records] == [(1, 0), (2, 3)]


def test_stops_and_turned_up_cards_are_public_in_the_log():
    match = market()
    match.act(stop(6, 1))
    for viewer in VIEWERS:
        assert GAME.redact(match.log[0], viewer)["data"] == {"deck": "camels", "card": 5}
        assert GAME.redact(match.log[-1], viewer)["data"]["count"] == 6


def test_everything_is_shown_once_the_game_is_over():
    match = buy(market(), 6, 2, CAMEL)
    match.enter_chance(3)
    match.act(END)
    while match.state.phase != OVER:
        offer(match, [hand[0] for hand in match.state.hands])
        match.act(END)
    view = GAME.view(match.state, 0)
    assert view["players"][2]["money"] == 9 and view["players"][2]["camels"] == [5]
    assert view["records"][0]["card"] == 5 and "paid" in view["records"][0]


def test_every_view_is_json_data():
    match = offer(table_match(3), [1, 2, 3], bank=7)
    match.act(stop(6, 1, 2))
    match.act(claim(1, "bank"))
    for viewer in (None, 0, 1, 2):
        view = GAME.view(match.state, viewer)
        assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize("viewer", [4, -1, "0"])
def test_a_viewer_that_is_no_seat_is_refused(viewer):
    with pytest.raises(RuleError, match="viewer|player"):
        GAME.view(market().state, viewer)


# ------------------------------------------------------------------ the secret twin
def changed_for_its_seat_only(state, seat):
    """The secret twin of ``seat``: the same for every other viewer, different for ``seat``."""
    twin = GAME.secret_twin(state, seat)
    for viewer in VIEWERS:
        if viewer != seat:
            assert GAME.view(twin, viewer) == GAME.view(state, viewer), viewer
            assert GAME.to_act_shown(twin, viewer) == GAME.to_act_shown(state, viewer)
    for viewer in (0, 1, 2, 3):
        assert (GAME.seat_view(twin, viewer) == GAME.seat_view(state, viewer)) == (viewer != seat)
    return GAME.view(twin, seat), GAME.view(state, seat)


def test_a_secret_twin_changes_a_pick_not_yet_revealed_the_hand_and_the_money():
    match = table_match(4)
    match.act(pick(1, 7))
    twin, seen = changed_for_its_seat_only(match.state, 1)
    assert seen["you"]["pick"] == 7 and twin["you"]["pick"] != 7
    assert twin["you"]["money"] != seen["you"]["money"] and twin["you"]["hand"] != seen["you"]["hand"]


def test_a_secret_twin_changes_a_claim_not_yet_resolved():
    match = market()
    match.act(stop(6, 1, 2))
    match.act(claim(1, 0))
    twin, seen = changed_for_its_seat_only(match.state, 1)
    assert seen["stop"]["your_claim"] == 0 and twin["stop"]["your_claim"] != 0


def test_a_secret_twin_changes_a_bought_camel_and_what_was_paid():
    state = buy(market(), 6, 2, CAMEL).state
    twin, seen = changed_for_its_seat_only(state, 2)
    assert (seen["you"]["camels"], seen["records"][-1]["card"]) == ([5], 5)
    assert twin["you"]["camels"] != [5] and twin["records"][-1]["card"] != 5
    assert twin["records"][-1]["paid"] != seen["records"][-1]["paid"]


def test_a_secret_twin_changes_goods_bought_only_when_they_are_hidden():
    for hidden in (False, True):
        state = buy(offer(table_match(4, rules={"hidden_goods": hidden}), [7, 1, 2, 3]), 9, 1, 0).state
        twin, seen = changed_for_its_seat_only(state, 1)
        assert seen["players"][1]["goods"] == {"jewels": [7]}
        assert (twin["players"][1]["goods"] != {"jewels": [7]}) == hidden


def test_nothing_is_secret_once_the_game_is_over():
    match = table_match(4, rules={"turns": 1, "goods_cards": [1]})
    offer(match, [1, 1, 1, 1]).act(END)
    assert match.state.phase == OVER
    assert GAME.secret_twin(match.state, 1) == match.state
