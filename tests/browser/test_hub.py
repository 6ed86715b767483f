"""The school's server (make hub): JupyterHub started by the test on 127.0.0.1 with its own
proxy (configurable-http-proxy from npm), the course installed for every user from the
system's Python. A teacher and three children sign up and log in through the browser; the
children answer on their boards and the teacher's class page, left open, shows each attempt
within seconds; every door a child should not open is tried; a child's server is killed
mid-answer; twenty-five children answer at once through the hub and their pages' websockets;
the hub restarts, and an idle server is stopped by the culler and brings its stars back.

Each account is a system user of its own (``dama-<name>``): the test needs root, as CI has,
and removes its users at the end. The passwords are made at each run, never written down."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_helpers import JOURNEY, TIMINGS, Page, click_square, shot, wait_drawn
from hub_helpers import (PROXY, Hub, PageKernel, as_user, form_session, kill_user,
                         log_in_http, memory_of_session, memory_of_user, run_apart,
                         sign_up_http, system_user)
from journey import WORDS, puzzles_by_id, star_text

TEACHER = "damatest-maestra"
CHILDREN = ("damatest-sofia", "damatest-luca", "damatest-giulia")
#: The one page's address. The hub adds «?redirects=N» when it sent the browser round while
#: a server was starting (a busy machine): the same page.
APP = r"/voila/render/app\.ipynb(?:\?redirects=\d+)?#"
LOAD = tuple(f"damaload-{n:02d}" for n in range(1, 26))
PASSWORDS = {name: secrets.token_urlsafe(9) for name in (TEACHER, *CHILDREN, *LOAD)}
PUZZLES = puzzles_by_id()
ROOT = Path(__file__).resolve().parents[2]
IT = WORDS["it"]

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                       reason="the hub makes a system user for each account: run as root"),
    pytest.mark.skipif(not PROXY.exists(), reason=f"{PROXY} is missing: make test installs it "
                                                   "(npm ci in deploy/hub/)"),
    pytest.mark.skipif(not Path("/usr/bin/python3").exists(),
                       reason="the children's servers run on the system's Python"),
]


def _remove_users() -> None:
    names = [f"dama-{name}" for name in (TEACHER, *CHILDREN, *LOAD, "damatest-nuovo",
                                          "damatest-attesa", "damatest-chiuso")]
    # The hub leaves the servers running when it stops: ended here, then the users.
    for name in names:
        subprocess.run(["pkill", "-KILL", "-u", name], check=False, capture_output=True)
    for name in names:
        while subprocess.run(["pgrep", "-u", name], capture_output=True).stdout.strip():
            time.sleep(0.2)
        subprocess.run(["userdel", "--remove", name], check=False, capture_output=True)


@pytest.fixture(scope="module")
def hub():
    _remove_users()
    # Every user must reach the course's folder: a folder of the world-readable /tmp, not
    # pytest's own (open to root alone).
    place = Path(tempfile.mkdtemp(prefix="dama-hub-", dir="/tmp"))
    place.chmod(0o755)
    school = Hub(place, TEACHER)
    # The teacher's account is made at the hub's first start, with the password given.
    school.env["DAMA_HUB_TEACHER_PASSWORD"] = PASSWORDS[TEACHER]
    if os.environ.get("DAMA_TEST_HUB_HOME"):    # a developer's installed course, kept between runs
        school.env["DAMA_HUB_HOME"] = os.environ["DAMA_TEST_HUB_HOME"]
    try:
        installed = school.install()
        school.start()
        # The hub's operator's token (root's file): the test's hands on the hub's API.
        school.admin_token = (school.state / "operator-token").read_text().strip()
        JOURNEY.append(f"hub: the course installed for every user in {installed:.0f} s")
        yield school
    finally:
        school.stop()
        _remove_users()
        shutil.rmtree(place, ignore_errors=True)


# -- the class signs up and logs in ---------------------------------------------------------

def sign_up(tab, base: str, name: str) -> str:
    tab.goto(f"{base}/hub/signup")
    tab.fill("#username_input", name)
    tab.fill("#password_input", PASSWORDS[name])
    tab.fill("#password_confirmation_input", PASSWORDS[name])
    eye = tab.locator("#eye")                 # «Mostra» shows both passwords, then hides them
    eye.click()
    expect(tab.locator("#password_confirmation_input")).to_have_attribute("type", "text")
    expect(eye).to_have_text("Nascondi")
    eye.click()
    expect(tab.locator("#password_input")).to_have_attribute("type", "password")
    tab.locator("#signup_submit").click()
    alert = tab.locator("[role=alert]")
    expect(alert).to_be_visible()
    return alert.inner_text()


def log_in(tab, base: str, name: str) -> None:
    tab.goto(f"{base}/hub/login")
    tab.fill("#username_input", name)
    tab.fill("#password_input", PASSWORDS[name])
    tab.locator("#login_submit").click()


def lands_on(tab, name: str, route: str, ready: str, text: str) -> None:
    """The account lands on the course's one page, showing the view ``route``."""
    expect(tab).to_have_url(re.compile(rf"/user/{name}{APP}{route}$"),
                            timeout=180_000)
    expect(tab.locator(ready)).to_contain_text(text, timeout=180_000)


@dataclass
class School:
    teacher: Page
    children: dict[str, Page]
    login_seconds: dict[str, float] = field(default_factory=dict)
    closed: bool = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            for page in (self.teacher, *self.children.values()):
                page.close()


@pytest.fixture(scope="module")
def school(hub, browser):
    """The teacher's account is there from the start (no one else can take its name); the
    children sign up and wait for her approval, she approves them on her class's page
    (/hub/classe), and each logs in: the teacher lands on the class page, each child on the
    Italian index."""
    base = hub.url
    teacher = Page(browser)
    said = sign_up(teacher.page, base, TEACHER)           # the first visitor, as «maestra»
    assert "Questo nome c'è già" in said, said
    children = {name: Page(browser) for name in CHILDREN}
    for name, page in children.items():
        said = sign_up(page.page, base, name)
        assert "la maestra deve approvare il tuo account" in said, said
    sofia = children["damatest-sofia"].page
    log_in(sofia, base, "damatest-sofia")                 # not approved yet
    expect(sofia.locator(".login_error")).to_contain_text(
        "La maestra non ha ancora approvato il tuo nome")
    log_in(teacher.page, base, TEACHER)
    lands_on(teacher.page, TEACHER, "it/classe", ".dama-class-summary",
             "La pagina segue la cartella")
    approvals = teacher.context.new_page()
    approvals.goto(f"{base}/hub/classe")
    rows = approvals.locator(".dama-children tbody tr")
    expect(rows).to_have_count(len(CHILDREN))
    expect(rows.first).to_contain_text("aspetta che tu lo approvi")
    approvals.get_by_role("button", name="Approva damatest-sofia").click()
    expect(approvals.locator(".dama-said")).to_contain_text("«damatest-sofia» approvato.")
    approvals.locator("#approva-tutti").click()
    for name in CHILDREN:
        expect(approvals.locator(f"tr[data-name='{name}'] td").nth(1)).to_have_text("Sì")
    # She is not on her own list: she cannot take herself out, or lock herself out.
    expect(approvals.locator(f"tr[data-name='{TEACHER}']")).to_have_count(0)
    approvals.close()
    found = School(teacher, children)
    for name, page in children.items():
        started = time.monotonic()
        log_in(page.page, base, name)
        lands_on(page.page, name, "it/indice", ".dama-index-table", "Benvenuti!")
        found.login_seconds[name] = time.monotonic() - started
    yield found
    found.close()


def test_each_child_lands_on_their_own_index_named_by_the_account(hub, school):
    for name, page in school.children.items():
        greeting = page.page.locator(".dama-greeting")
        expect(greeting).to_contain_text(f"Ciao {name}! Le tue stelle si salvano nel tuo account.")
        expect(greeting.locator("a", has_text="Esci")).to_have_attribute("href", "/hub/logout")
        expect(page.page.locator(".dama-student input")).to_be_hidden()    # nothing to type
        body = page.page.locator("body").inner_text()
        assert "Traceback" not in body and "import" not in body
        # The server runs as the child's own system user, on the child's copy of the course.
        user = system_user(name)
        home = Path(user.pw_dir)
        assert (home / "dama" / "lessons" / "it" / "indice.ipynb").stat().st_uid == user.pw_uid
        assert home.stat().st_mode & 0o777 == 0o700
    school.children["damatest-sofia"].shot("hub-child-index.png")
    TIMINGS.append("hub: login to the child's index " + ", ".join(
        f"{s:.1f} s" for s in school.login_seconds.values())
        + " (each child's server started at its first login)")


# -- the teacher's class page, filled live --------------------------------------------------

def home_file(name: str) -> Path:
    return Path(system_user(name).pw_dir) / "dama" / f"{name}.sqlite"


def lesson_one_stars(name: str) -> int:
    """Lesson 1's stars as the child's own file gives them (each question's best)."""
    from dama.core.store.progress import read_attempts

    best: dict[str, int] = {}
    for attempt in read_attempts(home_file(name)):
        best[attempt.puzzle] = max(best.get(attempt.puzzle, 0), attempt.stars)
    return sum(best.get(i, 0) for i in ("it-ex-005", "it-not-002", "it-not-007", "it-not-008"))


def open_lesson(page: Page, title: str, path: str) -> None:
    """From the index, the lesson's link, as a child clicks it."""
    page.page.locator(".dama-index-table").get_by_role("link", name=title, exact=True).click()
    route = path.removesuffix(".ipynb")
    expect(page.page).to_have_url(re.compile(APP + re.escape(route) + "$"))
    expect(page.page.locator(f".dama-shown[data-route='{route}']")).to_be_attached(
        timeout=120_000)
    expect(page.page.locator(".dama-puzzles").first).to_be_attached(timeout=120_000)


def tap_option(run, puzzle, index: int):
    label = f"{'ABCDEFGH'[index]}. {puzzle.options['it'][index]}"
    run.locator(".dama-choices").get_by_role("button", name=label, exact=True).click()


def choose(child: Page, title: str, path: str, puzzle_id: str, then_right: bool) -> None:
    """The lesson's first question: a wrong option tapped, its explanation read, then
    (``then_right``) the right one, which earns two stars of three."""
    open_lesson(child, title, path)
    run = child.page.locator(".dama-puzzles").first
    puzzle = PUZZLES[puzzle_id]
    tap_option(run, puzzle, (puzzle.solutions[0] + 1) % len(puzzle.options["it"]))
    expect(run.locator(".dama-feedback")).to_contain_text(IT["wrong_choice"])
    if then_right:
        tap_option(run, puzzle, puzzle.solutions[0])
        expect(run).to_contain_text(f"{IT['stars']}: {star_text(2)}")


def test_the_class_page_fills_live_as_the_children_answer(hub, school):
    """Sofia captures on the board, Luca taps a wrong answer then the right one, Giulia
    only a wrong one: each attempt is on the teacher's page, open all along and never
    reloaded, within seconds; the page's numbers are the ones the children's own files
    give."""
    from dama.classroom.report import load_class
    from dama.core.store.progress import read_attempts

    table = school.teacher.page.locator(".dama-class-table")
    seen: dict[str, float] = {}

    def teacher_sees(name: str, lesson: int, stars: int, most: int, since: float) -> None:
        cell = table.locator("tr", has_text=name).locator(f"td[data-lesson='{lesson}']")
        expect(cell).to_have_text(f"{stars}/{most}", timeout=30_000)
        seen[name] = time.monotonic() - since

    # Sofia: lesson 3's first capture, clicked on the board.
    sofia = school.children["damatest-sofia"]
    open_lesson(sofia, "La presa", "it/03-la-presa.ipynb")
    run = sofia.page.locator(".dama-puzzles").first
    puzzle = PUZZLES["it-cap-001"]
    canvas = run.locator("canvas.dama-board").first
    canvas.scroll_into_view_if_needed()
    wait_drawn(sofia.page, canvas)
    move = puzzle.board().parse_move(puzzle.solutions[0][0])
    for square in move.path:
        click_square(canvas, square)
    expect(run).to_contain_text(f"{IT['stars']}: {star_text(3)}")
    teacher_sees("damatest-sofia", 3, 3, 21, time.monotonic())
    # Luca: lesson 1's first question, a wrong tap and then the right one.
    choose(school.children["damatest-luca"], "La damiera", "it/01-la-damiera.ipynb",
           "it-ex-005", then_right=True)
    teacher_sees("damatest-luca", 1, 2, 12, time.monotonic())
    # Giulia: lesson 0's first question, wrong only: tried, no star yet.
    choose(school.children["damatest-giulia"], "Benvenuti!", "it/00-benvenuti.ipynb",
           "it-mov-030", then_right=False)
    teacher_sees("damatest-giulia", 0, 0, 9, time.monotonic())
    # The page's numbers are the children's own files', read as the teacher's page reads.
    home = load_class([home_file(name) for name in CHILDREN])
    for child in home.children:
        row = table.locator("tr", has_text=child.name)
        for lesson in home.tried_lessons():
            if home.tried(child, lesson):
                got, most = home.stars(child, lesson)
                expect(row.locator(f"td[data-lesson='{lesson.number}']")).to_have_text(
                    f"{got}/{most}")
    # The files the page read are the exchange's copies, the children's own untouched.
    for name in CHILDREN:
        copy = hub.exchange / name / f"{name}.sqlite"
        assert copy.stat().st_mode & 0o777 == 0o640
        assert read_attempts(copy) == read_attempts(home_file(name)) != []
        errors = home_file(name).with_name("errors.log")
        assert not errors.exists() or not errors.read_text().strip(), errors.read_text()
    school.teacher.page.locator(".dama-class-table").scroll_into_view_if_needed()
    school.teacher.shot("hub-class-live.png")
    # The servers' and kernels' own errors go to the hub's log: none so far.
    assert "Traceback" not in hub.log_text()
    TIMINGS.append("hub: a child's attempt on the teacher's open class page after "
                   + ", ".join(f"{s:.1f} s" for s in seen.values()))


# -- no one where they do not belong --------------------------------------------------------

def test_no_child_opens_another_childs_or_the_teachers_things(hub, school):
    """Every door is tried: through the hub as a logged-in child and with the child's own
    token, and on the computer's files as the child's system user. The teacher's account
    opens what is hers (so the refusals are the permissions', not broken paths)."""
    base = hub.url
    sofia = school.children["damatest-sofia"].page
    token = hub.token_for("damatest-sofia")
    refused: list[str] = []

    def through_hub(what: str, url: str) -> None:
        answer = sofia.request.get(url)
        assert answer.status in (403, 404), (what, answer.status, answer.url)
        assert "dama-class" not in answer.text() and "dama-index" not in answer.text()
        refused.append(what)

    through_hub("the teacher's class page",
                f"{base}/user/{TEACHER}/voila/render/it/classe.ipynb")
    through_hub("another child's index", f"{base}/user/damatest-luca/voila/render/it/indice.ipynb")
    through_hub("the teacher's one page", f"{base}/user/{TEACHER}/voila/render/app.ipynb")
    through_hub("another child's one page", f"{base}/user/damatest-luca/voila/render/app.ipynb")
    through_hub("another child's files", f"{base}/user/damatest-luca/files/it/indice.ipynb")
    through_hub("the hub's admin page", f"{base}/hub/admin")
    through_hub("the class's accounts", f"{base}/hub/classe")
    through_hub("the hub's token page", f"{base}/hub/token")
    through_hub("the approvals page", f"{base}/hub/authorize")
    through_hub("another child's approval", f"{base}/hub/authorize/damatest-giulia")
    through_hub("another child's password", f"{base}/hub/change-password/damatest-luca")
    for method, path in (("GET", "/users"), ("GET", "/users/damatest-luca"),
                         ("POST", "/users/damatest-luca/server"),
                         ("POST", "/users/damatest-luca/tokens"),
                         ("POST", "/users/damatest-sofia/tokens"),
                         ("DELETE", f"/users/{TEACHER}/server")):
        answer = hub.api(method, path, token)
        assert answer.status_code in (403, 404), (method, path, answer.status_code)
        refused.append(f"API {method} {path}")
    # The child's own server: nothing outside the child's copy of the course.
    answer = hub.api("GET", "", token)  # the token works where it should
    assert answer.status_code == 200
    import requests

    outside = requests.get(f"{base}/user/damatest-sofia/api/contents/../../dama",
                           headers={"Authorization": f"token {token}"}, timeout=30)
    assert outside.status_code in (400, 403, 404), outside.status_code
    refused.append("own server, a folder above the course")
    # The computer's files, as the child's own system user.
    luca_copy = hub.exchange / "damatest-luca" / "damatest-luca.sqlite"
    tries = {
        "list the class folder": ("ls", str(hub.exchange)),
        "list another child's copies": ("ls", str(hub.exchange / "damatest-luca")),
        "read another child's copy": ("cat", str(luca_copy)),
        "write into another child's copies": ("touch", str(hub.exchange / "damatest-luca" / "x")),
        "write into the class folder": ("touch", str(hub.exchange / "x.sqlite")),
        "list another child's home": ("ls", system_user("damatest-luca").pw_dir),
        "read the hub's database": ("cat", str(hub.state / "jupyterhub.sqlite")),
        "list the teacher's home": ("ls", system_user(TEACHER).pw_dir),
    }
    for what, command in tries.items():
        done = as_user("damatest-sofia", *command)
        assert done.returncode != 0 and "Permission denied" in done.stderr, (what, done)
        refused.append(what)
    # The teacher's account reads every child's copy, and writes none.
    assert as_user(TEACHER, "ls", str(hub.exchange)).stdout.split() == sorted(CHILDREN)
    assert as_user(TEACHER, "cat", str(luca_copy)).returncode == 0
    assert as_user(TEACHER, "touch", str(hub.exchange / "damatest-luca" / "x")).returncode != 0
    # The child's own class page, pointed at the class folder, finds nobody's stars.
    sofia.goto(f"{base}/user/damatest-sofia/voila/render/app.ipynb#it/classe")
    folder = sofia.locator(".dama-class-folder input")
    folder.fill(str(hub.exchange))
    folder.press("Enter")
    expect(sofia.locator(".dama-class-summary")).to_contain_text(
        f"La cartella {hub.exchange} non è tua")
    for name in ("damatest-luca", "damatest-giulia"):
        expect(sofia.locator(".dama-class-table")).not_to_contain_text(name)
    refused.append("the class folder on the child's own class page")
    # A browser that never logged in gets the hub's login page, in Italian.
    stranger = Page(school.teacher.page.context.browser)
    stranger.page.goto(f"{base}/user/damatest-sofia/voila/render/it/indice.ipynb")
    expect(stranger.page.locator("#login_submit")).to_have_value("Entra")
    expect(stranger.page.locator(".auth-form-header")).to_have_text("Entra nel corso di dama")
    stranger.page.fill("#username_input", "damatest-sofia")
    stranger.page.fill("#password_input", "non-la-sua")
    stranger.page.locator("#login_submit").click()
    expect(stranger.page.locator(".login_error")).to_contain_text(
        "Il nome o la password non sono giusti")
    stranger.shot("hub-login-it.png")
    stranger.close()
    refused.append("a stranger's visit and guess")
    # No password in the hub's log, nor in its database (it keeps hashes).
    text = hub.log.read_bytes() + (hub.state / "jupyterhub.sqlite").read_bytes()
    assert not any(password.encode() in text for password in PASSWORDS.values())
    JOURNEY.append(f"hub: {len(refused)} attempts of a child to go where it does not belong, "
                   f"all refused: " + "; ".join(refused))


def make_class(teacher: Page, hub, names: list[str], shots: str = "") -> dict[str, str]:
    """The teacher's class page: the names written one a line, the accounts made; each
    card's name and password, as the printed cards give them. With ``shots``, on a tablet
    held upright, the cards and then the class's list are pictured (``<shots>-*.png``)."""
    page = teacher.context.new_page()
    if shots:
        page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(f"{hub.url}/hub/classe")
    page.fill("#nomi", "\n".join(names))
    page.locator("#crea").click()
    cards = page.locator(".dama-card")
    expect(cards).to_have_count(len(names))
    found = {card.get_attribute("data-name"): card.locator(".dama-password").inner_text()
             for card in cards.all()}
    expect(page.get_by_role("button", name="Stampa le schede")).to_be_visible()
    if shots:
        # One line says what was made, and the cards follow it within the tablet's screen.
        expect(page.locator(".dama-said")).to_have_text(re.compile(
            rf"^\s*Account fatti: {len(names)} \(.*\)\.\s*$"))
        assert page.locator(".dama-card").first.bounding_box()["y"] < 1024
        # Each card holds its words (the address, the name, the password) within its border.
        assert page.evaluate("""[...document.querySelectorAll('.dama-card')].filter(
            card => card.scrollWidth > card.clientWidth).length""") == 0
        shot(page, f"{shots}-cards.png")
        page.goto(f"{hub.url}/hub/classe")
        # Nothing wider than the tablet: no row or button cut off at the right.
        assert page.evaluate("document.documentElement.scrollWidth") <= 768
        shot(page, f"{shots}-list.png", full_page=True)
    page.close()
    return found


def test_a_childs_server_serves_the_course_and_nothing_else(hub, school):
    """A curious child's own server, asked with the child's own token (what a script or a
    tool of the child's would send): no kernel or session started, no file written or read,
    no terminal; through the page's own kernel websocket no code reaches the kernel, only
    the widgets' messages. The page goes on answering."""
    import requests

    name = "damatest-sofia"
    token = hub.token_for(name)
    base = f"{hub.url}/user/{name}"
    notebook = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    probes = [
        ("POST", "/api/kernels", {"name": "python3"}),
        ("POST", "/api/sessions", {"path": "x.ipynb", "type": "notebook",
                                   "kernel": {"name": "python3"}}),
        ("PUT", "/api/contents/attacco.html", {"type": "file", "format": "text",
                                               "content": "<script>alert(1)</script>"}),
        ("PUT", "/api/contents/attacco.ipynb", {"type": "notebook", "content": notebook}),
        ("GET", "/api/contents", None),
        ("GET", "/api/contents/it/indice.ipynb", None),
        ("GET", "/files/it/indice.ipynb", None),
        ("POST", "/api/terminals", None),
        ("GET", "/lab", None),
        ("GET", "/voila/render/it/segreto.ipynb", None),
    ]
    refused = []
    for method, path, body in probes:
        answer = requests.request(method, base + path, json=body, timeout=60, verify=hub.verify,
                                  headers={"Authorization": f"token {token}"},
                                  allow_redirects=False)
        assert answer.status_code in (403, 404), (method, path, answer.status_code)
        if answer.headers.get("Content-Type", "").startswith("text/html"):
            # A page: the course's own, in Italian, with the way back to the lessons.
            assert '<html lang="it">' in answer.text, (method, path)
            assert f"/user/{name}/voila/render/app.ipynb#it/indice" in answer.text
            assert "Traceback" not in answer.text
        refused.append(f"{method} {path}")
    marker = Path(system_user(name).pw_dir) / "codice-eseguito"

    async def code_on_the_pages_websocket() -> str:
        page = await PageKernel.open(hub, name, token, "it/indice")
        code = await page.send("execute_request", {
            "code": f"open({str(marker)!r}, 'w').write('x')", "silent": False,
            "store_history": False, "user_expressions": {}, "allow_stdin": False,
            "stop_on_error": True})
        info = await page.send("kernel_info_request", {})
        # The kernel answers a channel's messages in order: code that got through would be
        # answered before the question asked after it.
        reply = await page.until(lambda m: m["msg_type"].endswith("_reply")
                                 and m["parent_header"].get("msg_id") in (code, info))
        await page.go("it/01-la-damiera")          # the page still works
        page.close()
        return reply["msg_type"]

    assert run_apart(code_on_the_pages_websocket()) == "kernel_info_reply"
    assert not marker.exists()
    refused.append("code sent on the page's websocket")
    JOURNEY.append(f"hub: a child's own server, asked with the child's token: {len(refused)} "
                   f"requests refused ({'; '.join(refused)}), the page still answering")


def test_a_childs_server_is_held_to_its_limits_and_the_classmates_go_on(hub, school):
    """The child's server and kernel carry the limits the hub sets (memory, processes, file
    size; deploy/hub/child_limits.py); 2 GiB asked by a process of the child's, with those
    limits, is refused with a MemoryError, while a classmate's page answers as usual. The
    teacher's server has no such limits."""
    sys.path.insert(0, str(ROOT / "deploy" / "hub"))
    from child_limits import ChildLimits

    limits = ChildLimits.from_environment(hub.env)
    sofia = system_user("damatest-sofia")
    processes = [proc for proc in Path("/proc").iterdir()
                 if proc.name.isdigit() and proc.stat().st_uid == sofia.pw_uid]
    assert len(processes) >= 2                            # her server and her page's kernel
    for proc in processes:
        text = (proc / "limits").read_text()
        for label, value in (("Max address space", limits.memory),
                             ("Max processes", limits.tasks),
                             ("Max file size", limits.file_size)):
            line = next(line for line in text.splitlines() if line.startswith(label))
            assert line.split()[len(label.split())] == str(value), (proc, line)
    teacher = system_user(TEACHER)
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit() and proc.stat().st_uid == teacher.pw_uid:
            assert "Max address space         unlimited" in (proc / "limits").read_text()

    def as_sofia():
        limits.apply()
        os.setgid(sofia.pw_gid)
        os.setuid(sofia.pw_uid)

    greedy = subprocess.Popen(
        ["/usr/bin/python3", "-c", "try:\n    bytearray(2 << 30)\nexcept MemoryError:\n"
                                   "    print('MemoryError')"],
        preexec_fn=as_sofia, stdout=subprocess.PIPE, text=True, cwd="/")
    token = hub.token_for("damatest-luca")

    async def classmate() -> None:
        page = await PageKernel.open(hub, "damatest-luca", token, "it/01-la-damiera")
        await page.tap_option(0)
        page.close()

    run_apart(classmate())
    out, _ = greedy.communicate(timeout=120)
    assert out.strip() == "MemoryError"

    # A child who reloads again and again: each page left keeps its kernel two minutes more,
    # and the next page still starts its own (its threads within the limit).
    async def reloads(times: int) -> None:
        pages = await asyncio.gather(*(PageKernel.open(hub, "damatest-luca", token, "it/indice")
                                       for _ in range(times)))
        for page in pages:
            page.close()
        last = await PageKernel.open(hub, "damatest-luca", token, "it/01-la-damiera")
        await last.tap_option(0)
        last.close()

    run_apart(reloads(7))
    luca = system_user("damatest-luca").pw_uid
    tasks = sum(len(list((proc / "task").iterdir())) for proc in Path("/proc").iterdir()
                if proc.name.isdigit() and proc.stat().st_uid == luca)
    assert tasks <= limits.tasks
    JOURNEY.append(f"hub: a child's server and kernel limited to {limits.memory >> 20} MiB of "
                   f"address space, {limits.tasks} processes, files of {limits.file_size >> 20}"
                   f" MiB; 2 GiB asked as the child refused (MemoryError), a classmate's page "
                   f"answering meanwhile; the classmate's eighth page in a row answering with "
                   f"{tasks} tasks of his at once")


def test_a_page_a_child_made_never_runs_with_the_teachers_session(hub, school):
    """The attack of a child who makes a page with a script and asks the teacher to look at
    it («maestra, guarda la mia damiera!»). The child's server writes no such page (above);
    put there by hand here, it is still never shown to the teacher: the hub gives her no
    access to any child's server, so her browser is refused before the page is sent, and
    nothing is done with her session: no account approved, no token made."""
    name = "damatest-luca"
    user = system_user(name)
    lessons = Path(user.pw_dir) / "dama" / "lessons"
    script = ("<script>document.title = 'ATTACCO';"
              f"fetch('/hub/api/users/{TEACHER}/tokens', {{method: 'POST', body: '{{}}'}});"
              "new Image().src = '/hub/classe?azione=approva-tutti';</script>")
    page_file = lessons / "attacco.html"
    page_file.write_text(f"<html><body>{script}</body></html>", encoding="utf-8")
    notebook = lessons / "attacco.ipynb"
    notebook.write_text(json.dumps({"cells": [{"cell_type": "markdown", "metadata": {},
                                               "source": script}],
                                    "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    for path in (page_file, notebook):
        os.chown(path, user.pw_uid, user.pw_gid)
    tokens = len(hub.api("GET", f"/users/{TEACHER}/tokens").json()["api_tokens"])
    waiting = sign_up_http(hub, "damatest-attesa", secrets.token_urlsafe(9))
    assert "la maestra deve approvare" in waiting
    page = school.teacher.context.new_page()
    try:
        for url in (f"/user/{name}/files/attacco.html", f"/user/{name}/voila/render/attacco.ipynb",
                    f"/user/{name}/voila/render/app.ipynb"):
            answer = page.goto(hub.url + url)
            assert answer.status == 403, (url, answer.status, page.url)
            assert page.title() != "ATTACCO"
            assert "ATTACCO" not in page.content()
    finally:
        page.close()
        page_file.unlink()
        notebook.unlink()
    assert len(hub.api("GET", f"/users/{TEACHER}/tokens").json()["api_tokens"]) == tokens
    classe = school.teacher.context.new_page()
    classe.goto(f"{hub.url}/hub/classe")
    expect(classe.locator("tr[data-name='damatest-attesa'] td").nth(1)).to_contain_text("No")
    # Approvals and removals are forms sent by POST with the hub's XSRF token: a request
    # without it, from the teacher's own browser, does nothing.
    answer = classe.request.post(f"{hub.url}/hub/classe",
                                 form={"azione": "approva-tutti"})
    assert answer.status == 403, answer.status
    classe.goto(f"{hub.url}/hub/classe")
    expect(classe.locator("tr[data-name='damatest-attesa'] td").nth(1)).to_contain_text("No")
    classe.on("dialog", lambda dialog: dialog.accept())
    classe.locator("tr[data-name='damatest-attesa']").get_by_role("button").last.click()
    expect(classe.locator(".dama-said")).to_contain_text("«damatest-attesa» è uscito")
    classe.close()
    JOURNEY.append("hub: a child's page with a script, opened by the teacher: refused (403) "
                   "at the child's files, Voilà and the one page; no token made, no account "
                   "approved; a POST without the XSRF token refused")


def test_the_class_page_names_each_row_by_its_account_and_leaves_the_rest_out(hub, school):
    """Files put in a child's class folder by hand (a copy of Luca's as «sofia», a
    «maestra», a subfolder, a file at the top): the teacher's page still has a row per
    account, named by the account, and names each file it left out."""
    giulia = hub.exchange / "damatest-giulia"
    luca_copy = hub.exchange / "damatest-luca" / "damatest-luca.sqlite"
    forged = [giulia / "damatest-sofia.sqlite", giulia / "maestra.sqlite",
              giulia / "altro" / "damatest-luca.sqlite", hub.exchange / "intruso.sqlite"]
    for path in forged:
        path.parent.mkdir(exist_ok=True)
        shutil.copyfile(luca_copy, path)
    try:
        summary = school.teacher.page.locator(".dama-class-summary")
        for shown in ("damatest-giulia/damatest-sofia.sqlite", "damatest-giulia/maestra.sqlite",
                      "damatest-giulia/altro", "intruso.sqlite"):
            expect(summary).to_contain_text(shown, timeout=30_000)
        expect(summary).to_contain_text("lasciato fuori")
        rows = school.teacher.page.locator(".dama-class-table tbody tr")
        expect(rows).to_have_count(len(CHILDREN))
        table = school.teacher.page.locator(".dama-class-table")
        expect(table).not_to_contain_text("maestra")
        expect(table).not_to_contain_text("di 2")
    finally:
        for path in forged:
            path.unlink(missing_ok=True)
        (giulia / "altro").rmdir()
    JOURNEY.append("hub: four files put in the class folder by hand: a row per account "
                   "still, named by the account; each file named as left out")


def test_a_child_taken_out_is_out_at_once_and_the_name_starts_clean(hub, school, browser):
    """The teacher makes an account from a name, the child logs in and answers; a new
    password ends the child's session and server at once; taken out (archived), the
    child's system user, home and class folder are gone, and a new child given the same
    name starts with no star."""
    from dama.core.store.progress import read_attempts

    teacher = school.teacher
    name = "damatest-nuovo"
    PASSWORDS.update(make_class(teacher, hub, ["Damatest Nuovo"]))
    child = Page(browser)
    log_in(child.page, hub.url, name)
    lands_on(child.page, name, "it/indice", ".dama-index-table", "Benvenuti!")
    choose(child, "La damiera", "it/01-la-damiera.ipynb", "it-ex-005", then_right=True)
    assert read_attempts(home_file(name))
    old = PASSWORDS[name]
    classe = teacher.context.new_page()
    classe.goto(f"{hub.url}/hub/classe")
    classe.get_by_role("button", name=f"Nuova password per {name}").click()
    expect(classe.locator(".dama-said")).to_contain_text("la vecchia non apre più")
    PASSWORDS[name] = classe.locator(".dama-card .dama-password").inner_text()
    assert hub.server(name) is None                      # stopped at once
    child.page.reload()                                  # the session ended with it
    expect(child.page.locator("#login_submit")).to_be_visible(timeout=60_000)
    assert sign_in_fails(hub, name, old)
    log_in(child.page, hub.url, name)
    lands_on(child.page, name, "it/indice", ".dama-index-table", "Benvenuti!")
    expect(child.page.locator(".dama-index-table tr", has_text="La damiera")).to_contain_text(
        "2 / 12 ★")
    uid = system_user(name).pw_uid
    classe.on("dialog", lambda dialog: dialog.accept())
    classe.locator(f"tr[data-name='{name}']").get_by_role("button", name=f"Togli {name}").click()
    expect(classe.locator(".dama-said")).to_contain_text("archiviate in")
    archive = re.search(r"archiviate in (\S+?)\.?$", classe.locator(".dama-said").inner_text())
    assert archive and Path(archive.group(1)).is_file()
    child.page.reload()
    expect(child.page.locator("#login_submit")).to_be_visible(timeout=60_000)
    with pytest.raises(KeyError):
        system_user(name)
    assert not (hub.exchange / name).exists()
    assert not running_as(uid)
    # The same name again: a new child, with nothing of the one before.
    PASSWORDS.update(make_class(teacher, hub, ["Damatest Nuovo"]))
    log_in(child.page, hub.url, name)
    lands_on(child.page, name, "it/indice", ".dama-index-table", "Benvenuti!")
    expect(child.page.locator(".dama-index-table tr", has_text="La damiera")).not_to_contain_text(
        "2 / 12 ★")
    assert read_attempts(home_file(name)) == []
    classe.goto(f"{hub.url}/hub/classe")
    classe.locator(f"tr[data-name='{name}'] select").select_option("cancella")
    classe.locator(f"tr[data-name='{name}']").get_by_role("button", name=f"Togli {name}").click()
    expect(classe.locator(".dama-said")).to_contain_text(f"«{name}» è uscito dalla classe.")
    classe.close()
    child.close()
    JOURNEY.append("hub: a child made from a name, logged in, a new password: the session and "
                   "server ended at once, the old password refused; taken out: system user, "
                   "home and class folder gone (archived), no process left; the name given "
                   "again started with no star")


def running_as(uid: int) -> list[str]:
    """The live processes of ``uid`` (a killed one not yet reaped by its parent is not)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and proc.stat().st_uid == uid:
                state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
                if state != "Z":
                    found.append(f"{proc.name} "
                                 + (proc / "cmdline").read_text().replace("\0", " "))
        except OSError:
            continue
    return found


def test_a_name_locked_by_wrong_passwords_is_told_to_wait(hub, school, browser):
    """Five wrong passwords lock a name for a minute: the right one, then, is not called
    wrong; the page says to wait a minute."""
    name = "damatest-chiuso"
    PASSWORDS.update(make_class(school.teacher, hub, ["Damatest Chiuso"]))
    for _ in range(5):
        assert sign_in_fails(hub, name, "non-la-sua")
    page = Page(browser)
    log_in(page.page, hub.url, name)
    expect(page.page.locator(".login_error")).to_contain_text(
        "Troppi tentativi sbagliati: aspetta un minuto, poi riprova.")
    page.close()
    JOURNEY.append("hub: five wrong passwords, then the right one: «Troppi tentativi "
                   "sbagliati: aspetta un minuto»")


def sign_in_fails(hub, name: str, password: str) -> bool:
    session = form_session(hub)
    answer = session.post(f"{hub.url}/hub/login", allow_redirects=False, timeout=60, data={
        "username": name, "password": password, "_xsrf": session.cookies.get("_xsrf")})
    return answer.status_code != 302


# -- a server killed mid-answer -------------------------------------------------------------

async def answer_lesson_one(page: PageKernel, wrong_first: tuple[bool, ...],
                            acknowledged: list[str], timings: list[float]) -> None:
    """Lesson 1's questions in order: a wrong tap first where ``wrong_first`` says, then the
    right one, then «Prossimo esercizio»; each answer acknowledged once the kernel has
    handled it (its feedback then on the child's screen)."""
    for n, wrong in enumerate(wrong_first):
        puzzle = PUZZLES[page.puzzle()]
        right = puzzle.solutions[0]
        for index in ([(right + 1) % len(puzzle.options["it"])] if wrong else []) + [right]:
            started = time.monotonic()
            await page.tap_option(index)
            timings.append(time.monotonic() - started)
            assert page.text("dama-feedback"), "no feedback"
            acknowledged.append(f"{puzzle.id}:{index}")
        if n + 1 < len(wrong_first):
            await page.click("dama-next")


def test_a_server_killed_mid_answer_loses_nothing_saved(hub, school):
    from dama.core.store.progress import read_attempts

    name = "damatest-giulia"
    token = hub.token_for(name)
    before = len(read_attempts(home_file(name)))
    acknowledged: list[str] = []

    async def answer_then_cut():
        page = await PageKernel.open(hub, name, token, "it/01-la-damiera")
        await answer_lesson_one(page, (True, False), acknowledged, [])
        # One more tap on its way as the power goes: it may or may not be saved.
        await page.click("dama-next")
        puzzle = PUZZLES[page.puzzle()]
        await page.send("comm_msg", {"comm_id": page.find("dama-choices"), "data": {
            "method": "update", "state": {"index": puzzle.solutions[0]},
            "buffer_paths": []}}, {"version": "2.1.0"})
        killed = kill_user(name)
        page.close()
        return killed

    # Her page loaded now on the view it was left on, so that the test starts from a page and
    # kernel of its own, whatever the earlier tests left (a page whose kernel is gone reloads
    # itself: that reload must not be taken for the one the kill causes).
    left = school.children[name].page
    left.goto("about:blank")
    left.goto(f"{hub.url}/user/{name}/voila/render/app.ipynb#it/00-benvenuti")
    expect(left.locator(".dama-shown[data-route='it/00-benvenuti']")).to_be_attached(
        timeout=120_000)
    left.evaluate("() => { window.damaBefore = true; }")
    killed = run_apart(answer_then_cut())
    assert killed >= 2                                  # the server and the page's kernel
    saved = read_attempts(home_file(name))
    assert len(saved) - before >= len(acknowledged) == 3
    hub.wait_server(name, running=False)
    # The child's page, left open, says at once that the course stopped (no click goes
    # into nothing), then comes back by itself: the hub starts the server again, the view
    # is the one it was on, the lesson's stars are back, the exchange's copy made again.
    giulia = school.children[name]
    # The notice, or already the page reloaded by itself (the mark set before is gone).
    giulia.page.wait_for_function(
        "() => document.querySelector('.dama-stopped[role=alert]') || !window.damaBefore",
        timeout=120_000)
    if giulia.page.evaluate("() => !!window.damaBefore"):
        expect(giulia.page.locator(".dama-stopped")).to_contain_text(
            "Il corso si è fermato un momento. Riparte da solo")
        giulia.shot("hub-server-stopped.png")
    expect(giulia.page).to_have_url(re.compile(APP + "it/00-benvenuti$"),
                                    timeout=180_000)
    expect(giulia.page.locator(".dama-shown[data-route='it/00-benvenuti']")).to_be_attached(
        timeout=180_000)
    giulia.page.goto(f"{hub.url}/user/{name}/voila/render/app.ipynb#it/indice")
    row = giulia.page.locator(".dama-index-table tr", has_text="La damiera")
    got = lesson_one_stars(name)
    expect(row).to_contain_text(f"{got} / 12 ★")
    assert got >= 5                                     # 2 and 3 stars acknowledged
    copy = hub.exchange / name / f"{name}.sqlite"
    assert read_attempts(copy) == read_attempts(home_file(name))
    JOURNEY.append(f"hub: a child's server killed (SIGKILL, {killed} processes) with an answer "
                   f"on its way: the {len(acknowledged)} answers acknowledged before were all "
                   f"saved ({len(saved) - before} in the file), the open page said the course had "
                   f"stopped and came back by itself "
                   f"with {got} stars of lesson 1, the teacher's copy made again")


# -- twenty-five children at once -----------------------------------------------------------

def test_twenty_five_children_answer_at_once(hub, school):
    """Twenty-five accounts signed up and approved; their servers started together; each
    child opens the index and lesson 1 and answers its four questions (two wrong taps
    first): every attempt acknowledged is in the child's file and on the teacher's page."""
    from dama.classroom.report import load_class

    log_start = hub.log.stat().st_size
    # The teacher makes the class in one step, from a list of names, and prints the cards.
    made = time.monotonic()
    cards = make_class(school.teacher, hub, [name.replace("-", " ").title() for name in LOAD],
                       shots="hub-classe-tablet")
    made = time.monotonic() - made
    assert sorted(cards) == sorted(LOAD)
    PASSWORDS.update(cards)
    for name in LOAD:
        log_in_http(hub, name, PASSWORDS[name])
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(len(LOAD)) as pool:   # the class at once
        list(pool.map(hub.start_server, LOAD))
    for name in LOAD:
        hub.wait_server(name, running=True, seconds=600)
    spawned = time.monotonic() - started
    tokens = {name: hub.token_for(name) for name in LOAD}
    wrong = (True, False, True, False)
    acknowledged: dict[str, list[str]] = {name: [] for name in LOAD}
    timings: list[float] = []
    errors: list[str] = []

    async def child(name: str) -> None:
        # One page, one kernel: the index, then lesson 1 as a view of the same page.
        page = await PageKernel.open(hub, name, tokens[name], "it/indice")
        started = time.monotonic()
        await page.go("it/01-la-damiera")
        next_view.append(time.monotonic() - started)
        await answer_lesson_one(page, wrong, acknowledged[name], timings)
        errors.extend(page.errors)
        memory[name] = memory_of_user(system_user(name).pw_uid)
        page.close()

    memory: dict[str, int] = {}
    next_view: list[float] = []

    async def class_of_25():
        await asyncio.gather(*(child(name) for name in LOAD))

    started = time.monotonic()
    run_apart(asyncio.wait_for(class_of_25(), 900))
    answered = time.monotonic() - started
    assert not errors, errors[:3]
    with open(hub.log, "rb") as log:      # the servers' and kernels' errors, in the hub's log
        log.seek(log_start)
        during = log.read().decode(errors="replace")
    found = max(during.find("Traceback"), during.find("[E "))
    assert "Traceback" not in during and "[E " not in during, during[max(0, found - 500):
                                                                      found + 2500]
    sent = sum(len(a) for a in acknowledged.values())
    assert sent == 25 * 6
    # Every attempt in the exchange, which the teacher's page reads.
    exchange = load_class([hub.exchange])
    counted = {c.name: len(c.attempts) for c in exchange.children if c.name in LOAD}
    assert counted == {name: 6 for name in LOAD}
    table = school.teacher.page.locator(".dama-class-table")
    for child in exchange.children:
        if child.name in LOAD:
            got, most = exchange.stars(child, exchange.lesson(1))
            expect(table.locator("tr", has_text=child.name).locator(
                "td[data-lesson='1']")).to_have_text(f"{got}/{most}", timeout=60_000)
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(CHILDREN) + len(LOAD))
    school.teacher.page.set_viewport_size({"width": 1280, "height": 900})
    school.teacher.shot("hub-class-of-28.png")
    mib = [m / 2**20 for m in memory.values()]
    hub_mib = memory_of_session(hub.process.pid) / 2**20
    for name in LOAD:
        assert hub.api("DELETE", f"/users/{name}/server").status_code in (202, 204)
    for name in LOAD:
        hub.wait_server(name, running=False)
    timings.sort()
    TIMINGS.append(
        f"hub, 25 children at once: servers started in {spawned:.0f} s; {sent} answers sent, "
        f"{sum(counted.values())} in the exchange and on the teacher's page, 0 lost; answer "
        f"acknowledged in {statistics.median(timings) * 1000:.0f} ms median, "
        f"{timings[int(len(timings) * 0.95)] * 1000:.0f} ms at the 95th percentile "
        f"({answered:.0f} s for the whole class to open the index, then lesson 1, and "
        f"answer); lesson 1 shown after the index in {statistics.median(next_view):.2f} s "
        f"median with the whole class at it; the 25 accounts and their cards made from a "
        f"list of names in {made:.1f} s")
    TIMINGS.append(
        f"hub: memory of a child's server with the course's one page on a lesson "
        f"(proportional "
        f"set size): {statistics.mean(mib):.0f} MiB on average, from {min(mib):.0f} to "
        f"{max(mib):.0f} MiB; "
        f"the hub with its proxy and culler {hub_mib:.0f} MiB")


def test_the_hub_restarted_keeps_every_childs_server_and_open_page(hub, school):
    """The hub stopped and started again, as an update does: the children's servers are the
    same processes, and a child's page left open (its websocket joined again by itself)
    answers the next tap, with no reload."""
    name = "damatest-luca"
    uid = system_user(name).pw_uid
    luca = school.children[name]
    # A page loaded now, not a change of view on the page left from the first tests: what
    # the restart does to an open page is then all this test sees, whatever came before.
    luca.page.goto("about:blank")
    luca.page.goto(f"{hub.url}/user/{name}/voila/render/app.ipynb#it/indice")
    expect(luca.page.locator(".dama-index-table")).to_contain_text("Benvenuti!",
                                                                  timeout=120_000)
    kernel = luca.page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    token = hub.token_for(name)

    def kernel_state() -> str:
        import requests

        try:
            answer = requests.get(f"{hub.url}/user/{name}/api/kernels/{kernel}",
                                  params={"no_track_activity": "1"}, verify=hub.verify,
                                  headers={"Authorization": f"token {token}"}, timeout=30)
        except requests.RequestException as error:
            return f"no answer ({error})"
        return f"{answer.status_code} {answer.text[:300]}"

    def servers() -> list[str]:
        # The child's server processes (the kernels of pages closed earlier may be culled
        # meanwhile, on their own clock: they are not what an update must keep).
        return sorted(line for line in running_as(uid) if "ipykernel" not in line)

    before = servers()
    assert before and any(kernel in line for line in running_as(uid))
    state_before = kernel_state()
    started = time.monotonic()
    hub.stop(keep_proxy=True)
    hub.start(same_ports=True)
    restarted = time.monotonic() - started
    assert servers() == before
    assert any(kernel in line for line in running_as(uid)), (
        f"the open page's kernel was ended {restarted:.1f} s after the hub was stopped; "
        f"before: {state_before}; after: {kernel_state()}; the log of it:\n"
        + "\n".join(hub.log_lines(kernel, "damatest-luca"))[-6000:])
    assert hub.server(name)["ready"]
    mark = len(hub.log_text())
    # A wrong tap, answered by the kernel with its explanation.
    choose(luca, "La damiera", "it/01-la-damiera.ipynb", "it-ex-005", then_right=False)
    expect(luca.page.locator(".dama-stopped")).to_have_count(0)
    # The page's watch asks the restarted hub's server about its kernel, as the child: it is
    # answered (not taken for a stranger's question, which would reload the page), and no
    # page's watch was ever refused in this hub's life (a 404 is fine: a killed server's
    # kernel is gone, and the page then reloads, as it should).
    answered = re.compile(rf"200 GET /user/{name}/api/kernels/{kernel}\?no_track_activity=1 "
                          rf"\({name}@")

    def refused() -> list[str]:
        return re.findall(r"403 GET /user/[^/ ]+/api/kernels/[^? ]+\?no_track_activity=1 "
                          r"\([^)]*\)", hub.log_text())

    deadline = time.monotonic() + 120
    while not answered.search(hub.log_text(since=mark)):
        assert time.monotonic() < deadline, (
            f"the page's watch was not answered as the child's; refused: {refused()[:5]}")
        time.sleep(0.5)
    assert not refused(), refused()[:5]
    expect(luca.page.locator(".dama-stopped")).to_have_count(0)
    JOURNEY.append(f"hub: stopped and started again in {restarted:.1f} s: every child's server "
                   f"the same processes, an open page answering the next tap with no reload")


# -- a restarted hub, and the culler --------------------------------------------------------

def test_an_idle_server_is_culled_and_the_next_login_brings_the_stars_back(hub, school,
                                                                          browser):
    """The hub restarted (as after an update), now with the school's certificate (https) and
    the culler's timeout short: Luca logs in and sees his stars, leaves; the culler stops his
    server; he logs in again and the stars are there."""
    school.close()
    hub.stop()
    from conftest import free_port

    http_port = free_port()
    # On its own ports again: the children's servers it left running know the hub by its
    # internal address, which an update keeps.
    hub.start(same_ports=True, DAMA_HUB_CULL_TIMEOUT="20", DAMA_HUB_HTTP_PORT=str(http_port),
              **hub.make_certificate())
    assert hub.url.startswith("https://")
    # Plain http, typed without «https://», is sent on to the same page over https.
    import requests

    def sent_on() -> str:
        for _ in range(100):
            try:
                answer = requests.get(f"http://127.0.0.1:{http_port}/hub/login?next=%2F",
                                      allow_redirects=False, timeout=5)
                return f"{answer.status_code} {answer.headers.get('Location')}"
            except requests.ConnectionError:
                time.sleep(0.3)
        return "no answer"

    assert sent_on() == f"301 https://127.0.0.1:{hub.port}/hub/login?next=%2F"
    name = "damatest-luca"
    luca = Page(browser, ignore_https_errors=True)
    log_in(luca.page, hub.url, name)
    try:
        lands_on(luca.page, name, "it/indice", ".dama-index-table", "Benvenuti!")
    except AssertionError as error:
        # What his server and the hub said meanwhile, to tell a slow machine from a fault.
        said = hub.log_lines(name, "Traceback", "Error")
        raise AssertionError(f"{error}\nthe hub's log of {name}:\n"
                             + "\n".join(said[-80:])) from None
    stars = lesson_one_stars(name)
    assert stars >= 2                                   # his right answer earlier
    row = luca.page.locator(".dama-index-table tr", has_text="La damiera")
    expect(row).to_contain_text(f"{stars} / 12 ★")
    luca.close()
    gone = hub.wait_server(name, running=False, seconds=240)
    culled = re.search(rf"DELETE /hub/api/users/{name}/server .*idle-culler",
                       hub.log_text())
    assert culled, "the server was not stopped by the culler"
    again = Page(browser, ignore_https_errors=True)
    started = time.monotonic()
    log_in(again.page, hub.url, name)
    lands_on(again.page, name, "it/indice", ".dama-index-table", "Benvenuti!")
    expect(again.page.locator(".dama-index-table tr", has_text="La damiera")).to_contain_text(
        f"{stars} / 12 ★")
    back = time.monotonic() - started
    again.close()
    JOURNEY.append(f"hub: restarted with https (plain http sent on to it), a child's stars there "
                   f"at the next login; his "
                   f"idle server culled {gone:.0f} s after he left (timeout 20 s), his stars "
                   f"back at the next login in {back:.1f} s")
