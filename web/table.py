"""The page's side of the running appliance: actions in, snapshots out, refusals worded.

Every action runs through ``appliance.call`` (under the table lock, with the table clock)
and comes back either done or as ``Refused`` with a message a person can act on; a refused
action leaves the game as it was, since the engine checks before it changes anything.
"""
from __future__ import annotations

import math
import threading

from companion.core.errors import RuleError
from companion.games.marche.options import CHOICES
from companion.games.marche.state import BANK, CAMEL
from companion.store import StoreError
from web.hub import Hub
from web.identity import Refused, Seats
from web.snapshot import scores, snapshot

RELEASE_AFTER_US = 100_000      # the on-screen buzzer is released 100 ms after its press
TABLE_LIMITS_MS = {"tie_window_ms": (0, 1000), "step_ms": (10, 10_000),
                   "lead_in_ms": (0, 60_000), "claim_deadline_ms": (500, 600_000)}


class WebTable:
    def __init__(self, appliance, hub: Hub) -> None:
        self.appliance = appliance
        self.hub = hub
        self.seats = Seats(appliance)
        self.lock = threading.Lock()
        self.ended: set[int] = set()                        # games the host ended early
        self.overrides: dict[int, dict[int, dict]] = {}     # game -> seat -> kept goods
        self.accepted: set[int] = set()
        self._modes: dict[int, str] = {}
        self._score_cache: tuple | None = None
        appliance.listeners.append(hub.notify)
        self.seats.sync()

    # ------------------------------------------------------------ reading
    def snapshot(self, viewer: int | None) -> dict:
        names = self.seats.names()
        return self.appliance.call(self._snapshot, viewer, names)

    def _snapshot(self, viewer: int | None, names: dict[int, str], now: int) -> dict:
        core, game_id = self._core(), self.appliance.game_id
        ended = game_id in self.ended
        score = self._scores(core, names) if ended or core.game.is_over(core.state) else None
        return snapshot(core, now, viewer, names=names, ended=ended,
                        simulated=self.appliance.inputs.press is not None,
                        mode=self._mode(game_id), score=score)

    def display_names(self) -> list[str]:
        names = self.seats.names()
        return [names.get(seat, name) for seat, name in enumerate(self._core().state.names)]

    def _core(self):
        core = self.appliance.core
        if core is None:
            raise Refused(503, "no game is set up yet: the host can start one")
        return core

    def _mode(self, game_id: int | None) -> str:
        if game_id not in self._modes:
            self._modes[game_id] = self.appliance.store.config(game_id).get("mode", "digital")
        return self._modes[game_id]

    def _scores(self, core, names: dict[int, str]) -> dict:
        game_id = self.appliance.game_id
        overrides = self.overrides.get(game_id, {})
        key = (game_id, core.version, repr(sorted(overrides.items())), repr(sorted(names.items())))
        if self._score_cache is None or self._score_cache[0] != key:
            self._score_cache = (key, scores(core, names, overrides))
        return {**self._score_cache[1], "accepted": game_id in self.accepted}

    # ------------------------------------------------------------ acting
    def run(self, action, *args):
        """Run a core action for a phone or the host; refusals become ``Refused``."""
        if self.appliance.game_id in self.ended:
            raise Refused(409, "this game was ended: the host can start a new one")
        core = self._core()
        try:
            return self.appliance.call(getattr(core, action), *args)
        except RuleError as exc:
            raise Refused(409, self._in_names(str(exc))) from None
        except StoreError as exc:
            raise Refused(503, f"the Pi could not save that: {exc}") from None

    def _in_names(self, message: str) -> str:
        """The engine's message with the names people joined under."""
        for seat, name in self.seats.names().items():
            message = message.replace(self._core().state.names[seat], name)
        return message

    def pick(self, seat: int, card) -> None:
        self.run("pick", seat, whole_number(card, "card"))

    def claim(self, seat: int, target) -> None:
        self.run("claim", seat, parse_target(target))

    def buzz(self, seat: int) -> None:
        press = self.appliance.inputs.press
        if press is None:
            raise Refused(404, "there is no on-screen buzzer at this table: use your buzzer")
        self._core()

        def both(now: int) -> None:
            press(seat, True, now)
            press(seat, False, now + RELEASE_AFTER_US)
        self.appliance.call(both)

    def join(self, seat, name) -> str:
        token = self.seats.join(seat, name, self.display_names())
        self.hub.notify()
        return token

    # ------------------------------------------------------------ host
    def new_game(self, body: dict) -> int:
        players = whole_number(body.get("players"), "players")
        if not 3 <= players <= 5:
            raise Refused(400, "Le Marché is played by 3 to 5 players")
        rules = body.get("rules") or {}
        if not isinstance(rules, dict) or set(rules) - set(CHOICES):
            raise Refused(400, f"rule options are {', '.join(CHOICES)}")
        table = parse_table(body.get("table") or {})
        mode = body.get("mode", "digital")
        kept = self.seats.kept_for(players)
        names = [kept[s]["name"] if s in kept else f"Seat {s + 1}" for s in range(players)]
        for seat in set(self.appliance.human_seats) - set(kept):
            self.appliance.release_seat(seat)
        try:
            game_id = self.appliance.new_game({"players": players, "names": names, "rules": rules},
                                              table, mode)
        except RuleError as exc:
            raise Refused(400, str(exc)) from None
        self.seats.install(game_id, kept)
        self.hub.notify()
        return game_id

    def end(self) -> None:
        """End early: the table stops and scores what everyone holds now."""
        core, game_id = self._core(), self.appliance.game_id
        if core.game.is_over(core.state):
            raise Refused(409, "the game is already over")
        if game_id in self.ended:
            return
        self.appliance.end_game()
        self.ended.add(game_id)
        self.hub.notify()

    def override(self, seat, keep) -> None:
        """The table's own discard for one player (None: back to the advice)."""
        core, game_id = self._core(), self.appliance.game_id
        if not (core.game.is_over(core.state) or game_id in self.ended):
            raise Refused(409, "discards are chosen when the game is over")
        if game_id in self.accepted:
            raise Refused(409, "the scores were already accepted")
        seat = whole_number(seat, "seat")
        if not 0 <= seat < core.state.players:
            raise Refused(400, f"there is no seat {seat}")
        chosen = dict(self.overrides.get(game_id, {}))
        if keep is None:
            chosen.pop(seat, None)
        else:
            if not isinstance(keep, dict):
                raise Refused(400, "keep must map each goods type to the card values kept")
            chosen[seat] = keep
        try:
            scores(core, {}, chosen)
        except (RuleError, TypeError) as exc:
            raise Refused(409, str(exc)) from None
        self.overrides[game_id] = chosen
        self._keep_result(core)
        self.hub.notify()

    def accept(self) -> None:
        core, game_id = self._core(), self.appliance.game_id
        if not (core.game.is_over(core.state) or game_id in self.ended):
            raise Refused(409, "the scores are accepted when the game is over")
        self.accepted.add(game_id)
        self._keep_result(core)
        self.hub.notify()

    def _keep_result(self, core) -> None:
        """The scores as the table settled them, kept in the store with the game."""
        self.appliance.call(lambda now: self.appliance.record_result(
            self._scores(core, self.seats.names())))


def whole_number(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(400, f"{what} must be a whole number, not {value!r}")
    return value


def parse_target(target):
    """A claim names a seat, "bank", "camel", or null for nothing."""
    if target is None or target in (BANK, CAMEL):
        return target
    return whole_number(target, "the card claimed (a seat, \"bank\", \"camel\" or null)")


def parse_table(table) -> dict:
    if not isinstance(table, dict) or set(table) - set(TABLE_LIMITS_MS):
        raise Refused(400, f"table settings are {', '.join(TABLE_LIMITS_MS)}")
    for key, value in table.items():
        low, high = TABLE_LIMITS_MS[key]
        if not isinstance(value, (int, float)) or isinstance(value, bool) \
                or not math.isfinite(value) or not low <= value <= high:
            raise Refused(400, f"{key} must be a number from {low} to {high}")
    return table
