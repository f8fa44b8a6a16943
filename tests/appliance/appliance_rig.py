"""Helpers for the appliance tests: start `samarkand run` for real, read its store, build scripts.

The appliance runs as its own process (``python -m companion.appliance.cli run``) so that SIGKILL and
SIGTERM hit exactly what runs on the Pi; the tests only read the store file between runs.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from companion.core.chance import SeededChance
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.games.marche.bots import STYLES
from companion.games.marche.game import MarcheGame
from companion.games.marche.state import CLAIMING, OVER, PICKING
from companion.games.marche.view import SeatView
from companion.store import EventStore
from companion.store.cli import replay_stored

REPO = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("script_driver.py")
FAST = ["--set", "table.step_ms=50", "--set", "table.lead_in_ms=100", "--set", "bots.pace_s=0"]
"""Table settings that play a whole game in seconds (bots still press in real time, but
decide beside a person at once)."""


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}


def _run_args(
    store: Path, extra: tuple, players: int = 3, seed: int | None = 7, web: bool = False
) -> list[str]:
    """``seed`` None: the table's own way, a new secret seed for each game."""
    args = [
        sys.executable,
        "-m",
        "companion.appliance.cli",
        "run",
        "--simulate",
        "--players",
        str(players),
        *([] if seed is None else ["--seed", str(seed)]),
        *FAST,
        "--set",
        f"store.path={store}",
        *extra,
    ]
    return args if web else [*args, "--no-web"]


def start_appliance(store: Path, out: Path, *extra: str, **options) -> subprocess.Popen:
    """`samarkand run --simulate` on ``store``, its stdout and stderr going to ``out``(.err)."""
    with open(out, "w") as stdout, open(f"{out}.err", "w") as stderr:
        return subprocess.Popen(
            _run_args(store, extra, **options),
            cwd=REPO,
            env=_env(),
            stdout=stdout,
            stderr=stderr,
            stdin=subprocess.DEVNULL,
        )


def refused_start(store: Path, *extra: str, **popen) -> subprocess.CompletedProcess:
    """`samarkand run --simulate` on ``store`` that is expected to refuse to start: its exit
    code and output (through pipes, which a file-size limit does not touch)."""
    return subprocess.run(
        _run_args(store, extra),
        cwd=REPO,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        **popen,
    )


def start_driver(store: Path, script: Path) -> subprocess.Popen:
    """The script driver (script_driver.py) on ``store``: one acknowledged log length a line."""
    return subprocess.Popen(
        [sys.executable, str(DRIVER), str(store), str(script)],
        cwd=REPO,
        env=_env(),
        stdout=subprocess.PIPE,
        text=True,
        stdin=subprocess.DEVNULL,
    )


def wait_for(predicate, timeout: float, what: str, interval: float = 0.02):
    """Poll ``predicate`` until it returns something truthy; fail naming ``what``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def stored_games(store: Path) -> list:
    with EventStore(store) as opened:
        return opened.list_games()


def stored_events(store: Path, game_id: int) -> list[dict]:
    with EventStore(store) as opened:
        return opened.events(game_id)


def replayed(store: Path, game_id: int):
    """The replayed state and its summary (via `samarkand games replay`'s own code)."""
    with EventStore(store) as opened:
        _, state, summary = replay_stored(opened, game_id)
    return state, summary


def money_conserved(state) -> bool:
    return sum(state.money) + state.bank == state.start_money * state.players


def bot_script(seed: int, players: int) -> dict:
    """A whole game as a list of engine events, played by bots with the appliance's draws.

    Chance comes from ``SeededChance(seed)`` at the same log positions as in the appliance
    (Match fills draws exactly as Session does), so an appliance game created with this
    seed turns up the very cards written here.
    """
    rng = random.Random(f"script/{seed}")
    styles = sorted(STYLES)
    bots = [
        STYLES[styles[(seat + seed) % len(styles)]](random.Random(rng.random())) for seat in range(players)
    ]
    setup = {"players": players}
    match = Match(MarcheGame(), setup, SeededChance(seed))
    match.fill_chance()
    while match.state.phase != OVER:
        state = match.state
        if state.phase == PICKING:
            seat = state.picks.index(None)
            match.act(bots[seat].decide(SeatView(state, seat), seat))
        elif state.phase == CLAIMING:
            seat = next(s for s in state.stop.seats() if s not in state.stop.claims)
            try:
                match.act(bots[seat].decide(SeatView(state, seat), seat))
            except RuleError:
                match.act(Event("claim", seat, {"target": None}))
        else:
            bids = [bot.stop_at(SeatView(state, seat), seat) for seat, bot in enumerate(bots)]
            top = max((b for b in bids if b is not None), default=None)
            if top is None:
                match.act(Event("end_countdown"))
                continue
            keen = [seat for seat, b in enumerate(bids) if b == top]
            stoppers = sorted(([seat, rng.randrange(0, 150_000)] for seat in keen), key=lambda s: s[1])
            first = stoppers[0][1]
            stoppers = [[seat, t - first] for seat, t in stoppers if t - first <= 100_000]
            match.act(Event("stop", None, {"count": top, "stoppers": stoppers}))
    return {"seed": seed, "setup": setup, "events": [e.to_dict() for e in match.log]}


def write_script(path: Path, script: dict) -> Path:
    path.write_text(json.dumps(script))
    return path
