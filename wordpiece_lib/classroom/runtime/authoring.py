"""The public exercise API: a teacher's own checked exercise, from their own notebook, without editing the library.

Everything a course's notebooks use to declare and check an exercise, under one
stable name (``docs/authoring.md`` is the guide, and ``tests/classroom/test_authoring.py``
does what it shows):

* :class:`Workbook` and :class:`Exercise`: a notebook's exercises, with their hints and
  worked answers, tries, ``progress()`` and ``show_answer()``; ``@workbook.check("key")``
  registers a check function;
* :data:`TODO`, :func:`require`, :func:`call`, :func:`as_list`: the placeholder a student
  replaces, "not done yet" for an untouched stub, a learner's function called with a crash
  or a missing ``return`` explained;
* :func:`forbid`: library functions an exercise asks the learner to write instead of calling;
* :func:`fresh_rng`, :func:`fresh_word`, :func:`fresh_words`: inputs the notebook never
  printed, the same on every run;
* :func:`setup_checks`: what a course notebook's first cell does, in one call, so that
  ``%%ipytest`` cells check answers (a wrong answer stops Run All, an untouched one is
  "not done yet").

>>> book = Workbook("Our course · the town's letters", [
...     Exercise("top_word", "Your turn 1 · the commonest word", hints=("max takes a key= function",)),
... ])
>>> @book.check("top_word")
... def check_top_word(answer, counts):
...     require(answer, "the commonest word")
...     if answer not in counts:
...         raise AssertionError(f"{answer!r} is not a word of the corpus")
...     if counts[answer] != max(counts.values()):
...         raise AssertionError(f"{answer!r} is there {counts[answer]} times: another word is there more often")
>>> check_top_word("the", {"the": 3, "town": 1})
>>> book.progress()
Our course · the town's letters: 1 of 1 done
  Your turn 1 · the commonest word (top_word): done
"""

from __future__ import annotations

import os
from typing import Any

from wordpiece_lib.classroom.runtime.answer_watch import install_answer_watch
from wordpiece_lib.classroom.runtime.call_count import Forbidden, forbid
from wordpiece_lib.classroom.runtime.checking import TODO, as_list, call, is_todo, require, short_list, short_repr
from wordpiece_lib.classroom.runtime.failure_report import report_failures_briefly
from wordpiece_lib.classroom.runtime.fresh_inputs import fresh_rng, fresh_word, fresh_words
from wordpiece_lib.classroom.runtime.workbook import Exercise, Workbook, show_answer


def setup_checks(shell: Any = None) -> bool:
    """Make ``%%ipytest`` cells check answers, as the course notebooks' first cell does; False outside IPython.

    ipytest is set to stop Run All at a failing check (``raise_on_error=True``), to say why a
    check skipped (an exercise not done yet, by its title) and to keep a failure to the
    student's line and the check's message; a failure ends with one short line; a cell that
    assigns a watched answer is watched (see :func:`forbid` and
    :func:`wordpiece_lib.classroom.runtime.answer_watch.watch_answer`).

    >>> setup_checks()  # a plain Python session has no cells to check
    False
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ModuleNotFoundError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    import ipytest

    # The checks need no other pytest plugin; not loading them makes the first check quicker.
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    ipytest.autoconfig(
        raise_on_error=True,
        addopts=["-q", "-rs", "--tb=short", "--color=yes", "-p", "wordpiece_lib.classroom.runtime.not_done_report"],
    )
    report_failures_briefly(shell)
    install_answer_watch(shell)
    return True


__all__ = [
    "TODO",
    "Exercise",
    "Forbidden",
    "Workbook",
    "as_list",
    "call",
    "forbid",
    "fresh_rng",
    "fresh_word",
    "fresh_words",
    "is_todo",
    "require",
    "setup_checks",
    "short_list",
    "short_repr",
    "show_answer",
]
