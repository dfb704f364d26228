"""How a command answers SIGINT (Ctrl-C), SIGTERM and SIGHUP: the same way for all three, at every moment.

* **While it starts** (its arguments read, its module and the library imported),
  a signal is held, and answered as soon as the imports are done. Python would
  otherwise raise Ctrl-C inside an import, where importlib's weakref callbacks
  drop it ("Exception ignored in ..."), and SIGTERM or SIGHUP would end the
  process on the spot, with no line said.
* **While it works**, a signal stops it at once: ``KeyboardInterrupt`` for
  SIGINT, :class:`~wordpiece_lib.atomic.TerminatedBySignal` for the others, so
  every temporary file is removed and the old output stays as it was.
* **Once its result is whole** (the output switched in, or a stream written
  through and closed: ``atomic.when_written``), a signal is too late to stop
  anything: the command finishes and exits 0, as a script reading ``$?``
  should see.

Only signals still at their default action are answered (a parent that
ignores SIGINT, as ``nohup`` and pytest-xdist's workers do, is obeyed), and
only in the main thread, where Python runs signal handlers.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

#: The signals a command answers, with the action each has when nobody changed it.
ANSWERED = {
    signum: default
    for name, default in (
        ("SIGINT", signal.default_int_handler),
        ("SIGTERM", signal.SIG_DFL),
        ("SIGHUP", signal.SIG_DFL),
    )
    if (signum := getattr(signal, name, None)) is not None
}


class Answer:
    """The handler of the answered signals during one command run: holding, stopping, or past caring."""

    def __init__(self) -> None:
        self.held: list[int] = []
        self.working = False
        self.whole = False
        self.previous: dict[int, object] = {}

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.whole:  # the result is complete: nothing left to stop
            return
        if not self.working:
            self.held.append(signum)
            return
        raise stop_for(signum)

    def install(self) -> None:
        """Take over every answered signal still at its default action (main thread only)."""
        if threading.current_thread() is not threading.main_thread():
            return
        for signum, default in ANSWERED.items():
            if signal.getsignal(signum) is default:
                self.previous[signum] = signal.signal(signum, self)

    def restore(self) -> None:
        """Give every signal taken over its handler back."""
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]
        self.previous.clear()

    def start_working(self) -> None:
        """The imports are done: a signal held while they ran stops the command now, any later one at once."""
        self.working = True
        if self.held:
            raise stop_for(self.held[0])

    def result_written(self) -> None:
        """The command's result is complete (called with the signals held, by ``atomic.when_written``)."""
        self.whole = True


def stop_for(signum: int) -> BaseException:
    """The exception that stops a command for ``signum``: ``KeyboardInterrupt`` for SIGINT, else
    ``TerminatedBySignal`` (a ``SystemExit`` whose code is 128 + the signal number).

    >>> stop_for(signal.SIGINT), stop_for(signal.SIGTERM).code
    (KeyboardInterrupt(), 143)
    """
    if signum == signal.SIGINT:
        return KeyboardInterrupt()
    from wordpiece_lib.atomic import TerminatedBySignal

    return TerminatedBySignal(signum)


@contextlib.contextmanager
def answered() -> Iterator[Answer]:
    """Answer SIGINT, SIGTERM and SIGHUP as this module says, for the block; the old handlers come back after.

    >>> with answered() as answer:
    ...     answer.start_working()
    """
    answer = Answer()
    answer.install()
    try:
        yield answer
    finally:
        answer.restore()


__all__ = ["ANSWERED", "Answer", "answered", "stop_for"]
