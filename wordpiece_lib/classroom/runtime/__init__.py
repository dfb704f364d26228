"""What a student's kernel runs: the exercise frame, the answer watch, progress, and the grader's side of a kernel.

- ``checking``: what every check uses on an answer: ``TODO``, "not done yet", calling the learner's function
- ``workbook``: a notebook's ``Workbook`` of ``Exercise``s: tries, tiered hints, ``show_answer``, ``progress``
- ``attempt``: what the checks saw of one exercise (tries, a prediction and its reveal), as the progress file keeps it
- ``failure_report``: a failed check ends with one short line, not ipytest's own traceback
- ``first_cell``: what a notebook's first cell runs: ``start_notebook`` prints the versions, turns the checks on
- ``call_count``: is a learner's function their own work: the calls of forbidden library functions counted
- ``other_libraries``: did another tokenizer library (Hugging Face's, ``sentencepiece``...) do the work: known by module
- ``cell_names``: names in a notebook cell's code: what it assigns, calls and writes; the cell that assigned a name
- ``answer_watch``: is a value answer the learner's own: the cells that assign it watched while they run
- ``containers``: the course's one rule for an answer's container (a tuple, a list, a set or a dict, as asked)
- ``variants``: seeded variants of an exercise's data, one per student of a graded release (HMAC of the course's secret)
- ``fresh_inputs``: inputs a check makes up for the learner's function, the same on every run
- ``progress_file``: a notebook's progress in a file beside it, read back by a restarted kernel
- ``answers``: where ``show_answer`` finds the worked answers (never in the package); a release uses it too
- ``authoring``: the public exercise API a teacher's own notebook declares and checks exercises with
- ``not_done_report``: the pytest plugin that names an unfinished exercise (pytest loads it with ``-p``; not imported here)
- ``plain``: answers as plain data, what crosses from a submission's kernel to the grader
- ``kernel_side``: the grader's helper inside a submission's kernel
- ``fresh_checks``: the checks as exported nbgrader and otter-grader tests call them, loaded afresh
- ``confined``: inside a submission's sandbox, before its kernel: limits, audit notes, no new process (run as a
  program; not imported here)

The package loads its modules when a name of theirs is first asked for
(``runtime.Workbook``, ``from wordpiece_lib.classroom.runtime import forbid``): a
command that needs one constant of one module (``release``'s modes) imports that
module alone, and ``wordpiece classroom --help`` stays quick.

>>> import wordpiece_lib.classroom.runtime as runtime
>>> runtime.MODES
('self-study', 'graded')
>>> "Workbook" in runtime.__all__
True
"""

import importlib
from types import ModuleType
from typing import Any

#: The modules whose public names the package offers, in the order ``__all__`` lists their names.
MODULES = (
    "checking",
    "containers",
    "workbook",
    "attempt",
    "failure_report",
    "first_cell",
    "call_count",
    "other_libraries",
    "cell_names",
    "answer_watch",
    "variants",
    "fresh_inputs",
    "progress_file",
    "answers",
    "authoring",
    "plain",
    "kernel_side",
    "fresh_checks",
)


def _load_all() -> list[str]:
    """Import every module of :data:`MODULES` and bind its public names here; the names, in their order."""
    names: dict[str, None] = {}
    # Bound in alphabetical order, as the star imports this replaces did: where two modules offer one name,
    # the later module's object is the one the package gives.
    for name in sorted(MODULES):
        module = importlib.import_module(f"{__name__}.{name}")
        globals().update({public: getattr(module, public) for public in module.__all__})
    for name in MODULES:
        names.update(dict.fromkeys(importlib.import_module(f"{__name__}.{name}").__all__))
    return list(names)


def __getattr__(name: str) -> Any:
    """A module of the package or a public name of one, imported the first time it is asked for."""
    if name in MODULES:
        module: ModuleType = importlib.import_module(f"{__name__}.{name}")
        return module
    if name.startswith("__") and name != "__all__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    everything = _load_all()
    globals()["__all__"] = everything
    if name == "__all__":
        return everything
    if name in globals():
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
