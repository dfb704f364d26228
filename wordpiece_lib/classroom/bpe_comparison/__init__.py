"""Notebook 06, BPE next to WordPiece: checks, comparison tables, Hugging Face's merges replayed, figures and a widget.

- ``checks``: Checks behind notebook 06's "your turn" exercises (WordPiece against BPE)
- ``plots``: Matplotlib figures for WordPiece against BPE: fertility by vocab size, and the first merges
- ``widgets``: WordPiece and BPE, growing side by side: one word under the four combinations
- ``tables``: Tables for notebook 06: the four {WordPiece, BPE} x {longest match, merge replay} tokenizers side by side
- ``hf_merges``: Hugging Face's BPE merges, replayed on our counts: is every merge a most frequent pair?
"""

from . import checks, hf_merges, plots, tables, widgets
from .checks import *
from .hf_merges import *
from .plots import *
from .tables import *
from .widgets import *

__all__ = [*checks.__all__, *plots.__all__, *widgets.__all__, *tables.__all__, *hf_merges.__all__]
