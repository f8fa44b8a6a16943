"""Phone page figures: push latency to 20 open streams, and POST latency while they are open.

A change made on the table (pause / resume, as the host console does) is timed from just
before the call to the arrival of the resulting message at each of 20 Server-Sent Events
streams on loopback (goal: p99 under 50 ms); then host POSTs are timed with the 20 streams
open (a server with too few threads starves them). Runs the real waitress server on a free
port of 127.0.0.1 over a real appliance on mock pins.
Run from the project folder: .venv/bin/python bench/web.py
"""
from __future__ import annotations

import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.appliance.running import Appliance                     # noqa: E402
from companion.config import load_config                      # noqa: E402
from companion.appliance.inputs import GpioInputs                # noqa: E402
from companion.store import EventStore                        # noqa: E402
from web.identity import action_token                         # noqa: E402
from web.server import Server                                 # noqa: E402

STREAMS = 20
CHANGES = 60
POSTS = 60
PIN = "2468"


class StreamReader(threading.Thread):
    """One open stream: the arrival time of every data frame."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.request("GET", "/stream?view=table")
        self.response = self.conn.getresponse()
        self.arrivals: list[float] = []
        self.arrived = threading.Condition()

    def run(self) -> None:
        try:
            for line in self.response:
                if line.startswith(b"data:"):
                    with self.arrived:
                        self.arrivals.append(time.perf_counter())
                        self.arrived.notify_all()
        except (OSError, ValueError, http.client.HTTPException):
            return

    def wait_for(self, count: int, timeout: float = 5.0) -> float:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.arrivals) >= count, timeout)
            return self.arrivals[count - 1]


class Host:
    """The host console's POSTs, with its cookies, Origin and action token."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"http://127.0.0.1:{port}"
        conn = http.client.HTTPConnection("127.0.0.1", port)
        conn.request("GET", "/host")
        response = conn.getresponse()
        response.read()
        visitor = response.getheader("Set-Cookie").split(";")[0]
        self.cookies = [visitor]
        self.token = action_token(visitor.split("=", 1)[1])
        self.post("/api/host/login", {"pin": PIN})

    def post(self, path: str, body: dict | None = None) -> float:
        conn = http.client.HTTPConnection("127.0.0.1", self.port)
        start = time.perf_counter()
        conn.request("POST", path, json.dumps(body or {}), {
            "Content-Type": "application/json", "Origin": self.origin,
            "X-Action-Token": self.token, "Cookie": "; ".join(self.cookies)})
        response = conn.getresponse()
        response.read()
        elapsed = time.perf_counter() - start
        if response.status != 200:
            raise RuntimeError(f"{path}: {response.status}")
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookies.append(cookie.split(";")[0])
        conn.close()
        return elapsed


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def run() -> dict:
    with tempfile.TemporaryDirectory() as folder:
        config = load_config(None, {"store": {"path": str(Path(folder) / "s.db")},
                                    "display": {"kind": "terminal"},
                                    "web": {"host": "127.0.0.1", "port": 8000,
                                            "pin_policy": "fixed", "pin": PIN}})
        appliance = Appliance(config, GpioInputs(config, simulate=True),
                              EventStore(config.store.path), seed=1, bots_fill_seats=False)
        appliance.new_game({"players": 4})
        appliance.runner.start()
        server = Server(appliance, "127.0.0.1", 0, PIN)
        try:
            return _measure(appliance, server)
        finally:
            server.close()
            appliance.close()


def _measure(appliance: Appliance, server: Server) -> dict:
    readers = [StreamReader(server.port) for _ in range(STREAMS)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.wait_for(1)
    core = appliance.session
    push_ms = []
    for i in range(CHANGES):
        seen = [len(r.arrivals) for r in readers]
        start = time.perf_counter()
        appliance.call(core.resume if core.paused else core.pause)
        push_ms += [(r.wait_for(n + 1) - start) * 1000 for r, n in zip(readers, seen)]
        time.sleep(0.01)
    host = Host(server.port)
    post_ms = [host.post("/api/host/" + ("resume" if i % 2 else "pause")) * 1000
               for i in range(POSTS)]
    alive = sum(r.is_alive() for r in readers)
    for reader in readers:
        reader.conn.close()
    return {"streams": STREAMS, "streams_alive_at_end": alive, "changes": CHANGES,
            "push_p50_ms": round(statistics.median(push_ms), 2),
            "push_p99_ms": round(percentile(push_ms, 99), 2),
            "push_max_ms": round(max(push_ms), 2),
            "post_p50_ms": round(statistics.median(post_ms), 2),
            "post_p99_ms": round(percentile(post_ms, 99), 2)}


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:>22}: {value}")
