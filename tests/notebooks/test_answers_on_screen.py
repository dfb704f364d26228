"""The reader of answers on screen finds an answer that a cell prints or a sentence states, and nothing else.

``test_notebooks.py::test_no_answer_is_on_screen_before_it_is_asked`` runs it on every executed student
notebook; here it reads small notebooks made by hand (nothing is executed).
"""

from __future__ import annotations

import pytest
from data_helpers import skip_or_fail

nbformat = pytest.importorskip("nbformat")


def notebook(*cells):
    made = nbformat.v4.new_notebook()
    made.cells = list(cells)
    return made


def printed(text: str):
    cell = nbformat.v4.new_code_cell("print(...)")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
    return cell


@pytest.fixture(scope="module")
def reader():
    from notebooks import answers_on_screen as screen  # it puts the mutation suite on the path

    missing = screen.exercise_cases.data_missing("treasure-island")
    if missing is not None:
        skip_or_fail(missing)
    return screen.answers_on_screen


def test_a_printed_answer_and_a_sentence_that_states_one_are_found(reader):
    found = reader(
        notebook(
            nbformat.v4.new_markdown_cell("The token `rum` sits at `treasure_text[27:30]`."),
            printed("kept of the first text, of the second: (13, 8)\n"),
            printed("decoded: pieces of eight! it ' s flint's parrot.\n"),
        ),
        "10",
    )
    assert sorted({line.split(":")[0] for line in found}) == ["decoded", "kept", "rum_offsets"], found


def test_the_exercise_s_own_data_and_other_numbers_are_not_taken_for_answers(reader):
    found = reader(
        notebook(
            nbformat.v4.new_markdown_cell("A pair has a first text of 30 tokens and a second of 8; `max_length` is 24."),
            printed("Yo-ho-ho,\u200b and a bottle of RÚM!\n['yo', '-', 'ho', '-', 'ho', ',', 'and', 'a', 'bottle', 'of', 'rum', '!']\n"),
        ),
        "10",
    )
    assert found == []
