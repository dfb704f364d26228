"""A teacher's tools, run outside the students' kernels: the ``wordpiece classroom`` commands and grading.

- ``commands``: ``wordpiece classroom release|progress|grade|export``, one module a command, each loaded when it runs
  (the command line's one way in; its names are reached as ``teacher.commands``, not re-exported here)
- ``grading``: grading submitted notebooks in fresh kernels, and the notebooks in nbgrader's and otter-grader's formats
- ``answer_search``: the worked answers as lines, looked for in every file of a folder (archives opened)
"""

from . import answer_search, commands, grading
from .answer_search import *
from .grading import *

__all__ = [*answer_search.__all__, *grading.__all__]
