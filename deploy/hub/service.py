"""The school's server as a service of the computer (systemd): it starts at boot, comes back
after a failure, and keeps the settings ``make hub`` was given. ``make hub`` installs it
where the computer runs systemd; elsewhere the hub runs in the terminal (where closing the
terminal stops it).

    python deploy/hub/service.py install     the unit written, enabled and (re)started
    python deploy/hub/service.py stop        the hub, its proxy and every child's server stopped
    python deploy/hub/service.py uninstall   all stopped, the unit disabled and removed

Stopping the service stops the hub alone (``KillMode=process``): the children's servers
and the proxy go on (``cleanup_servers`` and ``cleanup_proxy`` off in
jupyterhub_config.py), so an update restarts the hub under the children's open pages.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Mapping

NAME = "dama-hub"
UNIT = Path("/etc/systemd/system") / f"{NAME}.service"
#: The settings the unit keeps, as make hub was given them (jupyterhub_config.py reads them).
SETTINGS = ("DAMA_HUB_TEACHER", "DAMA_HUB_IP", "DAMA_HUB_PORT", "DAMA_HUB_STATE",
            "DAMA_HUB_HOME", "DAMA_HUB_EXCHANGE", "DAMA_HUB_GROUP", "DAMA_HUB_CULL_TIMEOUT",
            "DAMA_HUB_DOMAIN", "DAMA_HUB_SSL_CERT", "DAMA_HUB_SSL_KEY", "DAMA_HUB_HTTP_PORT",
            "DAMA_HUB_CHILD_MEMORY", "DAMA_HUB_CHILD_TASKS", "DAMA_HUB_CHILD_FILE")
#: Kept out of the unit (a unit is readable by every user): in a file of root's alone.
SECRETS = ("DAMA_HUB_TEACHER_PASSWORD",)


def has_systemd() -> bool:
    """Whether systemd runs this computer (as on Debian and Ubuntu; not in most containers)."""
    return Path("/run/systemd/system").is_dir()


def unit_text(home: Path, state: Path, environ: Mapping[str, str]) -> str:
    """The unit that runs the hub installed in ``home`` with ``environ``'s settings.

    >>> print(unit_text(Path("/opt/dama-hub"), Path("/var/lib/dama-hub"),
    ...                 {"DAMA_HUB_IP": "0.0.0.0", "PATH": "/usr/bin"}))  # doctest: +ELLIPSIS
    [Unit]
    Description=Corso di dama: il server della scuola (JupyterHub)
    ...
    Environment="DAMA_HUB_IP=0.0.0.0"
    Environment="DAMA_HUB_HOME=/opt/dama-hub"
    Environment="DAMA_HUB_STATE=/var/lib/dama-hub"
    EnvironmentFile=-/var/lib/dama-hub/secrets.env
    ExecStart=/opt/dama-hub/venv/bin/jupyterhub -f /opt/dama-hub/deploy/hub/jupyterhub_config.py
    ...
    """
    settings = {name: environ[name] for name in SETTINGS if environ.get(name)}
    settings.update(DAMA_HUB_HOME=str(home), DAMA_HUB_STATE=str(state))
    lines = ["[Unit]",
             "Description=Corso di dama: il server della scuola (JupyterHub)",
             "After=network-online.target",
             "Wants=network-online.target",
             "",
             "[Service]",
             "User=root",
             f"WorkingDirectory={state}",
             f"Environment=\"PATH={home}/venv/bin:/usr/local/bin:/usr/bin:/bin\""]
    lines += [f'Environment="{name}={value}"' for name, value in settings.items()]
    lines += [f"EnvironmentFile=-{state}/secrets.env",
              f"ExecStart={home}/venv/bin/jupyterhub -f {home}/deploy/hub/jupyterhub_config.py",
              "Restart=on-failure",
              "RestartSec=5",
              "# The hub alone is stopped: the children's servers and the proxy go on.",
              "KillMode=process",
              "",
              "[Install]",
              "WantedBy=multi-user.target",
              ""]
    return "\n".join(lines)


def install(home: Path, state: Path, environ: Mapping[str, str] = os.environ) -> None:
    state.mkdir(parents=True, exist_ok=True, mode=0o700)
    secrets = {name: environ[name] for name in SECRETS if environ.get(name)}
    if secrets:
        path = state / "secrets.env"
        path.touch(mode=0o600)
        path.write_text("".join(f"{k}={shlex.quote(v)}\n" for k, v in secrets.items()),
                        encoding="utf-8")
    UNIT.write_text(unit_text(home, state, environ), encoding="utf-8")
    subprocess.run(["systemctl", "daemon-reload"], check=True)
    subprocess.run(["systemctl", "enable", NAME], check=True)
    subprocess.run(["systemctl", "restart", NAME], check=True)


def stop_everything(home: Path, state: Path) -> None:
    """The hub (its service, or the one running in a terminal), then what it leaves running
    when it stops on its own: its proxy and every account's server."""
    import pwd
    import signal
    import time

    if UNIT.exists() and has_systemd():
        subprocess.run(["systemctl", "stop", NAME], check=False)
    # A hub started in a terminal (a computer without systemd): asked to stop as Ctrl+C
    # does, and waited for, so that it stops its culler before the servers are ended.
    hub = ["-f", f"jupyterhub -f {home / 'deploy' / 'hub' / 'jupyterhub_config.py'}"]
    subprocess.run(["pkill", "-INT", *hub], check=False)
    for _ in range(50):
        if subprocess.run(["pgrep", *hub], capture_output=True).returncode != 0:
            break
        time.sleep(0.2)
    pid_file = state / "proxy.pid"
    if pid_file.exists():
        try:
            os.kill(int(pid_file.read_text().strip()), signal.SIGTERM)
        except (ValueError, ProcessLookupError):
            pass
    for user in pwd.getpwall():
        if user.pw_name.startswith("dama-") and user.pw_gecos.startswith("Dama course account"):
            subprocess.run(["pkill", "-u", user.pw_name], check=False)


def uninstall(home: Path, state: Path) -> None:
    stop_everything(home, state)
    if UNIT.exists():
        subprocess.run(["systemctl", "disable", NAME], check=False)
        UNIT.unlink()
        subprocess.run(["systemctl", "daemon-reload"], check=False)


def main(argv: list[str]) -> int:
    home = Path(os.environ.get("DAMA_HUB_HOME", "/opt/dama-hub"))
    state = Path(os.environ.get("DAMA_HUB_STATE", "/var/lib/dama-hub"))
    if argv[:1] == ["install"]:
        install(home, state)
        print(f"Il server della scuola è il servizio {NAME}: parte all'avvio del computer. "
              f"Stato: systemctl status {NAME}; registro: journalctl -u {NAME}.")
        return 0
    if argv[:1] == ["stop"]:
        stop_everything(home, state)
        return 0
    if argv[:1] == ["uninstall"]:
        uninstall(home, state)
        return 0
    print(__doc__.split("\n\n")[1])
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
