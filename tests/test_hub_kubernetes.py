"""The school's server moved to Kubernetes (deploy/hub/kubernetes): Zero to JupyterHub's values file
says what deploy/hub/jupyterhub_config.py says on one computer, its hook gives the teacher and each
child the pages and the class folder the computer's spawner gives them, and the servers'
image starts the course where deploy/hub/install.py puts it. No cluster here: the file is read, its
Python run on stand-ins."""

from __future__ import annotations

import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

yaml = pytest.importorskip("yaml")
pytest.importorskip("jupyterhub")
from traitlets.config import Config  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
HUB = ROOT / "deploy" / "hub"
VALUES = yaml.safe_load((HUB / "kubernetes" / "values.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def computer(tmp_path_factory) -> dict:
    """deploy/hub/jupyterhub_config.py as the hub runs it: its namespace, ``c`` among it."""
    place = tmp_path_factory.mktemp("hub")
    saved = dict(os.environ)
    os.environ.update(DAMA_HUB_STATE=str(place / "state"), DAMA_HUB_TEACHER="maestra")
    os.environ.pop("DAMA_HUB_CULL_TIMEOUT", None)
    config = Config()
    namespace = {"get_config": lambda: config, "__file__": str(HUB / "jupyterhub_config.py")}
    try:
        exec(compile((HUB / "jupyterhub_config.py").read_text(encoding="utf-8"),
                     str(HUB / "jupyterhub_config.py"), "exec"), namespace)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return namespace


def test_the_accounts_are_made_and_approved_alike(computer):
    c = computer["c"]
    cluster = VALUES["hub"]["config"]
    hook = Config()
    exec(VALUES["hub"]["extraConfig"]["dama"], {"c": hook})
    assert hook.JupyterHub.authenticator_class is c.JupyterHub.authenticator_class
    assert hook.JupyterHub.custom_scopes == c.JupyterHub.custom_scopes
    assert hook.JupyterHub.tornado_settings["dama_class"].teacher == computer["TEACHER"]
    assert cluster["NativeAuthenticator"] == dict(c.NativeAuthenticator)
    assert cluster["Authenticator"]["username_pattern"] == c.Authenticator.username_pattern
    # No administrator: the teacher's role is her class's pages alone, on both.
    assert "admin_users" not in cluster["Authenticator"] and "admin_users" not in c.Authenticator
    (teacher,) = [r for r in c.JupyterHub.load_roles if r["name"] == "dama-maestra"]
    cluster_role = VALUES["hub"]["loadRoles"]["dama-maestra"]
    assert cluster_role["scopes"] == teacher["scopes"] and cluster_role["users"] == teacher["users"]
    (user,) = [r for r in c.JupyterHub.load_roles if r["name"] == "user"]
    assert VALUES["hub"]["loadRoles"]["user"]["scopes"] == user["scopes"]
    assert cluster["Authenticator"]["allow_all"] is c.Authenticator.allow_all is True
    assert (cluster["JupyterHub"]["implicit_spawn_seconds"]
            == c.JupyterHub.implicit_spawn_seconds)
    for key in ("http_timeout", "start_timeout"):
        assert cluster["KubeSpawner"][key] == c.Spawner[key]
    assert VALUES["hub"]["extraEnv"]["DAMA_HUB_TEACHER"] == computer["TEACHER"]


def test_idle_servers_are_culled_alike(computer):
    culler = computer["c"].JupyterHub.services[0]["command"]
    assert f"--timeout={VALUES['cull']['timeout']}" in culler
    assert VALUES["cull"]["enabled"] is True and VALUES["cull"]["users"] is False


def run_hook(name: str) -> SimpleNamespace:
    config = Config()
    namespace = {"c": config}
    os.environ.setdefault("DAMA_HUB_TEACHER", "maestra")
    exec(VALUES["hub"]["extraConfig"]["dama"], namespace)
    spawner = SimpleNamespace(user=SimpleNamespace(name=name), environment={}, args=[],
                              default_url="", volume_mounts=[{"name": "home"}])
    config.KubeSpawner.pre_spawn_hook(spawner)
    return spawner


def test_the_teacher_reads_the_class_and_each_child_writes_its_own_folder(computer):
    teacher = run_hook("maestra")
    assert teacher.default_url == computer["TEACHER_LANDING"]
    (mount,) = [m for m in teacher.volume_mounts if m["name"] == "dama-classe"]
    assert mount == {"name": "dama-classe", "mountPath": "/srv/classe", "readOnly": True}
    assert teacher.environment == {"DAMA_CLASS_FOLDER": "/srv/classe", "DAMA_CLASS_ACCOUNTS": "1",
                                   "DAMA_START_VIEW": computer["TEACHER_VIEW"]}
    sofia = run_hook("sofia")
    assert sofia.default_url == computer["CHILD_LANDING"] == VALUES["singleuser"]["defaultUrl"]
    (mount,) = [m for m in sofia.volume_mounts if m["name"] == "dama-classe"]
    assert mount["subPath"] == "sofia" and not mount.get("readOnly")
    assert sofia.environment == {"DAMA_EXCHANGE": mount["mountPath"]}
    # A child's server serves the child's view alone, as on one computer.
    assert sofia.args == computer["CHILD_SERVER"]
    assert {"name": "home"} in sofia.volume_mounts
    volumes = VALUES["singleuser"]["storage"]["extraVolumes"]
    assert {"name": "dama-classe",
            "persistentVolumeClaim": {"claimName": "dama-classe"}} in volumes


def test_the_servers_image_starts_the_course_where_the_installer_puts_it():
    docker = (HUB / "kubernetes" / "Dockerfile").read_text(encoding="utf-8")
    home = re.search(r"DAMA_HUB_HOME=(\S+)", docker).group(1)
    command = VALUES["singleuser"]["cmd"]
    assert command == [f"{home}/venv/bin/python", f"{home}/deploy/hub/singleuser.py"]
    assert f'CMD ["{command[0]}", "{command[1]}"]' in docker
    installer = (HUB / "install.py").read_text(encoding="utf-8")
    assert 'home / "venv"' in installer and '"deploy/hub/singleuser.py"' in installer
    templates = VALUES["hub"]["extraVolumeMounts"][0]["mountPath"]
    assert VALUES["hub"]["config"]["JupyterHub"]["template_paths"] == [templates]


def test_a_child_taken_out_leaves_nothing_for_the_next_child_of_that_name():
    """On one computer the class pages remove the child's system user, home and class
    folder (class_admin.end_system_user); on the cluster the child's volume goes with the
    account (KubeSpawner's delete_pvc) and the hub reads the class volume where the class
    pages look for the child's copy, to archive or delete it."""
    hook = Config()
    exec(VALUES["hub"]["extraConfig"]["dama"], {"c": hook})
    exchange = hook.JupyterHub.tornado_settings["dama_class"].exchange
    assert VALUES["hub"]["config"]["KubeSpawner"]["delete_pvc"] is True
    (mount,) = [m for m in VALUES["hub"]["extraVolumeMounts"] if m["name"] == "dama-classe"]
    assert mount["mountPath"] == str(exchange) and not mount.get("readOnly")
    assert {"name": "dama-classe", "persistentVolumeClaim": {"claimName": "dama-classe"}} \
        in VALUES["hub"]["extraVolumes"]
    state = hook.JupyterHub.tornado_settings["dama_class"].state
    assert state == Path("/srv/jupyterhub")     # the chart's hub volume: the archive stays
