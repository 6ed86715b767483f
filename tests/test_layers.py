"""The house's one dependency rule, read from the code's own imports (those made inside
functions too): the rules library is a library, the course's core never reaches up into a
feature, features never import each other, and nothing in the course imports the authoring
tools or the ways to run it.

    damalib               the standard library only (no widget, no page)
    dama.settings, text   damalib
    dama.core.content     damalib, dama.settings, dama.text
    dama.core.store       dama.core.content, damalib, dama.settings, dama.text
    dama.core.board       dama.core.content, dama.core.store, damalib, dama.settings, dama.text
    dama.<feature>        dama.core, damalib, dama.settings, dama.text: never another feature
    dama.helpers/app/cli  anything under dama
    authoring             dama, damalib, lessons: nothing imports it
    deploy                anything: nothing imports it

A module's imports of other modules inside the same package are free (``dama.core.board``
inside itself, ``dama.palestra`` inside itself).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = ("damalib", "dama", "authoring", "lessons", "deploy", "corso", "puzzles")
FEATURES = ("lessons", "palestra", "squares", "games", "analysis", "classroom")


def layer(module: str) -> str:
    """The layer a dotted module belongs to: "damalib", "dama.core.board", "dama.palestra",
    "dama.app", "authoring", ..."""
    parts = module.split(".")
    if parts[0] != "dama":
        return parts[0]
    if len(parts) == 1:
        return "dama"
    if parts[1] == "core" and len(parts) > 2:
        return ".".join(parts[:3]) if parts[2] in ("board", "content", "store") else "dama.core"
    return ".".join(parts[:2])


#: What each layer may import, besides itself and the standard library and the libraries the
#: project depends on (ipywidgets, ipycanvas, ...).
CORE = {"damalib", "dama", "dama.settings", "dama.text", "dama.core"}
ALLOWED = {
    "damalib": set(),
    "dama": set(),
    "dama.settings": {"damalib"},
    "dama.text": {"damalib", "dama.settings"},
    "dama.core": {"damalib", "dama.settings", "dama.text"},
    "dama.core.content": CORE,
    "dama.core.store": CORE | {"dama.core.content"},
    "dama.core.board": CORE | {"dama.core.content", "dama.core.store"},
    **{f"dama.{feature}": CORE | {"dama.core.content", "dama.core.store", "dama.core.board"}
       for feature in FEATURES},
    "dama.helpers": {"*dama", "damalib"},
    "dama.app": {"*dama", "damalib"},
    "dama.cli": {"*dama", "damalib"},
    "authoring": {"*dama", "damalib", "lessons"},
    "lessons": {"damalib"},
    "corso": {"*dama"},
    "puzzles": {"*dama"},
    "deploy": {"*"},
}


def modules() -> dict[str, Path]:
    found = {}
    for top in OURS:
        for path in (ROOT / top).rglob("*.py"):
            if "__pycache__" in path.parts or "numpy_standin" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(module: str, path: Path) -> list[tuple[str, int]]:
    """(module imported, line) for every import of one of the project's modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] in OURS:
                out.append((name, node.lineno))
    return out


def allowed(source: str, target: str) -> bool:
    here, there = layer(source), layer(target)
    if here == there or there == "dama" and target == "dama":
        return True
    rule = ALLOWED.get(here)
    if rule is None:
        return False
    return ("*" in rule or there in rule or ("*dama" in rule and there.split(".")[0] == "dama"))


def test_every_module_has_a_layer():
    for module in modules():
        assert layer(module) in ALLOWED, module


def test_the_imports_go_one_way():
    known = modules()
    wrong = []
    for module, path in known.items():
        if module.split(".")[0] not in OURS:
            continue
        for target, line in imports(module, path):
            # "from dama.core import content": the module imported, if it is one
            target = target if target in known or target.split(".")[0] != "dama" else \
                next((target.rsplit(".", n)[0] for n in range(1, target.count(".") + 1)
                      if target.rsplit(".", n)[0] in known), target)
            if not allowed(module, target):
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {module} → {target}")
    assert wrong == [], "\n".join(wrong)


def test_the_rules_library_imports_the_standard_library_alone():
    outside = []
    for module, path in modules().items():
        if not module.startswith("damalib"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "damalib":
                    outside.append(f"{path.relative_to(ROOT)}: {name}")
    assert outside == []


def test_no_module_imports_another_modules_private_names():
    private = []
    for module, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__") \
                            and node.module.split(".")[0] in OURS:
                        private.append(f"{path.relative_to(ROOT)}: {node.module}.{alias.name}")
    assert private == []


@pytest.mark.parametrize("source, target, expected", [
    ("dama.palestra.page", "dama.core.board.canvas", True),
    ("dama.palestra.page", "dama.classroom.report", False),
    ("dama.core.content.check", "dama.games.review", False),
    ("damalib.board", "dama.core.board", False),
    ("dama.app", "dama.classroom.page", True),
    ("dama.core.store.progress", "authoring.claims", False),
])
def test_the_rule_itself(source, target, expected):
    assert allowed(source, target) is expected


#: The most lines a function of the course may take (one screen, about 80 lines).
MOST_LINES = 85


def test_no_function_of_the_course_is_too_long_to_read():
    long = []
    for path in sorted((ROOT / "dama").rglob("*.py")):
        shown = path.relative_to(ROOT).as_posix()
        if "__pycache__" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MOST_LINES:
                    long.append(f"{shown}:{node.lineno}: {node.name} ({lines} lines)")
    assert long == [], "\n".join(long)
