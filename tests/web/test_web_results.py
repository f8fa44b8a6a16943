"""The results: the standings every results screen ranks, and the chart of the game, which
the Pi draws only once the game is over (a seat's money may be secret until then)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import toy_game  # noqa: F401  (registers the urn)
from web_rig import PIN, Phone, make_appliance

from companion.core.game import Event
from companion.core.registry import game_spec
from web.app import create_app

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def urn(tmp_path):
    """The urn (balls 1, 2, 5) with Ana and Ben on phones and the host logged in."""
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("urn").setup(2, {"balls": [1, 2, 5]}), game="urn")
    app = create_app(appliance, PIN)
    ana, ben, host = Phone(app), Phone(app), Phone(app)
    ana.join(0, "Ana"), ben.join(1, "Ben")
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    yield appliance, ana, ben, host
    appliance.close()


def test_no_viewer_gets_the_chart_before_the_end(urn):
    _appliance, ana, ben, host = urn
    assert ana.post("/api/act", {"kind": "want", "data": {"n": 1}}).status_code == 200
    for viewer in (ana, ben, host, Phone(host.client.application)):
        response = viewer.get("/chart.svg")
        assert response.status_code == 409 and response.mimetype == "application/json"
        assert response.json["error"] == "the chart of the game is drawn once the game is over"
        assert viewer.state()["score"] is None


def test_at_the_end_the_standings_rank_the_seats_and_the_chart_draws_one_line_each(urn):
    appliance, ana, ben, host = urn
    assert ana.post("/api/act", {"kind": "want", "data": {"n": 1}}).status_code == 200
    assert ben.post("/api/act", {"kind": "want", "data": {"n": 2}}).status_code == 200
    assert appliance.session.game.is_over(appliance.session.state)
    result = appliance.session.game.result(appliance.session.state)
    score = ana.state()["score"]
    ranked = sorted(range(2), key=lambda seat: (result.places[seat], seat))
    assert score["standings"] == [
        {
            "seat": seat,
            "name": ["Ana", "Ben"][seat],
            "score": result.scores[seat],
            "place": result.places[seat],
        }
        for seat in ranked
    ]
    assert score["winners"] == [["Ana", "Ben"][seat] for seat in result.winners]
    response = ben.get("/chart.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    root = ET.fromstring(response.get_data(as_text=True))
    assert len(root.findall(f"{SVG}polyline")) == 2
    legend = [t.text for t in root.iter(f"{SVG}text") if t.text and t.text.startswith(("Ana", "Ben"))]
    assert legend == [f"Ana: {result.scores[0]}", f"Ben (you): {result.scores[1]}"]  # Ben's phone
    table = ET.fromstring(host.get("/chart.svg").get_data(as_text=True))
    assert [t.text for t in table.iter(f"{SVG}text") if t.text and t.text.startswith(("Ana", "Ben"))] == [
        f"Ana: {result.scores[0]}",
        f"Ben: {result.scores[1]}",
    ]


def test_the_chart_speaks_the_readers_language(urn):
    _appliance, ana, _ben, _host = urn
    ana.post("/api/act", {"kind": "want", "data": {"n": 3}})
    french = ana.client.get("/chart.svg", headers={"Accept-Language": "fr-FR"}).get_data(as_text=True)
    assert "La partie, décision après décision : points" in french and "décisions" in french
    assert "Ana (vous) : " in french  # the legend's colon spaced as French spaces it


def test_the_host_ending_the_game_early_shows_the_standings_and_the_chart(urn):
    _appliance, ana, ben, host = urn
    ana.post("/api/act", {"kind": "want", "data": {"n": 1}})
    assert host.post("/api/host/end").status_code == 200
    score = ben.state()["score"]
    assert next(row["name"] for row in score["standings"]) == "Ana"  # she has a ball, Ben none
    assert ben.get("/chart.svg").status_code == 200


def test_a_log_that_no_longer_replays_is_a_clear_refusal_not_a_crash(urn):
    appliance, ana, _ben, host = urn
    ana.post("/api/act", {"kind": "want", "data": {"n": 3}})
    appliance.session.match.log.insert(0, Event("want", 1, {"n": 9}))  # not Ben's turn, not 9
    response = host.get("/chart.svg")
    assert response.status_code == 500
    assert response.json["error"] == "the chart of this game cannot be drawn: its log does not replay"


def test_a_game_without_end_of_game_choices_refuses_one_in_words(urn):
    _appliance, ana, _ben, host = urn
    assert ana.post("/api/act", {"kind": "want", "data": {"n": 3}}).status_code == 200
    response = host.post("/api/host/score", {"seat": 0, "choice": {"balls": [1]}})
    assert response.status_code == 409
    assert response.json["error"] == "this game has no choices to make at the end"
