"""The game a new lobby opens with is the configuration's ([lobby] game), named once."""

from __future__ import annotations

import argparse

import pytest

from companion.appliance.inputs import GpioInputs
from companion.appliance.running import Appliance, _open_table
from companion.config import ConfigError, load_config
from companion.core.registry import game_spec
from companion.store import EventStore


def opened(tmp_path, lobby: dict, game: str | None = None) -> str:
    config = load_config(
        None, {"store": {"path": str(tmp_path / "s.db")}, "display": {"kind": "terminal"}, "lobby": lobby}
    )
    appliance = Appliance(config, GpioInputs(config, simulate=True), EventStore(config.store.path), seed=1)
    args = argparse.Namespace(no_web=False, autostart=False, seat=None, new=True, game=game, players=3)
    try:
        return _open_table(appliance, args)
    finally:
        appliance.close()


def test_a_new_lobby_opens_with_the_configured_game_unless_the_command_names_one(tmp_path):
    assert opened(tmp_path, {}) == "The lobby of Le Marché de Samarkand: nothing is played before Start"
    assert opened(tmp_path / "b", {"game": "bazaar"}).startswith("The lobby of Bazaar")
    assert opened(tmp_path / "c", {"game": "bazaar"}, game="samarkand").startswith("The lobby of Samarkand")


def test_an_empty_default_game_is_refused_by_name():
    with pytest.raises(ConfigError, match=r"\[lobby\] game = '' .* must name a game"):
        load_config(None, {"lobby": {"game": ""}})


def test_the_configured_effort_and_pace_reach_every_bot_the_table_seats(tmp_path):
    """[bots] effort is how hard a searching bot thinks, pace_s how long its decisions wait
    beside a person (runtime/seats.py); the table hands them to its bots."""
    config = load_config(
        None,
        {
            "store": {"path": str(tmp_path / "s.db")},
            "display": {"kind": "terminal"},
            "bots": {"effort": 0.25, "pace_s": 0.3},
        },
    )
    appliance = Appliance(config, GpioInputs(config, simulate=True), EventStore(config.store.path), seed=1)
    try:
        appliance.new_game(game_spec("market").setup(3), game="market")  # a bot in every seat
        assert [bot.effort for bot in appliance.runner.seats.bots.values()] == [0.25] * 3
        assert appliance.runner.seats.pace_us == 300_000
        appliance.new_game(game_spec("marche").setup(3), game="marche")
        assert appliance.runner.seats.pace_us == 0  # its countdown paces it, claims have a deadline
        appliance.new_game(game_spec("market").setup(3), game="market", bots={2: "trader"})  # the lobby's
        bots = appliance.runner.seats.bots
        assert sorted(bots) == [2] and bots[2].effort == 0.25
    finally:
        appliance.close()
    with pytest.raises(ConfigError, match=r"\[bots\] effort = 0.0 .* must be more than 0"):
        load_config(None, {"bots": {"effort": 0}})
    with pytest.raises(ConfigError, match=r"\[bots\] pace_s = -1.0 .* must be 0 \(at once\) to 10"):
        load_config(None, {"bots": {"pace_s": -1}})
