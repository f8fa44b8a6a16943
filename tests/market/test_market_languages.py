"""Samarkand Market in French: the engine's refusals reach a French phone (and the host
console) in French through the web, cubes counted with the colour agreeing ("2 jaunes"),
while the terminal and an English phone keep the English."""

from __future__ import annotations

import pytest
from market_driver import bids, discard, draw, pick, sell, table
from web_rig import PIN, Phone, make_appliance

from companion.core.errors import RuleError
from companion.core.registry import game_spec
from companion.games.market import cubes as cu
from web.app import create_app
from web.i18n import say

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
ENGLISH = {"Accept-Language": "en-GB"}


@pytest.fixture
def app(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("market").setup(2), game="market")
    yield create_app(appliance, PIN)
    appliance.close()


def refusal(phone: Phone, url: str, body: dict, headers=FRENCH) -> str:
    response = phone.post(url, body, **headers)
    assert response.status_code == 409, response.json
    return response.json["error"]


def act(phone: Phone, kind: str, **data) -> None:
    response = phone.post("/api/act", {"kind": kind, "data": data}, **FRENCH)
    assert response.status_code == 200, response.json


def test_a_french_phone_reads_the_refusals_of_a_round_in_french(app):
    host, ana, bo = Phone(app), Phone(app), Phone(app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    market = {g["name"]: g for g in host.client.get("/api/games", headers=FRENCH).json["games"]}["market"]
    assert market["options"][2]["description"].startswith("les cartes marché qu'une partie numérique tire")
    body = {"game": "market", "players": 2, "mode": "physical", "rules": {}}
    assert host.post("/api/host/new_game", body, **FRENCH).status_code == 200
    ana.join(0, "Ana"), bo.join(1, "Bo")
    assert host.post("/api/host/card", {"card": 1}).status_code == 200  # Ana starts

    # a malformed market card, typed at the console
    assert refusal(host, "/api/host/entry", {"value": "Saffron: YQ=5"}) == (
        "carte marché 1 (Saffron), combinaison 1 : cubes : 'Q' n'est pas une lettre de couleur "
        "(Y jaune, B bleu, R rouge, G vert, K noir)"
    )
    assert refusal(host, "/api/host/entry", {"value": "Saffron: YQ=5"}, ENGLISH) == (
        "market card 1 (Saffron), set 1: cubes: 'Q' is not a colour letter "
        "(Y yellow, B blue, R red, G green, K black)"
    )
    for card in ("Saffron: YY=25, YYYY=70", "Lapis: BB=30", "K=20"):
        assert host.post("/api/host/entry", {"value": card}).status_code == 200
    for cube in ["yellow", "yellow", "blue", "black", "black", "red", "red", "green"]:
        assert host.post("/api/host/card", {"card": cube}).status_code == 200

    # bids: under 5, before the picks, twice
    assert refusal(ana, "/api/act", {"kind": "bid", "data": {"amount": 3}}) == (
        "une enchère est un nombre entier de piastres de 5 à 75 (votre argent), pas 3"
    )
    assert refusal(ana, "/api/act", {"kind": "pick", "data": {"lot": 0}}) == (
        "choisir un lot n'est pas possible maintenant : tout le monde enchérit"
    )
    act(ana, "bid", amount=6)
    assert refusal(ana, "/api/act", {"kind": "bid", "data": {"amount": 7}}) == (
        "vous avez déjà enchéri à cette manche"
    )
    act(bo, "bid", amount=9)

    # Bo picks first; then Ana sells first (the start player): not on the cards, not held
    assert refusal(ana, "/api/act", {"kind": "pick", "data": {"lot": 0}}) == ("c'est à Bo de choisir un lot")
    act(bo, "pick", lot=1)  # Ana gets the last lot, YYB
    assert refusal(bo, "/api/act", {"kind": "sell", "data": {"sales": []}}) == "c'est à Ana de vendre"
    assert refusal(
        ana, "/api/act", {"kind": "sell", "data": {"sales": [{"market": 5, "set": 0, "times": 1}]}}
    ) == ("partie 1 de la vente : il n'y a pas de carte marché sur la case 6 (cases 1 à 3)")
    assert refusal(
        ana, "/api/act", {"kind": "sell", "data": {"sales": [{"market": 0, "set": 1, "times": 1}]}}
    ) == ("cette vente demande 4 jaunes, et vous avez 2 jaunes, 1 bleu")
    act(ana, "sell", sales=[{"market": 0, "set": 0, "times": 1}])
    act(bo, "sell", sales=[])

    # the host's undo says what it undid in the game's words, in French
    undone = host.post("/api/host/undo", **FRENCH)
    assert undone.status_code == 200 and undone.json["done"] == "Annulé : Bo ne vend rien"


def test_the_cube_limit_refusals_read_in_french(app):
    """Seat 0 takes KKK on top of nine yellow kept from before: 12 cubes, two to return."""
    match = table(2, start=0)
    match.state.cubes[0] = cu.parse("YYYYYYYYY")
    match.state.bag = cu.sub(match.state.bag, cu.parse("YYYYYYYYY"))
    draw(match, "KKK", "BBBBB")
    bids(match, 9, 5)
    match.act(pick(0, 0))
    match.act(sell(0))
    match.act(sell(1))

    def french(event) -> str:
        with pytest.raises(RuleError) as refused:
            match.act(event)
        with app.test_request_context(headers=FRENCH):
            return say(refused.value.phrase)

    assert (
        french(discard(0, "Y")) == "vous avez 12 cubes et en remettez exactement 2 pour descendre à 10, pas 1"
    )
    assert french(discard(0, "GG")) == "vous avez 9 jaunes, 3 noirs : vous ne pouvez pas remettre 2 verts"
    assert french(discard(1, "B")) == "vous n'avez aucun cube à remettre"
    with pytest.raises(RuleError, match="you hold 9 yellow, 3 black: you cannot return 2 green"):
        match.act(discard(0, "GG"))  # the terminal's English
