"""Setup and movement, both editions: the goods by edition and player count, 200 piasters
and 7 secret goods each, 2 goods in each camp, the start positions, the free move, the
roll for 5 with the backwards arrow and choices at branches, only the final space acting."""

from __future__ import annotations

import pytest
from samarkand_driver import GAME, act, camp, conserved, draw, records, refused, setup, table

from companion.core.chance import EnteredChance, SeededChance
from companion.core.game import chance_event
from companion.core.match import Match
from companion.games.samarkand import goods as g


@pytest.mark.parametrize(
    "edition, players, each",
    [
        ("2.0", 2, None),
        ("2.0", 5, None),
        ("1998", 5, 0),
        ("1998", 4, 1),
        ("1998", 3, 3),
        ("1998", 2, 5),
    ],
)
def test_the_goods_by_edition_and_players(edition, players, each):
    state = GAME.new_state(setup(players, edition=edition))
    removed = each or 0
    assert state.supply == {k: g.COPIES[k] - removed for k in g.KINDS}
    assert g.total(state.supply) == 102 - 6 * removed
    assert (state.chips == [None, None]) == (edition == "1998")
    assert state.token is None


def test_1998_the_camps_are_filled_from_the_deck_after_the_cards_are_removed():
    """Ruling: with 2 players the 5 of each kind are out of the deck before the camps'
    20 cards, the first draws, are drawn from it."""
    state = GAME.new_state(setup(2, edition="1998"))
    assert g.total(state.supply) == 72
    assert [purpose for purpose, _ in state.draws[:21]] == ["camp"] * 20 + ["hand"]
    request = GAME.chance_request(state)
    assert request is not None and request.remaining == state.supply


def test_setup_draws_two_per_camp_in_public_then_seven_secret_goods_each():
    match = Match(GAME, setup(3), SeededChance(4))
    requests = []
    while (request := GAME.chance_request(match.state)) is not None:
        requests.append(request.seen_by)
        match.fill_chance()
    state = match.state
    assert requests[0] is None
    assert all(g.total(field) == 2 for field in state.camps)
    assert [g.total(h) for h in state.hands] == [7, 7, 7]
    assert state.money == [200, 200, 200]
    assert g.total(state.supply) == 102 - 20 - 21 and conserved(state)
    assert state.phase == "place" and GAME.to_act(state) == (0,)


def test_seat_by_seat_draws_are_seen_only_by_the_drawer():
    match = Match(GAME, setup(2), EnteredChance())
    seen = []
    while (request := GAME.chance_request(match.state)) is not None:
        seen.append(request.seen_by)
        card = SeededChance(1).draw(request, len(match.log))
        match.act(chance_event(request.deck, card, request.seen_by))
    assert seen == [None] * 20 + [0] * 7 + [1] * 7


def test_figures_are_placed_in_seat_order_from_the_first_player_and_may_share_a_space():
    match = table(3, first_player=2)
    assert GAME.to_act(match.state) == (1,)
    refused(match, 0, "place", "turn", space="camp1")
    refused(match, 1, "place", "no space", space="nowhere")
    for seat in (1, 2, 0):
        act(match, seat, "place", space="merv")
    state = match.state
    assert state.positions == ["merv"] * 3 and state.phase == "move" and state.turn == 1
    assert records(match, "placed")[0]["seat"] == 1


def test_the_free_move_goes_one_space_along_an_arrow():
    match = table(2, places=["camp7", "camp7"])
    msg = refused(match, 0, "move", "cannot be reached by the free move", to="oasis5")
    assert "reachable: Merv" in msg
    refused(match, 1, "move", "Seat 1's turn", to="merv")
    act(match, 0, "move", to="merv")
    assert match.state.positions[0] == "merv" and match.state.money[0] == 200


def test_choosing_at_a_branch():
    match = table(2, places=["merv", "merv"])
    act(match, 0, "move", to="camp9")  # merv's other exit is oasis5
    assert match.state.positions[0] == "camp9" and match.state.phase == "gift"


def test_the_roll_costs_5_and_the_die_takes_the_player_exactly_that_far():
    match = table(2, places=["camp6", "camp6"])
    act(match, 0, "roll")
    assert match.state.money[0] == 195 and match.state.bank_in == 5
    request = GAME.chance_request(match.state)
    assert request.deck == "die" and set(request.remaining) == {"1", "2", "3", "4", "5", "back"}
    refused(match, 0, "move", "die must be rolled", to="oasis4")
    draw(match, "3")  # camp6 -> oasis4 -> camp7 -> merv: one way
    assert match.state.positions[0] == "merv" and match.state.phase == "sell"


def test_after_a_roll_the_player_chooses_among_the_ends_and_only_the_final_space_acts():
    match = table(2, places=["camp7", "camp7"])
    act(match, 0, "roll")
    draw(match, "2")  # camp7 -> merv -> oasis5 or camp9
    state = match.state
    assert state.phase == "steer"
    refused(match, 0, "move", "cannot be reached with a 2", to="merv")
    refused(match, 0, "move", "cannot be reached with a 2", to="camp10")
    act(match, 0, "move", to="oasis5")
    state = match.state
    assert state.positions[0] == "oasis5" and state.phase == "oasis"
    assert not records(match, "sold") and not records(match, "cannot_sell")  # merv passed


def test_the_backwards_arrow_moves_one_space_against_the_arrows_choosing_where_several_lead_in():
    match = table(2, places=["camp1", "camp1"])  # samarkand and oasis6 lead into camp1
    act(match, 0, "roll")
    draw(match, "back")
    assert match.state.phase == "steer"
    refused(match, 0, "move", "with the backwards arrow", to="oasis1")
    act(match, 0, "move", to="oasis6")
    assert match.state.positions[0] == "oasis6"


def test_the_backwards_arrow_with_one_way_in_moves_at_once():
    match = table(2, places=["bukhara", "bukhara"])  # only camp5 leads into bukhara
    act(match, 0, "roll")
    draw(match, "back")
    assert match.state.positions[0] == "camp5" and match.state.phase == "gift"


def test_a_player_without_5_piasters_cannot_roll():
    match = table(2, places=["camp7", "camp7"])
    match.state.money[0] = 4
    refused(match, 0, "roll", "rolling costs 5 piasters: you have")


def test_unknown_actions_and_seats_are_refused():
    match = table(2, places=["camp7", "camp7"])
    refused(match, 0, "fly", "unknown action")
    refused(match, 7, "move", "unknown player", to="merv")
    refused(match, 0, "gift", "not possible now", good="red")


def test_turns_go_round_the_table():
    match = table(3, places=["camp7", "camp7", "camp7"])
    act(match, 0, "move", to="merv")
    act(match, 0, "sell", market=1, kinds=["yellow", "green"])
    assert match.state.turn == 1 and match.state.turns == 1
    assert camp("camp7") == 8
