"""`samarkand games chart ID`: a stored game's chart as SVG, the results screen's picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from appliance_rig import bot_script

from companion.appliance.cli import main
from companion.core.chart import progress, svg
from companion.core.game import Event
from companion.core.registry import game_spec
from companion.store import EventStore

SCRIPT = bot_script(seed=9, players=4)
SVG = "{http://www.w3.org/2000/svg}"


def _store(path, events: list[dict], names: list[str] | None = None) -> int:
    setup = {**SCRIPT["setup"], **({"names": names} if names else {})}
    with EventStore(path) as store:
        game = store.create_game("marche", {"game": "marche", "setup": setup})
        store.append_many(game, events)
        if len(events) == len(SCRIPT["events"]):
            store.finish(game, {"winners": []})
        return game


def test_a_finished_game_is_drawn_to_a_file_with_a_line_per_player(tmp_path, capsys):
    game = _store(tmp_path / "s.db", SCRIPT["events"], ["Ana", "Ben", "Cy", "Di"])
    out = tmp_path / "chart.svg"
    assert main(["games", "--store", str(tmp_path / "s.db"), "chart", str(game), "--out", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    lines = root.findall(f".//{SVG}polyline")
    assert [line.get("data-seat") for line in lines] == ["0", "1", "2", "3"]
    legend = [t.text for t in root.findall(f".//{SVG}g[@class='legend']/{SVG}text")]
    spec = game_spec("marche")
    chart = progress(spec.engine(), SCRIPT["setup"], [Event.from_dict(e) for e in SCRIPT["events"]])
    assert legend == [
        f"{name}: {money}" for name, money in zip(["Ana", "Ben", "Cy", "Di"], chart.standings[-1])
    ]
    stops = [e for e in SCRIPT["events"] if e["kind"] == "stop"]
    assert len(root.findall(f".//{SVG}g[@class='moment']")) == len(stops) > 0  # every stop marked
    assert "Drew game" in capsys.readouterr().err


def test_the_chart_on_the_terminal_is_the_one_in_the_file(tmp_path, capsys):
    game = _store(tmp_path / "s.db", SCRIPT["events"])
    assert main(["games", "--store", str(tmp_path / "s.db"), "chart", str(game)]) == 0
    spec = game_spec("marche")
    chart = progress(spec.engine(), SCRIPT["setup"], [Event.from_dict(e) for e in SCRIPT["events"]])
    assert capsys.readouterr().out == svg(chart, spec.standing_unit) + "\n"


def test_a_game_still_being_played_is_not_drawn(tmp_path, capsys):
    game = _store(tmp_path / "s.db", SCRIPT["events"][:20])
    assert main(["games", "--store", str(tmp_path / "s.db"), "chart", str(game)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "still being played" in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_a_file_that_cannot_be_written_is_one_clear_line(tmp_path, capsys):
    game = _store(tmp_path / "s.db", SCRIPT["events"])
    out = tmp_path / "no such folder" / "chart.svg"
    assert main(["games", "--store", str(tmp_path / "s.db"), "chart", str(game), "--out", str(out)]) == 1
    assert (
        capsys.readouterr().err == f"samarkand games chart: cannot write {out}: No such file or directory\n"
    )


def test_a_chart_onto_the_store_itself_is_refused(tmp_path, capsys):
    store = tmp_path / "s.db"
    game = _store(store, SCRIPT["events"])
    before = store.read_bytes()
    link = tmp_path / "chart.svg"
    link.symlink_to(store)  # another name for the same file
    assert main(["games", "--store", str(store), "chart", str(game), "--out", str(link)]) == 1
    assert capsys.readouterr().err == (
        f"samarkand games chart: {link} is the game store itself: name another file.\n"
    )
    assert store.read_bytes() == before
