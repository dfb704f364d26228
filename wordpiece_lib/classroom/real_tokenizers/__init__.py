"""Notebook 13, a real tokenizer taken apart: checks, the token-span view and the explanation widget, tables, figures.

- ``checks``: Checks behind notebook 13's "your turn" exercises (a real tokenizer taken apart)
- ``plots``: Notebook 13's figures, each with its text alternative: one word cut by every tokenizer, and tokens per word
- ``tables``: The real tokenizers of notebook 13, loaded, and their parts and cuts as tables
- ``widgets``: Notebook 13, interactive: any tokenizer's token spans, and every token's explanation
"""

from . import checks, plots, tables, widgets
from .checks import *
from .plots import *
from .tables import *
from .widgets import *

__all__ = [*checks.__all__, *plots.__all__, *tables.__all__, *widgets.__all__]
