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
import json
import pickle
import sys
from collections.abc import Callable
from typing import Any

from wordpiece_lib.classroom.runtime import answer_watch, call_count, cell_names
from wordpiece_lib.classroom.runtime.plain import to_plain


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
        self._watched_cell = answer_watch.watched_cell
        self._work_in_answer = answer_watch.work_in_answer
        self._assigns = cell_names.assigns
        self._watched = answer_watch.WATCHED
        self._loads = pickle.loads
        self._b64 = base64.b64decode

    def _send(self, token: str, data: Any) -> None:
        self._write(f"{token} {self._dumps(data)}")

    def run_answer(self, token: str, source: str) -> None:
        """Run an answer cell's code under the answer-cell watch; send what the library did in it, and any error."""
        error = None
        with self._watched_cell(source):
            try:
                exec(compile(self._transform(source), "<answer cell>", "exec"), self.namespace)  # the learner's cell
            except BaseException as raised:  # reported, the kernel goes on (SystemExit included)
                error = [type(raised).__name__, str(raised)[:500]]
        work = {}
        for key in list(self._watched):
            if self._assigns(source, key):
                found = self._work_in_answer(key, source)
                work[key] = [found.first, found.calls] if found is not None else [None, 0]
        self._send(token, {"error": error, "work": work})

    def names(self, token: str, names: list[str]) -> None:
        """Send, for each name, whether it is a function, a plain value (as JSON text) or missing."""
        found: dict[str, Any] = {}
        for name in names:
            if name not in self.namespace:
                found[name] = {"kind": "missing"}
            elif callable(self.namespace[name]):
                found[name] = {"kind": "function"}
            else:
                try:
                    found[name] = {"kind": "value", "value": self._to_plain(self.namespace[name])}
                except Exception as error:  # a value whose type misbehaves
                    found[name] = {
                        "kind": "value",
                        "value": self._dumps({"__plain__": "not plain", "value": str(error)}),
                    }
        self._send(token, found)

    def call(self, token: str, name: str, payload: str) -> None:
        """Call the learner's function ``name`` on the grader's arguments, counting the forbidden library calls."""
        args, forbidden = self._loads(self._b64(payload))
        function = self.namespace.get(name)
        try:
            result = self._call_own_work(function, args, forbidden) if forbidden else function(*args)  # type: ignore[misc]
        except NotImplementedError:
            self._send(token, {"kind": "not done"})
            return
        except self._forbidden_use as used:
            self._send(token, {"kind": "forbidden", "label": used.label, "calls": used.calls, "owner": used.owner})
            return
        except BaseException as error:  # the learner's code crashed (SystemExit included)
            self._send(token, {"kind": "crash", "type": type(error).__name__, "message": str(error)[:500]})
            return
        try:
            plain = self._to_plain(result)
        except Exception as error:  # a result whose type misbehaves
            plain = self._dumps({"__plain__": "not plain", "value": str(error)[:200]})
        self._send(token, {"kind": "result", "value": plain})


__all__ = ["KernelSide"]
