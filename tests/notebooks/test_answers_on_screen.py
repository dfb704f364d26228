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


def test_a_rule_a_summary_or_a_table_that_gives_an_exercise_away_is_found(reader):
    """The places a fresh reader found (issue 40, point 8): each was missed before."""
    rule = nbformat.v4.new_markdown_cell(
        "What is left is easy to say: a substring keeps **the count of the words in\n"
        "which it runs to the end of the word**."
    )
    assert [line.split(":")[0] for line in reader(notebook(rule), "05")] == ["hug_keeps"]
    summary = nbformat.v4.new_markdown_cell("* names become whole, and a token need not be a word of the book (`hug`).")
    assert [line.split(":")[0] for line in reader(notebook(summary), "07")] == ["predicted_split"]
    table = printed("           lowercased   uncased BERT\nがっこう   がっこう     かっこう\n")
    assert {line.split(":")[0] for line in reader(notebook(table), "09")} == {"merged_groups"}


def test_the_rewritten_places_tell_nothing(reader):
    rule_hidden = nbformat.v4.new_markdown_cell("* names become whole, and a token need not be a word of the book.")
    assert reader(notebook(rule_hidden), "07") == []
    other_words = printed("           lowercased   uncased BERT\nFußball    fußball      fußball\nぎんこう   ぎんこう     きんこう\n")
    assert reader(notebook(other_words), "09") == []
