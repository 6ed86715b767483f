"""A child's (or the teacher's) own server on the school's hub: run as that user by the hub's
spawner, it makes the user's working copy of the course (course/launch.py: the lessons
copied into ``~/dama/corso``, next to the stars) and then starts JupyterHub's single-user
server on it, opening the child's view (Voilà, no code) on the Italian index.

    python hub/singleuser.py [options for jupyterhub-singleuser]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COURSE = HERE.parent / "course"
sys.path.insert(0, str(COURSE))
sys.path.insert(0, str(HERE.parent))

import launch  # noqa: E402  (course/launch.py)


def main(argv: list[str]) -> int:
    home = Path(os.environ.setdefault("DAMA_HOME", str(Path.home() / "dama")))
    folder = launch.working_copy(home / "corso")
    env = launch.environment(home)
    os.environ.update({k: env[k] for k in ("JUPYTER_PATH", "PYTHONPATH")})
    lang = os.environ.get("DAMA_LANG", "it")
    args = [sys.executable, "-m", "jupyterhub.singleuser",
            f"--ServerApp.root_dir={folder}",
            f"--ServerApp.default_url=/voila/render/{launch.INDEX[lang]}",
            "--VoilaConfiguration.template=dama",
            "--ServerApp.tornado_settings={'mathjax_url': ''}",
            "--MappingKernelManager.cull_idle_timeout=120",
            "--MappingKernelManager.cull_interval=30",
            "--MappingKernelManager.cull_connected=False",
            "--ContentsManager.pre_save_hook=jupyter_hooks.strip_widget_outputs",
            *argv]
    os.execv(sys.executable, args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
