"""The appliance: one process that owns the game, the buzzers, the store and the page.

``samarkand run`` builds it from the configuration: the inputs (GPIO on a Pi, mock pins in
simulation, or the USB board), the event store (resuming an unfinished game), the table
core and its realtime loop, bots for the seats nobody plays, and the web server.
"""
from __future__ import annotations

import random
import secrets
import signal
import sys
import threading
from dataclasses import asdict
from typing import Any, Callable

from companion.config import Config, ConfigError, load_config, parse_assignment
from companion.core.chance import SeededChance, TableChance
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.games.marche.bots import STYLES
from companion.games.marche.engine import MarcheGame
from companion.games.marche.final import final_score
from companion.runtime.loop import TableLoop
from companion.runtime.seats import BotSeats
from companion.runtime.signals import now_us
from companion.runtime.table import TableCore, TableSettings
from companion.store import EventStore, StoreCorruptError, StoreError
from companion.store.journal import StoreJournal


def settings_from(config: Config, table: dict | None = None) -> TableSettings:
    """Table settings: the configuration's, with a new game's choices on top."""
    values = {"tie_window_ms": config.table.tie_window_ms, "step_ms": config.table.step_s * 1000,
              "lead_in_ms": config.table.lead_in_s * 1000,
              "claim_deadline_ms": config.table.claim_deadline_s * 1000}
    values.update(table or {})
    try:
        return TableSettings.from_ms(**values)
    except TypeError as exc:
        raise RuleError(f"unknown table setting: {exc}") from None


class Appliance:
    """The running table; the web page and the console act on it through ``call``."""

    def __init__(self, config: Config, inputs, store: EventStore, seed: int | None = None,
                 bots_fill_seats: bool = True) -> None:
        self.config = config
        self.inputs = inputs
        self.store = store
        self.seed = seed if seed is not None else secrets.randbelow(2**31)
        self.bots_fill_seats = bots_fill_seats
        self.human_seats: set[int] = set()
        self.game_id: int | None = None
        self.journal: StoreJournal | None = None
        self.listeners: list[Callable[[TableCore], None]] = []
        self.loop = TableLoop(None, poll_inputs=inputs.poll)
        self.link_down: str | None = None
        inputs.on_event = self.loop.on_buzzer
        inputs.on_status = self._link_status

    # ------------------------------------------------------------ games
    @property
    def core(self) -> TableCore | None:
        return self.loop.core

    def resume(self) -> bool:
        """Carry on with the unfinished game in the store, if there is one."""
        game_id = self.store.unfinished()
        if game_id is None:
            return False
        stored = self.store.config(game_id)
        events = [Event.from_dict(e) for e in self.store.events(game_id)]
        self._install(game_id, stored, events)
        return True

    def new_game(self, setup: dict, table: dict | None = None, mode: str = "digital") -> int:
        """Start a game (abandoning an unfinished one): players, rules, table settings, mode."""
        if mode not in ("digital", "physical"):
            raise RuleError('mode must be "digital" (cards dealt by the companion) or "physical"')
        settings = settings_from(self.config, table)
        MarcheGame().new_state(setup)            # refuse a bad setup before touching the store
        with self.loop.lock:
            if self.game_id is not None and self.core and not self.core.game.is_over(self.core.state):
                self.store.abandon(self.game_id)
            stored = {"game": "marche", "setup": setup, "table": asdict(settings), "mode": mode,
                      "seed": self.seed}
            game_id = self.store.create_game("marche", stored)
            self._install(game_id, stored, [])
        return game_id

    def _install(self, game_id: int, stored: dict, events: list[Event]) -> None:
        chance = TableChance() if stored.get("mode") == "physical" else SeededChance(stored["seed"])
        match = Match(MarcheGame(), stored["setup"], chance, events)
        journal = StoreJournal(self.store, game_id)
        core = TableCore(match, TableSettings(**stored["table"]), journal,
                         self.inputs.display, self.inputs.lights)
        core.listeners.append(self._changed)
        with self.loop.lock:
            self.game_id, self.journal = game_id, journal
            self.loop.core = core
            self.loop.seats = self._bot_seats(match, stored["seed"])
            core.start(now_us(), journal.resume_count())

    def _bot_seats(self, match: Match, seed: int) -> BotSeats | None:
        if not self.bots_fill_seats or self.inputs.press is None:
            return None
        styles = sorted(STYLES)
        rng = random.Random(f"bots/{seed}")
        bots = {seat: STYLES[styles[seat % len(styles)]](random.Random(rng.random()))
                for seat in range(match.state.players) if seat not in self.human_seats}
        return BotSeats(bots, self.inputs.press, rng)

    def take_seat(self, seat: int) -> None:
        """A person plays ``seat`` from now on (a phone joined, or the keyboard)."""
        with self.loop.lock:
            self.human_seats.add(seat)
            if self.loop.seats is not None:
                self.loop.seats.bots.pop(seat, None)

    def _link_status(self, connected: bool, reason: str) -> None:
        """The USB board went away or came back: pause the game until it is back."""
        with self.loop.lock:
            core, paused_by_link = self.core, self.link_down is not None
            self.link_down = None if connected else reason
            if core is None:
                pass
            elif not connected and not core.paused:
                core.pause(now_us())
            elif connected and paused_by_link:
                core.resume(now_us())
        print(f"buzzer board {'connected' if connected else 'disconnected'}: {reason}", flush=True)

    def release_seat(self, seat: int) -> None:
        """Nobody plays ``seat`` any more: a bot takes it over (in simulation)."""
        with self.loop.lock:
            self.human_seats.discard(seat)
            seats, core = self.loop.seats, self.core
            if seats is not None and core is not None and seat < core.state.players:
                styles = sorted(STYLES)
                seats.bots[seat] = STYLES[styles[seat % len(styles)]](random.Random(seat))

    def end_game(self) -> None:
        """The host ends the game early: the table stops; the game is kept as abandoned."""
        with self.loop.lock:
            if self.core is None or self.core.game.is_over(self.core.state):
                raise RuleError("there is no game being played")
            self.core.pause(now_us())
            self.store.abandon(self.game_id)

    def record_result(self, result: dict) -> None:
        """Keep the scores the table settled on (its own discards, accepted or not)."""
        self.store.amend_result(self.game_id, result)

    # ------------------------------------------------------------ running
    def call(self, action: Callable[..., Any], *args) -> Any:
        return self.loop.call(action, *args)

    def _changed(self, core: TableCore) -> None:
        if core.game.is_over(core.state) and self.game_id is not None \
                and self.store.result(self.game_id) is None:
            self.store.finish(self.game_id, final_score(core.state).to_dict())
        for listener in list(self.listeners):
            listener(core)

    def close(self) -> None:
        self.loop.stop()
        self.inputs.close()
        self.store.close()


def open_store(path) -> EventStore:
    """Open the store; a damaged file is moved aside (and said so) and a fresh one begun."""
    try:
        return EventStore(path)
    except StoreCorruptError as exc:
        print(f"warning: {exc}", file=sys.stderr)
        return EventStore(path)


def load(args) -> Config:
    overrides: dict = {}
    for text in args.set:
        for section, values in parse_assignment(text).items():
            overrides.setdefault(section, {}).update(values)
    if args.port is not None:
        overrides.setdefault("web", {})["port"] = args.port
    if args.bridge is not None:
        overrides.setdefault("bridge", {})["port"] = args.bridge
    return load_config(args.config, overrides)


def run(args) -> int:
    """``samarkand run``: the table, until the game ends (without web) or a signal."""
    from companion.runtime.inputs import open_inputs
    from companion.runtime.terminal import TerminalTable
    try:
        config = load(args)
        inputs = open_inputs(config, simulate=args.simulate)
        store = open_store(config.store.path)
    except (ConfigError, StoreError, RuleError, ValueError, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    appliance = Appliance(config, inputs, store, seed=args.seed)
    terminal = TerminalTable(appliance, keyboard_seat=None if args.seat is None else args.seat - 1)
    server = None
    done = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: done.set())
    try:
        if args.new or not appliance.resume():
            appliance.new_game({"players": args.players})
        terminal.attach()
        appliance.loop.start()
        server = None if args.no_web else _serve(appliance, config)
        terminal.run(done, exit_when_over=server is None)
    except (RuleError, StoreError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        if server is not None:
            server.close()
        appliance.close()
    return 0


def _serve(appliance: Appliance, config: Config):
    try:
        from web.server import serve
    except ImportError:
        return None
    return serve(appliance, config)
