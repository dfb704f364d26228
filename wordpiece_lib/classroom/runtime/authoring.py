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
* ``@workbook.variants("key", course={...})`` and ``workbook.data("key")``: an exercise's data, the
  course's own or, in a graded release, the student's own variant (:mod:`~.variants`);
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

from wordpiece_lib.classroom.runtime.call_count import Forbidden, forbid
from wordpiece_lib.classroom.runtime.checking import TODO, as_list, call, is_todo, require, short_list, short_repr
from wordpiece_lib.classroom.runtime.first_cell import setup_checks
from wordpiece_lib.classroom.runtime.fresh_inputs import fresh_rng, fresh_word, fresh_words
from wordpiece_lib.classroom.runtime.variants import VariantSpace, active_variant, variant_active
from wordpiece_lib.classroom.runtime.workbook import Exercise, Workbook, show_answer

__all__ = [
    "TODO",
    "Exercise",
    "Forbidden",
    "VariantSpace",
    "Workbook",
    "active_variant",
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
    "variant_active",
]
