"""Hostile requests to every POST route and hostile names at the join (issue 11's probe).

Hypothesis draws the requests, derandomized (the same ones at every run) and bounded in
number; each request is small (under the 16 KB body cap), so the suite is bounded in time
too. Every answer must be a 2xx, or a 4xx whose body is JSON ``{"error": text}``: never a
5xx. The counts by status are printed (``pytest -s``) for the record.
"""

from __future__ import annotations

import itertools
import json
import re
import unicodedata
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_rig import FAST, NAMES, PIN, Phone, make_appliance

from web.app import create_app
from web.identity import NAME_MAX

EXAMPLES = 50  # per POST route (24 routes), and the join names: 400
SETTINGS = dict(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

PLAYER_ROUTES = {
    "/api/act": {"kind": "pick", "data": {"card": 7}},
    "/api/buzz": {},
    "/api/join": {"seat": 3, "name": "Zoe"},
    "/api/draw": {"card": 4},
}
HOST_ROUTES = {
    "/api/host/login": {"pin": PIN},
    "/api/host/logout": {},
    "/api/host/new_game": {
        "game": "marche",
        "players": 4,
        "mode": "digital",
        "rules": {"hidden_goods": True},
        "table": FAST,
    },
    "/api/host/pause": {},
    "/api/host/resume": {},
    "/api/host/undo": {},
    "/api/host/end": {},
    "/api/host/card": {"card": 4},
    "/api/host/entry": {"value": 4},
    "/api/host/act": {"seat": 0, "kind": "claim", "data": {"target": "camel"}},
    "/api/host/score": {"seat": 0, "choice": {"jewels": [1, 2]}},
    "/api/host/accept": {},
    "/api/host/seat": {"seat": 1, "to": "free"},
    "/api/host/lobby/open": {"game": "market", "seats": 3, "rules": {"open_money": True}},
    "/api/host/lobby/bot": {"seat": 1, "style": "trader", "name": "Tara"},
    "/api/host/lobby/start": {},
    "/api/host/history/merge": {"name": "Amelie", "into": "Amélie"},
    "/api/host/history/separate": {"name": "Amelie"},
    "/api/host/history/hide": {"game": 1, "hidden": True},
    "/api/host/nope": {},
}
ROUTES = {**PLAYER_ROUTES, **HOST_ROUTES}

ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=30)  # surrogates too
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | ANY_TEXT
    | st.sampled_from(["bank", "camel", "jewels", "7", "", PIN, "\ud800", "\x1b[2J"])
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ANY_TEXT, inner, max_size=4),
    max_leaves=12,
)


def paths(template: dict, above: tuple = ()):
    """Every key of the body, nested ones too (an action's data), as a path."""
    for key, value in template.items():
        yield (*above, key)
        if isinstance(value, dict):
            yield from paths(value, (*above, key))


@st.composite
def mutated(draw, template: dict) -> bytes:
    """The route's own body with fields dropped, replaced by hostile values or added."""
    body = json.loads(json.dumps(template))
    for *parents, key in draw(
        st.lists(st.sampled_from([*paths(template), ("extra",)]), min_size=1, max_size=3)
    ):
        target = body
        for parent in parents:
            target = target.get(parent) if isinstance(target, dict) else None
        if not isinstance(target, dict):
            continue
        if draw(st.integers(0, 3)):
            target[key] = draw(scalars | values)
        else:
            target.pop(key, None)
    return json.dumps(body, allow_nan=True).encode()


def nested(depth: int, opener: str, closer: str) -> bytes:
    return (opener * depth + closer * depth).encode()


RAW = st.sampled_from(
    [
        nested(990, "[", "]"),
        nested(5000, "[", "]"),
        ('{"a":' * 900 + "1" + "}" * 900).encode(),
        b"",
        b"null",
        b"[]",
        b'"text"',
        b"1e999",
        b"9" * 5000,
        b'{"card": NaN}',
        b'{"card": Infinity}',
        b'{"card": 1e999}',
        b'{"card": ' + b"9" * 5000 + b"}",
        b'{"kind": "pick", "data": {"card": NaN}}',
        b'{"kind": "pick", "data": [7]}',
        b'{"kind": "chance", "data": {"deck": "camels", "card": 4}}',
        b'{"kind": "\\ud800"}',
        b"\xff\xfe{}",
        b'\xef\xbb\xbf{"card": 7}',
        b'{"card": 7',
        b'{"card": "\\ud800"}',
        b'{"name": "\\udfff\\ud800", "seat": 0}',
        b'{"seat": 0, "name": "\x1b[2J"}',
    ]
)
KINDS = st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded"])


@st.composite
def bodies(draw, template: dict) -> tuple[bytes, str]:
    """Mostly the route's own body mutated, else raw bytes or any JSON; mostly sent as JSON."""
    body = draw(
        st.one_of(
            mutated(template),
            mutated(template),
            RAW,
            st.binary(max_size=64),
            values.map(lambda v: json.dumps(v, allow_nan=True).encode()),
        )
    )
    return body, draw(KINDS) if draw(st.integers(0, 9)) == 0 else "application/json"


class Table:
    """A table with a seated phone and the host logged in."""

    def __init__(self, tmp_path) -> None:
        self.appliance = make_appliance(tmp_path, bots=False)
        self.appliance.new_game({"players": 4, "names": NAMES}, FAST)
        self.app = create_app(self.appliance, PIN)
        self.player = Phone(self.app).join(0, "Ana")
        self.host = Phone(self.app)
        assert self.host.post("/api/host/login", {"pin": PIN}).status_code == 200
        self.addresses = itertools.count()

    def send(self, route: str, body: bytes, kind: str):
        """Player routes from the seated phone (join from a new one), host routes as the host
        (login and logout from a new browser, so the host stays logged in; each login from
        an address of its own, so that the PINs are checked rather than throttled)."""
        if route in ("/api/join", "/api/host/login", "/api/host/logout"):
            sender = Phone(self.app, address=f"10.9.{next(self.addresses)}.1")
        else:
            sender = self.player if route in PLAYER_ROUTES else self.host
        return sender.client.post(
            route,
            data=body,
            content_type=kind,
            headers={"Origin": "http://localhost", "X-Action-Token": sender.token},
        )


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    table = Table(tmp_path_factory.mktemp("fuzz"))
    yield table
    table.appliance.close()


def assert_clean(response) -> None:
    assert response.status_code < 500, (response.status_code, response.get_data())
    if response.status_code >= 400:
        assert response.is_json, response.get_data()
        error = response.json["error"]
        assert isinstance(error, str) and error and error.isprintable(), error


def test_the_probe_reaches_every_post_route_of_the_app(table):
    posts = {rule.endpoint for rule in table.app.url_map.iter_rules() if "POST" in rule.methods}
    routes = table.app.url_map.bind("localhost")
    assert posts <= {routes.match(route, method="POST")[0] for route in ROUTES}


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_a_post_route_answers_hostile_bodies_with_a_4xx_never_a_5xx(table, route):
    """The table moves on as the probe goes (games ended, new ones started), so the routes
    meet different phases; the seated phone keeps its seat through the host's new games."""
    seen: Counter = Counter()

    @settings(max_examples=EXAMPLES, **SETTINGS)
    @given(bodies(ROUTES[route]))
    def probe(request):
        response = table.send(route, *request)
        assert_clean(response)
        seen[response.status_code] += 1
        assert table.player.get("/api/state").status_code == 200

    probe()
    print(f"\nPOST {route}: {sum(seen.values())} requests by status {dict(sorted(seen.items()))}")
    assert seen and max(seen) < 500


# ------------------------------------------------------------------ the join name
names = st.text(st.characters(exclude_categories=()), max_size=40) | st.sampled_from(
    [
        "Zed\ud800",
        "\x1b]0;PWN\x07\x1b[2J\x1b[31mEve",
        "Eve\u202e",
        "e\u0301" * 20,
        "é" * 21,
        "\U0001f42a" * 20,
        "  Ana   Lou ",
        "Ana\tLou",
        "\u00a0Bo\u3000",
        "A\u200dB",
        "\udfff",
    ]
)


def expected(name: str) -> str | None:
    """The name a join must keep, or None where it must be refused."""
    if any(unicodedata.category(c).startswith("C") for c in name):
        return None
    kept = " ".join(unicodedata.normalize("NFC", name).split())
    if (
        not kept
        or len(kept) > NAME_MAX
        or re.fullmatch(r"(seat|place) \d+", kept, re.IGNORECASE)
        or re.fullmatch(r".*\(\s*(bot|robot)\s*\)", kept, re.IGNORECASE)
    ):
        return None
    return kept


def test_a_join_keeps_only_clean_names_and_refuses_the_rest_with_a_400(tmp_path):
    tables: list[Table] = []
    seen: Counter = Counter()

    @settings(max_examples=8 * EXAMPLES, **SETTINGS)
    @given(names)
    def probe(name):
        if not tables or len(tables[-1].appliance.human_seats) == 4:
            tables.append(Table(tmp_path / str(len(tables))))
        table = tables[-1]
        seat = min(set(range(4)) - table.appliance.human_seats)
        response = Phone(table.app).post("/api/join", {"seat": seat, "name": name})
        assert_clean(response)
        seen[response.status_code] += 1
        kept = expected(name)
        if response.status_code == 200:
            shown = table.player.state()["view"]["players"][seat]["name"]
            assert shown == kept and shown.isprintable() and len(shown) <= NAME_MAX
        elif kept is None:
            assert response.status_code == 400, response.json
        else:  # a clean name may only clash with another
            assert response.status_code == 409 and "already called" in response.json["error"]

    try:
        probe()
    finally:
        for table in tables:
            table.appliance.close()
    print(f"\njoin name fuzz, {sum(seen.values())} names by status: {dict(sorted(seen.items()))}")
    assert {200, 400} <= set(seen), seen
