"""Maps the board's µs clock onto the host's table clock (``now_us()``).

Each ping gives a sample: the host sent at ``s``, the board read its clock at ``b``,
the reply arrived at ``r``; the board's reading is placed at the round trip's midpoint,
which is off by at most half the round trip. As Klipper's clocksync does, only the
fastest round trips are trusted: a least-squares line is fitted through the fastest
half of the recent samples, so its slope tracks the crystal's drift (ppm) and its
intercept the offset. Used to line the display and the log up with host time; ranking
never depends on it (see driver.BridgeBoard for the stamp mapping).
"""

from __future__ import annotations

from collections import deque


class ClockSync:
    def __init__(self, window: int = 64) -> None:
        self._samples: deque[tuple[int, float, int]] = deque(maxlen=window)
        self._fit: tuple[int, float, float] | None = None  # board ref, host at ref, slope

    def reset(self) -> None:
        """Forget everything: the board restarted, its clock is a new one."""
        self._samples.clear()
        self._fit = None

    @property
    def ready(self) -> bool:
        return self._fit is not None

    def add(self, host_sent: int, board: int, host_received: int) -> None:
        rtt = host_received - host_sent
        if rtt < 0:
            raise ValueError(f"reply received before it was sent ({host_sent} > {host_received})")
        self._samples.append((board, host_sent + rtt / 2, rtt))
        self._refit()

    def _refit(self) -> None:
        ranked = sorted(self._samples, key=lambda s: s[2])
        fast = ranked[: max(1, (len(ranked) + 1) // 2)]
        b0 = fast[0][0]
        xs = [b - b0 for b, _, _ in fast]
        ys = [h for _, h, _ in fast]
        mean_x = sum(xs) / len(xs)
        mean_y = sum(ys) / len(ys)
        var = sum((x - mean_x) ** 2 for x in xs)
        slope = 1.0
        if var > 0 and max(xs) - min(xs) >= 1_000_000:  # a second of spread, or no slope
            slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / var
        self._fit = (b0, mean_y - slope * mean_x, slope)

    def to_host(self, board_us: int) -> int:
        """Host time (µs, table clock) at which the board's clock read ``board_us``."""
        if self._fit is None:
            raise ValueError("no time-sync sample yet: the board has not answered a ping")
        b0, h0, slope = self._fit
        return round(h0 + slope * (board_us - b0))

    @property
    def drift_ppm(self) -> float:
        """How much faster host time runs than board time, in parts per million."""
        return 0.0 if self._fit is None else (self._fit[2] - 1) * 1e6
