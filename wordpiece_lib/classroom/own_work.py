"""Old path of the answer watch (now ``runtime.call_count``, ``runtime.cell_names``, ``runtime.answer_watch``).

Kept so that notebooks already handed out keep working: their first cell imports
``install_answer_watch`` from here (see docs/grading.md). Hands on the names this module had.
"""

from wordpiece_lib.classroom import runtime as _runtime

# The names as one string: a shim hands them on and holds nothing else worth a line each.
__all__ = (  # noqa: SIM905
    "WATCHED CallCount CellWork Forbidden ForbiddenUse RunsElsewhere answer_cell_source answer_codes assigns"
    " call_own_work calls_in_source forbid forbidden_names_in forget_answer_work install_answer_watch"
    " library_value_in note_library_values refuse_in_answer watch_answer watched_cell work_in_answer"
).split()
globals().update({name: getattr(_runtime, name) for name in __all__})
