"""Notebook 01, character splitting: checks for splitting words into ``##`` pieces, and word-count figures.

- ``checks``: Checks for notebook 01's exercises: counting words, splitting them, the alphabet
- ``plots``: Figures for notebook 01: the most frequent words
"""

from . import checks, plots
from .checks import *
from .plots import *

__all__ = [*checks.__all__, *plots.__all__]
