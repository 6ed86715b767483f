"""JupyterHub for a school's computer (make hub): the course for every user, each child with
an account the teacher approves (NativeAuthenticator), landing on the child's view.

Settings from the environment (none is a password: the teacher chooses one at the first
sign-up, and the hub keeps only its hash):

    DAMA_HUB_TEACHER   the teacher's account name, the hub's admin (default «maestra»)
    DAMA_HUB_IP        where the hub listens (default 127.0.0.1; the school's network: 0.0.0.0)
    DAMA_HUB_PORT      its port (default 8000)
    DAMA_HUB_STATE     the hub's own files: database, cookie secret (default hub/state)
    DAMA_HUB_HOME      the course as every user runs it (hub/install.py; default /opt/dama-hub)
"""

import os
import pwd
import subprocess
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner

HERE = Path(__file__).resolve().parent
STATE = Path(os.environ.get("DAMA_HUB_STATE", HERE / "state"))
STATE.mkdir(parents=True, exist_ok=True, mode=0o700)
TEACHER = os.environ.get("DAMA_HUB_TEACHER", "maestra")
HOME = Path(os.environ.get("DAMA_HUB_HOME", "/opt/dama-hub"))

c = get_config()  # noqa: F821  (JupyterHub's config loader provides it)


class CourseSpawner(LocalProcessSpawner):
    """Each account is a system user of the school's computer (made at its first start,
    its home readable by itself alone), so that a child's stars are the child's files."""

    def user_env(self, env):
        env = super().user_env(env)
        env["DAMA_HOME"] = str(Path(env.get("HOME", "~")) / "dama")
        return env

    async def start(self):
        name = self.user.name
        try:
            pwd.getpwnam(name)
        except KeyError:
            subprocess.run(["useradd", "--create-home", "--shell", "/usr/sbin/nologin", name],
                           check=True)
        home = Path(pwd.getpwnam(name).pw_dir)
        home.chmod(0o700)
        return await super().start()


c.JupyterHub.ip = os.environ.get("DAMA_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("DAMA_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
# The hub's and the proxy's own ports, on 127.0.0.1 only (another hub on the computer: others).
c.JupyterHub.hub_port = int(os.environ.get("DAMA_HUB_INTERNAL_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = \
    f"http://127.0.0.1:{int(os.environ.get('DAMA_HUB_PROXY_PORT', '8001'))}"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.ConfigurableHTTPProxy.command = [str(HERE / "node_modules" / ".bin" /
                                       "configurable-http-proxy")]

c.JupyterHub.authenticator_class = "native"
c.NativeAuthenticator.open_signup = False          # the teacher approves each account
c.NativeAuthenticator.minimum_password_length = 6
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5
c.NativeAuthenticator.seconds_before_next_try = 60
c.Authenticator.admin_users = {TEACHER}
c.Authenticator.allow_all = True                   # every account the teacher approved
c.JupyterHub.template_paths = [str(HERE / "templates")] if (HERE / "templates").is_dir() \
    else []

c.JupyterHub.spawner_class = CourseSpawner
c.Spawner.cmd = [str(HOME / "venv" / "bin" / "python"), str(HOME / "hub" / "singleuser.py")]
c.Spawner.default_url = "/voila/render/it/indice.ipynb"
c.Spawner.http_timeout = 60
c.Spawner.start_timeout = 120
