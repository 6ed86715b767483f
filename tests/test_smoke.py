from damalib import Board


def test_start_position_has_the_seven_first_moves_of_it_b4():
    # IT-B4: White's seven possible first moves.
    assert sorted(str(m) for m in Board().legal_moves) == [
        "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]


def test_the_package_needs_at_run_time_only_what_the_boards_use():
    """The wheel's own dependencies are what runs in a kernel (also one in a browser); the
    servers and the browser edition's build tools (mistune renders the pages' text once, at
    build time; Babel compiles the catalogues and gives the page its words) are extras, and damalib needs nothing
    outside the standard library."""
    import ast
    import sys
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    names = {d.split("==")[0] for d in project["dependencies"]}
    assert names == {"ipywidgets", "ipycanvas", "platformdirs"}
    # the course on this computer: the servers, and the engine's compiled core (damacore)
    # built by zig's C compiler and run by wasmtime (a browser runs it with its own
    # WebAssembly; without either, damalib's engine plays)
    assert {d.split("==")[0] for d in project["optional-dependencies"]["course"]} == {
        "jupyterlab", "voila", "ziglang", "wasmtime"}
    assert {d.split("==")[0] for d in project["optional-dependencies"]["site"]} == {
        "jupyterlite-core", "jupyterlite-pyodide-kernel", "mistune", "babel"}
    core = [p for p in (root / "damalib").glob("*.py") if p.name != "widget.py"]
    core += list((root / "damalib" / "controller").glob("*.py"))
    for path in core:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                assert top in sys.stdlib_module_names or top == "damalib", (path.name, module)
