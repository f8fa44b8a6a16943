"""The fake NetworkManager every hotspot test runs against (never this machine's network):
the fake nmcli first on PATH, and the network it pretends to manage."""

from __future__ import annotations

import json
import os
from pathlib import Path

FAKE = Path(__file__).with_name("fake_nmcli")
PASSPHRASE = "k3ep-it:se;cr\\et,"  # every character the Wi-Fi QR payload must escape


class FakeNetwork:
    """The network the fake nmcli manages: its state file and the calls it recorded."""

    def __init__(self, folder: Path) -> None:
        self.state_file, self.log_file = folder / "nm-state.json", folder / "nm-calls.jsonl"
        self.log_file.touch()
        self.state = {
            "running": True,
            "connections": {"House": {"connection.id": "House"}},
            "devices": [
                {
                    "name": "wlan0",
                    "type": "wifi",
                    "state": "connected",
                    "connection": "House",
                    "ap": True,
                    "ip4": "192.168.1.30/24",
                },
                {"name": "eth0", "type": "ethernet", "state": "unavailable", "connection": "", "ip4": ""},
                {
                    "name": "lo",
                    "type": "loopback",
                    "state": "connected (externally)",
                    "connection": "lo",
                    "ip4": "127.0.0.1/8",
                },
            ],
        }
        self.save()

    def save(self) -> None:
        self.state_file.write_text(json.dumps(self.state))

    def load(self) -> dict:
        self.state = json.loads(self.state_file.read_text())
        return self.state

    def device(self, name: str) -> dict:
        return next(d for d in self.load()["devices"] if d["name"] == name)

    def change(self, name: str, **values) -> None:
        self.load()
        next(d for d in self.state["devices"] if d["name"] == name).update(values)
        self.save()

    def calls(self) -> list[list[str]]:
        return [json.loads(line) for line in self.log_file.read_text().splitlines()]

    def commands(self) -> list[str]:
        """The calls that change something ("connection up samarkand-hotspot"), in order."""
        return [
            " ".join(call[:3])
            for call in self.calls()
            if call[0] == "connection" and call[1] in ("add", "modify", "up", "down")
        ]


def fake_network(folder: Path, monkeypatch) -> FakeNetwork:
    """The fake nmcli first on PATH, managing a network of its own in ``folder``."""
    fake = FakeNetwork(folder)
    monkeypatch.setenv("PATH", f"{FAKE}:{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_NMCLI_STATE", str(fake.state_file))
    monkeypatch.setenv("FAKE_NMCLI_LOG", str(fake.log_file))
    return fake
