"""Progress a teacher can collect: a file beside each notebook, read back after a kernel restart, merged by a command.

The workbooks here are the course's own (notebook 01's checks) or made in the test; each writes
its progress file into a temporary folder. A real Jupyter kernel is restarted once, to see the
file carry the progress over.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordpiece_lib.classroom.runtime import PROGRESS_DIR_VARIABLE, Exercise, Workbook, file_name
from wordpiece_lib.classroom.teacher.commands import main

ROOT = Path(__file__).resolve().parents[2]


def toy_workbook(folder: Path, name: str = "97 · progress") -> tuple[Workbook, object]:
    """A workbook of two exercises in ``folder`` and the check of the first one (a number that must be 3)."""
    book = Workbook(
        name,
        [Exercise("three", "Your turn 1 · three", answer="`three = 3`"), Exercise("other", "Your turn 2 · other")],
        progress_folder=folder,
    )

    @book.check("three")
    def check_three(answer):
        if answer != 3:
            raise AssertionError("count again")

    return book, check_three


def wrong(check, value) -> None:
    with pytest.raises(AssertionError):
        check(value)


def test_every_check_writes_the_file_and_a_new_workbook_reads_it_back(tmp_path):
    _book, check = toy_workbook(tmp_path)
    wrong(check, 2)
    wrong(check, 4)
    path = tmp_path / ".wordpiece-progress-97.json"
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["notebook"] == "97 · progress"
    assert saved["exercises"]["three"]["status"] == "wrong (2 tries)"
    assert saved["exercises"]["three"]["when"]  # the time of the last change
    assert saved["exercises"]["other"] == {**saved["exercises"]["other"], "status": "not started", "tries": 0}
    again, check_again = toy_workbook(tmp_path)  # what a restarted kernel does when it imports the checks
    assert again.attempt("three").tries == 2
    check_again(3)
    assert "the answer" not in repr(again.progress())
    assert repr(again.progress()).splitlines()[1].endswith("done")
    assert json.loads(path.read_text(encoding="utf-8"))["exercises"]["three"]["was_done"] is False


def test_an_answer_seen_and_a_reset_are_kept_too(tmp_path):
    book, check = toy_workbook(tmp_path)
    wrong(check, 2)
    assert book.show_answer("three").startswith("A worked answer")
    assert toy_workbook(tmp_path)[0].attempt("three").status() == "wrong (1 try), answer seen"
    book.reset()
    assert toy_workbook(tmp_path)[0].attempt("three").status() == "not started"


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder this user cannot write to: made read-only, or (for root, who writes anywhere) a sysfs folder."""
    if os.name != "posix":
        pytest.skip("needs POSIX permissions")
    if os.geteuid() != 0:
        folder = tmp_path / "read-only"
        folder.mkdir()
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    folder = Path("/sys/kernel")
    if not folder.is_dir():
        pytest.skip("running as root with no read-only folder to try")
    yield folder


def test_a_read_only_folder_keeps_progress_in_memory_and_says_so(read_only_folder):
    book, check = toy_workbook(read_only_folder)
    wrong(check, 2)
    shown = repr(book.progress())
    assert "wrong (1 try)" in shown  # still counted, in this kernel
    assert "kept in memory only" in shown and str(read_only_folder) in shown and "restart" in shown
    assert "kept in memory only" in book.progress()._repr_html_()
    assert not (read_only_folder / ".wordpiece-progress-97.json").exists()
    check(3)
    assert "done" in repr(book.progress())


def test_a_damaged_file_is_named_and_progress_starts_afresh(tmp_path):
    (tmp_path / ".wordpiece-progress-97.json").write_text("{not json", encoding="utf-8")
    book, check = toy_workbook(tmp_path)
    assert book.attempt("three").tries == 0
    assert "could not be read" in repr(book.progress()) and "not JSON" in repr(book.progress())
    check(3)  # the next check writes a good file over it
    assert "could not be read" not in repr(book.progress())
    assert toy_workbook(tmp_path)[0].attempt("three").done


def test_outside_a_kernel_nothing_is_written_unless_a_folder_is_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(PROGRESS_DIR_VARIABLE, raising=False)
    _book, check = toy_workbook(None)  # a plain Python session, as in a test run
    wrong(check, 2)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setenv(PROGRESS_DIR_VARIABLE, str(tmp_path / "chosen"))
    (tmp_path / "chosen").mkdir()
    _book, check = toy_workbook(None, "96 · chosen")
    wrong(check, 2)
    assert [path.name for path in (tmp_path / "chosen").iterdir()] == [file_name("96 · chosen")]


def test_progress_files_are_ignored_by_git(tmp_path):
    for place in ("notebooks", "notebooks/solutions", "elsewhere/deeper"):
        done = subprocess.run(
            ["git", "check-ignore", "--no-index", "-q", f"{place}/.wordpiece-progress-01.json"], cwd=ROOT, check=False
        )
        assert done.returncode == 0, place


KERNEL_CELLS = [
    "from wordpiece_lib.classroom.character_splitting import checks",
    "try:\n    checks.check_split_word(list)\nexcept AssertionError:\n    pass\nprint(repr(checks.progress()))",
]


def test_a_real_kernel_restart_keeps_the_progress(tmp_path):
    """In a Jupyter kernel started in the notebook's folder, a wrong try survives a restart of the kernel."""
    jupyter_client = pytest.importorskip("jupyter_client")
    manager = jupyter_client.KernelManager(kernel_name="python3")
    environment = {key: value for key, value in os.environ.items() if key != PROGRESS_DIR_VARIABLE}
    manager.start_kernel(cwd=str(tmp_path), env=environment)
    try:

        def run(code: str) -> str:
            client = manager.client()
            client.start_channels()
            try:
                client.wait_for_ready(timeout=60)
                output: list[str] = []
                reply = client.execute_interactive(
                    code,
                    timeout=120,
                    output_hook=lambda message: output.append(message["content"].get("text", "")),
                )
                assert reply["content"]["status"] == "ok", reply["content"]
                return "".join(output)
            finally:
                client.stop_channels()

        run(KERNEL_CELLS[0])
        assert "wrong (1 try)" in run(KERNEL_CELLS[1])
        manager.restart_kernel(now=True)
        run(KERNEL_CELLS[0])
        assert "the ## split (split_with_prefix): wrong (1 try)" in run("print(repr(checks.progress()))")
        assert "wrong (2 tries)" in run(KERNEL_CELLS[1])
    finally:
        manager.shutdown_kernel(now=True)
    assert [path.name for path in tmp_path.iterdir()] == [".wordpiece-progress-01.json"]


# ---------------------------------------------------------------- wordpiece classroom progress


def class_of_three(root: Path) -> list[Path]:
    """Three students' folders: ann did the toy exercise, bob got it wrong twice, cat never opened it."""
    folders = []
    for student, answers in (("ann", [3]), ("bob", [2, 4]), ("cat", [])):
        folder = root / student / "wordpiece" / "notebooks"
        folder.mkdir(parents=True)
        _book, check = toy_workbook(folder)
        for answer in answers:
            with contextlib.suppress(AssertionError):
                check(answer)
        if not answers:
            (folder / file_name("97 · progress")).unlink(missing_ok=True)
            _other, check_other = toy_workbook(folder, "98 · another notebook")
            wrong(check_other, 1)
        folders.append(root / student)
    return folders


def test_the_command_merges_the_class_into_one_table(tmp_path, capsys):
    folders = class_of_three(tmp_path)
    (tmp_path / "ann" / ".venv").mkdir()  # never searched
    (tmp_path / "ann" / ".venv" / ".wordpiece-progress-97.json").write_text("{}", encoding="utf-8")
    out = tmp_path / "class.csv"
    assert main(["progress", *map(str, folders), "-o", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    table = {(row["student"], row["notebook"][:2], row["exercise"]): row for row in rows}
    assert len(rows) == 6
    assert table[("ann", "97", "three")]["status"] == "done"
    assert (
        table[("bob", "97", "three")]["status"] == "wrong (2 tries)" and table[("bob", "97", "three")]["tries"] == "2"
    )
    assert table[("bob", "97", "other")]["status"] == "not started"
    assert table[("cat", "98", "three")]["status"] == "wrong (1 try)"
    assert table[("ann", "97", "three")]["title"] == "Your turn 1 · three"
    assert "6 rows from 3 students" in capsys.readouterr().err


def test_the_plot_counts_done_wrong_and_not_started_per_exercise(tmp_path):
    pytest.importorskip("matplotlib")
    from wordpiece_lib.classroom.teacher.commands.progress import collect, tally

    folders = class_of_three(tmp_path)
    rows, problems = collect(map(str, folders))
    assert problems == []
    counts = tally(rows)
    assert counts[("97 · progress", "three")] == {"done": 1, "wrong": 1, "not started": 1, "edited by hand?": 0}
    assert counts[("98 · another notebook", "three")] == {"done": 0, "wrong": 1, "not started": 2, "edited by hand?": 0}
    png = tmp_path / "class.png"
    assert main(["progress", *map(str, folders), "-o", str(tmp_path / "c.csv"), "--plot", str(png), "--quiet"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_student_with_no_progress_file_gets_not_started_rows_for_every_exercise(tmp_path):
    folders = class_of_three(tmp_path)
    empty = tmp_path / "dee"
    (empty / "notebooks").mkdir(parents=True)
    out = tmp_path / "class.csv"
    assert main(["progress", *map(str, folders), str(empty), "-o", str(out), "--quiet"]) == 0
    rows = [row for row in csv.DictReader(out.open(encoding="utf-8")) if row["student"] == "dee"]
    assert sorted((row["notebook"][:2], row["exercise"]) for row in rows) == [
        ("97", "other"),
        ("97", "three"),
        ("98", "other"),
        ("98", "three"),
    ]
    assert {row["status"] for row in rows} == {"not started"}


def edit_by_hand(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda data: data["exercises"]["three"].update(status="done", done=False), "status done but done is false"),
        (lambda data: data["exercises"]["three"].update(tries=-3), "negative tries"),
        (lambda data: data["exercises"].update(extra={"status": "done", "done": True}), "not an exercise"),
        (lambda data: data["exercises"]["three"].update(when="2999-01-01T00:00:00+00:00"), "a date in the future"),
    ],
)
def test_a_file_that_contradicts_itself_is_marked_and_counted_apart(tmp_path, change, reason):
    folders = class_of_three(tmp_path)
    edit_by_hand(folders[1] / "wordpiece" / "notebooks" / file_name("97 · progress"), change)
    out = tmp_path / "class.csv"
    assert main(["progress", *map(str, folders), "-o", str(out), "--quiet"]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    bobs = [row for row in rows if row["student"] == "bob" and row["notebook"].startswith("97")]
    assert bobs and all(row["check"].startswith("edited by hand?") and reason in row["check"] for row in bobs)
    assert all(row["check"] == "" for row in rows if row["student"] != "bob")
    from wordpiece_lib.classroom.teacher.commands.progress import collect, tally

    counts = tally(collect(map(str, folders))[0])[("97 · progress", "three")]
    assert counts["edited by hand?"] == 1 and counts["done"] + counts["wrong"] + counts["not started"] == 2


def test_text_a_spreadsheet_would_run_is_written_as_text(tmp_path):
    folders = class_of_three(tmp_path)
    edit_by_hand(
        folders[0] / "wordpiece" / "notebooks" / file_name("97 · progress"),
        lambda data: data["exercises"]["three"].update(title='=HYPERLINK("http://x","click")'),
    )
    out = tmp_path / "class.csv"
    assert main(["progress", *map(str, folders), "-o", str(out), "--quiet"]) == 0
    titles = [row["title"] for row in csv.DictReader(out.open(encoding="utf-8")) if row["student"] == "ann"]
    assert '\'=HYPERLINK("http://x","click")' in titles
    assert not any(title.startswith("=") for title in titles)


def test_bad_input_is_named_and_exits_2(tmp_path, capsys):
    folders = class_of_three(tmp_path)
    bad = tmp_path / "dan"
    bad.mkdir()
    (bad / ".wordpiece-progress-01.json").write_text('{"format": "other"}', encoding="utf-8")
    out = tmp_path / "class.csv"
    assert main(["progress", str(folders[0]), str(bad), "-o", str(out)]) == 0  # the others are still merged
    assert "is not a progress file" in capsys.readouterr().err
    assert main(["progress", str(bad), "-o", str(out)]) == 2
    assert "no progress file could be read" in capsys.readouterr().err
    assert main(["progress", str(tmp_path / "nobody"), "-o", str(out)]) == 2
    assert main(["progress", str(folders[0]), "-o", str(out), "--plot", "class.svg"]) == 2
    assert main(["progress", str(folders[0])]) == 2  # no -o
    assert "-o" in capsys.readouterr().err


def test_the_command_runs_from_the_command_line(tmp_path):
    folders = class_of_three(tmp_path)
    for launcher in ([sys.executable, "-m", "wordpiece_lib"], [str(Path(sys.executable).parent / "wordpiece")]):
        done = subprocess.run(
            [*launcher, "classroom", "progress", *map(str, folders), "-o", "-"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[0].startswith("student,notebook,exercise")
        missing = subprocess.run(
            [*launcher, "classroom", "progress"], capture_output=True, text=True, timeout=120, check=False
        )
        assert missing.returncode == 2 and missing.stderr.startswith("error:")


def test_without_matplotlib_the_plot_says_which_pip_command_gives_it(tmp_path, capsys, monkeypatch):
    folders = class_of_three(tmp_path)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    out = tmp_path / "class.csv"
    assert main(["progress", *map(str, folders), "-o", str(out), "--plot", str(tmp_path / "class.png")]) == 2
    assert 'pip install "wordpiece-lib[kernel]"' in capsys.readouterr().err
    assert not out.exists()  # it stopped before writing anything
