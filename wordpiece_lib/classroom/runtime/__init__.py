"""What a student's kernel runs: the exercise frame, the answer watch, progress, and the grader's side of a kernel.

- ``exercise``: the frame every check runs in: ``TODO``, "not done yet", a notebook's ``Workbook`` of exercises
- ``own_work``: is the answer the learner's own: library calls counted while their function or answer cell runs
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

from . import answers, authoring, exercise, fresh_checks, fresh_inputs, kernel_side, own_work, plain, progress_file
from .answers import *
from .authoring import *
from .exercise import *
from .fresh_checks import *
from .fresh_inputs import *
from .kernel_side import *
from .own_work import *
from .plain import *
from .progress_file import *

__all__ = list(
    dict.fromkeys(
        [
            *exercise.__all__,
            *own_work.__all__,
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
