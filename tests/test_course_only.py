"""What a child's server lets the child's browser do (deploy/local/course_only.py): the
course's pages and their boards, and no kernel started, file read or written, or code sent.
The same limits in both of a school's server's configurations (one computer, Kubernetes).
This computer's child view is the child's own computer, and its server also serves the
adults' JupyterLab: it keeps the whole API."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCAL = ROOT / "deploy" / "local"
sys.path.insert(0, str(LOCAL))

import course_only  # noqa: E402


def decide(action: str, resource: str, method: str = "GET") -> bool:
    handler = SimpleNamespace(request=SimpleNamespace(method=method, path="/x"))
    return course_only.CourseOnly().is_authorized(handler, None, action, resource)


@pytest.mark.parametrize("action, resource", [
    ("read", "kernels"),          # the page asks its kernel's state
    ("execute", "kernels"),       # and joins its websocket (messages filtered apart)
    ("read", "kernelspecs"),
    ("read", "api"),
])
def test_the_page_may_show_the_course_and_reach_its_kernel(action, resource):
    assert decide(action, resource)


@pytest.mark.parametrize("action, resource", [
    ("write", "kernels"),         # POST /api/kernels: a kernel of the child's choosing
    ("write", "sessions"),        # POST /api/sessions: the same, another way
    ("write", "contents"),        # PUT /api/contents: a file (a page with a script) saved
    ("read", "contents"),         # the course's folder listed, read
    ("read", "files"),            # /files/: a file served as it is
    ("read", "terminals"), ("execute", "terminals"), ("write", "terminals"),
    ("read", "nbconvert"), ("write", "config"), ("read", "sessions"),
])
def test_nothing_else(action, resource):
    assert not decide(action, resource, "POST")


def test_only_the_widgets_messages_reach_the_kernel():
    assert "execute_request" not in course_only.PAGE_MESSAGES
    assert {"comm_msg", "comm_open", "kernel_info_request"} <= set(course_only.PAGE_MESSAGES)
    option = next(o for o in course_only.server_options() if "allowed_message_types" in o)
    assert ast.literal_eval(option.split("=", 1)[1]) == list(course_only.PAGE_MESSAGES)


def _child_server(text: str) -> list[str]:
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "CHILD_SERVER":
            return ast.literal_eval(node.value)
    raise AssertionError("no CHILD_SERVER")


def test_every_childs_server_on_a_school_server_has_these_limits():
    guard = course_only.server_options()
    hub = _child_server((ROOT / "deploy" / "hub" / "jupyterhub_config.py").read_text())
    assert all(option in hub for option in guard)
    import yaml

    values = yaml.safe_load((ROOT / "deploy" / "hub" / "kubernetes" / "values.yaml").read_text())
    assert _child_server(values["hub"]["extraConfig"]["dama"]) == hub
    installed = ast.literal_eval(next(
        node.value for node in ast.walk(ast.parse(
            (ROOT / "deploy" / "hub" / "install.py").read_text()))
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COURSE_PARTS"))
    # Every file the child's server runs is installed on the school's server (the server,
    # its guard, its kernel manager, its hook and template: the whole folder).
    assert "deploy/local" in installed and "deploy/hub/singleuser.py" in installed
