"""The grader's helper inside a learner's kernel: run answer cells, hand back plain answers, call functions.

The grader imports this in a fresh kernel before any cell of a submission
runs and keeps one :class:`KernelSide` there. Everything it sends back is a
line ``<token> <json>`` on the kernel's standard output, written through the
stream it found when it started, and made by :mod:`.plain`: plain values
only. The token is new for every request, and the grader reads the last
line carrying it, so a learner's print cannot stand in for a result.

>>> side = KernelSide({"double": lambda n: 2 * n, "answer": [1, 2]}, write=print)
>>> side.names("t1", ["double", "answer", "missing"])
t1 {"double": {"kind": "function"}, "answer": {"kind": "value", "value": "[1, 2]"}, "missing": {"kind": "missing"}}
"""

from __future__ import annotations

import base64
import builtins
import contextlib
import json
import pickle
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from wordpiece_lib.classroom.runtime import answer_watch, call_count, cell_names, other_libraries
from wordpiece_lib.classroom.runtime.plain import to_plain

#: Built-ins the kernel itself sets for each request (input reads from the front end), never a submission's doing.
KERNEL_OWN_BUILTINS = frozenset({"input", "raw_input", "getpass", "display", "get_ipython", "exit", "quit"})
#: How long an answer cell's own threads may run on after it before its answers count as not set by the cell.
THREAD_SECONDS = 10.0
#: The largest result the helper sends back (as JSON text); a larger answer is reported as too large.
MAX_RESULT_CHARACTERS = 64_000_000


class KernelSide:
    """Runs what the grader asks in the kernel's namespace and writes the results as plain JSON lines."""

    def __init__(self, namespace: dict[str, Any], write: Callable[[str], Any] | None = None, shell: Any = None) -> None:
        self.namespace = namespace
        transform = getattr(shell, "transform_cell", None)
        self._transform: Callable[[str], str] = transform if transform is not None else (lambda source: source)
        # bound now, before any learner's code runs: a later patch of sys.stdout or json changes nothing here
        stream = sys.stdout
        self._write = write if write is not None else (lambda line: (stream.write(line + "\n"), stream.flush()))
        self._dumps = json.dumps
        self._to_plain = to_plain
        self._call_own_work = call_count.call_own_work
        self._forbidden_use = call_count.ForbiddenUse
        self._other_library_use = other_libraries.OtherLibraryUse
        self._watched_cell = answer_watch.watched_cell
        self._work_in_answer = answer_watch.work_in_answer
        self._note = answer_watch.note_library_values
        self._pin = call_count.pin_worked_examples
        self._assigns = cell_names.assigns
        self._watched = answer_watch.WATCHED
        self._answers = answer_watch.ANSWERS
        self._loads = pickle.loads
        self._pickled = pickle.dumps
        self._b64 = base64.b64decode
        self._builtins = dict(vars(builtins))
        self._replaced: list[str] = []
        self._notes: Any = None

    def _send(self, token: str, data: Any) -> None:
        text = self._dumps(data)
        if len(text) > MAX_RESULT_CHARACTERS:  # an answer of millions of items: say so, do not send it
            text = self._dumps({"too large": len(text)})
        self._write(f"{token} {text}")

    def forbid_new_processes(self, token: str) -> None:
        """Load the sandbox's seccomp filter (no new process, no network socket) before any cell of a submission."""
        from wordpiece_lib.classroom.runtime import confined

        self._notes = confined.NOTES
        if self._notes is not None:
            self._notes.tried.clear()  # the kernel's own start-up is no business of the report
        self._send(token, {"trouble": confined.forbid_new_processes()})

    def _put_back(self) -> None:
        """Put back every built-in a learner's code replaced (a patched isinstance would break the kernel and me)."""
        table = vars(builtins)
        for name, value in self._builtins.items():
            if table.get(name) is not value and not name.startswith("_") and name not in KERNEL_OWN_BUILTINS:
                table[name] = value
                if name not in self._replaced:
                    self._replaced.append(name)

    def _tried(self) -> list[str]:
        noted = list(self._notes.tried) if self._notes is not None else []
        return noted + [f"replaced the built-in {name} (put back)" for name in self._replaced]

    def run_cell(self, token: str, source: str, answer: bool, released: bool = False) -> None:
        """Run a cell; an answer cell under the answer-cell watch. Send its error, the library's work, what it tried.

        Every cell's names computed with a library are noted afterwards, as the notebook notes them, so an answer
        that copies one is found. What a ``released`` cell (the teacher's own) tries is not the submission's: it is
        left out of the report.
        """
        error = None
        before = list(self._notes.tried) if self._notes is not None else []
        threads = set(threading.enumerate())
        # the namespace: the watch finds the notebook's worked functions (all_cuts, best_cut) there, as in the notebook
        with self._watched_cell(source, self.namespace) if answer else contextlib.nullcontext():
            previous = threading.getprofile()
            threading.setprofile(sys.getprofile())  # a thread the cell starts is watched as the cell is
            try:
                exec(compile(self._transform(source), "<answer cell>", "exec"), self.namespace)  # the learner's cell
                if answer and self._wait_for_threads(threads):
                    error = [
                        "RuntimeError",
                        "a thread it started was still running after the cell (an answer is set by the cell itself)",
                    ]
            except BaseException as raised:  # reported, the kernel goes on (SystemExit included)
                error = [type(raised).__name__, str(raised)[:500]]
            finally:
                threading.setprofile(previous)
                self._put_back()
        if not answer:
            with contextlib.suppress(Exception):  # a namespace a learner's code broke: nothing noted
                self._note(source, self.namespace)
                self._pin(self.namespace)
        work = {}
        if answer:
            for key in dict.fromkeys([*self._watched, *self._answers]):
                if self._assigns(source, key):
                    found = self._work_in_answer(key, source)
                    work[key] = found.plain() if found is not None else None
        if released and self._notes is not None:
            self._notes.tried[:] = before
        self._send(token, {"error": error, "work": work, "tried": self._tried()})

    def run_answer(self, token: str, source: str) -> None:
        """Run an answer cell's code under the answer-cell watch; send what the library did in it, and any error."""
        self.run_cell(token, source, True)

    def _wait_for_threads(self, before: set[threading.Thread]) -> bool:
        """Wait (a while) for the threads an answer cell started; True when one is still running."""
        deadline = time.monotonic() + THREAD_SECONDS
        for thread in set(threading.enumerate()) - before:
            thread.join(max(0.0, deadline - time.monotonic()))
        return any(thread.is_alive() for thread in set(threading.enumerate()) - before)

    def tried(self, token: str) -> None:
        """Send what the submission tried that its sandbox stops (from the audit notes), and built-ins it replaced."""
        self._send(token, {"tried": self._tried()})

    def names(self, token: str, names: list[str]) -> None:
        """Send, for each name, whether it is a function, a plain value (as JSON text) or missing.

        A name whose value a watched answer cell made also carries that cell's ``work`` (and the cell's code):
        what did its work, as a check in the notebook would find it. A value made otherwise carries none.
        """
        found: dict[str, Any] = {}
        for name in names:
            if name not in self.namespace:
                found[name] = {"kind": "missing"}
                continue
            value = self.namespace[name]
            with contextlib.suppress(Exception):  # a value whose == misbehaves: no work to report
                work = self._work_in_answer(name, None, value)
                if work is not None:
                    found[name] = {"work": work.plain(), "work_source": work.source}
            if callable(value):
                found.setdefault(name, {})["kind"] = "function"
            else:
                try:
                    plain = self._to_plain(value)
                    if len(plain) > MAX_RESULT_CHARACTERS // 2:  # sent alone, the others still come back
                        found[name] = {"kind": "too large", "size": len(plain)}
                        continue
                    found.setdefault(name, {}).update({"kind": "value", "value": plain})
                except Exception as error:  # a value whose type misbehaves
                    found.setdefault(name, {}).update(
                        {"kind": "value", "value": self._dumps({"__plain__": "not plain", "value": str(error)})}
                    )
        self._send(token, found)

    def _snapshot(self, args: list[Any]) -> bytes | None:
        try:
            return self._pickled(args)
        except Exception:  # an argument a learner's code made unpicklable: counted as changed
            return None

    def call(self, token: str, name: str, payload: str) -> None:
        """Call the learner's function ``name`` on the grader's arguments, refusing another library's work there.

        Another tokenizer library is refused in every exercise, this library's ``forbidden`` functions are
        counted (see :func:`~.call_count.call_own_work`); the grader's check judges what comes back.

        A function that changed its arguments (appended to a list it was given) sends them back too, as plain
        data: the grader puts the change into its own arguments, so a check sees it as in the notebook.
        """
        args, forbidden = self._loads(self._b64(payload))
        before = self._snapshot(args)
        function = self.namespace.get(name)
        raised: BaseException | None = None
        try:
            result = self._call_own_work(function, args, forbidden)  # type: ignore[arg-type]
        except BaseException as error:  # the learner's code crashed (SystemExit included), or is not done
            raised = error
        finally:
            self._put_back()
        if isinstance(raised, NotImplementedError):
            self._send(token, {"kind": "not done"})
            return
        if isinstance(raised, self._other_library_use):
            found = raised.found
            self._send(token, {"kind": "other library", "library": found.library, "what": found.what})
            return
        if isinstance(raised, self._forbidden_use):
            self._send(
                token, {"kind": "forbidden", "label": raised.label, "calls": raised.calls, "owner": raised.owner}
            )
            return
        if raised is not None:
            self._send(token, {"kind": "crash", "type": type(raised).__name__, "message": str(raised)[:500]})
            return
        try:
            plain = self._to_plain(result)
        except Exception as error:  # a result whose type misbehaves
            plain = self._dumps({"__plain__": "not plain", "value": str(error)[:200]})
        answer = {"kind": "result", "value": plain}
        if before is None or self._snapshot(args) != before:
            try:
                answer["args"] = self._to_plain(args)
            except Exception as error:  # an argument whose type misbehaves now
                answer["args"] = self._dumps({"__plain__": "not plain", "value": str(error)[:200]})
        self._send(token, answer)


__all__ = ["MAX_RESULT_CHARACTERS", "KernelSide"]
