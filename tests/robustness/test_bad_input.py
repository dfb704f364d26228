"""A catalogue of bad and odd input, each with the exact outcome a careful user expects.

The rule the library follows: a wrong *type* is a TypeError and a wrong
*value* a ValueError, both naming the parameter; odd but meaningful input
(punctuation only, one word, emoji, a word of 10,000 characters) gives the
right result, the same as Hugging Face's where it has one. Each case below
states its decision in a comment; ``CATALOGUE`` holds the table-driven ones,
the functions after it the cases that need files, widgets or a peer.
The CLI cases run the real command in a subprocess: one ``error:`` line on
stderr, no traceback, exit status 2, and no output file.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from command_helpers import run_cli

from wordpiece_lib import (
    BertNormalizer,
    Trace,
    Vocab,
    WordCounts,
    WordPieceTokenizer,
    decode_pieces,
    encode_word,
    load_book,
    normalize,
    pretokenize,
    train_bottom_up,
    train_top_down,
)
from wordpiece_lib.data import datasets
from wordpiece_lib.training import learn

HUG = {"hug": 10, "pug": 5}
TINY = Vocab(["[UNK]", "a", "##a", "b", "##b"])


def fast_trainer():
    fast = pytest.importorskip("wordpiece_lib.training.fast_bottom_up")
    return fast.train_fast


def _raises(error: type[Exception], pattern: str):
    return ("raises", error, pattern)


def _returns(value: object):
    return ("returns", value)


# Each row: (kind of input, call, expected outcome).
CATALOGUE = [
    # 1. An empty corpus cannot be trained on; counting nothing is not an error, training on it is.
    ("empty corpus: counting", lambda: WordCounts.from_texts(""), _returns(WordCounts())),
    ("empty corpus: training", lambda: train_bottom_up({}, 10), _raises(ValueError, "word_counts is empty")),
    (
        "empty corpus: top-down",
        lambda: learn({}, 10, ["[UNK]"]),
        _raises(ValueError, "word_counts is empty: there is nothing to learn from"),
    ),
    # 2. Only punctuation: every mark is a word of its own; training stops with them as the alphabet.
    ("punctuation only", lambda: WordCounts.from_texts("!?..."), _returns(WordCounts({"!": 1, "?": 1, ".": 3}))),
    (
        "punctuation only: trained vocab",
        lambda: train_bottom_up(WordCounts.from_texts("!?..."), 20, special_tokens=["[UNK]"]).tokens(),
        _returns(["[UNK]", "!", ".", "?"]),
    ),
    # 3. None / bytes / numbers where text is expected: TypeError naming the parameter (bytes: how to decode).
    ("None as text", lambda: normalize(None), _raises(TypeError, "text must be a str, got NoneType")),
    (
        "bytes as text",
        lambda: WordPieceTokenizer(TINY).tokenize(b"ab"),
        _raises(TypeError, re.escape("text must be a str, got bytes (decode bytes first")),
    ),
    ("number as text", lambda: pretokenize(42), _raises(TypeError, "text must be a str, got int")),
    ("None as corpus", lambda: WordCounts.from_texts(None), _raises(TypeError, "texts must be a str or an iterable")),
    ("number as word", lambda: encode_word(7, TINY), _raises(TypeError, "word must be a str, got int")),
    ("None as ids", lambda: WordPieceTokenizer(TINY).decode(None), _raises(TypeError, "ids must be a list of int")),
    ("text as ids", lambda: WordPieceTokenizer(TINY).decode("12"), _raises(TypeError, "ids must be a list of int")),
    ("None as vocab", lambda: encode_word("ab", None), _raises(TypeError, "vocab must be a Vocab or a set of tokens")),
    # A string where True/False is expected would silently read as true.
    (
        "string as a switch",
        lambda: WordPieceTokenizer(TINY, lowercase="no"),
        _raises(TypeError, "lowercase must be True or False, got str"),
    ),
    # 4. A custom pre-tokenizer that returns a string, or empty words: refused / the empty words skipped.
    (
        "pre-tokenizer returning a str",
        lambda: WordCounts.from_texts("a b", pretokenizer=lambda text: text),
        _raises(TypeError, "pretokenizer must return a list of str, got str"),
    ),
    (
        "pre-tokenizer making empty words",
        lambda: WordCounts.from_texts("a  b", pretokenizer=lambda text: text.split(" ")),
        _returns(WordCounts({"a": 1, "b": 1})),
    ),
    (
        "progress that is not a function",
        lambda: train_bottom_up(HUG, 20, progress=3),
        _raises(TypeError, r"progress must be a callable\(done, planned\) or None, got int"),
    ),
    # 5. Words holding the prefix: one that *starts* with it cannot be told from a continuation piece...
    ("word starting with ##", lambda: train_bottom_up({"##hug": 1}, 20), _raises(ValueError, "continuation prefix")),
    # ... the BERT pre-tokenizer splits '#' off, so text never yields such a word ...
    ("## in text", lambda: pretokenize("hash##tag ##x"), _returns(["hash", "#", "#", "tag", "#", "#", "x"])),
    # ... a word with the marker inside cannot be decoded in the begin-of-word style.
    ("word with the marker", lambda: train_bottom_up({"lo_w": 1}, 20, marker="_"), _raises(ValueError, "marker '_'")),
    # 6. Counts: zero, negative, not whole numbers are refused; NumPy integers (pandas counts) are fine.
    ("count zero", lambda: WordCounts({"hug": 0}), _raises(ValueError, "count of 'hug' must be positive, got 0")),
    ("count negative", lambda: WordCounts({"hug": -3}), _raises(ValueError, "must be positive, got -3")),
    ("count float", lambda: WordCounts({"hug": 2.0}), _raises(TypeError, "count of 'hug' must be an int, got float")),
    ("count string", lambda: WordCounts({"hug": "2"}), _raises(TypeError, "must be an int, got str")),
    ("count bool", lambda: WordCounts({"hug": True}), _raises(TypeError, "must be an int, got bool")),
    ("count numpy", lambda: WordCounts({"hug": np.int64(3)})["hug"], _returns(3)),
    # 7. vocab_size: below specials + alphabet says the minimum; zero/negative refused; huge stops when done.
    (
        "vocab_size below alphabet + specials",
        lambda: train_bottom_up(HUG, 3),
        _raises(ValueError, r"vocab_size=3 is smaller than .* \(9\); ask for at least 9"),
    ),
    ("vocab_size zero", lambda: train_bottom_up(HUG, 0), _raises(ValueError, "vocab_size must be at least 1, got 0")),
    ("vocab_size negative", lambda: train_bottom_up(HUG, -5), _raises(ValueError, "at least 1, got -5")),
    ("vocab_size float", lambda: train_bottom_up(HUG, 1e4), _raises(TypeError, "vocab_size must be an int, got float")),
    (
        "vocab_size huge",
        lambda: train_bottom_up(HUG, 10**12, special_tokens=[]).stop_reason,
        _returns("every word is a single token: nothing left to merge"),
    ),
    (
        "empty special token",
        lambda: train_bottom_up(HUG, 20, special_tokens=["[UNK]", ""]),
        _raises(ValueError, r"special_tokens\[1\] is an empty string"),
    ),
    # 8. Vocab text: BOM and CRLF tolerated; blank line, duplicate, no [UNK], trailing space, bare CR refused.
    ("vocab with BOM and CRLF", lambda: Vocab.from_text("\ufeff[UNK]\r\nhug\r\n").tokens, _returns(("[UNK]", "hug"))),
    ("vocab blank line", lambda: Vocab.from_text("[UNK]\n\nhug\n"), _raises(ValueError, "line 2: blank line")),
    ("vocab duplicate", lambda: Vocab.from_text("[UNK]\nhug\nhug\n"), _raises(ValueError, "line 3: duplicate")),
    ("vocab without [UNK]", lambda: Vocab.from_text("a\nb\n"), _raises(ValueError, r"'\[UNK\]' is missing")),
    (
        "vocab token with trailing space",
        lambda: Vocab.from_text("[UNK]\nhug \n"),
        _raises(ValueError, "line 2: token 'hug ' has leading or trailing whitespace"),
    ),
    (
        "vocab with old Mac line ends",
        lambda: Vocab.from_text("[UNK]\rhug\r"),
        _raises(ValueError, r"line 1: .* holds a carriage return"),
    ),
    # A vocab from another tool: SentencePiece's "token<TAB>score" lines, or a tokenizer.json.
    (
        "vocab with scores (SentencePiece)",
        lambda: Vocab.from_text("[UNK]\t0\n\u2581the\t-3.1\n"),
        _raises(ValueError, r"line 1: .* holds a tab; this looks like a 'token<TAB>score' file"),
    ),
    (
        "tokenizer.json given as vocab",
        lambda: Vocab.from_text('{\n  "version": "1.0",\n  "model": {}\n}\n'),
        _raises(ValueError, r"vocab text looks like JSON \(a tokenizer.json\?\), not a vocab.txt"),
    ),
    # 9. Odd pieces for decode: a list of non-strings is refused.
    ("decode non-strings", lambda: decode_pieces([1, 2]), _raises(TypeError, r"pieces\[0\] must be a str, got int")),
    # 10. Arguments that used to reach deep code (issue 16): named, with the type expected.
    (
        "prefix None",
        lambda: encode_word("ab", TINY, prefix=None),
        _raises(TypeError, "prefix must be a str, got NoneType"),
    ),
    (
        "Trace of None",
        lambda: Trace(None, [], []),
        _raises(TypeError, "word_counts must be a WordCounts, got NoneType"),
    ),
    ("load_book timeout -1", lambda: load_book(timeout=-1), _raises(ValueError, "timeout must be a positive number")),
    ("load_book timeout 'abc'", lambda: load_book(timeout="abc"), _raises(TypeError, "timeout must be a number")),
    ("load_book timeout nan", lambda: load_book(timeout=float("nan")), _raises(ValueError, "timeout must be")),
    (
        "lone surrogate saved in a vocab",
        lambda: Vocab(["[UNK]", "a\ud800"]).to_text(),
        _raises(ValueError, r"tokens\[1\] 'a\\ud800' holds a lone surrogate"),
    ),
    (
        "NUL inside a vocab token",
        lambda: Vocab(["[UNK]", "a\0b"]),
        _raises(ValueError, r"tokens\[1\] 'a\\x00b' holds a NUL character"),
    ),
    ("Vocab.load of /dev/zero", lambda: Vocab.load("/dev/zero"), _raises(ValueError, "holds a NUL byte at offset 0")),
    (
        "Vocab.load of a file over its limit",
        lambda: Vocab.load("/dev/urandom", max_bytes=10),
        _raises(ValueError, "NUL byte|not valid UTF-8|larger than 10 bytes"),
    ),
    (
        "vocab id of None",
        lambda: TINY.id(None),
        _raises(TypeError, "token must be a str, got NoneType"),
    ),
    (
        "encode_word with a raised limit on a Vocab: linear, right tokens",
        lambda: encode_word("a" * 50_000, TINY, max_input_chars_per_word=10**6)[:3],
        _returns(["a", "##a", "##a"]),
    ),
]


@pytest.mark.parametrize(("kind", "call", "expected"), CATALOGUE, ids=[row[0] for row in CATALOGUE])
def test_catalogue(kind, call, expected):
    if expected[0] == "raises":
        _, error, pattern = expected
        with pytest.raises(error, match=pattern):
            call()
    else:
        assert call() == expected[1]


def test_generator_consumed_twice_gives_an_empty_corpus_and_a_hint():
    """A generator is read once: the second count is empty, and training on it says why that may be."""
    texts = (line for line in ["hug pug", "pug"])
    first = WordCounts.from_texts(texts)
    second = WordCounts.from_texts(texts)
    assert first == WordCounts({"hug": 1, "pug": 2})
    assert second == WordCounts()
    with pytest.raises(ValueError, match="a generator can be read only once"):
        train_bottom_up(second, 20)


def test_fast_trainer_refuses_the_same_bad_input():
    """The fast trainer shares the reference's checks (same messages)."""
    train_fast = fast_trainer()
    for call, pattern in [
        (lambda: train_fast({}, 10), "word_counts is empty"),
        (lambda: train_fast(HUG, 3), r"vocab_size=3 is smaller"),
        (lambda: train_fast({"##a": 1}, 20), "continuation prefix"),
        (lambda: train_fast(HUG, 20, special_tokens=[""]), "empty string"),
    ]:
        with pytest.raises(ValueError, match=pattern):
            call()


def test_word_with_prefix_inside_trains_encodes_and_decodes():
    """'a##b' (from a whitespace pre-tokenizer) is a fine word: '#' pieces are ordinary characters."""
    trace = train_bottom_up({"a##b": 3, "ab": 1}, 30, special_tokens=["[UNK]"])
    vocab = trace.vocab()
    tokens = encode_word("a##b", vocab)
    assert "[UNK]" not in tokens
    assert decode_pieces(tokens) == "a##b"


def test_ten_thousand_character_word(bert_pipelines):
    """Over ``max_input_chars_per_word`` (100, as in BERT) a word is one [UNK]; training on it still works."""
    word = "ab" * 5000
    tokenizer, peer = bert_pipelines[True]
    assert tokenizer.tokenize(f"x {word} y") == ["x", "[UNK]", "y"]
    assert peer.encode(f"x {word} y", add_special_tokens=False).tokens == ["x", "[UNK]", "y"]
    trace = train_bottom_up({word: 1}, 12, special_tokens=["[UNK]"])
    vocab = trace.vocab()
    long_enough = WordPieceTokenizer(vocab, max_input_chars_per_word=len(word))
    assert "[UNK]" not in long_enough.tokenize(word)
    assert decode_pieces(long_enough.tokenize(word)) == word


UNICODE_CASES = {
    "control characters": "bell\x07 nul\x00 esc\x1b tab\tend",
    "zero-width joiner": "family 👨\u200d👩\u200d👧 zw\u200bsp",
    "combining marks": "e\u0301le\u0300ve cafe\u0301 \u0898new",
    "emoji with skin tones": "thumbs 👍🏽 wave 👋🏿",
    "right-to-left": "שלום عالم \u200fmark",
    "CJK": "我爱NLP 野口里佳",
    "unassigned code point": "x\u0378y",
    "newer punctuation": "a\u2e43b",
    "newer format character": "a\u0890b",
}


@pytest.mark.parametrize("text", UNICODE_CASES.values(), ids=UNICODE_CASES.keys())
@pytest.mark.parametrize("lowercase", [True, False], ids=["uncased", "cased"])
def test_unicode_odd_text_gives_hugging_face_tokens(text, lowercase, bert_pipelines):
    """Odd Unicode is not an error: the tokens are Hugging Face's on the same vocab.

    The last three cases were wrong before this test: Hugging Face's character
    tables are older than Python's, so it keeps unassigned code points, keeps
    format characters and marks added since, and does not isolate punctuation
    added since (see ``text/normalizer.py`` and ``text/pretokenizers.py``).
    """
    ours, peer = bert_pipelines[lowercase]
    assert ours.tokenize(text) == peer.encode(text, add_special_tokens=False).tokens
    assert BertNormalizer(lowercase=lowercase)(text) == peer.normalizer.normalize_str(text)


def test_unicode_decisions_by_hand():
    """What each odd character becomes, worked out from the rules (not from a peer)."""
    assert normalize("bell\x07 nul\x00!") == "bell nul!"  # controls dropped
    assert normalize("👨\u200d👩") == "👨👩"  # ZWJ is a format character (Cf): dropped
    assert normalize("e\u0301", lowercase=True) == "e"  # accents stripped when uncased
    assert normalize("e\u0301") == "e\u0301"  # ... and kept when cased
    assert pretokenize(normalize("我爱NLP")) == ["我", "爱", "NLP"]  # each ideograph a word
    assert pretokenize("👍🏽!") == ["👍🏽", "!"]  # emoji and skin tone stay together (symbols, not punctuation)
    assert normalize("x\u0378y") == "x\u0378y"  # an unassigned code point is kept


def test_vocab_load_save_tolerates_bom_and_crlf_and_writes_canonical(tmp_path):
    """A BOM/CRLF file loads; saving writes the canonical form (no BOM, LF), loaded the same again."""
    path = tmp_path / "vocab.txt"
    path.write_bytes(b"\xef\xbb\xbf[UNK]\r\nhug\r\n##s\r\n")
    vocab = Vocab.load(path)
    assert vocab.tokens == ("[UNK]", "hug", "##s")
    vocab.save(path)
    assert path.read_bytes() == b"[UNK]\nhug\n##s\n"
    assert Vocab.load(path) == vocab


def test_vocab_from_another_tool_missing_unk_can_name_its_own(tmp_path):
    """A vocab whose unknown token is spelled differently loads when told its name."""
    path = tmp_path / "vocab.txt"
    path.write_text("<unk>\nhug\n", encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"{path}: the unknown token '[UNK]' is missing")):
        Vocab.load(path)
    assert Vocab.load(path, unk_token="<unk>").unk_id == 0


def test_invalid_utf8_names_the_file_and_the_offset(tmp_path):
    """Latin-1 bytes: the error names the file, the byte and its offset, and how to convert."""
    path = tmp_path / "latin1.txt"
    path.write_bytes("naïve café".encode("latin-1"))
    with pytest.raises(ValueError, match=re.escape(f"{path} is not valid UTF-8: byte 0xef at offset 2")) as error:
        Vocab.load(path)
    assert "iconv" in str(error.value)


# --- widgets ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hug_trace():
    pytest.importorskip("ipywidgets")
    return train_bottom_up(datasets.hug_pug_counts(), 12, special_tokens=["[UNK]"], top_k=3)


def test_merge_stepper_clicked_past_either_end_stays_at_the_end(hug_trace):
    from wordpiece_lib.classroom.merge_steps import MergeStepper

    stepper = MergeStepper(hug_trace)
    for _ in range(3):
        stepper.previous.click()
        stepper.first.click()
    assert stepper.step == 0 and stepper.previous.disabled
    for _ in range(len(hug_trace.steps) + 3):
        stepper.next.click()
    stepper.last.click()
    assert stepper.step == len(hug_trace.steps) and stepper.next.disabled
    assert stepper.text.startswith(f"Merge {len(hug_trace.steps)} of {len(hug_trace.steps)}")


def test_merge_stepper_with_words_from_another_corpus_says_so(hug_trace):
    """A trace plus words it was not trained on: each is marked '(not in corpus)', split by the same merges."""
    from wordpiece_lib.classroom.merge_steps import MergeStepper

    stepper = MergeStepper(hug_trace, words=["hugs", "zebra"])
    stepper.last.click()
    lines = {line.split()[0]: line for line in stepper.text.splitlines() if line[:1].isalpha()}
    assert "(not in corpus)" in lines["zebra"] and lines["zebra"].endswith("z ##e ##b ##r ##a")
    assert "x5" in lines["hugs"] and "(not in corpus)" not in lines["hugs"]


def test_longest_match_explorer_past_either_end_and_odd_words(hug_trace):
    from wordpiece_lib.classroom.encoding import LongestMatchExplorer

    explorer = LongestMatchExplorer(hug_trace.vocab(), "hugs")
    for _ in range(5):
        explorer.previous.click()
    assert explorer.slider.value == 0 and explorer.previous.disabled
    for _ in range(50):
        explorer.next.click()
    assert explorer.slider.value == explorer.slider.max and explorer.next.disabled
    explorer.word_box.value = "   "
    assert explorer.text == "Type a word above."
    explorer.word_box.value = "a" * 10_000
    assert explorer.tokens == ["[UNK]"] and "longer than 100 characters" in explorer.text


def test_automaton_stepper_past_either_end():
    pytest.importorskip("ipywidgets")
    from wordpiece_lib.classroom.fast_encoding import AutomatonStepper

    stepper = AutomatonStepper(["[UNK]", "a", "##b"], "ab")
    for _ in range(3):
        stepper.previous.click()
    assert stepper.position == 0 and stepper.previous.disabled
    for _ in range(30):
        stepper.next.click()
    assert stepper.position == len(stepper.steps) and stepper.next.disabled
    stepper.word_box.value = "zz👍🏽"
    stepper.last.click()
    assert "Result: [UNK]" in stepper.text


def test_threshold_explorer_past_either_end_and_unknown_words():
    pytest.importorskip("ipywidgets")
    from wordpiece_lib.classroom.top_down import ThresholdExplorer

    explorer = ThresholdExplorer(datasets.top_down_counts())
    for _ in range(len(explorer.thresholds) + 2):
        explorer.lower.click()
    assert explorer.threshold == explorer.thresholds[0] and explorer.lower.disabled
    for _ in range(len(explorer.thresholds) + 2):
        explorer.higher.click()
    assert explorer.threshold == explorer.thresholds[-1] and explorer.higher.disabled
    explorer.words_box.value = "zebra"
    assert re.search(r"^zebra\s+\[UNK\]\s+\[UNK\]$", explorer.text, re.M)
    with pytest.raises(ValueError, match="threshold must be at least 1"):
        explorer.go(0)


def _widget(name: str, trace):
    from wordpiece_lib.classroom.bpe_comparison import ParallelGrowth
    from wordpiece_lib.classroom.fast_encoding import AutomatonStepper
    from wordpiece_lib.classroom.merge_steps import MergeStepper
    from wordpiece_lib.classroom.top_down import ThresholdExplorer

    makers = {
        "MergeStepper": lambda: MergeStepper(trace),
        "ParallelGrowth": lambda: ParallelGrowth(trace, trace),
        "AutomatonStepper": lambda: AutomatonStepper(["[UNK]", "a", "##b"], "ab"),
        "ThresholdExplorer": lambda: ThresholdExplorer(datasets.top_down_counts()),
    }
    return makers[name]()


@pytest.mark.parametrize("wrong", [None, float("nan"), "3"], ids=["None", "nan", "str"])
@pytest.mark.parametrize("name", ["MergeStepper", "ParallelGrowth", "AutomatonStepper", "ThresholdExplorer"])
def test_widget_go_with_a_non_number_names_it(hug_trace, name, wrong):
    """``go(None)`` and ``go(nan)`` used to end in ``int()``'s own errors, deep inside."""
    widget = _widget(name, hug_trace)
    with pytest.raises(TypeError, match=r"(step|position|threshold) must be an int, got"):
        widget.go(wrong)


def test_parallel_growth_of_none_names_the_argument(hug_trace):
    from wordpiece_lib.classroom.bpe_comparison import ParallelGrowth

    with pytest.raises(TypeError, match="wordpiece must be a Trace, got NoneType"):
        ParallelGrowth(None, hug_trace)
    with pytest.raises(TypeError, match="bpe must be a Trace, got NoneType"):
        ParallelGrowth(hug_trace, None)


def test_widgets_refuse_a_non_trace():
    pytest.importorskip("ipywidgets")
    from wordpiece_lib.classroom.merge_steps import MergeStepper

    with pytest.raises(TypeError, match="trace must be a Trace"):
        MergeStepper(train_top_down(datasets.top_down_counts(), 60, ["[UNK]"]))


# --- the command line ------------------------------------------------------------------------------------------


CLI_CASES = [
    # argparse's own errors are one line too (no usage block).
    ("vocab size not a number", ["train", "{corpus}", "--vocab-size", "lots", "-o", "{out}"], "invalid int value"),
    ("unknown command", ["tokenise", "{corpus}"], "invalid choice: 'tokenise'"),
    ("missing required option", ["train", "{corpus}", "-o", "{out}"], "--vocab-size"),
    # Writing the vocab over the corpus would destroy the input.
    ("output is the input", ["train", "{corpus}", "--vocab-size", "40", "-o", "{corpus}"], "is also an input file"),
    ("encode over its vocab", ["encode", "--vocab", "{vocab}", "{corpus}", "-o", "{vocab}"], "is also an input file"),
    ("input is a folder", ["train", "{dir}", "--vocab-size", "40", "-o", "{out}"], "is a folder, not a file"),
    ("punctuation-only corpus too small", ["train", "{punct}", "--vocab-size", "3", "-o", "{out}"], "smaller than"),
    ("vocab with a bare CR", ["encode", "--vocab", "{mac_vocab}", "{corpus}", "-o", "{out}"], "carriage return"),
    ("top-down zero size", ["top-down", "{corpus}", "--vocab-size", "0", "-o", "{out}"], "--vocab-size must be"),
    # A vocab without [UNK] could not be used by encode: refused before training (issue 16).
    (
        "train without [UNK]",
        ["train", "{corpus}", "--vocab-size", "40", "--special-tokens", "", "-o", "{out}"],
        "--special-tokens '' leaves out the unknown token [UNK]",
    ),
    (
        "top-down without [UNK]",
        ["top-down", "{corpus}", "--vocab-size", "40", "--reserved-tokens", "", "-o", "{out}"],
        "--reserved-tokens '' leaves out the unknown token [UNK]",
    ),
    (
        "top-down with no characters and no [UNK]",
        [
            "top-down",
            "{corpus}",
            "--vocab-size",
            "40",
            "--max-unique-chars",
            "0",
            "--reserved-tokens",
            "",
            "-o",
            "{out}",
        ],
        "leaves out the unknown token",
    ),
    (
        "train with other specials only",
        ["train", "{corpus}", "--vocab-size", "40", "--special-tokens", "[PAD],<unk>", "-o", "{out}"],
        "for example --special-tokens [PAD],<unk>,[UNK]",
    ),
    # Symbolic link loops, as input and as output: the system's reason, not an internal error.
    ("input is a symlink loop", ["train", "{loop}", "--vocab-size", "40", "-o", "{out}"], "symbolic links"),
    ("output is a symlink loop", ["train", "{corpus}", "--vocab-size", "40", "-o", "{loop}"], "symbolic links"),
    ("vocab is a symlink loop", ["encode", "--vocab", "{loop}", "{corpus}", "-o", "{out}"], "symbolic links"),
    ("vocab is an endless device", ["encode", "--vocab", "/dev/zero", "{corpus}", "-o", "{out}"], "NUL byte"),
    ("standard input twice", ["encode", "--vocab", "-", "-", "-o", "{out}"], "named twice"),
    ("output into a missing folder", ["train", "{corpus}", "--vocab-size", "40", "-o", "{missing}"], "does not exist"),
    ("output is a folder", ["encode", "--vocab", "{vocab}", "{corpus}", "-o", "{dir}"], "is a folder"),
]


@pytest.mark.parametrize(("kind", "args", "expected"), CLI_CASES, ids=[case[0] for case in CLI_CASES])
def test_cli_errors_are_one_line(tmp_path, kind, args, expected):
    files = {
        "corpus": tmp_path / "corpus.txt",
        "punct": tmp_path / "punct.txt",
        "vocab": tmp_path / "vocab.txt",
        "mac_vocab": tmp_path / "mac.txt",
        "out": tmp_path / "out.txt",
        "dir": tmp_path,
        "loop": tmp_path / "loop.txt",
        "missing": tmp_path / "nowhere" / "out.txt",
    }
    files["loop"].symlink_to(files["loop"])
    files["corpus"].write_text("hug the pug, hug the bun\n", encoding="utf-8")
    files["punct"].write_text("!? ... !!\n", encoding="utf-8")
    files["vocab"].write_text("[UNK]\nhug\n", encoding="utf-8")
    files["mac_vocab"].write_bytes(b"[UNK]\rhug\r")
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()}
    result = run_cli(*(arg.format(**files) for arg in args), timeout=120)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
    assert "internal error" not in result.stderr and "a bug" not in result.stderr
    after = {path.name: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()}
    assert after == before  # nothing written, nothing overwritten, no temporary file left


def test_cli_punctuation_only_corpus_trains(tmp_path):
    """A corpus of punctuation is odd, not wrong: the vocab is the specials plus the marks."""
    corpus = tmp_path / "punct.txt"
    corpus.write_text("!? ... !!\n", encoding="utf-8")
    out = tmp_path / "vocab.txt"
    result = run_cli("train", str(corpus), "--vocab-size", "40", "--special-tokens", "[UNK]", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8") == "[UNK]\n!\n.\n?\n"
