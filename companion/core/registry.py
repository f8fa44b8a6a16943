"""The games the appliance knows, each registered once by its own package.

After OpenSpiel's ``register_game``: a game package calls ``register_game`` with its spec
(name, title, players, options with defaults and descriptions, engine, bots, page
renderer, optional real-time part), and the runtime, the store, the web and the CLI reach
games only through ``game_spec`` and ``game_specs``. The host console's forms and the
CLI's flags are built from the option schema, never from per-game code.

The packages under ``companion.games`` register themselves when first looked for; a game
kept elsewhere (the tests' toy game) is named in ``SAMARKAND_GAMES`` (module names,
comma-separated) and found the same way.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from typing import Any

from companion.core.bot import Bot
from companion.core.errors import RuleError
from companion.core.game import Event, Game, Result, seat_names
from companion.core.options import Option, check_options, find_option
from companion.core.phrase import Phrase
from companion.core.realtime import RealtimeKind
from companion.core.tally import Tally

GAMES_PACKAGE = "companion.games"
EXTRA_GAMES = "SAMARKAND_GAMES"
USUAL_TABLE = 4
"""Players at a table unless told (a lobby, a simulation), where the game allows it."""


@dataclass(frozen=True)
class Narration:
    """The game told in words on the Pi's terminal, and its keyboard seat."""

    describe: Callable[[Event, Any, Any], Sequence[Phrase | str]]
    """(event, state before, state after) -> the lines a person at the table reads."""
    score_sheet: Callable[[Any], str]
    """A finished game's scores as a text table."""
    command: Callable[[Any, int, str], Event]
    """(state, seat, typed text) -> the event it means; RuleError for anything else."""
    keyboard_help: str
    yours: Callable[[dict], tuple[str, str | None]]
    """(the keyboard seat's view, as its phone gets it) -> what it holds in words, and what
    it has to do now with the keys that do it (None: nothing to do)."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the appliance needs to know about one game."""

    name: str
    title: str
    min_players: int
    max_players: int
    engine: Callable[[], Game]
    options: tuple[Option, ...] = ()
    bots: Mapping[str, type[Bot[Any]]] = field(default_factory=dict)
    """The bots' styles by name, in the order the host is offered them."""
    narration: Narration | None = None
    renderer: str = ""
    """The package whose ``web/`` folder holds the game's page module (``game.js``), and
    whose ``data/`` folder the files named in ``data``."""
    realtime: RealtimeKind | None = None
    """The game's real-time part (a countdown and its arbiter, a buzzer roll), made per
    session from the table's settings (companion/core/realtime.py)."""
    tools: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    """JSON in, JSON out helpers the command line offers (``samarkand score marche``);
    each refuses a malformed input with a ValueError naming the field."""
    table_choice: Callable[[Any], Any] | None = None
    """One seat's end-of-game choice as the host's console sends it, checked (a RuleError
    says what is malformed) and as ``table_scores`` takes it: Le Marché's kept cards."""
    table_scores: Callable[[Any, Mapping[int, Any]], Result] | None = None
    """The final result with the table's own choices (seat -> choice), where the game lets
    the table choose at the end (Le Marché's discards); None: the engine's result."""
    standing_unit: str = "points"
    """What ``Game.standing`` counts ("points", "piastres"): a chart's axis names it."""
    simulate: Callable[..., Any] | None = None
    """A game-specific way to play one game between bots, when the generic driver
    cannot (a real-time phase): ``simulate(seed, styles, options) -> Result``."""
    first_seat: Callable[[dict[str, Any], int], dict[str, Any]] | None = None
    """``first_seat(setup, seat)``: the setup with ``seat`` (from 0) as the one who plays
    first (the first player, the first Dean), which the host chooses in the lobby or has
    drawn; None: the game has no such choice."""
    plays_first: Callable[[dict[str, Any]], int] | None = None
    """``plays_first(setup)``: the seat (from 0) that plays first in ``setup``, the reverse of
    ``first_seat``: the lobby says it while the host leaves it to the rule options."""
    first_rule: Any = ""
    """How the rules choose who plays first (a Phrase the lobby shows: "the oldest player")."""
    tallies: Callable[[Any], Sequence[Tally]] | None = None
    """``tallies(final_state)``: what a finished game counts for its own charts in the
    history (companion/core/tally.py); None: the game has no charts of its own."""

    def option(self, name: str) -> Option:
        return find_option(self.options, name)

    @property
    def bots_press_buzzers(self) -> bool:
        """Whether the game's bots press buzzers (Le Marché's countdown plans their
        presses, ``PressPlanner``): then they play only where the buzzers are simulated.
        Bazaar's buzzer roll is a person's shortcut; a bot rolls through the rules."""
        return self.realtime is not None and hasattr(self.realtime, "plan_presses")

    def usual_players(self) -> int:
        """The players a table has unless told: four, or the nearest the game allows."""
        return min(max(USUAL_TABLE, self.min_players), self.max_players)

    def setup(
        self, players: Any, options: Mapping[str, Any] | None = None, names: list[str] | None = None
    ) -> dict[str, Any]:
        """A checked setup for ``engine().new_state``: the players, their names, and under
        "rules" every option (the defaults, with ``options`` on top)."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise RuleError(
                "{game} is played by {low} to {high} players, not {players}",
                game=self.title,
                low=self.min_players,
                high=self.max_players,
                players=repr(players),
            )
        setup: dict[str, Any] = {"players": players, "rules": check_options(self.options, options, players)}
        if names is not None:
            setup["names"] = list(seat_names({"players": players, "names": names}))
        return setup

    def to_dict(self) -> dict[str, Any]:
        """The schema the host console and the CLI are built from."""
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_dict() for o in self.options],
            "table_settings": self.realtime.schema() if self.realtime else [],
            "bots": list(self.bots),
        }

    def default_styles(self) -> list[str]:
        """The styles the table seats when nobody chose one, in the game's order."""
        return [style for style, bot in self.bots.items() if bot.by_default] or list(self.bots)

    def default_style(self, seat: int) -> str:
        """The style of a bot nobody chose for ``seat``: the defaults in turn round the table."""
        styles = self.default_styles()
        return styles[seat % len(styles)]


@cache
def data_file(package: str, name: str) -> str:
    """The text of ``name`` in ``package``'s data/ folder (shipped with the package): a
    game's one way to carry data (a sample deck, a board), read when the game registers and
    given as the default of the rule option that holds it, so every setup carries the data
    and a stored game replays without the file."""
    return files(package).joinpath("data", name).read_text(encoding="utf-8")


_specs: dict[str, GameSpec] = {}
_discovered = False


def register_game(spec: GameSpec) -> GameSpec:
    """Called once by each game package, at import."""
    known = _specs.get(spec.name)
    if known is not None and known is not spec:
        raise ValueError(f"two games are registered as {spec.name!r}")
    _specs[spec.name] = spec
    return spec


def game_spec(name: str) -> GameSpec:
    """The game called ``name``; a RuleError naming the known games otherwise."""
    _discover()
    try:
        return _specs[name]
    except (KeyError, TypeError):
        raise RuleError(
            "there is no game {name} (games: {games})", name=repr(name), games=", ".join(sorted(_specs))
        ) from None


def game_specs() -> list[GameSpec]:
    """Every registered game, by name."""
    _discover()
    return [_specs[name] for name in sorted(_specs)]


def _discover() -> None:
    """Import each game package once (importing registers it)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    package = importlib.import_module(GAMES_PACKAGE)
    for module in pkgutil.iter_modules(package.__path__, GAMES_PACKAGE + "."):
        importlib.import_module(module.name)
    for name in filter(None, (name.strip() for name in os.environ.get(EXTRA_GAMES, "").split(","))):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name is None or not f"{name}.".startswith(f"{missing.name}."):
                raise  # the game's own code imports something missing
            _discovered = False
            raise RuleError(
                "there is no game module {module} ({variable} names it): check "
                "its spelling, and that its folder is on PYTHONPATH",
                module=name,
                variable=EXTRA_GAMES,
            ) from None
