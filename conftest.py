"""Settings for the whole test run.

Progress in a temporary folder: the course's exercises save each attempt under ``$DAMA_HOME``
(dama.core.store.progress). Tests run the notebooks (nbval), the puzzle widgets and real browsers on the
course, so before anything runs ``DAMA_HOME`` is pointed at a fresh temporary folder, and
``DAMA_STUDENT`` is cleared: nothing a test does can reach a real student's stars, and no real
name leaks into a test. Child processes (Jupyter kernels and servers) inherit both.

Browser tests last: their session-wide Playwright (sync API) keeps an asyncio event loop
running in the main thread until the session ends, so a test that runs after them and expects
no running loop (the widgets' ``asyncio_scheduler`` then acts at once) would see callbacks
deferred instead. Running tests/browser at the end also gives the quick answers first.

Property tests have no deadline: speed is measured in benchmarks/, and a busy machine (a CI
runner, the browser tests' servers on the other core) must not turn a slow example into a
failure ("Unreliable test timings").
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import settings

settings.register_profile("dama", deadline=None)
settings.load_profile("dama")

BROWSER_TESTS = Path(__file__).resolve().parent / "tests" / "browser"

_HOME: str | None = None
_SAVED: dict[str, str | None] = {}


def pytest_configure(config):
    global _HOME
    for name in ("DAMA_HOME", "DAMA_STUDENT"):
        _SAVED[name] = os.environ.get(name)
    _HOME = tempfile.mkdtemp(prefix="dama-test-home-")
    os.environ["DAMA_HOME"] = _HOME
    os.environ.pop("DAMA_STUDENT", None)


def pytest_unconfigure(config):
    for name, value in _SAVED.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    if _HOME:
        shutil.rmtree(_HOME, ignore_errors=True)


def pytest_collection_modifyitems(session, config, items):
    items.sort(key=lambda item: BROWSER_TESTS in Path(str(item.fspath)).resolve().parents)
