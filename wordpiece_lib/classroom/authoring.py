"""Old path of ``classroom.runtime.authoring``, kept so that notebooks already handed out keep working (see docs/grading.md)."""

from wordpiece_lib.classroom.runtime.authoring import *
