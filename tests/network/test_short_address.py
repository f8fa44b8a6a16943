"""The short address: the page also served on a listening socket systemd hands over
(samarkand.socket, port 80 on the Pi), and join URLs without a port on port 80."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from web.server import join_urls

REPO = Path(__file__).resolve().parents[2]
# As systemd starts a socket-activated service: the socket at file descriptor 3, and
# LISTEN_PID naming the process (which exec keeps), LISTEN_FDS how many sockets.
AS_SYSTEMD = (
    "import os, sys; os.dup2(int(sys.argv[1]), 3); "
    "os.environ.update(LISTEN_PID=str(os.getpid()), LISTEN_FDS='1'); "
    "os.execv(sys.executable, [sys.executable, '-m', 'companion.appliance.cli', "
    "*sys.argv[2:]])"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_page_answers_on_the_socket_systemd_hands_over_and_on_its_own_port(tmp_path):
    handed = socket.create_server(("127.0.0.1", 0))
    handed_port, own = handed.getsockname()[1], free_port()
    run = subprocess.Popen(
        [
            sys.executable,
            "-c",
            AS_SYSTEMD,
            str(handed.fileno()),
            "run",
            "--simulate",
            "--set",
            f"store.path={tmp_path / 'companion.db'}",
            "--set",
            "web.host=127.0.0.1",
            "--set",
            f"web.port={own}",
        ],
        cwd=REPO,
        pass_fds=[handed.fileno()],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    handed.close()  # the companion holds it now, as systemd would
    for line in run.stdout:
        if line.startswith("Table screen:"):
            break
    try:
        for port in (handed_port, own):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/table", timeout=10) as page:
                assert page.status == 200 and b'src="/qr.svg"' in page.read()
    finally:
        run.send_signal(signal.SIGTERM)
        out, _ = run.communicate(timeout=30)
    assert run.returncode == 0, out


def test_on_port_80_the_addresses_read_aloud_have_no_port():
    host = socket.gethostname()
    assert join_urls("0.0.0.0", 80, "10.42.0.1") == ["http://10.42.0.1/", f"http://{host}.local/"]
    assert join_urls("0.0.0.0", 8000, "10.42.0.1") == ["http://10.42.0.1:8000/", f"http://{host}.local:8000/"]
