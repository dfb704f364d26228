"""Grading submitted notebooks outside the learner's kernel (``wordpiece classroom grade``), and exports to graders.

- ``plan``: what the grader reads in a released notebook: answer cells, check calls, the cells the checks need
- ``kernel``: one fresh kernel per submission, with a time limit and an output limit
- ``grader``: runs a submission, judges each check in the grader's own process, one row per exercise
- ``sandbox``: the bubblewrap sandbox each kernel runs in: what it shows, its limits, what is missing where none runs
- ``containers``: the same sandbox as a podman or Docker container, when the teacher chooses one
- ``batch``: a class's submissions: who each is from, ``--jobs``, the table
- ``claims``: what a submission says of its student and variant (first cell, metadata), never used, only noted
- ``export``: the notebooks in nbgrader's and otter-grader's formats
- ``nbgrader_judge``, ``otter_judge``: their grades set from the sandboxed judge (a preprocessor, a plugin; each
  made when first asked for, in the graders' environment)

What runs inside the submission's kernel lives with the runtime: ``runtime.kernel_side`` (the grader's helper there),
``runtime.confined`` (the limits, audit notes and seccomp filter inside its sandbox), ``runtime.plain`` (answers as
plain data) and ``runtime.fresh_checks`` (what the exported tests call).
"""

from . import batch, claims, containers, export, grader, kernel, nbgrader_judge, otter_judge, plan, sandbox
from .batch import *
from .claims import *
from .containers import *
from .export import *
from .grader import *
from .kernel import *
from .nbgrader_judge import *
from .otter_judge import *
from .plan import *
from .sandbox import *

__all__ = list(
    dict.fromkeys(
        [
            *plan.__all__,
            *kernel.__all__,
            *grader.__all__,
            *sandbox.__all__,
            *containers.__all__,
            *batch.__all__,
            *claims.__all__,
            *export.__all__,
            *nbgrader_judge.__all__,
            *otter_judge.__all__,
        ]
    )
)
