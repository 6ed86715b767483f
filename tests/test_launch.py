"""`make course`: the working copy of the lessons and the server command (course/launch.py)."""

import importlib.util
import os
from pathlib import Path

import pytest

COURSE = Path(__file__).resolve().parents[1] / "course"
spec = importlib.util.spec_from_file_location("course_launch", COURSE / "launch.py")
launch = importlib.util.module_from_spec(spec)
spec.loader.exec_module(launch)


@pytest.fixture
def source(tmp_path):
    """A small course: two languages and the helpers."""
    root = tmp_path / "source"
    for lang, name in (("it", "indice.ipynb"), ("en", "index.ipynb")):
        (root / lang).mkdir(parents=True)
        (root / lang / name).write_text('{"cells": []}', encoding="utf-8")
    (root / "corso.py").write_text("# helpers\n", encoding="utf-8")
    return root


def test_the_first_run_copies_the_lessons(source, tmp_path):
    copy = launch.working_copy(tmp_path / "home" / "corso", source)
    assert (copy / "it" / "indice.ipynb").read_text() == '{"cells": []}'
    assert (copy / "en" / "index.ipynb").exists() and (copy / "corso.py").exists()


def test_what_the_child_saves_stays_in_the_copy_until_the_course_changes(source, tmp_path):
    copy = launch.working_copy(tmp_path / "corso", source)
    lesson = copy / "it" / "indice.ipynb"
    lesson.write_text('{"cells": ["autosaved outputs"]}', encoding="utf-8")
    (copy / "it" / "Untitled.ipynb").write_text("{}", encoding="utf-8")
    launch.working_copy(tmp_path / "corso", source)      # same course: the copy is kept
    assert "autosaved" in lesson.read_text()
    assert (source / "it" / "indice.ipynb").read_text() == '{"cells": []}'
    (source / "it" / "indice.ipynb").write_text('{"cells": ["new lesson"]}', encoding="utf-8")
    launch.working_copy(tmp_path / "corso", source)      # the course changed: fresh copy
    assert "new lesson" in lesson.read_text()
    assert not (copy / "it" / "Untitled.ipynb").exists()


def test_the_real_course_copy_holds_every_notebook(tmp_path):
    copy = launch.working_copy(tmp_path / "corso")
    for lang in ("it", "en"):
        assert sorted(p.name for p in (copy / lang).glob("*.ipynb")) == sorted(
            p.name for p in (COURSE / lang).glob("*.ipynb"))


def test_the_child_view_opens_the_italian_index_on_the_loopback_only(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    args = launch.command(tmp_path, browser=False)
    assert "--ServerApp.default_url=/voila/render/it/indice.ipynb" in args
    assert "--ServerApp.ip=127.0.0.1" in args and "--allow-root" not in args
    assert "--VoilaConfiguration.template=dama" in args
    assert f"--ServerApp.root_dir={tmp_path}" in args
    english = launch.command(tmp_path, lang="en")
    assert "--ServerApp.default_url=/voila/render/en/index.ipynb" in english


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
    assert str(COURSE / "share") in env["JUPYTER_PATH"].split(os.pathsep)
