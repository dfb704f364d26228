"""Which submissions of one notebook have alike answers (``wordpiece classroom similarity``).

- ``own_code``: what a student wrote in a submission (answer cells, added cells), the released text left out;
  a submission is read as JSON, never run
- ``fingerprints``: every pair compared with copydetect's fingerprints (winnowing, as MOSS), the given code and
  the code most of the class has left out
- ``pairs_table``: the pairs as CSV, every text cell spreadsheet-safe
- ``pairs_page``: the pairs as an accessible HTML page, their shared lines side by side, every text escaped

copydetect is imported when a comparison runs, never when this package is imported.
"""

from . import fingerprints, own_code, pairs_page, pairs_table
from .fingerprints import *
from .own_code import *
from .pairs_page import *
from .pairs_table import *

__all__ = list(dict.fromkeys([*own_code.__all__, *fingerprints.__all__, *pairs_table.__all__, *pairs_page.__all__]))
