"""Old path of ``classroom.display.frames``, kept so that notebooks already handed out keep working (see docs/grading.md)."""

from wordpiece_lib.classroom.display.frames import *
