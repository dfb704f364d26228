"""Print every outcome and message of the exercise tables as JSON, with the hash seed it ran under.

Run from ``tests/classroom`` as ``python -m exercise_cases`` (``test_exercises.py`` does, under five seeds).
"""

import json
import os

from exercise_cases import every_outcome

print(json.dumps({"hash_seed": os.environ.get("PYTHONHASHSEED"), "outcomes": every_outcome()}, sort_keys=True))
