"""Phone page figures: push latency to 20 open streams, and POSTs while one client hogs streams.

- Push: a change made on the table (pause / resume, as the host console does) is timed from
  just before the call to the arrival of the resulting message at each of 20 Server-Sent
  Events streams (20 clients); goal: p99 under 50 ms. Then the 20 hang up, and the time
  until the server has freed their threads is taken (goal: about a second).
- Starvation: five seated phones keep their streams open while one client opens 100 idle
  streams (the server caps it, web/hub.py); then the host's and the players' POSTs are timed
  (goal: p99 under 50 ms, all answered) and the phones' streams must still deliver.
Runs the real waitress server on a free port of 127.0.0.1 over a real appliance on mock
pins; each client connects from its own loopback address (127.0.0.x), as phones on the
table's network would. Run from the project folder: .venv/bin/python bench/web.py
"""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.appliance.inputs import GpioInputs
from companion.appliance.running import Appliance
from companion.config import load_config
from companion.store import EventStore
from web.identity import action_token
from web.server import Server

STREAMS = 20
CHANGES = 60
POSTS = 60
IDLE_STREAMS = 100
PHONES = 5
PIN = "2468"
HOST_ADDRESS, HOG_ADDRESS = "127.0.0.2", "127.0.0.3"


def address(n: int) -> str:
    """The loopback address of the n-th phone or stream reader."""
    return f"127.0.1.{n + 1}"


class Browser:
    """One client: its address, its cookies, Origin and action token on every POST."""

    def __init__(self, port: int, source: str) -> None:
        self.port, self.source = port, source
        self.origin = f"http://127.0.0.1:{port}"
        response = self.request("GET", "/")
        visitor = response.getheader("Set-Cookie").split(";")[0]
        self.cookies = [visitor]
        self.token = action_token(visitor.split("=", 1)[1])

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30, source_address=(self.source, 0))

    def request(
        self, method: str, path: str, body: str | None = None, headers: dict | None = None
    ) -> http.client.HTTPResponse:
        conn = self.connect()
        conn.request(method, path, body, headers or {})
        response = conn.getresponse()
        response.read()
        conn.close()
        return response

    def post(self, path: str, body: dict | None = None) -> tuple[int, float]:
        """The status and the seconds it took to answer."""
        start = time.perf_counter()
        response = self.request(
            "POST",
            path,
            json.dumps(body or {}),
            {
                "Content-Type": "application/json",
                "Origin": self.origin,
                "X-Action-Token": self.token,
                "Cookie": "; ".join(self.cookies),
            },
        )
        elapsed = time.perf_counter() - start
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookies.append(cookie.split(";")[0])
        return response.status, elapsed


class StreamReader(threading.Thread):
    """One open stream: the arrival time of every data frame."""

    def __init__(self, browser: Browser, path: str = "/stream?view=table") -> None:
        super().__init__(daemon=True)
        self.conn = browser.connect()
        self.conn.request("GET", path, headers={"Cookie": "; ".join(browser.cookies)})
        self.sock = self.conn.sock
        self.response = self.conn.getresponse()
        self.arrivals: list[float] = []
        self.arrived = threading.Condition()
        self.start()

    def run(self) -> None:
        try:
            for line in self.response:
                if line.startswith(b"data:"):
                    with self.arrived:
                        self.arrivals.append(time.perf_counter())
                        self.arrived.notify_all()
        except (OSError, ValueError, http.client.HTTPException):
            return

    def close(self) -> None:
        """Hang up (the response still holds the socket, so shut it down)."""
        self.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()

    def wait_for(self, count: int, timeout: float = 5.0) -> float | None:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.arrivals) >= count, timeout)
            return self.arrivals[count - 1] if len(self.arrivals) >= count else None


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def figures(name: str, seconds: list[float]) -> dict:
    ms = [s * 1000 for s in seconds]
    return {
        f"{name}_p50_ms": round(statistics.median(ms), 2),
        f"{name}_p99_ms": round(percentile(ms, 99), 2),
        f"{name}_max_ms": round(max(ms), 2),
    }


def run() -> dict:
    with tempfile.TemporaryDirectory() as folder:
        config = load_config(
            None,
            {
                "store": {"path": str(Path(folder) / "s.db")},
                "display": {"kind": "terminal"},
                "table": {"lead_in_ms": 3600000},
            },
        )
        appliance = Appliance(
            config,
            GpioInputs(config, simulate=True),
            EventStore(config.store.path),
            seed=1,
            bots_fill_seats=False,
        )
        appliance.new_game({"players": PHONES})
        appliance.runner.start()
        server = Server(appliance, "127.0.0.1", 0, PIN)
        try:
            push = _push(appliance, server.port)
            freed = _freed_s(server.app.extensions["samarkand.hub"])
            return {**push, "closed_streams_freed_s": freed, **_starvation(appliance, server.port)}
        finally:
            server.close()
            appliance.close()


def _push(appliance: Appliance, port: int) -> dict:
    readers = [StreamReader(Browser(port, address(n))) for n in range(STREAMS)]
    for reader in readers:
        reader.wait_for(1)
    session, push_s = appliance.session, []
    for _ in range(CHANGES):
        seen = [len(r.arrivals) for r in readers]
        start = time.perf_counter()
        appliance.call(session.resume if session.paused else session.pause)
        push_s += [r.wait_for(n + 1) - start for r, n in zip(readers, seen)]
        time.sleep(0.01)
    if session.paused:
        appliance.call(session.resume)
    for reader in readers:
        reader.close()
    return {"streams": STREAMS, "changes": CHANGES, **figures("push", push_s)}


def _freed_s(hub) -> float:
    """Seconds until the streams just hung up have given their threads back (at most 10)."""
    start = time.perf_counter()
    while hub.streams.total() and time.perf_counter() - start < 10:
        time.sleep(0.01)
    return round(time.perf_counter() - start, 2)


def _starvation(appliance: Appliance, port: int) -> dict:
    phones = [Browser(port, address(STREAMS + n)) for n in range(PHONES)]
    for seat, phone in enumerate(phones):
        phone.post("/api/join", {"seat": seat, "name": f"Player {seat + 1}"})
    streams = [StreamReader(phone, "/stream") for phone in phones]
    for stream in streams:
        stream.wait_for(1)
    hog = Browser(port, HOG_ADDRESS)
    idle = [hog.connect() for _ in range(IDLE_STREAMS)]
    for conn in idle:
        conn.request("GET", "/stream?view=table", headers={"Cookie": hog.cookies[0]})
    answers = [conn.getresponse().status for conn in idle]  # the accepted ones stay open
    host = Browser(port, HOST_ADDRESS)
    host.post("/api/host/login", {"pin": PIN})
    before = [len(s.arrivals) for s in streams]
    statuses, post_s = [], []
    for i in range(POSTS):
        status, seconds = host.post("/api/host/" + ("pause" if i % 2 == 0 else "resume"))
        statuses.append(status)
        post_s.append(seconds)
    hands = appliance.session.state.hands
    for seat, phone in enumerate(phones):  # every player offers a card
        status, seconds = phone.post("/api/act", {"kind": "pick", "data": {"card": hands[seat][0]}})
        statuses.append(status)
        post_s.append(seconds)
    live = sum(s.wait_for(n + 1) is not None and s.is_alive() for s, n in zip(streams, before))
    for conn in idle:
        conn.close()
    for stream in streams:
        stream.close()
    return {
        "idle_streams_asked": IDLE_STREAMS,
        "idle_streams_by_status": dict(sorted(Counter(answers).items())),
        "posts": len(post_s),
        "posts_answered_200": statuses.count(200),
        **figures("post", post_s),
        "phone_streams_live": f"{live} of {PHONES}",
    }


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:>26}: {value}")
