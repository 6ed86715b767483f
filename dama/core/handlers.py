"""One thread for every widget event handler of the course.

JupyterLab 4.6 sends widget messages with a subshell id, and ipykernel 7 then runs some
handlers (value changes: a choice, a text box) on a subshell's thread while others (button and
canvas clicks) run on the kernel's main thread. Handlers that share state — a progress file, a
board, an event loop's timers — must not run on two threads at once, so every handler the
course registers goes through :func:`serial`: called on the thread of the event loop that was
running when the widget was made, it runs at once; called on any other thread, it is handed to
that loop (``call_soon_threadsafe``) and runs there, in the order the messages came.

Without a running loop (a script, pytest, nbval's first import) handlers run at once, one at a
time under a lock.

A handler that fails must not leave a traceback in the Log Console where no child sees it: the
error is logged (logger ``dama``), kept in :data:`ERRORS` for tests and teachers, and
``on_error`` is called so that the widget can say something kind.

>>> calls = []
>>> handler = serial(calls.append)
>>> handler(1); calls
[1]
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any, Callable

__all__ = ["ERRORS", "serial"]

log = logging.getLogger("dama")

#: Errors raised by handlers since the kernel started, newest last (at most 50 kept).
ERRORS: list[BaseException] = []

_LOCK = threading.RLock()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def serial(handler: Callable[..., Any], *,
           on_error: Callable[[BaseException], Any] | None = None) -> Callable[..., None]:
    """``handler`` wrapped to run on the event loop's thread of the moment of this call (see
    the module documentation). The wrapper returns nothing."""
    loop = _running_loop()
    owner = threading.get_ident()

    def run(args: tuple, kwargs: dict) -> None:
        with _LOCK:
            try:
                handler(*args, **kwargs)
            except Exception as error:  # shown kindly by on_error, logged for the teacher
                log.exception("widget handler %r failed", handler)
                ERRORS.append(error)
                del ERRORS[:-50]
                if on_error is not None:
                    try:
                        on_error(error)
                    except Exception:
                        log.exception("error handler failed")

    def dispatch(*args: Any, **kwargs: Any) -> None:
        if loop is None or threading.get_ident() == owner or loop.is_closed():
            run(args, kwargs)
        else:
            loop.call_soon_threadsafe(run, args, kwargs)

    dispatch.__wrapped__ = handler  # type: ignore[attr-defined]
    return dispatch
