"""Old path of ``classroom.runtime.own_work``, kept so that notebooks already handed out keep working (see docs/grading.md)."""

from wordpiece_lib.classroom.runtime.own_work import *
