"""The lobby: a game being set up at the table before anything of it is played or stored.

A table meets the lobby first: the host picks the game, its rule options and the number of
seats, puts bots in the seats where they are wanted (with their style), and phones join
the other seats by name. Nothing is drawn, decided or stored as a game until the host
presses Start (``start_problem`` says why not, while the game's player range is not met or
a seat is still empty); the lobby itself is kept as one setting of the store
(``LOBBY_KEY``) so a restart comes back to it with its seats.

A seat here is either a person's (the digest of the phone's seat token and the name it
joined with, exactly as the web keeps a game's joined seats), a bot's (its style, and a
name the host may give it), or empty. This module holds the rules of the lobby only; the
appliance keeps it, saves it and starts the game from it, the web and the terminal show it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import RuleError
from companion.core.registry import GameSpec, game_spec

NAME_MAX = 20


@dataclass
class Lobby:
    game: str
    seats: int
    rules: dict[str, Any] = field(default_factory=dict)
    table: dict[str, Any] = field(default_factory=dict)
    mode: str = "digital"
    people: dict[int, dict] = field(default_factory=dict)  # seat -> {"token", "name"}
    bots: dict[int, dict] = field(default_factory=dict)  # seat -> {"style", "name"}
    first: int | None = None  # the seat that plays first; None: as the options say
    version: int = 0

    # ------------------------------------------------------------ reading
    @property
    def spec(self) -> GameSpec:
        return game_spec(self.game)

    @classmethod
    def open(
        cls,
        game: str,
        seats: int | None = None,
        people: dict[int, dict] | None = None,
        bots: dict[int, dict] | None = None,
    ) -> Lobby:
        """A lobby for ``game`` with ``seats`` seats (brought into the game's range, and
        made room for the seats kept), keeping ``people`` and ``bots`` in their seats."""
        spec = game_spec(game)
        people, bots = dict(people or {}), dict(bots or {})
        taken = max([*people, *bots], default=-1) + 1
        wanted = spec.min_players if seats is None else seats
        count = min(max(wanted, taken, spec.min_players), spec.max_players)
        people = {s: v for s, v in people.items() if s < count}
        bots = {s: v for s, v in bots.items() if s < count and v.get("style") in spec.bots}
        return cls(spec.name, count, people=people, bots=bots)

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "seats": self.seats,
            "rules": self.rules,
            "table": self.table,
            "mode": self.mode,
            "people": {str(s): v for s, v in self.people.items()},
            "bots": {str(s): v for s, v in self.bots.items()},
            "first": self.first,
            "version": self.version,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Lobby:
        """The stored lobby; a game that is no longer registered is refused (RuleError)."""
        lobby = cls.open(
            data["game"],
            int(data["seats"]),
            {int(s): v for s, v in data.get("people", {}).items()},
            {int(s): v for s, v in data.get("bots", {}).items()},
        )
        lobby.rules, lobby.table = dict(data.get("rules", {})), dict(data.get("table", {}))
        lobby.mode, lobby.version = data.get("mode", "digital"), int(data.get("version", 0))
        first = data.get("first")
        lobby.first = first if isinstance(first, int) and 0 <= first < lobby.seats else None
        return lobby

    def holder(self, seat: int) -> str:
        """ "person", "bot" or "free"."""
        return "person" if seat in self.people else "bot" if seat in self.bots else "free"

    def free_seats(self) -> list[int]:
        return [seat for seat in range(self.seats) if self.holder(seat) == "free"]

    def seat_of(self, digest: str) -> int | None:
        return next((s for s, v in self.people.items() if v["token"] == digest), None)

    def first_by_rules(self) -> int | None:
        """The seat (from 0) the rule options put first, while the host has not chosen one;
        None where the game has no such choice, or its options no longer fit the seats."""
        spec = self.spec
        if spec.plays_first is None:
            return None
        try:
            return spec.plays_first(spec.setup(self.seats, self.rules))
        except RuleError:  # Start says why (``_options_problem``)
            return None

    def start_problem(self) -> RuleError | None:
        """Why Start is refused now, or None: every seat must be taken, by a person or a
        bot, the players within the game's range, and the rule options fit them."""
        spec = self.spec
        if not spec.min_players <= self.seats <= spec.max_players:
            return RuleError(
                "{title} is played by {low} to {high} players, not {n}",
                title=spec.title,
                low=spec.min_players,
                high=spec.max_players,
                n=self.seats,
            )
        free = self.free_seats()
        if free:
            return RuleError(
                "seat {seat} is empty: wait for a phone to join it, put a bot in it, or take the seat away",
                seat=free[0] + 1,
            )
        return self._options_problem()

    def _options_problem(self) -> RuleError | None:
        """Why the rule options do not fit the table (a seat option past fewer seats)."""
        try:
            self.spec.setup(self.seats, self.rules)
        except RuleError as exc:
            return exc
        return None

    # ------------------------------------------------------------ changing
    def choose_game(self, game: str) -> None:
        """Another game: its own default options; the seats kept, as far as it has them."""
        spec = game_spec(game)
        kept = Lobby.open(spec.name, self.seats, self.people, self.bots)
        self.game, self.seats, self.people, self.bots = kept.game, kept.seats, kept.people, kept.bots
        self.rules, self.table, self.first = {}, {}, None

    def choose_first(self, seat: int | None) -> None:
        """The seat that plays first, as the rules choose it (the host says who is the
        oldest, the youngest…); None: as the game's own rule options say."""
        if seat is not None:
            self._check_seat(seat)
        self.first = seat

    def set_options(self, rules: dict, table: dict, mode: str) -> None:
        """The rule options (checked against the game's schema) and the mode."""
        if mode not in ("digital", "physical"):
            raise RuleError('mode must be "digital" (cards dealt by the companion) or "physical"')
        self.spec.setup(self.seats, rules)  # refuses a bad option by name
        self.rules, self.table, self.mode = dict(rules), dict(table), mode

    def set_seats(self, count: int) -> None:
        spec = self.spec
        if not spec.min_players <= count <= spec.max_players:
            raise RuleError(
                "{title} is played by {low} to {high} players, not {n}",
                title=spec.title,
                low=spec.min_players,
                high=spec.max_players,
                n=count,
            )
        for seat in range(count, self.seats):
            if self.holder(seat) != "free":
                raise RuleError("seat {seat} is taken: move or remove who sits there first", seat=seat + 1)
        self.seats = count
        if self.first is not None and self.first >= count:
            self.first = None

    def put_bot(self, seat: int, style: str, name: str | None = None) -> None:
        """A bot of ``style`` in ``seat`` (empty or a bot's), named ``name`` if given."""
        self._check_seat(seat)
        if style not in self.spec.bots:
            raise RuleError(
                "there is no bot style {style}: {styles}",
                style=repr(style),
                styles=", ".join(self.spec.bots),
            )
        if seat in self.people:
            raise RuleError("seat {seat} is a person's: remove them first", seat=seat + 1)
        if name is not None:
            self._check_name(name, seat)
        self.bots[seat] = {"style": style, "name": name}

    def join(self, seat: int, digest: str, name: str) -> None:
        """A phone joins the empty ``seat`` as ``name``."""
        self._check_seat(seat)
        if self.holder(seat) != "free":
            raise RuleError("seat {seat} is taken; pick a free seat", seat=seat + 1)
        self._check_name(name, seat)
        self.people[seat] = {"token": digest, "name": name}

    def remove(self, seat: int) -> None:
        """The seat is empty again (its phone, if any, is back on the join page)."""
        self._check_seat(seat)
        self.people.pop(seat, None)
        self.bots.pop(seat, None)

    def move(self, seat: int, to: int) -> None:
        """Who sits in ``seat`` (a person or a bot) changes seats with whoever is in ``to``."""
        self._check_seat(seat)
        self._check_seat(to)
        for holders in (self.people, self.bots):
            here, there = holders.pop(seat, None), holders.pop(to, None)
            if here is not None:
                holders[to] = here
            if there is not None:
                holders[seat] = there

    def fill_with_bots(self, chosen: Mapping[int, dict] | None = None) -> None:
        """A bot in every empty seat: the style (and name) ``chosen`` for it by seat, else the
        game's default styles in turn round the table. A choice for a seat taken meanwhile (a
        phone joined it as the host pressed) is left: whoever sits there plays."""
        chosen = chosen or {}
        for seat in chosen:
            self._check_seat(seat)
        for seat in self.free_seats():
            bot = chosen.get(seat, {})
            self.put_bot(seat, bot.get("style") or self.spec.default_style(seat), bot.get("name"))

    def _check_name(self, name: str, seat: int) -> None:
        """Nobody else at the table (a person, or a bot the host named) is called ``name``:
        Start would find two of that name."""
        holders = [*self.people.items(), *self.bots.items()]
        if any(s != seat and (v.get("name") or "").lower() == name.lower() for s, v in holders):
            raise RuleError("someone at the table is already called {name}", name=name)

    def _check_seat(self, seat: Any) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            raise RuleError("there is no seat {seat} at this table", seat=repr(seat))
