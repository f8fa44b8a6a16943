"""Fixtures for the web tests (the rig itself is web_rig.py)."""

from __future__ import annotations

import pytest
from web_rig import FAST, NAMES, PIN, Phone, make_appliance

from web.app import create_app


@pytest.fixture
def appliance(tmp_path):
    """A 4-player table, no bots, loop not running: tests drive it through the page."""
    app = make_appliance(tmp_path, bots=False)
    app.new_game({"players": 4, "names": NAMES}, FAST)
    yield app
    app.close()


@pytest.fixture
def flask_app(appliance):
    app = create_app(appliance, PIN)
    app.config["PING_S"] = 0.05
    return app


@pytest.fixture
def phone(flask_app):
    return lambda: Phone(flask_app)


@pytest.fixture
def host(flask_app):
    h = Phone(flask_app)
    assert h.post("/api/host/login", {"pin": PIN}).status_code == 200
    return h
