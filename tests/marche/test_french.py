"""Le Marché in French and English through the web: a refusal reaches a French phone in
French, said to its own player as "you" (never by their name), the host's undo is told in the console's
language, the new-game form's settings are described in French, and the narration's lines
are templates whose names the console can replace."""

from __future__ import annotations

import re

import pytest
from marche_driver import GAME, claim, offer, pick, table_match
from marche_driver import stop as stopped_at
from web_rig import FAST, NAMES, PIN, Phone, all_pick, make_appliance, phase, stop, wait_for

from companion.core.game import Event
from companion.core.phrase import Phrase
from companion.games.marche.narration import describe
from web.app import create_app
from web.i18n import say

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
ENGLISH = {"Accept-Language": "en-GB"}


@pytest.fixture
def table(tmp_path):
    """A 4-player table whose engine names are "Seat 1"…, joined as Ana, Bo, Cy and Di."""
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 4, "names": NAMES}, FAST)
    app = create_app(appliance, PIN)
    phones = [Phone(app).join(seat, name) for seat, name in enumerate(["Ana", "Bo", "Cy", "Di"])]
    host = Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    yield appliance, app, phones, host
    appliance.close()


def refusal(phone, body, headers) -> str:
    response = phone.post("/api/act", body, **headers)
    assert response.status_code == 409, response.json
    return response.json["error"]


def test_an_engine_refusal_reaches_a_french_phone_in_french(table):
    _, _, (ana, bo, cy, _), _ = table
    assert ana.post("/api/act", {"kind": "pick", "data": {"card": 7}}).status_code == 200
    again = {"kind": "pick", "data": {"card": 6}}
    assert refusal(ana, again, FRENCH) == "vous avez déjà choisi votre offre pour ce tour"
    assert refusal(ana, again, ENGLISH) == "you have already picked this turn's offer"
    assert (
        refusal(bo, {"kind": "pick", "data": {"card": 4}}, FRENCH) == "vous n'avez plus de carte 4 à offrir"
    )
    no_stop = {"kind": "claim", "data": {"target": 0}}
    assert refusal(cy, no_stop, FRENCH) == "il n'y a pas d'arrêt pour lequel nommer une carte"


def test_the_hosts_undo_is_told_in_the_consoles_language(table):
    appliance, _, phones, host = table
    appliance.runner.start()
    all_pick(phones)
    stop(appliance, {0: 0})
    claimed = host.post("/api/host/act", {"seat": 0, "kind": "claim", "data": {"target": 1}})
    assert claimed.status_code == 200, claimed.json
    wait_for(lambda: phase(appliance) == "countdown", what="the purchase")
    undone = host.post("/api/host/undo", **FRENCH)
    assert undone.status_code == 200, undone.json
    assert re.fullmatch(r"Annulé : Ana achète les épices de Bo \(7\) pour \d+", undone.json["done"])


def test_the_new_game_form_describes_the_settings_in_french(table):
    _, app, _, host = table
    games = {g["name"]: g for g in host.client.get("/api/games", headers=FRENCH).json["games"]}
    marche = games["marche"]
    assert marche["title"] == "Le Marché de Samarkand"
    options = {o["name"]: o["description"] for o in marche["options"]}
    assert options["lowest_price"] == "le plus petit compte auquel un arrêt peut acheter (la règle : 1)"
    assert options["hidden_goods"] == "les marchandises achetées restent cachées jusqu'au décompte"
    settings = {o["name"]: o["description"] for o in marche["table_settings"]}
    assert settings["step_ms"] == "temps entre deux comptes (ms)"
    with app.test_request_context(headers=FRENCH):
        assert say(GAME.chance_request(table_match(4, camel=None).state).deck) == "chameaux"


def test_a_narration_line_is_a_template_with_the_names_as_plain_parameters():
    match = offer(table_match(4, names=["Ana", "Bo", "Cy", "Di"]), [7, 1, 2, 3])
    match.act(stopped_at(6, 2))
    before = match.state
    match.act(claim(2, 1))
    line = describe(Event("claim", 2, {"target": 1}), before, match.state)[0]
    assert line == "Cy buys Bo's spices (1) for 6"
    assert isinstance(line, Phrase) and line.template == "{who} buys {owner}'s {goods} ({card}) for {due}"
    assert line.params == {"who": "Cy", "owner": "Bo", "goods": "spices", "card": 1, "due": 6}


def test_the_offers_are_told_once_shown_never_while_the_banks_card_is_awaited():
    """Three players at a physical table: every pick is in, the bank's card is awaited, and
    the offers are still secret; the terminal tells them with the bank's card."""
    match = table_match(3, names=["Ana", "Bo", "Cy"])
    told = []
    for seat, card in enumerate([7, 1, 2]):
        before = match.state
        match.act(pick(seat, card))
        told += describe(pick(seat, card), before, match.state)
    assert match.state.phase == "reveal"
    assert not [line for line in told if "On offer" in str(line)]
    before = match.state
    match.enter_chance(5)
    shown = describe(match.log[-1], before, match.state)
    assert [line for line in shown if str(line).startswith("On offer")]
