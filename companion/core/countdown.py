"""The countdown's schedule: counts at absolute deadlines t0 + k·step, never drifting.

A ``Countdown`` is one uninterrupted run of counts; after a stop the runtime starts a new
one one below. All times are table-clock microseconds (``signals.now_us``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Countdown:
    opens_us: int  # when ``first`` appears on the display
    first: int  # the first count shown
    lowest: int  # the lowest count shown (the lowest price)
    step_us: int

    def count_at(self, t_us: int) -> int | None:
        """The count on display at ``t_us``; None before it opens or after the last."""
        if t_us < self.opens_us:
            return None
        count = self.first - (t_us - self.opens_us) // self.step_us
        return count if count >= self.lowest else None

    def tick_us(self, count: int) -> int:
        """The deadline at which ``count`` appears."""
        return self.opens_us + (self.first - count) * self.step_us

    @property
    def ends_us(self) -> int:
        """When the lowest count's time is up."""
        return self.tick_us(self.lowest - 1)

    def next_tick_after(self, t_us: int) -> int | None:
        """The first deadline strictly after ``t_us`` (the last one is ``ends_us``)."""
        if t_us < self.opens_us:
            return self.opens_us
        if t_us >= self.ends_us:
            return None
        k = (t_us - self.opens_us) // self.step_us + 1
        return self.opens_us + k * self.step_us
