"""Notebook 09, beyond English: scripts, accents, one vocab for several languages, parity.

- ``checks``: Checks behind notebook 09's exercises, in the frame of :mod:`wordpiece_lib.classroom.runtime.workbook`
- ``plots``: Figures for notebook 09: one bar per language, and how the exponent and vocab size move each language
- ``widgets``: The sampling-exponent slider of notebook 09: move it, and see the vocab's shares and tokens per word move
- ``sweep``: Notebook 09's data and its one slow step, done once: one mixed vocab per sampling exponent
- ``marked``: Text in other languages marked with its language, so a screen reader reads it with the right voice
"""

from . import checks, marked, plots, sweep, widgets
from .checks import *
from .marked import *
from .plots import *
from .sweep import *
from .widgets import *

__all__ = [*checks.__all__, *plots.__all__, *widgets.__all__, *sweep.__all__, *marked.__all__]
