"""Live streams are capped per client and in all, and a closed one frees its thread at once,
so no number of open streams keeps a POST from being answered, a change a viewer cannot
see sends that viewer nothing, and a seat's stream ends once the seat is taken from its
phone (web/hub.py, web/stream.py, web/server.py)."""

from __future__ import annotations

import http.client
import itertools
import json
import socket
import threading
import time
from dataclasses import replace

import pytest
from web_rig import PIN, Phone, make_appliance, wait_for

import web.server as server_module
from companion.config import PowerConfig
from web.hub import STREAMS_PER_CLIENT, STREAMS_TOTAL, Hub
from web.identity import action_token
from web.server import THREADS, Server


def opened(phone: Phone, **environ):
    response = phone.client.get("/stream?view=table", buffered=False, environ_base=environ)
    if response.status_code == 200:
        next(iter(response.response))  # the first snapshot
    return response


def test_one_client_gets_a_few_streams_and_a_clear_refusal_beyond(flask_app):
    phone = Phone(flask_app, address="10.0.0.5")
    streams = [opened(phone) for _ in range(STREAMS_PER_CLIENT)]
    assert [s.status_code for s in streams] == [200] * STREAMS_PER_CLIENT
    refused = opened(phone)
    assert refused.status_code == 429 and "too many live pages" in refused.json["error"]
    assert opened(Phone(flask_app, address="10.0.0.6")).status_code == 200
    streams[0].close()  # a page closed: its place is free again
    assert opened(phone).status_code == 200


def test_the_table_refuses_streams_beyond_its_total(flask_app):
    clients = [Phone(flask_app, address=f"10.0.1.{n}") for n in range(STREAMS_TOTAL)]
    assert all(opened(c).status_code == 200 for c in clients)
    refused = opened(Phone(flask_app, address="10.0.2.1"))
    assert refused.status_code == 503 and refused.json["error"]


def test_the_stream_of_a_closed_connection_ends_and_frees_its_place(flask_app):
    hub, gone = flask_app.extensions["samarkand.hub"], []
    stream = opened(Phone(flask_app), **{"waitress.client_disconnected": lambda: bool(gone)})
    assert hub.streams.total() == 1
    gone.append(True)
    with pytest.raises(StopIteration):
        next(iter(stream.response))
    stream.close()
    assert hub.streams.total() == 0


def test_a_change_that_leaves_a_viewers_snapshot_as_it_was_sends_that_viewer_nothing():
    hub, shown = Hub(), {"money": 75}
    events = hub.stream(lambda: dict(shown), ping_s=60)
    assert next(events).startswith(b"id: 0\n")
    hub.notify()  # another seat's secret changed

    def spend():
        shown["money"] = 70
        hub.notify()

    threading.Timer(0.2, spend).start()
    sent = next(events)  # the next frame is the viewer's change
    assert sent.startswith(b"id: 2\n") and b'"money":70' in sent
    hub.close()


def test_settle_waits_until_every_open_stream_has_handed_over_the_latest_change():
    """What switching the table off waits for: a stream's frame counts once the server has
    taken it (asked for the next), and a stream not yet open has nothing to hand over."""
    hub = Hub()
    events = hub.stream(lambda: {"rev": hub.rev}, ping_s=60)
    assert hub.settle(0)
    taken = [next(events)]  # built, not yet taken
    assert not hub.settle(0.05)
    server = threading.Thread(target=taken.extend, args=(events,))  # takes every frame
    server.start()
    assert hub.settle(5)
    hub.notify()
    assert hub.settle(5) and b'"rev":1' in taken[-1]
    hub.close()
    server.join(timeout=5)
    assert not server.is_alive() and hub.settle(0)


@pytest.mark.parametrize("to", ["move", "free", "bot"])
def test_a_seats_stream_ends_when_the_host_takes_the_seat_from_its_phone(flask_app, host, to):
    """Moved to another phone, freed or handed to a bot: the old phone's open stream ends
    at once (its page reconnects as a visitor), and sends nothing of the seat's view."""
    ana = Phone(flask_app).join(0, "Ana")
    stream = ana.client.get("/stream", buffered=False)
    frames = iter(stream.response)
    assert json.loads(next(frames).split(b"data: ", 1)[1])["view"]["you"]["seat"] == 0
    assert host.post("/api/host/seat", {"seat": 0, "to": to}).status_code == 200
    assert host.post("/api/host/pause").status_code == 200  # a change the seat would see
    sent = [frame for frame in itertools.islice(frames, 50) if not frame.startswith(b": ping")]
    assert sent == []  # ended (not 50 pings), nothing more sent
    stream.close()
    assert ana.state()["viewer"] is None
    assert flask_app.extensions["samarkand"].disconnected() == ({0} if to == "move" else set())


# ------------------------------------------------------------------ the real server
@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 4})
    appliance.runner.start()
    server = Server(appliance, "127.0.0.1", 0, PIN)
    yield server
    server.close()
    appliance.close()


def raw_stream(port: int, source: str) -> tuple[socket.socket, int]:
    """A stream opened from ``source`` (another loopback address: another client)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(f"GET /stream?view=table HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    status = int(sock.recv(64).split()[1])
    return sock, status


def host_post(port: int, path: str) -> int:
    """Log in from a client of its own, then POST ``path``: the status, or a timeout."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.9", 0))
    conn.request("GET", "/host")
    page = conn.getresponse()
    page.read()
    visitor = page.getheader("Set-Cookie").split(";")[0]
    headers = {
        "Content-Type": "application/json",
        "Origin": f"http://127.0.0.1:{port}",
        "X-Action-Token": action_token(visitor.split("=", 1)[1]),
        "Cookie": visitor,
    }
    conn.request("POST", "/api/host/login", json.dumps({"pin": PIN}), headers)
    login = conn.getresponse()
    login.read()
    headers["Cookie"] += "; " + login.getheader("Set-Cookie").split(";")[0]
    conn.request("POST", path, "{}", headers)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status


def test_a_client_holding_more_streams_than_threads_never_starves_a_post(server):
    socks = [raw_stream(server.port, "127.0.0.2") for _ in range(THREADS + 12)]
    try:
        statuses = [status for _, status in socks]
        assert statuses.count(200) == STREAMS_PER_CLIENT
        assert statuses.count(429) == len(socks) - STREAMS_PER_CLIENT
        assert host_post(server.port, "/api/host/pause") == 200
    finally:
        for sock, _ in socks:
            sock.close()


def test_closed_streams_give_their_places_back_at_once(server):
    hub = server.app.extensions["samarkand.hub"]
    for _ in range(2):  # long before the next ping (10 s)
        socks = [raw_stream(server.port, "127.0.0.3") for _ in range(STREAMS_PER_CLIENT)]
        assert [status for _, status in socks] == [200] * STREAMS_PER_CLIENT
        for sock, _ in socks:
            sock.close()
        wait_for(lambda: hub.streams.total() == 0, timeout=5, what="the closed streams to end")


def test_a_page_that_takes_nothing_it_is_sent_is_dropped_and_frees_its_place(tmp_path, monkeypatch):
    """A frozen page, or a phone gone from the Wi-Fi (no close ever comes): its stream ends
    once what it is sent goes untaken for UNTAKEN_S, and its seat shows disconnected (the
    kernel alone would wait a quarter of an hour)."""
    monkeypatch.setattr(server_module, "UNTAKEN_S", 1.0)
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 4})
    appliance.runner.start()
    server = Server(appliance, "127.0.0.1", 0, PIN)
    hub = server.app.extensions["samarkand.hub"]
    frozen = socket.socket()
    frozen.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)  # full after a frame or two
    try:
        frozen.connect(("127.0.0.1", int(server.port)))
        frozen.sendall(f"GET /stream?view=table HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        wait_for(lambda: hub.streams.total() == 1, timeout=5, what="the stream to open")
        paused = itertools.cycle([True, False])

        def changed_then_dropped() -> bool:  # a change each time: a frame the page never takes
            hold = next(paused)
            appliance.call(
                lambda now: appliance.session.pause(now) if hold else appliance.session.resume(now)
            )
            return hub.streams.total() == 0

        wait_for(changed_then_dropped, timeout=30, what="the untaken stream to be dropped")
    finally:
        frozen.close()
        server.close()
        appliance.close()


def test_a_streams_connection_replaces_its_buffer_after_stream_buffer_bytes(server):
    """Waitress keeps what it has sent on a connection until it replaces the buffer: 16 MiB
    by default, which an evening's open pages reached (8 pages of Samarkand, 1,200 changes:
    the server grew from 60 to 104 MB; with STREAM_BUFFER, it stayed at 55 MB)."""
    sock, status = raw_stream(server.port, "127.0.0.4")
    try:
        (channel,) = [c for c in server._server._map.values() if getattr(c, "outbufs", None) is not None]
        assert status == 200 and channel.adj.outbuf_high_watermark == server_module.STREAM_BUFFER
    finally:
        sock.close()


def test_a_thread_still_serving_when_the_server_closes_keeps_its_pipe(tmp_path, monkeypatch):
    """A serving thread that outlives close() still wakes the server's loop when it ends:
    the loop's pipe stays open for it, so its number is not reused by another file (another
    server's connection) that the thread would then write into."""
    monkeypatch.setattr(server_module, "SHUTDOWN_S", 0.2)
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3})
    appliance.runner.start()
    server = Server(appliance, "127.0.0.1", 0, PIN)
    web, gate, serving = server.app.extensions["samarkand"], threading.Event(), threading.Event()
    shown = web.snapshot
    monkeypatch.setattr(web, "snapshot", lambda viewer: (serving.set(), shown(viewer))[1])
    threading.Thread(target=appliance.call, args=(lambda now: gate.wait(10),), daemon=True).start()
    asking = threading.Thread(target=ask_state, args=(server.port,), daemon=True)
    asking.start()
    assert serving.wait(5)  # its serving thread waits on the table
    server.close()
    trigger = server._server.trigger
    assert not trigger._closed and not server._thread.is_alive()
    gate.set()
    asking.join(timeout=10)
    trigger.pull_trigger()  # what the late thread did: harmless
    appliance.close()


def ask_state(port: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", "/api/state")
        conn.getresponse().read()
    except (OSError, http.client.HTTPException):
        pass  # the server closed: no answer is due
    finally:
        conn.close()


def test_every_open_page_hears_the_table_switch_off_before_it_does(server, monkeypatch):
    """The phones and the table screen say the table is off and when to unplug it, rather
    than try to reconnect: the word is on their sockets before systemd is asked, even with
    snapshots slow to build (a busy Pi)."""
    web = server.app.extensions["samarkand"]
    web.appliance.config = replace(web.appliance.config, power=PowerConfig(switch_off=True))
    shown = web.snapshot

    def slow(viewer):  # a busy Pi: the word takes 2 s to build
        if web.switching_off:
            time.sleep(2.0)
        return shown(viewer)

    monkeypatch.setattr(web, "snapshot", slow)
    socks = [raw_stream(server.port, f"127.0.0.{n}") for n in (4, 5)]
    heard: list[bool] = []
    web.appliance.power_off = lambda: heard.extend(told_off(sock) for sock, _ in socks)
    try:
        assert host_post(server.port, "/api/host/switch_off") == 200
        assert heard == [True, True]
    finally:
        for sock, _ in socks:
            sock.close()


def told_off(sock: socket.socket, within: float = 1.5) -> bool:
    """Whether the stream on ``sock`` says the table is switching off within ``within`` s."""
    got, deadline = b"", time.monotonic() + within
    while b'"switching_off":true' not in got and time.monotonic() < deadline:
        sock.settimeout(deadline - time.monotonic())
        try:
            got += sock.recv(65536)
        except TimeoutError:
            break
    return b'"switching_off":true' in got
