"""Plain http sent on to https: where the school's server answers https only, a device
typing the school's address without ``https://`` (or an old bookmark) is sent to the same
page over https, rather than finding nothing. Run by the hub as a service of its own
(jupyterhub_config.py, ``DAMA_HUB_HTTP_PORT``).

    python deploy/hub/redirect.py HTTP_PORT HTTPS_PORT [IP]
"""

from __future__ import annotations

import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def target(host_header: str, path: str, https_port: int) -> str:
    """The https address of a page asked over http.

    >>> target("scuola.it", "/hub/login", 443)
    'https://scuola.it/hub/login'
    >>> target("192.168.1.5:80", "/", 8443)
    'https://192.168.1.5:8443/'
    >>> target("[::1]:8000", "/x?y=1", 443)
    'https://[::1]/x?y=1'
    """
    host = host_header.strip() or "localhost"
    if host.startswith("["):
        host = host[:host.index("]") + 1]
    else:
        host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    port = "" if https_port == 443 else f":{https_port}"
    return f"https://{host}{port}{path if path.startswith('/') else '/' + path}"


def serve(http_port: int, https_port: int, ip: str = "") -> None:
    class Redirect(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(301)
            self.send_header("Location", target(self.headers.get("Host", ""), self.path,
                                                https_port))
            self.send_header("Content-Length", "0")
            self.end_headers()

        do_HEAD = do_POST = do_GET

        def log_message(self, *args) -> None:     # the hub's log is for the hub
            pass

    ThreadingHTTPServer((ip, http_port), Redirect).serve_forever()


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "")
