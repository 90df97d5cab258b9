"""A guard around the descriptors of the tests' waitress servers' triggers (the pipe a worker writes to wake the
server's loop when an answer is ready).

Twice in CI a test's own server found its trigger closed under it (EBADF as a worker woke the loop: a page's
/pair aborted; a teardown failed), with the server still serving. Only a close by number does that: something
in the test process closed a descriptor it had already closed, or a stale number, after the trigger's pipe had
been given that number. Here any `os.close` of a live trigger's descriptor from outside waitress's own close of
that trigger is refused, and said as a warning with where it came from (pytest's warnings summary lists it), so
the next run names the code that does it, and the server keeps its trigger. The refused close loses nothing: a
descriptor number belongs to one open file, and that one is the trigger's.
"""

from __future__ import annotations

import os
import threading
import traceback
import warnings

from waitress import trigger as waitress_trigger

_live: dict[int, int] = {}  # a live trigger's descriptor: the id of its trigger
_own = threading.local()  # set while a trigger closes its own
_os_close = os.close


class ForeignClose(RuntimeWarning):
    """A descriptor of a live waitress trigger was closed by something else."""


def _close(fd: int) -> None:
    if fd in _live and not getattr(_own, "closing", False):
        where = "".join(traceback.format_stack(limit=14)[:-1])
        warnings.warn(ForeignClose(f"os.close({fd}) of a live waitress trigger's descriptor, refused, in thread "
                                   f"{threading.current_thread().name}:\n{where}"), stacklevel=2)
        return
    _os_close(fd)


def install() -> None:
    """Once per test process."""
    if os.close is _close:
        return
    trigger = waitress_trigger.trigger
    made, closed = trigger.__init__, trigger._close

    def __init__(self, map):  # noqa: N807 (waitress's own method, wrapped)
        made(self, map)
        for fd in (*self._fds, self.socket.fd):  # the pipe's two ends and the loop's copy of its read end
            _live[fd] = id(self)

    def _close_own(self):
        for fd in (*self._fds, getattr(self.socket, "fd", -1)):
            if _live.get(fd) == id(self):
                del _live[fd]
        _own.closing = True
        try:
            closed(self)
        finally:
            _own.closing = False

    trigger.__init__, trigger._close = __init__, _close_own
    os.close = _close
