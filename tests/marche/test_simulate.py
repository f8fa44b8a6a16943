"""The headless simulator: reproducible, every game played to its end, styles mixed."""
import pytest

from companion.marche.bots import STYLES
from companion.marche.simulate import play_game, seat_styles, simulate

TIMING = ("seconds", "games_per_second")


def without_timing(summary) -> dict:
    return {k: v for k, v in summary.to_dict().items() if k not in TIMING}


def test_the_same_seed_gives_the_same_summary():
    first = without_timing(simulate(4, 6, seed=11))
    assert first == without_timing(simulate(4, 6, seed=11))
    assert first != without_timing(simulate(4, 6, seed=12))


@pytest.mark.parametrize("players, rules", [
    (3, None),
    (4, {"lowest_price": 0, "camel_refill": "immediate"}),
    (5, {"hidden_goods": True, "set_scoring": "doubling", "camel_cards": [4]}),
])
def test_every_game_is_played_to_its_end_and_scored(players, rules):
    for index in range(3):
        result = play_game(f"end/{index}", seat_styles(players, index, sorted(STYLES)), rules)
        assert len(result.totals) == players and result.stops > 0
        assert result.winners and all(result.totals[w] == max(result.totals) for w in result.winners)


def test_at_least_two_styles_play_and_rotate_round_the_table():
    assert len(STYLES) >= 2
    summary = simulate(3, len(STYLES), seed=5).to_dict()
    assert set(summary["average_score_by_bot"]) == set(STYLES)
    assert summary["games"] == len(STYLES)
    assert {seat_styles(3, i, sorted(STYLES))[0] for i in range(len(STYLES))} == set(STYLES)
