"""``samarkand run --game NAME --players N`` is what the table opens, whatever it kept: a
lobby kept from an earlier start becomes that game with those seats (who joined stays
seated), a count the game does not allow is refused before anything is stored, and an
unfinished game goes on, saying that the game asked for waits for ``--new``."""

from __future__ import annotations

import pytest

from companion.appliance.cli import build_parser
from companion.appliance.inputs import GpioInputs
from companion.appliance.running import Appliance, _open_table
from companion.config import load_config
from companion.core.errors import RuleError
from companion.core.registry import game_spec
from companion.runtime.lobby import Lobby
from companion.store import EventStore
from companion.store.events import LOBBY_KEY


def table(tmp_path, *argv: str) -> tuple[str, Lobby | None, list]:
    """``samarkand run ARGV``'s first line on the store in ``tmp_path``, with the lobby it
    opened (None: a game) and the games stored."""
    config = load_config(None, {"store": {"path": str(tmp_path / "s.db")}, "display": {"kind": "terminal"}})
    appliance = Appliance(config, GpioInputs(config, simulate=True), EventStore(config.store.path), seed=1)
    try:
        line = _open_table(appliance, build_parser().parse_args(["run", *argv]))
        return line, appliance.lobby, appliance.store.list_games()
    finally:
        appliance.close()


def keep_lobby(tmp_path, lobby: Lobby) -> None:
    with EventStore(tmp_path / "s.db") as store:
        store.set_setting(LOBBY_KEY, lobby.to_dict())


def test_a_new_lobby_has_the_seats_asked_for_and_four_unless_told(tmp_path):
    line, lobby, _ = table(tmp_path / "a", "--game", "bazaar", "--players", "5")
    assert line.startswith("The lobby of Bazaar") and lobby is not None and lobby.seats == 5
    _, lobby, _ = table(tmp_path / "b", "--game", "bazaar")
    assert lobby is not None and lobby.seats == game_spec("bazaar").usual_players() == 4


@pytest.mark.parametrize("players", ["12", "1"])
def test_seats_the_game_does_not_allow_are_refused_before_anything_is_kept(tmp_path, players):
    with pytest.raises(RuleError, match=f"Samarkand Market is played by 2 to 5 players, not {players}$"):
        table(tmp_path, "--game", "market", "--players", players)
    with EventStore(tmp_path / "s.db") as store:
        assert store.setting(LOBBY_KEY) is None and store.list_games() == []


def test_a_kept_lobby_becomes_the_game_and_the_seats_asked_for_with_who_joined_seated(tmp_path):
    kept = Lobby.open("marche", 4)
    kept.join(0, "digest-ana", "Ana")
    kept.put_bot(2, "miser")
    keep_lobby(tmp_path, kept)

    line, lobby, _ = table(tmp_path, "--game", "samarkand", "--players", "3")
    assert line == "Back to the lobby, now of Samarkand with 3 seats"
    assert lobby is not None and (lobby.game, lobby.seats) == ("samarkand", 3)
    assert lobby.people == {0: {"token": "digest-ana", "name": "Ana"}}
    assert lobby.bots == {}  # Le Marché's miser plays no Samarkand

    line, lobby, _ = table(tmp_path, "--game", "samarkand")  # as it is: nothing to change
    assert line == "Back to the lobby of Samarkand" and lobby is not None and lobby.seats == 3
    assert table(tmp_path)[0] == "Back to the lobby of Samarkand"


def test_seats_that_would_leave_someone_standing_are_refused_and_the_lobby_kept(tmp_path):
    kept = Lobby.open("market", 4)
    kept.join(3, "digest-bo", "Bo")
    keep_lobby(tmp_path, kept)
    with pytest.raises(RuleError, match="seat 4 is taken"):
        table(tmp_path, "--players", "3")
    _, lobby, _ = table(tmp_path)
    assert lobby is not None and lobby.seats == 4 and lobby.people[3]["name"] == "Bo"


def test_an_unfinished_game_goes_on_and_says_the_game_asked_for_waits_for_new(tmp_path):
    line, _, games = table(tmp_path, "--autostart", "--game", "market", "--players", "3")
    assert line == "A new game of Samarkand Market (game 1)" and len(games) == 1

    line, lobby, games = table(tmp_path, "--game", "bazaar")
    assert (
        line
        == "Resuming the unfinished game of Samarkand Market (game 1), not the game asked for: --new abandons it"
    )
    assert lobby is None and [g.status for g in games] == ["in progress"]
    assert table(tmp_path, "--players", "4")[0].endswith("not the game asked for: --new abandons it")
    assert (
        table(tmp_path, "--game", "market", "--players", "3")[0]
        == "Resuming the unfinished game of Samarkand Market (game 1)"
    )

    line, lobby, games = table(tmp_path, "--new", "--game", "bazaar")
    assert line.startswith("The lobby of Bazaar") and [g.status for g in games] == ["abandoned"]


@pytest.mark.parametrize("at_once", [["--autostart"], ["--no-web"], ["--seat", "1"]])
def test_a_game_started_at_once_replaces_a_kept_lobby_so_a_restart_resumes_it(tmp_path, at_once):
    """A lobby kept from an earlier start and a game started at once without reading it:
    the restart after a crash goes on with the game, not back to the stale lobby (whose
    Start would abandon the game)."""
    kept = Lobby.open("market", 3)
    kept.join(0, "digest-ana", "Ana")
    keep_lobby(tmp_path, kept)
    line, _, _ = table(tmp_path, *at_once)
    assert line.startswith("A new game of Le Marché de Samarkand (game 1)")

    line, lobby, games = table(tmp_path)
    assert line == "Resuming the unfinished game of Le Marché de Samarkand (game 1)"
    assert lobby is None and [g.status for g in games] == ["in progress"]
    with EventStore(tmp_path / "s.db") as store:
        assert store.setting(LOBBY_KEY) is None
