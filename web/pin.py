"""The host PIN's guard: guessing stays slow, and no phone can lock the host out.

Each client (an address on the table's network) is throttled on its own: after PIN_TRIES
wrong PINs within PIN_WINDOW_S it waits until the oldest of them is that old. Over all
clients together, wrong PINs are spaced GAP_S apart once a burst of BURST is spent: each
wrong PIN books the next free slot, and its client's next try waits for that slot. A
client with nothing booked is checked at once, so the host's phone typing the right PIN is
let in however many guesses others make; a right PIN clears its client's record.

Brute force: every wrong PIN after a client's first waits for a slot of its own, and the
k-th slot is at least (k - BURST) x GAP_S after the first wrong PIN, so m wrong PINs from
N addresses take at least (m - N - BURST) x GAP_S. All 10,000 PINs: from one phone
(10,000 - 1 - 10) x 12.5 s = 34.7 h; from a whole /24 of addresses (253)
(10,000 - 263) x 12.5 s = 33.8 h. (Before: 5 wrong PINs a minute for everyone together,
10,000 / 5 min = 33.3 h, and the host locked out meanwhile.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

PIN_TRIES, PIN_WINDOW_S = 5, 60.0
GAP_S, BURST = 12.5, 10


@dataclass
class _Client:
    failures: list[float] = field(default_factory=list)  # its wrong PINs in the window
    wait_until: float = -math.inf


class PinGuard:
    """When each client may try a PIN next; the caller holds a lock and passes the time."""

    def __init__(self) -> None:
        self.clients: dict[str, _Client] = {}
        self.last_slot = -math.inf

    def wait_s(self, client: str, now: float) -> float:
        """Seconds before ``client``'s next PIN is checked (0: at once)."""
        entry = self.clients.get(client)
        return max(0.0, entry.wait_until - now) if entry else 0.0

    def failed(self, client: str, now: float) -> None:
        """A wrong PIN from ``client``: book its next try, on its own count and the slots."""
        self._forget_idle(now)
        entry = self.clients.setdefault(client, _Client())
        entry.failures = [t for t in entry.failures if now - t < PIN_WINDOW_S] + [now]
        self.last_slot = max(self.last_slot, now) + GAP_S
        own = entry.failures[-PIN_TRIES] + PIN_WINDOW_S if len(entry.failures) >= PIN_TRIES else now
        entry.wait_until = max(own, self.last_slot - BURST * GAP_S)

    def succeeded(self, client: str) -> None:
        self.clients.pop(client, None)

    def _forget_idle(self, now: float) -> None:
        """Drop clients with nothing booked and no wrong PIN left in the window."""
        self.clients = {
            c: e for c, e in self.clients.items() if e.wait_until > now or now - e.failures[-1] < PIN_WINDOW_S
        }
