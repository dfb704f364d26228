"""Notebook 10, from tokens to a model's input: checks, the token-span view and figures of batches.

- ``checks``: Checks behind notebook 10's exercises (from tokens to a model's input)
- ``plots``: Figures for notebook 10: how long texts are in tokens, and what a padded batch looks like
- ``widgets``: The token-span view for notebook 10: where each token of a model's input comes from in the text
"""

from . import checks, plots, widgets
from .checks import *
from .plots import *
from .widgets import *

__all__ = [*checks.__all__, *plots.__all__, *widgets.__all__]
