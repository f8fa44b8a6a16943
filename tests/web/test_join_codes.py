"""The table screen's join codes: in hotspot mode the table's Wi-Fi first (its WIFI: QR
payload, its name and password written out), then the page; otherwise the page's code alone.
The payload is checked against the format's escaping; the codes' layout in Chromium."""

from __future__ import annotations

import io
import re

import pytest
import segno
from browser_rig import NEEDED, Pages, T, served
from web_rig import PIN, make_appliance

from companion.appliance.network import Hotspot
from web.pages import wifi_payload

WIFI = Hotspot("Café;Club,Night: \\4F2A", 'p"ass:wo;rd,\\x', "wlan0", "10.42.0.1")


def read_wifi(payload: str) -> dict[str, str]:
    """The fields of a ``WIFI:`` payload, read as a phone does: ``;`` ends a field unless a
    backslash escapes it, and a backslash takes the next character as it is."""
    assert payload.startswith("WIFI:") and payload.endswith(";;")
    fields, current, chars = {}, "", iter(payload[len("WIFI:") : -1])
    for char in chars:
        if char == "\\":
            current += next(chars)
        elif char == ";":
            key, _, value = current.partition(":")
            fields[key] = value
            current = ""
        else:
            current += char
    return fields


def test_the_payload_escapes_what_the_format_requires():
    assert wifi_payload('a;b,c:d\\e"f', "plain-pass") == 'WIFI:T:WPA;S:a\\;b\\,c\\:d\\\\e\\"f;P:plain-pass;;'
    assert read_wifi(wifi_payload(WIFI.ssid, WIFI.passphrase)) == {
        "T": "WPA",
        "S": WIFI.ssid,
        "P": WIFI.passphrase,
    }


def codes(html: str) -> list[str]:
    return re.findall(r'<img src="(/[a-z]+\.svg)"', html)


def test_in_hotspot_mode_the_wifi_code_comes_first_with_its_name_and_password(appliance, phone):
    appliance.wifi = WIFI
    html = phone().get("/table").get_data(as_text=True)
    assert codes(html) == ["/wifi.svg", "/qr.svg"]
    assert "Café;Club,Night: \\4F2A" in html and "p&#34;ass:wo;rd,\\x" in html
    served_svg = phone().get("/wifi.svg").get_data()
    out = io.BytesIO()
    segno.make(r"WIFI:T:WPA;S:Café\;Club\,Night\: \\4F2A;P:p\"ass\:wo\;rd\,\\x;;", error="m").save(
        out, kind="svg", scale=8, border=2, dark="#1d1a16", light="#ffffff"
    )
    assert served_svg == out.getvalue()  # the code drawn is of exactly that payload


def test_without_hotspot_mode_only_the_pages_code_as_before(appliance, phone):
    html = phone().get("/table").get_data(as_text=True)
    assert codes(html) == ["/qr.svg"] and "Join from your phone" in html
    assert phone().get("/wifi.svg").status_code == 404


def test_the_codes_are_said_in_french(appliance, flask_app):
    appliance.wifi = WIFI
    client = flask_app.test_client()
    html = client.get("/table", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Rejoignez le Wi-Fi de la table" in html and "Ouvrez le jeu" in html
    assert "Mot de passe" in html


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3, "names": ["Ana", "Ben", "Cy"]})
    appliance.wifi = WIFI
    yield from served(appliance, PIN)


@NEEDED
def test_both_codes_show_on_a_1280_by_800_table_screen(browser, server):
    srv, _appliance = server
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    table = pages.open("/table", phone=False)
    table.set_viewport_size({"width": 1280, "height": 800})
    table.wait_for_function(
        "[...document.querySelectorAll('.join-code img')].every(img => img.complete && img.naturalWidth > 0)",
        timeout=T,
    )
    wifi, page = (table.locator(f"#join-{name}").bounding_box() for name in ("wifi", "page"))
    assert wifi["y"] + wifi["height"] <= page["y"] or wifi["x"] + wifi["width"] <= page["x"]
    for box in (wifi, page):  # both whole on the screen, no scrolling
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    for image in table.locator(".join-code img").all():
        assert image.bounding_box()["width"] >= 150  # big enough to scan across a table
    assert table.text_content("#join-wifi .ssid") == WIFI.ssid
    assert table.text_content("#join-wifi .passphrase") == WIFI.passphrase
    assert table.text_content("#join-page .url") == srv.url
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
