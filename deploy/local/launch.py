"""Open the course: ``make course`` (children: no code on screen) or ``make course-lab``.

The child's view is the course as one page (``app.ipynb``, dama.app), one kernel a visit: the
index, the lessons and the other pages are views of it, named by the address's end
(``…/voila/render/app.ipynb#it/03-la-presa``), so the back button and a shared link work.

The lessons are never opened from the repository: the first run copies them into a working
folder of this user (``<progress folder>/lessons``, next to the stars), and every run after a
change of the course copies them again. Autosave, a child's edits or a crash then touch only
that copy, and ``git pull`` never meets a changed lesson. Only the course's own files are
replaced or removed (those of the list it wrote last time): a teacher's own notebooks in
``it/`` and ``en/`` stay.

    python deploy/local/launch.py                 the child's view (Voilà), Italian index first
    python deploy/local/launch.py --lang en       the same, English index
    python deploy/local/launch.py --lab           JupyterLab on the same copy, for adults
    python deploy/local/launch.py --copy-only     just make the working copy and print its folder

Everything is served on 127.0.0.1 only; as root the server is allowed to run (a classroom
computer or a container often has only root). Options after ``--`` go to the server.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: The child's view's Voilà template (its page, router.js, its error page).
TEMPLATE = HERE / "share" / "voila" / "templates" / "dama"
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
#: The lessons' notebooks, built from their sources (lessons/it, lessons/en).
LESSONS = ROOT / "lessons"

from dama.settings import dama_home  # noqa: E402

#: The course as one page, in the working copy: the child's view.
APP = "app.ipynb"
#: What older versions of the course put in the working copy, removed when it is refreshed.
FORMER_PARTS = ("corso.py",)
#: The working copy's name in the progress folder, and the one older versions gave it.
COPY, FORMER_COPY = "lessons", "corso"
STAMP = ".course-version"
#: The files the course put in the working copy last time (the only ones it may remove).
MANIFEST = ".course-files.json"


def parts(source: Path = LESSONS) -> list[str]:
    """What the working copy holds: the one page, and the notebooks of each language (for
    JupyterLab), their helpers the installed package ``dama``."""
    return [APP][:(source / APP).exists()] + sorted(
        p.name for p in source.iterdir() if p.is_dir() and any(p.glob("*.ipynb")))


def first_pages() -> dict[str, str]:
    """Each language's index, as the one page's address names it (``it/indice``)."""
    from dama.app import load_views

    return load_views().first


def course_version(source: Path = LESSONS) -> str:
    """A digest of every file the working copy is made of."""
    digest = hashlib.sha256()
    for part in parts(source):
        path = source / part
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if "__pycache__" in file.parts or file.name.startswith("."):
                continue
            digest.update(str(file.relative_to(source)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()


def working_copy(folder: Path | None = None, source: Path = LESSONS) -> Path:
    """The user's copy of the course, made or refreshed so that it matches ``source``."""
    if folder is None:
        folder = dama_home() / COPY
        former = dama_home() / FORMER_COPY
        if former.is_dir() and not folder.exists():
            former.rename(folder)    # a teacher's own notebooks in it stay theirs
    folder = Path(folder)
    # The interpreter too: the copies carry its language_info (a new Python, new copies).
    version = f"{course_version(source)} python {platform.python_version()}"
    stamp = folder / STAMP
    if stamp.exists() and stamp.read_text(encoding="utf-8").strip() == version:
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    for former in FORMER_PARTS:
        (folder / former).unlink(missing_ok=True)
    shipped = _course_files(source)
    try:
        before = set(json.loads((folder / MANIFEST).read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        # A copy made before the list: the course's files are those of the folders' names
        # the course has now (a teacher's own notebook has another name, and stays).
        before = set(shipped)
    for gone in sorted(before - set(shipped)):       # the course's, no longer in it
        (folder / gone).unlink(missing_ok=True)
    for name in shipped:
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith(".ipynb"):
            target.write_text(_as_the_kernel_says(source / name), encoding="utf-8")
        else:
            shutil.copy2(source / name, target)
    (folder / MANIFEST).write_text(json.dumps(shipped, indent=1) + "\n", encoding="utf-8")
    stamp.write_text(version + "\n", encoding="utf-8")
    return folder


#: What ipykernel tells JupyterLab of its language; JupyterLab writes it into a notebook as
#: the kernel starts, and a notebook whose copy says otherwise opens marked "modified".
def language_info() -> dict:
    return {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
            "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
            "pygments_lexer": "ipython3", "version": platform.python_version()}


def _as_the_kernel_says(path: Path) -> str:
    """The notebook at ``path``, its language_info that of this interpreter's kernel."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook.setdefault("metadata", {})["language_info"] = language_info()
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def _course_files(source: Path) -> list[str]:
    """The course's own files, relative to ``source`` (``it/03-la-presa.ipynb``)."""
    files = []
    for part in parts(source):
        path = source / part
        found = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        files += [p.relative_to(source).as_posix() for p in found
                  if "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts]
    return files


def _lab_settings(home: Path, lang: str) -> dict[str, str]:
    """Folders of JupyterLab's settings for the course alone (the user's own JupyterLab
    settings are left as they are): no news pop-up. JupyterLab's menus stay in English: the
    Italian language pack published for JupyterLab 4.5 leaves the menus of the pinned 4.6 in
    English, and a half-translated screen is worse; the lessons name the menus as shown."""
    settings = home / f"jupyterlab-{lang}" / "settings"
    values = {
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
            {"fetchNews": "false", "checkForUpdates": False},
    }
    for name, value in values.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value) + "\n", encoding="utf-8")
    return {"JUPYTERLAB_SETTINGS_DIR": str(settings),
            "JUPYTERLAB_WORKSPACES_DIR": str(home / f"jupyterlab-{lang}" / "workspaces")}


def environment(home: Path, *, lang: str = "it", lab: bool = False) -> dict[str, str]:
    """The server's environment: the course's Voilà template (``share/``) and save hook
    found, the language of the first page, and for JupyterLab the course's own settings."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        [str(HERE / "share")] + [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p])
    env["PYTHONPATH"] = os.pathsep.join(  # the server's hook and kernel manager
        [str(HERE)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["DAMA_LANG"] = lang      # the one page opens on this language's index
    if lab:
        env.update(_lab_settings(home, lang))
    return env


def command(folder: Path, *, lang: str = "it", lab: bool = False, port: int | None = None,
            browser: bool = True, extra: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The server command for the course in ``folder``."""
    first = first_pages()[lang]
    if lab:
        args = [sys.executable, "-m", "jupyter", "lab", f"{first}.ipynb",
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class="
                "jupyterlab.handlers.announcements.NeverCheckForUpdate"]
    else:
        # The child's view: Voilà inside the Jupyter server, on the course's one page, which
        # opens on the index; a lesson is a view of the same page, with the same kernel.
        args = [sys.executable, str(HERE / "child_server.py"), "jupyter_server",
                f"--ServerApp.default_url=/voila/render/{APP}",
                "--VoilaConfiguration.template=dama",
                # The course's own error page, in Italian, for the server's pages too.
                f"--ServerApp.extra_template_paths=['{TEMPLATE}']",
                # No MathJax from a CDN: the lessons have no formulas, the course works offline.
                "--ServerApp.tornado_settings={'mathjax_url': ''}",
                # Each visit (a tab) has its own kernel. A tab closed asks Voilà to end it, but
                # inside the Jupyter server that request is refused (no XSRF token), so kernels
                # no page is connected to any more are ended after two minutes.
                "--MappingKernelManager.cull_idle_timeout=120",
                "--MappingKernelManager.cull_interval=30",
                "--MappingKernelManager.cull_connected=False",
                "--ServerApp.kernel_manager_class=course_kernels.KernelManager"]
    # A lesson saved keeps its text and pictures, not its boards (deploy/local/jupyter_hooks.py).
    args += ["--ContentsManager.pre_save_hook=jupyter_hooks.strip_widget_outputs"]
    args += [f"--ServerApp.root_dir={folder}", "--ServerApp.ip=127.0.0.1",
             f"--ServerApp.port={port or (8888 if lab else 8866)}",
             f"--ServerApp.open_browser={browser}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    return args + list(extra)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(description="Apri il corso di Dama / open the course.")
    parser.add_argument("--lang", choices=sorted(first_pages()), default="it")
    parser.add_argument("--lab", action="store_true", help="JupyterLab (adults, teachers)")
    parser.add_argument("--port", type=int)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--copy-only", action="store_true")
    options = parser.parse_args(argv)
    home = dama_home()
    folder = working_copy()
    if options.copy_only:
        print(folder)
        return 0
    env = environment(home, lang=options.lang, lab=options.lab)
    args = command(folder, lang=options.lang, lab=options.lab, port=options.port,
                   browser=not options.no_browser, extra=extra)
    where = "JupyterLab" if options.lab else "Voilà"
    print(f"Il corso ({where}) da {folder}. Per chiudere: Ctrl+C.", flush=True)
    if os.name == "posix":
        # The launcher becomes the server: a signal that ends it (Ctrl+C, a kill, a closed
        # terminal) reaches the server itself, which shuts its kernels down with it.
        os.chdir(folder)
        os.execve(args[0], args, env)
    try:
        return subprocess.call(args, env=env, cwd=folder)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
