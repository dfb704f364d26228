"""Notebook 04, encoding: checks for longest-match-first and decoding, the longest-match explorer and its figure.

- ``checks``: Checks for notebook 04's exercises: longest-match-first, where merge replay differs, decoding
- ``plots``: Figures for notebook 04: tokens per word as the vocab grows
- ``widgets``: ``LongestMatchExplorer``: type a word, step through every lookup of longest-match-first
"""

from . import checks, plots, widgets
from .checks import *
from .plots import *
from .widgets import *

__all__ = [*checks.__all__, *plots.__all__, *widgets.__all__]
