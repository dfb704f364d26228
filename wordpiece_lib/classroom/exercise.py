"""Old path of the exercise frame (now ``runtime.checking``, ``runtime.workbook``, ``runtime.failure_report``).

Kept so that notebooks already handed out keep working: their cells import ``TODO`` and
``report_failures_briefly`` from here (see docs/grading.md). Hands on the names this module had.
"""

from wordpiece_lib.classroom.runtime import (
    BRIEF_FAILURE,
    FROM_A_FLOAT,
    TODO,
    WORKBOOKS,
    Exercise,
    Forbidden,
    NotDoneYet,
    Progress,
    Workbook,
    as_list,
    call,
    forbid,
    is_todo,
    made_from_a_float,
    not_done,
    report_failures_briefly,
    require,
    short_list,
    short_repr,
    show_answer,
)

__all__ = [
    "BRIEF_FAILURE",
    "FROM_A_FLOAT",
    "TODO",
    "WORKBOOKS",
    "Exercise",
    "Forbidden",
    "NotDoneYet",
    "Progress",
    "Workbook",
    "as_list",
    "call",
    "forbid",
    "is_todo",
    "made_from_a_float",
    "not_done",
    "report_failures_briefly",
    "require",
    "short_list",
    "short_repr",
    "show_answer",
]
