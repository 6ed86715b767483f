"""A school's server saved and restored onto a fresh install (deploy/hub/backup.py): the
hub's database and files, every child's stars and the class folder come back, each
child's files their own again, with the modes the hub gives them. The service's unit
(deploy/hub/service.py) keeps make hub's settings and no secret."""

from __future__ import annotations

import doctest
import grp
import os
import pwd
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

HUB = Path(__file__).resolve().parents[1] / "deploy" / "hub"
sys.path.insert(0, str(HUB))

import backup  # noqa: E402
import service  # noqa: E402

PREFIX = "damabak-"
GROUP = "damabak-insegnanti"
ACCOUNTS = ("sofia", "luca")


def test_the_services_unit_keeps_the_settings_and_no_secret():
    assert doctest.testmod(service).failed == 0
    text = service.unit_text(Path("/opt/dama-hub"), Path("/var/lib/dama-hub"), {
        "DAMA_HUB_IP": "0.0.0.0", "DAMA_HUB_PORT": "443", "DAMA_HUB_TEACHER_PASSWORD": "segreta",
        "DAMA_HUB_SSL_CERT": "/etc/ssl/scuola.pem", "DAMA_HUB_SSL_KEY": "/etc/ssl/k.key"})
    assert 'Environment="DAMA_HUB_PORT=443"' in text
    assert 'Environment="DAMA_HUB_SSL_CERT=/etc/ssl/scuola.pem"' in text
    assert "segreta" not in text and "KillMode=process" in text
    assert "WantedBy=multi-user.target" in text and "Restart=on-failure" in text


def _remove() -> None:
    for account in ACCOUNTS:
        subprocess.run(["userdel", "--remove", PREFIX + account], capture_output=True)
    subprocess.run(["groupdel", GROUP], capture_output=True)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="makes and removes system users: run as root")
def test_a_backup_restored_onto_a_fresh_install_gives_everything_back(tmp_path):
    _remove()
    state, exchange = tmp_path / "state", tmp_path / "classe"
    state.mkdir()
    with sqlite3.connect(state / "jupyterhub.sqlite") as db:
        db.execute("CREATE TABLE users_info (username TEXT, password BLOB)")
        db.executemany("INSERT INTO users_info VALUES (?, ?)",
                       [(a, b"hash-" + a.encode()) for a in ACCOUNTS])
    (state / "jupyterhub_cookie_secret").write_bytes(b"secret")
    (state / "operator-token").write_text("token")
    (state / "archivio").mkdir()
    (state / "archivio" / "marco-20261201.tar.gz").write_bytes(b"old")
    subprocess.run(["groupadd", "--system", GROUP], check=True)
    try:
        for account in ACCOUNTS:
            subprocess.run(["useradd", "--create-home", "--shell", "/usr/sbin/nologin",
                            "--comment", f"{backup.COMMENT} {account}", PREFIX + account],
                           check=True)
            user = pwd.getpwnam(PREFIX + account)
            course = Path(user.pw_dir) / "dama"
            (course / "lessons").mkdir(parents=True)
            (course / f"{account}.sqlite").write_bytes(f"stelle di {account}".encode())
            (course / "lessons" / "indice.ipynb").write_text("{}")
            (exchange / account).mkdir(parents=True)
            (exchange / account / f"{account}.sqlite").write_bytes(f"copia {account}".encode())
        saved = backup.save(state, exchange, tmp_path / "backups", PREFIX)
        assert saved.stat().st_mode & 0o777 == 0o600
        # A fresh computer: no users, no state, no class folder.
        _remove()
        shutil.rmtree(state)
        shutil.rmtree(exchange)
        fresh_state, fresh_exchange = tmp_path / "nuovo" / "state", tmp_path / "nuovo" / "classe"
        names = backup.restore(saved, fresh_state, fresh_exchange, GROUP, PREFIX)
        assert sorted(names) == sorted(ACCOUNTS)
        with sqlite3.connect(fresh_state / "jupyterhub.sqlite") as db:
            assert sorted(db.execute("SELECT username FROM users_info")) == [("luca",), ("sofia",)]
        assert (fresh_state / "jupyterhub_cookie_secret").read_bytes() == b"secret"
        assert (fresh_state / "operator-token").stat().st_mode & 0o777 == 0o600
        assert (fresh_state / "archivio" / "marco-20261201.tar.gz").read_bytes() == b"old"
        teachers = grp.getgrnam(GROUP).gr_gid
        assert fresh_exchange.stat().st_mode & 0o777 == 0o751
        for account in ACCOUNTS:
            user = pwd.getpwnam(PREFIX + account)
            stars = Path(user.pw_dir) / "dama" / f"{account}.sqlite"
            assert stars.read_bytes() == f"stelle di {account}".encode()
            assert stars.stat().st_uid == user.pw_uid
            assert Path(user.pw_dir).stat().st_mode & 0o777 == 0o700
            copy = fresh_exchange / account / f"{account}.sqlite"
            assert copy.read_bytes() == f"copia {account}".encode()
            assert (copy.stat().st_uid, copy.stat().st_gid) == (user.pw_uid, teachers)
            assert copy.stat().st_mode & 0o777 == 0o640
            assert (fresh_exchange / account).stat().st_mode & 0o7777 == 0o2750
    finally:
        _remove()
