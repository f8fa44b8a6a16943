"""The board as data: a board file read, checked with clear errors, and walked.

The real board's layout is in no source we have, so a table describes its printed board
once in a file (docs/rules/samarkand.md says how) and the engine gets it through the
rules (option ``board``, the file's text). The package ships an invented sample board
(data/sample_board.json) for simulation and tests.

The file is JSON (or TOML) with a list of 20 spaces::

    {"name": "...", "spaces": [
      {"id": "c1", "type": "camp", "capacity": 4, "exits": ["o1"]},
      {"id": "o1", "type": "oasis", "one": 5, "four": 25, "exits": ["samarkand", "c2"]},
      {"id": "samarkand", "type": "city", "name": "Samarkand", "markets": ["red", "wild"],
       "exits": ["c1"]}, ...]}

Optional on every space: ``name`` (how it is shown) and ``at`` ([column, row] on the
printed 5×4 grid, for the table screen's drawing).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import RuleError
from companion.core.phrase import Phrase
from companion.games.samarkand.goods import KINDS, SYMBOLS

CAMP, OASIS, CITY = "camp", "oasis", "city"
COUNTS = {CAMP: 10, OASIS: 6, CITY: 4}
SPACES = sum(COUNTS.values())
COLUMNS, ROWS = 5, 4
CAPACITIES = (4, 5, 6)
COMMON_KEYS = {"id", "type", "exits", "name", "at"}
TYPE_KEYS = {CAMP: {"capacity"}, OASIS: {"one", "four"}, CITY: {"markets"}}
TOP_KEYS = {"name", "invented", "note", "spaces"}
A_SPACE = {CAMP: Phrase("a camp"), OASIS: Phrase("an oasis"), CITY: Phrase("a city")}
SPACES_OF = {CAMP: Phrase("camps"), OASIS: Phrase("oases"), CITY: Phrase("cities")}


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    type: str
    name: str
    exits: tuple[str, ...]
    at: tuple[int, int]
    capacity: int = 0  # a camp's
    one: int = 0  # an oasis's prices for 1 and for 4 goods
    four: int = 0
    markets: tuple[str, ...] = ()  # a city's two markets

    def cost(self, count: int) -> int:
        """An oasis's price for ``count`` goods (1 or 4)."""
        return self.one if count == 1 else self.four

    def to_dict(self) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "id": self.id,
            "type": self.type,
            "name": self.name,
            "exits": list(self.exits),
            "at": list(self.at),
        }
        if self.type == CAMP:
            shown["capacity"] = self.capacity
        elif self.type == OASIS:
            shown.update(one=self.one, four=self.four)
        else:
            shown["markets"] = list(self.markets)
        return shown


@dataclass(frozen=True, slots=True)
class Board:
    name: str
    invented: bool
    spaces: tuple[Space, ...]
    by_id: dict[str, Space] = field(init=False, repr=False, compare=False)
    """Each space by its id: every move, draw and bot looks spaces up, never by a walk
    through the list."""
    camps: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The camps' ids in the file's order: camp field i is the i-th camp's."""
    fields: dict[str, int] = field(init=False, repr=False, compare=False)
    """Each camp's field (its place in ``camps``) by its id: every trade, gift and bot
    weighing a camp looks it up."""
    into: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    """``entries`` of every space, found with the board: the arrows never change."""
    steps: dict[str, dict[str, int]] = field(init=False, repr=False, compare=False)
    """``distances``, found with the board (each bot of a game reads them)."""
    walks: dict[tuple[str, int], tuple[str, ...]] = field(init=False, repr=False, compare=False)
    """``reach``'s answers, kept as they are asked: every roll walks the board, and a bot
    weighing the die walks it for every face."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {s.id: s for s in self.spaces})
        object.__setattr__(self, "camps", tuple(s.id for s in self.spaces if s.type == CAMP))
        object.__setattr__(self, "fields", {sid: index for index, sid in enumerate(self.camps)})
        into = {s.id: tuple(o.id for o in self.spaces if s.id in o.exits) for s in self.spaces}
        object.__setattr__(self, "into", into)
        object.__setattr__(self, "steps", {s.id: self._fewest_moves(s.id) for s in self.spaces})
        object.__setattr__(self, "walks", {})

    def space(self, space_id: Any) -> Space:
        if not self.has(space_id):
            raise RuleError("there is no space {space} on the board", space=repr(space_id))
        return self.by_id[space_id]

    def has(self, space_id: Any) -> bool:
        return isinstance(space_id, str) and space_id in self.by_id

    def exits(self, space_id: str) -> tuple[str, ...]:
        return self.space(space_id).exits

    def entries(self, space_id: str) -> tuple[str, ...]:
        """The spaces with an arrow into ``space_id`` (where the backwards arrow leads)."""
        return self.into.get(space_id, ())

    def by_die(self, start: str, face: str) -> tuple[str, ...]:
        """Where a die's ``face`` takes a figure from ``start``: that many moves along the
        arrows, or back along an arrow into it ("back")."""
        return self.entries(start) if face == "back" else self.reach(start, int(face))

    def reach(self, start: str, steps: int) -> tuple[str, ...]:
        """The spaces exactly ``steps`` moves along the arrows from ``start`` (choosing at
        every branch; the spaces passed through do not matter), in board order."""
        if (start, steps) not in self.walks:
            here = {start}
            for _ in range(steps):
                here = {nxt for sid in here for nxt in self.space(sid).exits}
            self.walks[start, steps] = tuple(s.id for s in self.spaces if s.id in here)
        return self.walks[start, steps]

    def distances(self) -> dict[str, dict[str, int]]:
        """Fewest moves along the arrows from each space to each other."""
        return self.steps

    def _fewest_moves(self, start: str) -> dict[str, int]:
        """Fewest moves along the arrows from ``start`` to each space it reaches (breadth first)."""
        seen, frontier, step = {start: 0}, [start], 0
        while frontier:
            step += 1
            nxt = []
            for sid in frontier:
                for other in self.by_id[sid].exits:
                    if other not in seen:
                        seen[other] = step
                        nxt.append(other)
            frontier = nxt
        return seen

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "invented": self.invented, "spaces": [s.to_dict() for s in self.spaces]}


def parse_board(text: Any) -> Board:
    """The board a board file's text describes (JSON, or TOML), or a RuleError naming the
    first thing wrong with it."""
    if isinstance(text, Mapping):
        raw: Any = text
    elif isinstance(text, str):
        raw = _decode(text)
    else:
        raise RuleError("the board must be a board file's text (JSON or TOML)")
    if not isinstance(raw, Mapping):
        raise RuleError('board file: the top level must be an object with a list of "spaces"')
    unknown = sorted(set(raw) - TOP_KEYS)
    if unknown:
        raise RuleError(
            "board file: unknown key {key} (known: {known})",
            key=repr(unknown[0]),
            known=", ".join(sorted(TOP_KEYS)),
        )
    spaces = raw.get("spaces")
    if not isinstance(spaces, list):
        raise RuleError('board file: "spaces" must be a list of the board\'s 20 spaces')
    if len(spaces) != SPACES:
        raise RuleError(
            "board file: a board has {wanted} spaces, this one has {have}", wanted=SPACES, have=len(spaces)
        )
    parsed = [_space(i, raw_space) for i, raw_space in enumerate(spaces)]
    _check_whole(parsed)
    name = raw.get("name", "board")
    if not isinstance(name, str):
        raise RuleError('board file: "name" must be text')
    invented = raw.get("invented", False)
    if type(invented) is not bool:
        raise RuleError('board file: "invented" must be true or false')
    return Board(name, invented, tuple(parsed))


def _decode(text: str) -> Any:
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise RuleError(
                "board file: not valid JSON (line {line}, column {column}: {error})",
                line=exc.lineno,
                column=exc.colno,
                error=exc.msg,
            ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError("board file: neither JSON nor valid TOML ({error})", error=str(exc)) from None


def _whole(value: Any, low: int, high: int, what: Phrase) -> int:
    if type(value) is not int or not low <= value <= high:
        raise RuleError(
            "{what} must be a whole number from {low} to {high}, not {value}",
            what=what,
            low=low,
            high=high,
            value=repr(value),
        )
    return value


def _space(index: int, raw: Any) -> Space:
    where = Phrase("board file, space {n}", n=index + 1)
    if not isinstance(raw, Mapping):
        raise RuleError("{where}: each space is an object with an id, a type and its exits", where=where)
    sid = raw.get("id")
    if not isinstance(sid, str) or not sid.strip():
        raise RuleError('{where}: "id" must be a non-empty text', where=where)
    where = Phrase("board file, space {id}", id=repr(sid))
    kind = raw.get("type")
    if kind not in COUNTS:
        raise RuleError(
            '{where}: "type" must be camp, oasis or city, not {type}', where=where, type=repr(kind)
        )
    unknown = sorted(set(raw) - COMMON_KEYS - TYPE_KEYS[kind])
    if unknown:
        raise RuleError(
            "{where}: unknown key {key} for {space} (known: {known})",
            where=where,
            key=repr(unknown[0]),
            space=A_SPACE[kind],
            known=", ".join(sorted(COMMON_KEYS | TYPE_KEYS[kind])),
        )
    exits = raw.get("exits")
    if not isinstance(exits, list) or not exits or not all(isinstance(e, str) for e in exits):
        raise RuleError('{where}: "exits" must list the ids of the spaces its arrows lead to', where=where)
    if len(set(exits)) != len(exits):
        raise RuleError("{where}: an exit is listed twice", where=where)
    if sid in exits:
        raise RuleError("{where}: an arrow cannot lead back to the same space", where=where)
    name = raw.get("name", sid)
    if not isinstance(name, str) or not name.strip():
        raise RuleError('{where}: "name" must be a non-empty text', where=where)
    at = raw.get("at", (index % COLUMNS, index // COLUMNS))
    if not isinstance(at, (list, tuple)) or len(at) != 2:
        raise RuleError('{where}: "at" is [column, row] on the 5×4 grid', where=where)
    at = (
        _whole(at[0], 0, COLUMNS - 1, Phrase("{where}: its column", where=where)),
        _whole(at[1], 0, ROWS - 1, Phrase("{where}: its row", where=where)),
    )
    fields: dict[str, Any] = {}
    if kind == CAMP:
        capacity = raw.get("capacity")
        if capacity not in CAPACITIES or type(capacity) is not int:
            raise RuleError(
                '{where}: a camp\'s "capacity" is 4, 5 or 6, not {capacity}',
                where=where,
                capacity=repr(capacity),
            )
        fields["capacity"] = capacity
    elif kind == OASIS:
        fields["one"] = _whole(
            raw.get("one"), 1, 1000, Phrase('{where}: the price of 1 good ("one")', where=where)
        )
        fields["four"] = _whole(
            raw.get("four"), 1, 1000, Phrase('{where}: the price of 4 goods ("four")', where=where)
        )
    else:
        markets = raw.get("markets")
        if not isinstance(markets, list) or len(markets) != 2:
            raise RuleError('{where}: a city has exactly 2 "markets"', where=where)
        for market in markets:
            if market not in SYMBOLS:
                raise RuleError(
                    '{where}: a market buys one of {kinds} or "wild", not {market}',
                    where=where,
                    kinds=", ".join(KINDS),
                    market=repr(market),
                )
        if markets[0] == markets[1]:
            raise RuleError(
                "{where}: its two markets are the same ({market})", where=where, market=markets[0]
            )
        fields["markets"] = tuple(markets)
    return Space(sid, kind, name, tuple(exits), at, **fields)


def _check_whole(spaces: list[Space]) -> None:
    ids = [s.id for s in spaces]
    for sid in ids:
        if ids.count(sid) > 1:
            raise RuleError("board file: two spaces have the id {id}", id=repr(sid))
    for kind, wanted in COUNTS.items():
        have = sum(s.type == kind for s in spaces)
        if have != wanted:
            raise RuleError(
                "board file: a board has {wanted} {spaces}, this one has {have}",
                wanted=wanted,
                spaces=SPACES_OF[kind],
                have=have,
            )
    known = set(ids)
    for space in spaces:
        for exit_ in space.exits:
            if exit_ not in known:
                raise RuleError(
                    "board file, space {id}: its arrow leads to {exit}, which is not a space of the board",
                    id=repr(space.id),
                    exit=repr(exit_),
                )
    spots = [s.at for s in spaces]
    for space in spaces:
        if spots.count(space.at) > 1:
            raise RuleError("board file: two spaces stand at {at} on the grid", at=str(list(space.at)))
    by_id = {s.id: s for s in spaces}
    for space in spaces:
        seen, frontier = {space.id}, [space.id]
        while frontier:
            frontier = [e for sid in frontier for e in by_id[sid].exits if e not in seen]
            seen.update(frontier)
        missing = [sid for sid in ids if sid not in seen]
        if missing:
            raise RuleError(
                "board file: space {id} cannot be reached from space {start} along the arrows",
                id=repr(missing[0]),
                start=repr(space.id),
            )
