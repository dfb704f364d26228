"""A teacher's tools, run outside the students' kernels: the ``wordpiece classroom`` commands and grading.

- ``commands``: ``wordpiece classroom release|progress|grade|export``, one module a command, each loaded when it runs
- ``grading``: grading submitted notebooks in fresh kernels, and the notebooks in nbgrader's and otter-grader's formats
- ``answer_search``: the worked answers as lines, looked for in every file of a folder (archives opened)

This face imports nothing: the command line passes through it to ``commands`` on every ``wordpiece`` call
(it builds its parser with ``classroom`` in it), which must not load the grading. ``grading`` has its own face;
``answer_search``'s names are reached by its path.
"""
