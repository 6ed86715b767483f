"""The course for every user of the school's computer (make hub): a folder every account
can read, ``$DAMA_HUB_HOME`` (default /opt/dama-hub), holding a Python environment made from
the system's Python with the course installed in it, the course's notebooks and the
single-user server's launcher. A child's server runs from there, as the child.

    python deploy/hub/install.py            make or refresh the folder, print its path
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The Python every user can run (a developer's own, under a private home, may not be).
SYSTEM_PYTHON = os.environ.get("DAMA_HUB_PYTHON", "/usr/bin/python3")
#: What the servers run besides the installed packages, at the same places as in the project:
#: the lessons' notebooks, the launcher with its hook and Voilà template, this folder's
#: single-user launcher.
COURSE_PARTS = ("lessons", "deploy/local/launch.py",
                "deploy/local/jupyter_hooks.py", "deploy/local/child_server.py",
                "deploy/local/course_only.py",
                "deploy/local/share",
                "deploy/hub/singleuser.py")
STAMP = ".installed"


def hub_home() -> Path:
    return Path(os.environ.get("DAMA_HUB_HOME", "/opt/dama-hub"))


def _digest() -> str:
    digest = hashlib.sha256()
    # What the installed packages are made of: their code, catalogues and data files.
    for path in sorted([ROOT / "pyproject.toml", *(ROOT / "damalib").rglob("*.py"),
                        *(ROOT / "damalib" / "locale").rglob("*.mo"),
                        *(ROOT / "dama").rglob("*.py"), *(ROOT / "dama").rglob("*.toml"),
                        *(ROOT / "dama").rglob("*.pdn")]):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _readable(folder: Path) -> None:
    """Every file readable by every user, every folder open to them (nothing writable)."""
    for path in [folder, *folder.rglob("*")]:
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode):
            continue
        extra = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH
        if stat.S_ISDIR(mode) or mode & stat.S_IXUSR:
            extra |= stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH
        path.chmod(mode | extra)


def install(home: Path | None = None) -> Path:
    home = hub_home() if home is None else home
    home.mkdir(parents=True, exist_ok=True)
    venv = home / "venv"
    digest = _digest()
    if not (venv / STAMP).exists() or (venv / STAMP).read_text() != digest:
        if not (venv / "bin" / "python").exists():
            subprocess.run([SYSTEM_PYTHON, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                        f"{ROOT}[course,hub]"], check=True)
        (venv / STAMP).write_text(digest)
    for former in ("course", "hub"):     # the layout of earlier versions
        if (home / former).is_dir():
            shutil.rmtree(home / former)
    for part in COURSE_PARTS:
        source, target = ROOT / part, home / part
        if target.is_dir():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target)
    _readable(home)
    return home


if __name__ == "__main__":
    print(install())
    sys.exit(0)
