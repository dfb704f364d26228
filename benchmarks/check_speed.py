"""How long a check takes with a right answer, and what the watch for another library's work adds (issue 40).

Run from the repository root::

    python benchmarks/check_speed.py            # 4 checks, best of 7 runs each
    python benchmarks/check_speed.py --runs 15

A function exercise's check runs the learner's function on its fresh inputs
under a profile function (``runtime.call_own_work``); a value exercise's answer
cell runs under the answer watch. Each check is timed three ways, with a right
answer written here:

- ``bare``: no watch at all (the learner's function called as it is);
- ``counted``: the profile function counting this library's forbidden calls only, the other-library look off;
- ``now``: everything, as a learner's kernel runs it.

It prints milliseconds of CPU per check and the ratios ``now / bare`` and ``now / counted``: the cost of the
whole watch, and of the look for another tokenizer library on top of the count.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Callable, Iterator

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.bpe_comparison import checks as bpe
from wordpiece_lib.classroom.character_splitting import checks as splitting
from wordpiece_lib.classroom.encoding import checks as encoding
from wordpiece_lib.classroom.merge_steps import checks as merging
from wordpiece_lib.classroom.runtime import answer_watch, call_count, checking, other_libraries, workbook


def split_with_prefix(word: str) -> list[str]:
    return [word[0]] + ["##" + character for character in word[1:]]


def my_encode(word: str, vocab: set[str]) -> list[str]:
    if len(word) > 100:
        return ["[UNK]"]
    pieces, start = [], 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = ("_" if start == 0 else "") + word[start:end]
            if piece in vocab:
                pieces.append(piece)
                start = end
                break
        else:
            return ["[UNK]"]
    return pieces


def replay(word: str, merges: list[tuple[str, str]]) -> list[str]:
    pieces = [word[0]] + ["##" + character for character in word[1:]]
    for left, right in merges:
        joined, position = [], 0
        while position < len(pieces):
            if position + 1 < len(pieces) and (pieces[position], pieces[position + 1]) == (left, right):
                joined.append(left + right.removeprefix("##"))
                position += 2
            else:
                joined.append(pieces[position])
                position += 1
        pieces = joined
    return pieces


VARIANT = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}
FIRST_THREE = "first_three = ['##gs', 'hu', 'hug']"


def first_three_cell_and_check() -> None:
    namespace: dict = {}
    with runtime.watched_cell(FIRST_THREE, namespace):
        exec(FIRST_THREE, namespace)
    merging.check_merges(namespace["first_three"], VARIANT, 3, source=FIRST_THREE)


CHECKS: dict[str, Callable[[], None]] = {
    "01 split_with_prefix (function)": lambda: splitting.check_split_word(split_with_prefix),
    "04 my_encode (function)": lambda: encoding.check_longest_match(my_encode),
    "06 replay (function)": lambda: bpe.check_merge_replay(replay),
    "03 first_three (value: answer cell and check)": first_three_cell_and_check,
}


@contextlib.contextmanager
def patched(mode: str) -> Iterator[None]:
    """``bare``: no watch; ``counted``: the count of this library's calls only; ``now``: as it is."""
    saved = {
        "call": checking.call_own_work,
        "event": other_libraries.OtherLibraryWatch.event,
        "library_of": call_count.library_of,
        "refuse": workbook.refuse_other_library,
        "reached": answer_watch._other_reached,
    }
    try:
        if mode in ("bare", "counted"):
            other_libraries.OtherLibraryWatch.event = lambda self, frame, event, arg: None
            call_count.library_of = lambda value: None
            workbook.refuse_other_library = lambda *args, **kwargs: None
            answer_watch._other_reached = lambda tree, namespace: None
        if mode == "bare":
            checking.call_own_work = lambda function, args, forbidden: function(*args)
        yield
    finally:
        checking.call_own_work = saved["call"]
        other_libraries.OtherLibraryWatch.event = saved["event"]
        call_count.library_of = saved["library_of"]
        workbook.refuse_other_library = saved["refuse"]
        answer_watch._other_reached = saved["reached"]


def best_of(check: Callable[[], None], runs: int) -> float:
    """The fastest of ``runs`` checks, in milliseconds of CPU (each from a fresh start: no tries, no noted cells)."""
    times = []
    for _ in range(runs):
        for book in runtime.WORKBOOKS.values():
            book.reset()
        runtime.forget_answer_work()
        started = time.process_time()  # CPU time: the machine may be shared
        check()
        times.append(time.process_time() - started)
    return 1000 * min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each check; the fastest counts (7)")
    args = parser.parse_args()
    for name, check in CHECKS.items():
        check()  # warm: imports, caches of the fresh inputs
        timings = {}
        for mode in ("bare", "counted", "now"):
            with patched(mode):
                timings[mode] = best_of(check, args.runs)
        print(
            f"{name}: {timings['now']:.1f} ms now, {timings['counted']:.1f} ms counting only, "
            f"{timings['bare']:.1f} ms bare; now/bare {timings['now'] / timings['bare']:.2f}, "
            f"now/counted {timings['now'] / timings['counted']:.2f}"
        )


if __name__ == "__main__":
    main()
