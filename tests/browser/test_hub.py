"""The school's server (make hub): JupyterHub started by the test on 127.0.0.1 with its own
proxy (configurable-http-proxy from npm), the course installed for every user from the
system's Python, the teacher's account and two children's, signed up and approved through
the browser as a class would. Each account is a system user of its own (the test needs
root, as CI has, and removes its users at the end)."""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_helpers import JOURNEY, TIMINGS, Page
from conftest import free_port, stop, wait_until

ROOT = Path(__file__).resolve().parents[2]
HUB = ROOT / "hub"
PROXY = HUB / "node_modules" / ".bin" / "configurable-http-proxy"
TEACHER = "damatest-maestra"
CHILDREN = ("damatest-sofia", "damatest-luca")
PASSWORDS = {TEACHER: "lavagna-verde-42", "damatest-sofia": "gatto-rosso-7",
             "damatest-luca": "cane-blu-19"}

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                       reason="the hub makes a system user for each account: run as root"),
    pytest.mark.skipif(not PROXY.exists(), reason=f"{PROXY} is missing: make test installs it "
                                                   "(npm ci in hub/)"),
    pytest.mark.skipif(not Path("/usr/bin/python3").exists(),
                       reason="the children's servers run on the system's Python"),
]


def _remove_users() -> None:
    for name in (TEACHER, *CHILDREN):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        subprocess.run(["userdel", "--remove", name], check=False, capture_output=True)


@pytest.fixture(scope="module")
def hub():
    """The hub on a free port of 127.0.0.1; yields (its address, its log)."""
    _remove_users()
    # Every user must reach the course's folder: a folder of the world-readable /tmp, not
    # pytest's own (open to root alone).
    place = Path(tempfile.mkdtemp(prefix="dama-hub-", dir="/tmp"))
    place.chmod(0o755)
    home, state = place / "home", place / "state"
    env = dict(os.environ, DAMA_HUB_HOME=str(home), DAMA_HUB_STATE=str(state),
               DAMA_HUB_TEACHER=TEACHER)
    started = time.monotonic()
    subprocess.run([sys.executable, str(HUB / "install.py")], env=env, check=True,
                   capture_output=True)
    installed = time.monotonic() - started
    port = free_port()
    env.update(DAMA_HUB_PORT=str(port), DAMA_HUB_INTERNAL_PORT=str(free_port()),
               DAMA_HUB_PROXY_PORT=str(free_port()))
    log = place / "hub.log"
    with open(log, "wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f",
                                    str(HUB / "jupyterhub_config.py")], env=env, cwd=place,
                                   stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        def ready() -> bool:
            import urllib.request
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/hub/login", timeout=2):
                    return True
            except OSError:
                return False

        wait_until(ready, process, log, "the hub")
        yield f"http://127.0.0.1:{port}", log, installed
    finally:
        stop(process)
        subprocess.run(["pkill", "-f", f"configurable-http-proxy.*{port}"], check=False)
        _remove_users()
        shutil.rmtree(place, ignore_errors=True)


def sign_up(tab, base: str, name: str) -> str:
    tab.goto(f"{base}/hub/signup")
    tab.fill("#username_input", name)
    tab.fill("#password_input", PASSWORDS[name])
    tab.fill("#password_confirmation_input", PASSWORDS[name])
    tab.locator("form [type=submit]").first.click()
    return tab.locator("body").inner_text()


def log_in(tab, base: str, name: str) -> None:
    tab.goto(f"{base}/hub/login")
    tab.fill("#username_input", name)
    tab.fill("#password_input", PASSWORDS[name])
    tab.locator("#login_submit").click()


def test_a_class_logs_in_each_child_to_their_own_course(hub, browser):
    base, log, installed = hub
    teacher = Page(browser)
    said = sign_up(teacher.page, base, TEACHER)
    assert "has been sent to the admin" not in said     # the teacher's own is approved
    children = {name: Page(browser) for name in CHILDREN}
    for name, page in children.items():
        assert "sent to the admin" in sign_up(page.page, base, name)
    # Not approved yet: the child's login is refused.
    sofia = children["damatest-sofia"].page
    log_in(sofia, base, "damatest-sofia")
    expect(sofia.locator(".login_error")).to_contain_text(
        "La maestra non ha ancora approvato il tuo nome")
    log_in(teacher.page, base, TEACHER)
    teacher.page.goto(f"{base}/hub/authorize")
    for name in CHILDREN:
        teacher.page.locator(f"a[href$='authorize/{name}']").click()
        expect(teacher.page.locator("tr", has_text=name)).to_contain_text("Yes")
    # Each child lands on the course's Italian index, no code on screen.
    seconds = {}
    for name, page in children.items():
        started = time.monotonic()
        log_in(page.page, base, name)
        expect(page.page).to_have_url(
            re.compile(rf"/user/{name}/voila/render/it/indice\.ipynb"), timeout=120_000)
        expect(page.page.locator(".dama-index-table")).to_contain_text("Benvenuti!",
                                                                       timeout=120_000)
        seconds[name] = time.monotonic() - started
        body = page.page.locator("body").inner_text()
        assert "Traceback" not in body and "import" not in body
    sofia_page = children["damatest-sofia"]
    sofia_page.shot("hub-child-index.png")
    # Each child's server runs as the child, its stars in the child's own home, which the
    # other children cannot open.
    for name in CHILDREN:
        home = Path(pwd.getpwnam(name).pw_dir)
        assert (home / "dama" / "corso" / "it" / "indice.ipynb").exists()
        assert home.stat().st_uid == pwd.getpwnam(name).pw_uid
        assert oct(home.stat().st_mode & 0o777) == "0o700"
    peek = subprocess.run(["su", "-s", "/bin/sh", "damatest-sofia", "-c",
                           f"ls {pwd.getpwnam('damatest-luca').pw_dir}/dama"],
                          capture_output=True, text=True)
    assert peek.returncode != 0 and "Permission denied" in peek.stderr
    # Through the hub: a child asking for another child's server is turned away.
    answer = sofia.request.get(f"{base}/user/damatest-luca/voila/render/it/indice.ipynb",
                               max_redirects=0)
    assert answer.status in (302, 403, 404)
    assert "damatest-luca/voila" not in (answer.headers.get("location") or "")
    # A browser that never logged in gets the hub's login page.
    stranger = Page(browser)
    stranger.page.goto(f"{base}/user/damatest-sofia/voila/render/it/indice.ipynb")
    expect(stranger.page.locator("#login_submit")).to_have_value("Entra")
    expect(stranger.page.locator(".auth-form-header")).to_have_text("Entra nel corso di dama")
    stranger.page.fill("#username_input", "damatest-sofia")
    stranger.page.fill("#password_input", "non-la-sua")
    stranger.page.locator("#login_submit").click()
    expect(stranger.page.locator(".login_error")).to_contain_text(
        "Il nome o la password non sono giusti")
    stranger.shot("hub-login-it.png")
    # No password in the hub's log.
    text = log.read_text(errors="replace")
    assert not any(password in text for password in PASSWORDS.values())
    for page in (teacher, stranger, *children.values()):
        page.close()
    JOURNEY.append(f"hub: the course installed for every user in {installed:.0f} s, a teacher "
                   f"and {len(CHILDREN)} children signed up and approved; each on their own "
                   "index, their homes closed to each other, the login page for a stranger")
    TIMINGS.append("hub: login to the child's index " + ", ".join(
        f"{s:.1f} s" for s in seconds.values()) + " (the first start of each child's server)")
