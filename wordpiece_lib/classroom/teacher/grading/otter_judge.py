"""otter-grader's ``otter run`` with the grade of ``wordpiece classroom grade``: judged in a sandbox.

Otter runs the student's notebook and then its tests in the same process, so
a student's cell could rebind what a test calls. This plugin's
``after_grading`` event grades the submission as ``wordpiece classroom
grade`` does (a fresh kernel in a sandbox, judged by the checks' own code
outside it) and sets each question's score from that verdict: full points
for ``done``, 0 otherwise, whatever the tests in the student's process said.

``wordpiece classroom export --to otter`` lists it in the assignment's
configuration (``plugins:``), with the workshop's notebooks folder as its
``notebooks`` setting. The class is made when first asked for (it subclasses
otter's ``AbstractOtterPlugin``, which only the graders' environment has).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any


def _question_scores(verdicts: dict[str, Any], possible: dict[str, float]) -> dict[str, float]:
    """Each question's score: its points when its exercise is ``done``, else 0.

    >>> _question_scores({"k": type("Row", (), {"status": "done"})()}, {"k": 2.0, "j": 1.0})
    {'k': 2.0, 'j': 0.0}
    """
    return {
        name: (points if getattr(verdicts.get(name), "status", "") == "done" else 0.0)
        for name, points in possible.items()
    }


@functools.cache  # one class, made once: the grader finds it by its module path on every submission
def _make_class() -> type:
    from otter.plugins import AbstractOtterPlugin

    class SandboxedJudge(AbstractOtterPlugin):  # type: ignore[misc]
        """Score each question from ``wordpiece classroom grade``'s sandboxed judge."""

        def after_grading(self, results: Any) -> None:
            from wordpiece_lib.classroom.teacher.grading.batch import judge_file

            config = dict(self.plugin_config or {})
            submission = Path(str(self.submission_path))
            verdicts = judge_file(
                submission,
                str(config.get("notebook") or submission.stem),
                notebooks=Path(config["notebooks"]) if config.get("notebooks") else None,
                sandboxed=not config.get("no_sandbox", False),
                seconds=float(config.get("timeout", 60.0)),
            )
            possible = {name: float(results.get_result(name).possible) for name in results.test_files}
            for name, score in _question_scores(verdicts, possible).items():
                results.update_score(name, score)
            results.set_plugin_data(
                "wordpiece_lib.classroom.teacher.grading.otter_judge.SandboxedJudge",
                {name: [row.status, row.feedback] for name, row in verdicts.items()},
            )

    return SandboxedJudge


def __getattr__(name: str) -> Any:
    if name == "SandboxedJudge":
        return _make_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The plugin, ``SandboxedJudge``, is made when first asked for: nothing here to import by ``*``.
__all__: list[str] = []
