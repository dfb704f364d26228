"""Grading submitted notebooks outside the learner's kernel (``wordpiece classroom grade``).

| module | holds |
| --- | --- |
| ``plan.py`` | what the grader reads in a released notebook: answer cells, check calls, the cells the checks need |
| ``plain.py`` | answers as plain data (numbers, str, list, tuple, dict, set, Fraction), the only thing a kernel hands back |
| ``kernel_side.py`` | the grader's helper inside a submission's kernel |
| ``kernel.py`` | one fresh kernel per submission, with a time limit and an output limit |
| ``sandbox.py`` | the bubblewrap sandbox each kernel runs in: what it shows, its limits, what is missing where none runs |
| ``confined.py`` | inside the sandbox: hard limits, the audit notes of what was tried, the seccomp filter (no new process) |
| ``grader.py`` | runs a submission, judges each check in the grader's own process, one row per exercise |
| ``batch.py`` | a class's submissions: who each is from, ``--jobs``, the table |
| ``spreadsheet.py`` | table cells a spreadsheet shows and never runs (CSV injection) |
| ``export.py`` | the notebooks in nbgrader's and otter-grader's formats |
| ``nbgrader_judge.py``, ``otter_judge.py`` | their grades set from the sandboxed judge (a preprocessor, a plugin) |
"""
