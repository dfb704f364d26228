"""LinMaxMatch and the fast whole-text path give exactly the tokens of longest-match-first.

The reference is ``wordpiece_lib.model.longest_match.encode_word`` (and ``WordPieceTokenizer``
for whole texts); the peer is Hugging Face ``tokenizers`` on BERT's vocab. The
hand-worked example is the vocab of Song et al. (2021), Figure 1.
"""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordpiece_lib import (
    BertNormalizer,
    FastNormalizer,
    FastWordPieceTokenizer,
    LinMaxMatch,
    Vocab,
    WordCounts,
    WordPieceTokenizer,
    bert_split,
    encode_word,
    longest_match_attempts,
    trace_automaton,
    train_bottom_up,
)
from wordpiece_lib.model import CONTINUATION, START
from wordpiece_lib.text import normalizes_alone

PAPER_VOCAB = ["[UNK]", "a", "abcdx", "##b", "##c", "##cdy", "##dz"]


def reference_words(plain: WordPieceTokenizer, text: str) -> list[str]:
    """The plain pipeline, spelled out (``WordPieceTokenizer.tokenize`` may itself use the fast path)."""
    return plain.pretokenize(plain.normalize(text))


def reference_tokens(plain: WordPieceTokenizer, text: str) -> list[str]:
    options = {"prefix": plain.prefix, "unk_token": plain.vocab.unk_token}
    limit = plain.max_input_chars_per_word
    return [
        token
        for word in reference_words(plain, text)
        for token in encode_word(word, plain.vocab, max_input_chars_per_word=limit, **options)
    ]


@pytest.fixture(scope="module")
def paper() -> LinMaxMatch:
    return LinMaxMatch(PAPER_VOCAB)


# -- the worked example, by hand ----------------------------------------------------------------------------------


def test_paper_example_failure_links_and_pops(paper: LinMaxMatch) -> None:
    # Worked by hand from the definitions in the module docstring.
    continuation = {
        # continuation trie: label -> (failure link label, failure pops)
        "##b": ("##", ("##b",)),
        "##c": ("##", ("##c",)),
        "##cd": ("##d", ("##c",)),
        "##cdy": ("##", ("##cdy",)),
        "##d": (None, ()),
        "##dz": ("##", ("##dz",)),
    }
    expected = {
        # start trie: label -> (failure link label, failure pops)
        "a": ("##", ("a",)),
        "ab": ("##b", ("a",)),
        "abc": ("##c", ("a", "##b")),
        "abcd": ("##cd", ("a", "##b")),
        "abcdx": ("##", ("abcdx",)),
        # the start trie also holds the '##' tokens as plain strings, linked as in the continuation trie
        "#": (None, ()),
        "##": (None, ()),
        **continuation,
        "[": (None, ()),
        "[U": (None, ()),
        "[UN": (None, ()),
        "[UNK": (None, ()),
        "[UNK]": ("##", ("[UNK]",)),
    }
    seen = {}
    for node in paper.nodes:
        if node.id in (START, CONTINUATION):
            assert node.failure_link is None and node.failure_pops == ()
            continue
        link = None if node.failure_link is None else paper.label(node.failure_link)
        if node.failure_link is not None:
            assert paper.node(node.failure_link).continuation, "failure links always lead into the continuation trie"
        seen[(node.continuation, node.text)] = (link, node.failure_pops)
    assert seen == {
        **{(False, label): want for label, want in expected.items()},
        **{(True, label): want for label, want in continuation.items()},
    }
    assert len(paper) == 2 + len(expected) + len(continuation)
    assert sum(1 for node in paper.nodes if node.continuation) == 7  # CONTINUATION root + 6


def test_paper_example_encodes_like_longest_match(paper: LinMaxMatch) -> None:
    assert paper.encode_word("abcdz") == ["a", "##b", "##c", "##dz"]
    for word in ["a", "ab", "abc", "abcd", "abcdx", "abcdy", "abcdz", "acdy", "ad", "b", "", "##cdy", "abcdxa"]:
        assert paper.encode_word(word) == encode_word(word, set(PAPER_VOCAB)), word


def test_trace_of_the_paper_word(paper: LinMaxMatch) -> None:
    steps = trace_automaton(paper, "abcdz")
    rows = [(s.kind, s.position, s.char, paper.label(s.node), paper.label(s.next_node), s.emitted) for s in steps]
    assert rows == [
        ("read", 0, "a", "", "a", ()),
        ("read", 1, "b", "a", "ab", ()),
        ("read", 2, "c", "ab", "abc", ()),
        ("read", 3, "d", "abc", "abcd", ()),
        ("fail", 4, "z", "abcd", "##cd", ("a", "##b")),
        ("fail", 4, "z", "##cd", "##d", ("##c",)),
        ("read", 4, "z", "##d", "##dz", ()),
        ("fail", 5, None, "##dz", "##", ("##dz",)),
        ("done", 5, None, "##", "##", ()),
    ]
    assert steps[-1].tokens == ("a", "##b", "##c", "##dz")


def test_trace_ends_in_unk_or_too_long() -> None:
    automaton = LinMaxMatch(["[UNK]", "a", "##b"], max_input_chars_per_word=3)
    unk = trace_automaton(automaton, "ac")
    assert [s.kind for s in unk] == ["read", "fail", "unk"]
    assert unk[-1].tokens == ("[UNK]",) and unk[-1].next_node is None and unk[-1].char == "c"
    long = trace_automaton(automaton, "abbb")
    assert [(s.kind, s.tokens) for s in long] == [("too_long", ("[UNK]",))]
    assert [s.kind for s in trace_automaton(automaton, "")] == ["done"]
    # at the end of the word 'ab' is pending, and no token starts it: [UNK] without a character read
    ends_badly = LinMaxMatch(["abc", "##x"])
    assert [(s.kind, s.char) for s in trace_automaton(ends_badly, "ab")][-1] == ("unk", None)


def test_each_state_accounts_for_every_character_read() -> None:
    vocab = ["[UNK]", "un", "una", "##aff", "##able", "##a", "##f", "##ble", "##b"]
    automaton = LinMaxMatch(vocab)
    word = "unaffable"
    for step in automaton.trace(word):
        if step.kind in ("read", "fail", "done"):
            pending = automaton.label(step.next_node)
            if automaton.node(step.next_node).continuation:
                pending = pending[2:]
            emitted = "".join(token.removeprefix("##") for token in step.tokens)
            read = step.position + 1 if step.kind == "read" else step.position
            assert emitted + pending == word[:read]
    assert automaton.encode_word(word) == encode_word(word, set(vocab)) == ["una", "##f", "##f", "##able"]


# -- plain data for drawing -----------------------------------------------------------------------------------------


def test_structure_is_plain_consistent_data(paper: LinMaxMatch) -> None:
    data = json.loads(json.dumps(paper.to_dict()))
    assert data["start"] == START and data["continuation"] == CONTINUATION and data["prefix"] == "##"
    nodes = data["nodes"]
    assert [n["id"] for n in nodes] == list(range(len(paper)))
    assert [n["depth"] for n in nodes] == sorted(n["depth"] for n in nodes), "ids are breadth-first"
    for node in nodes:
        for char, child in node["children"].items():
            assert nodes[child]["parent"] == node["id"] and nodes[child]["char"] == char
            assert nodes[child]["text"] == node["text"] + char
            assert nodes[child]["continuation"] == node["continuation"]
        if node["token"] is not None:
            assert node["token"] == node["text"]
            assert node["failure_pops"] == [node["token"]]
        has_link = node["failure_link"] is not None
        assert has_link == bool(node["failure_pops"])
    tokens = [node.token for node in paper.nodes if node.token is not None]
    assert sorted(tokens) == sorted(PAPER_VOCAB + [token for token in PAPER_VOCAB if token.startswith("##")])
    assert len(paper.edges()) == len(paper) - 2
    assert paper.find("##cd", continuation=True) != paper.find("##cd")
    assert paper.find("zz") is None


def test_relevant_nodes_cover_the_run(paper: LinMaxMatch) -> None:
    keep = paper.relevant_nodes("abcdz")
    labels = {(paper.node(n).continuation, paper.label(n)) for n in keep}
    assert (False, "abcd") in labels and (True, "##dz") in labels and (True, "##cd") in labels
    assert (False, "abcdx") not in labels
    for node in keep:
        parent = paper.node(node).parent
        assert parent is None or parent in keep


# -- properties against longest-match-first ------------------------------------------------------------------------


@st.composite
def vocab_case(draw: st.DrawFn) -> tuple[set[str], str, list[str], int]:
    alphabet = draw(st.sampled_from(["ab", "abc", "ab#", "a#@", "xyz"]))
    prefix = draw(st.sampled_from(["##", "#", "@@", "b", "ab", "#a", "x"]))
    piece = st.text(alphabet, min_size=1, max_size=5)
    starts = draw(st.lists(piece, max_size=9))
    continuations = draw(st.lists(piece, max_size=9))
    vocab = set(starts) | {prefix + piece for piece in continuations}
    if draw(st.booleans()):
        vocab.add(prefix)
    words = draw(st.lists(st.text(alphabet, max_size=16), min_size=1, max_size=6))
    max_chars = draw(st.integers(min_value=0, max_value=18))
    return vocab, prefix, words, max_chars


@settings(max_examples=600, deadline=None)
@given(vocab_case())
def test_linmaxmatch_equals_longest_match_first(case: tuple[set[str], str, list[str], int]) -> None:
    vocab, prefix, words, max_chars = case
    automaton = LinMaxMatch(vocab, prefix=prefix, unk_token="<unk>", max_input_chars_per_word=max_chars)
    for word in words:
        expected = encode_word(word, vocab, prefix=prefix, unk_token="<unk>", max_input_chars_per_word=max_chars)
        assert automaton.encode_word(word) == expected
        steps = list(automaton.trace(word))
        assert list(steps[-1].tokens) == expected
        assert steps[-1].kind in ("done", "unk", "too_long")


@settings(max_examples=200, deadline=None)
@given(vocab_case())
def test_single_pass_equals_split_then_encode(case: tuple[set[str], str, list[str], int]) -> None:
    vocab, prefix, words, max_chars = case
    vocab |= {".", "!"}
    automaton = LinMaxMatch(vocab, prefix=prefix, max_input_chars_per_word=max_chars)
    text = " ".join(words).replace("c", ".").replace("z", "\u3000!").replace("y", "\t")
    expected = [
        token
        for word in bert_split(text)
        for token in encode_word(word, vocab, prefix=prefix, max_input_chars_per_word=max_chars)
    ]
    assert automaton.tokenize_normalized(text) == expected


def test_steps_grow_linearly_while_lookups_grow_quadratically() -> None:
    automaton = LinMaxMatch(["a", "##a"], max_input_chars_per_word=10_000)
    vocab = {"a", "##a"}
    for n in (10, 100, 400):
        word = "a" * n
        steps = list(automaton.trace(word))
        lookups = sum(1 for _ in longest_match_attempts(word, vocab, max_input_chars_per_word=10_000))
        assert len(steps) == 2 * n + 1  # a read and a failure per character, then done
        assert lookups == n * (n + 1) // 2
        assert list(steps[-1].tokens) == encode_word(word, vocab, max_input_chars_per_word=10_000)


# -- whole texts ----------------------------------------------------------------------------------------------------

# Characters chosen to break a careless fast path: controls that str.split() cuts at but BERT deletes,
# NBSP and ideographic space, CJK, accents and a lone combining accent, a final sigma, dotted capital I,
# '#' and other punctuation, a symbol (not punctuation), curly quotes, and Mc marks whose order NFD changes.
NASTY = [
    *"aAbB é É ΣİﬁX#.,!?$£“”’—中国\t\n\r ",
    *("\x00", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0", "\u3000", "\u200b", "\u0301", "\ufffd"),
    *("\U0001d165", "\U0001d16d"),
]


@pytest.fixture(scope="module")
def small_vocab() -> Vocab:
    return Vocab(
        ["[UNK]", "a", "b", "##a", "##b", "ab", "##ab", "e", "##e", "é", "##é", "x", "#", ".", ",", "中", "σ", "##σ"]
    )


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(st.sampled_from(NASTY), max_size=40),
    lowercase=st.booleans(),
    strip_accents=st.sampled_from([None, True, False]),
    clean_text=st.booleans(),
    pretokenizer=st.sampled_from(["bert", "whitespace", "gpt2"]),
)
def test_fast_tokenizer_equals_plain_pipeline(
    small_vocab: Vocab, text: str, lowercase: bool, strip_accents: bool | None, clean_text: bool, pretokenizer: str
) -> None:
    normalizer = BertNormalizer(lowercase=lowercase, strip_accents=strip_accents, clean_text=clean_text)
    plain = WordPieceTokenizer(
        small_vocab, pretokenizer=pretokenizer, normalizer=normalizer, max_input_chars_per_word=6
    )
    for encoder in ("linmaxmatch", "longest"):
        fast = FastWordPieceTokenizer.from_tokenizer(plain, encoder=encoder)
        expected = reference_tokens(plain, text)
        assert fast.words(text) == reference_words(plain, text)
        assert fast.tokenize(text) == expected
        assert fast.tokenize(text) == expected  # again, from the caches
    assert FastNormalizer(normalizer)(text) == normalizer(text)


def test_combining_marks_whose_order_nfd_changes_are_not_normalized_alone() -> None:
    normalizer = BertNormalizer(lowercase=True)
    marks = "\U0001d16d\U0001d165"  # combining classes 226 then 216: NFD swaps them
    char_by_char = "".join(normalizer(char) for char in marks)
    assert normalizer(marks) != char_by_char  # so a per-character table would be wrong here...
    assert not normalizes_alone("\U0001d16d", normalizer)
    assert FastNormalizer(normalizer)(marks) == normalizer(marks)  # ...and the fast path falls back
    assert normalizes_alone("\U0001d16d", BertNormalizer())  # without accent stripping there is no NFD


def test_every_character_split_cuts_at_is_deleted_or_a_bert_separator() -> None:
    normalizer = BertNormalizer(lowercase=True)
    spaces = [chr(code) for code in range(0x110000) if chr(code).isspace()]
    assert len(spaces) > 20
    for char in spaces:
        cleaned = normalizer(char)
        if unicodedata.category(char).startswith("C") and char not in "\t\n\r":
            assert cleaned == ""
        else:
            assert cleaned == " ", repr(char)
            assert bert_split(f"a{char}b") == ["a", "b"]


def test_cache_is_bounded_and_stays_exact(small_vocab: Vocab) -> None:
    plain = WordPieceTokenizer(small_vocab)
    fast = FastWordPieceTokenizer(small_vocab, cache_size=2)
    text = "ab a b aab ba bab é x #a 中中"
    assert fast.tokenize(text) == reference_tokens(plain, text)
    assert fast.cache_info()["words"] <= 2
    assert fast.encode(text) == [small_vocab[token] for token in reference_tokens(plain, text)]
    fast.clear_cache()
    assert fast.cache_info() == {"words": 0, "chars": 0}


def test_a_prebuilt_automaton_can_be_shared(small_vocab: Vocab) -> None:
    automaton = LinMaxMatch(small_vocab, max_input_chars_per_word=4)
    fast = FastWordPieceTokenizer(small_vocab, max_input_chars_per_word=4, automaton=automaton)
    assert fast.automaton is automaton
    plain = WordPieceTokenizer(small_vocab, max_input_chars_per_word=4)
    assert fast.tokenize("abab ababa é") == reference_tokens(plain, "abab ababa é") == ["ab", "##ab", "[UNK]", "é"]
    with pytest.raises(ValueError, match="max_input_chars_per_word"):
        FastWordPieceTokenizer(small_vocab, automaton=automaton)
    with pytest.raises(TypeError, match="automaton must be a LinMaxMatch"):
        FastWordPieceTokenizer(small_vocab, automaton="abc")


def test_custom_normalizer_takes_the_plain_route(small_vocab: Vocab) -> None:
    plain = WordPieceTokenizer(small_vocab, normalizer=str.upper)
    fast = FastWordPieceTokenizer.from_tokenizer(plain)
    assert fast.tokenize("ab, x") == reference_tokens(plain, "ab, x") == ["[UNK]", ",", "[UNK]"]


# -- errors ---------------------------------------------------------------------------------------------------------


def test_bad_arguments_are_named() -> None:
    with pytest.raises(TypeError, match="vocab"):
        LinMaxMatch("abc")
    with pytest.raises(TypeError, match=r"vocab\[1\]"):
        LinMaxMatch(["a", 3])
    with pytest.raises(ValueError, match=r"vocab\[1\] is an empty string"):
        LinMaxMatch(["a", ""])
    with pytest.raises(ValueError, match="prefix"):
        LinMaxMatch(["a"], prefix="")
    with pytest.raises(ValueError, match="max_input_chars_per_word"):
        LinMaxMatch(["a"], max_input_chars_per_word=-1)
    with pytest.raises(TypeError, match="word"):
        LinMaxMatch(["a"]).encode_word(b"a")
    with pytest.raises(ValueError, match="node 99"):
        LinMaxMatch(["a"]).node(99)
    with pytest.raises(ValueError, match="prefix"):
        LinMaxMatch(["a"]).find("a", continuation=True)
    with pytest.raises(TypeError, match="automaton"):
        trace_automaton(["a"], "a")
    with pytest.raises(TypeError, match="vocab must be a Vocab"):
        FastWordPieceTokenizer(["[UNK]"])
    with pytest.raises(ValueError, match="encoder"):
        FastWordPieceTokenizer(Vocab(["[UNK]"]), encoder="greedy")
    with pytest.raises(TypeError, match="text"):
        FastWordPieceTokenizer(Vocab(["[UNK]"])).tokenize(None)
    with pytest.raises(TypeError, match="normalizer must be a BertNormalizer"):
        FastNormalizer(str.lower)


def test_vocab_object_gives_its_unk_token() -> None:
    automaton = LinMaxMatch(Vocab(["<unk>", "a"], unk_token="<unk>"))
    assert automaton.encode_word("b") == ["<unk>"]
    assert automaton.encode_word("a" * 101) == ["<unk>"]


# -- the book -------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def book_lines(book_text: str) -> list[str]:
    return book_text.split("\n")


@pytest.fixture(scope="module")
def trained_vocab(book_lines: list[str]) -> Vocab:
    counts = WordCounts.from_texts(book_lines[:300])
    return train_bottom_up(counts, 1500).vocab()


def test_trained_vocab_on_every_line_of_the_book(trained_vocab: Vocab, book_lines: list[str]) -> None:
    assert len(trained_vocab) == 1500
    plain = WordPieceTokenizer(trained_vocab)
    fast = FastWordPieceTokenizer(trained_vocab)
    automaton = fast.automaton
    assert automaton is not None
    words_seen = unk = 0
    for line in book_lines:
        words = reference_words(plain, line)
        for word in words:
            expected = encode_word(word, trained_vocab)
            assert automaton.encode_word(word) == expected, word
            unk += expected == ["[UNK]"]
        words_seen += len(words)
        expected = [token for word in words for token in encode_word(word, trained_vocab)]
        assert fast.tokenize(line) == expected
        assert automaton.tokenize_normalized(plain.normalize(line)) == expected
    assert words_seen > 80_000
    assert unk > 0, "the 300-line alphabet misses some characters of the book, so some words must be [UNK]"


def test_bert_vocab_on_the_whole_book(bert_vocab_path, book_text: str, book_lines: list[str]) -> None:
    vocab = Vocab.load(bert_vocab_path)
    plain = WordPieceTokenizer(vocab, lowercase=True)
    fast = FastWordPieceTokenizer(vocab, lowercase=True)
    automaton = fast.automaton
    assert automaton is not None
    words = reference_words(plain, book_text)
    expected_words = [encode_word(word, vocab) for word in words]
    assert [automaton.encode_word(word) for word in words] == expected_words
    expected = [token for tokens in expected_words for token in tokens]
    assert fast.tokenize(book_text) == expected
    assert [token for line in book_lines for token in fast.tokenize(line)] == expected
    assert automaton.tokenize_normalized(FastNormalizer(plain.normalize)(book_text)) == expected
    assert fast.encode(book_text) == [vocab[token] for token in expected]


def test_bert_vocab_matches_hugging_face(bert_vocab_path, book_lines: list[str]) -> None:
    tokenizers = pytest.importorskip("tokenizers")
    peer = tokenizers.Tokenizer(tokenizers.models.WordPiece.from_file(str(bert_vocab_path), unk_token="[UNK]"))
    peer.normalizer = tokenizers.normalizers.BertNormalizer(lowercase=True)
    peer.pre_tokenizer = tokenizers.pre_tokenizers.BertPreTokenizer()
    fast = FastWordPieceTokenizer(Vocab.load(bert_vocab_path), lowercase=True)
    lines = [*book_lines, "Ünïcödé  naïve café — “quoted” 中文 $5 ##x İstanbul ΣΑΣ", "x" * 101]
    for line, encoding in zip(lines, peer.encode_batch(lines, add_special_tokens=False), strict=True):
        assert fast.tokenize(line) == encoding.tokens
        assert fast.encode(line) == encoding.ids
