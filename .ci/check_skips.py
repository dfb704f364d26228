"""Read a pytest JUnit report: no failure, no error, no skip for missing data, and every skip names the command that fixes it.

Every data set the tests need is in the repository (the novel included), so a test skipped because a
data set is missing (its reason names `python -m wordpiece_lib fetch NAME`) fails the run: a clean
clone with nothing beside it must run every data test. Skips for an optional peer or a browser stay
allowed when they say how to get it, and so do skips of a test that needs root (it says "needs root"):
run 2 is a user who is not root on purpose, and run 1, as root, runs those tests.

Usage: python .ci/check_skips.py REPORT.xml   (exit 1 with the offending tests listed otherwise)
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter

#: A skip for a missing data set (the data helpers' hint names this command): never allowed.
MISSING_DATA = re.compile(r"python -m wordpiece_lib fetch [\w-]+")
#: A test that only root can run (a tmpfs, another user's files): run 1 runs it as root.
NEEDS_ROOT = re.compile(r"\bneeds root\b")
#: A skip must say how to get what is missing: one of these commands.
COMMANDS = re.compile(
    r"python -m wordpiece_lib fetch [\w-]+|python tools/fetch_tf_text\.py|bash tools/install_browser\.sh"
    r"|pip install (?:--no-deps )?[\w.\[\]-]+|bash tools/setup_grading\.sh"
)


def main(path: str) -> int:
    root = ElementTree.parse(path).getroot()
    cases = list(root.iter("testcase"))
    failed, skipped = [], Counter()
    unexplained, missing_data = [], []
    for case in cases:
        name = f"{case.get('classname')}::{case.get('name')}"
        for tag in ("failure", "error"):
            for problem in case.findall(tag):
                failed.append(f"{tag}: {name}: {(problem.get('message') or '')[:300]}")
        for skip in case.findall("skipped"):
            reason = (skip.get("message") or "").replace("\n", " ")
            skipped[reason] += 1
            if MISSING_DATA.search(reason):
                missing_data.append(f"{name}: {reason[:300]}")
            elif not COMMANDS.search(reason) and not NEEDS_ROOT.search(reason):
                unexplained.append(f"{name}: {reason[:300]}")
    print(
        f"{len(cases)} tests: {len(cases) - len(failed) - sum(skipped.values())} passed, {len(failed)} failed or errors, {sum(skipped.values())} skipped"
    )
    for reason, count in skipped.most_common():
        print(f"  skipped {count:>4}: {reason[:200]}")
    for line in failed:
        print(f"  FAILED {line}")
    for line in missing_data:
        print(f"  SKIPPED FOR MISSING DATA (every data set the tests need is in data/) {line}")
    for line in unexplained:
        print(f"  SKIP WITHOUT A COMMAND {line}")
    return 1 if failed or unexplained or missing_data or not cases else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
