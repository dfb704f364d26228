"""Issue 40.1 and 40.5 in a real kernel: IPython's cells, its input history and the answer watch around each cell.

Solution notebooks cut to their set-up cells and a few cells of a student's: Hugging Face
does an exercise's work (refused, saying so), then the student's own answer under the same
name (done). A check cell that is meant to fail carries the ``raises-exception`` tag, so the
run goes on to the student's next try, as in a notebook.
"""

from __future__ import annotations

import importlib.util

import pytest
from notebooks.test_notebooks import SOLUTION, cut_to

nbformat = pytest.importorskip("nbformat")
pytestmark = pytest.mark.skipif(importlib.util.find_spec("tokenizers") is None, reason="needs Hugging Face tokenizers")

MY_DECODE_CHECK = "%%ipytest\ndef test_my_decode():\n    checks.check_decode(my_decode)"
FIRST_THREE_CHECK = "%%ipytest\ndef test_first_three():\n    checks.check_merges(first_three, variant, 3)"
VARIANT = 'variant = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}'
OWN_DECODE = (
    "def my_decode(tokens):\n    words = []\n    for token in tokens:\n"
    "        if token.startswith('##') and words:\n            words[-1] += token[2:]\n"
    "        else:\n            words.append(token)\n    return ' '.join(words)"
)


def cell(source: str, *, fails: bool = False):
    return nbformat.v4.new_code_cell(source, metadata={"tags": ["raises-exception"]} if fails else {})


def outputs(notebook) -> list[str]:
    return ["".join(str(output.get("text", "")) + str(output.get("evalue", "")) for output in c.outputs) for c in notebook]


def test_in_a_kernel_a_decoder_of_hugging_faces_is_refused_then_the_own_one_under_the_same_name_passes():
    path = next(path for path in SOLUTION if path.name.startswith("04_"))
    error, output = cut_to(
        path,
        cell("from tokenizers import decoders\nglue = decoders.WordPiece(cleanup=False)"),
        cell("def my_decode(tokens):\n    return glue.decode(tokens)"),
        cell(MY_DECODE_CHECK),
    )
    assert error is not None, "Hugging Face's decoder did the work: the check must fail"
    assert "another tokenizer library did the work" in output and "Hugging Face `tokenizers`" in output, output
    error, output = cut_to(
        path,
        cell("from tokenizers import decoders\nmy_decode = decoders.WordPiece(cleanup=False).decode"),
        cell(MY_DECODE_CHECK, fails=True),
        cell(OWN_DECODE),
        cell(MY_DECODE_CHECK),
    )
    assert error is None, f"the own decoder, after a refused try under the same name, must pass: {output}"


def test_in_a_kernel_merges_hugging_face_trained_in_an_earlier_cell_are_refused_then_an_own_function_passes():
    path = next(path for path in SOLUTION if path.name.startswith("03_"))
    trained = (
        "from tokenizers import Tokenizer, models, trainers\n" + VARIANT + "\n"
        "hf = Tokenizer(models.WordPiece(unk_token='[UNK]'))\n"
        "hf.train_from_iterator([w for w, c in variant.items() for _ in range(c)],"
        " trainers.WordPieceTrainer(vocab_size=30, show_progress=False))\n"
        "mine = [t for t, n in sorted(hf.get_vocab().items(), key=lambda item: item[1]) if len(t) > 3][:3]"
    )
    error, output = cut_to(path, cell(trained), cell("first_three = mine"), cell(FIRST_THREE_CHECK))
    assert error is not None, "the merges were Hugging Face's: the check must fail"
    assert "`mine`, which an earlier cell computed with it" in output, output
    assert "another tokenizer library did the work" in output, output
    error, output = cut_to(
        path,
        cell(trained),
        cell("first_three = mine"),
        cell(FIRST_THREE_CHECK, fails=True),
        cell("def mine():\n    return ['##gs', 'hu', 'hug']  # scored by hand"),
        cell("first_three = mine()"),
        cell(FIRST_THREE_CHECK),
    )
    assert error is None, f"the own answer under the refused try's name must pass: {output}"
