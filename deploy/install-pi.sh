#!/usr/bin/env bash
# Install (or update) the Samarkand table companion as a service on Raspberry Pi OS.
#
#   sudo deploy/install-pi.sh            # from a checkout of the repository
#   sudo deploy/install-pi.sh /path/to/repo
#
# Safe to run again: it updates the program, keeps /etc/samarkand/config.toml and the game
# store, and restarts the service.
set -euo pipefail

REPO="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
SERVICE_USER=samarkand
PREFIX=/opt/samarkand
VENV="$PREFIX/venv"
STATE_DIR=/var/lib/samarkand
CONFIG_DIR=/etc/samarkand
CONFIG="$CONFIG_DIR/config.toml"
UNIT=/etc/systemd/system/samarkand.service

if [[ $EUID -ne 0 ]]; then
    echo "install-pi.sh: run it as root: sudo $0 $*" >&2
    exit 1
fi
if [[ ! -f "$REPO/pyproject.toml" || ! -f "$REPO/deploy/samarkand.service" ]]; then
    echo "install-pi.sh: $REPO is not a checkout of the companion (no pyproject.toml)" >&2
    exit 1
fi

echo "==> System packages"
apt-get update
# python3-lgpio: the GPIO library gpiozero uses on current Pis (seen through the venv's
# system site packages, so nothing has to be compiled); avahi: the Pi's <name>.local.
apt-get install -y python3-venv python3-pip python3-lgpio avahi-daemon

echo "==> Service user $SERVICE_USER"
if ! id -u "$SERVICE_USER" >/dev/null 2>&1; then
    useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
        --shell /usr/sbin/nologin "$SERVICE_USER"
fi
for group in gpio spi dialout; do
    if getent group "$group" >/dev/null; then
        usermod -a -G "$group" "$SERVICE_USER"
    else
        echo "    (no group $group on this system: skipped)"
    fi
done

echo "==> Folders"
install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0750 "$STATE_DIR"
install -d -m 0755 "$PREFIX" "$CONFIG_DIR"

echo "==> Program in $VENV"
if [[ ! -x "$VENV/bin/python" ]]; then
    python3 -m venv --system-site-packages "$VENV"
fi
"$VENV/bin/pip" install --upgrade pip
"$VENV/bin/pip" install --upgrade "${REPO}[pi]"

echo "==> Configuration $CONFIG"
if [[ -e "$CONFIG" ]]; then
    echo "    kept the existing file"
else
    install -m 0644 "$REPO/companion/default_config.toml" "$CONFIG"
    echo "    installed the documented defaults; edit it to match your table"
fi
# Reading the port through the companion's own loader also checks the file now.
PORT="$(STATE_DIRECTORY="$STATE_DIR" "$VENV/bin/python" -c \
    'import sys; from companion.config import load_config; print(load_config(sys.argv[1]).web.port)' \
    "$CONFIG")"

echo "==> Service"
install -m 0644 "$REPO/deploy/samarkand.service" "$UNIT"
install -m 0755 "$REPO/deploy/samarkand-doctor" /usr/local/bin/samarkand-doctor
systemctl daemon-reload
systemctl enable avahi-daemon samarkand
# The doctor needs the GPIO and the web port to itself: a running companion holds them.
systemctl stop samarkand

echo "==> Checking the Pi: samarkand doctor, as the service's user, folder and settings"
if ! samarkand-doctor; then
    cat <<FIX >&2

The companion is installed but not started: fix what the doctor found above (each
fault comes with its fix; a reboot is needed after turning SPI on), check again with
  sudo samarkand-doctor
then start it: sudo systemctl start samarkand
FIX
    exit 1
fi
systemctl start samarkand

cat <<DONE

The companion is installed and running; it starts on boot and restarts if it fails.
  Phone page: http://$(hostname).local:$PORT   (phones on the same network)
  Logs:       journalctl -u samarkand -f
  Host PIN:   journalctl -u samarkand | grep -i pin   (with pin_policy = "random")
  Settings:   $CONFIG   then: sudo systemctl restart samarkand
  Games:      $STATE_DIR/companion.db
  Check:      sudo samarkand-doctor   (then the wiring: hardware/WIRING.md)
DONE
