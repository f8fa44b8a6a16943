"""A desktop for Chromium to keep awake: a display (Xvfb), a private D-Bus session bus, and
on it a stand-in for the desktop's screen saver (org.freedesktop.ScreenSaver) that keeps
what asks it not to blank the screen. Chromium, run with a window on that display, asks it
(Inhibit) while a page holds a wake lock, the Wake Lock API's ("Blink Wake Lock") or a
playing video's ("Video Wake Lock"), and lets go (UnInhibit) when the page does: what a
laptop's or a television's desktop is told.

``INSECURE`` is a name Chromium resolves to 127.0.0.1: a page served under it is plain
http from an address that is not the machine's own, as a phone or a laptop sees the Pi,
so the browser offers it no Wake Lock API.

scripts/test installs Debian's xvfb and dbus-daemon; under CI their absence fails these
tests instead of skipping them."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_rig import ARGS, CHROMIUM, wait_on

INSECURE = "table.test"
NEEDED = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("dbus-daemon")) and not os.environ.get("CI"),
    reason="needs Debian's xvfb and dbus-daemon (scripts/test installs them)",
)
BUS = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:path={path}</listen>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/><allow user="*"/></policy>
</busconfig>"""


class ScreenSaver:
    """The desktop's screen saver as Chromium sees it: the reasons it is being kept from
    blanking the screen now (``held``)."""

    NAME = "org.freedesktop.ScreenSaver"

    def __init__(self, address: str) -> None:
        self.address = address
        self._held: dict[int, str] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ready = threading.Event()

    def held(self) -> list[str]:
        with self._lock:
            return sorted(self._held.values())

    def serve(self) -> None:
        from jeepney import MessageType, new_method_return
        from jeepney.bus_messages import message_bus
        from jeepney.io.blocking import open_dbus_connection

        with open_dbus_connection(bus=self.address) as bus:
            bus.send_and_get_reply(message_bus.RequestName(self.NAME))
            self._ready.set()
            cookie = 0
            while not self._stop.is_set():
                try:
                    call = bus.receive(timeout=0.1)
                except TimeoutError:
                    continue
                if call.header.message_type != MessageType.method_call:
                    continue
                member = call.header.fields.get(3)  # HeaderFields.member
                if member == "Inhibit":
                    cookie += 1
                    with self._lock:
                        self._held[cookie] = call.body[1]
                    bus.send(new_method_return(call, "u", (cookie,)))
                    continue
                if member == "UnInhibit":
                    with self._lock:
                        self._held.pop(call.body[0], None)
                bus.send(new_method_return(call))

    @contextmanager
    def running(self):
        thread = threading.Thread(target=self.serve, daemon=True)
        thread.start()
        assert self._ready.wait(10), "the screen saver's stand-in never joined the bus"
        try:
            yield self
        finally:
            self._stop.set()
            thread.join(5)


@contextmanager
def desktop(tmp: Path):
    """A display and a session bus with the screen saver's stand-in on it: yields the
    environment for a browser on that desktop and the screen saver."""
    read, write = os.pipe()
    display = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number = os.read(read, 16).decode().strip()  # once Xvfb is ready for clients
    assert number, "Xvfb did not start"
    socket = tmp / "bus"
    (tmp / "bus.conf").write_text(BUS.format(path=socket))
    bus = subprocess.Popen(
        ["dbus-daemon", "--nofork", f"--config-file={tmp / 'bus.conf'}"], stderr=subprocess.DEVNULL
    )
    env = {
        **os.environ,
        "DISPLAY": f":{number}",
        "DBUS_SESSION_BUS_ADDRESS": f"unix:path={socket}",
        "XDG_CURRENT_DESKTOP": "KDE",  # a desktop whose screen saver Chromium asks
    }
    try:
        wait_on_file(socket)
        with ScreenSaver(env["DBUS_SESSION_BUS_ADDRESS"]).running() as saver:
            yield env, saver
    finally:
        for process in (bus, display):
            process.terminate()
            process.wait(10)
        os.close(read)  # only now: Xvfb may say its number twice, and dies if it cannot


def wait_on_file(path: Path) -> None:
    """Before any browser runs: a plain sleep harms no page."""
    for _ in range(100):
        if path.exists():
            return
        time.sleep(0.05)
    raise AssertionError(f"the session bus never listened on {path}")


def insecure(server) -> str:
    """The server's address as a device on the table's network sees it: plain http."""
    return f"http://{INSECURE}:{server.port}"


def launch_on(pw, env: dict[str, str]):
    """Debian's chromium with a window on the desktop, ``INSECURE`` resolved to this machine."""
    args = [arg for arg in ARGS if arg != "--headless"]
    args += [f"--host-resolver-rules=MAP {INSECURE} 127.0.0.1", f"--proxy-bypass-list={INSECURE}"]
    return pw.chromium.launch(executable_path=CHROMIUM, headless=False, args=args, env=env)


def holds(page, saver: ScreenSaver, reasons: list[str], what: str) -> None:
    """Wait until the screen saver is held for exactly ``reasons`` (none: let go)."""
    wait_on(page, lambda: saver.held() == reasons, what)
