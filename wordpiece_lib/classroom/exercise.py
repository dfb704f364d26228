"""Old path of ``classroom.runtime.exercise``, kept so that notebooks already handed out keep working (see docs/grading.md)."""

from wordpiece_lib.classroom.runtime.exercise import *
