#!/usr/bin/env bash
# Install (or update) the Samarkand table companion as a service on Raspberry Pi OS.
#
#   sudo deploy/install-pi.sh            # from a checkout of the repository
#   sudo deploy/install-pi.sh /path/to/repo
#   sudo deploy/install-pi.sh --hotspot  # the table brings its own Wi-Fi (or --no-hotspot)
#
# Without either flag it asks, on a terminal, whether to turn hotspot mode on (for game
# nights where the house has no network to share). Safe to run again: it updates the
# program, keeps /etc/samarkand/config.toml and the game store, and restarts the service.
set -euo pipefail

HOTSPOT=ask
REPO_ARG=
for arg in "$@"; do
    case "$arg" in
        --hotspot) HOTSPOT=yes ;;
        --no-hotspot) HOTSPOT=no ;;
        -*) echo "install-pi.sh: unknown option $arg (--hotspot, --no-hotspot)" >&2; exit 1 ;;
        *) REPO_ARG="$arg" ;;
    esac
done
REPO="$(cd "${REPO_ARG:-$(dirname "$0")/..}" && pwd)"
SERVICE_USER=samarkand
PREFIX=/opt/samarkand
VENV="$PREFIX/venv"
STATE_DIR=/var/lib/samarkand
CONFIG_DIR=/etc/samarkand
CONFIG="$CONFIG_DIR/config.toml"
UNIT=/etc/systemd/system/samarkand.service
SOCKET=/etc/systemd/system/samarkand.socket
POLKIT_RULE=/etc/polkit-1/rules.d/50-samarkand-hotspot.rules
POWER_RULE=/etc/polkit-1/rules.d/50-samarkand-power.rules

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
"$VENV/bin/pip" install --upgrade pip Babel
WHEELS="$(mktemp -d)"
trap 'rm -rf "$WHEELS"' EXIT
WHEEL="$("$REPO/deploy/build-wheel.sh" "$VENV/bin/python" "$REPO" "$WHEELS")"
"$VENV/bin/pip" install --upgrade "${WHEEL}[pi]"
"$VENV/bin/pip" install --force-reinstall --no-deps "$WHEEL"  # an update of the same version too

echo "==> Configuration $CONFIG"
if [[ -e "$CONFIG" ]]; then
    NEW_CONFIG=no
    echo "    kept the existing file"
else
    NEW_CONFIG=yes
    install -m 0644 "$REPO/companion/default_config.toml" "$CONFIG"
    # A Pi at a table has no terminal to print a new PIN at each start: one, fixed, now.
    "$VENV/bin/python" -c 'import sys; from companion.config import fix_host_pin; fix_host_pin(sys.argv[1])' "$CONFIG"
    echo "    installed the documented defaults, with a host PIN of its own; edit it to match your table"
fi
# The host console's "Switch off the table" ([power] switch_off): on for a new file and for
# one from before the setting; a file's own choice is kept. The service's user may then
# power the Pi off (it has no login session to ask with).
SWITCH_OFF="$("$VENV/bin/python" -c \
    'import sys; from companion.config import offer_switch_off; print(offer_switch_off(sys.argv[1], sys.argv[2] == "yes"))' \
    "$CONFIG" "$NEW_CONFIG")"
chown "$SERVICE_USER:$SERVICE_USER" "$CONFIG"
mkdir -p "$(dirname "$POWER_RULE")"  # polkit's own folder: its mode is polkitd's (0700), left as it is
cat > "$POWER_RULE" <<'RULE'
// Samarkand table companion (install-pi.sh): the host console's "Switch off the table"
// powers the Pi off as its service user.
polkit.addRule(function (action, subject) {
    if ((action.id === "org.freedesktop.login1.power-off" ||
         action.id === "org.freedesktop.login1.power-off-multiple-sessions") &&
        subject.user === "samarkand") {
        return polkit.Result.YES;
    }
});
RULE
echo "    host console's \"Switch off the table\": $([[ $SWITCH_OFF == True ]] && echo on || echo "off ([power] switch_off)")"
# Reading the port through the companion's own loader also checks the file now.
PORT="$(STATE_DIRECTORY="$STATE_DIR" "$VENV/bin/python" -c \
    'import sys; from companion.config import load_config; print(load_config(sys.argv[1]).web.port)' \
    "$CONFIG")"
CONFIGURED_HOTSPOT="$("$VENV/bin/python" -c \
    'import sys; from companion.config import load_config; print(load_config(sys.argv[1]).network.hotspot)' \
    "$CONFIG")"
HOST_PIN="$("$VENV/bin/python" -c \
    'import sys; from companion.config import load_config; w = load_config(sys.argv[1]).web; print(w.pin if w.pin_policy == "fixed" else "a new one at each start: journalctl -u samarkand | grep -i pin")' \
    "$CONFIG")"

echo "==> Hotspot mode (the table's own Wi-Fi)"
if [[ $HOTSPOT == ask ]]; then
    if [[ $CONFIGURED_HOTSPOT == True ]]; then
        HOTSPOT=yes
    elif [[ -t 0 ]]; then
        read -r -p "    Should the table bring its own Wi-Fi, for places with no network to share? [y/N] " answer
        [[ $answer == [yY]* ]] && HOTSPOT=yes || HOTSPOT=no
    else
        HOTSPOT=no
    fi
fi
if [[ $HOTSPOT == yes ]]; then
    if ! command -v nmcli >/dev/null || ! systemctl is-active --quiet NetworkManager; then
        echo "install-pi.sh: hotspot mode needs NetworkManager (Raspberry Pi OS Bookworm or later;" >&2
        echo "  on an older image: sudo raspi-config → Advanced Options → Network Config → NetworkManager)" >&2
        exit 1
    fi
    # The service's user may ask NetworkManager for the hotspot (it has no login session).
    mkdir -p "$(dirname "$POLKIT_RULE")"
    cat > "$POLKIT_RULE" <<'RULE'
// Samarkand table companion (install-pi.sh --hotspot): its service user brings the
// table's own Wi-Fi up and down through NetworkManager.
polkit.addRule(function (action, subject) {
    if (action.id.indexOf("org.freedesktop.NetworkManager.") === 0 && subject.user === "samarkand") {
        return polkit.Result.YES;
    }
});
RULE
    # hotspot = true, a name and a passphrase made once; the file then 0600 for the service.
    SSID="$("$VENV/bin/python" -c \
        'import sys; from companion.appliance.network import enable_hotspot; print(enable_hotspot(sys.argv[1]).network.ssid)' \
        "$CONFIG")"
    chown "$SERVICE_USER:$SERVICE_USER" "$CONFIG"
    chmod 0600 "$CONFIG"
    echo "    on: the table's Wi-Fi is $SSID (its password is on the table screen and in $CONFIG)"
    if ! nmcli -t -f TYPE,STATE device | grep -Eq '^ethernet:connected'; then
        echo "    Wi-Fi is this Pi's only link: once the service starts, the Pi leaves its network"
        echo "    for $SSID, and an SSH session over Wi-Fi ends; join $SSID to reach it again."
    fi
elif [[ $CONFIGURED_HOTSPOT == True ]]; then
    echo "    kept on, as $CONFIG says"
else
    echo "    off: phones join over a network the Pi is on (sudo $0 --hotspot turns it on)"
fi

echo "==> Service"
install -m 0644 "$REPO/deploy/samarkand.service" "$UNIT"
install -m 0644 "$REPO/deploy/samarkand.socket" "$SOCKET"
install -m 0755 "$REPO/deploy/samarkand-doctor" /usr/local/bin/samarkand-doctor
systemctl daemon-reload
systemctl enable avahi-daemon samarkand
# The doctor needs the GPIO and the web port to itself: a running companion holds them
# (stopping the service stops samarkand.socket too, its port 80).
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
  Phone page: http://$(hostname).local   (or :$PORT; phones on the same network, or on
              the table's own Wi-Fi in hotspot mode: the table screen /table shows how)
  Logs:       journalctl -u samarkand -f
  Host PIN:   $HOST_PIN   (the host console, /host; [web] pin in $CONFIG)
  Settings:   $CONFIG   then: sudo systemctl restart samarkand
  Games:      $STATE_DIR/companion.db
  Check:      sudo samarkand-doctor   (then the wiring: hardware/WIRING.md)
DONE
