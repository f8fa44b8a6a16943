"""Who is asking: the seat a phone holds, the host's session, and the action token.

A seat is held by a random token (``secrets.token_urlsafe``) in an HttpOnly cookie. Only
its SHA-256 is kept, in the store's checkpoint for the game, so a seat survives the page
reloading, the phone sleeping and the Pi restarting, and a copy of the store does not let
anyone take the seat. There is no rejoin by name: losing the cookie means asking the host,
who can move the seat to another phone (a new token, the old one revoked: ``move``), free
it for a new phone to join, or hand it to a bot (``leave``).

Host sessions live in memory only: a restart prints a new PIN (or the fixed one), so the
host logs in again; wrong PINs are throttled per client and over all (web/pin.py). The
action token every POST carries in a header is derived from the browser's visitor cookie,
which a page on another origin can neither read nor guess.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import re
import secrets
import threading
import time
import unicodedata

from companion.core.phrase import Phrase
from companion.store.events import JOINED_KEY
from web.pin import PinGuard

SEATS_KEY = JOINED_KEY
SEAT_COOKIE, HOST_COOKIE, VISITOR_COOKIE = "sk_seat", "sk_host", "sk_visitor"
ACTION_HEADER = "X-Action-Token"
COOKIE_MAX_AGE = 60 * 60 * 24 * 60
NAME_MAX = 20
_DEFAULT_NAME = re.compile(r"(seat|place) \d+", re.IGNORECASE)  # a seat's own name, in either language
_BOT_MARK = re.compile(r".*\(\s*(bot|robot)\s*\)", re.IGNORECASE)  # how the pages mark a bot


class Refused(ValueError):
    """A request the page refuses, with the HTTP status and a message a person understands
    (a ``Phrase``: the app answers it in the reader's language)."""

    def __init__(self, status: int, message: str, /, **params) -> None:
        self.phrase = Phrase.of(message, **params)
        super().__init__(self.phrase)
        self.status = status


def set_cookie(response, name: str, value: str) -> None:
    """HttpOnly, SameSite=Lax, and not Secure: the page is plain http on the table's LAN."""
    response.set_cookie(
        name, value, max_age=COOKIE_MAX_AGE, httponly=True, samesite="Lax", secure=False, path="/"
    )


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def action_token(visitor: str) -> str:
    """The header token that goes with a visitor cookie."""
    return digest("action:" + visitor)[:32]


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Seats:
    """The seats phones have joined in the current game: digest(token) -> (seat, name)."""

    def __init__(self, appliance) -> None:
        self.appliance = appliance
        self.lock = threading.Lock()
        self.game_id: int | None = None
        self.joined: dict[int, dict] = {}  # seat -> {"token": digest, "name": name}
        self.bots: set[int] = set()  # seats the host handed to a bot
        self.expected: dict[int, dict] | None = None  # a new game's seats until installed

    def sync(self) -> None:
        """Follow the appliance to its current game, loading that game's joined seats (a
        game the host is starting has the seats it keeps, even before they are saved)."""
        game_id = self.appliance.game_id
        with self.lock:
            if game_id == self.game_id:
                return
            saved = self.appliance.store.checkpoint(game_id, SEATS_KEY) if game_id else None
            if saved is None and self.expected is not None:
                saved = {"seats": self.expected}
            self.game_id = game_id
            self.joined = {int(s): v for s, v in (saved or {}).get("seats", {}).items()}
            self.bots = set((saved or {}).get("bots", []))
        for seat in self.joined:
            self.appliance.take_seat(seat)

    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        self.sync()
        wanted = digest(token)
        with self.lock:
            for seat, entry in self.joined.items():
                if hmac.compare_digest(entry["token"], wanted):
                    return seat
        return None

    def names(self) -> dict[int, str]:
        self.sync()
        with self.lock:
            return {seat: entry["name"] for seat, entry in self.joined.items()}

    def join(self, seat, name, display_names: list[str]) -> str:
        """Give ``seat`` to a new token under ``name``; returns the token for the cookie."""
        self.sync()
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(display_names):
            raise Refused(400, "there is no seat {seat} at this table", seat=repr(seat))
        name = clean_name(name)
        others = [n.lower() for s, n in enumerate(display_names) if s != seat]
        if name.lower() in others:
            raise Refused(409, "someone at the table is already called {name}", name=name)
        token = new_token()
        with self.lock:
            if seat in self.joined or seat in self.bots:
                raise Refused(409, "seat {seat} is taken; pick a free seat", seat=seat + 1)
            if any(entry["name"].lower() == name.lower() for entry in self.joined.values()):
                # a phone that joined since ``display_names`` was read (two at once)
                raise Refused(409, "someone at the table is already called {name}", name=name)
            joined = {**self.joined, seat: {"token": digest(token), "name": name}}
            self._save(joined, self.bots)
            self.joined = joined
        self.appliance.take_seat(seat)
        return token

    def leave(self, seat: int, to_bot: bool) -> None:
        """The host takes ``seat`` from its phone: for a bot to play (``to_bot``), or free
        for a new phone to join (a bot plays it meanwhile where bots fill seats)."""
        self.sync()
        with self.lock:
            joined = {s: v for s, v in self.joined.items() if s != seat}
            bots = (self.bots | {seat}) if to_bot else (self.bots - {seat})
            self._save(joined, bots)
            self.joined, self.bots = joined, bots
        self.appliance.release_seat(seat)

    def move(self, seat: int) -> str:
        """A new token for a joined ``seat`` (another phone); the old one stops working."""
        self.sync()
        token = new_token()
        with self.lock:
            if seat not in self.joined:
                raise Refused(
                    409,
                    "seat {seat} is not held by a phone: free seats are joined from the join page",
                    seat=seat + 1,
                )
            joined = {**self.joined, seat: {**self.joined[seat], "token": digest(token)}}
            self._save(joined, self.bots)
            self.joined = joined
        return token

    def handed_to_bots(self) -> set[int]:
        self.sync()
        with self.lock:
            return set(self.bots)

    def kept_for(self, players: int) -> dict[int, dict]:
        """The joined seats a new game of ``players`` keeps (same phones, same people)."""
        self.sync()
        with self.lock:
            return {s: v for s, v in self.joined.items() if s < players}

    def expect(self, kept: dict[int, dict] | None) -> None:
        """The host starts a new game keeping ``kept``: a phone asking before ``install``
        (the game is there, its seats not yet saved) is still in its seat. None: it failed."""
        with self.lock:
            self.expected = kept

    def install(self, game_id: int, kept: dict[int, dict]) -> None:
        """The new game ``game_id`` starts with the ``kept`` seats already joined."""
        with self.lock:
            self.game_id = game_id
            self._save(kept, set())
            self.joined, self.bots, self.expected = dict(kept), set(), None

    def _save(self, joined: dict[int, dict], bots: set[int]) -> None:
        self.appliance.store.set_checkpoint(
            self.game_id, SEATS_KEY, {"seats": {str(s): v for s, v in joined.items()}, "bots": sorted(bots)}
        )


def clean_name(name) -> str:
    """The name as people will read it: NFC, one space between words, printable.

    Control and format characters, lone surrogates, private-use and unassigned code points
    are refused rather than dropped (they would rewrite the Pi's terminal, or break every
    line that prints the name); the length is counted in characters once normalised.
    """
    if not isinstance(name, str):
        raise Refused(400, "type your name")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise Refused(400, "a name can only have letters, digits, signs and spaces")
    name = " ".join(unicodedata.normalize("NFC", name).split())
    if not name:
        raise Refused(400, "type your name")
    if len(name) > NAME_MAX:
        raise Refused(400, "a name has at most {most} characters", most=NAME_MAX)
    if _DEFAULT_NAME.fullmatch(name):
        raise Refused(400, "pick a name of your own, not a seat number")
    if _BOT_MARK.fullmatch(name):
        raise Refused(400, "pick a name of your own: (bot) marks the bots the table chose")
    return name


class HostSessions:
    """Who typed the PIN; wrong PINs slow their own client down (web/pin.py)."""

    def __init__(self, pin: str, clock=time.monotonic) -> None:
        self.pin = pin
        self.clock = clock
        self.lock = threading.Lock()
        self.sessions: set[str] = set()
        self.guard = PinGuard()

    def login(self, pin, client: str) -> str:
        """A session token for the right PIN from ``client`` (its address)."""
        now = self.clock()
        with self.lock:
            wait = self.guard.wait_s(client, now)
            if wait > 0:
                raise Refused(
                    429, "too many wrong PINs: wait {seconds} s and try again", seconds=math.ceil(wait)
                )
            if not isinstance(pin, str) or not hmac.compare_digest(
                pin.encode(errors="replace"), self.pin.encode()
            ):
                self.guard.failed(client, now)
                raise Refused(403, "wrong PIN")
            self.guard.succeeded(client)
            token = new_token()
            self.sessions.add(digest(token))
            return token

    def is_host(self, token: str | None) -> bool:
        if not token:
            return False
        with self.lock:
            return digest(token) in self.sessions

    def logout(self, token: str | None) -> None:
        with self.lock:
            self.sessions.discard(digest(token or ""))
