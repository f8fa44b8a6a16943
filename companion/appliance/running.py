"""The appliance: one process that owns the game, the buzzers, the store and the page.

``samarkand run`` builds it from the configuration: the inputs (GPIO on a Pi, mock pins in
simulation, or the USB board), the event store (resuming an unfinished game), the table
session and its runner, bots for the seats nobody plays, and the web server.
"""

from __future__ import annotations

import errno
import logging
import random
import secrets
import signal
import sys
from collections.abc import Callable, Collection, Iterable, Mapping
from datetime import datetime
from typing import Any

from companion.appliance import network, power
from companion.appliance.network import Hotspot
from companion.config import Config, ConfigError, load_config, parse_assignment
from companion.core.bot import MAX_STEPS
from companion.core.chance import EnteredChance, SeededChance
from companion.core.default_names import bot_name, given_bot_name
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.core.registry import GameSpec, game_spec
from companion.runtime.lobby import Lobby
from companion.runtime.runner import Runner
from companion.runtime.seats import BotSeats
from companion.runtime.session import Session, tell
from companion.runtime.signals import now_us
from companion.store import EventStore, StoreCorruptError, StoreError
from companion.store.cli import replay_stored
from companion.store.events import HANDS_KEY, JOINED_KEY, LOBBY_KEY
from companion.store.history import keep_tallies
from companion.store.journal import StoreJournal
from companion.store.keeping import kept_copy

log = logging.getLogger(__name__)
SEED_BYTES = 32
"""A game's seed is a secret of this many random bytes (``secrets``): the draws are a public
hash of it, so a short seed could be found from the draws the table sees, and every hidden
draw foretold. It is kept in the game's stored configuration and shown to nobody."""


def timing_from(config: Config, table: dict | None = None) -> dict[str, int]:
    """The countdown's settings in milliseconds: the configuration's, a new game's on top."""
    values = {
        "tie_window_ms": config.table.tie_window_ms,
        "step_ms": config.table.step_ms,
        "lead_in_ms": config.table.lead_in_ms,
        "claim_deadline_ms": config.table.claim_deadline_ms,
    }
    values.update(table or {})
    return values


class Appliance:
    """The running table; the web page and the console act on it through ``call``."""

    def __init__(
        self, config: Config, inputs, store: EventStore, seed: int | None = None, bots_fill_seats: bool = True
    ) -> None:
        """``seed``: the same, reproducible seed for every new game (tests, ``--seed``);
        None, the table's way: a new secret for each game (``SEED_BYTES``)."""
        self.config = config
        self.inputs = inputs
        self.store = store
        self.seed = seed
        self.bots_fill_seats = bots_fill_seats
        self.human_seats: set[int] = set()
        self.game_id: int | None = None
        self.spec: GameSpec | None = None
        self.journal: StoreJournal | None = None
        self.listeners: list[Callable[[Session], None]] = []
        self.runner = Runner(None, poll_inputs=inputs.poll, refusals=(StoreError,))
        self.link_down: str | None = None
        self.ended: int | None = None  # the game the host ended early, if any
        self.addresses: Iterable[str] = []  # the ways in (URLs, PIN), for the terminal
        self.power_off: Callable[[], None] = power.switch_off  # (tests put a stand-in)
        self.wifi: Hotspot | None = None  # the table's own Wi-Fi, in hotspot mode
        self.hands: list[dict] = []  # who acts for a seat since which event
        self.disconnected: Callable[[], set[int]] = set  # the web's: phones gone away
        self.lobby: Lobby | None = None  # the next game being set up, until Start
        self.lobby_listeners: list[Callable[[Lobby | None], None]] = []
        inputs.on_event = self.runner.on_buzzer
        inputs.on_status = self._link_status

    # ------------------------------------------------------------ games
    @property
    def session(self) -> Session | None:
        return self.runner.session

    def resume(self, phones: bool = True) -> bool:
        """Carry on with the unfinished game in the store, if there is one.

        Its log is replayed through the engine first: one that cannot be read or replayed
        stops the start with the game, the event and the ways on, and changes nothing.
        ``phones``: the page will serve the phones, so the seats they hold are people's
        from the start and wait for them; False (no page): bots take those seats too.
        """
        game_id = self.store.unfinished()
        if game_id is None:
            return False
        try:
            self._reinstall(game_id, phones)
        except StoreError as exc:
            raise StoreError(
                f"Cannot resume the unfinished game {game_id}: {str(exc).rstrip('.')}. The "
                f"store {self.store.path} was left untouched: `samarkand run --new` starts a "
                f"new game (game {game_id} is kept, marked abandoned); `samarkand games replay "
                f"{game_id}` and `samarkand games export {game_id}` show its log."
            ) from None
        return True

    def reopen(self) -> bool:
        """The game whose results the table showed when it stopped (finished, or ended by
        the host, and no lobby opened since): its results again, the phones in their seats,
        Play again as before. False where there is none, or it cannot be replayed (said)."""
        closed = self.store.last_closed()
        if closed is None:
            return False
        game_id, ended = closed
        try:
            self._reinstall(game_id, phones=True, ended=ended)
        except StoreError as exc:
            log.warning("the results of game %d cannot be shown again: %s", game_id, exc)
            return False
        return True

    def _reinstall(self, game_id: int, phones: bool, ended: bool = False) -> None:
        """The stored game at the table again, its log replayed through the engine first."""
        records, _, _ = replay_stored(self.store, game_id)
        stored = self.store.config(game_id)
        people = self._joined(game_id) if phones else set()
        events = [Event.from_dict(r.event) for r in records]
        self._install(game_id, stored, events, people, phones, ended)

    def _joined(self, game_id: int) -> set[int]:
        """The seats phones hold in the stored game (the web's checkpoint, ``JOINED_KEY``):
        a person's before any bot may act, so a restart never lets a bot decide for them
        while the page is still starting."""
        seats = (self.store.checkpoint(game_id, JOINED_KEY) or {}).get("seats", {})
        return {int(seat) for seat in seats if str(seat).isdecimal()}

    def table_settings(self) -> dict[str, int]:
        """The countdown's settings a new game starts with unless the host changes them
        (the configuration's), in milliseconds: the new-game form's defaults."""
        return timing_from(self.config)

    def new_game(
        self,
        setup: dict,
        table: dict | None = None,
        mode: str = "digital",
        game: str | None = None,
        bots: dict[int, str] | None = None,
        joined: dict | None = None,
        first: int | None = None,
        options: dict | None = None,
    ) -> int:
        """Start a game (abandoning an unfinished one): the game, its setup (players,
        names, rules), the countdown's settings where it has one, and the mode, which the
        setup carries too (``setup["mode"]``: a game whose printed data is in no source asks a
        physical table to type it, and draws it from its rules in a digital game).

        ``bots``: the seats the table put a bot in, with its style (a game started from
        the lobby); None: bots fill every seat nobody plays (``bots_fill_seats``), in the
        game's default styles, kept with the game as the lobby's are, so that the history
        counts their games by style.
        ``joined``: the phones' seats, kept with the game before anything is played.
        ``first``: the seat the lobby set to play first (passed on at the next game), and
        ``options`` the lobby's rule options before that seat was put in them (the next
        game's lobby starts from these: the seat set first may not be there next time)."""
        if mode not in ("digital", "physical"):
            raise RuleError('mode must be "digital" (cards dealt by the companion) or "physical"')
        setup = {**setup, "mode": mode}  # a game may ask a physical table for more
        spec = game_spec(game or self.config.lobby.game)
        spec.engine().new_state(setup)  # refuse a bad setup before touching the store
        timing = self.checked_table(spec, table)
        with self.runner.lock:
            unfinished = self.store.unfinished()  # the current game, or one --new leaves
            if unfinished is not None:
                self.store.abandon(unfinished)
            seed = secrets.token_hex(SEED_BYTES) if self.seed is None else self.seed
            stored = {"game": spec.name, "setup": setup, "table": timing, "mode": mode, "seed": seed}
            if bots is None:
                bots = self._filling(spec, setup["players"])
            if bots is not None:
                stored["bots"] = {str(seat): style for seat, style in bots.items()}
            if first is not None:
                stored["first"] = first
            if options is not None:
                stored["options"] = options
            game_id = self.store.create_game(spec.name, stored)
            if joined is not None:
                self.store.set_checkpoint(game_id, JOINED_KEY, joined)
            self._install(game_id, stored, [])
            # the lobby's game, or one started instead: a lobby kept in the store goes too,
            # read this run or not (--autostart), else a restart would show it, not this game
            self.store.set_setting(LOBBY_KEY, None)
            self.lobby = None
        return game_id

    def _install(
        self,
        game_id: int,
        stored: dict,
        events: list[Event],
        people: Collection[int] = (),
        phones: bool = True,
        ended: bool = False,
    ) -> None:
        """Build the game's session and hand it to the runner; ``people``: seats a person
        holds besides those taken already (a resumed game's phones); ``phones`` False: no
        page, so bots take every seat no person here holds; ``ended``: the host ended it
        (the table stays stopped on its scores)."""
        spec = game_spec(self.store.game(game_id))
        chance = EnteredChance() if stored.get("mode") == "physical" else SeededChance(stored["seed"])
        match = Match(spec.engine(), stored["setup"], chance, events)
        journal = StoreJournal(self.store, game_id)
        realtime = spec.realtime.from_settings(stored.get("table") or {}) if spec.realtime else None
        if realtime is not None:
            realtime.resume(lambda name: self.store.checkpoint(game_id, name))
        session = Session(match, journal, realtime, self.inputs.display, self.inputs.lights)
        session.listeners.append(self._changed)
        with self.runner.lock:
            self.game_id, self.spec, self.journal = game_id, spec, journal
            self.hands = list((self.store.checkpoint(game_id, HANDS_KEY) or {}).get("changes", []))
            self.runner.session = session
            self.human_seats.update(people)
            self.runner.seats = self._bot_seats(
                spec, match, stored["seed"], stored.get("bots"), every=not phones
            )
            if self.runner.seats is not None:
                for seat in people:
                    if self._last_hand(seat) == "bot":  # killed while its bot finished
                        self._handed(seat, "person")
            session.start(now_us(), journal.resume_count())
            held_by = "end" if ended else journal.held_by()
            if held_by is not None:  # the host's pause, an undo's hold: as they were
                session.pause(now_us(), held_by)
            self.ended = game_id if ended else None

    def _bot_seats(
        self,
        spec: GameSpec,
        match: Match,
        seed: int | str,
        chosen: dict[str, str] | None = None,
        every: bool = False,
    ) -> BotSeats | None:
        """The bots: in the ``chosen`` seats (kept with the game: the seats the table or
        ``new_game`` put a bot in, and those the host has handed to a bot since), or, for a
        game stored without them (started where no bot played), in every seat nobody plays;
        with ``every`` (no page: nobody can come back to a phone's seat), in the chosen
        seats and every other seat nobody plays.
        Beside people they keep a pace (``[bots] pace_s``), unless they press buzzers: a
        countdown paces its game, and its claims have a deadline of their own."""
        filling = self._filling(spec, match.game.players(match.state))
        if chosen is None:
            if filling is None:
                return None
            styles = filling
        else:
            last = {change["seat"]: change["by"] for change in self.hands if change["by"] != "timer"}
            styles = {int(seat): style for seat, style in chosen.items() if last.get(int(seat)) != "person"}
            styles.update(
                {
                    seat: spec.default_style(seat)
                    for seat, by in last.items()
                    if by == "bot" and seat not in styles
                }
            )
            if every:
                styles = {**(filling or {}), **styles}
        rng = random.Random(f"bots/{seed}")
        bots = {
            seat: spec.bots[style](random.Random(rng.random()), self.config.bots.effort)
            for seat, style in sorted(styles.items())
            if seat not in self.human_seats
        }
        timer_s = self.config.table.decision_timer_s
        return BotSeats(
            bots,
            self.inputs.press,
            rng,
            timer_us=int(timer_s * 1_000_000) if timer_s > 0 else None,
            stand_in=lambda seat: self._bot(spec, seat, random.Random(rng.random())),
            on_hand=self._handed,
            pace_us=0 if spec.bots_press_buzzers else int(self.config.bots.pace_s * 1_000_000),
        )

    def _filling(self, spec: GameSpec, players: int) -> dict[int, str] | None:
        """The bots that fill every seat nobody plays, in the game's default styles; None
        where no bot plays (``bots_fill_seats`` off, or, on real pins, a game whose bots press buzzers)."""
        if not self.bots_fill_seats or not self.bots_can_play(spec):
            return None
        return {seat: spec.default_style(seat) for seat in range(players) if seat not in self.human_seats}

    def bots_can_play(self, spec: GameSpec) -> bool:
        """A bot decides through the rules anywhere, but presses only simulated buzzers:
        on real pins it cannot play a game whose bots press them."""
        return self.inputs.press is not None or not spec.bots_press_buzzers

    def _handed(self, seat: int, by: str) -> None:
        """Who acts for ``seat`` from the log's next event on ("person", "bot", or "timer":
        a bot decides once for a silent seat), kept with the game (``HANDS_KEY``) so its
        log says who made each decision, and told on the terminal. A timer's decision where
        the table may not know who is still to decide is ``secret``: shown to its seat only
        until the game is over."""
        session = self.session
        change: dict = {"at": len(session.match.log) if session else 0, "seat": seat, "by": by}
        if by == "timer" and session is not None:
            waiting, shown = (
                session.game.to_act(session.state),
                session.game.to_act_shown(session.state, None),
            )
            if seat in waiting and seat not in shown:  # that it waits is itself secret (a sealed bid)
                change["secret"] = True
        self.hands.append(change)
        if self.game_id is not None:
            try:
                self.store.set_checkpoint(self.game_id, HANDS_KEY, {"changes": self.hands})
            except StoreError as exc:  # the play goes on; only this note is not kept
                log.warning("who plays seat %d was not saved: %s", seat + 1, exc)

    def _last_hand(self, seat: int) -> str | None:
        """Who the record says acts for ``seat`` now ("person", "bot", "timer"), if it says."""
        return next((change["by"] for change in reversed(self.hands) if change["seat"] == seat), None)

    def _bot(self, spec: GameSpec, seat: int, rng: random.Random):
        """The seat's bot: the game's default styles in turn round the table."""
        return spec.bots[spec.default_style(seat)](rng, self.config.bots.effort)

    def take_seat(self, seat: int) -> None:
        """A person plays ``seat`` from now on (a phone joined, or the keyboard), once its
        bot is between decisions (``BotSeats.hand_over``)."""
        with self.runner.lock:
            self.human_seats.add(seat)
            if self.runner.seats is not None:
                self.runner.seats.hand_over(seat, self.session, now_us())

    def bot_plays(self, seat: int) -> bool:
        """A bot plays ``seat`` now (it may be finishing a decision before a person's turn)."""
        return self.runner.seats is not None and self.runner.seats.plays(seat)

    def decided_for(self, seat: int, now: int) -> None:
        """The host decided for ``seat``: a bot's next decision there waits a pace of its own."""
        if self.runner.seats is not None:
            self.runner.seats.decided_for(seat, now)

    def _link_status(self, connected: bool, reason: str) -> None:
        """The USB board went away or came back: pause the game until it is back."""
        with self.runner.lock:
            session, paused_by_link = self.session, self.link_down is not None
            self.link_down = None if connected else reason
            if session is None:
                pass
            elif not connected and not session.paused:
                session.pause(now_us(), "link")
            elif connected and paused_by_link:
                session.resume(now_us())
        log.log(
            logging.INFO if connected else logging.WARNING,
            "buzzer board %s: %s",
            "connected" if connected else "disconnected",
            reason,
        )

    def release_seat(self, seat: int) -> None:
        """Nobody plays ``seat`` any more: a bot takes it over (in simulation)."""
        with self.runner.lock:
            self.human_seats.discard(seat)
            seats, session = self.runner.seats, self.session
            spec = self.spec
            if seats and session and spec and seat < session.game.players(session.state):
                seats.take_back(seat, self._bot(spec, seat, random.Random(seat)))

    def end_game(self) -> None:
        """The host ends the game early: the table stops; the game is kept as ended."""
        with self.runner.lock:
            if self.session is None or self.session.game.is_over(self.session.state):
                raise RuleError("there is no game being played")
            self.store.end(self._stored_id())  # first: a store that refuses changes nothing
            self.ended = self.game_id
            self.session.pause(now_us(), "end")

    def record_result(self, result: dict) -> None:
        """Keep the scores the table settled on (its own discards, accepted or not)."""
        self.store.amend_result(self._stored_id(), result)

    def _stored_id(self) -> int:
        """The store's id of the game at the table (there is one whenever a session is)."""
        if self.game_id is None:
            raise RuleError("there is no game being played")
        return self.game_id

    # ------------------------------------------------------------ the lobby
    def restore_lobby(self) -> bool:
        """Come back to the lobby the store keeps (a restart before Start), if any."""
        stored = self.store.setting(LOBBY_KEY)
        if stored is None:
            return False
        try:
            self.lobby = Lobby.from_dict(stored)
        except (RuleError, KeyError, TypeError, ValueError) as exc:
            log.warning("the lobby kept in the store cannot be read (%s): a new one is opened", exc)
            self.store.set_setting(LOBBY_KEY, None)
            return False
        return True

    def checked_table(self, spec: GameSpec, table: dict | None) -> dict:
        """The countdown's settings a game of ``spec`` stores: this table's configuration,
        ``table``'s values on top, each checked (a RuleError names a bad one)."""
        return spec.realtime.settings(timing_from(self.config, table)) if spec.realtime else {}

    def open_lobby(self, lobby: Lobby) -> None:
        """The table sets up its next game in ``lobby``: nothing is played, drawn or stored
        as a game until Start. A game still being played is abandoned (a finished or ended
        one stays as it was). After a game, the store's kept copy is made anew."""
        with self.runner.lock:
            self.store.set_setting(LOBBY_KEY, lobby.to_dict())  # first: a refusal changes nothing
            after_a_game = self.session is not None
            unfinished = self.store.unfinished()
            if unfinished is not None:
                self.store.abandon(unfinished)
            self.runner.session, self.runner.seats = None, None
            self.game_id = self.spec = self.journal = self.ended = None
            self.human_seats, self.hands, self.lobby = set(), [], lobby
        self._tell_lobby()
        if after_a_game:  # a table left on for weeks keeps it fresh (a start made it already)
            keep_a_copy(self.store)

    def next_lobby(self, game: str | None, people: dict[int, dict]) -> Lobby:
        """The lobby after the current game: the same game again (``game`` None or the
        same) with its options, seats and bots, or another game with the people kept."""
        session, spec = self.session, self.spec
        if session is None or spec is None:
            return Lobby.open(game or self.config.lobby.game, None, people)
        stored = self.store.config(self._stored_id())
        players = session.game.players(session.state)
        if game not in (None, spec.name):
            return Lobby.open(game, players, people)
        runner_bots = self.runner.seats.bots if self.runner.seats is not None else {}
        chosen = stored.get("bots") or {}
        names = session.game.names(session.state)
        bots = {
            seat: {
                "style": chosen.get(str(seat)) or spec.default_style(seat),
                "name": given_bot_name(names[seat]),
            }
            for seat in runner_bots
            if seat not in people
        }
        lobby = Lobby.open(spec.name, players, people, bots)
        if isinstance(stored.get("first"), int):  # passed on round the table
            lobby.first = (stored["first"] + 1) % lobby.seats
        lobby.rules = dict(stored.get("options", stored.get("setup", {}).get("rules", {})))
        lobby.mode = stored.get("mode", "digital")
        return lobby

    def change_lobby(self, change: Callable[[Lobby], Any]) -> Any:
        """``change(lobby)`` on a copy, kept (saved, then told) only if it did not refuse."""
        with self.runner.lock:
            if self.lobby is None:
                raise RuleError("the game has started: there is no lobby to change")
            lobby = Lobby.from_dict(self.lobby.to_dict())
            answer = change(lobby)
            lobby.version += 1
            self.store.set_setting(LOBBY_KEY, lobby.to_dict())
            self.lobby = lobby
        self._tell_lobby()
        return answer

    def start_lobby(self, fill: Mapping[int, dict] | None = None) -> int:
        """Start the lobby's game (``fill``: with a bot in each empty seat first, of the
        style and name given for its seat, else the game's own): the game is stored now,
        with the phones' seats and the bots where the table put them. A bot
        is named as the host named it, else after its seat, and marked as a bot: "Seat 3
        (bot)" (the pages say it in the reader's language: "Place 3 (robot)")."""
        with self.runner.lock:
            if self.lobby is None:
                raise RuleError("the game has started: there is no lobby to start")
            lobby = Lobby.from_dict(self.lobby.to_dict())
            if fill is not None:
                lobby.fill_with_bots(fill)
            problem = lobby.start_problem()
            if problem is not None:
                raise problem
            spec = lobby.spec
            if lobby.bots and not self.bots_can_play(spec):
                raise RuleError(
                    "bots press buzzers only in simulation mode: take their seats "
                    "away or let people join them"
                )
            names = [
                lobby.people[seat]["name"]
                if seat in lobby.people
                else bot_name(seat, lobby.bots[seat].get("name"))
                for seat in range(lobby.seats)
            ]
            setup = spec.setup(lobby.seats, lobby.rules, names)
            if spec.first_seat is not None and lobby.first is not None:  # else the rule options say
                setup = spec.first_seat(setup, lobby.first)
            joined = {"seats": {str(s): v for s, v in lobby.people.items()}, "bots": sorted(lobby.bots)}
            self.human_seats = set(lobby.people)
            game_id = self.new_game(
                setup,
                lobby.table,
                lobby.mode,
                spec.name,
                bots={s: v["style"] for s, v in lobby.bots.items()},
                joined=joined,
                first=lobby.first if spec.first_seat is not None else None,
                options=lobby.rules,
            )
        self._tell_lobby()
        return game_id

    def _tell_lobby(self) -> None:
        """The lobby changed, opened or started: its listeners hear (one failing never
        silences the rest)."""
        for listener in list(self.lobby_listeners):
            try:
                listener(self.lobby)
            except Exception:
                log.exception("a listener failed to hear of the lobby")

    def switch_off(self, farewell: Callable[[], None] = lambda: None) -> None:
        """The host's "Switch off the table" (companion/appliance/power.py): ``farewell``
        tells the pages, once the table is known to be set up for it."""
        if not self.config.power.switch_off:
            raise RuleError(
                "this table is not set up to switch itself off ([power] switch_off): stop it where it runs"
            )
        log.warning("the host switches the table off")
        farewell()
        self.power_off()

    def tell_time(self, theirs: datetime) -> None:
        """The host's phone's time, which dates the games where the Pi's clock cannot
        (companion/store/clock.py); a correction is said in the log."""
        corrected = self.store.clock.tell(theirs)
        if corrected is not None:
            log.warning(
                "the Pi's clock is not synchronised and is %s off the host's phone's: "
                "games are dated by the phone's clock",
                corrected,
            )

    # ------------------------------------------------------------ running
    def call(self, action: Callable[..., Any], *args) -> Any:
        return self.runner.call(action, *args)

    def result(self, session: Session) -> dict:
        """The game's result as stored: scores, places, its breakdown, the winners' names."""
        names = session.game.names(session.state)
        result = session.game.result(session.state)
        return {**result.to_dict(), "winners": [names[seat] for seat in result.winners]}

    def _changed(self, session: Session) -> None:
        if self._stalled(session):
            log.warning(
                "the bots found no way to end game %s in %d decisions: it is ended, scored as it stands",
                self.game_id,
                MAX_STEPS,
            )
            self.end_game()  # tells the listeners
            return
        if (
            session.game.is_over(session.state)
            and self.game_id is not None
            and self.store.result(self.game_id) is None
        ):
            self._keep_tallies(session)  # first: a finished game's checkpoints are closed
            self.store.finish(self.game_id, self.result(session))
        tell(self.listeners, session)

    def _stalled(self, session: Session) -> bool:
        """Bots alone at the table have played MAX_STEPS events without an end (as the
        simulator stops such a game): with a person there, the host decides."""
        seats = self.runner.seats
        players = session.game.players(session.state)
        return (
            len(session.match.log) >= MAX_STEPS
            and self.ended != self.game_id
            and not self.human_seats
            and seats is not None
            and len(seats.bots) == players
            and not session.game.is_over(session.state)
        )

    def _keep_tallies(self, session: Session) -> None:
        """What the finished game counts for the history's charts, kept with it
        (``TALLIES_KEY``): the history then reads it rather than replaying the game."""
        if self.spec is None or self.spec.tallies is None or self.game_id is None:
            return
        try:
            keep_tallies(self.store, self.game_id, self.spec.tallies(session.state))
        except StoreError as exc:  # the history replays the game instead
            log.warning("the game's tallies were not saved: %s", exc)

    def close(self) -> None:
        self.runner.stop()
        self.inputs.close()
        self.store.close()


def open_store(path) -> EventStore:
    """The table's store, held against any other ``samarkand run`` for the appliance's life:
    a damaged file is moved aside (and said so) and a new store begun, an empty file is said
    so, and one that cannot be written is refused before any game."""
    try:
        store = EventStore(path, sole=True)
    except StoreCorruptError as exc:
        log.warning("%s", exc)
        store = EventStore(path, sole=True)
        kept = kept_copy(store.path)
        if kept.exists():
            log.warning(
                "A copy of the store kept at an earlier start is at %s: %s.", kept, _restore_hint(kept)
            )
    if store.found_empty:
        log.warning(
            "The game store %s was an empty file: it held no games, so a new store was begun "
            "in it. If it should have held games, they were lost before this start (a disk "
            "fault, or a power cut as it was first written): look for a copy.",
            store.path,
        )
    try:
        store.check_writable()
    except StoreError:
        store.close()
        raise
    keep_a_copy(store)
    return store


def keep_a_copy(store: EventStore) -> None:
    """The copy of the store kept beside it (``EventStore.keep_copy``), at each start and
    between games; a copy that cannot be written is said, and the table plays on."""
    try:
        if store.keep_copy() is None:
            kept = kept_copy(store.path)
            log.warning(
                "The copy kept beside the store, %s, holds more games than the store: it was "
                "left as it is (%s).",
                kept,
                _restore_hint(kept),
            )
    except StoreError as exc:
        log.warning("%s", exc)


def _restore_hint(kept) -> str:
    """How a person puts the kept copy's games back (both warnings that name it say it)."""
    return f"stop the table and run `samarkand games restore {kept}` to put its games back"


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


class StopAsked:
    """Whether a signal (Ctrl-C, the service's stop) has asked the table to stop. Its
    handler only notes it: a handler runs in the main thread between two bytecodes, maybe
    while that thread holds a lock (a ``threading.Event``'s, as it waits on one), and one
    that took that lock would wait for itself for ever (``Event.set`` did: a Ctrl-C hung)."""

    def __init__(self) -> None:
        self._asked = False

    def __call__(self, _signum: int, _frame: Any) -> None:
        self._asked = True  # one store: no lock

    def asked(self) -> bool:
        return self._asked


def run(args) -> int:
    """``samarkand run``: the table, until the game ends (without web) or a signal."""
    from companion.appliance.inputs import open_inputs
    from companion.runtime.terminal import Narrator

    try:
        config = load(args)
        wifi = None if args.no_web else network.apply(config)  # the table's own Wi-Fi
        store = open_store(config.store.path)  # a store that fails touches no GPIO
        inputs = open_inputs(config, simulate=args.simulate)
    except (ConfigError, StoreError, RuleError, ValueError, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    appliance = Appliance(config, inputs, store, seed=args.seed)
    appliance.wifi = wifi
    terminal = Narrator(
        appliance, keyboard_seat=None if args.seat is None else args.seat - 1, table_keys=True
    )
    server = None
    stop = StopAsked()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, stop)
    try:
        print(_banner(appliance, args), flush=True)
        print(_open_table(appliance, args), flush=True)
        terminal.attach()
        appliance.runner.start()
        server = None if args.no_web else _serve(appliance, config)
        for line in appliance.addresses:  # and again at each turn start (the terminal)
            print(line, flush=True)
        terminal.run(stop.asked, exit_when_over=server is None)
    except (RuleError, StoreError, CannotServe) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        if server is not None:
            server.close()
        appliance.close()
    return 0


def _open_table(appliance: Appliance, args) -> str:
    """What the table does first, and the line that says so: back to the lobby kept in the
    store, on with the unfinished game, back to the results of the game it closed last (no
    lobby opened since), or a new lobby; or, headless (``--no-web``), with
    ``--autostart`` or a keyboard seat, a game started at once with bots in the other seats.
    A keyboard seat outside the game is refused before anything is stored."""
    at_once = args.no_web or args.autostart or args.seat is not None
    keyboard = None if args.seat is None else args.seat - 1
    if keyboard is not None:
        appliance.human_seats.add(keyboard)  # never a bot's, not even for a moment
    if not at_once and not args.new and appliance.restore_lobby():
        kept = appliance.lobby
        assert kept is not None
        if args.game in (None, kept.game) and args.players in (None, kept.seats):
            return f"Back to the lobby of {kept.spec.title}"
        changed = appliance.change_lobby(lambda lobby: _as_asked(lobby, args.game, args.players))
        return f"Back to the lobby, now of {changed.spec.title} with {changed.seats} seats"
    if not args.new and appliance.resume(phones=not args.no_web):
        assert appliance.session is not None and appliance.spec is not None
        players = appliance.session.game.players(appliance.session.state)
        _check_seat(keyboard, players)
        resuming = f"Resuming the unfinished game of {appliance.spec.title} (game {appliance.game_id})"
        if args.game not in (None, appliance.spec.name) or args.players not in (None, players):
            resuming += ", not the game asked for: --new abandons it"
        return resuming
    if not (at_once or args.new or args.game or args.players) and appliance.reopen():
        assert appliance.spec is not None
        return (
            f"Back to the results of game {appliance.game_id} ({appliance.spec.title}): "
            "Play again, or another game, from the host console"
        )
    spec = game_spec(args.game or appliance.config.lobby.game)
    if not at_once:
        lobby = _as_asked(Lobby.open(spec.name, spec.usual_players()), None, args.players)
        appliance.open_lobby(lobby)
        return f"The lobby of {lobby.spec.title}: nothing is played before Start"
    setup = spec.setup(spec.usual_players() if args.players is None else args.players)
    _check_seat(keyboard, setup["players"])
    appliance.new_game(setup, game=spec.name)
    return f"A new game of {spec.title} (game {appliance.game_id})"


def _as_asked(lobby: Lobby, game: str | None, players: int | None) -> Lobby:
    """The lobby with the game and the seats the command line asks for (None: as it is),
    the people who joined kept; a count outside the game's range, or one that would leave
    someone without a seat, is refused with the reason."""
    if game is not None and game != lobby.game:
        lobby.choose_game(game)
    if players is not None and players != lobby.seats:
        lobby.set_seats(players)
    return lobby


def _check_seat(seat: int | None, players: int) -> None:
    if seat is not None and not 0 <= seat < players:
        raise RuleError(
            "--seat must be a seat from 1 to {players}, not {seat}", players=players, seat=seat + 1
        )


def _banner(appliance: Appliance, args) -> str:
    """How this table is played, and how to stop it: printed before anything else."""
    from companion.appliance.inputs import gpio_chips

    mode = "real buzzers"
    if appliance.inputs.press is not None:
        mode = "simulation mode: bots play the seats nobody takes"
        if not args.simulate and gpio_chips():  # a Pi whose buzzers it cannot read
            mode += " (this machine has GPIO, but lgpio does not import: samarkand doctor says what to do)"
    if args.no_web:
        how = "no phone page: the game starts at once"
    elif args.autostart or args.seat is not None:
        how = "the game starts at once; phones take the bots' seats"
    else:
        how = "a lobby first: phones join, the host starts the game"
    return f"{mode} · {how} · Ctrl-C quits"


class CannotServe(Exception):
    """The phone page cannot listen where the configuration says; the message says why."""


def _serve(appliance: Appliance, config: Config):
    try:
        from web.server import serve
    except ImportError:
        return None
    try:
        return serve(
            appliance, config, network.listen_sockets(), appliance.wifi.address if appliance.wifi else None
        )
    except OSError as exc:
        web = config.web
        if exc.errno == errno.EADDRINUSE:
            raise CannotServe(
                f"the web page's port {web.port} is in use by another program (another "
                f"`samarkand run`?): stop it, or choose another port with --port N (or "
                f"[web] port in the configuration)"
            ) from None
        raise CannotServe(
            f"the web page cannot listen on {web.host}:{web.port} ({exc.strerror}): choose "
            f"another port with --port N (above 1023), or another [web] host"
        ) from None
