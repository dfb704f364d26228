"""``wordpiece classroom similarity``: a class where two students share an answer, and everyone else wrote their own.

The class (``similarity_class.py``) is notebook 04 as seven students hand it
in, each with data of their own as a graded release would give: ``bob`` took
``ada``'s answers, renamed every variable and reordered lines; ``cy``,
``dee``, ``eve`` wrote their own; ``fay`` and ``gus`` wrote what the worked
solution has. Every answer is first run through the notebook's own checks,
so "correct" is the notebook's verdict, not this file's.
"""

from __future__ import annotations

import csv
import html.parser
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from similarity_class import CLASS, COPIED, NOTEBOOK, RELEASED_04, released, submission, write_class

from wordpiece_lib.classroom.teacher.commands import main

pytest.importorskip("copydetect", reason="copydetect is missing: pip install wordpiece-lib[grading]")

ROOT = Path(__file__).resolve().parents[2]


def similarity(*arguments: object) -> int:
    return main(["similarity", *map(str, arguments)])


def rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def listed(path: Path) -> set[tuple[str, str]]:
    return {(row["student_a"], row["student_b"]) for row in rows(path) if row["student_b"]}


@pytest.fixture(scope="module")
def class_folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    folder = tmp_path_factory.mktemp("class")
    return folder, write_class(folder)


def test_every_answer_of_the_class_is_correct_by_the_notebooks_checks(fresh_start):
    from wordpiece_lib import train_bottom_up
    from wordpiece_lib.classroom.encoding import checks
    from wordpiece_lib.data import datasets

    trace = train_bottom_up(datasets.hug_pug_counts(), vocab_size=100, special_tokens=["[UNK]"])
    puns_trace = train_bottom_up({**datasets.hug_pug_counts(), "puns": 6}, vocab_size=100, special_tokens=["[UNK]"])
    for student, answers in CLASS.items():
        namespace: dict[str, object] = {}
        for source in answers.values():
            exec(source, namespace)  # this file's own answers
        checks.check_longest_match(namespace["my_encode"])
        checks.check_decode(namespace["my_decode"])
        checks.check_replay_differs(namespace["my_word"], puns_trace, before=trace)
        assert student  # each student's three checks passed (a failing check raises)


def test_the_copied_pair_is_found_and_no_other_pair_is_flagged(class_folder):
    folder, paths = class_folder
    assert similarity(*paths, "--notebook", "04", "-o", folder / "pairs.csv", "--html", folder / "pairs.html") == 0
    assert listed(folder / "pairs.csv") == {COPIED}
    (row,) = rows(folder / "pairs.csv")
    assert float(row["score"]) >= 0.5 and int(row["shared_lines"]) >= 3
    # both code answers are among the shared ones: the renaming and the reordering hid neither
    assert {"my_encode", "my_decode"} <= set(row["exercises"].split("; "))
    page = (folder / "pairs.html").read_text(encoding="utf-8")
    assert "ada and bob" in page and page.count('<section aria-labelledby="pair-') == 1


def test_every_other_pair_shares_less_than_the_copied_one(class_folder):
    folder, paths = class_folder
    assert similarity(*paths, "--notebook", "04", "-o", folder / "all.csv", "--threshold", "0", "--min-lines", "0") == 0
    table = rows(folder / "all.csv")
    assert len(table) == len(CLASS) * (len(CLASS) - 1) // 2  # threshold 0: every pair
    scores = {(row["student_a"], row["student_b"]): float(row["score"]) for row in table}
    copied = scores.pop(COPIED)
    assert max(scores.values()) < 0.5 <= copied


def test_the_worked_solution_is_what_keeps_two_answers_like_it_apart(class_folder, tmp_path):
    """fay's and gus's answers are the worked solution's, renamed: without the solution they would be a pair."""
    _, paths = class_folder
    no_solution = tmp_path / "released-only.ipynb"
    no_solution.write_text(RELEASED_04.read_text(encoding="utf-8"), encoding="utf-8")
    assert similarity(*paths, "--notebook", "04", "-o", tmp_path / "with.csv") == 0
    assert similarity(*paths, "--notebook", "04", "-o", tmp_path / "without.csv", "--solution", no_solution) == 0
    assert ("fay", "gus") not in listed(tmp_path / "with.csv")
    assert ("fay", "gus") in listed(tmp_path / "without.csv")


def renamed(answers: dict[str, str], names: dict[str, str]) -> dict[str, str]:
    """``answers`` with every whole-word name of ``names`` replaced (another student's rename)."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    return {key: pattern.sub(lambda found: names[found.group()], source) for key, source in answers.items()}


def test_code_more_than_common_of_the_class_wrote_is_not_counted(tmp_path):
    """Two more students with ada's answers, renamed: ada's code is then in four of nine (bob's reordered copy too).

    Counted as shared at --common 0.5 (four is not more than half of nine); at --common 0.3, what three or more
    of them have is what the class writes, and no pair is left.
    """
    hal = renamed(CLASS["ada"], {"result": "parts", "candidate": "guess", "found": "hit", "text": "joined", "t": "x"})
    jo = renamed(CLASS["ada"], {"result": "kept", "candidate": "option", "found": "match", "text": "line", "t": "y"})
    paths = write_class(tmp_path, {**CLASS, "hal": hal, "jo": jo})
    assert similarity(*paths, "--notebook", "04", "-o", tmp_path / "half.csv") == 0
    assert similarity(*paths, "--notebook", "04", "-o", tmp_path / "third.csv", "--common", "0.3") == 0
    copiers = ["ada", "bob", "hal", "jo"]
    assert listed(tmp_path / "half.csv") == {(one, other) for one in copiers for other in copiers if one < other}
    assert listed(tmp_path / "third.csv") == set()


def test_a_graded_release_s_own_data_are_given_lines(class_folder):
    """Each student's released cells have numbers of their own; those lines are the release's, never compared."""
    from wordpiece_lib.classroom.teacher.similarity import release_from_cells, student_code

    release = release_from_cells(released()["cells"])
    for seed, (student, answers) in enumerate(CLASS.items(), start=1):
        code = student_code(submission(answers, seed)["cells"], release, student)
        encode = next(part for part in code.parts if part.label == "my_encode")
        set_up = [mine for line, mine in zip(encode.lines, encode.own) if "marker_trace = train_bottom_up" in line]
        assert set_up == [False]  # vocab_size=100 + seed there: given all the same
        assert f"vocab_size={100 + seed}" in "\n".join(encode.lines)
        assert not any("raise NotImplementedError" in line for part in code.parts for line in part.own_lines)


def test_the_command_defaults_are_the_comparison_s_defaults():
    """The command's module names them again (its --help loads nothing): they must not drift apart."""
    from wordpiece_lib.classroom.teacher.commands import build_parser
    from wordpiece_lib.classroom.teacher.similarity import fingerprints

    parser = build_parser()
    args = parser.parse_args(["similarity", "x.ipynb", "--notebook", "04", "-o", "x.csv"])
    assert (args.threshold, args.min_lines, args.min_match, args.common) == (
        fingerprints.DEFAULT_THRESHOLD,
        fingerprints.DEFAULT_MIN_LINES,
        fingerprints.DEFAULT_MIN_MATCH,
        fingerprints.DEFAULT_COMMON,
    )


def test_help_loads_neither_copydetect_nor_the_comparison():
    code = (
        "import sys\nfrom wordpiece_lib.cli import main\nmain(['classroom', '--help'])\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert "similarity" in done.stdout  # listed among the commands
    loaded = done.stdout.strip().splitlines()[-1].split()
    assert "copydetect" not in loaded and "matplotlib" not in loaded
    assert not [name for name in loaded if name.startswith("wordpiece_lib.classroom.teacher.similarity")]


# ---------------------------------------------------------------------------------------------- bad submissions


def _deep_json(path: Path) -> None:
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")


def _oversized(path: Path) -> None:
    from wordpiece_lib.classroom.teacher.similarity import MAX_NOTEBOOK_BYTES

    with open(path, "wb") as handle:
        handle.truncate(MAX_NOTEBOOK_BYTES + 1)  # sparse: nothing is written, the size is what counts


BAD = {
    "python": (lambda path: path.write_text("print('not a notebook')\n"), "not JSON"),
    "binary": (lambda path: path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe"), "not UTF-8"),
    "list": (lambda path: path.write_text("[1, 2, 3]"), "no list of cells"),
    "cells": (lambda path: path.write_text('{"cells": {"0": {}}}'), "no list of cells"),
    "cell": (lambda path: path.write_text('{"cells": ["x = 1"]}'), "cell 0 is not a cell"),
    "source": (lambda path: path.write_text('{"cells": [{"cell_type": "code", "source": 7}]}'), "source is not text"),
    "deep": (_deep_json, "nested too deeply"),
    "digits": (lambda path: path.write_text('{"cells": [], "n": ' + "7" * 5000 + "}"), "not JSON"),
    "huge": (_oversized, "bytes; a notebook may have at most"),
    "folder": (lambda path: path.mkdir(), "not a regular file"),
    "pipe": (lambda path: os.mkfifo(path), "not a regular file"),
}


@pytest.fixture
def bad_class(tmp_path: Path) -> tuple[list[Path], dict[str, Path]]:
    paths = write_class(tmp_path, {name: CLASS[name] for name in ("ada", "bob", "cy")})
    bad = {}
    for name, (make, _) in BAD.items():
        path = tmp_path / f"{name}.ipynb"
        make(path)
        bad[name] = path
    bad["missing"] = tmp_path / "missing.ipynb"
    return paths, bad


def test_each_bad_submission_gets_a_row_and_one_line_naming_it(bad_class, tmp_path, capsys):
    paths, bad = bad_class
    assert (
        similarity(
            *paths, *bad.values(), "--notebook", "04", "-o", tmp_path / "pairs.csv", "--html", tmp_path / "p.html"
        )
        == 0
    )
    said = capsys.readouterr().err.splitlines()
    table = rows(tmp_path / "pairs.csv")
    assert listed(tmp_path / "pairs.csv") == {COPIED}  # the others were still compared
    notes = {row["student_a"]: row["note"] for row in table if row["note"]}
    assert set(notes) == set(bad)
    for name, path in bad.items():
        expected = BAD[name][1] if name in BAD else "cannot be read"
        assert notes[name].startswith(f"not compared: {path}: ") and expected in notes[name], notes[name]
        assert [line for line in said if str(path) in line] == [f"{notes[name]}"], said
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert all(html_text(str(path)) in page for path in bad.values())


def test_a_file_name_that_holds_a_line_break_is_still_one_line(class_folder, tmp_path, capsys):
    _, paths = class_folder
    evil = tmp_path / "eve\nerror: \x1b[2Jforged.ipynb"
    evil.write_text("not json", encoding="utf-8")
    assert similarity(*paths[:2], evil, "--notebook", "04", "-o", tmp_path / "pairs.csv", "--quiet") == 0
    said = capsys.readouterr().err
    assert said.startswith(f"not compared: {tmp_path}/eve\\nerror: \\x1b[2Jforged.ipynb: not a notebook"), said
    assert said.count("\n") == 1 and "\x1b" not in said


def test_the_command_line_says_it_in_lines_never_a_traceback(bad_class, tmp_path):
    paths, bad = bad_class
    done = subprocess.run(
        [
            *(sys.executable, "-m", "wordpiece_lib", "classroom", "similarity"),
            *map(str, [*paths, *bad.values()]),
            *("--notebook", "04", "-o", str(tmp_path / "pairs.csv")),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len([line for line in lines if line.startswith("not compared: ")]) == len(bad)
    assert lines[-1] == f"compared 3 submissions (3 pairs): 1 listed, {len(bad)} not compared"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--threshold", "2"], "--threshold: 2 is not a number from 0 to 1"),
        (["--threshold", "half"], "--threshold"),
        (["--common", "1"], "--common must be below 1"),
        (["--min-match", "0"], "--min-match must be 5 or more"),
        (["--min-lines", "-1"], "--min-lines must be 0 or more"),
        (["--notebook", "99"], "--notebook 99: no notebook of that name"),
        (["--solution", "nowhere.ipynb"], "--solution: nowhere.ipynb is not a file"),
    ],
)
def test_a_bad_option_is_one_line_and_nothing_is_written(class_folder, tmp_path, capsys, arguments, message):
    _, paths = class_folder
    output = tmp_path / "pairs.csv"
    notebook = [] if "--notebook" in arguments else ["--notebook", "04"]
    assert similarity(*paths[:2], *notebook, *arguments, "-o", output) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1 and message in error, error
    assert not output.exists()


def test_two_files_of_one_student_or_an_output_onto_a_submission_are_refused(class_folder, tmp_path, capsys):
    _, paths = class_folder
    copy = tmp_path / "ada" / f"{NOTEBOOK}.ipynb"
    copy.parent.mkdir()
    copy.write_bytes(paths[0].read_bytes())
    assert similarity(paths[0], copy, "--notebook", "04", "-o", tmp_path / "pairs.csv") == 2
    assert "are both from the student 'ada'" in capsys.readouterr().err
    before = paths[1].read_bytes()
    assert similarity(*paths[:2], "--notebook", "04", "-o", tmp_path / "x.csv", "--html", paths[1]) == 2
    assert "is a submission" in capsys.readouterr().err
    assert paths[1].read_bytes() == before and not (tmp_path / "x.csv").exists()


# ---------------------------------------------------------------------------------------------- hostile text


HOSTILE = "</code></pre><script>window.__pwned=1</script><img src=x onerror=window.__pwned=2>"
#: A student's name a spreadsheet would run, and that is markup too (a file name may hold either).
HOSTILE_NAME = '=HYPERLINK("x")<b onmouseover=alert(1)>'


class Elements(html.parser.HTMLParser):
    """Every element a page has, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def html_text(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def hostile_class(folder: Path) -> list[Path]:
    """ada and a copier named HOSTILE_NAME, both with HOSTILE in their answer (so it is shown), and cy."""
    marked = {key: source.replace('"""Glue', f'"""{HOSTILE}\\nGlue') for key, source in CLASS["ada"].items()}
    marked["my_decode"] = marked["my_decode"].replace(
        '    text = ""', f'    text = ""  # {HOSTILE}\n    noted = "{HOSTILE}"'
    )
    copier = renamed(marked, {"result": "got", "candidate": "c", "found": "f", "text": "s", "t": "p"})
    return write_class(folder, {"ada": marked, HOSTILE_NAME: copier, "cy": CLASS["cy"]})


def test_the_page_shows_hostile_text_as_text_and_the_table_is_spreadsheet_safe(tmp_path):
    paths = hostile_class(tmp_path)
    page_path, table_path = tmp_path / "pairs.html", tmp_path / "pairs.csv"
    assert similarity(*paths, "--notebook", "04", "-o", table_path, "--html", page_path) == 0
    page = page_path.read_text(encoding="utf-8")
    parsed = Elements()
    parsed.feed(page)
    assert not {"script", "img", "b", "iframe"} & set(parsed.tags), sorted(set(parsed.tags))
    shown = "".join(parsed.text)
    assert HOSTILE in shown and HOSTILE_NAME in shown  # on the page as text, whole
    assert "default-src 'none'" in page  # and the page would run nothing even if a piece were markup
    (row,) = [row for row in rows(table_path) if row["student_b"]]
    assert {row["student_a"], row["student_b"]} == {"ada", "'" + HOSTILE_NAME}
    raw = table_path.read_text(encoding="utf-8")
    assert not re.search(r"(^|,)\"?=HYPERLINK", raw, re.MULTILINE)


def test_the_files_are_written_atomically_and_left_alone_on_a_usage_error(class_folder, tmp_path):
    _, paths = class_folder
    table = tmp_path / "pairs.csv"
    table.write_text("the teacher's old table\n", encoding="utf-8")
    assert similarity(*paths[:3], "--notebook", "04", "-o", table, "--threshold", "7") == 2
    assert table.read_text(encoding="utf-8") == "the teacher's old table\n"
    assert similarity(*paths[:3], "--notebook", "04", "-o", table) == 0
    assert table.read_text(encoding="utf-8").startswith("student_a,student_b,score")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["pairs.csv"]  # no temporary file left


def test_the_table_can_go_to_standard_output(class_folder, capsys):
    _, paths = class_folder
    assert similarity(*paths, "--notebook", "04", "-o", "-", "--quiet") == 0
    captured = capsys.readouterr()
    table = list(csv.DictReader(io.StringIO(captured.out)))
    assert {(row["student_a"], row["student_b"]) for row in table} == {COPIED}
    assert captured.err == ""


def test_a_notebook_without_ids_is_matched_by_its_answer_names(tmp_path):
    """An older nbformat has no cell ids: each answer cell is found by the names it defines, as grade finds it."""
    paths = write_class(tmp_path, {name: CLASS[name] for name in ("ada", "bob", "cy", "dee")})
    for path in paths:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            cell.pop("id", None)
        path.write_text(json.dumps(notebook), encoding="utf-8")
    assert similarity(*paths, "--notebook", "04", "-o", tmp_path / "pairs.csv") == 0
    assert listed(tmp_path / "pairs.csv") == {COPIED}


def test_the_benchmark_runs_on_a_small_class_and_says_what_it_measured():
    """The speed goal lives in benchmarks/similarity_speed.py; here only that it runs and prints its three lines."""
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "similarity_speed.py"),
            *("--class", "4", "--outputs", "0.01"),
            "--repeat",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3, lines
    assert re.fullmatch(
        r"similarity over 4 submissions of 04_encoding \(0\.01 MB of outputs each\): \d+\.\d s, best of 1 "
        r"\((within|OVER) the 30 s goal\)",
        lines[0],
    ), lines[0]
    listed = re.fullmatch(r"pairs listed: (\d+) of 6", lines[1])
    assert listed and 0 <= int(listed.group(1)) <= 6, lines[1]
    assert re.fullmatch(
        r"machine: \d+ cores, load average \d+\.\d over the last minute; the command used \d+\.\d s of CPU", lines[2]
    ), lines[2]


def test_without_copydetect_the_command_says_what_to_install(class_folder, tmp_path, capsys, monkeypatch):
    _, paths = class_folder
    monkeypatch.setitem(sys.modules, "copydetect", None)  # as if it were not installed
    assert similarity(*paths[:2], "--notebook", "04", "-o", tmp_path / "pairs.csv") == 2
    error = capsys.readouterr().err
    assert error == (
        "error: `wordpiece classroom similarity` needs copydetect, which is not installed: "
        'pip install "wordpiece-lib[grading]"\n'
    )
    assert not (tmp_path / "pairs.csv").exists()
