"""`samarkand score marche FILE`: JSON in, JSON out; a bad field is named on one line, exit 2."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.appliance.cli import main as samarkand


def main(argv):
    return samarkand(["score", "marche", *argv])


GAME = {
    "players": [
        {
            "name": "Ana",
            "sells": "jewels",
            "money": 15,
            "camels": [4, 3],
            "goods": {"spices": [3, 3, 1], "carpets": [2, 2], "textiles": [5]},
        },
        {
            "name": "Bo",
            "sells": "spices",
            "money": 9,
            "camels": [3],
            "goods": {"jewels": [7, 6, 5, 2], "carpets": [1], "textiles": [6]},
        },
        {"name": "Cy", "sells": "carpets", "money": 15, "camels": [], "goods": {"textiles": [2]}},
        {"name": "Di", "sells": "textiles", "money": 10, "camels": [6], "goods": {}},
    ],
    "types": ["jewels", "spices", "carpets", "textiles"],
    "rules": {"set_scoring": "rulebook"},
}


def run(tmp_path, capsys, data) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    code = main([str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_valid_file_scores_every_player(tmp_path, capsys):
    code, out, err = run(tmp_path, capsys, GAME)
    assert (code, err) == (0, "")
    result = json.loads(out)
    ana, bo, cy, di = result["players"]
    assert [p["name"] for p in result["players"]] == ["Ana", "Bo", "Cy", "Di"]
    # Ana: 5 (podium) + least textiles 5 + pairs of 3s and 2s 2, one empty camel space -2.
    assert (ana["money_points"], ana["least_type"], ana["least_type_points"]) == (5, "textiles", 5)
    assert (ana["set_points"], ana["empty_space_penalty"], ana["total"]) == (2, 2, 10)
    # Bo carries 3 of 6 cards: one of each type, the 7 as the least type.
    assert bo["kept"] == {"jewels": [7], "carpets": [1], "textiles": [6]}
    assert bo["discarded"] == {"jewels": [6, 5, 2], "carpets": [], "textiles": []}
    assert (bo["least_type_points"], bo["total"]) == (7, 7)
    assert (cy["capacity"], cy["kept"], cy["discarded"], cy["total"]) == (
        0,
        {"textiles": []},
        {"textiles": [2]},
        5,
    )
    assert (di["least_type"], di["empty_space_penalty"], di["total"]) == ("jewels", 12, 1 - 12)
    assert result["winners"] == ["Ana"]


def test_stdin_is_read_for_dash(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(GAME)))
    assert main(["-"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["Ana"]


@pytest.mark.parametrize("rules, points", [(None, 16), ({"set_scoring": "doubling"}, 32)])
def test_rules_are_optional_and_choose_set_scoring(tmp_path, capsys, rules, points):
    game = change("rules", rules)
    game["players"][3].update(camels=[4, 3], goods={"jewels": [2, 2, 2], "spices": [2, 2, 2], "carpets": [2]})
    di = json.loads(run(tmp_path, capsys, game)[1])["players"][3]
    assert (di["set_points"], di["set_values"]) == (points, {"2": points})


def test_table_keep_overrides_the_advice(tmp_path, capsys):
    game = copy.deepcopy(GAME)
    game["players"][1]["keep"] = {"jewels": [7, 6, 5]}
    code, out, _ = run(tmp_path, capsys, game)
    bo = json.loads(out)["players"][1]
    assert code == 0 and bo["overridden"]
    assert (bo["kept"]["jewels"], bo["least_type_points"], bo["total"]) == ([7, 6, 5], 0, 0)


def change(path: str, value):
    """A copy of GAME with one field replaced (value None deletes it)."""
    game = copy.deepcopy(GAME)
    *parents, last = path.split("/")
    node = game
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if value is None:
        del node[last]
    else:
        node[int(last) if isinstance(node, list) else last] = value
    return game


@pytest.mark.parametrize(
    "game, field",
    [
        (change("players/1/money", -1), "players[1].money: expected a non-negative integer"),
        (change("players/0/money", "15"), "players[0].money: expected a non-negative integer"),
        (change("players/0/money", True), "players[0].money: expected a non-negative integer"),
        (change("players/0/money", None), "players[0].money: missing"),
        (change("players/0/camels", [4, 0]), "players[0].camels[1]: expected a positive integer"),
        (change("players/0/camels", 7), "players[0].camels: expected a list"),
        (change("players/0/camels", [4, 9]), "players[0].camels[1]: no camel card carries 9"),
        (change("players/0/goods/spices", [3, -1]), "players[0].goods.spices[1]: expected a non-negative"),
        (change("players/0/goods/spices", "3"), "players[0].goods.spices: expected a list"),
        (change("players/0/goods/vegetables", [1]), "players[0].goods.vegetables: not a goods type in play"),
        (
            change("players/0/goods/jewels", [1]),
            "players[0].goods.jewels: a player cannot hold the type they sell",
        ),
        (change("players/0/goods/spices", [7, 7]), "players[0].goods.spices: more cards valued 7"),
        (change("players/0/goods", []), "players[0].goods: expected an object"),
        (change("players/1/name", "Ana"), "players[1].name: 'Ana' is already"),
        (change("players/1/name", ""), "players[1].name: expected a non-empty string"),
        (change("players/1/sells", "jewels"), "players[1].sells: 'jewels' is already sold"),
        (change("players/1/sells", "vegetables"), "players[1].sells: expected one of the types in play"),
        (change("players/2/hat", "red"), "players[2].hat: unknown key"),
        (change("players/2", "Cy"), "players[2]: expected an object"),
        (change("players/1/keep", {"jewels": [7]}), "players[1].keep: Bo must keep exactly 3"),
        (change("players/1/keep", {"jewels": [7, 3, 2]}), "players[1].keep: Bo keeps jewels cards [3]"),
        (change("players", GAME["players"][:2]), "players: expected a list of 3 to 5 players"),
        (change("players", None), "players: expected a list of 3 to 5 players"),
        (change("types/1", "spice"), "types[1]: expected one of"),
        (change("types/1", "jewels"), "types[1]: 'jewels' is listed twice"),
        (change("types", GAME["types"] + ["vegetables"]), "types: 4 players need 4 goods types"),
        (change("types", None), "types: expected a non-empty list"),
        (change("rules/set_scoring", "tripling"), "rules: rule option 'set_scoring'"),
        (change("rules/colour", 1), "rules: there is no rule option 'colour'"),
        (change("rules", "doubling"), "rules: expected an object"),
        (change("winner", "Ana"), "winner: unknown key"),
        ([GAME], "file: expected an object"),
        ("{not json", "game.json: not valid JSON"),
    ],
)
def test_malformed_field_is_named_on_one_line(tmp_path, capsys, game, field):
    code, out, err = run(tmp_path, capsys, game)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert field in err


def test_missing_file_and_bad_arguments(tmp_path, capsys):
    assert main([str(tmp_path / "nowhere.json")]) == 2
    assert "nowhere.json: cannot read" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:
        samarkand(["score", "marche"])
    assert usage.value.code == 2 and "usage:" in capsys.readouterr().err


def test_no_traceback_from_the_command_line():
    bad = json.dumps(change("players/0/camels", [4, "x"]))
    proc = subprocess.run(
        [sys.executable, "-m", "companion.appliance.cli", "score", "marche", "-"],
        input=bad,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr == "error: players[0].camels[1]: expected a positive integer\n"


def test_the_readmes_example_is_a_valid_score_file(tmp_path, capsys):
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    example = readme.split("### Scoring a physical game", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    code, out, err = run(tmp_path, capsys, example)
    assert (code, err) == (0, "") and len(json.loads(out)["players"]) == 3
