"""Table scripts explain a stop: each resolution in names with everyone's money after it,
refused claims told and tried again, one clock for every line, and scripts refused with a
clear place when they cannot be what happened."""

from __future__ import annotations

import io
import json
import re

import pytest

from companion.appliance.script import Script, ScriptError, play_script
from tests.runtime.conftest import press, tick

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def played(raw: dict) -> list[dict]:
    out = io.StringIO()
    play_script(Script.parse(json.loads(json.dumps(raw))), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def script(edges, claims, **extra) -> dict:
    return {
        "setup": {"names": NAMES, **extra.pop("setup", {})},
        "cards": {"camels": [5, 4, 6]},
        "turns": [{"picks": {n: 7 for n in NAMES}, "edges": edges, "claims": claims}],
        **extra,
    }


def table_lines(lines, note):
    return [line for line in lines if line["source"] == "table" and line["note"] == note]


def test_a_resolution_is_told_in_names_with_everyones_money_after_it():
    t = tick(8) + 300_000
    raw = script(press("Ben", t) + press("Cleo", t + 1), [{"Ben": "Dan", "Cleo": "Dan"}])
    out = io.StringIO()
    session = play_script(Script.parse(raw), out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    first = table_lines(lines, "resolution")[0]
    assert [r["kind"] for r in first["records"]] == ["dispute", "dispute"]
    assert {r["seat"] for r in first["records"]} == {"Ben", "Cleo"}
    assert all(r["target"] == "Dan" and r["due"] == 4 for r in first["records"])
    assert first["money"]["Ben"] == first["money"]["Cleo"] == 15 - 4
    last = table_lines(lines, "resolution")[-1]
    assert last["money"] == dict(zip(NAMES, session.state.money))


def test_a_refused_claim_is_told_and_the_stopper_may_still_claim():
    t = tick(9) + 200_000
    lines = played(script(press("Ben", t), [{"Ben": ["Ben", "bank", "Dan"]}]))
    refused = table_lines(lines, "refused_claim")
    assert [(r["player"], r["target"]) for r in refused] == [("Ben", "Ben"), ("Ben", "bank")]
    assert "own card" in refused[0]["why"] and "not on offer" in refused[1]["why"]
    (resolution,) = table_lines(lines, "resolution")
    assert resolution["records"][0]["kind"] == "buy" and resolution["records"][0]["target"] == "Dan"


def test_every_line_is_on_the_scripts_clock_and_edges_are_relative_to_the_turn():
    t = tick(8) + 300_000
    lines = played(script(press("Ben", t) + press("Ana", t + 102_000), [{"Ben": "Cleo"}]))
    (turn,) = table_lines(lines, "turn")
    evidence = next(line for line in lines if line.get("note") == "stop_evidence")
    ignored = next(line for line in lines if line.get("note") == "ignored_press")
    assert evidence["first_us"] == turn["edges_from_us"] + t
    assert ignored["pressed_us"] == turn["edges_from_us"] + t + 102_000
    assert ignored["t_us"] >= ignored["pressed_us"]  # told once the window closed
    assert [line["t_us"] for line in lines] == sorted(line["t_us"] for line in lines)


def test_a_script_can_say_who_sells_which_goods():
    types = ["carpets", "jewels", "spices", "textiles"]
    t = tick(9) + 200_000
    lines = played(script(press("Ben", t), [{"Ben": "Ana"}], setup={"types": types}))
    (resolution,) = table_lines(lines, "resolution")
    assert resolution["records"][0]["target"] == "Ana"
    final = next(line for line in lines if line["source"] == "engine" and line["kind"] == "claim")
    assert final["data"] == {"target": 0}
    out = io.StringIO()
    session = play_script(
        Script.parse(script(press("Ben", t), [{"Ben": "Ana"}], setup={"types": types})), out
    )
    assert session.state.goods[1] == {"carpets": [7]}


@pytest.mark.parametrize(
    "raw, words",
    [
        (script([], [], tunrs=[]), "tunrs: not a key of a table script"),
        (script([["Ana", 300, "down"], ["Ana", 200, "up"]], []), "Ana's edges must be listed in the order"),
        (script(press("Ben", tick(9) + 200_000), [{"Cleo": "Ana"}]), "Cleo did not stop at 9"),
        ({"setup": {"names": ["Ana", "Ben"]}, "turns": []}, "3 to 5 players"),
    ],
)
def test_a_script_that_cannot_be_what_happened_is_refused_naming_the_place(raw, words):
    with pytest.raises((ScriptError, ValueError), match=words):
        played(raw)


def reshaped(change) -> dict:
    raw = script(press("Ben", tick(9) + 200_000), [{"Ben": "Dan"}])
    change(raw)
    return raw


def _turn(raw: dict) -> dict:
    return raw["turns"][0]


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda raw: raw.update(turns=5), "turns: a list of turns"),
        (lambda raw: _turn(raw).update(picks=[7]), "turns[0].picks: an object of player"),
        (lambda raw: _turn(raw).update(edges=5), "turns[0].edges: a list of"),
        (lambda raw: _turn(raw).update(claims=5), "turns[0].claims: a list of one object per stop"),
        (lambda raw: _turn(raw).update(pickz={}), "turns[0].pickz: not a key of a turn"),
        (lambda raw: _turn(raw)["edges"][0].__setitem__(0, ["Ben"]), "turns[0].edges[0]: unknown player"),
        (lambda raw: _turn(raw)["edges"][0].__setitem__(2, ["down"]), "turns[0].edges[0]: expected"),
        (lambda raw: _turn(raw)["edges"][0].__setitem__(1, True), "turns[0].edges[0]: times are whole"),
        (lambda raw: _turn(raw)["claims"][0].update(Ben=[["Dan"]]), "claims[0]: unknown player ['Dan']"),
        (
            lambda raw: raw["setup"].update(names=[["A"], ["B"], ["C"]]),
            "setup.names: list the players' names",
        ),
        (
            lambda raw: raw["setup"].update(names=["A", "A", "B"]),
            "setup.names: list the players' names in seat order, each a different text",
        ),
        (lambda raw: raw["setup"].update(rules=5), "setup.rules: an object of rule options"),
        (lambda raw: raw["setup"].update(types=5), "setup.types: a list of the goods types"),
        (lambda raw: raw["setup"].update(colour="red"), "setup.colour: not a key of the setup"),
        (lambda raw: raw.update(cards={"camels": 5}), "cards.camels: a list of the cards turned up"),
        (lambda raw: raw.update(cards={"camelz": [5]}), "cards.camelz: not a deck (decks: camels, bank)"),
    ],
)
def test_a_script_of_the_wrong_shape_is_refused_naming_the_field(change, words):
    with pytest.raises(ScriptError, match=re.escape(words)):
        Script.parse(reshaped(change))
