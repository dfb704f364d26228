"""Old path of the exercise frame (now ``runtime.checking``, ``runtime.workbook``, ``runtime.failure_report``).

Kept so that notebooks already handed out keep working: their cells import ``TODO`` and
``report_failures_briefly`` from here (see docs/grading.md). Hands on the names this module had.
"""

from wordpiece_lib.classroom import runtime as _runtime

# The names as one string: a shim hands them on and holds nothing else worth a line each.
__all__ = (  # noqa: SIM905
    "BRIEF_FAILURE FROM_A_FLOAT TODO WORKBOOKS Exercise Forbidden NotDoneYet Progress Workbook as_list call forbid"
    " is_todo made_from_a_float not_done report_failures_briefly require short_list short_repr show_answer"
).split()
globals().update({name: getattr(_runtime, name) for name in __all__})
