"""Notebook 02, pair scores: checks for pair counts and WordPiece scores, and score figures.

- ``checks``: Checks for notebook 02's exercises: pair counts, the score, the best pair, BPE's pick
- ``plots``: Figures for notebook 02: the score table as a heatmap and as bars
"""

from . import checks, plots
from .checks import *
from .plots import *

__all__ = [*checks.__all__, *plots.__all__]
