"""The course's pages, timed in a real browser: how long the next lesson takes to show, and
what a child's server costs in memory, in each front end, side by side in one run.

    python benchmarks/course_pages.py                 this computer's child view, both ways
    python benchmarks/course_pages.py --site build/site   and the static site (make site)

Three ways to show the course are measured on the same machine, in one run:

* **this computer, one page** (``make course`` today, and a school's server, whose child's
  server runs the same Voilà page): the course's one page (``app.ipynb``, dama.app), one kernel
  a visit; the next lesson is a view of the same page, asked by the address's end.
* **this computer, a page per lesson** (how the child's view worked before the one page, still
  served for the lessons' notebooks): each lesson its own Voilà page and kernel.
* **the static site** (``make site``, JupyterLite): the same one page, Python in the browser.

**Next lesson** is the time from the address asking for the lesson (a link followed) to the
page showing it ready (its mark says the view, its boards made); for a page per lesson, from
the link to the lesson's stars on the page. **Memory per child** is the proportional set size
(PSS, shared libraries counted in shares) of the server and its kernels (each in a session
of its own) with the index and a lesson open, read from /proc, for a server started as a school's server starts a child's
(JupyterLab, the terminals and the language servers off, deploy/hub/jupyterhub_config.py's
CHILD_SERVER). The goals (issue «One house»): the next lesson in 1 s or less, a child's
server in 120 MiB or less. Nothing is asserted: the figures are printed.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAUNCH = ROOT / "deploy" / "local" / "launch.py"
HUB_CONFIG = ROOT / "deploy" / "hub" / "jupyterhub_config.py"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
LESSONS = ("it/01-la-damiera", "it/02-muovere-le-pedine", "it/03-la-presa",
           "it/04-la-presa-multipla", "it/05-la-damatura", "it/06-la-dama",
           "it/07-prendere-di-piu", "it/10-la-dama-incontrata-prima")
GOAL_SECONDS, GOAL_MIB = 1.0, 120


def child_server_options() -> list[str]:
    """CHILD_SERVER of the school's server's configuration, read as it is written."""
    tree = ast.parse(HUB_CONFIG.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "CHILD_SERVER":
            return list(ast.literal_eval(node.value))
    raise LookupError("CHILD_SERVER is not in the hub's configuration")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _parent(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[1])


def pss_of_tree(root: int) -> dict[str, int]:
    """The proportional set size (bytes) of ``root`` and every process under it (a kernel
    runs in a session of its own), by what each one is: the server, its kernels."""
    found: dict[str, int] = {}
    parents = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                parents[int(proc.name)] = _parent(int(proc.name))
            except (OSError, IndexError, ValueError):
                pass
    for pid in parents:
        ancestor = pid
        while ancestor not in (root, 0, 1) and ancestor in parents:
            ancestor = parents[ancestor]
        if ancestor != root:
            continue
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        size = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
        kind = "kernel" if b"ipykernel" in command else "server"
        found[kind] = found.get(kind, 0) + (int(size.group(1)) * 1024 if size else 0)
    return found


class Server:
    """deploy/local/launch.py's child view, as a school's child's server runs it."""

    def __init__(self, place: Path) -> None:
        self.port = free_port()
        env = dict(os.environ, DAMA_HOME=str(place / "dama"), PYTHONWARNINGS="ignore")
        for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                     "IPYTHONDIR"):
            (place / name.lower()).mkdir(parents=True, exist_ok=True)
            env[name] = str(place / name.lower())
        command = [sys.executable, str(LAUNCH), "--no-browser", f"--port={self.port}", "--",
                   "--IdentityProvider.token=", "--ServerApp.port_retries=0",
                   *child_server_options()]
        self.log = open(place / "server.log", "wb")
        self.process = subprocess.Popen(command, env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{self.url}/api/status", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"the course server did not start: {place}/server.log")
                time.sleep(0.3)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def memory(self) -> dict[str, int]:
        return pss_of_tree(self.process.pid)

    def stop(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.log.close()


def shown(page, route: str, seconds: float = 120) -> None:
    page.wait_for_function(
        "route => { const m = document.querySelector('.dama-shown');"
        " return m && m.getAttribute('data-route') === route"
        " && document.body.classList.contains('dama-ready'); }",
        arg=route, timeout=seconds * 1000)


def one_page(browser, base: str, app: str) -> dict:
    """The index, then each lesson of LESSONS as a view of the same page."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    started = time.monotonic()
    page.goto(f"{base}/{app}#it/indice")
    shown(page, "it/indice")
    first = time.monotonic() - started
    times = []
    for route in LESSONS:
        started = time.monotonic()
        page.evaluate("route => { location.hash = route; }", route)
        shown(page, route)
        page.locator(".dama-view canvas").first.wait_for()
        times.append(time.monotonic() - started)
    return {"page": page, "first": first, "next": times}


def page_per_lesson(browser, base: str) -> dict:
    """The index, then each lesson of LESSONS as its own Voilà page (a kernel each)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    started = time.monotonic()
    page.goto(f"{base}/voila/render/it/indice.ipynb")
    page.locator(".dama-index-table").wait_for()
    first = time.monotonic() - started
    times = []
    for route in LESSONS:
        started = time.monotonic()
        page.goto(f"{base}/voila/render/{route}.ipynb")
        page.locator(".dama-lesson-stars").wait_for(state="attached", timeout=120_000)
        times.append(time.monotonic() - started)
    return {"page": page, "first": first, "next": times}


def memory_with_a_lesson_open(browser, place: Path, one_page_view: bool) -> dict[str, int]:
    """A fresh server's memory with a child's index and a lesson open: on the one page, the
    lesson a view of it; a page per lesson, the index in one tab and the lesson in another
    (a kernel each), as a child had them before."""
    server = Server(place)
    pages = []
    try:
        if one_page_view:
            pages.append(browser.new_page())
            pages[0].goto(f"{server.url}/voila/render/app.ipynb#it/indice")
            shown(pages[0], "it/indice")
            pages[0].evaluate("route => { location.hash = route; }", LESSONS[2])
            shown(pages[0], LESSONS[2])
        else:
            for path, ready in (("it/indice", ".dama-index-table"),
                                (LESSONS[2], ".dama-lesson-stars")):
                pages.append(browser.new_page())
                pages[-1].goto(f"{server.url}/voila/render/{path}.ipynb")
                pages[-1].locator(ready).wait_for(state="attached", timeout=120_000)
        time.sleep(3)          # the kernels settle
        return server.memory()
    finally:
        for page in pages:
            page.close()
        server.stop()


def measure_computer(browser, place: Path) -> dict[str, dict]:
    found = {}
    for name, one in (("this computer, one page", True),
                      ("this computer, a page per lesson (before)", False)):
        server = Server(place / f"walk-{one}")
        try:
            result = (one_page(browser, server.url, "voila/render/app.ipynb") if one
                      else page_per_lesson(browser, server.url))
            result["page"].close()
        finally:
            server.stop()
        result["memory"] = memory_with_a_lesson_open(browser, place / f"memory-{one}", one)
        found[name] = result
    return found


def measure_site(browser, site: Path) -> dict:
    port = free_port()
    process = subprocess.Popen([sys.executable, str(site / "serve.py"), "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        time.sleep(1.5)
        result = one_page(browser, f"http://127.0.0.1:{port}",
                          "notebooks/index.html?path=app.ipynb")
        result["page"].close()
        return result
    finally:
        os.killpg(process.pid, signal.SIGTERM)


def report(found: dict[str, dict]) -> list[str]:
    lines = ["| front end | first page (s) | next lesson, median (s) | next lesson, slowest (s) "
             "| memory per child (MiB, PSS) |", "|---|---|---|---|---|"]
    for name, result in found.items():
        times = result["next"]
        parts = result.get("memory")
        memory = (f"{sum(parts.values()) / 2**20:.0f} (server {parts.get('server', 0) / 2**20:.0f}"
                  f", kernels {parts.get('kernel', 0) / 2**20:.0f})" if parts else "—")
        lines.append(f"| {name} | {result['first']:.2f} | {statistics.median(times):.2f} | "
                     f"{max(times):.2f} | {memory} |")
    lines.append(f"Goals: the next lesson ≤ {GOAL_SECONDS:.0f} s, a child's server ≤ "
                 f"{GOAL_MIB} MiB. {len(LESSONS)} lessons, after the index, in each.")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built static site (make site): timed too")
    parser.add_argument("--json", type=Path, help="also write the figures there")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="dama-bench-pages-") as tmp, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=CHROMIUM_ARGS)
        try:
            found = measure_computer(browser, Path(tmp))
            if args.site:
                found["the static site, one page"] = measure_site(browser, args.site)
        finally:
            browser.close()
    print("\n".join(report(found)))
    if args.json:
        args.json.write_text(json.dumps({name: {k: v for k, v in result.items() if k != "page"}
                                         for name, result in found.items()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
