"""Notebook 08, linear-time encoding: checks, the automaton stepper and figures of LinMaxMatch.

- ``checks``: Checks behind notebook 08's exercises (LinMaxMatch), in the frame of :mod:`wordpiece_lib.classroom.runtime.workbook`
- ``plots``: Figures for notebook 08 (LinMaxMatch): the trie with its failure links, and linear versus quadratic growth
- ``widgets``: The LinMaxMatch stepper for notebook 08: watch the automaton read a word, one move at a time
"""

from . import checks, plots, widgets
from .checks import *
from .plots import *
from .widgets import *

__all__ = [*checks.__all__, *plots.__all__, *widgets.__all__]
