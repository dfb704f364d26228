"""``WordPieceTokenizer``: the whole BERT pipeline in one object.

text -> normalize -> pre-tokenize -> longest-match-first -> tokens -> ids,
and back: ids -> tokens -> text.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from ._validate import check_bool, check_callable, check_int, check_str
from .encode import MAX_INPUT_CHARS_PER_WORD, encode_word
from .fast_tokenizer import FastWordPieceTokenizer
from .normalize import BertNormalizer
from .pieces import decode_pieces
from .pretokenize import PRETOKENIZERS, get_pretokenizer
from .vocab import Vocab


class WordPieceTokenizer:
    """Normalizer + pre-tokenizer + longest-match-first encoder over a ``Vocab``.

    >>> vocab = Vocab(["[UNK]", "hug", "##s", "p", "##u", "##g", "!"])
    >>> tokenizer = WordPieceTokenizer(vocab, lowercase=True)
    >>> tokenizer.tokenize("Hugs pug!")
    ['hug', '##s', 'p', '##u', '##g', '!']
    >>> tokenizer.encode("Hugs pug!")
    [1, 2, 3, 4, 5, 6]
    >>> tokenizer.decode([1, 2, 3, 4, 5, 6])
    'hugs pug !'
    """

    def __init__(
        self,
        vocab: Vocab,
        *,
        lowercase: bool = False,
        pretokenizer: str = "bert",
        prefix: str = "##",
        max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD,
        normalizer: Callable[[str], str] | None = None,
    ) -> None:
        if not isinstance(vocab, Vocab):
            raise TypeError(f"vocab must be a Vocab, got {type(vocab).__name__} (use Vocab.load('vocab.txt'))")
        self.vocab = vocab
        self.lowercase = check_bool(lowercase, "lowercase")
        self.pretokenizer_name = pretokenizer
        self.pretokenize = get_pretokenizer(pretokenizer)
        if normalizer is not None:
            check_callable(normalizer, "normalizer", "a function str -> str")
        self.normalize = normalizer if normalizer is not None else BertNormalizer(lowercase=lowercase)
        self.prefix = check_str(prefix, "prefix", allow_empty=False)
        self.max_input_chars_per_word = check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=1)
        self._fast: FastWordPieceTokenizer | None = None

    @property
    def fast(self) -> FastWordPieceTokenizer:
        """The cached, linear-time twin that encodes whole texts (built on first use).

        It gives exactly the tokens of ``words`` + ``encode_word`` (the tests
        check this on every line of a book), only faster: a translation table
        normalizes and splits in one pass, each distinct word is encoded once.
        """
        if self._fast is None:
            self._fast = FastWordPieceTokenizer.from_tokenizer(self)
        return self._fast

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], **options: object) -> WordPieceTokenizer:
        """Load ``vocab.txt`` and build a tokenizer over it."""
        return cls(Vocab.load(path), **options)  # type: ignore[arg-type]

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the vocab as ``vocab.txt`` (atomically)."""
        return self.vocab.save(path)

    def words(self, text: str) -> list[str]:
        """The words of ``text`` after normalization and pre-tokenization.

        >>> WordPieceTokenizer(Vocab(["[UNK]"])).words("Hi, you!")
        ['Hi', ',', 'you', '!']
        """
        return self.pretokenize(self.normalize(check_str(text, "text")))

    def encode_word(self, word: str) -> list[str]:
        """Longest-match-first tokens of one (already pre-tokenized) word."""
        return encode_word(
            word,
            self.vocab,
            prefix=self.prefix,
            unk_token=self.vocab.unk_token,
            max_input_chars_per_word=self.max_input_chars_per_word,
        )

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text``: every word of ``words(text)`` through ``encode_word``."""
        return self.fast.tokenize(text)

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text``."""
        ids = self.vocab
        return [ids[token] for token in self.tokenize(text)]

    def convert_ids_to_tokens(self, ids: Sequence[int]) -> list[str]:
        """Tokens for ids (raises on an id outside the vocab).

        >>> WordPieceTokenizer(Vocab(["[UNK]", "hug"])).convert_ids_to_tokens([1, 0])
        ['hug', '[UNK]']
        """
        if isinstance(ids, (str, bytes)) or not isinstance(ids, Iterable):
            raise TypeError(f"ids must be a list of int, got {type(ids).__name__}")
        return [self.vocab.token(token_id) for token_id in ids]

    def decode(self, ids: Sequence[int]) -> str:
        """Text for ids: continuation pieces are glued to the piece before."""
        return decode_pieces(self.convert_ids_to_tokens(ids), self.prefix)

    def __repr__(self) -> str:
        return (
            f"WordPieceTokenizer(vocab={len(self.vocab)} tokens, lowercase={self.lowercase}, "
            f"pretokenizer={self.pretokenizer_name!r})"
        )


__all__ = ["PRETOKENIZERS", "WordPieceTokenizer"]
