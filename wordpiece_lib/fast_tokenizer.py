"""Whole texts, fast: ``FastWordPieceTokenizer``, the engine behind ``WordPieceTokenizer.tokenize``.

Normalization and BERT's pre-tokenization both treat (almost) every
character on its own, so each distinct character is rewritten once into a
translation table (its normalized form, with spaces around punctuation) and
``str.translate`` plus ``str.split`` cut the whole text into words at C
speed. Each distinct word is then encoded once (by :class:`LinMaxMatch` or
by plain longest match) and remembered. ``normalizes_alone`` says which rare
characters break the "one character at a time" rule; a text holding one
goes the slow, plain way.

>>> from wordpiece_lib import Vocab
>>> FastWordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"])).tokenize("hugs hugs")
['hug', '##s', 'hug', '##s']
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from itertools import chain
from typing import Any

from ._validate import check_bool, check_choice, check_instance, check_int, check_str
from .encode import MAX_INPUT_CHARS_PER_WORD, encode_word
from .fast_normalize import CharTable, FastNormalizer, NotLocal, normalizes_alone
from .linmaxmatch import LinMaxMatch
from .normalize import BertNormalizer
from .pieces import DEFAULT_PREFIX
from .pretokenize import bert_split, get_pretokenizer, is_bert_whitespace, is_punctuation, whitespace_split
from .vocab import Vocab


class _Memo(dict):  # type: ignore[type-arg]
    """A dict that computes missing values, and forgets everything when full."""

    __slots__ = ("compute", "limit")

    def __init__(self, compute: Callable[[str], tuple[str, ...]], limit: int) -> None:
        super().__init__()
        self.compute = compute
        self.limit = limit

    def __missing__(self, key: str) -> tuple[str, ...]:
        value = self.compute(key)
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


MATCH_ALGORITHMS = ("linmaxmatch", "longest")


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
      ``"linmaxmatch"``, linear time, or ``"longest"``, ``encode_word``), up
      to ``cache_size`` words.

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
            if self.automaton is None:
                self.automaton = LinMaxMatch(vocab, prefix=prefix, max_input_chars_per_word=max_input_chars_per_word)
            encode_one: Callable[[str], list[str]] = self.automaton.encode_word
        else:
            encode_one = functools.partial(
                encode_word,
                vocab=vocab,
                prefix=prefix,
                unk_token=vocab.unk_token,
                max_input_chars_per_word=max_input_chars_per_word,
            )
        self._word_tokens = _Memo(lambda word: tuple(encode_one(word)), cache_size)
        self._ids = dict(zip(vocab.tokens, range(len(vocab))))
        self._fast_normalize: Callable[[str], str] = self.normalize
        self._split_table: CharTable | None = None
        if isinstance(self.normalize, BertNormalizer):
            self._fast_normalize = FastNormalizer(self.normalize)
            if self.pretokenize is bert_split:
                self._split_table = CharTable(self._bert_rule)
            elif self.pretokenize is whitespace_split:
                self._split_table = CharTable(self._whitespace_rule)

    @classmethod
    def from_tokenizer(cls, tokenizer: Any, **options: Any) -> FastWordPieceTokenizer:
        """The fast twin of a ``WordPieceTokenizer`` (same vocab, normalizer, pre-tokenizer, prefix).

        >>> from wordpiece_lib.tokenizer import WordPieceTokenizer
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
        }
        settings.update(options)
        return cls(tokenizer.vocab, **settings)

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

    def _whitespace_rule(self, char: str) -> str:
        # whitespace_split is str.split, so the normalized text is split as it is.
        if not normalizes_alone(char, self.normalize):  # type: ignore[arg-type]
            raise NotLocal(char)
        return self.normalize(char)

    def _bert_rule(self, char: str) -> str:
        pieces = []
        for part in self._whitespace_rule(char):
            if is_bert_whitespace(part):
                pieces.append(" ")
            elif is_punctuation(part):
                pieces.append(f" {part} ")
            elif part.isspace():  # str.split would cut here, bert_split would not
                raise NotLocal(char)
            else:
                pieces.append(part)
        return "".join(pieces)

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
                return self.pretokenize(self.normalize(text))
        return self.pretokenize(self._fast_normalize(text))

    def encode_word(self, word: str) -> list[str]:
        """Tokens of one (already pre-tokenized) word, remembered.

        >>> FastWordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"])).encode_word("hugs")
        ['hug', '##s']
        """
        return list(self._word_tokens[check_str(word, "word")])

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text`` (same as ``WordPieceTokenizer.tokenize``).

        >>> FastWordPieceTokenizer(Vocab(["[UNK]", "a", "##b", "."])).tokenize("ab. abc")
        ['a', '##b', '.', '[UNK]']
        """
        return list(chain.from_iterable(map(self._word_tokens.__getitem__, self.words(text))))

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text``.

        >>> FastWordPieceTokenizer(Vocab(["[UNK]", "a", "##b"])).encode("ab b")
        [1, 2, 0]
        """
        return list(map(self._ids.__getitem__, self.tokenize(text)))

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
        if self._split_table is not None:
            self._split_table.clear()
        if isinstance(self._fast_normalize, FastNormalizer):
            self._fast_normalize._table.clear()

    def __repr__(self) -> str:
        return (
            f"FastWordPieceTokenizer(vocab={len(self.vocab)} tokens, lowercase={self.lowercase}, "
            f"encoder={self.encoder!r})"
        )


__all__ = ["MATCH_ALGORITHMS", "FastWordPieceTokenizer"]
