"""Whole texts, fast: ``FastWordPieceTokenizer``, the engine behind ``WordPieceTokenizer.tokenize``.

Normalization and BERT's pre-tokenization both treat (almost) every
character on its own, so each distinct character is rewritten once into a
translation table (its normalized form, with spaces around punctuation) and
``str.translate`` plus ``str.split`` cut the whole text into words at C
speed. Each distinct word is then encoded once (by :class:`LinMaxMatch` or
by plain longest match) and remembered. ``normalizes_alone`` says which rare
characters break the "one character at a time" rule; a text holding one
goes the slow, plain way.

The same pass gives offsets (each token's characters in the original text)
cheaply: see ``FastWordPieceTokenizer.encode_sequence``. Special tokens typed
in the text (``[MASK]``) are cut out first and stay whole.

The trade: memory for time. The translation tables grow with the distinct
characters seen, and the word caches hold up to ``cache_size`` words each
(a million by default), which is what makes a book's ten thousand distinct
words cost one encoding each. It matches the readable pipeline,
``BertNormalizer`` then ``bert_split`` then ``encode_word`` (the ``words`` and
``encode_word`` methods of ``WordPieceTokenizer``), token for token and offset
for offset; the tests compare both with Hugging Face.

>>> from wordpiece_lib import Vocab
>>> FastWordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"])).tokenize("hugs hugs")
['hug', '##s', 'hug', '##s']
"""

from __future__ import annotations

import dataclasses
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import accumulate, chain, repeat
from operator import add, itemgetter, sub
from typing import Any, Generic, TypeVar

from .._validate import check_bool, check_choice, check_instance, check_int, check_mapping, check_str
from ..model.linmaxmatch import LinMaxMatch, automaton_for
from ..model.longest_match import encode_word
from ..model.pieces import DEFAULT_PREFIX
from ..model.vocab import MAX_INPUT_CHARS_PER_WORD, Vocab
from ..text.alignment import AlignedText, normalize_with_origins
from ..text.fast_normalizer import CharTable, FastNormalizer, NotLocal, normalizes_alone
from ..text.fast_split import split_rule
from ..text.google import GoogleNormalizer, GoogleWords, google_split, unused_tokens
from ..text.normalizer import BertNormalizer, is_cjk
from ..text.pretokenizers import (
    PRETOKENIZER_SPANS,
    PRETOKENIZERS,
    bert_split,
    get_pretokenizer,
    is_bert_whitespace,
    is_punctuation,
    whitespace_spans,
    whitespace_split,
)
from .added_tokens import AddedToken, AddedTokenSplitter, as_added_tokens
from .encoding import TextTokens

T = TypeVar("T")


def check_text(text: str, name: str = "text") -> str:
    """``text`` if it is a str of characters; a lone surrogate (not a character) is refused, as Hugging Face does.

    >>> check_text("héllo")
    'héllo'
    >>> try:
    ...     check_text("a" + chr(0xD800) + "b")
    ... except ValueError as error:
    ...     print(str(error)[:45])
    text holds a lone surrogate '\\ud800' at posit
    """
    check_str(text, name)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise ValueError(
                f"{name} holds a lone surrogate {text[error.start]!r} at position {error.start}: it is not a character "
                "(text read with errors='surrogateescape'?)"
            ) from None
    return text


class WordCache(dict[str, T], Generic[T]):
    """What each distinct word gives, computed on first sight; everything is forgotten when it is full.

    >>> cache = WordCache(len, limit=2)
    >>> cache["hug"], cache["pug"], cache["hugs"], len(cache)
    (3, 3, 4, 1)
    """

    __slots__ = ("compute", "limit")

    def __init__(self, compute: Callable[[str], T], limit: int) -> None:
        super().__init__()
        self.compute = compute
        self.limit = limit

    def __missing__(self, key: str) -> T:
        value = self.compute(key)
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


MATCH_ALGORITHMS = ("linmaxmatch", "longest", "auto")
#: With ``encoder="auto"``, words longer than this go to LinMaxMatch, shorter ones to longest match.
AUTO_LINEAR_FROM = 32

# A word's tokens, ids, token starts and ends within the word, token count.
_WordPieces = tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
_first, _second, _third, _fourth, _fifth = (itemgetter(index) for index in range(5))
_match_start = re.Match.start
# In the class text (see ``_class_rule``): a run of letters, or a one-character word.
_WORD_CLASSES = re.compile(r"a+|\.")


class FastWordPieceTokenizer:
    """The ``WordPieceTokenizer`` pipeline, fast on whole texts, with the same tokens.

    Two things make it fast in pure Python:

    * *one translation table* for normalization **and** pre-tokenization: each
      distinct character is mapped once to its normalized form, with a space
      in place of whitespace and around punctuation (BERT pre-tokenizer); then
      ``text.translate(table).split()`` gives the words at C speed (for the
      ``bert`` and ``whitespace`` pre-tokenizers with a ``BertNormalizer``;
      anything else is normalized and pre-tokenized as given);
    * *a word cache*: each distinct word is encoded once (``encoder`` is
      ``"linmaxmatch"``, linear time, ``"longest"``, ``encode_word``, or
      ``"auto"``: longest match for words up to ``AUTO_LINEAR_FROM``
      characters, LinMaxMatch, built on first need, for longer ones), up to
      ``cache_size`` words.

    ``special_tokens`` (default: the vocab's, e.g. ``[CLS]`` ``[MASK]``) stay
    whole when typed in the text, as Hugging Face's added tokens do.
    ``encode_sequence`` also gives each token's offsets in the original text
    (see ``encode_sequence`` for how that stays fast).

    >>> vocab = Vocab(["[UNK]", "hug", "##s", "p", "##u", "##g", "!"])
    >>> tokenizer = FastWordPieceTokenizer(vocab, lowercase=True)
    >>> tokenizer.tokenize("Hugs pug! Hugs")
    ['hug', '##s', 'p', '##u', '##g', '!', 'hug', '##s']
    >>> tokenizer.encode("Hugs pug!")
    [1, 2, 3, 4, 5, 6]
    """

    def __init__(
        self,
        vocab: Vocab,
        *,
        lowercase: bool = False,
        pretokenizer: str | Callable[[str], list[str]] = "bert",
        prefix: str = DEFAULT_PREFIX,
        max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD,
        normalizer: Callable[[str], str] | None = None,
        encoder: str = "linmaxmatch",
        cache_size: int = 1_000_000,
        automaton: LinMaxMatch | None = None,
        special_tokens: Iterable[str | AddedToken] | None = None,
        added_ids: Mapping[str, int] | None = None,
    ) -> None:
        if not isinstance(vocab, Vocab):
            raise TypeError(f"vocab must be a Vocab, got {type(vocab).__name__} (use Vocab.load('vocab.txt'))")
        self.vocab = vocab
        self.lowercase = check_bool(lowercase, "lowercase")
        if isinstance(pretokenizer, str):
            self.pretokenize = get_pretokenizer(pretokenizer)
        elif callable(pretokenizer):
            self.pretokenize = pretokenizer
        else:
            raise TypeError(f"pretokenizer must be a name or a function, got {type(pretokenizer).__name__}")
        if normalizer is not None and not callable(normalizer):
            raise TypeError(f"normalizer must be a function str -> str, got {type(normalizer).__name__}")
        self.normalize = normalizer if normalizer is not None else BertNormalizer(lowercase=lowercase)
        self.prefix = check_str(prefix, "prefix", allow_empty=False)
        self.max_input_chars_per_word = check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=0)
        self.encoder = check_choice(encoder, "encoder", MATCH_ALGORITHMS)
        check_int(cache_size, "cache_size", minimum=1)
        self.automaton = self._check_automaton(automaton) if automaton is not None else None
        if encoder == "linmaxmatch":
            encode_one: Callable[[str], list[str]] = self._linear_automaton().encode_word
        elif encoder == "auto":
            encode_one = self._auto_match
        else:
            encode_one = self.longest_match
        self._ids = vocab.lookup_table()  # shared with the vocab: a million-token vocab is not copied
        self._word_tokens = WordCache(self._shared_tokens(encode_one), cache_size)
        self._word_pieces = WordCache(self._pieces_with_offsets, cache_size)
        self.special_tokens = as_added_tokens(vocab.special_tokens if special_tokens is None else special_tokens)
        beyond = dict(check_mapping(added_ids, "added_ids", "a dict token -> id")) if added_ids is not None else {}
        self._special_ids: dict[str, int] = {}
        for token in self.special_tokens:
            if token.content in self._ids:
                self._special_ids[token.content] = self._ids[token.content]
            elif token.content in beyond:
                self._special_ids[token.content] = beyond[token.content]
            else:
                raise ValueError(f"added token {token.content!r} is neither in the vocab nor given an id (added_ids)")
        self._splitter = AddedTokenSplitter([token for token in self.special_tokens if not token.normalized])
        # Tokens with normalized=True are looked for in the normalized text, their own content normalized too.
        self._norm_ids: dict[str, int] = {}
        normalized_tokens = []
        for token in self.special_tokens:
            if token.normalized:
                content = self.normalize(token.content)
                if content and content not in self._norm_ids:
                    self._norm_ids[content] = self._special_ids[token.content]
                    normalized_tokens.append(dataclasses.replace(token, content=content))
        self._norm_splitter = AddedTokenSplitter(normalized_tokens)
        self._fast_normalize: Callable[[str], str] = self.normalize
        self._split_table: CharTable | None = None
        self._class_table: CharTable | None = None
        if isinstance(self.normalize, BertNormalizer):
            self._fast_normalize = FastNormalizer(self.normalize)
            # The same table as counting's (fast_split.py): encoding and counting see the same words.
            if self.pretokenize is bert_split:
                self._split_table = CharTable(split_rule(self.normalize, "bert"))
            elif self.pretokenize is whitespace_split:
                self._split_table = CharTable(split_rule(self.normalize, "whitespace"))
            if self._split_table is not None:
                self._class_table = CharTable(self._class_rule)
        self._spans = next(
            (spans for name, spans in PRETOKENIZER_SPANS.items() if PRETOKENIZERS[name] is self.pretokenize), None
        )
        self._google: GoogleWords | None = None
        if isinstance(self.normalize, GoogleNormalizer):
            self._use_google_rules(self.normalize)

    def _use_google_rules(self, normalizer: GoogleNormalizer) -> None:
        """compat="google": Google's words through the same two tables; typed special tokens are not matched."""
        if self.pretokenize not in (google_split, bert_split):
            raise ValueError("a GoogleNormalizer goes with Google's BERT pre-tokenizer (google_split), not another")
        self.pretokenize = google_split
        self._google = GoogleWords(normalizer, unused_tokens(self.vocab.tokens))
        self._splitter = AddedTokenSplitter(())  # Google's file has no added tokens: [MASK] typed is cut
        self._split_table = CharTable(self._google.split_rule)
        self._class_table = CharTable(self._google.class_rule)
        # The slow way gives Google's words with their origins, joined by spaces: found again by whitespace.
        self._spans = whitespace_spans

    # A pickle carries the settings, not the tables and caches built from them (one holds a closure, and
    # all of them are quicker to rebuild than to send): unpickling builds the tokenizer afresh.
    def __getstate__(self) -> dict[str, Any]:
        return {
            "vocab": self.vocab,
            "lowercase": self.lowercase,
            "pretokenizer": self.pretokenize,
            "prefix": self.prefix,
            "max_input_chars_per_word": self.max_input_chars_per_word,
            "normalizer": self.normalize,
            "encoder": self.encoder,
            "cache_size": self._word_tokens.limit,
            "special_tokens": self.special_tokens,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        settings = dict(state)
        self.__init__(settings.pop("vocab"), **settings)  # type: ignore[misc]

    @classmethod
    def from_tokenizer(cls, tokenizer: Any, **options: Any) -> FastWordPieceTokenizer:
        """The fast twin of a ``WordPieceTokenizer`` (same vocab, normalizer, pre-tokenizer, prefix).

        >>> from wordpiece_lib import WordPieceTokenizer
        >>> plain = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]), lowercase=True)
        >>> FastWordPieceTokenizer.from_tokenizer(plain).tokenize("HUGS")
        ['hug', '##s']
        """
        settings: dict[str, Any] = {
            "lowercase": tokenizer.lowercase,
            "pretokenizer": tokenizer.pretokenize,
            "prefix": tokenizer.prefix,
            "max_input_chars_per_word": tokenizer.max_input_chars_per_word,
            "normalizer": tokenizer.normalize,
            "special_tokens": tokenizer.special_tokens,
            "added_ids": getattr(tokenizer, "added_ids", None),
        }
        settings.update(options)
        return cls(tokenizer.vocab, **settings)

    def _shared_tokens(self, encode_one: Callable[[str], list[str]]) -> Callable[[str], tuple[str, ...]]:
        """``encode_one``'s tokens of a word, as the vocab's own strings: what the word cache keeps.

        Longest match cuts each piece out of the word, a new string every time:
        ``##s`` would be kept once per word it ends. A cache of every distinct word of
        eleven word lists (notebook 09) held about 10 MB of such copies; the vocab's
        strings cost nothing more. A word that is one token is kept as it is.
        """
        ids, tokens = self._ids, self.vocab.tokens

        def shared(word: str) -> tuple[str, ...]:
            found = encode_one(word)
            if len(found) == 1:
                return tuple(found)
            return tuple([tokens[ids[token]] if token in ids else token for token in found])

        return shared

    def _check_automaton(self, automaton: LinMaxMatch) -> LinMaxMatch:
        """A prebuilt automaton may be shared (building BERT's takes about a second) if its settings match."""
        check_instance(automaton, "automaton", LinMaxMatch)
        ours = (self.prefix, self.vocab.unk_token, self.max_input_chars_per_word)
        theirs = (automaton.prefix, automaton.unk_token, automaton.max_input_chars_per_word)
        if ours != theirs:
            raise ValueError(
                f"automaton was built with prefix, unk_token, max_input_chars_per_word = {theirs}, "
                f"but this tokenizer uses {ours}"
            )
        return automaton

    def _linear_automaton(self) -> LinMaxMatch:
        # Built on first need (encoder="auto" may never meet a word long enough to want it), and kept by
        # the vocab, so every tokenizer over it (and encode_word) shares one.
        if self.automaton is None:
            self.automaton = automaton_for(
                self.vocab, prefix=self.prefix, max_input_chars_per_word=self.max_input_chars_per_word
            )
        return self.automaton

    def _auto_match(self, word: str) -> list[str]:
        # Building BERT's automaton takes longer than encoding a whole book's distinct words by longest
        # match, whose quadratic worst case only bites on long words: those alone wait for the automaton.
        if AUTO_LINEAR_FROM < len(word) <= self.max_input_chars_per_word:
            return self._linear_automaton().encode_word(word)
        return self.longest_match(word)

    def longest_match(self, word: str) -> list[str]:
        """Plain longest-match-first tokens of one word, with this tokenizer's vocab and settings."""
        return encode_word(
            word,
            self.vocab,
            prefix=self.prefix,
            unk_token=self.vocab.unk_token,
            max_input_chars_per_word=self.max_input_chars_per_word,
        )

    def _normalized_alone(self, char: str) -> str:
        if not normalizes_alone(char, self.normalize):  # type: ignore[arg-type]
            raise NotLocal(char)
        return self.normalize(char)

    def _whitespace_rule(self, char: str) -> str:
        normalized = self._normalized_alone(char)
        if any(part.isspace() and not is_bert_whitespace(part) for part in normalized):
            raise NotLocal(char)  # str.split would cut at U+001C..U+001F, the pre-tokenizers do not
        return normalized

    def _class_rule(self, char: str) -> str:
        """The class of ``char`` for finding words: letter ``a``, space, or ``.`` for a one-character word.

        The class text has one character per original character, so a word's
        position in it is its position in the original. That holds when
        ``char`` normalizes to one character; an ideograph, spaced into a word
        of its own, is ``.`` too. A character that normalizes to nothing or
        to several (a control, ``İ`` lowercased without accent stripping)
        cannot keep positions: the text then goes the aligned way.
        """
        normalized = self._whitespace_rule(char)
        if len(normalized) == 1:
            if is_bert_whitespace(normalized):
                return " "
            return "." if self.pretokenize is bert_split and is_punctuation(normalized) else "a"
        if self.normalize.handle_chinese_chars and is_cjk(char):  # type: ignore[attr-defined]
            return "."
        raise NotLocal(char)

    def words(self, text: str) -> list[str]:
        """The words of ``text`` after normalization and pre-tokenization.

        >>> FastWordPieceTokenizer(Vocab(["[UNK]"])).words("Hi, you!")
        ['Hi', ',', 'you', '!']
        """
        check_str(text, "text")
        if self._split_table is not None:
            try:
                return text.translate(self._split_table).split()
            except NotLocal:
                if self._google is not None:
                    return self._google.words(text)
                return self.pretokenize(self.normalize(text))
        return self.pretokenize(self._fast_normalize(text))

    def encode_word(self, word: str) -> list[str]:
        """Tokens of one (already pre-tokenized) word, remembered.

        >>> FastWordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"])).encode_word("hugs")
        ['hug', '##s']
        """
        return list(self._word_tokens[check_str(word, "word")])

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text`` (same as ``WordPieceTokenizer.tokenize``); special tokens typed in it stay whole.

        >>> FastWordPieceTokenizer(Vocab(["[UNK]", "a", "##b", "."])).tokenize("ab. abc [UNK]")
        ['a', '##b', '.', '[UNK]', '[UNK]']
        """
        check_text(text)
        if self._norm_splitter:
            return self.encode_sequence(text)[1]
        if self._splitter.occurs_in(text):
            tokens: list[str] = []
            for start, end, special in self._splitter.split(text):
                tokens += [text[start:end]] if special is not None else self._plain_tokens(text[start:end])
            return tokens
        return self._plain_tokens(text)

    def _plain_tokens(self, text: str) -> list[str]:
        return list(chain.from_iterable(map(self._word_tokens.__getitem__, self.words(text))))

    # -- offsets ----------------------------------------------------------------------------------------------------

    def _pieces_with_offsets(self, word: str) -> _WordPieces:
        """A word's tokens, their ids, where each token starts and ends in the word, and how many there are."""
        tokens = self._word_tokens[word]
        ids = tuple(self._ids[token] for token in tokens)
        if tokens == (self.vocab.unk_token,):  # the unknown token stands for the whole word
            return tokens, ids, (0,), (len(word),), 1
        starts, ends, start, skip = [], [], 0, len(self.prefix)
        for position, token in enumerate(tokens):
            end = start + len(token) - (skip if position else 0)
            starts.append(start)
            ends.append(end)
            start = end
        return tokens, ids, tuple(starts), tuple(ends), len(tokens)

    def encode_sequence(self, text: str) -> TextTokens:
        """Ids, tokens, offsets in ``text`` and word index of every token of ``text``.

        Offsets are character positions in the original ``text``, through
        normalization (see ``alignment.py``). The fast way: when every
        character normalizes to one character (accents stripped, letters
        lowercased: nearly all text), a second translation table writes one
        character per original character, and each word is found in it with
        ``str.find`` right after the previous one; a word's offsets are then
        its start plus the token spans cached with the word. Texts with a
        character that normalizes to nothing or to several (controls, ``İ``
        lowercased without accent stripping) go through ``normalize_with_origins``.

        >>> tokenizer = FastWordPieceTokenizer(Vocab(["[UNK]", "[MASK]", "hug", "##s", "!"]), lowercase=True)
        >>> ids, tokens, offsets, words = tokenizer.encode_sequence("HÜGS! [MASK]")
        >>> tokens, offsets, words
        (['hug', '##s', '!', '[MASK]'], [(0, 3), (3, 4), (4, 5), (6, 12)], [0, 0, 1, 2])
        """
        check_text(text)
        out: TextTokens = ([], [], [], [])
        encode_part = self._encode_normalized_part if self._norm_splitter else self._encode_part
        if self._splitter.occurs_in(text):
            word_index = 0
            for start, end, special in self._splitter.split(text):
                if special is None:
                    word_index = encode_part(text[start:end], start, word_index, out)
                else:
                    out[0].append(self._special_ids[special])
                    out[1].append(text[start:end])  # with the spaces an lstrip/rstrip token swallowed, as HF
                    out[2].append((start, end))
                    out[3].append(word_index)
                    word_index += 1
        else:
            encode_part(text, 0, 0, out)
        return out

    def encode_sequences(self, texts: Sequence[str]) -> list[TextTokens]:
        """``encode_sequence`` of every text, most of the work done once for all of them.

        The texts without special tokens are joined with a newline (no word
        can cross it) and go through the two tables, the word search and the
        token lists in one pass each; then every text takes its slices, with
        offsets and word indexes counted from its own start.

        >>> tokenizer = FastWordPieceTokenizer(Vocab(["[UNK]", "[MASK]", "hug", "##s", "!"]), lowercase=True)
        >>> [offsets for _, _, offsets, _ in tokenizer.encode_sequences(["HUGS!", "", "hug [MASK]"])]
        [[(0, 3), (3, 4), (4, 5)], [], [(0, 3), (4, 10)]]
        """
        if isinstance(texts, (str, bytes)) or not isinstance(texts, Sequence):
            raise TypeError(f"texts must be a list of str, got {type(texts).__name__}")
        results: list[TextTokens | None] = [None] * len(texts)
        joined = []
        for index, text in enumerate(texts):
            check_text(text, f"texts[{index}]")
            if self._class_table is None or self._norm_splitter or self._splitter.occurs_in(text):
                results[index] = self.encode_sequence(text)
            else:
                joined.append(index)
        if joined:
            self._encode_joined(texts, joined, results)
        return results  # type: ignore[return-value]

    def _encode_joined(self, texts: Sequence[str], indexes: list[int], results: list[TextTokens | None]) -> None:
        """Fill ``results[i]`` for every ``i`` of ``indexes`` from one pass over the joined texts."""
        joined = "\n".join(texts[index] for index in indexes)
        try:
            classes = joined.translate(self._class_table)  # type: ignore[arg-type]
            words = joined.translate(self._split_table).split()  # type: ignore[arg-type]
        except NotLocal:
            # Some text needs the aligned way: halve the batch until it is alone, so only it goes slowly.
            if len(indexes) == 1:
                results[indexes[0]] = self.encode_sequence(texts[indexes[0]])
                return
            middle = len(indexes) // 2
            self._encode_joined(texts, indexes[:middle], results)
            self._encode_joined(texts, indexes[middle:], results)
            return
        starts = list(map(_match_start, _WORD_CLASSES.finditer(classes)))
        if len(starts) != len(words):  # pragma: no cover - the two tables always agree; a guard, not a path
            for index in indexes:
                results[index] = self.encode_sequence(texts[index])
            return
        text_starts, first_words, position, word = [], [], 0, 0
        for index in indexes:
            word = bisect_left(starts, position, word)
            text_starts.append(position)
            first_words.append(word)
            position += len(texts[index]) + 1
        words_per_text = list(map(sub, [*first_words[1:], len(words)], first_words))
        entries = list(map(self._word_pieces.__getitem__, words))
        counts = list(map(_fifth, entries))
        all_tokens = list(chain.from_iterable(map(_first, entries)))
        all_ids = list(chain.from_iterable(map(_second, entries)))
        # Positions and word numbers from the start of each text, still in C loops over the whole batch.
        word_starts = map(sub, starts, chain.from_iterable(map(repeat, text_starts, words_per_text)))
        token_word_starts = list(chain.from_iterable(map(repeat, word_starts, counts)))
        offsets = list(
            zip(
                map(add, token_word_starts, chain.from_iterable(map(_third, entries))),
                map(add, token_word_starts, chain.from_iterable(map(_fourth, entries))),
            )
        )
        local_words = map(sub, range(len(words)), chain.from_iterable(map(repeat, first_words, words_per_text)))
        word_ids: list[int | None] = list(chain.from_iterable(map(repeat, local_words, counts)))
        token_bounds = [0, *accumulate(counts)]
        for index, first, count in zip(indexes, first_words, words_per_text):
            begin, end = token_bounds[first], token_bounds[first + count]
            results[index] = (all_ids[begin:end], all_tokens[begin:end], offsets[begin:end], word_ids[begin:end])

    def _encode_part(self, text: str, shift: int, word_index: int, out: TextTokens) -> int:
        """Append the tokens of ``text`` (which starts at ``shift`` in the whole text) to ``out``; the next word index."""
        ids, tokens, offsets, word_ids = out
        pieces = self._word_pieces
        if self._class_table is not None:
            try:
                classes = text.translate(self._class_table)
                words = text.translate(self._split_table).split()  # type: ignore[arg-type]
            except NotLocal:
                pass
            else:
                # Everything below loops in C: one Python step per line, none per word.
                starts = list(map(_match_start, _WORD_CLASSES.finditer(classes)))
                if len(starts) == len(words):
                    entries = list(map(pieces.__getitem__, words))
                    tokens += chain.from_iterable(map(_first, entries))
                    ids += chain.from_iterable(map(_second, entries))
                    counts = list(map(_fifth, entries))
                    if shift:
                        starts = [start + shift for start in starts]
                    token_word_starts = list(chain.from_iterable(map(repeat, starts, counts)))
                    offsets += zip(
                        map(add, token_word_starts, chain.from_iterable(map(_third, entries))),
                        map(add, token_word_starts, chain.from_iterable(map(_fourth, entries))),
                    )
                    word_ids += chain.from_iterable(map(repeat, range(word_index, word_index + len(words)), counts))
                    return word_index + len(words)
        return self._encode_aligned(self._aligned(text), shift, word_index, out)

    def _encode_normalized_part(self, text: str, shift: int, word_index: int, out: TextTokens) -> int:
        """``_encode_part`` when added tokens are looked for in the normalized text (``normalized=True``)."""
        aligned = self._aligned(text)
        if not self._norm_splitter.occurs_in(aligned.text):
            return self._encode_aligned(aligned, shift, word_index, out)
        origins = aligned.origins
        for start, end, special in self._norm_splitter.split(aligned.text):
            if special is None:
                part = AlignedText(aligned.text[start:end], origins[start:end])
                word_index = self._encode_aligned(part, shift, word_index, out)
            else:
                out[0].append(self._norm_ids[special])
                out[1].append(aligned.text[start:end])  # the normalized text it matched, as Hugging Face gives it
                out[2].append((origins[start] + shift, origins[end - 1] + 1 + shift))
                out[3].append(word_index)
                word_index += 1
        return word_index

    def _encode_aligned(self, aligned: AlignedText, shift: int, word_index: int, out: TextTokens) -> int:
        """Append the tokens of normalized text whose characters came from ``aligned.origins`` (+ ``shift``)."""
        ids, tokens, offsets, word_ids = out
        pieces = self._word_pieces
        origins = aligned.origins
        for start, end in self._spans(aligned.text):  # type: ignore[misc]
            word_tokens, word_token_ids, token_starts, token_ends, count = pieces[aligned.text[start:end]]
            ids += word_token_ids
            tokens += word_tokens
            offsets += [
                (origins[start + a] + shift, origins[start + b - 1] + 1 + shift)
                for a, b in zip(token_starts, token_ends)
            ]
            word_ids += [word_index] * count
            word_index += 1
        return word_index

    def _aligned(self, text: str) -> AlignedText:
        if self._spans is None:
            raise ValueError("offsets need one of the named pre-tokenizers (bert, whitespace, gpt2), not a function")
        if self._google is not None:
            words = self._google.with_origins(text)
            origins = tuple(chain.from_iterable((*origins, -1) for _, origins in words))[:-1]
            return AlignedText(" ".join(word for word, _ in words), origins)
        if isinstance(self.normalize, BertNormalizer) or hasattr(self.normalize, "with_origins"):
            return normalize_with_origins(text, self.normalize)  # a normalizer part keeps its own origins
        normalized = self.normalize(text)
        if len(normalized) != len(text):
            raise ValueError(
                "offsets need a BertNormalizer, or a normalizer that keeps the length of the text: this one "
                f"turned {len(text)} characters into {len(normalized)}"
            )
        return AlignedText(normalized, tuple(range(len(text))))

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text``.

        >>> FastWordPieceTokenizer(Vocab(["[UNK]", "a", "##b"])).encode("ab b [UNK]")
        [1, 2, 0, 0]
        """
        check_text(text)
        if self._norm_splitter or self._splitter.occurs_in(text):  # an lstrip/rstrip match is not spelled as its token
            return self.encode_sequence(text)[0]
        return list(map(self._ids.__getitem__, self._plain_tokens(text)))

    def cache_info(self) -> dict[str, int]:
        """How many distinct words and characters are remembered.

        >>> tokenizer = FastWordPieceTokenizer(Vocab(["[UNK]", "a"]))
        >>> _ = tokenizer.tokenize("a a, a")
        >>> tokenizer.cache_info()
        {'words': 2, 'chars': 3}
        """
        chars = len(self._split_table) if self._split_table is not None else 0
        return {"words": len(self._word_tokens), "chars": chars}

    def clear_cache(self) -> None:
        """Forget every remembered word and character (e.g. before timing a cold start)."""
        self._word_tokens.clear()
        self._word_pieces.clear()
        if self._split_table is not None:
            self._split_table.clear()
        if self._class_table is not None:
            self._class_table.clear()
        if isinstance(self._fast_normalize, FastNormalizer):
            self._fast_normalize._table.clear()

    def __repr__(self) -> str:
        return (
            f"FastWordPieceTokenizer(vocab={len(self.vocab)} tokens, lowercase={self.lowercase}, "
            f"encoder={self.encoder!r})"
        )


__all__ = ["AUTO_LINEAR_FROM", "MATCH_ALGORITHMS", "FastWordPieceTokenizer", "WordCache", "check_text"]
