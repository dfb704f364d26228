"""Token identity with Google's reference BERT tokenizer (``bert/tokenization.py`` of the ``bert-tensorflow`` wheel).

Google's ``FullTokenizer`` cut BERT's pre-training data. Its file imports
``absl.flags`` (for one global flag, ``preserve_unused_tokens``) and
``tensorflow.compat.v1`` (only to open the vocab file): neither is installed
with the test tools, so both are stubbed in ``sys.modules`` while the file is
imported, and the flag is set on the stub.

The texts are made here with a fixed seed: lines of the novel, words of many
scripts in mixed case, special tokens and ``[unusedN]`` typed in the text,
random code points of every plane (private use, unassigned, controls; no
surrogates) and, in about 2% of the texts, a word of 90-250 characters.
Google's answers are computed once per vocab and flag per test session.
"""

from __future__ import annotations

import functools
import importlib.util
import random
import sys
import types
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from wordpiece_lib import Vocab, WordPieceTokenizer

UNCASED_TEXTS = 100_000
CASED_TEXTS = 20_000
SEED = 33

# Letters (and a few marks and signs) of many scripts, as code point ranges; words are drawn from them.
SCRIPTS: dict[str, tuple[tuple[int, int], ...]] = {
    "latin": ((0x41, 0x5A), (0x61, 0x7A)),
    "latin-accents": ((0xC0, 0xFF), (0x100, 0x17F), (0x1E00, 0x1EFF)),
    "greek": ((0x391, 0x3A9), (0x3B1, 0x3C9), (0x386, 0x38F), (0x1F00, 0x1FFC)),
    "cyrillic": ((0x410, 0x44F), (0x400, 0x40F)),
    "armenian": ((0x531, 0x556), (0x561, 0x587)),
    "hebrew": ((0x5D0, 0x5EA), (0x591, 0x5C7)),
    "arabic": ((0x621, 0x64A), (0x64B, 0x652), (0x660, 0x669)),
    "devanagari": ((0x905, 0x939), (0x93E, 0x94D)),
    "bengali": ((0x985, 0x9B9), (0x9BE, 0x9CD)),
    "tamil": ((0xB85, 0xBB9), (0xBBE, 0xBCD)),
    "thai": ((0xE01, 0xE30), (0xE31, 0xE3A)),
    "georgian": ((0x10D0, 0x10FA), (0x10A0, 0x10C5)),
    "hangul": ((0xAC00, 0xD7A3), (0x1100, 0x11FF)),
    "kana": ((0x3041, 0x3096), (0x30A1, 0x30FA)),
    "cjk": ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2B820, 0x2B92F), (0xF900, 0xFAFF)),
    "ethiopic": ((0x1200, 0x135A),),
    "symbols": ((0x2000, 0x206F), (0x20A0, 0x20C0), (0x2E00, 0x2E5D), (0x1F300, 0x1F64F), (0x3000, 0x303F)),
    "marks": ((0x300, 0x36F), (0x1AB0, 0x1ACE), (0x1DC0, 0x1DFF), (0x20D0, 0x20F0)),
}
SPECIALS = ("[CLS]", "[SEP]", "[MASK]", "[PAD]", "[UNK]")
ASCII_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
SPACES = (" ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u3000", "\u2028", "\x1c", "\x85", "\u200b")


def random_code_point(rng: random.Random) -> str:
    """Any code point but a surrogate, often a control, a private-use or an unassigned one."""
    kind = rng.random()
    if kind < 0.15:
        code = rng.choice((*range(0x00, 0x20), *range(0x7F, 0xA0), 0xAD, 0x200B, 0x200D, 0xFEFF, 0xFFFD, 0x2028))
    elif kind < 0.3:
        code = rng.choice((rng.randint(0xE000, 0xF8FF), rng.randint(0xF0000, 0xFFFFD), rng.randint(0x100000, 0x10FFFD)))
    else:
        plane = rng.choice((0, 0, 0, 1, 1, 2, 3, 14, rng.randint(0, 16)))
        code = plane * 0x10000 + rng.randint(0, 0xFFFF)
        if 0xD800 <= code <= 0xDFFF:
            code -= 0x800
    return chr(code)


def script_word(rng: random.Random, script: str, length: int) -> str:
    ranges = SCRIPTS[script]
    chars = []
    for _ in range(length):
        low, high = rng.choice(ranges)
        chars.append(chr(rng.randint(low, high)))
    word = "".join(chars)
    case = rng.random()
    return word.upper() if case < 0.2 else word.title() if case < 0.4 else word.lower() if case < 0.5 else word


def special_word(rng: random.Random, unused_max: int) -> str:
    token = rng.choice(SPECIALS) if rng.random() < 0.5 else f"[unused{rng.randint(0, unused_max + 5)}]"
    roll = rng.random()
    if roll < 0.1:
        token = token.upper()
    elif roll < 0.2:
        token = rng.choice(("x", "(", "\u200b", "野", "\x00")) + token
    elif roll < 0.3:
        token = token + rng.choice((".", "s", "\u200b", "野"))
    return token


def make_texts(count: int, seed: int, book_lines: list[str], unused_max: int) -> list[str]:
    """``count`` texts of every kind the module promises, the same for the same seed."""
    rng = random.Random(seed)
    scripts = list(SCRIPTS)
    texts = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.3:
            text = rng.choice(book_lines)
            if rng.random() < 0.3:
                text = text.upper() if rng.random() < 0.5 else text.swapcase()
        else:
            parts = []
            for _ in range(rng.randint(1, 12)):
                roll = rng.random()
                if roll < 0.55:
                    parts.append(script_word(rng, rng.choice(scripts), rng.randint(1, 9)))
                elif roll < 0.7:
                    parts.append("".join(random_code_point(rng) for _ in range(rng.randint(1, 4))))
                elif roll < 0.8:
                    parts.append(special_word(rng, unused_max))
                elif roll < 0.9:
                    parts.append(rng.choice(ASCII_PUNCTUATION) * rng.randint(1, 2))
                else:
                    parts.append(rng.choice(book_lines).split(" ")[0] if book_lines else "word")
                parts.append(rng.choice(SPACES))
            text = "".join(parts)
        if rng.random() < 0.02:  # a word around Hugging Face's cap (100) and Google's (200)
            length = rng.randint(90, 250)
            alphabet = rng.choice(("latin", "latin", "cyrillic", "greek", "hangul"))
            long_word = script_word(rng, alphabet, length) if rng.random() < 0.5 else "ab" * (length // 2)
            where = rng.randint(0, len(text))
            text = f"{text[:where]} {long_word} {text[where:]}"
        texts.append(text)
    return texts


# -- Google's file, imported from the installed wheel with its two heavy imports stubbed -----------------------


class _Flags:
    """absl's ``FLAGS``: just the attributes ``DEFINE_bool`` gave."""


def _absl_stub() -> tuple[types.ModuleType, types.ModuleType]:
    flags = types.ModuleType("absl.flags")
    flags.FLAGS = _Flags()

    def define_bool(name: str, default: bool, help: str) -> None:
        setattr(flags.FLAGS, name, default)

    flags.DEFINE_bool = define_bool
    absl = types.ModuleType("absl")
    absl.flags = flags
    return absl, flags


def _tensorflow_stub() -> dict[str, types.ModuleType]:
    v1 = types.ModuleType("tensorflow.compat.v1")
    # Google's load_vocab reads the vocab with tf.gfile.GFile(path, "r"): a text file, read line by line.
    v1.gfile = types.SimpleNamespace(GFile=functools.partial(open, encoding="utf-8"))
    compat = types.ModuleType("tensorflow.compat")
    compat.v1 = v1
    tensorflow = types.ModuleType("tensorflow")
    tensorflow.compat = compat
    return {"tensorflow": tensorflow, "tensorflow.compat": compat, "tensorflow.compat.v1": v1}


def import_google_tokenization() -> types.ModuleType:
    """Google's ``bert/tokenization.py`` from the installed ``bert-tensorflow`` wheel, its heavy imports stubbed.

    The stubs stay in ``sys.modules`` only while the file is imported (also used by
    ``benchmarks/google_speed.py``); ``ImportError`` when the wheel is not installed.
    """
    spec = importlib.util.find_spec("bert")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("bert-tensorflow is not installed (pip install -e '.[dev]')")
    path = Path(next(iter(spec.submodule_search_locations))) / "tokenization.py"
    absl, flags = _absl_stub()
    stubs = {"absl": absl, "absl.flags": flags, **_tensorflow_stub()}
    module_spec = importlib.util.spec_from_file_location("google_bert_tokenization", path)
    module = importlib.util.module_from_spec(module_spec)
    with pytest.MonkeyPatch.context() as patch:
        for name, stub in stubs.items():
            patch.setitem(sys.modules, name, stub)
        module_spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def google() -> types.ModuleType:
    """Google's ``tokenization`` module, from the ``bert-tensorflow`` wheel (the ``dev`` extra installs it)."""
    pytest.importorskip("six")
    try:
        return import_google_tokenization()
    except ImportError as missing:
        pytest.skip(str(missing))


@pytest.fixture(scope="session")
def book_lines(book_text: str) -> list[str]:
    return [line for line in book_text.split("\n") if line.strip()]


@pytest.fixture(scope="session")
def cased_vocab_path(tmp_path_factory: pytest.TempPathFactory, book_lines: list[str]) -> Path:
    """A cased vocab trained here on the novel and words of every script, with BERT's special and unused tokens."""
    from wordpiece_lib import WordCounts, train_fast

    rng = random.Random(SEED + 1)
    words = [script_word(rng, script, rng.randint(1, 8)) for script in SCRIPTS for _ in range(300)]
    counts = WordCounts.from_texts([*book_lines, " ".join(words)], lowercase=False)
    trained = train_fast(counts, vocab_size=12_000).vocab()
    specials = ["[PAD]", *(f"[unused{n}]" for n in range(50)), "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    # Google's vocab reader strips each line: a token with a space-like character in it would not survive.
    tokens = specials + [token for token in trained.tokens if token not in specials and token.strip() == token]
    path = tmp_path_factory.mktemp("cased") / "vocab.txt"
    Vocab(tokens).save(path)
    return path


class GoogleAnswers:
    """Google's tokens for a list of texts, computed once per (vocab, lowercase, flag) and kept for the session."""

    def __init__(self, google: types.ModuleType) -> None:
        self.google = google
        self.cache: dict[tuple[str, bool, bool, int], list[list[str]]] = {}

    def __call__(self, vocab_path: Path, lowercase: bool, preserve: bool, texts: list[str]) -> list[list[str]]:
        key = (str(vocab_path), lowercase, preserve, len(texts))
        if key not in self.cache:
            self.google.FLAGS.preserve_unused_tokens = preserve
            try:
                full = self.google.FullTokenizer(str(vocab_path), do_lower_case=lowercase)
                self.cache[key] = [full.tokenize(text) for text in texts]
            finally:
                self.google.FLAGS.preserve_unused_tokens = False
        return self.cache[key]


@pytest.fixture(scope="session")
def google_answers(google: types.ModuleType) -> GoogleAnswers:
    return GoogleAnswers(google)


@pytest.fixture(scope="session")
def uncased_texts(book_lines: list[str]) -> list[str]:
    return make_texts(UNCASED_TEXTS, SEED, book_lines, unused_max=993)


@pytest.fixture(scope="session")
def cased_texts(book_lines: list[str]) -> list[str]:
    return make_texts(CASED_TEXTS, SEED + 2, book_lines, unused_max=49)


def differences(
    tokenize: Callable[[str], list[str]], texts: list[str], answers: list[list[str]], limit: int = 5
) -> tuple[int, list[tuple[str, list[str], list[str]]]]:
    """How many texts ``tokenize`` cuts otherwise than ``answers`` says, and the first few of them."""
    count, shown = 0, []
    for text, expected in zip(texts, answers, strict=True):
        mine = tokenize(text)
        if mine != expected:
            count += 1
            if len(shown) < limit:
                shown.append((text, mine, expected))
    return count, shown


def test_the_texts_hold_every_kind_promised(uncased_texts):
    texts = uncased_texts
    assert len(texts) >= 100_000
    long_words = sum(any(90 <= len(word) <= 260 for word in text.split()) for text in texts)
    assert 0.01 * len(texts) < long_words < 0.04 * len(texts)
    distinct = set("".join(texts))
    categories = {unicodedata.category(char) for char in distinct}
    assert {"Co", "Cn", "Cc", "Cf", "Zs", "Lu", "Ll", "Lo", "Mn", "Po", "So"} <= categories
    assert not any(0xD800 <= ord(char) <= 0xDFFF for char in distinct)
    assert {ord(char) >> 16 for char in distinct} == set(range(17))
    assert sum("[unused" in text for text in texts) > 1000 and sum("[MASK]" in text for text in texts) > 1000
    assert "Σ" in distinct


def test_the_vocabs_read_the_same_in_google_and_here(google, bert_vocab_path, cased_vocab_path):
    for path in (bert_vocab_path, cased_vocab_path):
        assert list(google.load_vocab(str(path))) == list(Vocab.load(path).tokens)


def test_googles_file_is_imported_with_its_flag_working(google, google_answers, bert_vocab_path):
    """What the issue says Google's file does, by hand: the stubs and the flag must not change it."""
    texts = ["[unused1] [CLS]", "ΟΔΟΣ", "a\ue000b", "ab" * 75]
    plain = google_answers(bert_vocab_path, True, False, texts)
    assert plain[0] == ["[", "unused", "##1", "]", "[", "cl", "##s", "]"]
    assert plain[1] == google.FullTokenizer(str(bert_vocab_path)).tokenize("οδος") != ["[UNK]"]
    assert plain[1] == google.FullTokenizer(str(bert_vocab_path)).tokenize("ΟΔΟς")  # the final form, not σ
    assert plain[2] == ["[UNK]"]  # a private-use character stays in the word
    assert plain[3] != ["[UNK]"]  # 150 characters: under Google's cap of 200
    preserved = google_answers(bert_vocab_path, True, True, texts)
    assert preserved[0] == ["[unused1]", "[", "cl", "##s", "]"]
    assert google.FLAGS.preserve_unused_tokens is False  # set back after use


def hf_tokenizer(vocab_path: Path, lowercase: bool):
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

    tokenizer = Tokenizer(models.WordPiece.from_file(str(vocab_path), unk_token="[UNK]", max_input_chars_per_word=100))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=lowercase, strip_accents=None)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.add_special_tokens(list(Vocab.load(vocab_path).special_tokens))
    return tokenizer


@pytest.mark.slow
@pytest.mark.parametrize("case", ["uncased", "cased"])
def test_the_default_mode_gives_hugging_faces_tokens_on_the_same_texts(
    request, case, bert_vocab_path, cased_vocab_path, uncased_texts, cased_texts
):
    pytest.importorskip("tokenizers")
    path, texts, lowercase = (
        (bert_vocab_path, uncased_texts, True) if case == "uncased" else (cased_vocab_path, cased_texts, False)
    )
    ours = WordPieceTokenizer(Vocab.load(path), lowercase=lowercase)
    answers = [
        encoding.tokens for encoding in hf_tokenizer(path, lowercase).encode_batch(texts, add_special_tokens=False)
    ]
    count, shown = differences(ours.tokenize, texts, answers)
    assert count == 0, shown


GOOGLE_RUNS = {
    # name: (which vocab and texts, lowercase, preserve_unused_tokens, how many of the texts)
    "uncased": ("uncased", True, False, UNCASED_TEXTS),
    "uncased-preserve_unused": ("uncased", True, True, UNCASED_TEXTS // 10),
    "cased": ("cased", False, False, CASED_TEXTS),
}


@pytest.fixture
def google_run(request, google_answers, bert_vocab_path, cased_vocab_path, uncased_texts, cased_texts):
    """(our Google-mode tokenizer, the texts, Google's answers) for one of ``GOOGLE_RUNS``."""
    which, lowercase, preserve, count = GOOGLE_RUNS[request.param]
    path, texts = (bert_vocab_path, uncased_texts) if which == "uncased" else (cased_vocab_path, cased_texts)
    texts = texts[:count]
    tokenizer = WordPieceTokenizer(
        Vocab.load(path), lowercase=lowercase, compat="google", preserve_unused_tokens=preserve
    )
    return tokenizer, texts, google_answers(path, lowercase, preserve, texts)


@pytest.mark.slow
@pytest.mark.parametrize("google_run", list(GOOGLE_RUNS), indirect=True)
def test_the_google_mode_gives_googles_tokens(google_run):
    tokenizer, texts, answers = google_run
    count, shown = differences(tokenizer.tokenize, texts, answers)
    assert count == 0, shown
    # The readable path (words, then each word alone) agrees too, on a part of the texts.
    count, shown = differences(
        lambda text: [token for word in tokenizer.words(text) for token in tokenizer.fast.longest_match(word)],
        texts[:5000],
        answers[:5000],
    )
    assert count == 0, shown


@pytest.mark.slow
@pytest.mark.parametrize("google_run", list(GOOGLE_RUNS), indirect=True)
def test_every_difference_of_the_default_mode_from_google_has_a_known_cause(google_run):
    """Before the Google mode: Hugging Face's rules differ from Google's on some texts, each for a cause the issue names."""
    from wordpiece_lib.analysis import NO_CAUSE, answers_by_cause
    from wordpiece_lib.text import unused_tokens

    google_mode, texts, answers = google_run
    default = WordPieceTokenizer(google_mode.vocab, lowercase=google_mode.lowercase)
    causes = answers_by_cause(
        texts,
        [default.tokenize(text) for text in texts],
        answers,
        lowercase=google_mode.lowercase,
        special_tokens=[token.content for token in default.special_tokens],
        preserved=unused_tokens(google_mode.vocab.tokens) if google_mode.preserve_unused_tokens else (),
    )
    print(dict(causes))  # the census the closing note quotes (pytest -s)
    assert causes[NO_CAUSE] == 0
    assert causes["same"] < len(texts)  # the texts do hit the differences


def test_google_mode_offsets_point_at_the_original_characters(bert_vocab_path, uncased_texts):
    """Each word's tokens, glued, are Google's word of the original span their offsets cover."""
    from wordpiece_lib.text import GoogleWords

    texts = uncased_texts[:3000]
    tokenizer = WordPieceTokenizer(Vocab.load(bert_vocab_path), lowercase=True, compat="google")
    words = GoogleWords(tokenizer.normalize)
    wrong = []
    for text, encoding in zip(texts, tokenizer.encode_batch(texts, add_special_tokens=False), strict=True):
        assert encoding.tokens == tokenizer.tokenize(text)
        assert encoding.offsets == sorted(encoding.offsets)
        for word_id in dict.fromkeys(encoding.word_ids):
            places = [i for i, other in enumerate(encoding.word_ids) if other == word_id]
            tokens = [encoding.tokens[i] for i in places]
            start, end = encoding.offsets[places[0]][0], encoding.offsets[places[-1]][1]
            glued = tokens[0] + "".join(token.removeprefix("##") for token in tokens[1:])
            if tokens != ["[UNK]"] and words.words(text[start:end]) != [glued]:
                wrong.append((text[start:end], tokens))
    assert not wrong, wrong[:5]
