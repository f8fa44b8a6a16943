"""Sources that answer a game's chance requests.

Both produce the same chance event, so the log replays without ever re-rolling. The
digital source derives each draw from (seed, position in the log, deck) alone, so an undo
followed by the same decision draws the same card again.
"""

from __future__ import annotations

from hashlib import blake2b
from typing import Any

from companion.core.errors import RuleError
from companion.core.game import ChanceRequest
from companion.core.phrase import Phrase


class SeededChance:
    """Deterministic digital draws for a seed.

    A draw takes the 64-bit BLAKE2b digest of "seed/position/deck" modulo the number of
    cards left, and counts that far through the remaining cards in sorted order. Hashing is
    about ten times cheaper than seeding a ``random.Random`` per draw, and the modulo bias
    (under 2**-50 for any real deck) is far below anything a table could notice.

    The hash is public, so the draws are only as secret as the seed: a short seed (the
    simulator's, a table script's) is found by trying them all against the draws the
    table saw. A table's seed is a secret of 256 bits that the appliance makes with
    ``secrets`` and passes in; the core itself reads no entropy.
    """

    def __init__(self, seed: int | str) -> None:
        self.seed = seed

    def draw(self, request: ChanceRequest, position: int) -> Any:
        digest = blake2b(f"{self.seed}/{position}/{request.deck}".encode(), digest_size=8).digest()
        pick = int.from_bytes(digest, "big") % sum(request.remaining.values())
        for card in sorted(request.remaining):
            pick -= request.remaining[card]
            if pick < 0:
                return card
        raise AssertionError("unreachable: pick within the total")


class CardAwaited(Exception):
    """The physical table has to say which card came up (or which face the die shows)."""

    def __init__(self, request: ChanceRequest, problem: str = "") -> None:
        super().__init__(problem or f"enter the card turned up from the {request.deck} deck")
        self.request = request


class EnteredChance:
    """The physical table's draws: every one waits for a person to enter the real card
    (``Match.enter_chance``, checked against what is left by the game)."""

    def draw(self, request: ChanceRequest, position: int) -> Any:
        raise CardAwaited(request)


def check_remaining(request: ChanceRequest, card: Any) -> None:
    """Refuse a card that is not in the deck (now, or ever), naming what is left when that
    is public.

    The card must equal a remaining card of the same type (1.0 or True is not the card 1).
    """
    remaining = request.remaining
    for same in remaining:
        if same == card and type(same) is type(card) and remaining[same] > 0:
            return
    if not request.remaining_public:  # how many are left would tell the hidden hands
        raise RuleError("card {card} is not in the {deck} deck", card=repr(card), deck=request.deck)
    if not request.counted:  # a die's face, a seat: always all there
        choices = ", ".join(str(c) for c, n in sorted(remaining.items()) if n)
        raise RuleError("{card} is not one of the choices: {choices}", card=repr(card), choices=choices)
    left = ", ".join(f"{c}×{n}" for c, n in sorted(remaining.items()) if n) or Phrase("nothing")
    raise RuleError(
        "card {card} is not in the {deck} deck (left: {left})", card=repr(card), deck=request.deck, left=left
    )
