"""A teacher's tools, run outside the students' kernels: the ``wordpiece classroom`` commands and grading.

- ``commands``: ``wordpiece classroom release|progress|grade|similarity|export``, one module a command, each loaded
  when it runs
- ``grading``: grading submitted notebooks in fresh kernels, and the notebooks in nbgrader's and otter-grader's formats
- ``similarity``: which submissions have alike answers (copydetect's fingerprints), as a CSV table and an HTML page
- ``answer_search``: the worked answers as lines, looked for in every file of a folder (archives opened)
- ``roster``: a graded cohort's roster (one row per student) and the course's secret, read and checked
- ``spreadsheet``: what every line of the grades and progress tables starts with; cells a spreadsheet never runs

This face imports nothing: the command line passes through it to ``commands`` on every ``wordpiece`` call
(it builds its parser with ``classroom`` in it), which must not load the grading. ``grading`` and ``similarity``
have their own faces; ``answer_search``'s and ``spreadsheet``'s names are reached by their paths.
"""
