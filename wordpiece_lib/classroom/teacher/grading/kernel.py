"""One fresh kernel for one submission: cells run with a deadline, output counted, a dead kernel noticed.

The grader starts a new IPython kernel for every submission, in a
temporary folder of its own (so files a submission writes land there and
are thrown away), and stops it afterwards. Every request (a cell, a call of the learner's
function) has a time limit; a request that outlives it is interrupted (the
other exercises are still graded), and a kernel that does not come back
from the interrupt is killed. Everything
the kernel prints is counted, not kept, and a submission that prints more
than :data:`MAX_OUTPUT_BYTES` is stopped. Results come back as lines
``<token> <json>`` (see :mod:`.kernel_side`).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: A submission that prints more than this (all cells together) is stopped.
MAX_OUTPUT_BYTES = 20_000_000
#: How long a kernel may take to start.
START_SECONDS = 60.0
#: How long an interrupted request may take to stop before the kernel is killed.
INTERRUPT_SECONDS = 5.0


class KernelTrouble(BaseException):
    """The kernel did not give a result: too slow, printed too much, or died.

    A ``BaseException``, so a check's ``except Exception`` (which explains a
    learner's crash) does not swallow it: the exercise is reported as not
    graded, with :attr:`reason`.
    """

    def __init__(self, reason: str, *, fatal: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.fatal = fatal  # the kernel is gone: nothing more can be asked of it


class Kernel:
    """A kernel for one submission (use as a context manager), with a time budget for all its requests.

    With a :class:`~.sandbox.Sandbox` (bubblewrap) or a
    :class:`~.containers.ContainerSandbox` (podman, Docker), the kernel runs in
    it and talks to the grader over ZeroMQ's ``ipc`` transport (Unix sockets in
    ``folder``, which the sandbox shares and nothing else), and the sandbox is
    ended with the kernel; without one (``--no-sandbox``) it runs with the
    grader's rights in ``folder``.
    """

    def __init__(
        self,
        folder: Path,
        seconds: float,
        sandbox: Any = None,
        modules: Sequence[Path] = (),
        data: Sequence[Path] = (),
    ) -> None:
        self.folder = folder
        self.modules = tuple(modules)  # an authored notebook's checks, imported from its folder
        self.data = tuple(data)  # and the files they read beside it
        self.seconds = seconds
        self.sandbox = sandbox
        self.output_bytes = 0
        self.dead: str | None = None
        self._manager: Any = None
        self._client: Any = None
        self._inside: list[int] = []
        self._started = False

    def __enter__(self) -> Kernel:
        from jupyter_client.manager import KernelManager

        from wordpiece_lib.classroom.runtime.confined import SEEN_VARIABLE
        from wordpiece_lib.classroom.teacher.grading import sandbox as sandboxes

        sockets = self.folder / "sockets"
        work = self.folder / "work"
        sockets.mkdir(mode=0o700)
        work.mkdir(mode=0o700)
        folders, cache = sandboxes.data_paths()
        limits = self.sandbox.limits if self.sandbox is not None else None
        environment = sandboxes.kernel_environment(limits, cache, folders)
        extra = (*self.sandbox.readable, *self.modules, *self.data) if self.sandbox is not None else self.modules
        if self.modules:  # an authored notebook's checks module, imported from the notebook's folder
            environment["PYTHONPATH"] = os.pathsep.join(sorted({str(path.parent) for path in self.modules}))
        seen = [*sandboxes.SYSTEM_FOLDERS, *map(str, sandboxes.readable_paths(extra)), str(sockets)]
        environment[SEEN_VARIABLE] = os.pathsep.join(seen)
        argv = [sys.executable, "-m", "wordpiece_lib.classroom.runtime.confined", "-f", "{connection_file}"]
        manager = KernelManager(kernel_name="python3", transport="ipc", ip=str(sockets / "kernel"))
        manager.connection_file = str(sockets / "connection.json")
        manager.kernel_cmd = None
        if self.sandbox is not None:
            command = self.sandbox.command(
                argv, sockets=sockets, environment=environment, extra=[*self.modules, *self.data]
            )
            manager.kernel_spec.argv = command
            # a signal from here would reach bwrap, not the kernel in its own session: ask the kernel itself
            manager.kernel_spec.interrupt_mode = "message"
            # bwrap needs only PATH (it clears the rest); a container runtime's client also reads its own
            # settings (HOME, XDG_RUNTIME_DIR, CONTAINERS_CONF...), and passes the kernel only what it names
            launch_environment = (
                {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
                if isinstance(self.sandbox, sandboxes.Sandbox)
                else dict(os.environ)
            )
        else:
            manager.kernel_spec.argv = argv
            launch_environment = {**os.environ, **environment}
        # the kernel's own log lines (its transport, its debugger) are no business of the grades table
        self._started = True
        manager.start_kernel(
            cwd=str(work), env=launch_environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self._manager = manager
        client = manager.client()
        client.start_channels()
        try:
            client.wait_for_ready(timeout=START_SECONDS)
        except RuntimeError as error:
            self.close()
            raise KernelTrouble(f"the kernel did not start: {error}", fatal=True) from None
        self._client = client
        if self.sandbox is not None:
            self._inside = sandboxes.sandbox_pids(self._outer_pid())
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _outer_pid(self) -> int:
        process = getattr(getattr(self._manager, "provisioner", None), "process", None)
        return int(process.pid) if process is not None else -1

    def close(self) -> None:
        """Stop the kernel now, and wait until every process of its sandbox is gone."""
        from wordpiece_lib.classroom.teacher.grading.sandbox import wait_gone

        if self._client is not None:
            self._client.stop_channels()
            self._client = None
        if self._manager is not None:
            with contextlib.suppress(Exception):  # already gone
                self._manager.shutdown_kernel(now=True)
            self._manager = None
        if self._inside and not wait_gone(self._inside):
            for pid in self._inside:  # --die-with-parent did not take them: the sandbox's first process goes now
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            wait_gone(self._inside)
        self._inside = []
        if self.sandbox is not None and self._started:
            self.sandbox.end(self.folder / "sockets")  # a container outlives its killed client: it goes now
            self._started = False

    def _alive(self) -> bool:
        return self._manager is not None and self._manager.is_alive()

    def run(self, code: str, token: str | None = None) -> tuple[str | None, dict[str, Any] | None]:
        """Run ``code``; return its error name (None when it ran) and the last result line carrying ``token``."""
        if self.dead is not None:
            raise KernelTrouble(self.dead, fatal=True)
        deadline = time.monotonic() + self.seconds
        msg_id = self._client.execute(code, store_history=False, allow_stdin=False, stop_on_error=False)
        result: dict[str, Any] | None = None
        error: str | None = None
        prefix = f"{token} " if token else None
        pending = ""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._interrupt_or_stop(msg_id, f"it did not finish within {self.seconds:g} s (an endless loop?)")
            try:
                message = self._client.get_iopub_msg(timeout=min(left, 1.0))
            except queue.Empty:
                if not self._alive():
                    self._stop("the kernel exited (sys.exit, os._exit or a crash in a cell)")
                continue
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = message["msg_type"], message["content"]
            if kind == "stream":
                text = content.get("text", "")
                if prefix is not None and content.get("name") == "stdout":
                    # the helper's result line is the grader's own: what the submission printed is counted
                    pending += text
                    *lines, pending = pending.split("\n")
                    for line in lines:
                        if line.startswith(prefix):
                            result = json.loads(line[len(prefix) :])
                        else:
                            self.output_bytes += len(line) + 1
                    if not prefix.startswith(pending[: len(prefix)]):
                        self.output_bytes += len(pending)
                        pending = ""
                else:
                    self.output_bytes += len(text)
                if self.output_bytes > MAX_OUTPUT_BYTES:
                    self._stop(f"the submission printed more than {MAX_OUTPUT_BYTES // 1_000_000} MB")
            elif kind in ("display_data", "execute_result", "update_display_data"):
                self.output_bytes += len(json.dumps(content.get("data", {})))
                if self.output_bytes > MAX_OUTPUT_BYTES:
                    self._stop(f"the submission printed more than {MAX_OUTPUT_BYTES // 1_000_000} MB")
            elif kind == "error":
                error = content.get("ename", "Error")
            elif kind == "status" and content.get("execution_state") == "idle":
                if prefix is not None and pending.startswith(prefix):
                    result = json.loads(pending[len(prefix) :])
                if not self._alive():
                    self._stop("the kernel exited (sys.exit, os._exit or a crash in a cell)")
                return error, result

    def ask(self, call: str) -> dict[str, Any]:
        """Run ``call`` (a method of the kernel's grader helper, without its token) and return its result."""
        token = "wordpiece-grader-" + secrets.token_hex(12)
        _, result = self.run(f"__wordpiece_grader__.{call.replace('TOKEN', repr(token), 1)}", token)
        if result is None:
            self._stop("the kernel gave no result (the submission changed the grader's helper or the output)")
        if isinstance(result, dict) and "too large" in result:
            size = int(result["too large"]) / 1_000_000
            raise KernelTrouble(f"the answer is too large to grade ({size:.0f} MB as plain data)", fatal=False)
        return result  # type: ignore[return-value]

    def _interrupt_or_stop(self, msg_id: str, reason: str) -> None:
        self._manager.interrupt_kernel()
        end = time.monotonic() + INTERRUPT_SECONDS
        while time.monotonic() < end:
            try:
                message = self._client.get_iopub_msg(timeout=0.5)
            except queue.Empty:
                continue
            mine = message.get("parent_header", {}).get("msg_id") == msg_id
            if mine and message["msg_type"] == "status" and message["content"].get("execution_state") == "idle":
                raise KernelTrouble(reason, fatal=False)  # stopped: the kernel can go on with the next request
        self._stop(reason)

    def _stop(self, reason: str) -> None:
        self.dead = reason
        self.close()
        raise KernelTrouble(reason, fatal=True)


__all__ = ["MAX_OUTPUT_BYTES", "Kernel", "KernelTrouble"]
