"""Starting a command the way a terminal does, for tests that stop it with a signal."""

from __future__ import annotations

import signal


def as_from_a_terminal() -> None:
    """A ``preexec_fn``: SIGINT, SIGTERM and SIGHUP back to their defaults in the child.

    A test run started in the background (``nohup``, ``&`` in a script)
    ignores SIGINT, and under ``nohup`` SIGHUP too. A program that inherits
    the ignoring rightly keeps it, so the signal would never reach the
    command and a test of its clean-up would pass without testing anything.
    """
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)
