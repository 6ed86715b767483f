"""A backup of the school's server, and its restoring onto a fresh install: the accounts
(the hub's database: names, password hashes, approvals), the teacher's files beside it,
every child's stars and copy of the course (``~/dama`` of each account's system user), the
class folder, and which system user each account has.

    python deploy/hub/backup.py save [FOLDER]      a .tar.gz in FOLDER (default: the state's
                                                   backups/), named by the date; its path printed
    python deploy/hub/backup.py restore FILE       onto this computer's hub (stopped first)

The hub's database is copied with SQLite's own backup, so a running hub gives a whole copy.
Restoring makes each account's system user again (the same name, a new number), puts its
files back as its own, and the class folder with the owners and modes the hub gives it.
Settings as jupyterhub_config.py reads them: DAMA_HUB_STATE, DAMA_HUB_EXCHANGE,
DAMA_HUB_GROUP.
"""

from __future__ import annotations

import grp
import io
import json
import os
import pwd
import shutil
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from class_admin import COMMENT  # noqa: E402

#: The hub's files kept (the proxy's pid and the like are not).
STATE_FILES = ("jupyterhub.sqlite", "jupyterhub_cookie_secret", "operator-token",
               "secrets.env")
PREFIX = "dama-"


def accounts(prefix: str = PREFIX) -> dict[str, pwd.struct_passwd]:
    """The course's accounts that have a system user on this computer, by account name."""
    return {user.pw_name[len(prefix):]: user for user in pwd.getpwall()
            if user.pw_name.startswith(prefix) and user.pw_gecos.startswith(COMMENT)}


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = len(data), int(time.time()), 0o600
    tar.addfile(info, io.BytesIO(data))


def save(state: Path, exchange: Path, folder: Path, prefix: str = PREFIX) -> Path:
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    out = folder / f"dama-hub-{time.strftime('%Y%m%d-%H%M%S')}.tar.gz"
    found = accounts(prefix)
    with tempfile.TemporaryDirectory() as scratch, tarfile.open(out, "w:gz") as tar:
        for name in STATE_FILES:
            path = state / name
            if not path.is_file():
                continue
            if name.endswith(".sqlite"):          # a whole copy, even of a running hub's
                copy = Path(scratch) / name
                with sqlite3.connect(path) as source, sqlite3.connect(copy) as target:
                    source.backup(target)
                tar.add(copy, arcname=f"state/{name}")
            else:
                tar.add(path, arcname=f"state/{name}")
        if (state / "archivio").is_dir():
            tar.add(state / "archivio", arcname="state/archivio")
        for account, user in sorted(found.items()):
            course = Path(user.pw_dir) / "dama"
            if course.is_dir():
                tar.add(course, arcname=f"homes/{account}/dama")
            if (exchange / account).is_dir():
                tar.add(exchange / account, arcname=f"classe/{account}")
        _add_bytes(tar, "accounts.json", json.dumps(sorted(found)).encode())
    out.chmod(0o600)
    return out


def _own(path: Path, uid: int, gid: int) -> None:
    for item in [path, *path.rglob("*")]:
        os.lchown(item, uid, gid)


def _teachers_group(group: str) -> int:
    try:
        return grp.getgrnam(group).gr_gid
    except KeyError:
        subprocess.run(["groupadd", "--system", group], check=True)
        return grp.getgrnam(group).gr_gid


def restore(archive: Path, state: Path, exchange: Path, group: str,
            prefix: str = PREFIX) -> list[str]:
    """The backup ``archive`` put back; the accounts restored."""
    with tempfile.TemporaryDirectory() as scratch, tarfile.open(archive) as tar:
        tar.extractall(scratch, filter="data")
        unpacked = Path(scratch)
        names = json.loads((unpacked / "accounts.json").read_text())
        state.mkdir(parents=True, exist_ok=True, mode=0o700)
        for item in (unpacked / "state").iterdir():
            target = state / item.name
            if target.is_dir():
                shutil.rmtree(target)
            (shutil.copytree if item.is_dir() else shutil.copy2)(item, target)
        _own(state, 0, 0)
        for name in STATE_FILES:
            if (state / name).exists():
                (state / name).chmod(0o600)
        exchange.mkdir(parents=True, exist_ok=True)
        teachers = _teachers_group(group)
        os.chown(exchange, 0, teachers)
        exchange.chmod(0o751)
        for account in names:
            system = prefix + account
            try:
                user = pwd.getpwnam(system)
            except KeyError:
                subprocess.run(["useradd", "--create-home", "--shell", "/usr/sbin/nologin",
                                "--comment", f"{COMMENT} {account}", system], check=True)
                user = pwd.getpwnam(system)
            home = Path(user.pw_dir)
            home.mkdir(exist_ok=True)
            home.chmod(0o700)
            os.chown(home, user.pw_uid, user.pw_gid)
            saved = unpacked / "homes" / account / "dama"
            if saved.is_dir():
                shutil.rmtree(home / "dama", ignore_errors=True)
                shutil.copytree(saved, home / "dama", symlinks=True)
                _own(home / "dama", user.pw_uid, user.pw_gid)
            copies = unpacked / "classe" / account
            if copies.is_dir():
                shutil.rmtree(exchange / account, ignore_errors=True)
                shutil.copytree(copies, exchange / account)
                _own(exchange / account, user.pw_uid, teachers)
                (exchange / account).chmod(0o2750)
                for copy in (exchange / account).iterdir():
                    copy.chmod(0o640)
    return names


def main(argv: list[str]) -> int:
    state = Path(os.environ.get("DAMA_HUB_STATE", "/var/lib/dama-hub"))
    exchange = Path(os.environ.get("DAMA_HUB_EXCHANGE", "/srv/dama-hub/classe"))
    group = os.environ.get("DAMA_HUB_GROUP", "dama-insegnanti")
    if argv[:1] == ["save"]:
        folder = Path(argv[1]) if len(argv) > 1 else state / "backups"
        print(save(state, exchange, folder))
        return 0
    if argv[:1] == ["restore"] and len(argv) == 2:
        names = restore(Path(argv[1]), state, exchange, group)
        print(f"Ripristinati {len(names)} account: {', '.join(names) or '-'}. "
              "Ora riavvia il server della scuola.")
        return 0
    print(__doc__.split("\n\n")[1])
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
