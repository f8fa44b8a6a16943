"""The table on the Pi's terminal: what happens in words, the final scores, a keyboard seat.

Every game is told through its own narration (the registry's ``Narration``): the
terminal only prints what it says, with anything a player typed (their name) escaped
so that no control character reaches the terminal or the journal raw.

The ways in (the join, table and host URLs and the PIN, ``Appliance.addresses``) are
printed again whenever who sits where changes (in the lobby or in the game) and whenever a
line is typed at the terminal, never at every turn; a host's new game is announced as one, and a game that ends, finished or ended by the host, is scored.
The keyboard seat sees its own view (hand, money…) whenever it is its move; it cannot
undo: that is the host's.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import replay
from companion.core.registry import Narration

BUZZER_KEY = "Enter = your buzzer"
QUIT_KEY = "q = quit"


def printable(text: str) -> str:
    """``text`` with every non-printable character shown as an escape (\\x1b, \\u200e…)."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class Narrator:
    def __init__(
        self, appliance, keyboard_seat: int | None = None, out: TextIO | None = None, table_keys: bool = False
    ) -> None:
        """``table_keys``: without a keyboard seat, read the terminal's lines anyway (Enter
        starts the lobby's game; any other line prints the ways in again). ``out``: the
        standard output of the moment, unless told (not the one there was at import)."""
        self.appliance = appliance
        self.table_keys = table_keys
        self.seat = keyboard_seat
        self.out = sys.stdout if out is None else out
        self._seen = 0
        self._before = None
        self._scored = False
        self._game_id = None
        self.quit = threading.Event()
        self._flagged: set[int] = set()
        self._hands_told = 0
        self._lobby_seats: str | None = None
        self._yours: tuple[str, str | None] | None = None  # what the keyboard seat was last told

    @property
    def narration(self):
        """The game's own words, or the contract's plain account of a game without them."""
        return self.appliance.spec.narration or self._plain

    @property
    def _buzzers(self) -> bool:
        """Whether the game is played with buzzers (Enter is the keyboard seat's)."""
        return self.appliance.spec.realtime is not None

    @property
    def _plain(self) -> Narration:
        session = self.appliance.session
        game = session.game

        def describe(event, before, after):
            shown = game.redact(event, None)
            who = "" if event.actor is None else f"{game.names(after)[event.actor]}: "
            return [f"{who}{shown['kind']} {json.dumps(shown['data'], ensure_ascii=False)}"]

        def score_sheet(state):
            result = game.result(state)
            return "\n".join(
                f"{place}. {name}: {score}"
                for place, name, score in sorted(zip(result.places, game.names(state), result.scores))
            )

        def command(state, seat, text):
            kind, _, data = text.partition(" ")
            try:
                return Event(kind, seat, json.loads(data or "{}"))
            except json.JSONDecodeError:
                raise RuleError('type an action and its data as JSON: want {"n": 1}') from None

        def yours(view):
            you = view.get("you") or {}
            held = " · ".join(f"{key}: {json.dumps(value)}" for key, value in you.items() if key != "seat")
            return held or "-", None

        return Narration(describe, score_sheet, command, 'ACTION {"key": value}', yours)

    def attach(self) -> None:
        self.appliance.listeners.append(self._on_change)
        if hasattr(self.appliance, "lobby_listeners"):
            self.appliance.lobby_listeners.append(self._on_lobby)
        if self.seat is None and self.table_keys:
            threading.Thread(target=self._table_keys, name="keyboard", daemon=True).start()
        if self.appliance.session is None:  # the lobby: the game starts later
            self._on_lobby(self.appliance.lobby)
            return
        session = self.appliance.session
        self._game_id = self.appliance.game_id
        self._hands_told = len(getattr(self.appliance, "hands", []))
        if self.seat is not None:
            self.appliance.take_seat(self.seat)
            name = session.game.names(session.state)[self.seat]
            keys = [self.narration.keyboard_help, *([BUZZER_KEY] if self._buzzers else []), QUIT_KEY]
            self._say(f"You play {name}. keys: {' · '.join(keys)}")
        if any(event.actor is not None for event in session.match.log):  # resumed: on from here
            self._seen, self._before = len(session.match.log), session.game.copy(session.state)
        else:  # nobody has acted yet: what its setup drew (the cards in play, the first lots)
            self._seen, self._before = 0, replay(session.game, session.match.setup, [])
            self._tell(session)
        if session.game.is_over(session.state) or self._ended():  # resumed on a game over
            self._on_change(session)
        if self.seat is not None:
            self._say_yours(session)
            threading.Thread(target=self._keyboard, name="keyboard", daemon=True).start()

    def run(self, stopped: Callable[[], bool], exit_when_over: bool) -> None:
        """Until ``stopped()`` (a signal), the q key or, ``exit_when_over``, the game scored."""
        while not stopped():
            if self.quit.wait(0.2) or (self._scored and exit_when_over):
                return
            self.flag_disconnected()

    def flag_disconnected(self) -> None:
        """Say once when the table waits on a seat whose phone has gone away."""
        gone = self.appliance.disconnected()
        if not gone:
            self._flagged.clear()
            return

        def waited(now):
            session = self.appliance.session
            if session is None or session.paused or session.game.is_over(session.state):
                return set(), ()
            return set(session.game.to_act_shown(session.state, None)), session.game.names(session.state)

        seats, names = self.appliance.call(waited)
        stalled = seats & gone
        for seat in sorted(stalled - self._flagged):
            self._say(
                f"Waiting for seat {seat + 1} ({names[seat]}), whose phone is "
                f"disconnected: the host console can hand the seat to a bot or move it "
                f"to another phone"
            )
        self._flagged = stalled

    def _on_lobby(self, lobby) -> None:
        """The lobby as it stands, and the ways in whenever who sits where changes."""
        if lobby is None:  # started: the game tells itself
            self._lobby_seats = None
            return
        spec = lobby.spec
        rows = []
        for seat in range(lobby.seats):
            holder = lobby.holder(seat)
            rows.append(
                f"{seat + 1}. "
                + (
                    lobby.people[seat]["name"]
                    if holder == "person"
                    else f"bot ({lobby.bots[seat]['style']})"
                    if holder == "bot"
                    else "empty"
                )
            )
        line = f"Lobby of {spec.title} ({spec.min_players}-{spec.max_players} players): " + " · ".join(rows)
        if line == self._lobby_seats:
            return
        self._lobby_seats = line
        self._say(line)
        self._say(
            "Enter: start now with bots in the empty seats · the host console starts the game · Ctrl-C quits"
        )
        self._remind()

    def _table_keys(self) -> None:
        """Without a keyboard seat: Enter in the lobby starts the game with bots in the
        empty seats; any other line prints the ways in again."""
        for line in sys.stdin:
            text = line.strip()
            if text == "q":
                self.quit.set()
                return
            if text == "" and self.appliance.lobby is not None:
                try:
                    self.appliance.start_lobby(fill={})  # each empty seat: the game's own style
                except RuleError as exc:
                    self._say(f"  ✗ {exc}")
            else:
                self._remind()

    def _ended(self) -> bool:
        """The host ended the current game early (``Appliance.end_game``)."""
        ended = getattr(self.appliance, "ended", None)
        return ended is not None and ended == self.appliance.game_id

    def _on_change(self, session) -> None:
        log = session.match.log
        if self.appliance.game_id != self._game_id:  # the host started a new game
            self._game_id, self._scored = self.appliance.game_id, False
            self._seen, self._before = 0, replay(session.game, session.match.setup, [])
            self._say(f"A new game of {self.appliance.spec.title} (game {self.appliance.game_id})")
        if len(log) < self._seen:  # an undo
            self._say(f"Undone: {self._seen - len(log)} event(s)")
            self._seen, self._before = len(log), session.game.copy(session.state)
        else:
            self._tell(session)
        if self._tell_hands(session):  # who sits where changed
            self._remind()
        if self.seat is not None:
            self._say_yours(session)
        over = session.game.is_over(session.state)
        if (over or self._ended()) and not self._scored:
            self._scored = True
            if not over:
                self._say("The game was ended early. Scores of what everyone holds now:")
            try:
                self._say(self.narration.score_sheet(session.state))
            except RuleError as exc:
                self._say(f"No scores: {exc}")

    def _tell(self, session) -> None:
        """The events since the last told, in the game's words."""
        log, lines, state = session.match.log, [], self._before
        for event in log[self._seen :]:
            after = session.game.apply(state, event)
            lines += self.narration.describe(event, state, after)
            state = after
        for line in lines:
            self._say(line)
        self._seen, self._before = len(log), session.game.copy(session.state)

    def _tell_hands(self, session) -> bool:
        """Who acts for a seat when it changes: a person, a bot, or the decision timer
        (True when it told any)."""
        hands = getattr(self.appliance, "hands", [])
        if len(hands) < self._hands_told:  # another game's
            self._hands_told = 0
        names = session.game.names(session.state)
        for change in hands[self._hands_told :]:
            seat = change["seat"]
            who = f"Seat {seat + 1} ({names[seat]})" if seat < len(names) else f"Seat {seat + 1}"
            if change.get("secret"):  # the terminal tells the table's facts: not whose
                who = "A seat (which one is secret)"
            self._say(
                {
                    "person": f"{who} is played by a person from now on",
                    "bot": f"{who} is played by a bot from now on",
                    "timer": f"{who}: the decision timer ran out, a bot decided",
                }.get(change["by"], f"{who}: {change['by']}")
            )
        told = len(hands) > self._hands_told
        self._hands_told = len(hands)
        return told

    def _remind(self) -> None:
        """The ways in again: when who sits where changes, or on request (a line typed)."""
        for line in getattr(self.appliance, "addresses", ()):
            self._say(line)

    def _say_yours(self, session) -> None:
        """What the keyboard seat holds and has to do, in the game's words, from its own
        view (what its phone would get): said when either changes, not at every event."""
        try:
            yours = self.narration.yours(session.game.view(session.state, self.seat))
        except RuleError:
            return
        held, to_do = yours
        said_held, said_to_do = self._yours or (None, None)
        self._yours = yours
        if held != said_held:
            self._say(f"Yours: {held}")
        if to_do is not None and (to_do, held) != (said_to_do, said_held):
            self._say(f"Your move: {to_do}")

    def _keyboard(self) -> None:
        """The keyboard seat's commands, a line each, until q or the end of its input
        (Ctrl-D), which quits as q does rather than leave the seat waited on by nobody."""
        for line in sys.stdin:
            try:
                if not self._command(line.strip()):
                    break
            except RuleError as exc:
                self._say(f"  ✗ {exc}")
        session = self.appliance.session
        if session is not None and not session.game.is_over(session.state) and not self._ended():
            self._say("Quitting: the game is kept, and the next `samarkand run` goes on with it")
        self.quit.set()  # run() returns and the appliance closes

    def _command(self, text: str) -> bool:
        appliance, seat = self.appliance, self.seat
        session = appliance.session
        if text == "":
            if not self._buzzers:
                self._say("  no buzzer in this game: type your move (the keys above)")
                return True
            if appliance.inputs.press is None:
                self._say("  use your real buzzer")
                return True
            appliance.call(lambda now: appliance.inputs.press(seat, True, now))
            appliance.call(lambda now: appliance.inputs.press(seat, False, now + 100_000))
        elif text == "u":
            self._say("  only the host can undo (the host console)")
        elif text == "q":
            return False
        else:
            event = self.narration.command(session.state, seat, text)
            appliance.call(session.act, event)
        return True

    def _say(self, text: str) -> None:
        self.out.write("\n".join(map(printable, text.split("\n"))) + "\n")
        self.out.flush()
