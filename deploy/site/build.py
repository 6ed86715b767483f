"""Build the course's browser-only edition: a static JupyterLite site (``make site``).

    python deploy/site/build.py                  the site in build/site, offline (no request leaves it)
    python deploy/site/build.py --numpy full     numpy and Pillow from Pyodide's full distribution
                                          online (for hosts with internet), not the stand-ins
    python deploy/site/build.py --out DIR        somewhere else

Everything comes from the package registries, once, into ``deploy/site/.cache``: Pyodide's core from
the npm registry (the version the Pyodide kernel expects), and the pure-Python wheels from PyPI
at the versions named in ``deploy/site/wheels.txt`` (Pyodide's own lock names the kernel's). The npm
core holds none of the wheels its lock lists, so the build writes a new ``pyodide-lock.json``
that names exactly the wheels the site holds, with their hashes and the dependencies each
wheel declares, and the kernel loads all of them when it starts: no one types ``%pip``.

A child who opens the site sees the Italian index in the notebook view, code hidden and the
cells run by themselves (``deploy/site/child-view.js``); ``lab/`` is JupyterLab for the teacher.
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The lessons' notebooks (lessons/it, lessons/en), built from their sources.
COURSE = ROOT / "lessons"
sys.path.insert(0, str(ROOT))
from lessons.kit import SETUP  # noqa: E402  (the notebooks' first cell)
from authoring import views as course_views  # noqa: E402  (the pages' still previews)
CACHE = HERE / ".cache"
#: The page script of every child's view (deploy/local's Voilà template has it too).
ACCESS_SCRIPT = ROOT / "deploy" / "local" / "share" / "voila" / "templates" / "dama" / "access.js"
DEFAULT_OUT = ROOT / "build" / "site"
#: The notebooks a child opens from the site's drive (as make course); their helpers are the
#: package ``corso`` in the course's wheel.
PARTS = ("it", "en")
#: The child's one page for a whole visit (dama.app): every page of the course is a view
#: of it, named by the address's hash.
APP_NOTEBOOK = "app.ipynb"
#: Where a child lands: the Italian index, in the notebook view.
FIRST_PAGE = f"notebooks/index.html?path={APP_NOTEBOOK}#it/indice"
ENGLISH_PAGE = f"notebooks/index.html?path={APP_NOTEBOOK}#en/index"
#: The Pyodide kernel's name in JupyterLite; the lessons say "python3" (ipykernel's).
KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
#: The front-end extensions the site needs (the Voilà preview button and others are left out).
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager",
              "ipycanvas")
#: What the kernel loads at start: the Pyodide kernel's own packages, and the course.
ROOTS = ("micropip", "piplite", "ipykernel", "pyodide-kernel", "comm", "jedi", "ipython",
         "dama-course")


class BuildError(Exception):
    """The site cannot be built as asked (a missing pin, a failed download)."""


# -- what the browser's Python is -----------------------------------------------------------

def browser_environment(python: str) -> dict[str, str]:
    """Marker values of Pyodide's Python, to read each wheel's Requires-Dist as it would."""
    env = default_environment()
    major_minor = ".".join(python.split(".")[:2])
    env.update(sys_platform="emscripten", platform_system="Emscripten", os_name="posix",
               platform_machine="wasm32", implementation_name="cpython",
               platform_python_implementation="CPython", python_version=major_minor,
               python_full_version=python, platform_release="", platform_version="")
    return env


# -- downloads --------------------------------------------------------------------------------

def run(command: list[str], **kwargs) -> None:
    try:
        subprocess.run(command, check=True, **kwargs)
    except (OSError, subprocess.CalledProcessError) as error:
        raise BuildError(f"{' '.join(map(str, command))} failed: {error}") from None


def pyodide_core(version: str) -> Path:
    """Pyodide's core (``pyodide.mjs``, the wasm, the standard library, the lock) from npm."""
    folder = CACHE / f"pyodide-{version}"
    if (folder / "pyodide.mjs").exists():
        return folder
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        run(["npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", tmp],
            stdout=subprocess.DEVNULL)
        (archive,) = Path(tmp).glob("pyodide-*.tgz")
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():  # Python before 3.11.4 has no extraction filter
                if (member.name.startswith("/") or ".." in Path(member.name).parts
                        or not (member.isfile() or member.isdir())):
                    raise BuildError(f"unexpected entry {member.name!r} in {archive.name}")
            if hasattr(tarfile, "data_filter"):
                tar.extractall(tmp, filter="data")
            else:
                tar.extractall(tmp)
        shutil.copytree(Path(tmp) / "package", folder)
    return folder


def read_pins(path: Path = HERE / "wheels.txt") -> dict[str, str]:
    pins = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def pypi_wheel(name: str, version: str, python: str) -> Path:
    """A pure-Python wheel from PyPI, downloaded once into the cache."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for wheel in folder.glob("*.whl"):
        if wheel.name.lower().startswith(f"{stem}-{version}-"):
            return wheel
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--python-version", ".".join(python.split(".")[:2]), "--dest", str(folder),
         f"{name}=={version}"])
    for wheel in folder.glob("*.whl"):
        if wheel.name.lower().startswith(f"{stem}-{version}-"):
            return wheel
    raise BuildError(f"no wheel of {name} {version} was downloaded")


def source_date_epoch() -> int:
    """The time every file of the site carries: ``$SOURCE_DATE_EPOCH``, else the last
    commit's, else 1980 (zip's first year). The same sources then build the same bytes."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"],
                              capture_output=True, text=True, check=True)
        return int(done.stdout.strip())
    except (OSError, ValueError, subprocess.CalledProcessError):
        return 315532800


def local_wheel(project: Path, out: Path) -> Path:
    """A wheel built from a project folder (the course itself, a stand-in), its files dated
    ``source_date_epoch()`` so that the same sources give the same wheel."""
    before = set(out.glob("*.whl"))
    # setuptools builds in the project's build/ and never removes a file gone from the
    # sources: a module renamed would ride along in the wheel under its old name.
    for stale in [project / "build" / "lib", *(project / "build").glob("bdist.*")]:
        shutil.rmtree(stale, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out),
         str(project)], env={**os.environ, "SOURCE_DATE_EPOCH": str(source_date_epoch())})
    (wheel,) = set(out.glob("*.whl")) - before
    return wheel


#: The stand-ins: (wheel name, package in deploy/site/numpy_standin, what it is). jedi's holds no
#: module at all: IPython, which asks for it, completes code without it when it cannot be
#: imported, and a child's page never completes code; its 1.7 MB (with parso) stay home.
STANDINS = (("numpy", "numpy", "pure-Python stand-in"), ("pillow", "PIL", "pure-Python stand-in"),
            ("jedi", None, "empty stand-in"))


def standin_wheels(out: Path) -> list[Path]:
    """The numpy and Pillow stand-ins (deploy/site/numpy_standin) as the wheels "numpy" and
    "pillow", so that ipycanvas's imports find them; an empty "jedi" (``STANDINS``)."""
    wheels = []
    for name, package, kind in STANDINS:
        with tempfile.TemporaryDirectory() as tmp:
            project = Path(tmp)
            if package:
                shutil.copytree(HERE / "numpy_standin" / package, project / package,
                                ignore=shutil.ignore_patterns("__pycache__"))
            packages = json.dumps([package] if package else [])
            (project / "pyproject.toml").write_text(
                '[build-system]\nrequires = ["setuptools>=68"]\n'
                'build-backend = "setuptools.build_meta"\n'
                f'[project]\nname = "{name}"\nversion = "0.0.0+dama.standin"\n'
                f'description = "The Dama course\'s {kind} (see deploy/site/README.md)"\n'
                f'[tool.setuptools]\npackages = {packages}\n', encoding="utf-8")
            wheels.append(local_wheel(project, out))
    return wheels


# -- bytecode ---------------------------------------------------------------------------------

#: Run by Node.js: Pyodide's own Python compiles every module of the folders named on the
#: command line (the folder /host is the host's work folder).
COMPILE_MJS = """
import { loadPyodide } from "%(pyodide)s";
const [work, keep] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: "%(index)s" });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/host");
py.globals.set("keep", keep.split(","));
py.runPython(`
import compileall, os, py_compile
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
for name in sorted(os.listdir("/host")):
    folder = os.path.join("/host", name)
    sourceless = name not in keep
    if not compileall.compile_dir(folder, quiet=2, legacy=sourceless, invalidation_mode=mode):
        raise SystemExit("cannot compile " + name)
    for root, _, files in os.walk(folder):
        for file in files:
            if sourceless and file.endswith(".py") and file + "c" in files:
                os.remove(os.path.join(root, file))
`);
"""


def compiled_wheels(wheels: dict[str, Path], core: Path,
                    keep_source: tuple[str, ...]) -> dict[str, Path]:
    """The wheels with their modules compiled to bytecode by the browser's own Python
    (Pyodide, run in Node.js at build time): the browser then imports them without compiling
    each module's source first, which is most of a kernel's start. Other libraries' wheels
    hold the bytecode alone, as Pyodide's own distribution does; the ``keep_source`` ones
    keep their sources too, so that their tracebacks quote them. Cached by content."""
    cache = CACHE / "compiled"
    cache.mkdir(parents=True, exist_ok=True)
    done: dict[str, Path] = {}
    todo: dict[str, tuple[Path, Path]] = {}
    for name, wheel in wheels.items():
        digest = hashlib.sha256(wheel.read_bytes() + core.name.encode()
                                + (b"+src" if name in keep_source else b"")).hexdigest()[:16]
        target = cache / digest / wheel.name
        if target.exists():
            done[name] = target
        else:
            todo[name] = (wheel, target)
    if todo:
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp) / "wheels"
            for name, (wheel, _) in todo.items():
                with zipfile.ZipFile(wheel) as archive:
                    archive.extractall(work / name)
            script = Path(tmp) / "compile.mjs"
            script.write_text(COMPILE_MJS % {"pyodide": (core / "pyodide.mjs").as_uri(),
                                             "index": str(core) + "/"}, encoding="utf-8")
            run(["node", str(script), str(work), ",".join(keep_source)])
            for name, (wheel, target) in todo.items():
                target.parent.mkdir(parents=True, exist_ok=True)
                write_wheel(work / name, target)
                done[name] = target
    prune_cache(cache, {path.parent for path in done.values()})
    return {name: done[name] for name in wheels}


def prune_cache(cache: Path, used: set[Path]) -> None:
    """One compiled copy of each wheel is kept: an older build's copy of a wheel this build
    compiled anew (the course's, after a change) goes, so that the cache does not grow."""
    names = {wheel.name for folder in used for wheel in folder.glob("*.whl")}
    for folder in cache.iterdir():
        if folder in used or not folder.is_dir():
            continue
        if any(wheel.name in names for wheel in folder.glob("*.whl")):
            shutil.rmtree(folder, ignore_errors=True)


#: The date of every entry of a wheel the build writes (zip's first day).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def write_wheel(folder: Path, target: Path) -> None:
    """A wheel of ``folder``'s files, its RECORD rewritten for them."""
    (record,) = folder.glob("*.dist-info/RECORD")
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p != record)
    rows = []
    for path in files:
        data = path.read_bytes()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        rows.append(f"{path.relative_to(folder).as_posix()},sha256={digest},{len(data)}")
    rows.append(f"{record.relative_to(folder).as_posix()},,")
    record.write_text("\n".join(rows) + "\n", encoding="utf-8")
    partial = target.with_suffix(".part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in [*files, record]:
            # A fixed date and mode: the same files make the same wheel, byte for byte.
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix(), ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    os.replace(partial, target)


# -- the lock ---------------------------------------------------------------------------------

def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, Requires-Dist, top-level import names) of a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (meta,) = [n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")]
        message = email.parser.Parser().parsestr(archive.read(meta).decode("utf-8"))
        info = meta.split("/")[0]
        if f"{info}/top_level.txt" in names:
            imports = archive.read(f"{info}/top_level.txt").decode().split()
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if not n.split("/")[0].endswith((".dist-info", ".data"))
                              and (n.endswith(".py") or "/" in n)})
    return (message["Name"], message["Version"], message.get_all("Requires-Dist") or [],
            [i for i in imports if i and not i.startswith("_")] or imports)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def resolve(wheels: dict[str, Path], pins: dict[str, str], npm_lock: dict, python: str,
            fetch=pypi_wheel, roots: tuple[str, ...] = ROOTS) -> dict[str, Path]:
    """Every wheel the roots need, following each wheel's Requires-Dist as Pyodide's Python
    reads it. A wheel found neither among ``wheels`` nor pinned is an error that names it."""
    env = browser_environment(python)
    locked = {canonicalize_name(k): v["version"] for k, v in npm_lock["packages"].items()}
    chosen: dict[str, Path] = {}
    todo = list(roots)
    while todo:
        name = canonicalize_name(todo.pop())
        if name in chosen:
            continue
        if name in wheels:
            wheel = wheels[name]
        elif name in pins or name in locked:
            wheel = fetch(name, pins.get(name) or locked[name], python)
        else:
            raise BuildError(f"{name} is needed but has no version: add it to deploy/site/wheels.txt")
        chosen[name] = wheel
        if wheel is None:  # loaded from Pyodide's full distribution, with its own depends
            continue
        for text in wheel_metadata(wheel)[2]:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({**env, "extra": ""}):
                todo.append(requirement.name)
    return chosen


def write_lock(chosen: dict[str, Path], npm_lock: dict, folder: Path,
               remote: dict[str, dict] | None = None) -> dict:
    """``pyodide-lock.json`` naming exactly the wheels copied into ``folder``. ``remote``:
    entries kept from Pyodide's own lock, loaded from its full distribution instead."""
    env = browser_environment(npm_lock["info"]["python"])
    packages = {}
    for name, wheel in sorted(chosen.items()):
        _, version, requires, imports = wheel_metadata(wheel)
        depends = []
        for text in requires:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({**env, "extra": ""}):
                depends.append(canonicalize_name(requirement.name))
        shutil.copy2(wheel, folder / wheel.name)
        packages[name] = {"name": name, "version": version, "file_name": wheel.name,
                          "install_dir": "site", "sha256": sha256(wheel),
                          "package_type": "package", "imports": imports,
                          "depends": sorted(set(depends)), "unvendored_tests": False}
    for name, entry in (remote or {}).items():
        packages[name] = entry
    lock = {"info": npm_lock["info"], "packages": packages}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return lock


def full_distribution(npm_lock: dict) -> dict[str, dict]:
    """numpy and Pillow as Pyodide's full distribution has them, fetched by the browser from
    the address the Pyodide kernel uses by default (next to its pyodide.mjs)."""
    schema = json.loads(kernel_extension().joinpath(
        "static", "schema", "kernel.v0.schema.json").read_text(encoding="utf-8"))
    base = schema["properties"]["pyodideUrl"]["default"].rsplit("/", 1)[0]
    entries = {}
    for name in ("numpy", "pillow"):
        entry = dict(npm_lock["packages"][name])
        entry["file_name"] = f"{base}/{entry['file_name']}"
        entries[name] = entry
    return entries


# -- the site ---------------------------------------------------------------------------------

def kernel_extension() -> Path:
    return Path(sys.prefix) / "share" / "jupyter" / "labextensions" / EXTENSIONS[0]


#: The first cell of every page (``from dama.helpers import *``), as the site runs it: the progress
#: folder is made again from the browser's IndexedDB before anything reads it.
BROWSER_SETUP = ("from dama.helpers import *\n"
                 "from dama.core.store.browser import restore\n"
                 "progress_kept = await restore()")


def stage_contents(folder: Path, course: Path = COURSE) -> None:
    """The lessons as the site's drive holds them: the kernel renamed to the Pyodide one,
    the outputs and saved widget states dropped, the first cell awaiting the progress kept
    in the browser (``BROWSER_SETUP``)."""
    for part in PARTS:
        source = course / part
        if source.is_file():
            shutil.copy2(source, folder / part)
            continue
        for notebook in sorted(source.glob("*.ipynb")):
            data = json.loads(notebook.read_text(encoding="utf-8"))
            data["metadata"]["kernelspec"] = KERNELSPEC
            data["metadata"].pop("widgets", None)
            for cell in data["cells"]:
                if cell["cell_type"] == "code":
                    cell["outputs"], cell["execution_count"] = [], None
                    if "".join(cell["source"]) == SETUP:
                        cell["source"] = BROWSER_SETUP
            target = folder / part / notebook.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                              encoding="utf-8")



#: The one page's first cell, as the site runs it: the progress kept in the browser first.
BROWSER_APP_SETUP = ("from dama.app import course_app\n"
                     "from dama.core.store.browser import restore\n"
                     "progress_kept = await restore()")


def stage_app(folder: Path) -> None:
    """The child's one page (``APP_NOTEBOOK``): the progress kept in the browser, then the
    app."""
    cells = [{"cell_type": "code", "execution_count": None, "id": f"app-{n}",
              "metadata": {"jupyter": {"source_hidden": True}}, "outputs": [],
              "source": source} for n, source in enumerate((BROWSER_APP_SETUP, "course_app()"))]
    data = {"cells": cells, "metadata": {"kernelspec": KERNELSPEC,
                                         "language_info": {"name": "python"},
                                         "dama": {"page": "app"}},
            "nbformat": 4, "nbformat_minor": 5}
    (folder / APP_NOTEBOOK).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def lite_config(packages: list[str]) -> dict:
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Dama",
        # deploy/site/child-view.js drives the notebook view through the application object.
        "exposeAppInBrowser": True,
        "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": packages},
        }},
    }}


#: Settings every page starts with: no autosave (a lesson run by a child is never written
#: over the site's copy), no news or update checks (nothing leaves the site), no header.
SETTINGS = {
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
    # Every cell drawn, not only those in view: a lesson is short, and a board scrolled
    # into view must already be there.
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    # The notebook view's header (logo, file name, kernel): the lesson has its own title.
    "@jupyter-notebook/application-extension:top": {"visible": "no"},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
}

REDIRECT = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>Dama</title>
<link rel="icon" href="data:,">
{config}
<meta http-equiv="refresh" content="0; url={target}">
<script>
  // A view named after the site's address (a shared link: /#it/03-la-presa) is kept.
  var target = "{target}";
  location.replace(location.hash.length > 1 ? target.split("#")[0] + location.hash : target);
</script></head>
<body><p><a href="{target}">{text}</a></p></body></html>
"""


#: Plugins the child's view (the notebook view) goes without: JupyterLite's service worker,
#: which gives a kernel the site's drive, and which the course needs no more (its code comes
#: from the wheels, the progress from IndexedDB), passes every file of every visit through
#: itself: a visit was 1.5-2 s slower with it. JupyterLab (lab/) keeps it.
CHILD_VIEW_DISABLED = ("@jupyterlab/apputils-extension:announcements",
                       "@jupyterlite/application-extension:service-worker-manager")


def child_view_script(text: str) -> str:
    """deploy/site/child-view.js with its words in every language the programs speak (from the
    catalogues) and the routes of the readers whose language the lessons are not written in."""
    from authoring import catalogues
    from dama.app import load_views
    from damalib.i18n import content_language, spoken

    words = catalogues.page_words()
    views = load_views()
    readers = {lang: {"first": views.first_route(lang),
                      "lessons": content_language(lang, views.languages)}
               for lang in spoken() if lang not in views.languages}
    for name, value in (("WORDS", words), ("READERS", readers), ("FIRST", views.first)):
        empty = f"  var {name} = {{}};\n"
        assert empty in text, name
        filled = json.dumps(value, ensure_ascii=False, sort_keys=True)
        text = text.replace(empty, f"  var {name} = {filled};\n", 1)
    return text


def add_child_view(out: Path) -> None:
    """The notebook view with the child's script; the site's first page goes to the index."""
    settings = out / "notebooks" / "jupyter-lite.json"
    data = json.loads(settings.read_text(encoding="utf-8"))
    data["jupyter-config-data"]["disabledExtensions"] = list(CHILD_VIEW_DISABLED)
    settings.write_text(json.dumps(data, indent=2), encoding="utf-8")
    (out / "notebooks" / "dama-child-view.js").write_text(
        child_view_script((HERE / "child-view.js").read_text(encoding="utf-8")), encoding="utf-8")
    # The same page script as the child's view on this computer and on a school's server: a
    # page that can be heard, boards played from the keyboard (access.js).
    shutil.copyfile(ACCESS_SCRIPT, out / "notebooks" / "dama-access.js")
    page = out / "notebooks" / "index.html"
    text = page.read_text(encoding="utf-8")
    if "dama-child-view.js" not in text:
        text = text.replace("</head>", '<script src="./dama-child-view.js"></script>'
                            '<script src="./dama-access.js"></script></head>', 1)
        page.write_text(text, encoding="utf-8")
    # Every page of the site reads the root page's configuration block: keep it.
    config = re.search(r'<script id="jupyter-config-data".*?</script>',
                       (out / "index.html").read_text(encoding="utf-8"), re.S).group(0)
    (out / "index.html").write_text(REDIRECT.format(
        lang="it", config=config, target=FIRST_PAGE, text="Apri il corso di dama"),
        encoding="utf-8")
    (out / "english.html").write_text(REDIRECT.format(
        lang="en", config=config, target=ENGLISH_PAGE, text="Open the draughts course"),
        encoding="utf-8")


def date_the_contents(out: Path, stamp: int) -> None:
    """The site's list of its contents (``api/contents/**/all.json``) gives each folder the
    time it was made by the build: it gets ``stamp`` too, as every file has."""
    when = dt.datetime.fromtimestamp(stamp, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")

    def dated(entry):
        if isinstance(entry, dict):
            for key in ("created", "last_modified"):
                if key in entry:
                    entry[key] = when
            for value in entry.values():
                dated(value)
        elif isinstance(entry, list):
            for value in entry:
                dated(value)

    for listing in (out / "api" / "contents").rglob("all.json"):
        data = json.loads(listing.read_text(encoding="utf-8"))
        dated(data)
        listing.write_text(json.dumps(data), encoding="utf-8")


#: Files worth a compressed copy: text and WebAssembly (wheels and zips are compressed already).
COMPRESSED_KINDS = (".js", ".mjs", ".css", ".json", ".html", ".wasm", ".svg", ".ipynb",
                    ".txt", ".md", ".py", ".map", ".webmanifest")


def compressed_copies(out: Path) -> tuple[int, int]:
    """``X.gz`` beside each file ``X`` of ``COMPRESSED_KINDS`` that gzip makes at least a
    tenth smaller, for hosts that send it in X's place (serve.py, nginx's gzip_static): the
    same bytes at every build (no name or date inside). Returns (bytes before, after) of the
    files copied."""
    import gzip

    before = after = 0
    for path in sorted(out.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSED_KINDS or \
                path.stat().st_size < 1024:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= 0.9 * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
            before, after = before + len(data), after + len(packed)
    return before, after


#: The site's list of its files and their digests: the child's view reads it at each visit
#: (never from the browser's cache) and fetches again what changed since the last visit.
VERSION_FILE = "dama-version.json"


def write_version(out: Path) -> dict:
    """``VERSION_FILE``: every file of the site with a digest of its bytes, and a version
    that changes when any of them does."""
    # The compressed copies are the files beside them, sent in their place: not listed.
    files = {path.relative_to(out).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()[:16]
             for path in sorted(out.rglob("*"))
             if path.is_file() and path.name != VERSION_FILE and path.suffix != ".gz"}
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    data = {"version": version, "files": files}
    (out / VERSION_FILE).write_text(json.dumps(data, indent=0, sort_keys=True) + "\n",
                                    encoding="utf-8")
    return data


#: Font files that only Internet Explorer (.eot) and browsers from before 2015 (.svg, .ttf)
#: ask for: every browser the site runs in reads the .woff2 beside each (its CSS lists that
#: first among the formats it can read), so these are never fetched.
OLD_FONT_FORMATS = (".eot", ".svg", ".ttf")


def drop_old_font_formats(out: Path) -> int:
    """Remove the icon fonts' old formats where a .woff2 of the same font is there too."""
    freed = 0
    for font in (out / "build").glob("fa-*"):
        if font.suffix in OLD_FONT_FORMATS and font.with_suffix(".woff2").exists():
            freed += font.stat().st_size
            font.unlink()
    return freed


#: The course's pages as views of its one page, in the course's wheel (authoring/notebooks.py).
VIEWS_IN_WHEEL = "dama/core/content/collections/views.json"


def with_views(wheel: Path, views: dict, out: Path) -> Path:
    """The course's wheel with other views in it (another version of the pages)."""
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(tmp)
        (Path(tmp) / VIEWS_IN_WHEEL).write_text(
            json.dumps(views, ensure_ascii=False, sort_keys=True, indent=0) + "\n",
            encoding="utf-8")
        target = out / "changed" / wheel.name
        target.parent.mkdir(parents=True, exist_ok=True)
        write_wheel(Path(tmp), target)
    return target


def build(out: Path = DEFAULT_OUT, numpy: str = "standin", compile_bytecode: bool = True,
          course: Path = COURSE, views: dict | None = None) -> dict:
    """Build the site into ``out``; return what was built (for the tests and the README).
    ``compile_bytecode``: ship the modules as Pyodide's bytecode (see compiled_wheels);
    ``course``: the folder of the lesson notebooks (``it/``, ``en/``, for ``lab/``);
    ``views``: the pages as views, if not the course's own (views.json's data)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    core = pyodide_core(PYODIDE_VERSION)
    npm_lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = npm_lock["info"]["python"]
    work = ROOT / "build" / "site-src"  # always fresh: a stale build database skips patches
    shutil.rmtree(work, ignore_errors=True)
    pyodide = work / "lite" / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        shutil.copy2(core / name, pyodide / name)
    wheels_dir = work / "wheels"
    wheels_dir.mkdir()
    # The course's wheel carries the compiled message catalogues (damalib/locale/*.mo).
    run([sys.executable, "-m", "authoring.catalogues", "--compile"], cwd=ROOT)
    # The engine's compiled core rides in the course's wheel (damacore/draughts.wasm), and
    # the kernel runs it with the browser's WebAssembly: make builds it first.
    if not (ROOT / "damacore" / "draughts.wasm").is_file():
        raise BuildError("the engine's compiled core is missing: make damacore/draughts.wasm")
    course_wheel = local_wheel(ROOT, wheels_dir)
    if views is not None:
        course_wheel = with_views(course_wheel, views, wheels_dir)
    own = {canonicalize_name(wheel_metadata(w)[0]): w
           for w in [course_wheel,
                     *kernel_extension().joinpath("static", "pypi").glob("*.whl")]
           if not w.name.startswith("widgetsnbextension-3")}
    remote = None
    if numpy == "standin":
        own.update({canonicalize_name(wheel_metadata(w)[0]): w for w in standin_wheels(wheels_dir)})
    else:
        remote = full_distribution(npm_lock)
        own.update({name: None for name in remote})
    chosen = resolve(own, read_pins(), npm_lock, python)
    local = {name: wheel for name, wheel in chosen.items() if wheel is not None}
    if compile_bytecode:
        local = compiled_wheels(local, core, ("dama-course",))
    lock = write_lock(local, npm_lock, pyodide, remote)

    contents = work / "contents"
    contents.mkdir()
    stage_contents(contents, course)
    stage_app(contents)
    for path in contents.rglob("*"):   # the dates the site's contents list gives them
        os.utime(path, (source_date_epoch(),) * 2)
    lite = work / "lite"
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(sorted(lock["packages"])),
                                                       indent=1), encoding="utf-8")
    (lite / "overrides.json").write_text(json.dumps(SETTINGS, indent=1), encoding="utf-8")
    labextensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    (lite / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
        "ignore_sys_prefix": ["federated_extensions"],
        "federated_extensions": [str(labextensions / name) for name in EXTENSIONS],
        "apps": ["notebooks", "lab"], "no_sourcemaps": True,
        "no_unused_shared_packages": True}}, indent=1), encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite),
         "--output-dir", str(out), "--contents", str(contents)], cwd=work,
        stdout=subprocess.DEVNULL)
    add_child_view(out)
    if views is None:
        views = json.loads((ROOT / VIEWS_IN_WHEEL).read_text(encoding="utf-8"))
    course_views.write_previews(views["views"], out)
    drop_old_font_formats(out)
    shutil.copy2(HERE / "serve.py", out / "serve.py")
    stamp = source_date_epoch()
    date_the_contents(out, stamp)
    version = write_version(out)
    plain, packed = compressed_copies(out)
    for path in out.rglob("*"):
        os.utime(path, (stamp, stamp))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file() and p.suffix != ".gz")
    copies = sum(p.stat().st_size for p in out.rglob("*.gz"))
    return {"out": str(out), "bytes": size, "compressed_copies": copies,
            "compressed_from": plain, "compressed_to": packed, "pyodide": PYODIDE_VERSION, "numpy": numpy,
            "bytecode": compile_bytecode, "version": version["version"],
            "packages": {n: e["version"] for n, e in sorted(lock["packages"].items())}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the site goes")
    parser.add_argument("--numpy", choices=("standin", "full"), default="standin",
                        help="standin: offline, the stand-ins in deploy/site/numpy_standin (default); "
                             "full: real numpy and Pillow fetched online from Pyodide's full "
                             "distribution")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="ship the modules' sources only (a slower kernel start)")
    options = parser.parse_args(argv)
    try:
        report = build(options.out.resolve(), options.numpy, not options.no_bytecode)
    except BuildError as error:
        print(f"site: {error}", file=sys.stderr)
        return 1
    print(f"site built in {report['out']}: {report['bytes'] / 1e6:.1f} MB (and "
          f"{report['compressed_copies'] / 1e6:.1f} MB of compressed copies), Pyodide "
          f"{report['pyodide']}, {len(report['packages'])} packages ({report['numpy']} numpy)")
    print(f"serve it with: python3 {report['out']}/serve.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
