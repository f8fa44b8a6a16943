"""Turns input-register snapshots into buzzer presses stamped at their first edge.

Every seat is judged from the same snapshot, so buzzers that closed between two
samples get the same stamp: a genuine tie, never an order made up by pin number.
A press is reported at its first edge with no debounce delay; the seat is then locked
out until its line has been released and stable for ``release_stable_us``, so
contact bounce can never make a second press nor move the first one's stamp.
"""

IDLE = 0
HELD = 1
RELEASING = 2

PRESSED = 0
RELEASED = 1
STUCK = 2


class Buzzers:
    def __init__(self, seats, release_stable_us=20000, stuck_us=5000000):
        self.seats = seats
        self.release_stable_us = release_stable_us
        self.stuck_us = stuck_us
        self.state = [IDLE] * seats
        self.pressed_at = [0] * seats
        self.released_at = [0] * seats
        self.stuck_told = [False] * seats
        self.last_mask = 0

    def sample(self, mask, now):
        """Events (kind, seat, time) for one snapshot; bit i of ``mask`` = seat i is down."""
        events: list[tuple[int, int, int]] = []
        if mask == self.last_mask and max(self.state) == IDLE:
            return events
        self.last_mask = mask
        for seat in range(self.seats):
            down = (mask >> seat) & 1
            state = self.state[seat]
            if state == IDLE:
                if down:
                    self.state[seat] = HELD
                    self.pressed_at[seat] = now
                    self.stuck_told[seat] = False
                    events.append((PRESSED, seat, now))
                continue
            if down:
                self.state[seat] = HELD
                if not self.stuck_told[seat] and now - self.pressed_at[seat] >= self.stuck_us:
                    self.stuck_told[seat] = True
                    events.append((STUCK, seat, self.pressed_at[seat]))
                continue
            if state == HELD:
                self.state[seat] = RELEASING
                self.released_at[seat] = now
            if now - self.released_at[seat] >= self.release_stable_us:
                self.state[seat] = IDLE
                events.append((RELEASED, seat, self.released_at[seat]))
        return events
