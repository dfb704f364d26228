"""Notebook 08's stepper driven headless, its figures, and its checks against right, wrong and stub answers.

Expected values come from hand calculation on the paper's example vocab
(``a abcdx ##b ##c ##cdy ##dz``) and from longest-match-first (``encode_word``),
the plain algorithm LinMaxMatch must agree with.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordpiece_lib import LinMaxMatch, Vocab, encode_word, longest_match_attempts
from wordpiece_lib.classroom.display import shown_text
from wordpiece_lib.classroom.fast_encoding import (
    AutomatonStepper,
    automaton_step_text,
    check_emitted_at,
    check_failure,
    count_lookups,
    count_moves,
    drawable_nodes,
    fitted_slope,
    growth_counts,
    growth_figure,
    steps_frame,
    trie_figure,
    trie_layout,
    trie_svg,
)

pytest.importorskip("ipywidgets")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

PAPER = ["a", "abcdx", "##b", "##c", "##cdy", "##dz"]
TOKEN_VOCAB = ["t", "to", "tok", "token", "tokenize", "##e", "##en", "##ed", "##i", "##k", "##n", "##s", "##z"]
SKIPPED = pytest.skip.Exception


@pytest.fixture(scope="module")
def paper():
    return LinMaxMatch(PAPER)


@pytest.fixture(scope="module")
def token_automaton():
    return LinMaxMatch(TOKEN_VOCAB)


def output_text(stepper) -> str:
    return shown_text(stepper.output)  # what the page shows, read back from the view's HTML


def svg_root(markup: str) -> ElementTree.Element:
    return ElementTree.fromstring(markup)


# ---------------------------------------------------------------- the stepper


def test_stepper_starts_before_the_first_move(paper):
    stepper = AutomatonStepper(paper, "abcdz")
    assert stepper.position == 0
    assert stepper.readout.value == "move 0 of 9"
    assert "Before the first move: at START" in stepper.text
    assert stepper.text.endswith("Tokens so far: (none yet)")
    assert stepper.first.disabled and stepper.previous.disabled
    assert not stepper.next.disabled and not stepper.last.disabled
    assert output_text(stepper).strip() == stepper.text
    assert stepper.view.value == stepper.html and "<svg" in stepper.html


def test_stepper_walks_abcdz_as_worked_out_by_hand(paper):
    stepper = AutomatonStepper(paper, "abcdz")
    for _ in range(4):
        stepper.next.click()
    assert "read 'd' (position 3): follow the edge abc -> abcd" in stepper.text
    assert "Now at: abcd   read so far: 'abcd'" in stepper.text
    stepper.next.click()  # abcd has no edge z: pops a ##b, link to ##cd
    assert "abcd has no edge 'z', so emit its failure pops [a, ##b] and follow its failure link to ##cd" in stepper.text
    assert stepper.text.endswith("Tokens so far: a ##b")
    assert "failure link abcd -&gt; ##cd" in stepper.html
    stepper.next.click()  # ##cd has no edge z either: pops ##c, link to ##d
    assert "##cd has no edge 'z', so emit its failure pops [##c] and follow its failure link to ##d" in stepper.text
    stepper.previous.click()
    assert stepper.position == 5 and stepper.text.endswith("Tokens so far: a ##b")
    stepper.last.click()
    assert stepper.position == 9
    assert "Result: a ##b ##c ##dz" in stepper.text
    assert list(stepper.steps[-1].tokens) == encode_word("abcdz", PAPER) == ["a", "##b", "##c", "##dz"]


def test_stepper_ends_are_harmless(paper):
    stepper = AutomatonStepper(paper, "abcdx")
    stepper.previous.click()
    stepper.first.click()
    assert stepper.position == 0
    stepper.last.click()
    end = stepper.position
    assert end == len(stepper.steps) and stepper.next.disabled and stepper.last.disabled
    stepper.next.click()
    stepper.last.click()
    assert stepper.position == end
    stepper.go(10_000)
    assert stepper.position == end
    stepper.go(-3)
    assert stepper.position == 0
    stepper.go(end)
    assert "Result: abcdx" in stepper.text


def test_typing_a_new_word_restarts(paper):
    stepper = AutomatonStepper(paper, "abcdz")
    stepper.last.click()
    stepper.word_box.value = "abd"
    assert stepper.position == 0 and stepper.readout.value == f"move 0 of {len(stepper.steps)}"
    stepper.last.click()
    assert "[UNK] at the end of the word: ##d is pending and has NO failure link" in stepper.text
    assert "Result: [UNK]" in stepper.text
    stepper.word_box.value = "  "
    assert stepper.text == "Type a word above." and stepper.steps == []
    assert stepper.next.disabled and stepper.previous.disabled
    stepper.next.click()
    assert stepper.position == 0


def test_unk_in_the_middle_and_too_long_words(paper):
    stepper = AutomatonStepper(paper, "abcz")
    stepper.last.click()
    assert "[UNK] at 'z' (position 3): ## (root) has no edge 'z' and NO failure link" in stepper.text
    long_word = "a" * (paper.max_input_chars_per_word + 1)
    stepper.word_box.value = long_word
    stepper.last.click()
    assert f"the word has {len(long_word)} characters, more than 100" in stepper.text
    assert stepper.position == 1


def test_static_text_and_table_agree_with_the_stepper(paper):
    stepper = AutomatonStepper(paper, "abcdy")
    frame = steps_frame(paper, "abcdy")
    assert len(frame) == len(stepper.steps)
    for shown in range(len(stepper.steps) + 1):
        stepper.go(shown)
        assert stepper.text == automaton_step_text(paper, "abcdy", shown)
    assert list(frame["kind"]) == [step.kind for step in paper.trace("abcdy")]
    assert frame["tokens so far"].iloc[-1] == " ".join(encode_word("abcdy", PAPER))


def test_svg_is_well_formed_and_highlights_the_current_node(paper):
    stepper = AutomatonStepper(paper, "abcdz")
    stepper.go(5)  # just followed abcd -> ##cd
    root = svg_root(stepper._view.svg(5))
    paths = [element for element in root.iter() if element.tag.endswith("path") and element.get("stroke")]
    red = [path for path in paths if path.get("stroke") == "#d62728"]
    assert len(red) == 1 and "abcd -> ##cd" in red[0].find("{http://www.w3.org/2000/svg}title").text
    assert len(list(root.iter("{http://www.w3.org/2000/svg}rect"))) == len(drawable_nodes(paper))
    current = [rect for rect in root.iter("{http://www.w3.org/2000/svg}rect") if rect.get("stroke-width") == "3"]
    assert len(current) == 1 and current[0].get("fill") == "#fdae61"
    labels = [text.text for text in root.iter("{http://www.w3.org/2000/svg}text")]
    for label in ["START", "##", "a", "abcd", "abcdx", "##cd", "##dz", "[a, ##b]", "no link"]:
        assert label in labels
    assert "[UNK]" not in labels and "#" not in labels  # the start trie's copies are not drawn
    stepper.go(4)  # a read step: no link is red
    root = svg_root(stepper._view.svg(4))
    assert not [e for e in root.iter() if e.tag.endswith("path") and e.get("stroke") == "#d62728"]


def test_two_drawings_on_one_page_do_not_share_marker_ids(paper):
    first, second = trie_svg(paper, "ab"), trie_svg(paper, "ab")
    ids = [svg_root(markup).find(".//{http://www.w3.org/2000/svg}marker").get("id") for markup in (first, second)]
    assert ids[0] != ids[1]


def test_stepper_has_an_html_fallback_and_builds_from_a_token_list():
    stepper = AutomatonStepper(PAPER, "ab")
    bundle = stepper._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "<svg" in bundle["text/html"]
    with pytest.raises(TypeError, match="vocab must be a LinMaxMatch or a list of tokens"):
        AutomatonStepper("abc")


def test_big_vocab_draws_only_what_the_word_visits(bert_vocab_path):
    automaton = LinMaxMatch(Vocab.load(bert_vocab_path))
    nodes = drawable_nodes(automaton, "unaffable")
    assert set(nodes) == set(automaton.relevant_nodes("unaffable")) and len(nodes) < 40
    stepper = AutomatonStepper(automaton, "unaffable")
    stepper.last.click()
    assert stepper.text.endswith("Tokens so far: " + " ".join(automaton.encode_word("unaffable")))
    assert stepper.html.count("<rect") == len(nodes)


# ---------------------------------------------------------------- figures


def test_layout_puts_parents_over_their_children(paper):
    nodes = drawable_nodes(paper)
    layout = trie_layout(paper, nodes)
    for node in nodes:
        info = paper.node(node)
        if info.children:
            xs = [layout[child][0] for _, child in info.children if child in layout]
            assert layout[node][0] == pytest.approx((min(xs) + max(xs)) / 2)
            assert all(layout[child][1] == layout[node][1] + 1 for _, child in info.children if child in layout)
    start_xs = [layout[n][0] for n in nodes if not paper.node(n).continuation]
    continuation_xs = [layout[n][0] for n in nodes if paper.node(n).continuation]
    assert max(start_xs) < min(continuation_xs)
    with pytest.raises(ValueError, match="but not its parent"):
        trie_layout(paper, [paper.find("abcd")])


def test_trie_figure_labels_nodes_pops_and_followed_links(paper):
    figure = trie_figure(paper, "abcdz")
    axes = figure.axes[0]
    texts = [text.get_text() for text in axes.texts]
    for label in ["START", "abcd", "##cd", "[a, ##b]", "[##c]", "no link"]:
        assert label in texts
    red = [patch for patch in axes.patches if matplotlib.colors.to_hex(patch.get_edgecolor()) == "#d62728"]
    followed = {(s.node, s.next_node) for s in paper.trace("abcdz") if s.kind == "fail"}
    assert len(red) == len(followed) == 3
    bare = trie_figure(paper, show_links=False, show_pops=False)
    assert not bare.axes[0].patches and "[a, ##b]" not in [t.get_text() for t in bare.axes[0].texts]
    with pytest.raises(TypeError, match="automaton must be a LinMaxMatch"):
        trie_figure(PAPER)


def test_counts_match_the_formulas_and_the_library():
    table = growth_counts([1, 5, 10, 40])
    assert list(table["longest_match_lookups"]) == [n * (n + 1) // 2 for n in (1, 5, 10, 40)]
    assert list(table["linmaxmatch_moves"]) == [2 * n for n in (1, 5, 10, 40)]
    vocab = {"[UNK]", "hug", "##s", "p", "##u", "##g", "##gs"}
    for word in ["hugs", "pugs", "pug", "mug", "hugsu"]:
        assert count_lookups(word, vocab) == len(list(longest_match_attempts(word, vocab)))
    automaton = LinMaxMatch(sorted(vocab))
    assert count_moves(automaton, "pugs") == 4 + len(automaton.encode_word("pugs"))  # 4 reads, one pop per token


def test_slopes_tell_linear_from_quadratic():
    table = growth_counts([100, 200, 400, 800])
    assert fitted_slope(table["length"], table["longest_match_lookups"]) == pytest.approx(2.0, abs=0.01)
    assert fitted_slope(table["length"], table["linmaxmatch_moves"]) == pytest.approx(1.0)
    figure = growth_figure(table)
    legend = [text.get_text() for text in figure.axes[0].get_legend().get_texts()]
    assert legend == ["longest match: vocab lookups (slope 2.00)", "LinMaxMatch: moves (slope 1.00)"]
    table["linmaxmatch_seconds"] = [1e-6 * n for n in table["length"]]
    assert len(growth_figure(table).axes) == 2
    with pytest.raises(ValueError, match="positive"):
        fitted_slope([1, 2], [0, 1])
    with pytest.raises(TypeError, match="length"):
        growth_figure(table.drop(columns="length"))


# ---------------------------------------------------------------- checks


LETTERS = "abc"
tokens_strategy = st.lists(
    st.one_of(st.text(LETTERS, min_size=1, max_size=3), st.text(LETTERS, min_size=1, max_size=3).map("##".__add__)),
    min_size=1,
    max_size=8,
    unique=True,
)


def failure_by_definition(vocab: set[str], continuation_nodes: set[str], text: str, continuation: bool):
    """Failure pops and link straight from their definition (greedy longest match until the rest is a ## node)."""
    pops: list[str] = []
    rest = text
    while True:
        if pops and rest in continuation_nodes:
            return pops, rest
        first = not pops and not continuation
        shortest = 1 if first else 3
        for end in range(len(rest), shortest - 1, -1):
            if rest[:end] in vocab:
                pops.append(rest[:end])
                rest = "##" + rest[end:]
                break
        else:
            return None, None


@settings(max_examples=60, deadline=None)
@given(tokens_strategy)
def test_checks_accept_the_definition_and_the_encoder(tokens):
    automaton = LinMaxMatch(tokens)
    vocab = set(tokens)
    continuation_nodes = {"##"} | {
        "##" + token[2:end] for token in tokens if token.startswith("##") for end in range(3, len(token) + 1)
    }
    for node in drawable_nodes(automaton, max_nodes=10_000):
        info = automaton.node(node)
        if node < 2:
            continue
        pops, link = failure_by_definition(vocab, continuation_nodes, info.text, info.continuation)
        if link is None:
            assert info.failure_link is None
            check_failure([], None, automaton, info.text, continuation=info.continuation)
        else:
            check_failure(pops, link, automaton, info.text, continuation=info.continuation)
    for word in ["abcab", "aab", "cba", "abca"]:
        tokens_out = encode_word(word, vocab)
        assert automaton.encode_word(word) == tokens_out
        fail_positions = {step.position for step in automaton.trace(word) if step.kind == "fail"}
        for position in fail_positions:
            emitted = [
                t for s in automaton.trace(word) if s.kind == "fail" and s.position == position for t in s.emitted
            ]
            check_emitted_at(emitted, automaton, word, position)


def test_pops_stopped_early_are_told_so_without_quoting_what_is_left(token_automaton):
    """The rest after the pops ('##iz' here) would give the next pop and the link away: the message never quotes it."""
    with pytest.raises(AssertionError) as told:
        check_failure(["token"], "##iz", token_automaton, "tokeniz", source="")
    message = str(told.value)
    assert "stop too early" in message
    assert "##iz" not in message and "'##i'" not in message and "'##z'" not in message
