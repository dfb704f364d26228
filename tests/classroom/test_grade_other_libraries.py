"""Issue 40.1 and 40.5 under ``wordpiece classroom grade``: the grader refuses what the notebook's checks refuse.

Submissions of notebooks 01 and 04 where Hugging Face's ``tokenizers`` does the
work: a function answer (its WordPiece model; a decoder made in an earlier cell
and kept in a default argument), a value worked out in the answer cell, and one
worked out in an earlier cell the learner added and only copied by the answer
cell. And the learner's own answer after a refused try, under the same name,
which is done. One run of the command grades them, in sandboxed kernels.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import pytest
import submissions
from exercise_cases.hugging_face import HAVE_TOKENIZERS

pytestmark = pytest.mark.skipif(not HAVE_TOKENIZERS, reason="Hugging Face tokenizers is not installed")

ROOT = Path(__file__).resolve().parents[2]
RELEASED_04 = ROOT / "notebooks" / "04_encoding.ipynb"

HF_SPLIT = (
    "from tokenizers import models\n\n"
    "def split_with_prefix(word):\n"
    "    vocab = {p: n for n, p in enumerate(['[UNK]', *word, *('##' + c for c in word)])}\n"
    "    return [t.value for t in models.WordPiece(vocab, unk_token='[UNK]').tokenize(word)]\n"
)
HF_ALPHABET = (
    "from tokenizers import Tokenizer, models, trainers\n"
    "hf = Tokenizer(models.WordPiece(unk_token='[UNK]'))\n"
    "hf.train_from_iterator(['bun', 'bug', 'gnu'], trainers.WordPieceTrainer(vocab_size=9, show_progress=False))\n"
    "my_alphabet = [t for t in sorted(hf.get_vocab(), key=hf.get_vocab().get) if len(t.strip('#')) == 1]\n"
)
#: An earlier cell works it out with Hugging Face; the answer cell only copies the name.
HF_EARLIER = HF_ALPHABET.replace("my_alphabet =", "mine =")
COPIES = "my_alphabet = mine\n"
#: The learner's own function under the very name of the refused try, then the answer from it.
OWN_UNDER_THE_SAME_NAME = "def mine():\n    return ['b', 'g', '##u', '##n', '##g']\n"
OWN_ANSWER = "my_alphabet = mine()\n"

HF_ENCODE = (
    "from tokenizers import models\n\n"
    "def my_encode(word, vocab):\n"
    "    plain = {t[1:] if t.startswith('_') else t if t == '[UNK]' else '##' + t for t in vocab}\n"
    "    model = models.WordPiece({t: n for n, t in enumerate(sorted(plain))}, unk_token='[UNK]')\n"
    "    cut = [t.value for t in model.tokenize(word)]\n"
    "    return [t if t == '[UNK]' else t[2:] if t.startswith('##') else '_' + t for t in cut]\n"
)
HF_DECODER_EARLIER = "from tokenizers import decoders\nglue = decoders.WordPiece(cleanup=False)\n"
HF_DECODE = "def my_decode(tokens, tool=glue):\n    return tool.decode(tokens)\n"


def with_cells_before(notebook: dict, answer: str, cells: list[str], released: Path = submissions.RELEASED_01) -> dict:
    """``notebook`` with ``cells`` (the learner's) inserted just before the cell that asks for ``answer``."""
    notebook = copy.deepcopy(notebook)
    ids = submissions.answer_cell_ids(submissions.load(released))
    index = next(i for i, cell in enumerate(notebook["cells"]) if cell.get("id") == ids[answer])
    for offset, source in enumerate(cells):
        notebook["cells"].insert(index + offset, submissions.code_cell(source, f"mine{offset}"))
    return notebook


#: Every run's options: a kernel may take a minute (Hugging Face's import included), two at a time.
OPTIONS = ("--timeout", "60", "--jobs", "2", "-o", "grades.csv")


def grade(paths: list[str], notebook: str, cwd: Path) -> dict[str, dict[str, dict[str, str]]]:
    result = subprocess.run(
        [sys.executable, "-m", "wordpiece_lib", "classroom", "grade", *paths, "--notebook", notebook, *OPTIONS],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr
    return submissions.graded_rows(cwd / "grades.csv")


@pytest.fixture(scope="module")
def graded_01(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, dict[str, str]]]:
    folder = tmp_path_factory.mktemp("other_libraries_01")
    right = dict(submissions.RIGHT_01)
    kinds = {
        "hf_in_the_answer": submissions.submission(
            {**right, "split_with_prefix": HF_SPLIT, "my_alphabet": HF_ALPHABET}
        ),
        "hf_earlier": with_cells_before(
            submissions.submission({**right, "my_alphabet": COPIES}), "my_alphabet", [HF_EARLIER]
        ),
        "own_after_refused": with_cells_before(
            submissions.submission({**right, "my_alphabet": OWN_ANSWER}),
            "my_alphabet",
            [HF_EARLIER, COPIES, OWN_UNDER_THE_SAME_NAME],
        ),
    }
    paths = [str(submissions.write(notebook, folder / f"{kind}.ipynb")) for kind, notebook in kinds.items()]
    return grade(paths, "01", folder)


def test_a_function_hugging_face_works_is_refused_by_grade_as_in_the_notebook(graded_01):
    row = graded_01["hf_in_the_answer"]["split_with_prefix"]
    assert row["status"] == "wrong" and row["points"] == "0", row
    assert "another tokenizer library did the work" in row["feedback"] and "Hugging Face" in row["feedback"], row
    assert graded_01["hf_in_the_answer"]["count_words"]["status"] == "done"


def test_a_value_hugging_face_works_out_in_the_answer_cell_is_refused_by_grade(graded_01):
    row = graded_01["hf_in_the_answer"]["my_alphabet"]
    assert row["status"] == "wrong" and "another tokenizer library did the work" in row["feedback"], row
    assert "which ran in your answer cell" in row["feedback"], row


def test_a_value_worked_out_in_an_earlier_cell_and_copied_is_refused_by_grade(graded_01):
    row = graded_01["hf_earlier"]["my_alphabet"]
    assert row["status"] == "wrong", row
    assert "earlier cell computed with it" in row["feedback"] and "`mine`" in row["feedback"], row


def test_an_own_answer_after_a_refused_try_under_the_same_name_is_done_in_grade(graded_01):
    rows = graded_01["own_after_refused"]
    assert rows["my_alphabet"]["status"] == "done", rows["my_alphabet"]["feedback"]
    assert all(row["status"] == "done" for row in rows.values()), {k: r["feedback"] for k, r in rows.items()}


def test_notebook_04s_encoder_and_decoder_through_hugging_face_are_refused_by_grade(tmp_path):
    """The issue's first finding: 04's "write it yourself" exercises answered by Hugging Face, accepted before."""
    base = submissions.submission({"my_encode": HF_ENCODE, "my_decode": HF_DECODE}, released=RELEASED_04)
    notebook = with_cells_before(base, "my_decode", [HF_DECODER_EARLIER], RELEASED_04)
    path = submissions.write(notebook, tmp_path / "hf_04.ipynb")
    rows = grade([str(path)], "04", tmp_path)["hf_04"]
    for key in ("my_encode", "my_decode"):
        assert rows[key]["status"] == "wrong", rows[key]
        assert "another tokenizer library did the work" in rows[key]["feedback"], rows[key]
