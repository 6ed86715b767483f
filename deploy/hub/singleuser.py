"""A child's (or the teacher's) own server on the school's hub: run as that user by the hub's
spawner, it makes the user's working copy of the course (deploy/local/launch.py: the lessons
copied into ``~/dama/lessons``, next to the stars), brings the child's copies in the class's
exchange folder up to date (``$DAMA_EXCHANGE``, dama.core.store.exchange), and then starts
JupyterHub's single-user server on it, opening the child's view (Voilà, no code: the course
as one page, dama.app) on the page
the hub says (``$JUPYTERHUB_DEFAULT_URL``: the child's Italian index, the teacher's class
page).

    python deploy/hub/singleuser.py [options for jupyterhub-singleuser]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "local"))

import launch  # noqa: E402  (deploy/local/launch.py)
from dama.core.store import exchange  # noqa: E402
from dama.settings import settings  # noqa: E402


def main(argv: list[str]) -> int:
    home = Path(os.environ.setdefault("DAMA_HOME", str(Path.home() / "dama")))
    folder = launch.working_copy()
    env = launch.environment(home)
    os.environ.update({k: env[k] for k in ("JUPYTER_PATH", "PYTHONPATH")})
    found = settings()
    if found.exchange is not None:
        # A copy a killed server did not make is made now.
        exchange.copy_all(found.home, found.exchange)
    # The kernels talk to the server over sockets in a private folder of the child's, not
    # TCP ports: a class whose kernels all start at once never finds a port just taken by
    # another child's kernel (a page that would then never load), and no other account can
    # reach them. The folder's name is short: a socket's path has at most 107 characters.
    runtime = Path.home() / ".run"
    runtime.mkdir(mode=0o700, exist_ok=True)
    os.environ["JUPYTER_RUNTIME_DIR"] = str(runtime)
    landing = os.environ.get("JUPYTERHUB_DEFAULT_URL") or f"/voila/render/{launch.APP}"
    args = [sys.executable, str(HERE.parent / "local" / "child_server.py"),
            "jupyterhub.singleuser",
            f"--ServerApp.root_dir={folder}",
            f"--ServerApp.default_url={landing}",
            "--VoilaConfiguration.template=dama",
            f"--ServerApp.extra_template_paths=['{launch.TEMPLATE}']",
            "--ServerApp.tornado_settings={'mathjax_url': ''}",
            "--KernelManager.transport=ipc",
            "--MappingKernelManager.cull_idle_timeout=120",
            "--MappingKernelManager.cull_interval=30",
            "--MappingKernelManager.cull_connected=False",
            "--ServerApp.kernel_manager_class=course_kernels.KernelManager",
            "--ContentsManager.pre_save_hook=jupyter_hooks.strip_widget_outputs",
            *argv]
    os.execv(sys.executable, args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
