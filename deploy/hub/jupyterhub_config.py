"""JupyterHub for a school's computer (make hub): the course for every user, each child with
an account the teacher approves (NativeAuthenticator), landing on the child's view; the
teacher's account lands on the class page, which follows the class's exchange folder live.

Settings from the environment:

    DAMA_HUB_TEACHER       the teacher's account name (default «maestra»), made at the first
                           start, with the class's pages (/hub/classe) and no other's server
    DAMA_HUB_TEACHER_PASSWORD  her first password (else one is made and written, for root
                           alone, in $DAMA_HUB_STATE/password-<teacher>.txt); the hub keeps
                           only its hash
    DAMA_HUB_GROUP         the system group of the teachers of this hub (default dama-insegnanti)
    DAMA_HUB_IP            where the hub listens (default 127.0.0.1; the school's network: 0.0.0.0)
    DAMA_HUB_PORT          its port (default 8000)
    DAMA_HUB_INTERNAL_PORT, DAMA_HUB_PROXY_PORT
                           the hub's and its proxy's own ports on 127.0.0.1 (default 8081,
                           8001; another hub on the computer: others). Keep them from one
                           start to the next: the servers a restart leaves running know
                           the hub by them
    DAMA_HUB_STATE         the hub's own files: database, cookie secret, operator's token,
                           archive (default /var/lib/dama-hub, outside the checkout)
    DAMA_HUB_HOME          the course as every user runs it (deploy/hub/install.py; default /opt/dama-hub)
    DAMA_HUB_EXCHANGE      the class's exchange folder (default /srv/dama-hub/classe)
    DAMA_HUB_CULL_TIMEOUT  seconds without use after which a server is stopped (default 3600)
    DAMA_HUB_CHILD_MEMORY, DAMA_HUB_CHILD_TASKS, DAMA_HUB_CHILD_FILE
                           what one child's server may take (deploy/hub/child_limits.py)
    DAMA_HUB_DOMAIN        a name of the school's with a wildcard in its DNS (and certificate):
                           each account then has its own origin, <account>.<name>
    DAMA_HUB_SSL_CERT      the school's certificate (with its chain) and its key: the hub
    DAMA_HUB_SSL_KEY       then answers https only (on the school's network, always);
                           one without the other stops the hub with a message
    DAMA_HUB_HTTP_PORT     serving https, where plain http is sent on to https (default 80
                           when the hub is on 443)

Each account is a system user of the computer named ``dama-<account>`` (made at its first
start, its home open to itself alone), so that no account can ever be one of the computer's
own users. A child's attempts are kept in the child's home and copied after each one into
``<exchange>/<account>/``, which belongs to the child and to the group of the teachers
(``dama-insegnanti``) and to no one else.
"""

import grp
import os
import pwd
import secrets
import subprocess
import sys
import time
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from jupyterhub.utils import random_port

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from child_limits import ChildLimits  # noqa: E402
from class_admin import COMMENT, MANAGE, ClassSettings, CourseAuthenticator  # noqa: E402

STATE = Path(os.environ.get("DAMA_HUB_STATE", "/var/lib/dama-hub"))
STATE.mkdir(parents=True, exist_ok=True, mode=0o700)
TEACHER = os.environ.get("DAMA_HUB_TEACHER", "maestra")
HOME = Path(os.environ.get("DAMA_HUB_HOME", "/opt/dama-hub"))
EXCHANGE = Path(os.environ.get("DAMA_HUB_EXCHANGE", "/srv/dama-hub/classe"))
CULL_TIMEOUT = int(os.environ.get("DAMA_HUB_CULL_TIMEOUT", "3600"))
#: The system group whose members read the class's exchange folder.
TEACHERS = os.environ.get("DAMA_HUB_GROUP", "dama-insegnanti")
#: A system user's name is the account's with this in front.
PREFIX = "dama-"
#: What one child's server may take of the computer (deploy/hub/child_limits.py).
CHILD_LIMITS = ChildLimits.from_environment()
CLASS = ClassSettings(teacher=TEACHER, state=STATE, exchange=EXCHANGE, prefix=PREFIX,
                      teacher_password=os.environ.get("DAMA_HUB_TEACHER_PASSWORD", ""))
#: Where each kind of account lands: the course's one page, on the child's index or on the
#: teacher's class page (the view it opens on, $DAMA_START_VIEW: a landing address with a
#: "#" would lose the hub's own query to the fragment).
CHILD_LANDING = TEACHER_LANDING = "/voila/render/app.ipynb"
TEACHER_VIEW = "it/classe"

#: A child's server serves the child's view and nothing else: no JupyterLab, no terminal,
#: no language server (less to open, less memory: the teacher's keeps them all), and its
#: API lets the child's browser show the course and play on its boards, nothing more: no
#: kernel started, no file read or written, no code sent (deploy/local/course_only.py).
CHILD_SERVER = ["--ServerApp.terminals_enabled=False",
                "--ServerApp.jpserver_extensions={'jupyterlab': False, 'jupyter_lsp': False, "
                "'jupyter_server_terminals': False, 'notebook_shim': False}",
                "--ServerApp.authorizer_class=course_only.CourseOnly",
                "--MappingKernelManager.allowed_message_types=['kernel_info_request', "
                "'comm_info_request', 'comm_open', 'comm_msg', 'comm_close']"]

c = get_config()  # noqa: F821  (JupyterHub's config loader provides it)


def system_name(account: str) -> str:
    """The computer's user that an account's server runs as."""
    return PREFIX + account


def _group() -> int:
    try:
        return grp.getgrnam(TEACHERS).gr_gid
    except KeyError:
        subprocess.run(["groupadd", "--system", TEACHERS], check=True)
        return grp.getgrnam(TEACHERS).gr_gid


def _user(account: str) -> pwd.struct_passwd:
    """The account's system user, made the first time (home of its own, no login shell)."""
    name = system_name(account)
    try:
        pwd.getpwnam(name)
    except KeyError:
        subprocess.run(["useradd", "--create-home", "--shell", "/usr/sbin/nologin",
                        "--comment", f"{COMMENT} {account}", name], check=True)
    user = pwd.getpwnam(name)
    Path(user.pw_dir).chmod(0o700)
    return user


def _exchange_root() -> None:
    """The exchange folder: the teachers list it, the children only pass through it to
    their own folder (they cannot see who else is there)."""
    EXCHANGE.mkdir(parents=True, exist_ok=True)
    os.chown(EXCHANGE, 0, _group())
    EXCHANGE.chmod(0o751)


#: How long a port given to a server stays its own before it may be given again: longer than
#: the server has to start (c.Spawner.start_timeout), after which it listens on it or is gone.
PORT_HELD_SECONDS = 600
#: The ports given to the servers this hub started, with when (time.monotonic()).
PORTS_GIVEN: dict[int, float] = {}


def unclaimed_port(pick=random_port, given: dict[int, float] = PORTS_GIVEN,
                   now: float | None = None) -> int:
    """A free port for a server about to start, not one given to another server that may
    not listen yet. The system hands out a free port, and may hand the same one to the next
    child's server before the first listens on it (a class whose servers start at once): the
    second server could not listen, and the hub, finding the first server's answer there,
    would send the second child to a server that is not the child's own."""
    now = time.monotonic() if now is None else now
    for port, when in list(given.items()):
        if now - when > PORT_HELD_SECONDS:
            del given[port]
    port = pick()
    while port in given:
        port = pick()
    given[port] = now
    return port


class CourseSpawner(LocalProcessSpawner):
    """Each account's server runs as its own system user, on the course installed for every
    user (deploy/hub/install.py): a child's stars are the child's files, copied for the teacher."""

    @property
    def teacher(self) -> bool:
        return self.user.name == TEACHER

    def make_preexec_fn(self, name):
        become = set_user_setuid(system_name(name))
        if self.teacher:
            return become

        def limited_then_become():
            CHILD_LIMITS.apply()          # as root, then inherited by the child's user
            become()

        return limited_then_become

    def user_env(self, env):
        user = pwd.getpwnam(system_name(self.user.name))
        env.update(USER=user.pw_name, HOME=user.pw_dir, SHELL=user.pw_shell,
                   DAMA_HOME=str(Path(user.pw_dir) / "dama"))
        if self.teacher:
            env["DAMA_CLASS_FOLDER"] = str(EXCHANGE)
            env["DAMA_CLASS_ACCOUNTS"] = "1"      # a row per account's folder, named by it
            env["DAMA_START_VIEW"] = TEACHER_VIEW
        else:
            env["DAMA_EXCHANGE"] = str(EXCHANGE / self.user.name)
        return env

    def _child_folder(self, user: pwd.struct_passwd) -> None:
        """The child's folder in the exchange: the child writes, the teachers read. Set
        again at every start (whatever was changed since)."""
        folder = EXCHANGE / self.user.name
        folder.mkdir(exist_ok=True)
        os.chown(folder, user.pw_uid, _group())
        folder.chmod(0o2750)   # the copies made there belong to the teachers' group

    async def start(self):
        user = _user(self.user.name)
        _exchange_root()
        if self.teacher:
            subprocess.run(["usermod", "--append", "--groups", TEACHERS, user.pw_name],
                           check=True)
        else:
            self._child_folder(user)
        self.default_url = TEACHER_LANDING if self.teacher else CHILD_LANDING
        self.args = [] if self.teacher else list(CHILD_SERVER)
        self.port = unclaimed_port()
        return await super().start()


c.JupyterHub.ip = os.environ.get("DAMA_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("DAMA_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
# The hub's and the proxy's own ports, on 127.0.0.1 only (another hub on the computer: others).
c.JupyterHub.hub_port = int(os.environ.get("DAMA_HUB_INTERNAL_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = \
    f"http://127.0.0.1:{int(os.environ.get('DAMA_HUB_PROXY_PORT', '8001'))}"
CERT, KEY = os.environ.get("DAMA_HUB_SSL_CERT", ""), os.environ.get("DAMA_HUB_SSL_KEY", "")
if bool(CERT) != bool(KEY):
    # One without the other would serve plain http, passwords and all, without a word.
    raise SystemExit("DAMA_HUB_SSL_CERT e DAMA_HUB_SSL_KEY vanno dati insieme (il certificato "
                     "e la sua chiave): manca " + ("DAMA_HUB_SSL_KEY" if CERT else
                                                  "DAMA_HUB_SSL_CERT") + ".")
if CERT:
    c.JupyterHub.ssl_cert = CERT
    c.JupyterHub.ssl_key = KEY
if os.environ.get("DAMA_HUB_DOMAIN"):
    # Each account's server on an origin of its own (JupyterHub's subdomain_host).
    scheme = "https" if os.environ.get("DAMA_HUB_SSL_CERT") else "http"
    c.JupyterHub.subdomain_host = (f"{scheme}://{os.environ['DAMA_HUB_DOMAIN']}"
                                   f":{c.JupyterHub.port}")
# Stopping or updating the hub leaves the children's servers and the proxy running: an
# open page goes on answering while the hub restarts, and the hub finds both again.
c.JupyterHub.cleanup_servers = False
c.JupyterHub.cleanup_proxy = False
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.ConfigurableHTTPProxy.command = [str(HERE / "node_modules" / ".bin" /
                                       "configurable-http-proxy")]

c.JupyterHub.authenticator_class = CourseAuthenticator
c.JupyterHub.tornado_settings = {"dama_class": CLASS}
c.NativeAuthenticator.open_signup = False          # the teacher approves each account
c.NativeAuthenticator.minimum_password_length = 6
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5
c.NativeAuthenticator.seconds_before_next_try = 60
# A name a system user can have: small letters without accents, digits, - and _.
c.Authenticator.username_pattern = r"^[a-z][a-z0-9_-]{0,23}$"
c.Authenticator.allow_all = True                   # every account the teacher approved
# No administrator: the teacher has her class's pages (deploy/hub/class_admin.py) and her
# own server, and no access to any child's server, so that no page a child's server serves
# ever runs with her session. The hub's operator (root) has a token of its own, in a file
# root alone reads, for the hub's command-line tools and its tests.
c.JupyterHub.custom_scopes = {MANAGE: {"description": "The class's accounts, on /hub/classe."}}
OPERATOR_TOKEN = STATE / "operator-token"
if not OPERATOR_TOKEN.exists():
    OPERATOR_TOKEN.touch(mode=0o600)
    OPERATOR_TOKEN.write_text(secrets.token_hex(32), encoding="utf-8")
c.JupyterHub.template_paths = [str(HERE / "templates")]

c.JupyterHub.spawner_class = CourseSpawner
c.Spawner.cmd = [str(HOME / "venv" / "bin" / "python"), str(HOME / "deploy" / "hub" / "singleuser.py")]
c.Spawner.default_url = CHILD_LANDING
# A whole class logging in at once on a small computer: each server waits its turn for the
# processor (25 at once took about a minute on 2 cores, some past 60 s), showing the page
# that says the course is opening, rather than failing.
c.Spawner.http_timeout = 300
c.Spawner.start_timeout = 300
# A server that died (a power cut of its own) is noticed within seconds.
c.Spawner.poll_interval = 10
# A child who comes back to a stopped server (culled, or the computer restarted) gets it
# started again at once, not a page asking whether to.
c.JupyterHub.implicit_spawn_seconds = 1

# Idle servers are stopped (jupyterhub-idle-culler): the memory of the children gone home
# comes back; the stars are in their files, and the next login starts the server again.
# Use is reported often enough for the culler to see it well before the timeout.
ACTIVITY = max(5, min(300, CULL_TIMEOUT // 4))
c.JupyterHub.last_activity_interval = ACTIVITY
c.Spawner.environment = {"JUPYTERHUB_ACTIVITY_INTERVAL": str(ACTIVITY)}
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_TIMEOUT}",
                f"--cull-every={ACTIVITY}"],
}, {
    "name": "dama-operatore",
    "api_token": OPERATOR_TOKEN.read_text(encoding="utf-8").strip(),
}]
# Serving https: plain http on DAMA_HUB_HTTP_PORT (80 when the hub is on 443) is sent on
# to the same page over https (deploy/hub/redirect.py).
HTTP_PORT = os.environ.get("DAMA_HUB_HTTP_PORT") or ("80" if CERT and c.JupyterHub.port == 443
                                                     else "")
if CERT and HTTP_PORT:
    c.JupyterHub.services.append({
        "name": "http-https",
        "command": [sys.executable, str(HERE / "redirect.py"), HTTP_PORT,
                    str(c.JupyterHub.port), c.JupyterHub.ip],
    })
c.JupyterHub.load_roles = [{
    # Every account (the children and the teacher): its own server started, stopped and
    # opened, and nothing else; no API token of its own (JupyterHub's "self" gives one).
    "name": "user",
    "scopes": ["read:users!user", "users:activity!user", "servers!user",
               "access:servers!user"],
}, {
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}, {
    "name": "dama-maestra",
    "scopes": [MANAGE],
    "users": [TEACHER],
}, {
    "name": "dama-operatore",
    "scopes": ["admin:users", "admin:servers", "tokens", "read:users", "list:users"],
    "services": ["dama-operatore"],
}]
