"""Appliance figures: acknowledged actions per second, and process start to a resumed game served.

- Actions go through the whole appliance path (Appliance.call -> Session.act ->
  StoreJournal -> EventStore with synchronous=FULL): each returns only after its commit.
- Resume: `samarkand run --simulate` (web on a free local port) is started on a store
  holding a game interrupted half-way; the clock stops when GET /api/state answers 200.
The stores live in a temporary folder beside this file, on the project's disk (not a
tmpfs), since the fsync cost of the real disk is the figure that matters.
Run from the project folder: .venv/bin/python bench/resume.py
"""

from __future__ import annotations

import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from companion.appliance.inputs import Inputs  # noqa: E402
from companion.appliance.running import Appliance, open_store  # noqa: E402
from companion.config import load_config  # noqa: E402
from companion.core.errors import RuleError  # noqa: E402
from companion.core.game import Event  # noqa: E402
from companion.games.marche.state import CAMEL, CLAIMING, PICKING  # noqa: E402

GAMES = 4
RESUMES = 5
SERVE_TIMEOUT_S = 30


def next_action(state) -> Event:
    """A plain legal action: first cards offered, the Dean stops every other turn at once."""
    if state.phase == PICKING:
        seat = state.picks.index(None)
        return Event("pick", seat, {"card": state.hands[seat][0]})
    if state.phase == CLAIMING:
        seat = next(s for s in state.stop.seats() if s not in state.stop.claims)
        target = CAMEL if state.camel_up is not None else next((s for s in state.offers if s != seat), None)
        return Event("claim", seat, {"target": target})
    if state.turn % 2:
        return Event("stop", None, {"count": state.price, "stoppers": [[state.dean, 0]]})
    return Event("end_countdown")


def _appliance(store_path: Path, seed: int = 1) -> Appliance:
    """An appliance with no inputs and an hour's lead-in: only the actions given move it."""
    config = load_config(None, {"store": {"path": str(store_path)}, "table": {"lead_in_ms": 3600000}})
    return Appliance(config, Inputs(), open_store(config.store.path), seed=seed, bots_fill_seats=False)


def play(appliance: Appliance, actions: int | None = None) -> list[float]:
    """Act until the game is over (or ``actions`` are done); each action's seconds."""
    core, times = appliance.session, []
    while not core.game.is_over(core.state) and (actions is None or len(times) < actions):
        event = next_action(core.state)
        start = time.perf_counter()
        try:
            appliance.call(core.act, event)
        except RuleError:  # a claim the rules refuse: name nothing
            appliance.call(core.act, Event("claim", event.actor, {"target": None}))
        times.append(time.perf_counter() - start)
    return times


def acknowledged_actions(folder: Path) -> dict:
    appliance = _appliance(folder / "actions.db")
    times: list[float] = []
    for _ in range(GAMES):
        appliance.new_game({"players": 4})
        times += play(appliance)
    appliance.close()
    times.sort()
    return {
        "acked_actions": len(times),
        "acked_actions_per_s": round(len(times) / sum(times), 1),
        "act_ms_median": round(statistics.median(times) * 1000, 2),
        "act_ms_p99": round(times[int(len(times) * 0.99)] * 1000, 2),
    }


def interrupted_game(path: Path) -> int:
    """A store whose newest game stopped half-way; returns its number of events."""
    appliance = _appliance(path)
    appliance.new_game({"players": 4})
    play(appliance, actions=40)
    events = len(appliance.session.match.log)
    appliance.close()
    return events


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _serving(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError):
        return False


def start_to_served(store: Path) -> float:
    """Seconds from starting `samarkand run --simulate` to its first 200 on /api/state."""
    port = _free_port()
    args = [
        sys.executable,
        "-m",
        "companion.appliance.cli",
        "run",
        "--simulate",
        "--port",
        str(port),
        "--set",
        f"store.path={store}",
        "--set",
        "web.host=127.0.0.1",
    ]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    start = time.perf_counter()
    proc = subprocess.Popen(
        args, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
    )
    try:
        while not _serving(f"http://127.0.0.1:{port}/api/state"):
            if proc.poll() is not None or time.perf_counter() - start > SERVE_TIMEOUT_S:
                raise RuntimeError(f"the appliance never served: {proc.stderr.read().decode()}")
            time.sleep(0.005)
        return time.perf_counter() - start
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
        proc.stderr.close()


def resume_times(folder: Path) -> dict:
    store = folder / "resume.db"
    events = interrupted_game(store)
    times = sorted(start_to_served(store) for _ in range(RESUMES))
    return {
        "resumed_game_events": events,
        "start_to_served_ms_median": round(statistics.median(times) * 1000, 1),
        "start_to_served_ms_max": round(times[-1] * 1000, 1),
    }


def run() -> dict:
    with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as folder:
        return {**acknowledged_actions(Path(folder)), **resume_times(Path(folder))}


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
