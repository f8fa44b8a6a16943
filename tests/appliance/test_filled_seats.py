"""A game started without a lobby (``--autostart``, ``--no-web``, the host console's new
game) keeps the styles of the bots that fill its empty seats with the game, as a lobby's
game keeps the table's choice: the history counts the games of each style, and a resumed
game seats the same bots."""

from __future__ import annotations

import pytest

from companion.appliance.inputs import Inputs, open_inputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.core.registry import game_spec
from companion.store import EventStore
from companion.store.history import History


def _appliance(path, bots: bool = True, simulated: bool | None = None) -> Appliance:
    """Bots in the seats nobody holds (on mock pins), or none (and no pins); ``simulated``
    False: bots where they may play, on real pins (no simulated buzzers)."""
    config = load_config(None, {"store": {"path": str(path)}, "display": {"kind": "terminal"}})
    inputs = open_inputs(config, simulate=True) if (bots if simulated is None else simulated) else Inputs()
    return Appliance(config, inputs, EventStore(path), seed=4, bots_fill_seats=bots)


@pytest.mark.parametrize("game", ["market", "samarkand"])
def test_the_bots_filling_the_empty_seats_are_kept_with_the_game_and_the_history_names_their_styles(
    tmp_path, game
):
    appliance = _appliance(tmp_path / "s.db")
    appliance.human_seats.add(0)  # a keyboard seat: never a bot's
    spec = game_spec(game)
    game_id = appliance.new_game(spec.setup(3), game=spec.name)
    styles = {seat: spec.default_style(seat) for seat in (1, 2)}
    assert appliance.store.config(game_id)["bots"] == {str(seat): style for seat, style in styles.items()}
    assert appliance.runner.seats is not None
    assert {seat: bot.style for seat, bot in appliance.runner.seats.bots.items()} == styles
    appliance.store.abandon(game_id)
    (played,) = History(appliance.store).played()
    assert [seat.bot for seat in played.seats] == [None, styles[1], styles[2]]
    appliance.close()


def test_a_table_without_bots_keeps_none_and_a_resumed_game_then_fills_the_empty_seats(tmp_path):
    path = tmp_path / "s.db"
    first = _appliance(path, bots=False)
    spec = game_spec("market")
    game_id = first.new_game(spec.setup(3), game=spec.name)
    assert "bots" not in first.store.config(game_id)
    assert first.runner.seats is None
    first.close()
    resumed = _appliance(path)
    assert resumed.resume(phones=False)
    assert resumed.runner.seats is not None
    assert sorted(resumed.runner.seats.bots) == [0, 1, 2]
    resumed.close()


@pytest.mark.parametrize(("game", "filled"), [("market", True), ("bazaar", True), ("marche", False)])
def test_on_real_pins_bots_fill_the_empty_seats_of_a_game_without_buzzers_only(tmp_path, game, filled):
    """A Pi's ``--autostart``: a bot plays Market or Bazaar through the rules, but cannot
    press a real buzzer, so Le Marché's empty seats wait for people."""
    appliance = _appliance(tmp_path / "s.db", simulated=False)
    spec = game_spec(game)
    game_id = appliance.new_game(spec.setup(3), game=spec.name)
    seated = appliance.runner.seats.bots if appliance.runner.seats is not None else {}
    assert sorted(seated) == ([0, 1, 2] if filled else [])
    assert ("bots" in appliance.store.config(game_id)) is filled
    appliance.close()
