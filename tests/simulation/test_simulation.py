"""The generic simulator: any registered game, the same results on any number of workers,
games that cannot end are capped, games that need the table's data are refused."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from toy_game import UrnGame, note

from companion import simulation
from companion.appliance.cli import main
from companion.core.bot import MAX_STEPS, Bot
from companion.core.errors import RuleError
from companion.core.registry import GameSpec, register_game
from companion.simulation import progress_bar, simulate

REPO = Path(__file__).resolve().parents[2]
TIMING = ("seconds", "games_per_second", "workers")


def without_timing(summary) -> dict:
    return {k: v for k, v in summary.to_dict().items() if k not in TIMING}


class Talker(Bot):
    """Never draws: a game with it in every seat can never end."""

    style = "talker"

    def decide(self, view, seat):
        return note("hm", seat)


register_game(
    GameSpec(
        name="urn-stuck",
        title="An urn nobody draws from",
        min_players=1,
        max_players=2,
        engine=UrnGame,
        bots={"talker": Talker},
    )
)


@pytest.mark.parametrize(
    "game, players, games, rules",
    [
        ("marche", 4, 60, None),
        ("market", 4, 8, None),
        ("bazaar", 3, 8, None),
        ("samarkand", 4, 8, {"edition": "2.0"}),
        ("samarkand", 3, 8, {"edition": "1998"}),
        ("urn", 3, 60, None),
    ],
)
def test_the_summary_depends_on_the_seed_and_not_on_the_number_of_workers(game, players, games, rules):
    """Every game the appliance ships (and the toy game): a seed's games are the same on one
    worker and on two, and another seed's are not."""
    one = without_timing(simulate(game, players, games, seed=9, rules=rules, workers=1))
    two = without_timing(simulate(game, players, games, seed=9, rules=rules, workers=2))
    assert one == two and one["games"] == games and one["capped"] == 0
    assert one != without_timing(simulate(game, players, games, seed=10, rules=rules))


def test_the_toy_game_plays_through_the_contract_to_its_end():
    summary = simulate("urn", 2, 20, seed=1).to_dict()
    assert summary["capped"] == 0 and sum(summary["wins_by_seat"].values()) >= 20
    assert set(summary["average_score_by_bot"]) == {"chatty", "greedy"}
    assert summary["per_game"]["events"] > 0


def test_a_game_that_cannot_end_is_capped_and_reported_not_looped_for_ever():
    summary = simulate("urn-stuck", 2, 3, seed=1).to_dict()
    assert summary["capped"] == 3 and summary["wins_by_seat"] == {"seat 1": 0, "seat 2": 0}
    assert summary["per_game"]["events"] == MAX_STEPS


def test_a_game_waiting_for_the_tables_data_is_refused_with_a_reason():
    with pytest.raises(RuleError, match="needs data entered at the table"):
        simulate("urn", 2, 1, seed=1, rules={"label_at_table": True})


def test_bad_players_options_and_styles_are_refused_before_any_game():
    with pytest.raises(RuleError, match="played by 3 to 5 players"):
        simulate("marche", 2, 1, seed=1)
    with pytest.raises(RuleError, match="rule option 'set_scoring'"):
        simulate("marche", 4, 1, seed=1, rules={"set_scoring": "tripling"})
    with pytest.raises(RuleError, match="has no bot 'gambler'"):
        simulate("marche", 4, 1, seed=1, styles=["gambler"])


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_tells_games_done_their_rate_and_the_time_left():
    """On a terminal: the bar, games done, games a second and the time left, redrawn on one
    line at most five times a second; nothing at all when the output is not a terminal."""
    now = [100.0]
    out = Terminal()
    show = progress_bar(out, width=10, clock=lambda: now[0])
    now[0] = 102.0
    show(50, 200)
    now[0] = 102.1  # too soon to redraw
    show(75, 200)
    now[0] = 110.0
    show(100, 200)
    now[0] = 120.0
    show(200, 200)
    lines = out.getvalue().split("\r")[1:]
    assert [line.split(" · ")[0] for line in lines] == [
        "[##........] 50/200 games",
        "[#####.....] 100/200 games",
        "[##########] 200/200 games",
    ]
    assert [part.strip() for part in lines[0].split(" · ")[1:]] == ["25.0 games/s", "6 s left"]
    assert lines[1].split(" · ")[2].strip() == "10 s left"
    assert lines[2].split(" · ")[2].strip() == "done in 20 s" and lines[2].endswith("\n")
    assert progress_bar(io.StringIO()) is None


def test_simulate_tells_its_progress_chunk_by_chunk():
    told = []
    simulate("urn", 2, 60, seed=3, progress=lambda done, total: told.append((done, total)))
    assert told[-1] == (60, 60) and [d for d, _ in told] == sorted(d for d, _ in told) and len(told) > 1


class Enough(Exception):
    """Stops a run once it has begun playing."""


def test_a_long_run_plays_its_first_games_without_listing_every_game_first():
    """--games 100000000: the chunks of games are made as they are played."""
    simulate("urn", 2, 25, seed=1)  # what the first game imports is not counted

    def enough(done, total):
        raise Enough

    tracemalloc.start()
    try:
        with pytest.raises(Enough):
            simulate("urn", 2, 10_000_000, seed=1, progress=enough)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000  # 400,000 chunks listed would take ten times that


def test_ctrl_c_stops_the_workers_quietly():
    """A terminal's Ctrl-C reaches every process of the command, the workers too: the
    parent alone answers it (exit 130), without a worker's traceback."""
    command = [sys.executable, "-m", "companion.appliance.cli", "simulate", "marche"]
    process = subprocess.Popen(
        [*command, "--games", "1000000", "--workers", "2", "--json"],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a terminal's command has
    )
    try:
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
        deadline = time.monotonic() + 60
        while len(children.read_text().split()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1)  # the workers well into their games
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 130 and err == ""


def test_ctrl_c_ends_the_progress_bars_line(monkeypatch):
    """The shell's prompt then starts on a line of its own, not after the bar."""
    played = simulation.play_one

    def interrupted(spec, players, seed, index, styles, rules):
        if index == 30:  # after the first chunk's bar
            raise KeyboardInterrupt
        return played(spec, players, seed, index, styles, rules)

    monkeypatch.setattr(simulation, "play_one", interrupted)
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert main(["simulate", "marche", "--games", "100"]) == 130
    drawn = sys.stderr.getvalue()
    assert drawn.startswith("\r[") and "25/100 games" in drawn and drawn.endswith("\n")


def test_a_table_of_bots_alone_that_cannot_end_is_ended_not_looped_for_ever(tmp_path, monkeypatch):
    """As the simulator caps such a game, the appliance ends it, scored as it stands (a
    table with a person at it is the host's to end)."""
    from web_rig import make_appliance, wait_for

    from companion.appliance import running
    from companion.core.registry import game_spec

    monkeypatch.setattr(running, "MAX_STEPS", 40)
    appliance = make_appliance(tmp_path, bots=True)
    appliance.new_game(game_spec("urn-stuck").setup(2), game="urn-stuck")
    appliance.runner.start()
    try:
        wait_for(lambda: appliance.ended == appliance.game_id, timeout=20, what="the stuck game ended")
        assert [g.status for g in appliance.store.list_games()] == ["ended"]
        assert len(appliance.session.match.log) == 40 and appliance.session.paused
    finally:
        appliance.close()
