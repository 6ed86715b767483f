"""The course for every user of the school's computer (make hub): a folder every account
can read, ``$DAMA_HUB_HOME`` (default /opt/dama-hub), holding a Python environment made from
the system's Python with the course and the hub's packages alone installed in it (no tests,
no site builder), the course's notebooks and the single-user server's launcher. A child's
server runs from there, as the child.

    python deploy/hub/install.py            make or refresh the folder, print its path
    python deploy/hub/install.py --hub      and the hub itself: its configuration, pages
                                            and proxy (npm), so that it runs from there too,
                                            whatever becomes of this checkout

Run with the system's Python alone: nothing else is needed before (Node.js's npm for the
proxy). Its hub's files (``$DAMA_HUB_STATE``, default /var/lib/dama-hub) are outside the
checkout; an earlier version's, inside it, are moved there once.
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
#: the lessons' notebooks, the launcher with its server, hook, kernel manager and Voilà
#: template (the whole of deploy/local), this folder's single-user launcher.
COURSE_PARTS = ("lessons", "deploy/local", "deploy/hub/singleuser.py")
#: The hub itself, with --hub: it runs from $DAMA_HUB_HOME, never from the checkout.
HUB_PARTS = ("deploy/hub/jupyterhub_config.py", "deploy/hub/class_admin.py",
             "deploy/hub/child_limits.py", "deploy/hub/redirect.py", "deploy/hub/backup.py",
             "deploy/hub/service.py", "deploy/hub/templates", "deploy/hub/package.json",
             "deploy/hub/package-lock.json")
STAMP = ".installed"
BABEL = "babel==2.19.0"      # the catalogues compiled (pyproject.toml pins the same)


def hub_home() -> Path:
    return Path(os.environ.get("DAMA_HUB_HOME", "/opt/dama-hub"))


def _digest() -> str:
    digest = hashlib.sha256()
    # What the installed packages are made of: their code, catalogues and data files.
    for path in sorted([ROOT / "pyproject.toml", *(ROOT / "damalib").rglob("*.py"),
                        *(ROOT / "damalib" / "locale").rglob("*.mo"),
                        *(ROOT / "dama").rglob("*.py"), *(ROOT / "dama").rglob("*.toml"),
                        *(ROOT / "dama").rglob("*.pdn"), *(ROOT / "damacore").glob("*.py"),
                        *(ROOT / "damacore").glob("*.c")]):
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


def _catalogues(venv: Path) -> None:
    """The messages' catalogues compiled, if a .po is newer than its .mo (a fresh checkout)."""
    stale = [po for po in (ROOT / "damalib" / "locale").glob("*/LC_MESSAGES/dama.po")
             if not po.with_suffix(".mo").exists()
             or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime]
    if stale:
        python = str(venv / "bin" / "python")
        subprocess.run([python, "-m", "pip", "install", "--quiet", BABEL], check=True)
        subprocess.run([python, "-m", "authoring.catalogues", "--compile"], check=True,
                       cwd=ROOT)


def _copy(parts: tuple[str, ...], home: Path) -> None:
    for part in parts:
        source, target = ROOT / part, home / part
        if target.is_dir():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target)


def _proxy(home: Path) -> None:
    """JupyterHub's proxy from npm, at the version the lock pins, beside the hub."""
    folder = home / "deploy" / "hub"
    lock = hashlib.sha256((folder / "package-lock.json").read_bytes()).hexdigest()
    stamp = folder / "node_modules" / STAMP
    if stamp.exists() and stamp.read_text() == lock:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("Serve npm (Node.js) per il proxy di JupyterHub: per esempio "
                         "«apt install npm», poi di nuovo «make hub».")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=folder, check=True)
    stamp.write_text(lock)


def _move_former_state() -> None:
    """The hub's files of an earlier version, in the checkout, moved out of it once."""
    state = Path(os.environ.get("DAMA_HUB_STATE", "/var/lib/dama-hub"))
    for former in (HERE / "state", ROOT / "hub" / "state"):
        if former.is_dir() and not state.exists():
            state.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(former), str(state))
            state.chmod(0o700)
            print(f"I file del server della scuola sono ora in {state}.")


def _core(venv: Path) -> None:
    """The engine's compiled core in the installed course: a checkout where make built it
    brings it along; otherwise it is built there from its source (authoring/core.py, with
    the environment's own ziglang)."""
    python = str(venv / "bin" / "python")
    found = subprocess.run([python, "-c", "import damacore; print(damacore.MODULE)"],
                           check=True, capture_output=True, text=True, cwd="/")
    module = Path(found.stdout.strip())
    if not module.is_file():
        subprocess.run([python, "-m", "authoring.core", str(module.with_suffix(".c")),
                        str(module)], check=True, cwd=ROOT)


def install(home: Path | None = None, hub: bool = False) -> Path:
    home = hub_home() if home is None else home
    home.mkdir(parents=True, exist_ok=True)
    venv = home / "venv"
    if not (venv / "bin" / "python").exists():
        subprocess.run([SYSTEM_PYTHON, "-m", "venv", str(venv)], check=True)
    _catalogues(venv)
    digest = _digest()
    if not (venv / STAMP).exists() or (venv / STAMP).read_text() != digest:
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                        f"{ROOT}[course,hub]"], check=True)
        _core(venv)
        (venv / STAMP).write_text(digest)
    for former in ("course", "hub"):     # the layout of earlier versions
        if (home / former).is_dir():
            shutil.rmtree(home / former)
    _copy(COURSE_PARTS, home)
    if hub:
        _copy(HUB_PARTS, home)
        _proxy(home)
        _move_former_state()
    _readable(home)
    return home


if __name__ == "__main__":
    print(install(hub="--hub" in sys.argv[1:]))
    sys.exit(0)
