"""The host's new-game form for Le Marché starts from the table's configuration: a Pi set
to count every 0.6 s offers 600 ms, not the built-in 1000 ms (issue 23), so that a game
started from the form without touching it keeps the configured speed."""

from __future__ import annotations

from web_rig import PIN, Phone

from companion.appliance.inputs import GpioInputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.store import EventStore
from web.app import create_app

CONFIGURED = {"step_ms": 600, "lead_in_ms": 1500, "tie_window_ms": 80, "claim_deadline_ms": 12000}


def test_the_new_game_form_offers_the_configured_countdown(tmp_path):
    config = load_config(
        None,
        {"store": {"path": str(tmp_path / "s.db")}, "display": {"kind": "terminal"}, "table": CONFIGURED},
    )
    appliance = Appliance(config, GpioInputs(config, simulate=True), EventStore(config.store.path))
    try:
        host = Phone(create_app(appliance, PIN))
        assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
        games = {g["name"]: g for g in host.get("/api/games").json["games"]}
        defaults = {o["name"]: o["default"] for o in games["marche"]["table_settings"]}
        assert defaults == {
            "step_ms": 600,
            "lead_in_ms": 1500,
            "tie_window_ms": 80,
            "claim_deadline_ms": 12_000,
        }
    finally:
        appliance.close()
