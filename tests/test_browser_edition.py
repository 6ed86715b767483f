"""What the browser-only edition (deploy/site/, Pyodide) changes in the course's Python, checked
without a browser: None reaching the page as null, the computer thinking at once (no
threads), the progress folder on the site's drive, and the site's lock read from wheels."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import sys
import types
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def pyodide_kernel(monkeypatch):
    """Stand-ins for ``pyodide.ffi.jsnull`` and the Pyodide kernel's comm class, which
    records what it would hand to JavaScript."""
    jsnull = object()
    sent = []

    class Comm:
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            sent.append((msg_type, data, metadata, buffers, keys))

    ffi = types.ModuleType("pyodide.ffi")
    ffi.jsnull = jsnull
    comm = types.ModuleType("pyodide_kernel.comm")
    comm.Comm = Comm
    for name, module in (("pyodide", types.ModuleType("pyodide")), ("pyodide.ffi", ffi),
                         ("pyodide_kernel", types.ModuleType("pyodide_kernel")),
                         ("pyodide_kernel.comm", comm)):
        monkeypatch.setitem(sys.modules, name, module)
    return Comm, jsnull, sent


def test_none_in_a_widget_update_reaches_the_page_as_null(pyodide_kernel):
    from dama.core.board.canvas import send_none_as_null

    Comm, jsnull, sent = pyodide_kernel
    assert send_none_as_null() and send_none_as_null()      # patched once, then left alone
    state = {"method": "update", "state": {"display": None, "index": None,
                                           "options": ["22-19", None], "value": 0},
             "buffer_paths": []}
    Comm().publish_msg("comm_msg", state, {"version": "2"}, [b"x"])
    (msg_type, data, metadata, buffers, _), = sent
    assert msg_type == "comm_msg" and metadata == {"version": "2"} and buffers == [b"x"]
    assert data["state"]["display"] is jsnull and data["state"]["index"] is jsnull
    assert data["state"]["options"] == ["22-19", jsnull]
    assert data["state"]["value"] == 0 and data["buffer_paths"] == []
    assert state["state"]["display"] is None                 # the caller's dict is untouched


def test_outside_pyodide_nothing_is_patched():
    from dama.core.board.canvas import send_none_as_null

    assert "pyodide_kernel" not in sys.modules
    assert send_none_as_null() is False


def test_in_a_browser_the_computer_thinks_at_once_without_a_thread(monkeypatch):
    from dama.core.board import canvas as widget

    monkeypatch.setattr(widget.sys, "platform", "emscripten")
    got = []

    async def inside_the_kernel_loop():
        widget.thread_runner(lambda: "22-19", lambda move, error: got.append((move, error)))
        assert got == [("22-19", None)]                      # already done: no executor

    asyncio.run(inside_the_kernel_loop())


def test_in_a_browser_progress_is_a_folder_in_memory_kept_in_indexeddb(monkeypatch):
    from dama import settings
    from dama.core.store import progress

    monkeypatch.setattr(settings, "IN_BROWSER", True)
    monkeypatch.setattr(progress, "IN_BROWSER", True)
    found = settings.Settings.from_environment({})
    assert found.home == Path("/dama")               # made again from IndexedDB at start
    found = settings.Settings.from_environment({"DAMA_HOME": "/somewhere"})
    assert found.home == Path("/somewhere")
    # SQLite on the file itself, but on the site's drive (an earlier version's) only whole.
    assert not progress._on_the_drive(Path("/dama/Anna.sqlite"))
    assert progress._on_the_drive(Path("/drive/progressi/Anna.sqlite"))


# -- the site's lock, from wheels --------------------------------------------------------------

def _site_build():
    spec = importlib.util.spec_from_file_location("dama_site_build", ROOT / "deploy" / "site" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _wheel(folder: Path, name: str, version: str, requires=(), top=None) -> Path:
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    info = f"{name.replace('-', '_')}-{version}.dist-info"
    lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    lines += [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{info}/METADATA", "\n".join(lines) + "\n")
        archive.writestr(f"{top or name.replace('-', '_')}/__init__.py", "")
    return path


def test_the_lock_follows_requires_dist_as_pyodide_reads_it(tmp_path):
    build = _site_build()
    npm_lock = {"info": {"python": "3.14.2", "platform": "emscripten_5_0_3"},
                "packages": {"traitlets": {"version": "5.14.3"}}}
    wheels = {
        "dama-course": _wheel(tmp_path, "dama-course", "0.1.0",
                              ["ipywidgets", "pywin32; sys_platform == 'win32'",
                               "pytest; extra == 'test'", "tomli; python_version < '3.11'"],
                              top="damalib"),
        "ipywidgets": _wheel(tmp_path, "ipywidgets", "8.1.9", ["traitlets>=4"]),
    }
    fetched = []

    def fetch(name, version, python):
        fetched.append((name, version, python))
        return _wheel(tmp_path, name, version)

    chosen = build.resolve(wheels, {}, npm_lock, "3.14.2", fetch=fetch,
                           roots=("dama-course",))
    assert sorted(chosen) == ["dama-course", "ipywidgets", "traitlets"]
    assert fetched == [("traitlets", "5.14.3", "3.14.2")]    # the version of Pyodide's lock
    out = tmp_path / "site"
    out.mkdir()
    lock = build.write_lock(chosen, npm_lock, out)
    entry = lock["packages"]["dama-course"]
    assert entry["depends"] == ["ipywidgets"] and entry["imports"] == ["damalib"]
    assert entry["sha256"] == build.sha256(out / entry["file_name"])
    assert json.loads((out / "pyodide-lock.json").read_text())["info"] == npm_lock["info"]
    with pytest.raises(build.BuildError, match="deploy/site/wheels.txt"):
        build.resolve({"x": _wheel(tmp_path, "x", "1.0", ["unknown-thing"])}, {}, npm_lock,
                      "3.14.2", fetch=fetch, roots=("x",))


def test_the_full_switch_takes_numpy_and_pillow_from_pyodides_own_distribution():
    """make site NUMPY=full: the lock's numpy and Pillow point next to the pyodide.mjs the
    Pyodide kernel uses by default, with Pyodide's own file names and hashes."""
    build = _site_build()
    npm_lock = {"info": {"python": "3.14.2"}, "packages": {
        "numpy": {"name": "numpy", "version": "2.3.4", "sha256": "ab" * 32,
                  "file_name": "numpy-2.3.4-cp314-cp314-pyodide_2026_0_wasm32.whl"},
        "pillow": {"name": "pillow", "version": "12.0.0", "sha256": "cd" * 32,
                   "file_name": "pillow-12.0.0-cp314-cp314-pyodide_2026_0_wasm32.whl"}}}
    schema = json.loads(build.kernel_extension().joinpath(
        "static", "schema", "kernel.v0.schema.json").read_text())
    base = schema["properties"]["pyodideUrl"]["default"].rsplit("/", 1)[0]
    entries = build.full_distribution(npm_lock)
    assert sorted(entries) == ["numpy", "pillow"]
    assert entries["numpy"]["file_name"] == f"{base}/numpy-2.3.4-cp314-cp314-pyodide_2026_0_wasm32.whl"
    assert entries["numpy"]["sha256"] == "ab" * 32
    assert npm_lock["packages"]["numpy"]["file_name"].startswith("numpy-")   # not changed


# -- serving and updating the site ------------------------------------------------------------

def test_the_classroom_server_sends_the_types_and_asks_for_a_check_each_time(tmp_path):
    import functools
    import http.server
    import threading
    import urllib.request

    spec = importlib.util.spec_from_file_location("dama_site_serve", ROOT / "deploy" / "site" / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (tmp_path / "pyodide.mjs").write_text("export {};\n")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(serve.CourseFiles, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        for name, kind in (("pyodide.asm.wasm", "application/wasm"),
                           ("pyodide.mjs", "text/javascript")):
            with urllib.request.urlopen(f"{base}/{name}") as answer:
                assert answer.headers["Content-Type"] == kind
                assert answer.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()
        server.server_close()


def test_the_sites_list_of_files_changes_with_any_file_and_only_then(tmp_path):
    build = _site_build()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "index.html").write_text("<html></html>")
    (tmp_path / "lesson.ipynb").write_text("{}")
    first = build.write_version(tmp_path)
    assert set(first["files"]) == {"notebooks/index.html", "lesson.ipynb"}
    assert build.write_version(tmp_path) == first          # the list is not in the list
    (tmp_path / "lesson.ipynb").write_text('{"cells": []}')
    second = build.write_version(tmp_path)
    assert second["version"] != first["version"]
    assert [n for n in first["files"] if first["files"][n] != second["files"][n]] == [
        "lesson.ipynb"]


def test_a_wheel_written_twice_is_the_same_bytes(tmp_path):
    build = _site_build()
    folder = tmp_path / "unpacked"
    (folder / "pkg").mkdir(parents=True)
    (folder / "pkg" / "__init__.py").write_text("x = 1\n")
    (folder / "pkg-1.0.dist-info").mkdir()
    (folder / "pkg-1.0.dist-info" / "RECORD").write_text("")
    build.write_wheel(folder, tmp_path / "a.whl")
    os.utime(folder / "pkg" / "__init__.py", (1, 1))        # another day, the same file
    build.write_wheel(folder, tmp_path / "b.whl")
    assert (tmp_path / "a.whl").read_bytes() == (tmp_path / "b.whl").read_bytes()


def test_the_pages_own_words_come_from_the_catalogues_in_every_language():
    build = _site_build()
    script = build.child_view_script((ROOT / "deploy" / "site" / "child-view.js").read_text("utf-8"))
    words = json.loads(script.split("  var WORDS = ", 1)[1].split(";\n", 1)[0])
    readers = json.loads(script.split("  var READERS = ", 1)[1].split(";\n", 1)[0])
    assert words["it"]["Something did not start. Reload the page."] == \
        "Qualcosa non è partito. Ricarica la pagina."
    assert all(v.startswith("⟦") for v in words["qps"].values()) and len(words["qps"]) == 4
    assert readers == {"qps": {"first": "qps/index", "lessons": "en"}}
