"""Old path of ``classroom.runtime.fresh_checks``, kept for grade cells already exported (see docs/grading.md).

An nbgrader or otter-grader notebook exported before the classroom was grouped runs
``from wordpiece_lib.classroom.grading.fresh_checks import graded`` in each graded test.
"""

from wordpiece_lib.classroom.runtime.fresh_checks import *
