"""Every public function, class and widget method checks its arguments: a sweep, not a list.

For each callable of the public API (everything ``wordpiece_lib`` exports,
the methods of its classes, the widgets and their methods), each parameter in
turn is given a wrong value while the others get a valid one from
``VALID``: ``None`` where ``None`` is not allowed, and an object of no
expected type. The call must raise a ``TypeError`` or ``ValueError`` whose
message names the parameter, never an ``AttributeError`` from deep inside or
a silent success. Parameters typed ``Any`` on purpose (a student's answer, a
DataFrame-like table) are left out, as are the ones listed in ``UNCHECKED``
with the reason.
"""

from __future__ import annotations

import inspect
import math
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import wordpiece_lib
from wordpiece_lib import (
    LinMaxMatch,
    Trace,
    Vocab,
    WordCounts,
    WordPieceTokenizer,
    initial_splits,
    score_pairs,
    train_bottom_up,
    train_bpe,
)
from wordpiece_lib.model import UnigramModel


class Wrong:
    """A value of no type any parameter expects."""

    def __repr__(self) -> str:
        return "<wrong>"


WRONG = Wrong()
HUG = WordCounts({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5})
TRACE = train_bottom_up(HUG, 20, special_tokens=["[UNK]"], top_k=3)
BPE = train_bpe(HUG, 20, special_tokens=["[UNK]"])
VOCAB = TRACE.vocab()
SPLITS = initial_splits(HUG)
PAPER = LinMaxMatch(["[UNK]", "a", "abcdx", "##b", "##c", "##cdy", "##dz"])

#: A valid value for each parameter name (a callable is called to make a fresh one).
VALID: dict[str, Any] = {
    "word_counts": HUG,
    "vocab_size": 20,
    "word": "hugs",
    "text": "Hug the pug!",
    "texts": ["hug pug", "pun"],
    "trace": TRACE,
    "wordpiece": TRACE,
    "bpe": BPE,
    "automaton": PAPER,
    "vocab": VOCAB,
    "tokens": ["[UNK]", "hug", "##s"],
    "splits": SPLITS,
    "pair": ("##g", "##s"),
    "new_token": "##gs",
    "pieces": ["h", "##u", "##g"],
    "left": "h",
    "right": "##u",
    "pair_count": 4,
    "left_count": 5,
    "right_count": 6,
    "total_pieces": 30,
    "total_pairs": 20,
    "candidates": score_pairs(SPLITS, HUG),
    "merges": TRACE.merges,
    "ranks": TRACE.merge_ranks(),
    "char": "a",
    "words": ["hugs", "pug"],
    "reserved_tokens": ["[UNK]"],
    "ids": [1, 2],
    "token_id": 1,
    "token": "hug",
    "node": 2,
    "label": "a",
    "step": 1,
    "steps": 1,
    "size": 12,
    "position": 1,
    "threshold": 2,
    "content": "[MASK]",
    "single": "[CLS] $A [SEP]",
    "max_length": 8,
    "inputs": ["hug pug", ("pun", "bun")],
    "batch": [[1, 2], [3]],
    "thresholds": [1, 2, 5],
    "rounds": None,  # filled in below when ipywidgets is present
    "path": None,  # a tmp_path, filled in per test
}

#: Per callable, values that differ from ``VALID`` (a name means another thing there).
OVERRIDES: dict[str, dict[str, Any]] = {
    "BpeEncoder": {"trace": BPE},
    "FastTopDown": {"words": list(HUG.items())},
    "PairStats": {"splits": list(SPLITS.values()), "counts": list(HUG.values())},
    "FastNormalizer": {"normalizer": wordpiece_lib.BertNormalizer()},
    "load_book": {"name": "treasure-island"},
    "pretokenize": {"pretokenizer": "bert"},
    "ThresholdExplorer": {"rounds": HUG},
    "TopDownRounds": {"word_counts": {"hug": 10, "hugs": 5, "bugs": 5}},
    "AutomatonStepper": {"vocab": ["[UNK]", "a", "##b"], "word": "ab"},
    "LongestMatchExplorer": {"word": "hugs"},
    "Vocab.token": {"token_id": 1},
    "Vocab.built": {"key": "a fresh key", "build": list},
    "Trace": {"word_counts": HUG, "alphabet": list(TRACE.alphabet), "special_tokens": ["[UNK]"]},
    "UnigramTokenizer": {"model": UnigramModel([("<unk>", 0.0), ("▁hug", -1.0), ("s", -2.0)])},
    "BpeModel": {"token_ids": {"h": 0, "u": 1, "g": 2, "hu": 3}, "merges": [("h", "u")]},
    "explain": {"tokenizer": WordPieceTokenizer(VOCAB)},
}

#: Parameters that take anything on purpose, with the reason.
UNCHECKED = {
    "answer": "a student's answer: a wrong one fails the exercise with an explanation (AssertionError)",
    "function": "a student's function: the check calls it and explains what went wrong",
    "table": "a DataFrame-like table, checked by the columns it has",
    "frame": "a DataFrame-like table, checked by the columns it has",
    "kwargs": "passed on",
    "args": "passed on",
    "options": "checked by name in plan_training",
}


#: Records the library hands out (results, steps of a run), not things a user builds: no sweep.
RECORDS = {"AutomatonStep", "Candidate", "Encoding", "MatchAttempt", "Source", "TopDownResult", "TraceStep", "TrieNode"}


def public_callables() -> list[tuple[str, Callable[..., Any], Any]]:
    """(name, callable, instance to bind methods to or None) for the public API and the widgets."""
    found: list[tuple[str, Callable[..., Any], Any]] = []
    instances = {
        "Vocab": VOCAB,
        "WordPieceTokenizer": WordPieceTokenizer(VOCAB),
        "LinMaxMatch": PAPER,
        "Trace": TRACE,
        "WordCounts": HUG,
    }
    for name in wordpiece_lib.__all__:
        value = getattr(wordpiece_lib, name)
        if inspect.isfunction(value):
            found.append((name, value, None))
        elif inspect.isclass(value) and not issubclass(value, BaseException) and name not in RECORDS:
            found.append((name, value, None))
            instance = instances.get(name)
            if instance is not None:
                for method_name, method in vars(value).items():
                    if inspect.isfunction(method) and not method_name.startswith("_"):
                        found.append((f"{name}.{method_name}", getattr(instance, method_name), instance))
    return found


def widget_callables() -> list[tuple[str, Callable[..., Any], Any]]:
    pytest.importorskip("ipywidgets")
    from wordpiece_lib.classroom.bpe_comparison import ParallelGrowth
    from wordpiece_lib.classroom.encoding import LongestMatchExplorer
    from wordpiece_lib.classroom.fast_encoding import AutomatonStepper
    from wordpiece_lib.classroom.merge_steps import MergeStepper
    from wordpiece_lib.classroom.model_inputs import TokenSpanView
    from wordpiece_lib.classroom.other_languages import ExponentExplorer, exponent_sweep
    from wordpiece_lib.classroom.real_tokenizers import ExplanationView
    from wordpiece_lib.classroom.top_down import ThresholdExplorer, TopDownRounds

    sweep = exponent_sweep(
        {"en": {"hug": 10, "pug": 5, "pun": 12}, "de": {"hund": 5, "haus": 3}},
        exponents=[0.5, 1.0],
        vocab_size=30,
        phrases={"en": ["hug pug"], "de": ["hund haus"]},
    )
    OVERRIDES["ExponentExplorer"] = {"sweep": sweep}
    OVERRIDES["TokenSpanView"] = {"tokenizer": WordPieceTokenizer(VOCAB), "text": "hugs"}
    OVERRIDES["ExplanationView"] = {"tokenizers": {"toy": WordPieceTokenizer(VOCAB)}, "text": "hugs"}
    widgets = {
        "TokenSpanView": TokenSpanView(WordPieceTokenizer(VOCAB), "hugs"),
        "ExplanationView": ExplanationView({"toy": WordPieceTokenizer(VOCAB)}, "hugs"),
        "ExponentExplorer": ExponentExplorer(sweep),
        "MergeStepper": MergeStepper(TRACE),
        "ParallelGrowth": ParallelGrowth(TRACE, BPE),
        "LongestMatchExplorer": LongestMatchExplorer(VOCAB),
        "AutomatonStepper": AutomatonStepper(["[UNK]", "a", "##b"], "ab"),
        "ThresholdExplorer": ThresholdExplorer(HUG),
        "TopDownRounds": TopDownRounds({"hug": 10, "hugs": 5, "bugs": 5}),
    }
    found: list[tuple[str, Callable[..., Any], Any]] = []
    for name, instance in widgets.items():
        found.append((name, type(instance), None))
        for method_name, method in vars(type(instance)).items():
            if inspect.isfunction(method) and not method_name.startswith("_"):
                found.append((f"{name}.{method_name}", getattr(instance, method_name), instance))
    return found


def classroom_callables() -> list[tuple[str, Callable[..., Any], Any]]:
    """The classroom's plain functions (figures, tables, text); the exercise checks take a student's answer."""
    pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    import importlib
    import pkgutil

    import matplotlib

    matplotlib.use("Agg")
    from wordpiece_lib import classroom

    found: list[tuple[str, Callable[..., Any], Any]] = []
    for info in pkgutil.walk_packages(classroom.__path__, "wordpiece_lib.classroom."):
        # The exercise frame (checking, workbook, attempt, failure_report), the answer watch (call_count,
        # other_libraries, cell_names, answer_watch) and the checks take a student's answer, source or objects,
        # judged by the check; the Workbook API is swept on its own below. not_done_report is the frame's pytest
        # plugin: its hook takes pytest's own report objects. exercise and own_work are their old paths.
        frame = (
            ".checking",
            ".workbook",
            ".attempt",
            ".failure_report",
            ".call_count",
            ".other_libraries",
            ".cell_names",
            ".answer_watch",
        )
        if info.name.endswith((".checks", *frame, ".exercise", ".own_work", ".not_done_report")):
            continue
        # The teacher's commands take argparse's namespace: their command lines are tested with bad arguments.
        if ".classroom.teacher.commands" in info.name:
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if not name.startswith("_") and inspect.isfunction(value) and value.__module__ == info.name:
                found.append((name, value, None))
    # A name two modules define (rounds_frame, figure_png...) is qualified by its module under classroom
    # ("unigram.tables.rounds_frame"), so each gets its own entry in OVERRIDES.
    shared = {name for name, _, _ in found if sum(other == name for other, _, _ in found) > 1}
    return [
        (
            f"{function.__module__.removeprefix('wordpiece_lib.classroom.')}.{name}" if name in shared else name,
            function,
            _,
        )
        for name, function, _ in found
    ]


def classroom_values() -> dict[str, dict[str, Any]]:
    """Valid arguments for the classroom functions whose parameters mean something of their own."""
    import ast
    from pathlib import Path

    import ipywidgets
    import nbformat
    import pandas as pd

    from wordpiece_lib import longest_match_attempts
    from wordpiece_lib.classroom.bpe_comparison import combination_fertility_points
    from wordpiece_lib.classroom.display import new_figure, text_view
    from wordpiece_lib.classroom.fast_encoding import growth_counts
    from wordpiece_lib.classroom.other_languages import exponent_sweep
    from wordpiece_lib.classroom.runtime import write_bundle
    from wordpiece_lib.classroom.teacher.grading import Released
    from wordpiece_lib.classroom.top_down import TopDownRounds
    from wordpiece_lib.classroom.unigram import rounds_frame, sampling_frame, unigram_rounds
    from wordpiece_lib.data import datasets
    from wordpiece_lib.training import model_from_frequencies, substring_frequencies

    rounds = TopDownRounds({"hug": 10, "hugs": 5, "bugs": 5})
    sweep = exponent_sweep(
        {"en": {"hug": 10, "pug": 5, "pun": 12}, "de": {"hund": 5, "haus": 3}},
        exponents=[0.5, 1.0],
        vocab_size=30,
        phrases={"en": ["hug pug"], "de": ["hund haus"]},
    )
    tokenizer = WordPieceTokenizer(VOCAB)
    fertility = combination_fertility_points(TRACE, BPE, HUG, [12, 14])
    steps = list(PAPER.trace("abcdz"))
    hug_pug = datasets.hug_pug_counts()
    model = model_from_frequencies(substring_frequencies(hug_pug))
    unigram = unigram_rounds(hug_pug, model, 20)
    figure = _small_figure()
    letters = {"letters": list}  # an encoder: a word to its tokens
    checks = "wordpiece_lib.classroom.character_splitting.checks"
    return {
        "combination_fertility_curves": {"frame": fertility},
        "combination_fertility_table": {"sizes": [12, None]},
        "combination_fertility_points": {"sizes": [12, 14]},
        "explain_attempts": {
            "attempts": list(longest_match_attempts("hugs", VOCAB)),
            "shown": 1,
            "tokens": ["hug", "##s"],
        },
        "trie_layout": {"nodes": [0, 1, 2]},
        "fitted_slope": {"xs": [1, 10], "ys": [2, 20]},
        "fast_encoding.plots.growth_figure": {"table": growth_counts([1, 2, 3])},
        "big_corpora.plots.growth_figure": {
            "table": pd.DataFrame({"MB read": [1.0], "running words": [100.0], "distinct words": [50.0]})
        },
        "automaton_step_text": {"shown": 1},
        "describe_step": {"step": steps[4], "word": "abcdz"},
        "word_counts_frame": {"counts": HUG},
        "search_frame": {"result": wordpiece_lib.train_top_down(HUG, 30, ["[UNK]"], lower_thresh=1)},
        "score_heatmap": {"table": _score_table()},
        "score_bars": {"table": _score_table()},
        "text_fertility_curves": {"table": pd.DataFrame({"vocab size": [10, 20], "book": [2.0, 1.5]})},
        "touched_words": {"touched": [3, 2, 1], "total_words": 5},
        "speed_bars": {"table": pd.DataFrame({"trainer": ["ours", "peer"], "seconds": [1.0, 2.0]})},
        "text_fertility_table": {"texts": {"book": {"hug": 2, "pug": 1}}, "sizes": [12, 14]},
        "new_figure": {"width": 4.0, "height": 3.0},
        "fraction_text": {"value": 0.5},
        "score_bar_chart": {"names": ["a + b"], "scores": [Fraction(1, 2)], "title": "t", "xlabel": "x"},
        "threshold_curve": {"sizes": rounds.sizes_frame([1, 2, 5])},
        "round_sizes": {"frame": rounds.round_sizes_frame([1, 2])},
        "log_thresholds": {"lower": 1, "upper": 100},
        "top_down.widgets.rounds_frame": {"rounds": rounds},
        "unigram.tables.rounds_frame": {"rounds": unigram},
        "cache_key": {"modules": [math], "inputs": [1, "two"]},
        "step_box": {"description": "merges", "maximum": 4},
        "hand_on_focus": {"partners": {ipywidgets.Button(description="next"): ipywidgets.Button(description="back")}},
        "cached_json": {"kind": "squares", "key": "abc123", "compute": list, "dump": list, "load": list},
        "rounds_text": {"rounds": rounds},
        "length_histogram": {"lengths": [3, 5, 8]},
        "batch_figure": {"encodings": tokenizer.encode_batch(["hug pug", "pun"])},
        "token_spans_html": {"tokenizer": tokenizer, "text": "Hugs <b>pug</b>"},
        "language_colour": {"index": 1},
        "language_bars": {"values": {"en": 1.0, "de": 1.5}, "title": "t", "xlabel": "x"},
        "shares_and_fertility": {"sweep": sweep},
        "parity_by_exponent": {"sweep": sweep},
        "parity_by_size": {"sweep": sweep, "exponents": [0.5, 1.0], "sizes": [20, 30]},
        "language_word_lists": {"sizes": {"en": 10}},
        "exponent_sweep": {
            "corpora": {"en": {"hug": 10}, "de": {"hund": 5}},
            "exponents": [1.0],
            "vocab_size": 20,
            "phrases": {"en": ["hug"], "de": ["hund"]},
        },
        "exponent_text": {"sweep": sweep, "exponent": 1.0},
        "display.figures.figure_png": {"figure": figure},
        "other_languages.widgets.figure_png": {"figure": figure},
        "fresh_rng": {"exercise": "shout"},
        "start_notebook": {"title": "99 · a sweep"},
        "container_name": {"value": [1]},
        "in_container": {"value": ("h", "##u"), "kind": tuple, "what": "the best pair", "shape": "(left, right)"},
        "fresh_word": {"rng": random.Random(1)},
        "fresh_words": {"rng": random.Random(1), "count": 3},
        "fresh_counts": {"rng": random.Random(1), "count": 3},
        "shuffled": {"rng": random.Random(1), "items": ["hug", "pug"]},
        "hug_pug_like_counts": {"rng": random.Random(1)},
        "seconds_bars": {"table": pd.DataFrame({"how": ["one core", "two cores"], "seconds": [2.0, 1.1]})},
        "share": {"value": 0.25},
        "listing": {"items": ["hug", "pug"]},
        "normalise": {"line": "  a  b "},
        "solution_regions": {"source": "# BEGIN SOLUTION\nx = 1\n# END SOLUTION"},
        "answer_lines": {"texts": ["x = sorted(words, key=len)"]},
        "notebook_sources": {"folder": Path(__file__).parent},
        "given_lines": {"root": Path(__file__).parent},
        "checkout_answer_texts": {"root": Path(__file__).parent},
        "search": {"folder": Path(__file__).parent, "lines": ["never in any file here, not even this one"[::-1]]},
        "write_bundle": {"sources": {"toy": "ANSWERS = {}"}},
        "read_bundle": {"data": write_bundle({})},
        "answers_from_source": {"name": "toy", "source": "ANSWERS = {}", "filename": "<toy>"},
        "file_name": {"notebook": "01 · hugs"},
        "searched_lines": {"lines": ["x = sorted(words)"], "given": set()},
        "cell_text": {"value": 0.5},
        "data_table": {"columns": ["x"], "rows": [[1], [2]]},
        "describe": {"figure": figure, "title": "t", "summary": "A summary."},
        "plain_list": {"items": ["a", "b"]},
        "figure_html": {"figure": figure},
        "show_text": {"view": text_view()},
        "shown_text": {"view": text_view()},
        "figure_description": {"figure": figure},
        "figure_bundle": {"figure": figure},
        "text_alternative": {"figure": figure},
        "new_described_figure": {"width": 2.0, "height": 2.0},
        "prompt_outside": {
            "lines": ["# BEGIN SOLUTION", "n = 18", "# END SOLUTION"],
            "begin": "# BEGIN SOLUTION",
            "end": "# END SOLUTION",
        },
        "has_solution": {"source": "x = 1"},
        "answer_names": {"source": "y = TODO"},
        "defined_names": {"source": "x = 1"},
        "used_names": {"source": "y = f(x)"},
        "is_check_cell": {"source": "x = 1"},
        "check_calls": {"source": "x = 1", "answers": {"x"}},
        "source_text": {"cell": {"source": ["a\n", "b"]}},
        "context_cells": {"released": Released(Path("01.ipynb"), (), {}, ())},
        "graded_test": {
            "call": ast.parse("checks.check_split_word(split_with_prefix)", mode="eval").body,
            "modules": {"checks": checks},
            "points": {},
        },
        "convert": {"notebook": nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")]), "to": "otter"},
        # No notebooks, in otter's layout: nothing is written to folder.
        "export_notebooks": {"solutions": [], "to": "otter", "folder": Path(__file__).parent},
        "load_afresh": {"module": checks},
        "graded": {"module": checks, "check": "check_split_word"},
        "student_name": {"submission": Path("ada.ipynb"), "notebook": "01_character_splitting"},
        "to_plain": {"value": [1, "a"]},
        "lang_span": {"text": "hug", "language": "ru"},
        "mark_languages": {"frame": pd.DataFrame({"en": ["hug"]})},
        "language_marker": {"index": 1},
        "series_style": {"index": 1},
        "label_line_ends": {"axes": new_figure(2.0, 2.0)[1], "labels": [("a", 1.0, 1.0, "black")]},
        "lattice": {"model": model, "word": "hugs"},
        "training_curve": {"frame": rounds_frame(unigram), "title": "t"},
        "sampling_bars": {"frame": sampling_frame(model, "hugs", [0.5, 1.0], samples=20), "word": "hugs"},
        "three_way_bars": {"frame": pd.DataFrame()},
        "cut_fraction": {"pieces": ["p", "ug"], "frequencies": {"p": 17, "ug": 20, "u": 173}},
        "cuts_frame": {"model": model, "word": "hugs"},
        "removal_frame": {"model": model, "word_counts": hug_pug},
        "unigram_rounds": {"word_counts": hug_pug, "model": model, "vocab_size": 20},
        "tokens_per_word": {"encode": list, "word_counts": {"ab": 3, "c": 1}},
        "three_way_frame": {"encoders": letters, "held_out": {"ab": 1, "c": 1}},
        "overlap_frame": {"vocabs": {"a": {"x", "y"}, "b": {"y", "z"}}},
        "unseen_cuts": {"encoders": letters, "words": ["ab"]},
        "viterbi_steps": {"model": model, "word": "hugs"},
        "viterbi_text": {"model": model, "word": "hugs", "position": 1},
        "sampling_frame": {"model": model, "word": "hugs", "alphas": [0.5, 1.0]},
        "sample_counts": {"model": model, "word": "hugs", "alpha": 0.5, "samples": 20},
        **_real_tokenizer_values(tokenizer),
        **_grading_values(),
        **_similarity_values(),
        **_variant_values(),
    }


def _real_tokenizer_values(tokenizer: WordPieceTokenizer) -> dict[str, dict[str, Any]]:
    """Notebook 13's functions, on a toy tokenizer (any tokenizer of the pipeline will do)."""
    import pandas as pd

    from wordpiece_lib import explain

    tokenizers = {"toy": tokenizer}
    return {
        "cut_figure": {"cuts": {"toy": [("hug", 0, 3), ("##s", 3, 4)]}, "word": "hugs"},
        "tokens_per_word_bars": {"frame": pd.DataFrame({"tokenizer": ["toy"], "tokens per word": [1.5]})},
        "parts_frame": {"tokenizers": tokenizers},
        "real_tokenizers.tables.steps_frame": {"tokenizers": tokenizers, "text": "hugs"},
        "word_cuts": {"tokenizers": tokenizers, "word": "hugs"},
        "tokens_per_word_frame": {"tokenizers": tokenizers, "lines": ["hug pug", "hugs"]},
        "spans_html": {"tokenizer": tokenizer, "text": "hugs"},
        "story_html": {"story": explain(tokenizer, "hugs")},
        "explanation_html": {"tokenizer": tokenizer, "text": "hugs"},
    }


def _grading_values() -> dict[str, dict[str, Any]]:
    """The sandboxed grader's functions. Every call of the sweep has one wrong argument, refused before any
    kernel starts, sandbox is probed or process is waited for."""
    import os
    from pathlib import Path

    from wordpiece_lib.classroom.teacher.grading.sandbox import Limits

    released = Path(__file__).resolve().parents[2] / "notebooks" / "01_character_splitting.ipynb"
    return {
        "named_submissions": {"paths": ["ada.ipynb"], "notebook": "01_character_splitting"},
        "grade_all": {"released": released, "named": [(Path("ada.ipynb"), "ada")]},
        "judge_file": {"submission": Path("ada.ipynb"), "notebook": "01"},
        "write_table": {"rows": []},
        "find_notebook": {"folder": released.parent, "which": "01"},
        "kernel_environment": {"limits": Limits(), "data_dir": None, "mirrors": []},
        "notebook_modules": {"notebook": released},
        "notebook_data": {"notebook": released},
        "find_sandbox": {"limits": Limits()},
        # a container of the teacher's runtime (nothing is made or run: each call has one wrong argument)
        "find_container": {"runtime": "podman", "limits": Limits()},
        "kernel_container_name": {"sockets": Path("/tmp/kernel/sockets")},
        "make_root": {"root": Path("/nonexistent-wordpiece-sweep/root"), "mounts": []},
        "remedy": {"runtime": "podman", "trouble": "Error: crun: cgroups in hybrid mode not supported"},
        "shown_mounts": {"readable": [], "sockets": Path("/tmp/kernel/sockets")},
        "sandbox_pids": {"outer": os.getpid()},
        "wait_gone": {"pids": [os.getpid()]},
        # the verdict's: a check's own copy of its inputs, and what the kernel's copy became mirrored back
        "mirror": {"given": [1], "changed": [1, 2]},
        "own_copy": {"value": {"en": [1]}},
        "read_names": {"source": "x = f(y)"},
    }


def _variant_values() -> dict[str, dict[str, Any]]:
    """Graded variants: a course secret, a student, a variant id, an exercise's key, a roster."""
    from wordpiece_lib.classroom.teacher.roster import Student

    secret, variant = b"0123456789abcdef", "0123456789abcdef"
    return {
        "variant_id": {"secret": secret, "student": "ada"},
        "check_variant": {"variant": variant},
        "activate": {"variant": variant},
        "variant_active": {"variant": variant},
        "fresh_inputs_vary": {"key": "my_alphabet"},
        "variant_rng": {"variant": variant, "key": "my_alphabet"},
        "roster_submissions": {
            "paths": ["ada.ipynb"],
            "notebook": "01_character_splitting",
            "students": [Student("ada")],
            "secret": secret,
        },
        "variants_of": {"students": [Student("ada")], "secret": secret},
        # what a submission claims of its student and variant (never used, only noted)
        "variant_named": {"notebook": {"cells": [], "metadata": {}}},
        "claim_notes": {"notebook": {"cells": [], "metadata": {}}, "student": "ada", "variant": variant},
    }


def _similarity_values() -> dict[str, dict[str, Any]]:
    """``wordpiece classroom similarity``'s functions: a released answer cell, one student's code, a page."""
    from wordpiece_lib.classroom.teacher.similarity import OwnCode, Part, release_from_cells

    cells = [{"cell_type": "code", "id": "c1", "source": "best = TODO"}]
    code = OwnCode("ada", (Part("best", ("best = ('h', '##u')",), (True,)),))
    return {
        "line_shape": {"line": "best = ('h', '##u')"},
        "release_from_cells": {"cells": cells},
        "student_code": {"cells": cells, "release": release_from_cells(cells), "student": "ada"},
        "common_fingerprints": {"prints": [{1, 2}, {2}]},
        "similar_pairs": {"codes": [code, code]},
        "pairs_csv": {"pairs": []},
        "pairs_html": {"pairs": [], "notebook": "04_encoding", "students": ["ada"]},
    }


def _small_figure() -> Any:
    from wordpiece_lib.classroom.display import new_figure

    return new_figure(2, 2)[0]


def _score_table() -> Any:
    from wordpiece_lib.classroom.display import frames

    return frames.score_table(SPLITS, HUG)


def allows_none(parameter: inspect.Parameter) -> bool:
    annotation = str(parameter.annotation)
    return parameter.default is None or "None" in annotation or "Any" in annotation


def wrong_values(parameter: inspect.Parameter) -> list[Any]:
    if str(parameter.annotation).strip("'") == "Any":
        return []
    values: list[Any] = [WRONG]
    if not allows_none(parameter):
        values.append(None)
    annotation = str(parameter.annotation)
    if "int" in annotation and "str" not in annotation and "float" not in annotation:
        values.append(math.nan)
    return values


def sweep(callables: list[tuple[str, Callable[..., Any], Any]], tmp_path: Any) -> tuple[list[str], int, list[str]]:
    """Call each callable with one wrong argument at a time; (problems, calls made, callables skipped)."""
    problems: list[str] = []
    skipped: list[str] = []
    calls = 0
    for name, function, _ in callables:
        try:
            signature = inspect.signature(function)
        except (TypeError, ValueError):
            continue
        overrides = OVERRIDES.get(name, OVERRIDES.get(name.split(".")[0], {}))
        valid: dict[str, Any] = {}
        parameters = [
            p
            for p in signature.parameters.values()
            if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        missing = []
        for parameter in parameters:
            if parameter.name in overrides:
                valid[parameter.name] = overrides[parameter.name]
            elif parameter.default is not inspect.Parameter.empty:
                continue
            elif parameter.name == "path":
                valid["path"] = tmp_path / "out.txt"
            elif parameter.name in VALID and VALID[parameter.name] is not None:
                valid[parameter.name] = VALID[parameter.name]
            else:
                missing.append(parameter.name)
        if missing:
            skipped.append(f"{name} (no valid {', '.join(missing)})")
            continue
        for parameter in parameters:
            if parameter.name in UNCHECKED:
                continue
            for wrong in wrong_values(parameter):
                arguments = {**valid, parameter.name: wrong}
                positional = [arguments.pop(p.name) for p in parameters if p.kind == p.POSITIONAL_ONLY]
                calls += 1
                try:
                    result = function(*positional, **arguments)
                    if inspect.isgenerator(result):
                        list(result)
                except (TypeError, ValueError) as error:
                    if parameter.name not in str(error):
                        problems.append(f"{name}({parameter.name}={wrong!r}): {type(error).__name__}: {error}")
                except Exception as error:
                    problems.append(f"{name}({parameter.name}={wrong!r}): {type(error).__name__}: {error}")
                else:
                    problems.append(f"{name}({parameter.name}={wrong!r}): accepted")
    return problems, calls, skipped


def test_every_public_callable_names_a_wrong_argument(tmp_path: Any) -> None:
    problems, calls, skipped = sweep(public_callables(), tmp_path)
    assert calls > 300
    assert problems == []
    assert skipped == []


def test_every_widget_and_widget_method_names_a_wrong_argument(tmp_path: Any) -> None:
    problems, calls, skipped = sweep(widget_callables(), tmp_path)
    assert calls > 40
    assert problems == []
    assert skipped == []


def test_every_classroom_function_names_a_wrong_argument(tmp_path: Any) -> None:
    OVERRIDES.update(classroom_values())
    problems, calls, skipped = sweep(classroom_callables(), tmp_path)
    assert calls > 200
    assert problems == []
    assert skipped == []


def test_the_cases_the_issue_lists() -> None:
    """By name, so each stays covered whatever the sweep's registry holds."""
    from wordpiece_lib import encode_word, load_book

    with pytest.raises(TypeError, match="prefix must be a str, got NoneType"):
        encode_word("hugs", VOCAB, prefix=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="word_counts must be a WordCounts"):
        Trace(None, [], [])  # type: ignore[arg-type]
    for timeout in (-1, 0, "abc", math.nan, math.inf, None):
        with pytest.raises((TypeError, ValueError), match="timeout"):
            load_book(timeout=timeout)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lone surrogate"):
        Vocab(["[UNK]", "a\ud800"]).save("/nonexistent/never-written.txt")


def test_widget_go_refuses_none_and_nan() -> None:
    pytest.importorskip("ipywidgets")
    from wordpiece_lib.classroom.bpe_comparison import ParallelGrowth
    from wordpiece_lib.classroom.fast_encoding import AutomatonStepper
    from wordpiece_lib.classroom.merge_steps import MergeStepper
    from wordpiece_lib.classroom.top_down import ThresholdExplorer

    with pytest.raises(TypeError, match="wordpiece must be a Trace, got NoneType"):
        ParallelGrowth(None, BPE)  # type: ignore[arg-type]
    widgets = [MergeStepper(TRACE), ParallelGrowth(TRACE, BPE), AutomatonStepper(PAPER), ThresholdExplorer(HUG)]
    for widget in widgets:
        name = next(iter(inspect.signature(widget.go).parameters))
        for wrong in (None, math.nan, "3", 2.5):
            with pytest.raises(TypeError, match=f"{name} must be an int"):
                widget.go(wrong)
        widget.go(1)  # a NumPy integer from a slider or an array works too
        import numpy as np

        widget.go(np.int64(1))


#: The modules whose callables are not exported by ``wordpiece_lib`` but are public all the same: data
#: sets, streamed counting, counts files, trainer options, the model-input pieces.
MODULES = (
    "data.catalogue",
    "data.copies",
    "data.gutenberg",
    "counting.stream_count",
    "counting.files",
    "counting.counts_tsv",
    "counting.counts_settings",
    "counting.sources",
    "counting.textstream",
    "text.fast_split",
    "training.hf_options",
    "pipeline.encoding",
    "pipeline.template",
    "pipeline.truncation",
    "pipeline.added_tokens",
    "pipeline.decoder",
    "counting.synthetic",
)

#: Left out of the module sweep, with the reason.
NOT_SWEPT = {
    "download": "reaches the network; its arguments come from the data module's registry, checked there",
    "download_problem": "words an exception already caught; not called with a user's values",
    "DataSet": "a registry record; data sets are named, not built by users",
    "FilePart": "a record of a byte range, made by split_file",
    "open_part": "plumbing of read_blocks, which is swept",
    "decode_block": "plumbing of read_lines, which is swept",
    "check_utf8": "plumbing of count_into, which is swept",
    "is_binary_stream": "a predicate: any value is a fair question",
    "TemplatePiece": "a record of a parsed template, made by TemplateProcessing",
}


def module_callables() -> list[tuple[str, Callable[..., Any], Any]]:
    import importlib

    found: list[tuple[str, Callable[..., Any], Any]] = []
    for module_name in MODULES:
        module = importlib.import_module(f"wordpiece_lib.{module_name}")
        for name, value in vars(module).items():
            if name.startswith("_") or name in NOT_SWEPT or getattr(value, "__module__", "") != module.__name__:
                continue
            if inspect.isfunction(value) or (
                inspect.isclass(value) and not issubclass(value, BaseException) and name not in RECORDS
            ):
                found.append((name, value, None))
    return found


def module_values(corpus: Any) -> dict[str, dict[str, Any]]:
    """Valid arguments for the module callables whose parameters mean something of their own."""
    import io
    from collections import Counter

    from wordpiece_lib import data
    from wordpiece_lib.counting import FilePart, find_sources
    from wordpiece_lib.text import FastSplitter

    text_file = {"path": corpus}
    return {
        "fetch": {"name": "course-sentences"},
        "locate": {"name": "course-sentences"},
        "load_text": {"name": "course-sentences"},
        "fetch_command": {"name": "course-sentences"},
        "gutenberg_book": {"gutenberg_id": 120},
        "bundled_paths": {"dataset": data.DATASETS["course-sentences"]},
        "read_checked": {"dataset": data.DATASETS["course-sentences"], "path": data.fetch("course-sentences")},
        "wrap_width": {"lines": ["hug the pug", "and the bun"]},
        "unwrap": {"lines": ["hug the pug", "and the bun"], "width": 11},
        "count_files": {"inputs": [corpus]},
        "find_sources": {"inputs": [corpus]},
        "count_sources": {"sources": find_sources([corpus]), "splitter": FastSplitter()},
        "total_size": {"sources": find_sources([corpus])},
        "check_unchanged": {"sources": find_sources([corpus])},
        "check_sources": {"sources": find_sources([corpus])},
        "read_counts_settings": {"counts_path": corpus.with_name("counts.tsv")},
        "CountsSettings": {"lowercase": True},
        "count_part": {"part": FilePart(str(corpus)), "splitter": FastSplitter()},
        "count_into": {"part": FilePart(str(corpus)), "splitter": FastSplitter(), "counts": Counter()},
        "merge_counts": {"partials": [{"hug": 1}, {"pug": 2}]},
        "resolve_workers": {"workers": 1},
        "save_counts": {"counts": HUG},
        "write_counts": {"counts": HUG, "stream": io.BytesIO()},
        "load_counts": {"path": corpus.with_name("counts.tsv")},
        "check_savable": {"word": "hug"},
        "expand_inputs": {"patterns": [corpus]},
        "check_file": text_file,
        "split_file": {**text_file, "part_bytes": 8},
        "read_blocks": {"part": corpus},
        "read_lines": text_file,
        "compression": text_file,
        "split_rule": {"normalizer": wordpiece_lib.BertNormalizer(), "pretokenizer": "bert"},
        "check_min_frequency": {"value": 2},
        "check_limit_alphabet": {"value": 3},
        "check_initial_alphabet": {"value": "ab"},
        "check_characters": {"value": "ab", "name": "characters"},
        "words_within": {"characters": "hugps"},
        "initial_pieces": {"characters": "hug", "prefix": "##", "marker": None},
        "apply_alphabet_options": {"limit_alphabet": None, "initial_alphabet": ""},
        "check_same_length": {"encodings": WordPieceTokenizer(VOCAB).encode_batch(["hug", "pug"])},
        "write_corpus": {"weights": {"hug": 2.0, "pug": 1.0}, "size_bytes": 100},
        "glob_files": {"pattern": str(corpus.parent / "*.txt")},
        "read_added_tokens": {"added_tokens": [], "vocab": VOCAB},
    }


def test_every_callable_of_the_streaming_data_and_model_input_modules_names_a_wrong_argument(tmp_path: Any) -> None:
    corpus = tmp_path / "out.txt"
    corpus.write_text("hug the pug\nhug the bun\n", encoding="utf-8")
    (tmp_path / "counts.tsv").write_text("hug\t2\npug\t1\n", encoding="utf-8")
    OVERRIDES.update(module_values(corpus))
    problems, calls, skipped = sweep(module_callables(), tmp_path)
    assert calls > 150
    assert problems == []
    assert skipped == []


def test_the_workbook_and_its_exercises_name_a_wrong_argument(tmp_path: Any) -> None:
    from wordpiece_lib.classroom import runtime as frame

    exercises = [frame.Exercise("shout", "Your turn 1 · shout", hints=("str has a method",), answer="`upper`")]
    workbook = frame.Workbook("99 · a sweep", exercises)
    OVERRIDES.update({"Workbook": {"notebook": "99 · a sweep", "exercises": exercises}, "Exercise": {}})
    VALID.update({"key": "shout", "title": "Your turn 1 · shout"})
    callables: list[tuple[str, Callable[..., Any], Any]] = [
        ("Exercise", frame.Exercise, None),
        ("Workbook", frame.Workbook, None),
        ("show_answer", frame.show_answer, None),
    ]
    for method_name in ("check", "attempt", "show_answer"):
        callables.append((f"Workbook.{method_name}", getattr(workbook, method_name), workbook))
    try:
        problems, calls, skipped = sweep(callables, tmp_path)
    finally:
        del VALID["key"], VALID["title"]
        frame.WORKBOOKS.pop("99 · a sweep", None)
    assert calls > 10
    assert problems == []
    assert skipped == []
