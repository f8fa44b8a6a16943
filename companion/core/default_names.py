"""The names the appliance gives seats no person named, stored in English whatever the
table's language: "Seat 3" (the engine's name for a seat), "Seat 3 (bot)" and "Tara (bot)"
(a bot the table seated, named after its seat or by the host).

One place for all who read or write them: the engines and the history name a seat, the
lobby names its bots, the history's records leave them to nobody, and the pages say them
in the reader's language ("Place 3 (robot)": web/i18n.py on the server; web/static/shell.js
in the browser, a copy of ``FORMS`` that a test holds to them). A person may not take a
name that looks like one (web/identity.py).
"""

from __future__ import annotations

import re

_SEAT = re.compile(r"Seat (\d+)")
_SEAT_BOT = re.compile(r"Seat (\d+) \(bot\)")
_NAMED_BOT = re.compile(r"(.+) \(bot\)")
FORMS = ((_SEAT_BOT, "Seat {n} (bot)"), (_NAMED_BOT, "{name} (bot)"), (_SEAT, "Seat {n}"))
"""Each stored form (the first that matches a whole name) and the phrase that says it:
"{n}" a seat's number, "{name}" the name the host gave a bot."""


def seat_name(seat: int) -> str:
    """The name of ``seat`` (counted from 0) when nobody named it."""
    return f"Seat {seat + 1}"


def bot_name(seat: int, name: str | None = None) -> str:
    """A bot's name in ``seat``: the host's name for it, else its seat's, marked a bot."""
    return f"{name or seat_name(seat)} (bot)"


def given_bot_name(name: str) -> str | None:
    """The name the host gave the bot called ``name`` ("Tara" of "Tara (bot)"); None for a
    bot named after its seat, and for anyone else."""
    found = None if _SEAT_BOT.fullmatch(name) else _NAMED_BOT.fullmatch(name)
    return found.group(1) if found else None


def nobodys(name: str) -> bool:
    """Whether ``name`` is nobody's: a seat's own ("Seat 3") or a bot's named after its seat
    ("Seat 3 (bot)"), no one's record whoever sat there. A bot the host named ("Tara (bot)")
    has a record of its own, as a person has."""
    return _SEAT.fullmatch(name) is not None or _SEAT_BOT.fullmatch(name) is not None
