"""`samarkand games replay ID`: the stored events, verified by replaying them in the engine."""

from __future__ import annotations

import json

import pytest
from appliance_rig import bot_script

from companion.appliance.cli import main
from companion.core.game import Event
from companion.core.match import replay
from companion.games.marche.final import final_score
from companion.games.marche.game import MarcheGame
from companion.store import EventStore

SCRIPT = bot_script(seed=9, players=4)


def _store(path, events: list[dict], config: dict | None = None) -> int:
    with EventStore(path) as store:
        config = config or {"game": "marche", "setup": SCRIPT["setup"]}
        game = store.create_game(config["game"], config)
        if events:
            store.append_many(game, events)
        return game


def _replay(path, game: int, capsys) -> tuple[int, list[dict], str]:
    code = main(["games", "--store", str(path), "replay", str(game)])
    captured = capsys.readouterr()
    return code, [json.loads(line) for line in captured.out.splitlines()], captured.err


def test_a_finished_game_replays_to_its_final_scores(tmp_path, capsys):
    game = _store(tmp_path / "s.db", SCRIPT["events"])
    code, lines, _ = _replay(tmp_path / "s.db", game, capsys)
    assert code == 0
    *events, last = lines
    assert events == [{"seq": i, "event": e} for i, e in enumerate(SCRIPT["events"], start=1)]
    state = replay(MarcheGame(), SCRIPT["setup"], [Event.from_dict(e) for e in SCRIPT["events"]])
    assert last == {
        "summary": {
            "turn": state.turn,
            "phase": "over",
            "money": state.money,
            "bank": state.bank,
            "scores": final_score(state).to_dict(),
        }
    }


def test_a_game_in_progress_replays_to_where_it_stands(tmp_path, capsys):
    half = SCRIPT["events"][: len(SCRIPT["events"]) // 2]
    game = _store(tmp_path / "s.db", half)
    code, lines, _ = _replay(tmp_path / "s.db", game, capsys)
    state = replay(MarcheGame(), SCRIPT["setup"], [Event.from_dict(e) for e in half])
    assert code == 0 and len(lines) == len(half) + 1
    assert lines[-1]["summary"]["turn"] == state.turn
    assert lines[-1]["summary"]["phase"] == state.phase != "over"
    assert lines[-1]["summary"]["scores"] is None


def test_an_event_the_rules_refuse_is_named_by_seq(tmp_path, capsys):
    events = [dict(e) for e in SCRIPT["events"][:12]]
    first_pick = next(i for i, e in enumerate(events) if e["kind"] == "pick")
    events[first_pick] = {"kind": "pick", "actor": 0, "data": {"card": 99}}
    game = _store(tmp_path / "s.db", events)
    code, lines, err = _replay(tmp_path / "s.db", game, capsys)
    assert code == 1 and lines == []
    assert f"event seq {first_pick + 1} ('pick')" in err and "99" in err


@pytest.mark.parametrize(
    "config, words",
    [
        ({"game": "marche"}, "has no setup"),
        ({"game": "chess", "setup": {}}, "there is no game 'chess' (games: "),
    ],
)
def test_a_game_without_a_known_engine_and_setup_is_a_clear_error(tmp_path, capsys, config, words):
    game = _store(tmp_path / "s.db", [{"kind": "pick", "actor": 0, "data": {}}], config)
    code, lines, err = _replay(tmp_path / "s.db", game, capsys)
    assert code == 1 and lines == []
    assert f"Game {game} cannot be replayed" in err and words in err


def test_a_refused_setup_is_a_clear_error(tmp_path, capsys):
    game = _store(tmp_path / "s.db", [], {"game": "marche", "setup": {"players": 9}})
    code, _, err = _replay(tmp_path / "s.db", game, capsys)
    assert code == 1 and "setup is refused" in err and "goods types" in err
