"""The page's side of the running appliance: actions in, snapshots out, refusals worded.

Every action runs through ``appliance.call`` (under the table lock, with the table clock)
and comes back either done or as ``Refused`` with a message a person can act on (or as the
``StoreError`` of a store that could not save it, which the app answers with a 503); a
refused action leaves the game as it was, since the engine checks before it changes anything.
Games are reached only through the registry: an action is an event handed to the engine,
a new game's options are checked against the game's own schema.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from datetime import UTC, datetime
from typing import Any

from companion.core.chart import Chart, progress
from companion.core.default_names import seat_name
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.core.registry import game_spec
from web.hub import Hub
from web.identity import Refused, Seats, digest
from web.lobby import join as join_lobby
from web.lobby import lobby_snapshot
from web.snapshot import scores, snapshot

log = logging.getLogger(__name__)
EARLIEST_MS, LATEST_MS = 1_577_836_800_000, 7_258_118_400_000
"""2020-01-01 and 2200-01-01: the times a browser's clock may plausibly tell."""
RELEASE_AFTER_US = 100_000  # the on-screen buzzer is released 100 ms after its press
FAREWELL_S = 3.0  # how long switching off waits for the open pages to hear of it
TABLE_CHOICES = "table_choices"  # in a kept result: seat -> the table's own choice


class GameService:
    def __init__(self, appliance, hub: Hub) -> None:
        self.appliance = appliance
        self.hub = hub
        self.seats = Seats(appliance)
        self.lock = threading.Lock()
        self.overrides: dict[int, dict[int, Any]] = {}  # game -> seat -> the table's own choice
        self.accepted: set[int] = set()
        self._modes: dict[int | None, str] = {}
        self._score_cache: tuple | None = None
        self._chart_cache: tuple | None = None
        self.streams: Counter[int] = Counter()  # open streams per seat
        self.switching_off = False  # the host has switched the table off: every page says so
        appliance.listeners.append(hub.notify)
        appliance.lobby_listeners.append(hub.notify)
        appliance.disconnected = self.disconnected
        self.seats.sync()
        self._settled_as_kept()

    def _settled_as_kept(self) -> None:
        """The table restarted on a closed game's results: the scores as it had settled them
        (its own choices, accepted or not), from the result kept with the game."""
        game_id = self.appliance.game_id
        result = (self.appliance.store.result(game_id) if game_id is not None else None) or {}
        if result.get("accepted"):
            self.accepted.add(game_id)
        choices = result.get(TABLE_CHOICES) or {}
        if choices:
            self.overrides[game_id] = {int(seat): choice for seat, choice in choices.items()}

    # ------------------------------------------------------------ who is here
    def opened(self, seat: int | None) -> None:
        """A phone's live stream opened (its seat is connected while one is open)."""
        if seat is not None:
            with self.lock:
                self.streams[seat] += 1
            self.hub.notify()

    def closed(self, seat: int | None) -> None:
        if seat is not None:
            with self.lock:
                self.streams -= Counter({seat: 1})
            self.hub.notify()

    def disconnected(self) -> set[int]:
        """The seats a person holds whose phone has no live page open."""
        names = self.seats.names()
        return set(names) - self.connected(names)

    def connected(self, names: dict[int, str]) -> set[int]:
        """The seats of ``names`` (the people's) whose phone has a live page open: only that
        phone decides for its seat and enters its hidden draws."""
        with self.lock:
            return {seat for seat in names if self.streams[seat]}

    def seat_states(self, session, names: dict[int, str], viewer: int | None) -> list[dict]:
        """Each seat for the host console and the table screen: who holds it (a phone,
        connected or not, a bot, or nobody) and whether the table waits on it, as far as
        ``viewer`` may know (who has made a sealed bid is a secret)."""
        waited = set() if session.paused else set(session.game.to_act_shown(session.state, viewer))
        handed = self.seats.handed_to_bots()
        with self.lock:
            live = dict(self.streams)
        rows = []
        for seat, name in enumerate(session.game.names(session.state)):
            if seat in handed or self.appliance.bot_plays(seat):
                state = "bot"  # (a bot finishing its move before a person's)
            elif seat in names:
                state = "connected" if live.get(seat) else "disconnected"
            else:
                state = "free"
            rows.append(
                {"seat": seat, "name": names.get(seat, name), "state": state, "waited": seat in waited}
            )
        return rows

    # ------------------------------------------------------------ reading
    def seat_of(self, token: str | None) -> int | None:
        """The seat a phone's token holds: in the lobby while one is open, else in the game."""
        lobby = self.appliance.lobby
        if lobby is not None:
            return lobby.seat_of(digest(token)) if token else None
        return self.seats.seat_of(token)

    def snapshot(self, viewer: int | None) -> dict:
        shown = self._lobby_or_game(viewer)
        shown["switching_off"] = self.switching_off
        return shown

    def _lobby_or_game(self, viewer: int | None) -> dict:
        """Which one is decided under the table's lock: Play again or Start between the
        two would find a game gone, or none yet (a stream was cut at every Play again)."""
        return self.appliance.call(self._lobby_or_game_now, viewer, self.seats.names())

    def _lobby_or_game_now(self, viewer: int | None, names: dict[int, str], now: int) -> dict:
        lobby = self.appliance.lobby
        if lobby is None:
            return self._snapshot(viewer, names, now)
        with self.lock:
            live = dict(self.streams)
        return lobby_snapshot(lobby, viewer, live)

    def _snapshot(self, viewer: int | None, names: dict[int, str], now: int) -> dict:
        session, game_id = self._session(), self.appliance.game_id
        ended = self._ended(game_id)
        over = ended or session.game.is_over(session.state)
        score = self._scores(session, names) if over else None
        shown = snapshot(
            session,
            now,
            viewer,
            game_name=self.appliance.spec.name if self.appliance.spec else "",
            names=names,
            phones=self.connected(names),
            ended=ended,
            simulated=self.appliance.inputs.press is not None,
            mode=self._mode(game_id),
            score=score,
        )
        shown["table"]["after_undo"] = self.after_undo(session)
        shown["seats"] = self.seat_states(session, names, viewer)
        shown["hands"] = self.hand_changes(session, names, viewer, over)
        return shown

    def hand_changes(self, session, names: dict[int, str], viewer: int | None, over: bool) -> list[dict]:
        """When each seat passed between a person and a bot (or the decision timer let a
        bot decide once), so the table knows who made which moves: ``at`` is the number of
        events the game had then. A ``secret`` one (the timer ran out on a sealed bid) is
        shown to its own seat only, until the game is over."""
        engine_names = session.game.names(session.state)
        return [
            {**change, "name": names.get(change["seat"], engine_names[change["seat"]])}
            for change in self.appliance.hands
            if change["seat"] < len(engine_names)
            and (over or viewer == change["seat"] or not change.get("secret"))
        ]

    def display_names(self) -> list[str]:
        names = self.seats.names()
        session = self._session()
        return [names.get(seat, name) for seat, name in enumerate(session.game.names(session.state))]

    def _session(self):
        session = self.appliance.session
        if session is None and self.appliance.lobby is not None:
            raise Refused(409, "the game has not started yet: the host starts it from the lobby")
        if session is None:
            raise Refused(503, "no game is set up yet: the host can start one")
        return session

    def _mode(self, game_id: int | None) -> str:
        if game_id not in self._modes:
            self._modes[game_id] = self.appliance.store.config(game_id).get("mode", "digital")
        return self._modes[game_id]

    def chart(self) -> Chart:
        """The finished game's chart: its standings replayed from the log. Only once the game
        is over or ended: during play a seat's money may be secret."""
        session, game_id = self._session(), self.appliance.game_id
        names = self.seats.names()
        setup, log, over = self.appliance.call(
            lambda now: (
                session.match.setup,
                list(session.match.log),
                self._ended(game_id) or session.game.is_over(session.state),
            )
        )
        if not over:
            raise Refused(409, "the chart of the game is drawn once the game is over")
        key = (game_id, session.version, repr(sorted(names.items())))
        if self._chart_cache is None or self._chart_cache[0] != key:
            try:
                self._chart_cache = (key, progress(session.game, setup, log, names))
            except RuleError:  # the state was changed behind the log's back: say so, once
                raise Refused(
                    500, "the chart of this game cannot be drawn: its log does not replay"
                ) from None
        return self._chart_cache[1]

    def _scores(self, session, names: dict[int, str]) -> dict:
        game_id = self.appliance.game_id
        overrides = self.overrides.get(game_id, {})
        key = (game_id, session.version, repr(sorted(overrides.items())), repr(sorted(names.items())))
        if self._score_cache is None or self._score_cache[0] != key:
            self._score_cache = (key, scores(self.appliance.spec, session, names, overrides))
        return {**self._score_cache[1], "accepted": game_id in self.accepted}

    # ------------------------------------------------------------ acting
    def run(self, action, *args, refusal: Phrase | None = None):
        """Run a core action for a phone or the host (a Session method by name, or a function
        of the table clock), under the table lock; refusals become ``Refused``, saying the
        engine's reason or, where that is not the asker's to know, ``refusal``. The session
        is taken under the lock too: an action racing the host's new game meets the game
        the table has when it runs, never the abandoned one."""

        def locked(*given):
            if self._ended(self.appliance.game_id):
                raise Refused(409, "this game was ended: the host can start a new one")
            session = self._session()
            return (getattr(session, action) if isinstance(action, str) else action)(*given)

        try:
            return self.appliance.call(locked, *args)
        except RuleError as exc:
            raise Refused(409, refusal or self._in_names(exc.phrase)) from None

    def _in_names(self, phrase: Phrase) -> Phrase:
        """The engine's message with the names people joined under."""
        session = self._session()
        engine_names = session.game.names(session.state)
        joined = {engine_names[seat]: name for seat, name in self.seats.names().items()}

        def renamed(text):
            if isinstance(text, Phrase) and text.params:  # a name may sit in a phrase within
                return Phrase(text.template, **{k: renamed(v) for k, v in text.params.items()})
            if not isinstance(text, str):
                return text
            plain = str(text)
            for engine_name, name in joined.items():
                plain = plain.replace(engine_name, name)
            return Phrase(plain) if isinstance(text, Phrase) else plain

        return renamed(phrase)

    def act(self, seat: int, kind, data) -> None:
        """A seat's decision from its own phone, as the event the engine is handed (it
        refuses what is wrong, in the words of the seat's own view)."""
        self._check_decision(kind, data)
        if self.appliance.bot_plays(seat):
            raise Refused(409, "the bot is finishing its move for this seat: it is yours in a moment")
        self.run("act", Event(kind, seat, data))

    def act_for(self, seat, kind, data) -> None:
        """The host decides for a seat no phone holds (a bot's, a free or a disconnected
        one). The engine's reason for a refusal is worded from the seat's own view and may
        name its secrets (its money, its goods), so the host is told only that it was refused."""
        self._check_decision(kind, data)
        session = self._session()
        seat = whole_number(seat, Phrase("seat"))
        if not 0 <= seat < session.game.players(session.state):
            raise Refused(400, "there is no seat {seat} at this table", seat=seat + 1)
        name = self.display_names()[seat]
        if seat in self.connected(self.seats.names()):
            raise Refused(409, "{name}'s phone is connected: only that phone decides for the seat", name=name)

        def for_the_seat(now: int) -> None:
            self._session().act(Event(kind, seat, data), now)
            self.appliance.decided_for(seat, now)

        self.run(
            for_the_seat,
            refusal=Phrase(
                "the rules refuse this decision for {name} (only the seat's own phone is told why: "
                "the reason may be its secret)",
                name=name,
            ),
        )

    def _check_decision(self, kind, data) -> None:
        """Only a seat's own kinds of decision come from the web: the table's own events
        (draws, entries, a countdown's stops and ends) are made by the appliance alone."""
        session = self._session()
        if not isinstance(kind, str) or kind not in session.game.decisions:
            raise Refused(400, "say what you do (kind) with its details (data)")
        if not isinstance(data, dict):
            raise Refused(400, "the action's data must be an object")

    def enter_card(self, data: dict, seat: int | None = None) -> None:
        """A draw at a physical table, ``{"card": ...}``, entered by the host (``seat``
        None) or by a phone. A hidden draw is its drawer's: entered on their own phone, by
        the host only while no connected phone holds that seat. No refusal names a card."""
        if "card" not in data:
            raise Refused(400, "say which card was turned up")
        names = self.seats.names()

        def entered(now: int) -> None:
            session = self._session()
            request = session.match.waiting_for_card
            if request is not None and request.seen_by != seat:
                if seat is not None:
                    raise Refused(409, "no draw of yours is awaited: the table enters this one")
                if request.seen_by in self.connected(names):
                    name = names.get(request.seen_by, session.game.names(session.state)[request.seen_by])
                    raise Refused(409, "this draw is secret: {name} enters it on their own phone", name=name)
            session.enter_card(data["card"], now)

        self.run(entered)

    def undo(self, to_person: bool = False) -> Phrase:
        """Undo the last decision (``to_person``: back to the last decision a person made,
        the bots' since undone too); says which, in the game's words where it has them.
        With bots at the table the game is then held until the host resumes, so that a bot
        does not make the undone move again at once. The move that ended the game may be
        taken back too, until another game starts: its scores are then to be accepted anew."""

        def undone(now: int) -> Phrase:  # told under the same lock: no bot acts between
            session = self._session()
            dropped = session.undo(now)
            self.accepted.discard(self.appliance.game_id)
            self.overrides.pop(self.appliance.game_id, None)
            while to_person and not self._a_persons(dropped[0]):
                try:
                    dropped = session.undo(now)
                except RuleError:  # nothing of a person's left to undo
                    break
            seats = self.appliance.runner.seats
            if seats is not None and seats.bots:
                session.pause(now, "undo")
            return self._told(dropped[0])

        return Phrase("Undone: {what}", what=self.run(undone))

    def _a_persons(self, event: Event) -> bool:
        return event.actor is not None and not self.appliance.bot_plays(event.actor)

    def after_undo(self, session) -> bool:
        """The game is held after an undo, until the host resumes it."""
        return session.paused and session.held_by == "undo"

    def _told(self, event: Event) -> Phrase:
        """The dropped ``event`` in the game's words (its narration's first line, from the
        state it was applied to, which is the state again), else who did what."""
        session, narration = self._session(), self.appliance.spec.narration
        if narration is not None:
            lines = narration.describe(event, session.state, session.game.apply(session.state, event))
            if lines:
                return self._in_names(lines[0] if isinstance(lines[0], Phrase) else Phrase(lines[0]))
        if event.actor is None:  # (a secret decision, such as a pick, is not told)
            return Phrase("the table's last step")
        return self._in_names(
            Phrase("{name}'s last decision", name=session.game.names(session.state)[event.actor])
        )

    def buzz(self, seat: int) -> None:
        press = self.appliance.inputs.press
        if press is None:
            raise Refused(404, "there is no on-screen buzzer at this table: use your buzzer")
        self._session()

        def both(now: int) -> None:
            press(seat, True, now)
            press(seat, False, now + RELEASE_AFTER_US)

        self.appliance.call(both)

    def join(self, seat, name) -> str:
        if self.appliance.lobby is not None:
            return join_lobby(self.appliance, seat, name)
        token = self.seats.join(seat, name, self.display_names())
        self.hub.notify()
        return token

    # ------------------------------------------------------------ host
    def switch_off(self) -> None:
        """The host's "Switch off the table" (a game in progress is kept and resumes at the
        next start). Every open page hears it first, so that phones and the table screen say
        the table is off and when to unplug it, rather than try to reconnect."""
        try:
            self.appliance.switch_off(farewell=self._farewell)
        except RuleError as exc:
            self.switching_off = False  # systemd refused: the evening goes on
            self.hub.notify()
            raise Refused(409, exc.phrase) from None

    def _farewell(self) -> None:
        self.switching_off = True
        self.hub.notify()
        if not self.hub.settle(FAREWELL_S):
            log.warning("a page did not hear that the table is switching off")

    def tell_time(self, now_ms: Any) -> None:
        """The host's browser's clock (``Date.now()``, sent with the PIN): anything but a
        time between 2020 and 2200 is ignored, as the login needs no clock."""
        if type(now_ms) in (int, float) and EARLIEST_MS <= now_ms <= LATEST_MS:
            self.appliance.tell_time(datetime.fromtimestamp(now_ms / 1000, UTC))

    def new_game(self, body: dict) -> int:
        """A new game of the host's choice, with options from its own schema."""
        default = self.appliance.spec.name if self.appliance.spec else self.appliance.config.lobby.game
        game = body.get("game") or default
        players = whole_number(body.get("players"), Phrase("players"))
        rules = body.get("rules") or {}
        table = body.get("table") or {}
        if not isinstance(rules, dict) or not isinstance(table, dict):
            raise Refused(400, "rules and table settings are objects of name: value")
        mode = body.get("mode", "digital")
        lobby = self.appliance.lobby  # a game started at once keeps the lobby's people
        kept = (
            self.seats.kept_for(players)
            if lobby is None
            else {s: v for s, v in lobby.people.items() if s < players}
        )
        # a seat nobody holds keeps the stored form ("Seat 2"), said in each reader's language
        # ("Place 2") and no one's record in the history
        names = [kept[s]["name"] if s in kept else seat_name(s) for s in range(players)]
        try:
            spec = game_spec(game)
            setup = spec.setup(players, rules, names)
        except RuleError as exc:
            raise Refused(400, exc.phrase) from None
        for seat in set(self.appliance.human_seats) - set(kept):
            self.appliance.release_seat(seat)
        self.seats.expect(kept)
        try:
            game_id = self.appliance.new_game(setup, table, mode, spec.name)
        except RuleError as exc:
            self.seats.expect(None)
            raise Refused(400, exc.phrase) from None
        self.seats.install(game_id, kept)
        self.hub.notify()
        return game_id

    def seat(self, seat, to) -> str | None:
        """The host's seat controls: hand ``seat`` to a bot, free it for a new phone, or
        move it to another phone (returns that phone's new token; the old one is revoked)."""
        session = self._session()
        seat = whole_number(seat, Phrase("seat"))
        if not 0 <= seat < session.game.players(session.state):
            raise Refused(400, "there is no seat {seat} at this table", seat=seat + 1)
        if to not in ("bot", "free", "move"):
            raise Refused(400, 'say what becomes of the seat: "bot", "free" or "move"')
        if to == "bot" and not self.appliance.bots_can_play(self.appliance.spec):
            raise Refused(
                409,
                "bots press buzzers only in simulation mode: free the seat for a new phone, "
                "or move it to another phone",
            )
        token = None
        if to == "move":
            token = self.seats.move(seat)
        else:
            self.seats.leave(seat, to_bot=to == "bot")
        self.hub.notify()
        return token

    def end(self) -> None:
        """End early: the table stops and scores what everyone holds now."""
        session, game_id = self._session(), self.appliance.game_id
        if session.game.is_over(session.state):
            raise Refused(409, "the game is already over")
        if self._ended(game_id):
            return
        self.appliance.end_game()
        self.hub.notify()

    def _ended(self, game_id: int | None) -> bool:
        """The host ended ``game_id`` early (it is the table's, stopped on its scores)."""
        return game_id is not None and self.appliance.ended == game_id

    def override(self, seat, choice) -> None:
        """The table's own end-of-game choice for one player, where the game has one (Le
        Marché's discard); None: back to the advice."""
        session, game_id = self._session(), self.appliance.game_id
        if not (session.game.is_over(session.state) or self._ended(game_id)):
            raise Refused(409, "discards are chosen when the game is over")
        if game_id in self.accepted:
            raise Refused(409, "the scores were already accepted")
        seat = whole_number(seat, Phrase("seat"))
        if not 0 <= seat < session.game.players(session.state):
            raise Refused(400, "there is no seat {seat} at this table", seat=seat)
        check = self.appliance.spec.table_choice if self.appliance.spec else None
        if check is None:
            raise Refused(409, "this game has no choices to make at the end")
        chosen = dict(self.overrides.get(game_id, {}))
        if choice is None:
            chosen.pop(seat, None)
        else:
            try:
                chosen[seat] = check(choice)
            except RuleError as malformed:
                raise Refused(400, malformed.phrase) from None
        try:
            scores(self.appliance.spec, session, {}, chosen)
        except RuleError as exc:
            raise Refused(409, exc.phrase) from None
        self.overrides[game_id] = chosen
        self._keep_result(session)
        self.hub.notify()

    def accept(self) -> None:
        session, game_id = self._session(), self.appliance.game_id
        if not (session.game.is_over(session.state) or self._ended(game_id)):
            raise Refused(409, "the scores are accepted when the game is over")
        self.accepted.add(game_id)
        self._keep_result(session)
        self.hub.notify()

    def _keep_result(self, session) -> None:
        """The scores as the table settled them, kept in the store with the game (its
        own choices too: a restart on the results shows them as they were)."""
        choices = {
            str(seat): choice for seat, choice in self.overrides.get(self.appliance.game_id, {}).items()
        }
        self.appliance.call(
            lambda now: self.appliance.record_result(
                {**self._scores(session, self.seats.names()), TABLE_CHOICES: choices}
            )
        )


def whole_number(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(400, "{what} must be a whole number, not {value}", what=what, value=repr(value))
    return value
