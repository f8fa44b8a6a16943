"""Each game's own tallies for the history's charts (``GameSpec.tallies``), read from the
final state of the conformance suite's seeded games between bots: plain data in words the
French catalog knows, the same for the same game, and agreeing with the game's own result
(Le Marché's, on hand-made stops, in tests/marche/test_tallies.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from test_conformance import SEEDS, catalog, played

from companion.core.phrase import Phrase
from companion.core.registry import game_spec
from companion.core.tally import Tally

COUNTED = ["marche", "market", "bazaar", "samarkand"]


@pytest.mark.parametrize("name", COUNTED)
@pytest.mark.parametrize("seed", SEEDS)
def test_tallies_are_plain_data_in_the_catalogs_words(name, seed):
    spec = game_spec(name)
    game = played(name, spec.min_players, seed)
    assert spec.tallies is not None
    tallies = spec.tallies(game.final)
    assert tallies and tallies == spec.tallies(game.final)
    for tally in tallies:
        assert isinstance(tally, Tally) and isinstance(tally.amount, int) and tally.amount >= 0
        assert tally.chart.template in catalog(), tally.chart.template
        assert tally.bar is None or isinstance(tally.bar, (int, Phrase))


def test_markets_winning_bids_are_each_rounds_top_bid():
    spec = game_spec("market")
    final = played("market", 3, "a").final
    tops = [
        max(b for b in r["bids"] if b is not None)
        for r in final.records
        if r["kind"] == "reveal" and any(r["bids"])
    ]
    bands = Counter(str(tally.bar) for tally in spec.tallies(final))
    assert bands == Counter(f"{top // 10 * 10}–{top // 10 * 10 + 9}" for top in tops)


def test_bazaars_points_by_star_add_up_to_the_scores():
    spec = game_spec("bazaar")
    final = played("bazaar", 3, "a").final
    tallies = spec.tallies(final)
    assert sum(t.amount for t in tallies) == sum(spec.engine().result(final).scores) > 0
    assert {str(t.bar) for t in tallies} <= {"0★", "1★", "2★"}


def test_samarkands_sales_by_city_are_its_sales():
    spec = game_spec("samarkand")
    final = played("samarkand", 3, "a").final
    sheet = spec.engine().result(final).breakdown
    cities = {str(t.bar) for t in spec.tallies(final)}
    assert len(spec.tallies(final)) == sum(p["sold"] for p in sheet["players"]) > 0
    assert cities <= {space.name for space in final.board.spaces}
