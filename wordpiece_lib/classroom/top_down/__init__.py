"""Notebook 05, the top-down learner: checks, the threshold explorer and its figures.

- ``checks``: Checks behind notebook 05's "your turn" exercises (the top-down learner)
- ``plots``: Matplotlib figures for the top-down learner: vocab size against threshold, and by round
- ``widgets``: The top-down learner, interactive: a threshold slider that shows every round
"""

from . import checks, plots, widgets
from .checks import *
from .plots import *
from .widgets import *

__all__ = [*checks.__all__, *plots.__all__, *widgets.__all__]
