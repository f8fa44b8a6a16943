"""Store figures: acknowledged actions per second with synchronous=FULL, and resume time.

Runs in a temporary folder beside this file (on the project's disk, not a tmpfs), since
the figure that matters is the fsync cost of the disk the store really lives on.
Run from the project folder: .venv/bin/python -m bench.store
"""

import tempfile
import time
from pathlib import Path

from companion.store import EventStore

ACTIONS = 300
RESUME_EVENTS = 300


def _event(i: int) -> dict:
    return {"kind": "stop", "actor": i % 4, "data": {"count": i % 20, "offsets_ms": [0, 23.4]}}


def run() -> dict:
    with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as folder:
        path = Path(folder) / "bench.db"
        with EventStore(path) as store:
            game = store.create_game("marche", {"players": ["A", "B", "C", "D"]})
            start = time.perf_counter()
            for i in range(ACTIONS):
                store.append(game, _event(i))
            append_s = time.perf_counter() - start

        resume = Path(folder) / "resume.db"
        with EventStore(resume) as store:
            game = store.create_game("marche", {"players": ["A", "B", "C", "D"]})
            for i in range(0, RESUME_EVENTS, 10):
                store.append_many(game, [_event(i + k) for k in range(10)])
        start = time.perf_counter()
        with EventStore(resume) as store:
            events = store.events(store.unfinished())
        open_read_s = time.perf_counter() - start
        assert len(events) == RESUME_EVENTS
    return {
        "acked_actions_per_s": ACTIONS / append_s,
        "append_ms_mean": append_s / ACTIONS * 1000,
        "open_and_read_300_events_ms": open_read_s * 1000,
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:.1f}")
