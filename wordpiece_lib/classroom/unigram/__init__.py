"""Notebook 12, Unigram: checks, the Viterbi stepper and the sampling explorer, tables and figures.

- ``checks``: Checks behind notebook 12's "your turn" exercises (Unigram)
- ``plots``: Figures for notebook 12: a word's lattice, training step by step, sampled cuts, three trainers on a book
- ``widgets``: Unigram, interactive: Viterbi stepped over a word's lattice, and sampled cuts under ``alpha``
- ``tables``: Tables for notebook 12: the course's worked example, training step by step, three trainers on a book
"""

from . import checks, plots, tables, widgets
from .checks import *
from .plots import *
from .tables import *
from .widgets import *

__all__ = [*checks.__all__, *plots.__all__, *widgets.__all__, *tables.__all__]
