"""A table's draws come from a secret seed (issue 21): the draws are a public hash of the
seed, so a short one is found from the draws the table sees. Each new game gets a secret of
at least 128 bits, kept in the store, printed nowhere; a restart draws on from it exactly as
if the table had never stopped, and an old store's short seed still resumes."""

from __future__ import annotations

import random
import signal

import pytest
from appliance_rig import start_appliance, wait_for

from companion.appliance.inputs import Inputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.core.chance import SeededChance
from companion.core.match import Match
from companion.core.registry import game_spec
from companion.store import EventStore
from companion.store.cli import replay_stored


def _appliance(path, seed: int | None = None) -> Appliance:
    config = load_config(None, {"store": {"path": str(path)}})
    return Appliance(config, Inputs(), EventStore(path), seed=seed, bots_fill_seats=False)


def _secret(seed) -> bool:
    return isinstance(seed, str) and len(bytes.fromhex(seed)) * 8 >= 128


def test_each_new_game_draws_from_a_new_secret_of_at_least_128_bits(tmp_path):
    seeds = []
    for _ in range(2):  # two starts of the appliance
        appliance = _appliance(tmp_path / "s.db")
        try:
            for name in ("samarkand", "marche", "samarkand"):
                spec = game_spec(name)
                game_id = appliance.new_game(spec.setup(3), game=spec.name)
                seeds.append(appliance.store.config(game_id)["seed"])
                assert appliance.session.match.chance.seed == seeds[-1]
        finally:
            appliance.close()
    assert all(_secret(seed) for seed in seeds), seeds
    assert len(set(seeds)) == len(seeds), "two games drew from the same seed"


def _play(appliance: Appliance, decisions: int) -> list:
    """Up to ``decisions`` decisions by bots deciding for whoever the game waits on."""
    spec, made = appliance.spec, []
    bots = {seat: spec.bots[spec.default_style(0)](random.Random(seat)) for seat in range(3)}
    for _ in range(decisions):
        session = appliance.session
        waiting = session.game.to_act(session.state)
        if not waiting:
            break
        seat = waiting[0]
        made.append(bots[seat].decide(session.game.seat_view(session.state, seat), seat))
        appliance.call(lambda now: session.act(made[-1], now))
    return made


@pytest.mark.parametrize("seed", [None, 5], ids=["secret", "an old store's short seed"])
def test_a_restart_draws_on_exactly_as_if_the_table_never_stopped(tmp_path, seed):
    path, spec = tmp_path / "s.db", game_spec("samarkand")
    first = _appliance(path, seed)
    first.new_game(spec.setup(3), game=spec.name)
    _play(first, 30)
    game_id, stored, log = first.game_id, first.store.config(first.game_id), first.session.match.log
    first.close()
    assert _secret(stored["seed"]) if seed is None else stored["seed"] == seed

    again = _appliance(path)  # no seed of its own: the stored one
    assert again.resume()
    try:
        assert again.session.match.log == log
        later = _play(again, 30)
        never_stopped = Match(spec.engine(), stored["setup"], SeededChance(stored["seed"]), log)
        for decision in later:
            never_stopped.act(decision)
        assert again.session.match.log == never_stopped.log
        assert sum(e.kind == "chance" for e in never_stopped.log[len(log) :]) > 0
        _, replayed, _ = replay_stored(again.store, game_id)
        assert replayed == never_stopped.state  # the store alone gives the game back
    finally:
        again.close()


def test_the_running_table_prints_no_seed(tmp_path):
    store, out = tmp_path / "s.db", tmp_path / "run.out"
    proc = start_appliance(store, out, "--new", seed=None)
    wait_for(lambda: "ready…" in out.read_text(), 15, "the game to start")
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=10) == 0
    with EventStore(store) as opened:
        (game,) = opened.list_games()
        seed = opened.config(game.id)["seed"]
    said = out.read_text() + (tmp_path / "run.out.err").read_text()
    assert _secret(seed) and "A new game" in said, said
    assert seed not in said and seed[:16] not in said
