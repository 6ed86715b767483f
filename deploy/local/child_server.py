"""The server of the child's view, started a little lighter (deploy/local/launch.py on this
computer, deploy/hub/singleuser.py on a school's server, one such server a child):

    python deploy/local/child_server.py MODULE [options]     MODULE: jupyter_server, or
                                                             jupyterhub.singleuser

runs the server's module as ``python -m MODULE`` does, with one library left out. The
server checks its events against JSON schemas with jsonschema, which, where the package
rfc3987-syntax is installed (jupyter-events asks for it), builds at import a grammar of IRIs:
about 15 MiB a server, for a format ("iri") that none of the server's schemas uses. Left out,
jsonschema simply does not check that format. Measured with ``make bench-pages``.
"""

from __future__ import annotations

import runpy
import sys

#: Libraries the child's server does without (an import of them finds nothing).
LEFT_OUT = ("rfc3987_syntax",)


def main() -> None:
    for name in LEFT_OUT:
        sys.modules[name] = None          # import then raises ImportError, which jsonschema expects
    module = sys.argv[1]
    sys.argv = [module, *sys.argv[2:]]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
