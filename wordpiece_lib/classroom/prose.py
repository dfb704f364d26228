"""Old path of ``classroom.display.prose``, kept so that notebooks already handed out keep working (see docs/grading.md)."""

from wordpiece_lib.classroom.display.prose import *
