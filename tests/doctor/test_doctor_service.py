"""deploy/samarkand-doctor runs the doctor exactly as deploy/samarkand.service runs the companion."""

from __future__ import annotations

import subprocess
from pathlib import Path

DEPLOY = Path(__file__).parents[2] / "deploy"


def service() -> dict[str, list[str]]:
    """The unit's settings, each key with all its values (Environment comes more than once)."""
    settings: dict[str, list[str]] = {}
    for line in (DEPLOY / "samarkand.service").read_text().splitlines():
        key, sep, value = line.partition("=")
        if sep and not line.startswith("#"):
            settings.setdefault(key, []).append(value)
    return settings


def test_the_wrapper_has_the_services_user_folder_environment_and_configuration():
    unit, wrapper = service(), (DEPLOY / "samarkand-doctor").read_text()
    (start,) = unit["ExecStart"]
    program, config = start.split()[0], start.partition("--config ")[2]
    (lg_wd,) = [value for value in unit["Environment"] if value.startswith("LG_WD=")]
    assert f"runuser -u {unit['User'][0]} --" in wrapper
    assert f"cd {unit['WorkingDirectory'][0]}\n" in wrapper
    assert f"{lg_wd} STATE_DIRECTORY=/var/lib/{unit['StateDirectory'][0]}" in wrapper
    assert f"{program} doctor --config {config}" in wrapper


def test_the_scripts_parse_and_the_installer_ends_with_the_doctor():
    for script in ("install-pi.sh", "build-wheel.sh", "samarkand-doctor"):
        subprocess.run(["bash", "-n", str(DEPLOY / script)], check=True)
    installer = (DEPLOY / "install-pi.sh").read_text()
    assert installer.index("if ! samarkand-doctor") < installer.index("systemctl start samarkand")


def test_port_80_comes_from_a_systemd_socket_and_the_service_stays_unprivileged():
    unit, socket_unit = service(), (DEPLOY / "samarkand.socket").read_text()
    assert "ListenStream=80\n" in socket_unit and "PartOf=samarkand.service\n" in socket_unit
    assert "samarkand.socket" in unit["Wants"][0] and "samarkand.socket" in unit["After"][0]
    assert unit["User"] == ["samarkand"] and unit["NoNewPrivileges"] == ["yes"]
    assert "AmbientCapabilities" not in unit and "CapabilityBoundingSet" not in unit
    installer = (DEPLOY / "install-pi.sh").read_text()
    assert 'install -m 0644 "$REPO/deploy/samarkand.socket"' in installer
