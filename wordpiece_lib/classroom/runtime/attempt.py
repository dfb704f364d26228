"""What the checks saw of one exercise: tries, done or not, a prediction and its reveal, as a progress file keeps it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Attempt:
    """What the checks saw of one exercise in this kernel.

    The latest check decides: ``done`` is set by a passing check and cleared
    by a failing one (``was_done`` remembers that it had been done). For a
    prediction, ``prediction`` is the answer as first checked, and
    ``changed_after_reveal`` says that, after the cell revealing the answer
    had run, a check saw another answer than the last one checked before it;
    ``revealed_first`` that the answer was shown (``reveal(..., now=True)``)
    before any answer had been checked.
    """

    tries: int = 0
    done: bool = False
    answer_seen: bool = False
    last_call: tuple[tuple[Any, ...], dict[str, Any]] | None = field(default=None, repr=False)
    was_done: bool = False
    prediction: str | None = None
    before_reveal: str | None = None
    first_right: bool | None = None
    revealed: bool = False
    changed_after_reveal: bool = False
    revealed_first: bool = False
    when: str | None = None

    #: The fields a progress file keeps (``last_call`` holds live objects: it stays in the kernel).
    SAVED = (
        "tries",
        "done",
        "answer_seen",
        "was_done",
        "prediction",
        "before_reveal",
        "first_right",
        "revealed",
        "changed_after_reveal",
        "revealed_first",
        "when",
    )

    def record(self) -> dict[str, Any]:
        """What the progress file keeps of this attempt (plain JSON values), its status included.

        >>> Attempt(tries=2).record()["status"]
        'wrong (2 tries)'
        """
        return {"status": self.status(), **{name: getattr(self, name) for name in self.SAVED}}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Attempt:
        """An attempt as a progress file kept it; a value of the wrong type is left at its default.

        >>> Attempt.from_record({"tries": 3, "done": "yes"})
        Attempt(tries=3, done=False, answer_seen=False, was_done=False, prediction=None, before_reveal=None, first_right=None, revealed=False, changed_after_reveal=False, revealed_first=False, when=None)
        """
        attempt = cls()
        for name in cls.SAVED:
            value, default = record.get(name), getattr(attempt, name)
            kinds = (int,) if name == "tries" else (bool,) if isinstance(default, bool) else (str, bool, type(None))
            if isinstance(value, kinds) and not (name == "tries" and (isinstance(value, bool) or value < 0)):
                setattr(attempt, name, value)
        return attempt

    def status(self) -> str:
        """``done``, ``wrong (n tries)`` or ``not started``, with notes on the answer and a changed prediction.

        >>> Attempt(tries=2).status(), Attempt(tries=1, done=True).status(), Attempt().status()
        ('wrong (2 tries)', 'done', 'not started')
        >>> Attempt(tries=1, was_done=True).status()
        'wrong (1 try) after being done'
        >>> Attempt(tries=1, done=True, first_right=False, changed_after_reveal=True).status()
        'done, prediction changed after its reveal ran (the first prediction was wrong)'
        >>> Attempt(tries=1, done=True, revealed_first=True).status()
        'done, answered after its reveal was shown'
        """
        if self.done:
            text = "done"
        elif self.tries:
            text = f"wrong ({self.tries} {'try' if self.tries == 1 else 'tries'})"
            if self.was_done:
                text += " after being done"
        else:
            text = "not started"
        if self.changed_after_reveal:
            first = {True: "right", False: "wrong"}.get(self.first_right)  # type: ignore[arg-type]
            text += ", prediction changed after its reveal ran" + (
                f" (the first prediction was {first})" if first else ""
            )
        if self.revealed_first:
            text += ", answered after its reveal was shown"
        return f"{text}, answer seen" if self.answer_seen else text


def fingerprint(value: Any) -> str:
    """A text that is the same for equal answers on every run (sets sorted), to tell a changed prediction.

    >>> fingerprint({"b", "a"}) == fingerprint({"a", "b"}), fingerprint([1, 2])
    (True, '[1, 2]')
    """
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(fingerprint(item) for item in value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{fingerprint(k)}: {fingerprint(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(fingerprint(item) for item in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner})"
    return repr(value)


__all__ = ["Attempt", "fingerprint"]
