"""Tests of the classroom layer. ``exercise_cases`` (every exercise's right and wrong answers) is also a
script run under several hash seeds, so it is imported by its own name: this folder goes on ``sys.path``."""

import sys
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
