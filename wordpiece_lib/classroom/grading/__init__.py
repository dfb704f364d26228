"""Grading submitted notebooks outside the learner's kernel (``wordpiece classroom grade``).

| module | holds |
| --- | --- |
| ``plan.py`` | what the grader reads in a released notebook: answer cells, check calls, the cells the checks need |
| ``plain.py`` | answers as plain data (numbers, str, list, tuple, dict, set, Fraction), the only thing a kernel hands back |
| ``kernel_side.py`` | the grader's helper inside a submission's kernel |
| ``kernel.py`` | one fresh kernel per submission, with a time limit and an output limit |
| ``grader.py`` | runs a submission, judges each check in the grader's own process, one row per exercise |
| ``export.py`` | the notebooks in nbgrader's and otter-grader's formats |
"""
