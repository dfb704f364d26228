"""Texts to tokens through any parts: normalize, pre-tokenize, cut each word with the model, and keep the offsets.

The engine behind a ``Tokenizer`` whose parts have no faster twin (a
``WordPieceTokenizer`` with BERT's parts has one: ``FastWordPieceTokenizer``).
It does what Hugging Face's pipeline does, part by part: special tokens
typed in the text are cut out first and stay whole; each remaining piece is
normalized with every character's origin kept (``normalize_with_origins``),
cut into words by the pre-tokenizer (which carries the origins along), and
each word is cut by the model (``tokens_with_spans``), each distinct word
once. A token's offsets are the origins of its first and last characters.

>>> from wordpiece_lib.model.unigram import UnigramModel
>>> from wordpiece_lib.text.metaspace import Metaspace
>>> engine = Engine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0), ("b", -2.0)]), None, Metaspace(), [])
>>> engine.encode_sequence("ab a")
([1, 2, 1], ['▁a', 'b', '▁a'], [(0, 1), (1, 2), (2, 4)], [0, 0, 1])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence

from ..text.alignment import normalize_with_origins
from .added_tokens import AddedToken, AddedTokenSplitter
from .encoding import TextTokens
from .fast_tokenizer import WordCache, check_text
from .parts import Model, PreTokenizer

#: A word's tokens with their ids and where each starts and ends in the word.
WordTokens = tuple[tuple[str, int, int, int], ...]


class Engine:
    """Texts to ids, tokens, offsets and word indexes with a model, a normalizer and a pre-tokenizer (either may be ``None``).

    ``special_ids`` gives the added tokens' ids (default: the model's vocab).
    Added tokens are matched in the raw text, or, with ``normalized=True``, in
    the normalized text (their content normalized too), as Hugging Face does.

    >>> from wordpiece_lib.model.unigram import UnigramModel
    >>> from wordpiece_lib.text.metaspace import Metaspace
    >>> engine = Engine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)]), None, Metaspace(), [AddedToken("<unk>")])
    >>> engine.tokenize("a<unk>a"), engine.encode("a a")
    (['▁a', '<unk>', '▁a'], [1, 1])
    """

    def __init__(
        self,
        model: Model,
        normalizer: Callable[[str], str] | None,
        pre_tokenizer: PreTokenizer | None,
        special_tokens: Sequence[AddedToken],
        special_ids: Mapping[str, int] | None = None,
        cache_size: int = 1_000_000,
    ) -> None:
        self.model = model
        self.normalizer = normalizer
        self.pre_tokenizer = pre_tokenizer
        ids = special_ids if special_ids is not None else model.vocab.lookup_table()
        self._special_ids = {token.content: ids[token.content] for token in special_tokens}
        # A token with normalized=True is looked for in the normalized text, its own content normalized too.
        in_raw: list[AddedToken] = []
        in_normalized: list[AddedToken] = []
        for token in special_tokens:
            (in_normalized if token.normalized and normalizer is not None else in_raw).append(token)
        self._splitter = AddedTokenSplitter(in_raw)
        self._normalized_ids: dict[str, int] = {}
        normalized_tokens = []
        for token in in_normalized:
            content = normalizer(token.content) if normalizer is not None else token.content
            if content and content not in self._normalized_ids:
                self._normalized_ids[content] = ids[token.content]
                normalized_tokens.append(dataclasses.replace(token, content=content))
        self._normalized_splitter = AddedTokenSplitter(normalized_tokens)
        self._words: WordCache[WordTokens] = WordCache(self._cut, cache_size)

    def _cut(self, word: str) -> WordTokens:
        return tuple(self.model.tokens_with_spans(word))

    def _normalized(self, text: str) -> tuple[str, Sequence[int]]:
        """The normalized text and each of its characters' origin in ``text``."""
        if self.normalizer is None:
            return text, range(len(text))
        aligned = normalize_with_origins(text, self.normalizer)
        return aligned.text, aligned.origins

    def _split(
        self, normalized: str, origins: Sequence[int], at_start: bool
    ) -> tuple[str, Sequence[int], list[tuple[int, int]]]:
        """The pre-tokenized text, its characters' origins, and its words' spans."""
        if self.pre_tokenizer is None:  # no pre-tokenizer: the whole text is one word, as in Hugging Face
            return normalized, origins, [(0, len(normalized))] if normalized else []
        return self.pre_tokenizer.split_with_origins(normalized, origins, at_start=at_start)

    def _encode_part(self, text: str, shift: int, word_index: int, out: TextTokens) -> int:
        """Append the tokens of ``text`` (which starts at ``shift`` in the whole text) to ``out``; the next word index."""
        normalized, origins = self._normalized(text)
        if not self._normalized_splitter.occurs_in(normalized):
            return self._encode_words(normalized, origins, shift == 0, shift, word_index, out)
        for start, end, special in self._normalized_splitter.split(normalized):
            if special is None:
                at_start = shift == 0 and start == 0
                word_index = self._encode_words(
                    normalized[start:end], origins[start:end], at_start, shift, word_index, out
                )
            else:
                out[0].append(self._normalized_ids[special])
                out[1].append(normalized[start:end])  # the normalized text it matched, as Hugging Face gives it
                out[2].append((origins[start] + shift, origins[end - 1] + 1 + shift))
                out[3].append(word_index)
                word_index += 1
        return word_index

    def _encode_words(
        self, normalized: str, origins: Sequence[int], at_start: bool, shift: int, word_index: int, out: TextTokens
    ) -> int:
        ids, tokens, offsets, word_ids = out
        marked, origins, spans = self._split(normalized, origins, at_start)
        for start, end in spans:
            for token, token_id, token_start, token_end in self._words[marked[start:end]]:
                ids.append(token_id)
                tokens.append(token)
                offsets.append((origins[start + token_start] + shift, origins[start + token_end - 1] + 1 + shift))
                word_ids.append(word_index)
            word_index += 1
        return word_index

    def added_parts(self, text: str, *, normalized: bool = False) -> list[tuple[int, int, int | None]]:
        """``text`` cut around its added tokens: ``(start, end, id of the added token or None)``; ``normalized``: the
        tokens matched in normalized text (those with ``normalized=True``), else those matched in raw text.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> Engine(UnigramModel([("<unk>", 0.0)]), None, None, [AddedToken("<unk>")]).added_parts("a<unk>")
        [(0, 1, None), (1, 6, 0)]
        """
        splitter, ids = (
            (self._normalized_splitter, self._normalized_ids) if normalized else (self._splitter, self._special_ids)
        )
        if not splitter.occurs_in(text):
            return [(0, len(text), None)] if text else []
        return [(start, end, None if found is None else ids[found]) for start, end, found in splitter.split(text)]

    def split(
        self, normalized: str, origins: Sequence[int], at_start: bool
    ) -> tuple[str, Sequence[int], list[tuple[int, int]]]:
        """The pre-tokenizer's cut of a normalized text (the whole text one word without a pre-tokenizer).

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> Engine(UnigramModel([("<unk>", 0.0)]), None, None, []).split("a b", range(3), True)[2]
        [(0, 3)]
        """
        return self._split(normalized, origins, at_start)

    def words(self, text: str) -> list[str]:
        """The words of ``text`` (no special tokens in it) after normalization and pre-tokenization.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> from wordpiece_lib.text.metaspace import Metaspace
        >>> Engine(UnigramModel([("<unk>", 0.0)]), None, Metaspace(), []).words("Hi  you")
        ['▁Hi', '▁', '▁you']
        """
        marked, _, spans = self._split(*self._normalized(check_text(text)), True)
        return [marked[start:end] for start, end in spans]

    def encode_word(self, word: str) -> list[str]:
        """The tokens of one (already pre-tokenized) word, remembered.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> Engine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)]), None, None, []).encode_word("▁aa")
        ['▁a', 'a']
        """
        return [token for token, *_ in self._words[check_text(word, "word")]]

    def encode_sequence(self, text: str) -> TextTokens:
        """Ids, tokens, offsets in ``text`` and word index of every token of ``text``; special tokens stay whole.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> from wordpiece_lib.text.metaspace import Metaspace
        >>> engine = Engine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)]), None, Metaspace(), [AddedToken("<unk>")])
        >>> engine.encode_sequence("a<unk>a")
        ([1, 0, 1], ['▁a', '<unk>', '▁a'], [(0, 1), (1, 6), (6, 7)], [0, 1, 2])
        """
        check_text(text)
        out: TextTokens = ([], [], [], [])
        if not self._splitter.occurs_in(text):
            self._encode_part(text, 0, 0, out)
            return out
        word_index = 0
        for start, end, special in self._splitter.split(text):
            if special is None:
                word_index = self._encode_part(text[start:end], start, word_index, out)
            else:
                out[0].append(self._special_ids[special])
                out[1].append(text[start:end])
                out[2].append((start, end))
                out[3].append(word_index)
                word_index += 1
        return out

    def encode_sequences(self, texts: Sequence[str]) -> list[TextTokens]:
        """``encode_sequence`` of every text.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> engine = Engine(UnigramModel([("<unk>", 0.0), ("a", -1.0)]), None, None, [])
        >>> [tokens for _, tokens, _, _ in engine.encode_sequences(["a", "aa"])]
        [['a'], ['a', 'a']]
        """
        if isinstance(texts, (str, bytes)) or not isinstance(texts, Sequence):
            raise TypeError(f"texts must be a list of str, got {type(texts).__name__}")
        return [self.encode_sequence(text) for text in texts]

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text``.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> Engine(UnigramModel([("<unk>", 0.0), ("a", -1.0)]), None, None, []).tokenize("ab")
        ['a', 'b']
        """
        return self.encode_sequence(text)[1]

    def encode(self, text: str) -> list[int]:
        """The ids of ``text``.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> Engine(UnigramModel([("<unk>", 0.0), ("a", -1.0)]), None, None, []).encode("ab")
        [1, 0]
        """
        return self.encode_sequence(text)[0]


__all__ = ["Engine"]
