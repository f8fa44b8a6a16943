"""The real server: waitress in a background thread, with threads to spare beyond the streams.

Each open Server-Sent Events stream holds one server thread for as long as its page is
open. The hub caps the streams (per client address and in all, web/hub.py) and the pool
has FREE_THREADS more than that cap, so no number of streams keeps a POST from being
answered. Channels stay readable while a stream runs (``channel_request_lookahead``), so
waitress notices a closed connection and its stream gives the thread back within a second.
One process owns the game, the GPIO and the server.
"""

from __future__ import annotations

import secrets
import socket
import threading
from collections.abc import Iterator, Sequence

from waitress import wasyncore
from waitress.server import BaseWSGIServer, TcpWSGIServer, create_server

from web.app import create_app
from web.hub import STREAMS_TOTAL

FREE_THREADS = 16  # never taken by streams: pages, files and every action
THREADS = STREAMS_TOTAL + FREE_THREADS
CONNECTION_LIMIT = 200
SHUTDOWN_S = 5.0  # how long close() waits for the serving threads to finish
UNTAKEN_S = 30.0
"""A connection that takes nothing of what it is sent for this long is dropped: a phone
gone from the Wi-Fi (no close ever comes) or a frozen page. Its stream ends, so its seat
shows disconnected and the host may decide for it; the kernel alone waits 15 minutes."""
STREAM_BUFFER = 256 * 1024
"""Bytes a stream's connection holds in memory before waitress starts a new buffer (and
before a page that does not read holds up its stream): waitress keeps what a buffer has
sent until it is replaced, 16 MiB by default, which an evening's open pages reach."""


class Server:
    """A running server; ``close`` ends the streams and stops it."""

    def __init__(
        self,
        appliance,
        host: str,
        port: int,
        pin: str,
        sockets: Sequence[socket.socket] = (),
        address: str | None = None,
    ) -> None:
        self.pin = pin
        self.app = create_app(appliance, pin)
        self._server = create_server(
            self.app,
            host=host,
            port=port,
            threads=THREADS,
            connection_limit=CONNECTION_LIMIT,
            channel_timeout=60,
            channel_request_lookahead=1,
            outbuf_high_watermark=STREAM_BUFFER,
            ident="samarkand",
        )
        self._server.adj.socket_options = socket_options()  # each accepted connection's
        for sock in sockets:
            self._also_listen(sock)
        self.port = self._server.effective_port
        short = any(sock.getsockname()[1] == 80 for sock in sockets)
        self._where = (host, 80 if short else self.port, address)
        self.app.config["JOIN_URL"] = lambda: self.url
        self._thread = threading.Thread(target=self._server.run, name="web", daemon=True)
        self._thread.start()

    def _also_listen(self, sock: socket.socket) -> None:
        """Serve on ``sock`` too (systemd's port 80), on the same loop, threads and trigger:
        its channels wake the loop through the one trigger ``close`` closes last."""
        extra = TcpWSGIServer(
            self.app,
            self._server._map,
            True,
            sock,
            dispatcher=self._server.task_dispatcher,
            adj=self._server.adj,
            bind_socket=False,
            sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()),
        )
        extra.trigger.del_channel()
        extra.trigger.close()
        extra.trigger = self._server.trigger

    @property
    def urls(self) -> list[str]:
        """The join URLs, found each time they are asked: a Pi's service may start before
        its Wi-Fi has an address (then ``lan_address`` finds none), and the QR code and the
        terminal must give the one it gets."""
        return join_urls(*self._where)

    @property
    def url(self) -> str:
        return self.urls[0]

    def close(self) -> None:
        """End the streams, let the serving threads finish, then close the sockets on the
        server's own loop thread (closing them from here races with its select).

        The trigger, the pipe a serving thread writes to to wake that loop, is closed last
        and only once no serving thread is left: a thread still running would write into
        whatever file had since reused the pipe's number (another server's connection,
        whose response it would corrupt)."""
        self.app.extensions["samarkand.hub"].close()
        dispatcher = self._server.task_dispatcher
        dispatcher.shutdown(timeout=SHUTDOWN_S)
        self._server.trigger.pull_trigger(self._close_channels)
        self._thread.join(timeout=5)  # with its map empty, the loop returns
        if not dispatcher.threads:
            self._server.trigger.close()

    def _close_channels(self) -> None:
        listener, trigger = self._server, self._server.trigger
        for channel in list(listener._map.values()):
            if channel is trigger:
                trigger.del_channel()  # out of the loop, its pipe still open
            elif isinstance(channel, BaseWSGIServer):
                wasyncore.dispatcher.close(channel)  # its own close() closes the trigger
            else:
                channel.close()


def socket_options() -> list[tuple[int, int, int]]:
    """Each connection's: no delay for small frames, and on Linux (the Pi) dropped after
    ``UNTAKEN_S`` of data sent and not taken (acknowledged, or let in by its window)."""
    options = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]
    if hasattr(socket, "TCP_USER_TIMEOUT"):
        options.append((socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, int(UNTAKEN_S * 1000)))
    return options


def serve(appliance, config, sockets: Sequence[socket.socket] = (), address: str | None = None) -> Server:
    """Start the phone page on ``config.web.host:port`` (and on ``sockets``, already
    listening); its ways in (the join URLs, the first on ``address`` if given, the table's,
    the host's and the PIN) are ``appliance.addresses`` for the caller to print."""
    web = config.web
    pin = web.pin if web.pin_policy == "fixed" else f"{secrets.randbelow(10_000):04d}"
    server = Server(appliance, web.host, web.port, pin, sockets, address)
    appliance.addresses = WaysIn(server)
    return server


class WaysIn:
    """The ways in as the terminal prints them, written each time they are read (the join
    URLs may change: ``Server.urls``)."""

    def __init__(self, server: Server) -> None:
        self.server = server

    def __iter__(self) -> Iterator[str]:
        urls = self.server.urls  # found once for both lines
        url = urls[0]
        yield f"Phones join at: {'  or  '.join(urls)}"
        yield f"Table screen: {url}table   Host console: {url}host   PIN: {self.server.pin}"


def join_urls(host: str, port: int, address: str | None = None) -> list[str]:
    """The short URLs phones can type: the LAN address (or ``address``, the hotspot's)
    first, then the .local name; on port 80, without a port."""
    at = "" if port == 80 else f":{port}"
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{host}{at}/"]
    return [f"http://{address or lan_address()}{at}/", f"http://{socket.gethostname()}.local{at}/"]


def lan_address() -> str:
    """This machine's address on the LAN: the source of a route out (nothing is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
