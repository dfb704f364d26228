"""The display kit every topic shares: colours and figures that say what they show, tables, sentences from live values.

- ``style``: what every figure and widget shares: colours, markers, figure size, direct labels, buttons
- ``figures``: every figure's text alternative (a summary with its key values, the data as tables) and its display
- ``frames``: the core's results as pandas DataFrames, for the notebooks' tables
- ``prose``: a sentence of the notebook made from live values
- ``disk_cache``: a slow result a notebook computes once, kept in the data cache folder for the next run
- ``live_text``: a widget's changing text in an ``HTML`` widget, on screen as soon as the kernel sends it
"""

from . import disk_cache, figures, frames, live_text, prose, style
from .disk_cache import *
from .figures import *
from .frames import *
from .live_text import *
from .prose import *
from .style import *

__all__ = [*style.__all__, *figures.__all__, *frames.__all__, *prose.__all__, *disk_cache.__all__, *live_text.__all__]
