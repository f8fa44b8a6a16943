"""Table scripts: a whole game as data, played through the real runtime on mock pins.

A script names the offers, the cards turned up, every raw buzzer edge with its µs stamp
(bounce trains included) and each stopper's claim. ``samarkand play --script FILE`` runs
it with virtual time: edges go through gpiozero mock pins into the buzzer bank and the
arbiter exactly as real edges do, so a disputed stop can be replayed and explained.
The format is documented in docs/table-script.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from companion.core.chance import SeededChance
from companion.core.errors import RuleError
from companion.core.game import ChanceRequest, Event
from companion.core.match import Match
from companion.core.realtime import RealtimeKind
from companion.core.registry import game_spec
from companion.runtime.session import Session

LEVELS = {"down": True, "up": False}
KEYS = {"setup", "table", "cards", "seed", "turns"}
SETUP_KEYS = {"names", "rules", "first_dean", "types"}
TURN_KEYS = {"picks", "edges", "claims"}
DECKS = ("camels", "bank")
TARGETS = ("bank", "camel", None)
MARCHE = game_spec("marche")
"""Table scripts replay Le Marché's stops (the game whose buzzers race a countdown)."""


def _countdown() -> RealtimeKind:
    assert MARCHE.realtime is not None, "Le Marché registers its countdown"
    return MARCHE.realtime


class ScriptError(ValueError):
    """A table script that cannot be played, with the place that is wrong."""


class ScriptChance:
    """Cards turned up in the script's order, deck by deck; then the script's seed."""

    def __init__(self, cards: dict[str, list], seed: Any) -> None:
        self.queues = {deck: list(values) for deck, values in cards.items()}
        self.fallback = SeededChance(seed)

    def draw(self, request: ChanceRequest, position: int) -> Any:
        queue = self.queues.get(request.deck)
        if queue:
            return queue.pop(0)
        return self.fallback.draw(request, position)


@dataclass(frozen=True)
class Edge:
    seat: int
    t_us: int
    pressed: bool
    delivered_us: int  # when the runtime gets it (>= t_us: a late-processed edge)


@dataclass
class Turn:
    picks: dict[int, int]
    edges: list[Edge]
    claims: list[dict[int, list]] = field(default_factory=list)  # per stop: seat -> attempts


@dataclass
class Script:
    setup: dict
    settings: dict
    cards: dict[str, list]
    seed: Any
    turns: list[Turn]

    @classmethod
    def parse(cls, raw: Any) -> Script:
        if not isinstance(raw, dict):
            raise ScriptError("a table script is a JSON object")
        _only(raw, KEYS, "a table script", "")
        unnamed = "setup.names: list the players' names in seat order, each a different text"
        setup = _shaped(raw, "setup", dict, unnamed)
        names = setup.get("names")
        if not _texts(names) or len(set(names)) != len(names):
            raise ScriptError(unnamed)
        _only(setup, SETUP_KEYS, "the setup", "setup.")
        _shaped(setup, "rules", dict, "setup.rules: an object of rule options")
        if not _texts(setup.get("types", [])):
            raise ScriptError("setup.types: a list of the goods types in seat order")
        seats = {name: i for i, name in enumerate(names)}
        table = _shaped(raw, "table", dict, "table: an object of countdown settings in ms")
        try:
            settings = _countdown().settings(table)
        except RuleError as exc:
            raise ScriptError(f"table: {exc}") from None
        listed = _shaped(raw, "turns", list, "turns: a list of turns")
        turns = [_parse_turn(t, seats, f"turns[{i}]") for i, t in enumerate(listed)]
        cards = _shaped(raw, "cards", dict, "cards: an object of deck name -> list of cards")
        for deck, values in cards.items():
            if deck not in DECKS:
                raise ScriptError(f"cards.{deck}: not a deck (decks: {', '.join(DECKS)})")
            if not isinstance(values, list):
                raise ScriptError(f"cards.{deck}: a list of the cards turned up, in order")
        return cls(setup, settings, cards, raw.get("seed", 0), turns)


def _only(raw: dict, keys: set[str], what: str, where: str) -> None:
    """A misspelt key is refused by name, not ignored."""
    unknown = sorted(set(raw) - keys)
    if unknown:
        raise ScriptError(f"{where}{unknown[0]}: not a key of {what} (keys: {', '.join(sorted(keys))})")


def _shaped(raw: dict, key: str, kind: type, wrong: str) -> Any:
    """``raw[key]`` (empty if missing) when it is a ``kind``, else the error ``wrong``."""
    value = raw.get(key, kind())
    if not isinstance(value, kind):
        raise ScriptError(wrong)
    return value


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _seat(name: Any, seats: dict, where: str) -> int:
    if not isinstance(name, str) or name not in seats:
        raise ScriptError(f"{where}: unknown player {name!r} (players: {', '.join(seats)})")
    return seats[name]


def _parse_turn(raw: Any, seats: dict, where: str) -> Turn:
    if not isinstance(raw, dict):
        raise ScriptError(f"{where}: a turn is an object with picks, edges and claims")
    _only(raw, TURN_KEYS, "a turn", f"{where}.")
    offers = _shaped(raw, "picks", dict, f"{where}.picks: an object of player -> the card they offer")
    picks = {_seat(n, seats, f"{where}.picks"): c for n, c in offers.items()}
    edges: list[Edge] = []
    listed = _shaped(raw, "edges", list, f'{where}.edges: a list of [player, t_us, "down"|"up"]')
    for i, entry in enumerate(listed):
        here = f"{where}.edges[{i}]"  # the level compared by equality: a list there is no level
        if not isinstance(entry, list) or len(entry) not in (3, 4) or entry[2] not in tuple(LEVELS):
            raise ScriptError(f'{here}: expected [player, t_us, "down"|"up"(, delivered_us)]')
        t_us = entry[1]
        delivered = entry[3] if len(entry) == 4 else t_us
        if not all(type(v) is int and v >= 0 for v in (t_us, delivered)) or delivered < t_us:
            raise ScriptError(f"{here}: times are whole µs, delivered no earlier than stamped")
        edge = Edge(_seat(entry[0], seats, here), t_us, LEVELS[entry[2]], delivered)
        last = next((e for e in reversed(edges) if e.seat == edge.seat), None)
        if last is not None and last.t_us >= edge.t_us:
            raise ScriptError(
                f"{here}: {entry[0]}'s edges must be listed in the order of their "
                f"stamps ({edge.t_us} is not after {last.t_us})"
            )
        edges.append(edge)
    claims = []
    stops = _shaped(raw, "claims", list, f"{where}.claims: a list of one object per stop of the turn")
    for i, stop in enumerate(stops):
        here = f"{where}.claims[{i}]"
        if not isinstance(stop, dict):
            raise ScriptError(
                f"{here}: an object of player -> the card they name "
                '(a player, "bank", "camel" or null), or a list of tries'
            )
        claims.append(
            {
                _seat(n, seats, here): [
                    _target(t, seats, here) for t in (tries if isinstance(tries, list) else [tries])
                ]
                for n, tries in stop.items()
            }
        )
    return Turn(picks, sorted(edges, key=lambda e: (e.delivered_us, e.t_us)), claims)


def _target(target: Any, seats: dict, where: str):
    return target if target in TARGETS else _seat(target, seats, where)


class ScriptJournal:
    """Writes every engine event and runtime note as a JSON line, with the virtual time."""

    def __init__(self, out: TextIO, clock: Callable[[], int]) -> None:
        self.out, self.clock = out, clock

    def record(self, events: list[Event], notes: tuple[dict, ...] = ()) -> None:
        for note in notes:
            self.note(note)
        for event in events:
            self._line({"source": "engine", **event.to_dict()})

    def drop(self, count: int) -> None:
        self._line({"source": "runtime", "note": "undo", "events": count})

    def note(self, note: dict) -> None:
        self._line({"source": "runtime", **note})

    def countdown_at(self, count: int) -> None:
        pass

    def held(self, why: str | None) -> None:
        pass

    def _line(self, entry: dict) -> None:
        self.out.write(json.dumps({"t_us": self.clock(), **entry}) + "\n")

    def table(self, entry: dict) -> None:
        """The script's own account: a turn's start, a stop's resolution, a refused claim."""
        self._line({"source": "table", **entry})


def play_script(script: Script, out: TextIO, factory=None) -> Session:
    """Play ``script`` through mock pins, the buzzer bank and the session."""
    from hardware.buzzers import BuzzerBank
    from hardware.pins import make_factory

    now = [0]
    MARCHE.setup(len(script.setup["names"]))  # the number of players: the registry's check
    match = Match(MARCHE.engine(), script.setup, ScriptChance(script.cards, script.seed))
    journal = ScriptJournal(out, lambda: now[0])
    core = Session(match, journal, _countdown().from_settings(script.settings))
    factory = factory or make_factory(simulate=True)
    pins = {seat: f"GPIO{4 + seat}" for seat in range(len(script.setup["names"]))}
    bank = BuzzerBank(pins, factory, core.press, start_us=0)
    try:
        core.start(now[0])
        for index, turn in enumerate(script.turns):
            if core.status() == "over":
                raise ScriptError(f"turns[{index}]: the game is already over")
            _play_turn(core, journal, bank, factory, pins, turn, now, f"turns[{index}]")
    finally:
        bank.close()
    return core


def _play_turn(
    core: Session, journal: ScriptJournal, bank, factory, pins, turn: Turn, now: list[int], where: str
) -> None:
    turn_number = core.state.turn
    try:
        for seat, card in sorted(turn.picks.items()):
            core.act(Event("pick", seat, {"card": card}), now[0])
    except RuleError as exc:
        raise ScriptError(f"{where}.picks: {exc}") from None
    start = now[0]
    journal.table({"note": "turn", "turn": turn_number, "edges_from_us": start})
    edges = list(turn.edges)
    claims = list(enumerate(turn.claims))
    resolved = len(core.state.records)
    while core.state.turn == turn_number and core.status() != "over":
        deadline = core.next_deadline(now[0])
        next_edge = start + edges[0].delivered_us if edges else None
        if deadline is None and next_edge is None:
            raise ScriptError(f"{where}: the turn cannot go on (missing picks or cards?)")
        if next_edge is not None and (deadline is None or next_edge <= deadline):
            edge = edges.pop(0)
            now[0] = next_edge
            pin = factory.pin(pins[edge.seat])
            (pin.press_at if edge.pressed else pin.release_at)(start + edge.t_us)
        else:
            assert deadline is not None  # checked above: one of the two is due
            now[0] = deadline
        for report in bank.poll(now[0]):
            core.stuck(report)
        core.catch_up(now[0])
        if core.state.phase == "claiming" and claims:
            index, stop_claims = claims.pop(0)
            _claim(core, journal, stop_claims, now[0], f"{where}.claims[{index}]")
        resolved = _tell_resolution(core, journal, resolved)
    for edge in edges:  # presses after the turn: recorded as ignored, as at a table
        now[0] = max(now[0], start + edge.delivered_us)
        pin = factory.pin(pins[edge.seat])
        (pin.press_at if edge.pressed else pin.release_at)(start + edge.t_us)


def _claim(core: Session, journal: ScriptJournal, claims: dict[int, list], now: int, where: str) -> None:
    """Each stopper's tries in order: a refused one is told and the next is tried; a
    stopper left without a claim gets the claim deadline, as at a table."""
    stop, names = core.state.stop, core.state.names
    for seat, tries in claims.items():
        if seat not in stop.seats():
            raise ScriptError(
                f"{where}: {names[seat]} did not stop at {stop.count} "
                f"(stoppers: {', '.join(names[s] for s in stop.seats())})"
            )
        for target in tries:
            try:
                core.act(Event("claim", seat, {"target": target}), now)
                break
            except RuleError as refused:
                journal.table(
                    {
                        "note": "refused_claim",
                        "player": names[seat],
                        "target": _named(core, target),
                        "why": str(refused),
                    }
                )
        if core.state.phase != "claiming":  # the stop was resolved
            return


def _tell_resolution(core: Session, journal: ScriptJournal, told: int) -> int:
    """Every record a resolution made, in names, and each player's money after it."""
    state = core.state
    if len(state.records) > told and state.phase != "claiming":
        journal.table(
            {
                "note": "resolution",
                "records": [_named_record(core, r) for r in state.records[told:]],
                "money": dict(zip(state.names, state.money)),
                "bank": state.bank,
            }
        )
        return len(state.records)
    return told


def _named(core: Session, target):
    return core.state.names[target] if isinstance(target, int) else target


def _named_record(core: Session, record: dict) -> dict:
    named = {**record, "seat": core.state.names[record["seat"]], "target": _named(core, record["target"])}
    if "to" in record:
        named["to"] = _named(core, record["to"])
    return named
