"""Real-browser tests of the interactive board: JupyterLab (and Voilà) on the loopback
address, driven by Playwright with the system's Chromium (see the shared notes
browser-tests.md and ipycanvas.md).

Every test here is marked ``browser`` (and ``slow``, so ``make quick`` leaves them out);
they are skipped only when /usr/bin/chromium is missing (``.ci/run`` installs it).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from browser_helpers import CHROMIUM, JOURNEY, TIMINGS, TIMEOUT_MS

NOTEBOOKS = Path(__file__).parent / "notebooks"
#: The test's host name for a school's address (the teacher's computer, a plain-http web
#: space): Chromium finds it at 127.0.0.1, where it is not a secure context as localhost is.
CLASSROOM = "classroom.test"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync",
                 # Offline by name: every other host is not found, so nothing leaves the
                 # machine while the browser's cache stays on (routing requests turns it off).
                 f"--host-resolver-rules=MAP {CLASSROOM} 127.0.0.1, MAP * ~NOTFOUND, "
                 "EXCLUDE 127.0.0.1, EXCLUDE localhost"]


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
            if not CHROMIUM.exists():
                item.add_marker(pytest.mark.skip(
                    reason=f"{CHROMIUM} is missing: install it with `apt-get install -y "
                           f"chromium fonts-dejavu-core fonts-liberation` (.ci/run does)"))


def pytest_terminal_summary(terminalreporter):
    if JOURNEY:
        terminalreporter.section("the child's journey: lessons walked in the browser")
        for line in JOURNEY:
            terminalreporter.write_line(line)
    if TIMINGS:
        terminalreporter.section("interactive board: click-to-redraw in the browser")
        for line in TIMINGS:
            terminalreporter.write_line(line)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_env(root: Path) -> dict[str, str]:
    """Private Jupyter folders, and the setting that keeps the news pop-up away."""
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
        path = root / name.lower()
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    settings = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
    env.pop("JUPYTER_TOKEN", None)
    env["PYTHONWARNINGS"] = "ignore"  # the servers' own deprecation noise is not ours
    return env


def stop(process: subprocess.Popen) -> None:
    """End a server started with start_new_session=True: its whole process group."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait(timeout=10)


def wait_until(ready, process: subprocess.Popen, log: Path, what: str, seconds: float = 90):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        if ready():
            return
        time.sleep(0.25)
    raise RuntimeError(f"{what} did not start in {seconds} s:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def notebook_dir(tmp_path_factory) -> Path:
    """A temporary copy of the test notebooks (the servers' root folder)."""
    target = tmp_path_factory.mktemp("notebooks")
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(notebook, target / notebook.name)
    return target


def serve_lab(root: Path, home: Path):
    """JupyterLab on 127.0.0.1 at a free port serving ``root``, token off; yields its base
    URL and kills it at the end, whatever happens."""
    port = free_port()
    log = home / "server.log"
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1",
               f"--port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
               "--PasswordIdentityProvider.hashed_password=",
               "--ServerApp.disable_check_xsrf=True", "--LabApp.news_url=None",
               "--LabApp.check_for_updates_class="
               "jupyterlab.handlers.announcements.NeverCheckForUpdate",
               "--allow-root", f"--ServerApp.root_dir={root}"]
    for _ in serve_jupyter(command, jupyter_env(home), log, port, "JupyterLab"):
        yield f"http://127.0.0.1:{port}"


def serve_jupyter(command: list[str], env: dict[str, str], log: Path, port: int, what: str):
    """Start a Jupyter server, wait until its API answers, yield once, then end it."""
    with open(log, "wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)

    def ready() -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status",
                                        timeout=2) as response:
                return response.status == 200
        except OSError:
            return False

    try:
        wait_until(ready, process, log, what)
        yield process
    finally:
        stop(process)


def serve_voila(root: Path, home: Path):
    """Voilà on 127.0.0.1 at a free port serving ``root``; yields its base URL and kills it at
    the end."""
    port = free_port()
    log = home / "server.log"
    command = [sys.executable, "-m", "voila", str(root), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--token="]
    with open(log, "wb") as out:
        process = subprocess.Popen(command, env=jupyter_env(home), stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   start_new_session=True)

    def ready() -> bool:  # a page request would start a kernel: probe the port only
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            return False

    try:
        wait_until(ready, process, log, "Voilà")
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


@pytest.fixture(scope="session")
def jupyterlab(notebook_dir, tmp_path_factory):
    """JupyterLab on 127.0.0.1 at a free port, token off; killed at the end, whatever
    happens."""
    yield from serve_lab(notebook_dir, tmp_path_factory.mktemp("jupyter"))


@pytest.fixture(scope="session")
def voila(notebook_dir, tmp_path_factory):
    """Voilà on 127.0.0.1 at a free port; killed at the end."""
    yield from serve_voila(notebook_dir, tmp_path_factory.mktemp("voila"))


COURSE = Path(__file__).resolve().parents[2] / "lessons"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT_MS)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                     args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page; the test fails on any uncaught page error, or on the console errors
    of the blank-board bug."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))

    def console(message):
        if message.type == "error" and re.search(r"setAttr|clearCanvas|ipycanvas",
                                                 message.text):
            errors.append(f"console: {message.text}")

    page.on("console", console)
    yield page
    context.close()
    assert not errors, "\n".join(errors)


# -- the course as `make course` serves it (tests/browser/test_journey.py) ------------------

LAUNCH = COURSE.parent / "deploy" / "local" / "launch.py"


def notebooks_digest() -> dict[str, str]:
    """The committed lessons, byte for byte: nothing a child does may change them."""
    import hashlib

    return {str(p.relative_to(COURSE)): hashlib.sha256(p.read_bytes()).hexdigest()
            for lang in ("it", "en") for p in sorted((COURSE / lang).glob("*.ipynb"))}


@pytest.fixture(scope="session")
def tracked_notebooks():
    return notebooks_digest()


@pytest.fixture(scope="session")
def course_server(tmp_path_factory, tracked_notebooks):
    """`deploy/local/launch.py` as `make course` runs it (as root in CI: it must allow that), on
    127.0.0.1 at a free port, token off for the test: the child's view (Voilà) at its default
    URL and JupyterLab on the same server, both on a working copy of the lessons under a
    fresh progress folder. Yields (base URL, progress folder, server log); killed at the end."""
    home = tmp_path_factory.mktemp("course-server")
    dama_home = home / "dama"
    env = jupyter_env(home)
    spec = importlib.util.spec_from_file_location("course_launch", LAUNCH)
    launch = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(launch)
    env.update({k: v for k, v in launch.environment(dama_home, lab=True).items()
                if k in ("JUPYTER_PATH", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR")})
    env["DAMA_HOME"] = str(dama_home)
    port = free_port()
    log = home / "server.log"
    command = [sys.executable, str(LAUNCH), "--no-browser", f"--port={port}", "--",
               "--ServerApp.port_retries=0", "--IdentityProvider.token=",
               "--PasswordIdentityProvider.hashed_password=",
               "--ServerApp.disable_check_xsrf=True", "--LabApp.news_url=None",
               "--LabApp.check_for_updates_class="
               "jupyterlab.handlers.announcements.NeverCheckForUpdate"]
    for _ in serve_jupyter(command, env, log, port, "the course server"):
        yield f"http://127.0.0.1:{port}", dama_home, log
