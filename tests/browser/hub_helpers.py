"""Helpers of the school's server's tests (test_hub.py): the hub started and restarted on
127.0.0.1, its REST API, accounts signed up over HTTP, a child's page answered through its
kernel's websocket with the very messages a browser sends, and the memory of a child's
processes."""

from __future__ import annotations

import asyncio
import json
import os
import pwd
import re
import signal
import subprocess
import sys
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import requests

from conftest import free_port, stop, wait_until

ROOT = Path(__file__).resolve().parents[2]
HUB = ROOT / "deploy" / "hub"
PROXY = HUB / "node_modules" / ".bin" / "configurable-http-proxy"
#: The hub's config names each account's system user so (deploy/hub/jupyterhub_config.py).
SYSTEM_PREFIX = "dama-"


def system_user(account: str) -> pwd.struct_passwd:
    return pwd.getpwnam(SYSTEM_PREFIX + account)


def as_user(account: str, *command: str) -> subprocess.CompletedProcess:
    """``command`` run as the account's system user (as its server runs), not through a
    shell of the user's (it has none)."""
    return subprocess.run(["runuser", "-u", SYSTEM_PREFIX + account, "--", *command],
                          capture_output=True, text=True, errors="replace", timeout=60)


class Hub:
    """JupyterHub as `make hub` starts it (deploy/hub/jupyterhub_config.py), on free ports of
    127.0.0.1, its files in ``place``; ``start`` again after ``stop`` is the same hub (its
    database kept) restarted, as after an update."""

    def __init__(self, place: Path, teacher: str) -> None:
        self.place = place
        self.exchange = place / "classe"
        self.state = place / "state"
        self.log = place / "hub.log"
        self.env = dict(os.environ, DAMA_HUB_HOME=str(place / "home"),
                        DAMA_HUB_STATE=str(self.state), DAMA_HUB_EXCHANGE=str(self.exchange),
                        DAMA_HUB_TEACHER=teacher, PYTHONWARNINGS="ignore")
        self.process: subprocess.Popen | None = None
        self.port = 0
        self.ports: dict[str, str] = {}
        self.admin_token = ""
        #: The certificate the hub answers https with (None: http), which requests trust.
        self.certificate: Path | None = None

    @property
    def url(self) -> str:
        scheme = "https" if self.certificate else "http"
        return f"{scheme}://127.0.0.1:{self.port}"

    @property
    def verify(self) -> str | bool:
        return str(self.certificate) if self.certificate else True

    def log_text(self, since: int = 0) -> str:
        """The hub's log (its servers' and kernels' lines too), from character ``since``."""
        return self.log.read_text(errors="replace")[since:]

    def log_lines(self, *words: str) -> list[str]:
        """The log's lines that name any of ``words``: what it said of an account."""
        return [line for line in self.log_text().splitlines()
                if any(word in line for word in words)]

    def make_certificate(self) -> dict[str, str]:
        """A certificate of the school's own for 127.0.0.1 (self-signed: its own
        authority), as the settings that give it to the hub."""
        key, cert = self.place / "scuola.key", self.place / "scuola.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days",
                        "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-keyout", str(key), "-out", str(cert)], check=True,
                       capture_output=True)
        self.certificate = cert
        return {"DAMA_HUB_SSL_CERT": str(cert), "DAMA_HUB_SSL_KEY": str(key)}

    def install(self) -> float:
        started = time.monotonic()
        subprocess.run([sys.executable, str(HUB / "install.py")], env=self.env, check=True,
                       capture_output=True)
        return time.monotonic() - started

    def start(self, same_ports: bool = False, **settings: str) -> None:
        """Start the hub (``same_ports``: on the ports of the last start, finding its proxy
        still running, as after an update)."""
        if not same_ports:
            self.port = free_port()
            self.ports = dict(DAMA_HUB_PORT=str(self.port),
                              DAMA_HUB_INTERNAL_PORT=str(free_port()),
                              DAMA_HUB_PROXY_PORT=str(free_port()))
        env = dict(self.env, **self.ports, **settings)
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "jupyterhub", "-f", str(HUB / "jupyterhub_config.py")],
                env=env, cwd=self.place, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True)

        def ready() -> bool:
            try:
                return requests.get(f"{self.url}/hub/login", timeout=2,
                                    verify=self.verify).status_code == 200
            except requests.RequestException:
                return False

        wait_until(ready, self.process, self.log, "the hub", seconds=120)

    def stop(self, keep_proxy: bool = False) -> None:
        """Stop the hub, and its proxy unless ``keep_proxy`` (the children's servers go on:
        the hub leaves them running)."""
        if self.process is not None:
            stop(self.process)
            self.process = None
        if keep_proxy:
            return
        # The proxy is the hub's child in a session of its own: ended with the hub, or here.
        subprocess.run(["pkill", "-f", f"configurable-http-proxy.*--port {self.port}"],
                       check=False)

    # -- the REST API -------------------------------------------------------------------------

    def api(self, method: str, path: str, token: str | None = None, **kwargs
            ) -> requests.Response:
        headers = {"Authorization": f"token {token or self.admin_token}"}
        return requests.request(method, f"{self.url}/hub/api{path}", headers=headers,
                                timeout=120, verify=self.verify, **kwargs)

    def server(self, account: str) -> dict | None:
        """The account's default server as the hub sees it (None: not running)."""
        answer = self.api("GET", f"/users/{account}")
        answer.raise_for_status()
        return answer.json().get("servers", {}).get("")

    def start_server(self, account: str) -> None:
        answer = self.api("POST", f"/users/{account}/server")
        assert answer.status_code in (201, 202, 400), (answer.status_code, answer.text)

    def wait_server(self, account: str, running: bool, seconds: float = 180) -> float:
        """Wait until the account's server is ready (or gone); the seconds it took."""
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            server = self.server(account)
            if (server is not None and server.get("ready")) == running and (
                    running or server is None):
                return time.monotonic() - started
            time.sleep(0.5)
        raise AssertionError(f"{account}'s server still {'not ' * running}running after "
                             f"{seconds} s:\n{self.log.read_text(errors='replace')[-3000:]}")

    def token_for(self, account: str) -> str:
        """A token of the account itself (its own scopes only), made by the teacher (admin)."""
        answer = self.api("POST", f"/users/{account}/tokens", json={"note": "test"})
        answer.raise_for_status()
        return answer.json()["token"]


# -- accounts over HTTP ---------------------------------------------------------------------

def form_session(hub: Hub) -> requests.Session:
    session = requests.Session()
    session.verify = hub.verify
    session.get(f"{hub.url}/hub/login", timeout=30)
    return session


def sign_up_http(hub: Hub, name: str, password: str) -> str:
    """Sign up as the sign-up page's form does; the page's alert, as a child reads it."""
    session = form_session(hub)
    answer = session.post(f"{hub.url}/hub/signup", timeout=60, data={
        "username": name, "signup_password": password,
        "signup_password_confirmation": password, "_xsrf": session.cookies.get("_xsrf")})
    found = re.search(r'role="alert">(.*?)</div>', answer.text, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip() if found else ""


def log_in_http(hub: Hub, name: str, password: str) -> requests.Session:
    """Log in as the login page's form does (the hub makes the account's record then); the
    session holds the hub's cookie."""
    session = form_session(hub)
    answer = session.post(f"{hub.url}/hub/login", allow_redirects=False, timeout=60, data={
        "username": name, "password": password, "_xsrf": session.cookies.get("_xsrf")})
    assert answer.status_code == 302, (name, answer.status_code, answer.text[-500:])
    return session


# -- a page's kernel, through its websocket -------------------------------------------------

def run_apart(coroutine):
    """Run ``coroutine`` to its end on an event loop of its own thread (Playwright's sync
    API keeps a loop running in the test's thread) and return what it returns."""
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _message(msg_type: str, content: dict, metadata: dict | None = None) -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": "test",
                       "username": "", "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": metadata or {}, "content": content,
            "channel": "shell", "buffers": []}


#: The versions a browser's widget manager (ipywidgets 8) sends with its messages.
CONTROL = {"version": "1.0.0"}
WIDGET = {"version": "2.1.0"}


@dataclass
class PageKernel:
    """A Voilà page of a child's server, opened as the browser opens it: the page asked
    for, its kernel's websocket joined, every widget's state asked for (ipywidgets' control
    comm), then driven by the messages a click or a tap sends. ``models`` follows every
    widget's state as the kernel sends it."""

    socket: object
    models: dict[str, dict] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    @classmethod
    async def open(cls, hub: Hub, account: str, token: str, route: str,
                   page: str = "app.ipynb") -> PageKernel:
        """The course's one page of ``account``'s server, on the view ``route``."""
        self = await cls._open(hub, account, token, page)
        await self.go(route)
        return self

    async def go(self, route: str) -> None:
        """Show the view ``route``, as the page does when its address changes: the route
        written into the app's hidden box, then the app's mark waited for."""
        box = self.find("dama-route")
        await self.send("comm_msg", {"comm_id": box, "data": {
            "method": "update", "state": {"value": f"#{route}"}, "buffer_paths": []}}, WIDGET)
        marked = f"data-asked='#{route}'"
        if not any(marked in str(state.get("value", "")) for state in self.models.values()):
            await self.until(lambda m: m["msg_type"] == "comm_msg"
                             and marked in str(m["content"]["data"].get("state", {}).get("value")))

    @classmethod
    async def _open(cls, hub: Hub, account: str, token: str, page: str) -> PageKernel:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        from tornado.httpclient import AsyncHTTPClient

        headers = {"Authorization": f"token {token}"}
        url = f"{hub.url}/user/{account}/voila/render/{page}"
        from tornado.httpclient import HTTPClientError

        try:
            answer = await AsyncHTTPClient(max_clients=64).fetch(url, headers=headers,
                                                               request_timeout=600,
                                                               follow_redirects=False)
        except HTTPClientError as refused:
            # Who answered, and what the hub's log said meanwhile: the diagnosis of a page
            # refused under load.
            body = refused.response.body.decode(errors="replace")[:1500] \
                if refused.response is not None and refused.response.body else ""
            raise AssertionError(f"{url}: {refused.code}\n{body}\n--- the hub's log ---\n"
                                 f"{hub.log.read_text(errors='replace')[-4000:]}") from refused
        found = re.search(r'"kernelId": "([0-9a-f-]+)"', answer.body.decode())
        assert found, f"{url}: no kernel in the page ({answer.code})"
        kernel = found.group(1)
        socket = await websocket_connect(HTTPRequest(
            f"ws://127.0.0.1:{hub.port}/user/{account}/api/kernels/{kernel}/channels",
            headers=headers))
        self = cls(socket)
        control = uuid.uuid4().hex
        await self.done(await self.send("comm_open", {
            "comm_id": control, "target_name": "jupyter.widget.control", "data": {}}, CONTROL))
        await self.send("comm_msg", {"comm_id": control,
                                     "data": {"method": "request_states"}}, CONTROL)
        reply = await self.until(lambda m: m["msg_type"] == "comm_msg"
                                 and m["content"]["comm_id"] == control)
        for model, value in reply["content"]["data"]["states"].items():
            self.models[model] = dict(value["state"])
        return self

    async def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        message = _message(msg_type, content, metadata)
        await self.socket.write_message(json.dumps(message))
        return message["header"]["msg_id"]

    def _follow(self, message: dict) -> None:
        content = message["content"]
        if message["msg_type"] == "comm_open":
            self.models[content["comm_id"]] = dict(content["data"].get("state", {}))
        elif message["msg_type"] == "comm_close":     # a view left: its widgets closed
            self.models.pop(content["comm_id"], None)
        elif message["msg_type"] == "comm_msg" and content["comm_id"] in self.models:
            self.models[content["comm_id"]].update(content["data"].get("state", {}))
        elif message["msg_type"] in ("error",) or (
                message["msg_type"] == "stream" and content.get("name") == "stderr"):
            self.errors.append(str(content)[:2000])

    async def until(self, test, seconds: float = 300) -> dict:
        while True:
            raw = await asyncio.wait_for(self.socket.read_message(), seconds)
            if raw is None:
                raise ConnectionError("the kernel's websocket closed")
            if isinstance(raw, bytes):
                continue
            message = json.loads(raw)
            self._follow(message)
            if test(message):
                return message

    async def done(self, msg_id: str) -> None:
        """Wait until the kernel has handled the message ``msg_id`` (idle after it)."""
        await self.until(lambda m: m["msg_type"] == "status"
                         and m["parent_header"].get("msg_id") == msg_id
                         and m["content"]["execution_state"] == "idle")

    def find(self, dom_class: str, last: bool = True) -> str:
        found = [model for model, state in self.models.items()
                 if dom_class in state.get("_dom_classes", ())]
        assert found, f"no widget of class {dom_class}"
        return found[-1] if last else found[0]

    def text(self, dom_class: str) -> str:
        value = self.models[self.find(dom_class, last=False)].get("value", "")
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", value)).strip()

    def puzzle(self) -> str:
        """The id of the exercise on show (its title carries it, unseen)."""
        titles = [s.get("value", "") for s in self.models.values()
                  if "data-puzzle=" in str(s.get("value", ""))]
        return re.search(r"data-puzzle='([^']+)'", titles[-1]).group(1)

    async def tap_option(self, index: int) -> None:
        """A tap on the option ``index`` of the question on show (the choices' buttons)."""
        choices = self.find("dama-choices")
        await self.done(await self.send("comm_msg", {"comm_id": choices, "data": {
            "method": "update", "state": {"index": index}, "buffer_paths": []}}, WIDGET))

    async def click(self, dom_class: str) -> None:
        button = self.find(dom_class)
        await self.done(await self.send("comm_msg", {"comm_id": button, "data": {
            "method": "custom", "content": {"event": "click"}}}, WIDGET))

    def close(self) -> None:
        self.socket.close()


# -- memory ---------------------------------------------------------------------------------

def memory_of_user(uid: int) -> int:
    """The proportional set size (bytes) of every process of ``uid``: what the computer
    gives those processes, shared libraries counted in shares."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if proc.stat().st_uid != uid:
                continue
            text = (proc / "smaps_rollup").read_text()
        except OSError:
            continue
        found = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
        total += int(found.group(1)) * 1024 if found else 0
    return total


def memory_of_session(session: int) -> int:
    """The proportional set size (bytes) of every process of a session: the hub's own
    (the hub, its proxy and its culler; the accounts' servers start sessions of their own)."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[3]) != session:
                continue
            found = re.search(r"^Pss:\s+(\d+) kB", (proc / "smaps_rollup").read_text(), re.M)
        except (OSError, IndexError, ValueError):
            continue
        total += int(found.group(1)) * 1024 if found else 0
    return total


def kill_user(account: str) -> int:
    """Every process of the account's system user killed at once (SIGKILL: a power cut for
    that child's server); how many there were."""
    uid = system_user(account).pw_uid
    killed = 0
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if proc.stat().st_uid == uid:
                    os.kill(int(proc.name), signal.SIGKILL)
                    killed += 1
            except OSError:
                continue
    return killed


def quoted(path: str) -> str:
    return urllib.parse.quote(path)
