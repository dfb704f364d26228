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
"""

from . import (
    answer_watch,
    answers,
    attempt,
    authoring,
    call_count,
    cell_names,
    checking,
    containers,
    failure_report,
    first_cell,
    fresh_checks,
    fresh_inputs,
    kernel_side,
    other_libraries,
    plain,
    progress_file,
    variants,
    workbook,
)
from .answer_watch import *
from .answers import *
from .attempt import *
from .authoring import *
from .call_count import *
from .cell_names import *
from .checking import *
from .containers import *
from .failure_report import *
from .first_cell import *
from .fresh_checks import *
from .fresh_inputs import *
from .kernel_side import *
from .other_libraries import *
from .plain import *
from .progress_file import *
from .variants import *
from .workbook import *

__all__ = list(
    dict.fromkeys(
        [
            *checking.__all__,
            *containers.__all__,
            *workbook.__all__,
            *attempt.__all__,
            *failure_report.__all__,
            *first_cell.__all__,
            *call_count.__all__,
            *other_libraries.__all__,
            *cell_names.__all__,
            *answer_watch.__all__,
            *variants.__all__,
            *fresh_inputs.__all__,
            *progress_file.__all__,
            *answers.__all__,
            *authoring.__all__,
            *plain.__all__,
            *kernel_side.__all__,
            *fresh_checks.__all__,
        ]
    )
)
