"""French and English on the pages: the phone's language, the switch on the page, refusals
in the reader's language, and the catalog the page's JavaScript reads."""

from __future__ import annotations

import json
import re

from web_rig import PIN, Phone

from web.i18n import LANGUAGE_COOKIE, in_words

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}


WORDS_BLOCK = re.compile(r'<script type="application/json" id="page-words">(.*?)</script>', re.S)


def page_words(html: str) -> dict:
    return json.loads(WORDS_BLOCK.search(html).group(1))


def shown(html: str) -> str:
    """The page without its catalog (which names every English msgid)."""
    return WORDS_BLOCK.sub("", html)


def test_a_phone_set_to_french_reads_the_page_in_french(flask_app):
    client = flask_app.test_client()
    french = client.get("/", headers=FRENCH).get_data(as_text=True)
    assert "Your name" not in shown(french)
    english = client.get("/", headers={"Accept-Language": "en-US"}).get_data(as_text=True)
    assert '<html lang="fr">' in french and "Votre nom" in french
    assert '<html lang="en">' in english and "Your name" in english
    assert page_words(french)["language"] == "fr"
    assert page_words(french)["words"]["Seat {n}"] == "Place {n}"
    assert page_words(english) == {"language": "en", "words": {}}


def test_a_language_nobody_translated_reads_english(flask_app):
    html = flask_app.test_client().get("/", headers={"Accept-Language": "de-DE"}).get_data(as_text=True)
    assert '<html lang="en">' in html


def test_the_switch_on_the_page_outweighs_the_phone_and_comes_back_to_the_page(flask_app):
    client = flask_app.test_client()
    assert 'href="/lang/en?next=/table"' in client.get("/table", headers=FRENCH).get_data(as_text=True)
    response = client.get("/lang/en?next=/table", headers=FRENCH)
    assert response.status_code == 302 and response.headers["Location"] == "/table"
    assert client.get_cookie(LANGUAGE_COOKIE).value == "en"
    assert "Join from your phone" in client.get("/table", headers=FRENCH).get_data(as_text=True)


def test_the_switch_goes_back_only_to_this_server_and_knows_its_languages(flask_app):
    client = flask_app.test_client()
    for outside in ("//evil.example/", "https://evil.example/", "table"):
        assert client.get(f"/lang/fr?next={outside}").headers["Location"] == "/"
    client = flask_app.test_client()
    client.get("/lang/xx")
    assert client.get_cookie(LANGUAGE_COOKIE) is None


def test_a_refusal_is_worded_in_the_readers_language(flask_app):
    phone = Phone(flask_app)
    french = phone.post("/api/join", {"seat": 0, "name": " "}, **FRENCH)
    english = phone.post("/api/join", {"seat": 0, "name": " "}, **{"Accept-Language": "en"})
    assert french.status_code == english.status_code == 400
    assert (french.json["error"], english.json["error"]) == ("tapez votre nom", "type your name")
    taken = Phone(flask_app)
    taken.join(0, "Ana")
    again = Phone(flask_app).post("/api/join", {"seat": 1, "name": "Ana"}, **FRENCH)
    assert again.json["error"] == "quelqu'un à la table s'appelle déjà Ana"


def test_an_engine_refusal_reaches_a_french_phone_in_french(flask_app):
    """A RuleError is a Phrase: its template is translated and filled in for the reader."""
    host = Phone(flask_app)
    host.post("/api/host/login", {"pin": PIN})
    client_refusal = host.post("/api/host/undo", **FRENCH)
    assert client_refusal.status_code == 409
    assert client_refusal.json["error"] == "rien à annuler"
    bad = host.post("/api/host/new_game", {"players": 9}, **FRENCH)
    assert bad.status_code == 400
    assert re.fullmatch(r".+ se joue de 3 à 5 joueurs, pas 9", bad.json["error"]), bad.json


def test_a_french_hosts_empty_seats_are_nobodys_said_in_french_and_nobody_may_take_such_a_name(
    flask_app, appliance
):
    """Stored as the appliance stores a seat nobody named ("Seat 2", whatever the host's
    language: the history leaves them to nobody), said in the reader's ("Place 2")."""
    host = Phone(flask_app)
    host.post("/api/host/login", {"pin": PIN})
    assert host.post("/api/host/new_game", {"players": 3}, **FRENCH).status_code == 200
    stored = appliance.store.list_games()[-1]
    assert appliance.store.seat_names(stored.id, appliance.store.config(stored.id)) == [
        "Seat 1",
        "Seat 2",
        "Seat 3",
    ]
    assert [p["name"] for p in host.state()["view"]["players"]] == ["Seat 1", "Seat 2", "Seat 3"]
    with flask_app.test_request_context(headers=FRENCH):
        assert [in_words(p["name"]) for p in host.state()["view"]["players"]] == [
            "Place 1",
            "Place 2",
            "Place 3",
        ]
    refused = Phone(flask_app).post("/api/join", {"seat": 0, "name": "place 2"}, **FRENCH)
    assert refused.status_code == 400
    assert refused.json["error"] == "choisissez votre propre nom, pas un numéro de place"


def test_french_elides_de_before_a_name_that_starts_with_a_vowel(flask_app):
    """The server's say() (the pages' shell.js does the same, tested in the stop test)."""
    from companion.core.phrase import Phrase
    from web.i18n import say

    alert = "Waiting for {names}: phone disconnected. The host can hand the seat to a bot or move it to another phone."
    with flask_app.test_request_context(headers=FRENCH):
        assert say(Phrase(alert, names="Ana")).startswith("En attente d'Ana : ")
        assert say(Phrase(alert, names="Bo")).startswith("En attente de Bo : ")
        assert say(Phrase(alert, names="Éloi")).startswith("En attente d'Éloi : ")
    with flask_app.test_request_context(headers={"Accept-Language": "en"}):
        assert say(Phrase(alert, names="Ana")).startswith("Waiting for Ana: ")


def test_a_bots_name_in_a_message_is_said_in_the_readers_language(flask_app):
    """A refusal or an alert naming a bot the table chose says it as the pages do."""
    from companion.core.phrase import Phrase
    from web.i18n import say

    turn = Phrase("it is {name}'s turn", name="Seat 3 (bot)")
    with flask_app.test_request_context(headers=FRENCH):
        assert "Place 3 (robot)" in say(turn)
        assert "Tara (robot)" in say(Phrase("it is {name}'s turn", name="Tara (bot)"))
        assert "Place 2" in say(Phrase("it is {name}'s turn", name="Seat 2"))
    with flask_app.test_request_context(headers={"Accept-Language": "en"}):
        assert "Seat 3 (bot)" in say(turn)


HOSTILE_NEXT = [
    "/\n/evil.example",
    "/\r/evil.example",
    "/\t/evil.example",
    "/\r\n/evil.example",
    "\n//evil.example",
    "/\x00/evil.example",
    "/\x0b/evil.example",
    "/\x0c/evil.example",
    "/\x1b/evil.example",
    "/\x7f/evil.example",
    " //evil.example",
    "/ /evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "\\/evil.example",
    "//evil.example",
    "///evil.example",
    "/\t\t/evil.example",
    "https:evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "//evil.example@pi/",
    "/%0a/evil.example",
    "/%09/evil.example",
    "/%5c/evil.example",
    "/%2f/evil.example",
    "%2f%2fevil.example",
    "/\u3000/evil.example",
    "/\u2028/evil.example",
    "/\uff0f/evil.example",
    "/é/x",
    "",
    "table",
    "evil.example",
    "/table\n",
    "/table#\n//x",
    "/?next=//evil.example",
]


def leaves_the_appliance(location: str) -> bool:
    """Where a browser would go from this Location: it drops tabs and newlines and reads
    a backslash as a slash (the WHATWG URL parser), so does the resolved URL stay here?"""
    from urllib.parse import urljoin, urlsplit

    as_read = re.sub(r"[\t\n\r]", "", location).replace("\\", "/").strip("\x00- ")
    return urlsplit(urljoin("http://pi.local:8000/lang/en", as_read)).netloc != "pi.local:8000"


def test_the_switch_never_fails_nor_sends_a_reader_to_another_site(flask_app):
    client = flask_app.test_client()
    for hostile in HOSTILE_NEXT:
        encoded = "".join(f"%{byte:02X}" for byte in hostile.encode())
        for response in (
            client.get("/lang/en", query_string={"next": hostile}),
            client.get(f"/lang/en?next={encoded}"),
        ):
            location = response.headers.get("Location", "")
            assert response.status_code == 302, (hostile, response.status_code)
            assert location.startswith("/") and not leaves_the_appliance(location), (hostile, location)
            assert not re.search(r"[\x00-\x20\x7f\\]", location), (hostile, location)
    for kept in ("/table", "/host", "/", "/games/marche?x=1"):
        assert client.get("/lang/en", query_string={"next": kept}).headers["Location"] == kept
