"""Notebook 03, merge steps: checks for merging and training, the merge stepper widget and its figures.

- ``checks``: Checks for notebook 03's exercises: replaying merges in order, the merge order, tie-breaks, the final size
- ``plots``: Figures for notebook 03: each merge's candidates and score, vocab growth, words made whole
- ``widgets``: ``MergeStepper``: walk through a recorded ``Trace``, and its static twin ``step_text``
"""

from . import checks, plots, widgets
from .checks import *
from .plots import *
from .widgets import *

__all__ = [*checks.__all__, *plots.__all__, *widgets.__all__]
