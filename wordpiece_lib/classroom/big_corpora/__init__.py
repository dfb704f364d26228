"""Notebook 11, corpora beyond one process: checks, tables and figures for counting at scale.

- ``checks``: Checks behind notebook 11's exercises (counting corpora in parts, and what it costs)
- ``plots``: Figures for notebook 11: words against corpus size, and counting time by how it was counted
- ``tables``: Tables for notebook 11: how the words of a corpus grow as it is read
"""

from . import checks, plots, tables
from .checks import *
from .plots import *
from .tables import *

__all__ = [*checks.__all__, *plots.__all__, *tables.__all__]
