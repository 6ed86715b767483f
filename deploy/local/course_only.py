"""What a child's server lets the child's browser do (a school's server: deploy/hub): show
the course's pages and talk to their boards, nothing else. The course's page needs two
things from its server, both made by the server itself: Voilà runs the page's notebook in a
kernel, and the page's widgets talk to that kernel over its websocket. So a child's
browser may read what the server says of its kernels and connect to them, and may not
start a kernel, open a terminal, read or write a file through the server, or send its
kernel code (only the widgets' messages pass: PAGE_MESSAGES, the server's
``allowed_message_types``).

    --ServerApp.authorizer_class=course_only.CourseOnly
    --MappingKernelManager.allowed_message_types=<PAGE_MESSAGES>
"""

from __future__ import annotations

from jupyter_server.auth import Authorizer

#: The messages the course's page sends its kernel: the widgets' comms and the kernel's
#: description. An ``execute_request`` (code), ``complete_request``, ``inspect_request``,
#: ``history_request`` or ``input_reply`` are not among them.
PAGE_MESSAGES = ("kernel_info_request", "comm_info_request", "comm_open", "comm_msg",
                 "comm_close")
#: What the page may read through the server's API (its kernel's state, the server's).
READABLE = frozenset({"kernels", "kernelspecs", "api", "events"})


class CourseOnly(Authorizer):
    """Reading the kernels' state and connecting to a kernel's websocket: yes; every write
    (a kernel started, restarted or ended, a file saved, a session made), terminals, files
    and contents: no."""

    def is_authorized(self, handler, user, action: str, resource: str) -> bool:
        allowed = ((action == "read" and resource in READABLE)
                   or (action == "execute" and resource == "kernels"))
        if not allowed:
            self.log.warning("Refused to the child's browser: %s %s (%s %s)", action,
                             resource, handler.request.method, handler.request.path)
        return allowed


def server_options() -> list[str]:
    """The command-line options that give a child's server these limits."""
    return ["--ServerApp.authorizer_class=course_only.CourseOnly",
            "--MappingKernelManager.allowed_message_types="
            + repr(list(PAGE_MESSAGES))]
