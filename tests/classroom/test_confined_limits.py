"""The limits a submission's kernel sets on itself, read from the grader's ``WORDPIECE_GRADE_LIMITS``.

A hard limit cannot be raised again, so every case runs in a Python process of its own, never in the test's.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: Prints, as JSON, what ``_set_limits`` said of the text given and the hard limits of the process afterwards.
PROBE = """
import json, resource, sys
from wordpiece_lib.classroom.runtime.confined import _set_limits

kinds = ("RLIMIT_AS", "RLIMIT_CPU", "RLIMIT_FSIZE", "RLIMIT_NPROC", "RLIMIT_CORE")
before = {kind: resource.getrlimit(getattr(resource, kind))[1] for kind in kinds}
try:
    _set_limits(json.loads(sys.argv[1]))
    said = None
except (TypeError, ValueError) as error:
    said = f"{type(error).__name__}: {error}"
after = {kind: resource.getrlimit(getattr(resource, kind))[1] for kind in kinds}
print(json.dumps({"said": said, "before": before, "after": after}))
"""


def probe(text: object) -> dict[str, object]:
    run = subprocess.run([sys.executable, "-c", PROBE, json.dumps(text)], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_the_four_limits_are_set_as_hard_limits_and_no_core_file() -> None:
    found = probe("1073741824,900,67108864,256")
    assert found["said"] is None
    assert found["after"] == {
        "RLIMIT_AS": 2**30,
        "RLIMIT_CPU": 900,
        "RLIMIT_FSIZE": 64 * 2**20,
        "RLIMIT_NPROC": 256,
        "RLIMIT_CORE": 0,
    }


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1073741824,900,67108864",  # three parts
        "1073741824,900,67108864,256,1",
        "-1,900,67108864,256",  # -1 is RLIM_INFINITY: no limit at all
        "1073741824,0,67108864,256",
        "2G,900,64M,256",  # sizes are bytes here; the command line reads 2G
        "1073741824, 900,67108864,256",
        "1.5,900,67108864,256",
        None,
    ],
)
def test_a_malformed_text_is_refused_before_any_limit_is_set(text: object) -> None:
    found = probe(text)
    assert found["said"] is not None and found["said"].startswith("ValueError: WORDPIECE_GRADE_LIMITS must be")
    assert found["after"] == found["before"]
