"""Serve the browser edition to a classroom: ``python3 serve.py`` in the site's folder.

    python3 serve.py                    this computer only, port 8000
    python3 serve.py --bind 0.0.0.0     the class's tablets too: http://<this computer>:8000/

A plain static server, as ``python3 -m http.server`` is, with what a class needs from it: the
WebAssembly and module files sent with their types whatever the computer's own list says,
every answer marked to be checked again (``Cache-Control: no-cache``), so that a course
copied over with a new version is what the children get at their next visit (an unchanged
file costs a short "not modified" answer), and the compressed copy the build made of a file
(``X.gz`` beside ``X``) sent in its place to a browser that reads gzip: about half the bytes
over the class's network. Standard library only.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
from pathlib import Path

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip"}


class CourseFiles(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    _gzip_ok = False
    _gzipped = False

    def send_head(self):
        self._gzip_ok = "gzip" in self.headers.get("Accept-Encoding", "")
        self._gzipped = False
        return super().send_head()

    def translate_path(self, path: str) -> str:
        found = super().translate_path(path)
        if self._gzip_ok and os.path.isfile(found + ".gz") and not found.endswith(".gz"):
            self._gzipped = True
            return found + ".gz"
        return found

    def guess_type(self, path) -> str:
        if self._gzipped:
            path = os.fspath(path).removesuffix(".gz")
        return super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        if self._gzipped:
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bind", default="127.0.0.1",
                        help="the address to listen on (0.0.0.0: every network of this "
                             "computer, for a class)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", type=Path, default=Path(__file__).resolve().parent,
                        help="the site's folder (default: the one this file is in)")
    options = parser.parse_args(argv)
    handler = functools.partial(CourseFiles, directory=str(options.directory))
    with http.server.ThreadingHTTPServer((options.bind, options.port), handler) as server:
        where = "localhost" if options.bind in ("127.0.0.1", "localhost") else options.bind
        print(f"Il corso è su http://{where}:{options.port}/ (Ctrl+C per fermare) · "
              f"The course is at http://{where}:{options.port}/ (Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
