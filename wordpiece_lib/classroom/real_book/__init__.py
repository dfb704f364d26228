"""Notebook 07, a real book: checks, tables and figures for Treasure Island.

- ``checks``: Checks behind notebook 07's "your turn" exercises (a vocab trained on a real book)
- ``plots``: Figures for notebook 07 (a real book): tokens per word by size, words touched, training time
- ``tables``: Tables for notebook 07 (a real book): tokens per word by vocab size, words touched per merge
"""

from . import checks, plots, tables
from .checks import *
from .plots import *
from .tables import *

__all__ = [*checks.__all__, *plots.__all__, *tables.__all__]
