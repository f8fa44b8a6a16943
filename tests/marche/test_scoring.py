"""Final scoring: the rulebook's worked examples, every step's edge cases, overrides."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.marche.scoring import (
    Holdings,
    least_type_points,
    money_points,
    score_game,
    score_player,
    set_points,
)

FOUR = ["jewels", "spices", "vegetables", "carpets"]


def holdings(name="Ana", sells="carpets", money=15, camels=(), **goods):
    return Holdings(name, sells, money, tuple(camels), {t: tuple(v) for t, v in goods.items()})


# --- worked examples from the sources -------------------------------------------------


def test_worked_example_sets():
    assert set_points([2, 2, 2, 2, 2, 3, 3, 5, 7]) == (9, {2: 8, 3: 1})


def test_worked_example_least_type():
    kept = {"spices": [1, 1, 2, 3], "jewels": [1, 2, 3], "vegetables": [7, 3]}
    assert least_type_points(kept, ["spices", "jewels", "vegetables"]) == ("vegetables", 10)


def test_worked_example_money():
    assert money_points([15, 9, 15, 10]) == [5, 0, 5, 1]


# --- money podium ----------------------------------------------------------------------


def test_five_players_ties_share_the_rank():
    assert money_points([15, 15, 10, 9, 9]) == [5, 5, 1, 0, 0]


@pytest.mark.parametrize(
    "moneys, points",
    [
        ([30, 20, 10], [3, 1, 0]),
        ([20, 20, 5], [3, 3, 0]),
        ([20, 5, 5], [3, 1, 1]),
        ([7, 7, 7], [3, 3, 3]),
    ],
)
def test_three_players_podium_is_three_and_one(moneys, points):
    assert money_points(moneys) == points


# --- least-bought type -----------------------------------------------------------------


def test_a_buyable_type_never_bought_scores_zero():
    kept = {"spices": [7, 7], "jewels": [6]}
    assert least_type_points(kept, ["spices", "jewels", "vegetables"]) == ("vegetables", 0)


def test_least_type_tie_takes_the_best_sum():
    kept = {"spices": [1, 1], "jewels": [7, 6], "vegetables": [5, 5, 5]}
    assert least_type_points(kept, ["spices", "jewels", "vegetables"]) == ("jewels", 13)


def test_bank_type_counts_with_three_players():
    # The bank sells textiles: a player who bought none scores 0 for the least type.
    types = ["jewels", "spices", "carpets", "textiles"]
    ana = holdings(sells="carpets", camels=[6], jewels=[3], spices=[5])
    assert score_player(ana, types, "rulebook", 0).least_type_points == 0
    bo = holdings(sells="carpets", camels=[6], jewels=[3], spices=[5], textiles=[7])
    score = score_player(bo, types, "rulebook", 0)
    assert (score.least_type, score.least_type_points) == ("textiles", 7)


def test_own_type_is_not_a_buyable_type():
    ana = holdings(sells="carpets", camels=[3], jewels=[3], spices=[5], vegetables=[1])
    assert score_player(ana, FOUR, "rulebook", 0).least_type == "spices"


# --- equal values ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "n, rulebook, doubling",
    [
        (1, 0, 0),
        (2, 1, 1),
        (3, 2, 2),
        (4, 4, 4),
        (5, 8, 8),
        (6, 16, 16),
        (7, 16, 32),
        (8, 16, 64),
    ],
)
def test_set_scoring_options(n, rulebook, doubling):
    assert set_points([3] * n, "rulebook")[0] == rulebook
    assert set_points([3] * n, "doubling")[0] == doubling


def test_sets_count_all_types_together():
    ana = holdings(camels=[4], jewels=[2, 2], spices=[2], vegetables=[2])
    score = score_player(ana, FOUR, "rulebook", 0)
    assert (score.set_points, score.set_values) == (4, {2: 4})


# --- camels: discard and empty spaces ----------------------------------------------------


def test_empty_spaces_cost_two_each():
    ana = holdings(camels=[4, 3], jewels=[1, 2], spices=[3, 5], vegetables=[6])
    score = score_player(ana, FOUR, "rulebook", 0)
    assert (score.capacity, score.empty_space_penalty, score.discarded) == (
        7,
        4,
        {"jewels": [], "spices": [], "vegetables": []},
    )
    assert score.total == 6 - 4  # least type: vegetables, its one card valued 6; no sets


def test_discard_down_to_exactly_capacity():
    ana = holdings(camels=[3], jewels=[7, 1, 1], spices=[1, 1], vegetables=[1])
    score = score_player(ana, FOUR, "rulebook", 0)
    assert sum(len(v) for v in score.kept.values()) == 3
    assert score.empty_space_penalty == 0
    assert sum(len(v) for v in score.discarded.values()) == 3
    # One card of each type: the least type is the best single card, the 7, plus a pair of 1s.
    assert score.kept == {"jewels": [7], "spices": [1], "vegetables": [1]}
    assert (score.least_type_points, score.set_points, score.total) == (7, 1, 8)


def test_no_camels_discards_everything_without_penalty():
    ana = holdings(money=20, camels=[], jewels=[7, 7], spices=[5])
    score = score_player(ana, FOUR, "rulebook", 3)
    assert score.kept == {"jewels": [], "spices": []}
    assert score.discarded == {"jewels": [7, 7], "spices": [5]}
    assert (score.capacity, score.empty_space_penalty, score.total) == (0, 0, 3)


# --- the table's override ----------------------------------------------------------------


def test_override_replaces_the_advice():
    ana = holdings(camels=[3], jewels=[7, 1, 1], spices=[1, 1], vegetables=[1])
    keep = {"jewels": [1, 1], "spices": [1]}
    score = score_player(ana, FOUR, "rulebook", 0, keep=keep)
    assert score.overridden and score.kept == {"jewels": [1, 1], "spices": [1], "vegetables": []}
    assert (score.least_type_points, score.set_points) == (0, 2)


@pytest.mark.parametrize(
    "keep, words",
    [
        ({"jewels": [7, 7, 1]}, "not held"),
        ({"textiles": [1]}, "holds no such goods"),
        ({"jewels": [7, 1]}, "exactly 3"),
        ({"jewels": [7, 1, 1], "spices": [1]}, "exactly 3"),
        ({"jewels": 7}, "list of card values"),
    ],
)
def test_illegal_override_is_refused_by_name(keep, words):
    ana = holdings(camels=[3], jewels=[7, 1, 1], spices=[1, 1], vegetables=[1])
    with pytest.raises(RuleError, match=words) as err:
        score_player(ana, FOUR, "rulebook", 0, keep=keep)
    assert "Ana" in str(err.value)


def test_override_must_keep_everything_that_fits():
    ana = holdings(camels=[6], jewels=[7, 1])
    with pytest.raises(RuleError, match="exactly 2"):
        score_player(ana, FOUR, "rulebook", 0, keep={"jewels": [7]})


# --- the whole game ----------------------------------------------------------------------


def game():
    return [
        holdings("Ana", "carpets", 15, [4, 3], jewels=[3, 3, 1], spices=[2, 2], vegetables=[5, 2]),
        holdings("Bo", "jewels", 9, [3], spices=[7], vegetables=[6], carpets=[5]),
        holdings("Cy", "spices", 15, [5], jewels=[2], vegetables=[2], carpets=[1, 1, 1, 1, 1]),
        holdings("Di", "vegetables", 10, [], jewels=[6, 6]),
    ]


def test_game_breakdown_and_winner():
    score = score_game(game(), FOUR)
    by_name = {p.name: p for p in score.players}
    ana, bo, cy, di = (by_name[n] for n in ["Ana", "Bo", "Cy", "Di"])
    # Ana: spices (2+2) and vegetables (5+2) tie on two cards, she takes 7; two 3s, three 2s.
    assert (ana.money_points, ana.least_type, ana.least_type_points) == (5, "vegetables", 7)
    assert (ana.set_points, ana.empty_space_penalty, ana.total) == (1 + 2, 0, 15)
    # Bo: one card of each type, the best is the 7.
    assert (bo.money_points, bo.least_type_points, bo.total) == (0, 7, 7)
    # Cy drops 2 of 7 cards: five 1s (8) beat 2, 2 + three 1s (least 2 + sets 1 + 2 = 5).
    assert cy.kept == {"jewels": [], "vegetables": [], "carpets": [1, 1, 1, 1, 1]}
    assert (cy.least_type_points, cy.set_points, cy.total) == (0, 8, 13)
    assert (di.money_points, di.kept, di.total) == (1, {"jewels": []}, 1)
    assert score.winners == ["Ana"]


def test_tied_totals_share_the_win():
    a = holdings("Ana", "carpets", 10, [3], jewels=[1], spices=[1], vegetables=[1])
    b = holdings("Bo", "jewels", 10, [3], carpets=[1], spices=[1], vegetables=[1])
    c = holdings("Cy", "spices", 0, [])
    assert score_game([a, b, c], ["jewels", "spices", "vegetables", "carpets"]).winners == ["Ana", "Bo"]


def test_to_dict_is_json_ready():
    data = score_game(game(), FOUR).to_dict()
    assert data["winners"] == ["Ana"]
    ana = data["players"][0]
    assert set(ana) >= {
        "name",
        "money_points",
        "capacity",
        "kept",
        "discarded",
        "least_type",
        "least_type_points",
        "set_points",
        "empty_space_penalty",
        "total",
    }
    assert ana["set_values"] == {"2": 2, "3": 1}


@pytest.mark.parametrize(
    "players, kwargs, words",
    [
        ([holdings("Ana"), holdings("Ana"), holdings("Bo")], {}, "unique"),
        ([holdings("Ana"), holdings("Bo"), holdings("Cy")], {"overrides": {"Zed": {}}}, "Zed"),
        ([holdings("Ana"), holdings("Bo"), holdings("Cy")], {"set_scoring": "tripling"}, "set_scoring"),
    ],
)
def test_score_game_refuses_bad_input(players, kwargs, words):
    with pytest.raises(RuleError, match=words):
        score_game(players, FOUR, **kwargs)


def test_set_points_refuses_an_unknown_option_once_there_are_cards():
    assert set_points([], "tripling") == (0, {})
    with pytest.raises(RuleError, match="set_scoring"):
        set_points([1, 2], "tripling")  # no value repeats, still refused


cards = st.lists(st.sampled_from([1, 2, 3, 5, 6, 7]), max_size=4)


@settings(max_examples=200, deadline=None)
@given(cards, cards, st.lists(st.sampled_from([3, 4, 5, 6]), max_size=2))
def test_kept_and_discarded_split_each_type_highest_first(jewels, spices, camels):
    score = score_player(holdings(camels=camels, jewels=jewels, spices=spices), FOUR, "rulebook", 0)
    for t, held in (("jewels", jewels), ("spices", spices)):
        assert score.kept[t] == sorted(score.kept[t], reverse=True)
        assert score.discarded[t] == sorted(score.discarded[t], reverse=True)
        assert sorted(score.kept[t] + score.discarded[t]) == sorted(held)
    assert sum(map(len, score.kept.values())) == min(len(jewels) + len(spices), sum(camels))
