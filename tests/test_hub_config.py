"""deploy/hub/jupyterhub_config.py read as the hub reads it, with a school's settings: a
certificate without its key refused in words, http sent on to https, no administrator,
the children's servers kept when the hub stops, the hub's files outside the checkout."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub")
from traitlets.config import Config  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
HUB = ROOT / "deploy" / "hub"
sys.path.insert(0, str(HUB))


def read_config(tmp_path: Path, **settings: str) -> dict:
    saved = dict(os.environ)
    os.environ.update(DAMA_HUB_STATE=str(tmp_path / "state"), **settings)
    config = Config()
    namespace = {"get_config": lambda: config, "__file__": str(HUB / "jupyterhub_config.py")}
    try:
        exec(compile((HUB / "jupyterhub_config.py").read_text(encoding="utf-8"),
                     str(HUB / "jupyterhub_config.py"), "exec"), namespace)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return namespace


@pytest.mark.parametrize("given, missing", [("DAMA_HUB_SSL_CERT", "DAMA_HUB_SSL_KEY"),
                                            ("DAMA_HUB_SSL_KEY", "DAMA_HUB_SSL_CERT")])
def test_a_certificate_without_its_key_stops_the_hub_with_a_message(tmp_path, given, missing):
    with pytest.raises(SystemExit, match=f"vanno dati insieme.*manca {missing}"):
        read_config(tmp_path, **{given: "/etc/ssl/x"})


def test_serving_https_on_443_sends_plain_http_on(tmp_path):
    found = read_config(tmp_path, DAMA_HUB_SSL_CERT="/c", DAMA_HUB_SSL_KEY="/k",
                        DAMA_HUB_PORT="443")
    (redirect,) = [s for s in found["c"].JupyterHub.services if s["name"] == "http-https"]
    assert redirect["command"][-3:] == ["80", "443", "127.0.0.1"]
    plain = read_config(tmp_path)
    assert not [s for s in plain["c"].JupyterHub.services if s["name"] == "http-https"]


def test_no_administrator_and_the_servers_outlive_a_restart(tmp_path):
    c = read_config(tmp_path)["c"]
    assert "admin_users" not in c.Authenticator
    assert c.JupyterHub.cleanup_servers is False and c.JupyterHub.cleanup_proxy is False
    roles = {role["name"]: role for role in c.JupyterHub.load_roles}
    assert roles["dama-maestra"]["scopes"] == ["custom:dama-classe:manage"]
    assert not any("access:servers" in scope for role in roles.values()
                   for scope in role["scopes"] if "users" in role)


def test_the_hubs_files_are_outside_the_checkout_by_default(tmp_path):
    text = (HUB / "jupyterhub_config.py").read_text(encoding="utf-8")
    assert 'os.environ.get("DAMA_HUB_STATE", "/var/lib/dama-hub")' in text
    assert (read_config(tmp_path)["STATE"]) == tmp_path / "state"


def test_a_port_given_to_a_starting_server_is_not_given_again(tmp_path):
    """The system may hand the same free port twice before the first server listens on it;
    the second child's server then gets another, and a port is free again once its server
    had all the time it has to start."""
    found = read_config(tmp_path)
    handed = iter([40001, 40001, 40001, 40002, 40001])
    given: dict[int, float] = {}
    pick = found["unclaimed_port"]
    assert pick(lambda: next(handed), given, now=0.0) == 40001
    assert pick(lambda: next(handed), given, now=1.0) == 40002
    later = found["PORT_HELD_SECONDS"] + 1.0
    assert found["PORT_HELD_SECONDS"] > found["c"].Spawner.start_timeout
    assert pick(lambda: next(handed), given, now=later) == 40001
    assert sorted(given) == [40001, 40002]
