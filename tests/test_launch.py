"""`make course`: the working copy of the lessons and the server command (deploy/local/launch.py)."""

import importlib.util
import json
import os
import platform
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The lessons' notebooks, and the launcher with its hook and Voilà template.
COURSE = ROOT / "lessons"
LOCAL = ROOT / "deploy" / "local"
spec = importlib.util.spec_from_file_location("course_launch", LOCAL / "launch.py")
launch = importlib.util.module_from_spec(spec)
spec.loader.exec_module(launch)


@pytest.fixture
def source(tmp_path):
    """A small course: the one page, two languages."""
    root = tmp_path / "source"
    for lang, name in (("it", "indice.ipynb"), ("en", "index.ipynb")):
        (root / lang).mkdir(parents=True)
        (root / lang / name).write_text('{"cells": []}', encoding="utf-8")
    (root / "app.ipynb").write_text('{"cells": []}', encoding="utf-8")
    (root / "kit.py").write_text("# a source, not a part of the copy\n", encoding="utf-8")
    return root


def test_the_first_run_copies_the_lessons(source, tmp_path):
    copy = launch.working_copy(tmp_path / "home" / "corso", source)
    # As the notebook is, with the language_info the kernel will give (JupyterLab writes it
    # in when the kernel starts: a copy without it would open marked modified).
    notebook = json.loads((copy / "it" / "indice.ipynb").read_text())
    assert notebook == {"cells": [], "metadata": {"language_info": launch.language_info()}}
    assert launch.language_info()["version"] == platform.python_version()
    assert (copy / "en" / "index.ipynb").exists() and (copy / "app.ipynb").exists()
    assert not (copy / "kit.py").exists()


def test_a_copy_under_the_former_name_is_taken_over_with_the_teachers_notebooks(
        source, tmp_path, monkeypatch):
    monkeypatch.setenv("DAMA_HOME", str(tmp_path / "home"))
    former = tmp_path / "home" / "corso"
    (former / "it").mkdir(parents=True)
    (former / "it" / "la-mia-lezione.ipynb").write_text("mine", encoding="utf-8")
    copy = launch.working_copy(source=source)
    assert copy == tmp_path / "home" / "lessons" and not former.exists()
    assert (copy / "it" / "la-mia-lezione.ipynb").read_text() == "mine"
    assert (copy / "app.ipynb").exists()


def test_a_refresh_removes_the_helpers_older_versions_copied(source, tmp_path):
    copy = tmp_path / "home" / "corso"
    copy.mkdir(parents=True)
    (copy / "corso.py").write_text("# the helpers, as an older version copied them\n")
    launch.working_copy(copy, source)
    assert not (copy / "corso.py").exists() and (copy / "it" / "indice.ipynb").exists()


def test_what_the_child_saves_stays_in_the_copy_until_the_course_changes(source, tmp_path):
    copy = launch.working_copy(tmp_path / "corso", source)
    lesson = copy / "it" / "indice.ipynb"
    lesson.write_text('{"cells": ["autosaved outputs"]}', encoding="utf-8")
    (copy / "it" / "Untitled.ipynb").write_text("{}", encoding="utf-8")
    launch.working_copy(tmp_path / "corso", source)      # same course: the copy is kept
    assert "autosaved" in lesson.read_text()
    assert (source / "it" / "indice.ipynb").read_text() == '{"cells": []}'
    (source / "it" / "indice.ipynb").write_text('{"cells": ["new lesson"]}', encoding="utf-8")
    (source / "en" / "index.ipynb").unlink()              # …and a lesson went
    launch.working_copy(tmp_path / "corso", source)      # the course changed: fresh copy
    assert "new lesson" in lesson.read_text()
    assert not (copy / "en" / "index.ipynb").exists()     # the course's own, gone with it
    # A notebook of the teacher's own (not the course's) stays through every update.
    assert (copy / "it" / "Untitled.ipynb").read_text() == "{}"


def test_a_copy_made_before_the_list_keeps_the_teachers_notebooks(source, tmp_path):
    copy = tmp_path / "corso"
    (copy / "it").mkdir(parents=True)
    (copy / "it" / "indice.ipynb").write_text("old", encoding="utf-8")
    (copy / "it" / "la-mia-lezione.ipynb").write_text("mine", encoding="utf-8")
    (copy / launch.STAMP).write_text("an older version\n", encoding="utf-8")
    launch.working_copy(copy, source)
    assert json.loads((copy / "it" / "indice.ipynb").read_text())["cells"] == []
    assert (copy / "it" / "la-mia-lezione.ipynb").read_text() == "mine"


def test_the_real_course_copy_holds_every_notebook(tmp_path):
    copy = launch.working_copy(tmp_path / "corso")
    assert (copy / "app.ipynb").exists()
    for lang in ("it", "en"):
        assert sorted(p.name for p in (copy / lang).glob("*.ipynb")) == sorted(
            p.name for p in (COURSE / lang).glob("*.ipynb"))


def test_the_child_view_opens_the_italian_index_on_the_loopback_only(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    args = launch.command(tmp_path, browser=False)
    # The course's one page, the index of the language the environment says.
    assert "--ServerApp.default_url=/voila/render/app.ipynb" in args
    assert launch.environment(tmp_path)["DAMA_LANG"] == "it"
    assert launch.environment(tmp_path, lang="en")["DAMA_LANG"] == "en"
    assert "--ServerApp.ip=127.0.0.1" in args and "--allow-root" not in args
    assert "--VoilaConfiguration.template=dama" in args
    # Kernels of pages the child has left are ended; a page still open keeps its kernel.
    assert "--MappingKernelManager.cull_connected=False" in args
    assert any(a.startswith("--MappingKernelManager.cull_idle_timeout=") for a in args)
    assert f"--ServerApp.root_dir={tmp_path}" in args
    english = launch.command(tmp_path, lang="en", lab=True)
    assert "en/index.ipynb" in english


def test_the_culler_passes_over_a_kernel_ended_while_it_looked_at_another():
    """A tab closed while the culler works: the kernel gone is skipped, no traceback logged."""
    import asyncio
    import sys

    sys.path.insert(0, str(LOCAL))
    try:
        import course_kernels
    finally:
        sys.path.remove(str(LOCAL))
    manager = course_kernels.KernelManager(cull_idle_timeout=120)
    assert asyncio.run(manager.cull_kernel_if_idle("a-kernel-already-ended")) is None
    args = launch.command(Path("/tmp/corso"), browser=False)
    assert "--ServerApp.kernel_manager_class=course_kernels.KernelManager" in args


def test_as_root_the_server_is_allowed_to_start(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert "--allow-root" in launch.command(tmp_path)
    assert "--allow-root" in launch.command(tmp_path, lab=True)


def test_jupyterlab_for_adults_opens_the_index_without_news_pop_ups(tmp_path):
    args = launch.command(tmp_path, lab=True)
    assert args[1:4] == ["-m", "jupyter", "lab"] and "it/indice.ipynb" in args
    env = launch.environment(tmp_path, lab=True)
    settings = Path(env["JUPYTERLAB_SETTINGS_DIR"])
    news = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    assert '"fetchNews": "false"' in news.read_text()
    assert str(LOCAL / "share") in env["JUPYTER_PATH"].split(os.pathsep)


def test_a_saved_lesson_keeps_its_text_and_pictures_but_not_its_boards(tmp_path):
    import sys

    sys.path.insert(0, str(LOCAL))
    from jupyter_hooks import strip_widget_outputs

    widget = {"output_type": "display_data",
              "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "x"},
                       "text/plain": "BoardWidget(...)"}}
    picture = {"output_type": "display_data", "data": {"text/html": "<svg/>"}}
    model = {"type": "notebook", "content": {
        "metadata": {"widgets": {"state": {}}},
        "cells": [{"cell_type": "code", "outputs": [widget, picture]},
                  {"cell_type": "markdown", "source": "# Lezione"}]}}
    strip_widget_outputs(model, path="it/03-la-presa.ipynb")
    assert model["content"]["cells"][0]["outputs"] == [picture]
    assert "widgets" not in model["content"]["metadata"]
    strip_widget_outputs({"type": "file", "content": "text"})   # other files: untouched
    args = launch.command(tmp_path, lab=True)
    assert "--ContentsManager.pre_save_hook=jupyter_hooks.strip_widget_outputs" in args
    assert str(LOCAL) in launch.environment(tmp_path)["PYTHONPATH"].split(os.pathsep)


def test_a_saved_lesson_says_what_to_press_to_bring_its_boards_back():
    import sys

    sys.path.insert(0, str(LOCAL))
    from jupyter_hooks import strip_widget_outputs

    lesson = json.loads((COURSE / "it" / "03-la-presa.ipynb").read_text(encoding="utf-8"))
    setup = next(c for c in lesson["cells"] if c["cell_type"] == "code")
    assert "Run → Run All Cells" in "".join(setup["outputs"][0]["data"]["text/html"])
    setup["outputs"] = []                                  # the cell ran: no output of its own
    model = {"type": "notebook", "content": lesson}
    strip_widget_outputs(model)
    assert "Run → Run All Cells" in setup["outputs"][0]["data"]["text/html"]


@pytest.mark.slow
def test_stopping_make_course_stops_the_server_and_its_kernels(tmp_path):
    """The launcher becomes the server: a kill of the process `make course` started ends the
    server too, and leaves nothing listening."""
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, DAMA_HOME=str(tmp_path / "home"), HOME=str(tmp_path),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    process = subprocess.Popen([sys.executable, str(LOCAL / "launch.py"), "--no-browser",
                                f"--port={port}"], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2):
                    break
            except urllib.error.HTTPError:
                break  # it answers (asking for its token): it is up
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        with socket.socket() as again:
            assert again.connect_ex(("127.0.0.1", port)) != 0  # nobody listens any more
    finally:
        if process.poll() is None:
            process.kill()


def test_the_windows_launcher_does_what_make_course_does():
    """avvia-corso.bat (Windows has no make): it makes the same environment as the Makefile
    (.venv, the same stamp, extras that exist), compiles the catalogues, and runs this
    launcher; its paths are Windows paths to files that exist; CRLF line ends."""
    import re
    import tomllib

    root = ROOT
    data = (root / "avvia-corso.bat").read_bytes()
    assert data.count(b"\r\n") == data.count(b"\n") > 10          # every line ends in CRLF
    text = data.decode("ascii")
    extras = set(tomllib.loads((root / "pyproject.toml").read_text())["project"]
                 ["optional-dependencies"])
    (wanted,) = re.findall(r'-e "\.\[([\w,]+)\]"', text)
    assert set(wanted.split(",")) <= extras and "course" in wanted.split(",")
    assert "-m authoring.catalogues --compile" in text and "deploy\\local\\launch.py %*" in text
    for path in re.findall(r"deploy\\[\w\\]+\.py", text):
        assert (root / path.replace("\\", "/")).is_file(), path
    stamp = re.search(r"^STAMP := \$\(VENV\)/(\S+)", (root / "Makefile").read_text(), re.M)
    assert f".venv\\{stamp.group(1)}" in text
    assert "3, 11" in text                                        # the Makefile's Python too


@pytest.mark.parametrize("code, italian, english", [
    (404, "Questa pagina non c'è", "This page does not exist"),
    (403, "Questa pagina non è per te", "This page is not for you"),
    (500, "Qualcosa non va", "Something went wrong"),
])
def test_an_address_that_is_no_lesson_is_said_in_italian_with_the_way_back(code, italian,
                                                                          english):
    """The child's view's server renders its errors with the course's page (Voilà's and the
    server's own: both find the template's folder first), never a traceback in front of a
    child: the server's message (here with markup in it) is folded away, escaped."""
    from jinja2 import Environment, FileSystemLoader

    args = launch.command(COURSE, browser=False)
    assert f"--ServerApp.extra_template_paths=['{launch.TEMPLATE}']" in args
    env = Environment(loader=FileSystemLoader(str(launch.TEMPLATE)), autoescape=True)
    html = env.get_template("error.html").render(
        status_code=code, status_message="Not Found", base_url="/user/sofia/",
        message="Traceback <script>alert(1)</script>")
    assert '<html lang="it">' in html and f"<h1>{italian}</h1>" in html
    assert 'href="/user/sofia/voila/render/app.ipynb#it/indice"' in html
    assert 'href="/user/sofia/voila/render/app.ipynb#en/index"' in html
    assert 'lang="en"' in html and english in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert html.index("<details>") > html.index("Back to the lessons")
