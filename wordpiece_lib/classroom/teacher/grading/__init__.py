"""Grading submitted notebooks outside the learner's kernel (``wordpiece classroom grade``), and exports to graders.

- ``plan``: what the grader reads in a released notebook: answer cells, check calls, the cells the checks need
- ``kernel``: one fresh kernel per submission, with a time limit and an output limit
- ``grader``: runs a submission, judges each check in the grader's own process, one row per exercise
- ``export``: the notebooks in nbgrader's and otter-grader's formats

What runs inside the submission's kernel lives with the runtime: ``runtime.kernel_side`` (the grader's helper there),
``runtime.plain`` (answers as plain data) and ``runtime.fresh_checks`` (what the exported tests call).
"""

from . import export, grader, kernel, plan
from .export import *
from .grader import *
from .kernel import *
from .plan import *

__all__ = [*plan.__all__, *kernel.__all__, *grader.__all__, *export.__all__]
