"""Byte-level BPE, trained as Hugging Face's ``BpeTrainer`` trains it (GPT-2's kind of tokenizer).

The words are byte-level words (``text/byte_level.py``: each byte a printable
character, so the alphabet is the 256 bytes whatever the text). Hugging Face's
trainer then:

1. puts the special tokens first, then every character seen (and the 256
   bytes of ``initial_alphabet``), sorted by code point;
2. counts every adjacent pair of symbols, each word weighted by its count;
3. merges, again and again, the most frequent pair (on a tie, the pair whose
   ids are smallest: its left symbol was added first, then its right); every
   occurrence in every word, left to right; the pairs around each merge are
   recounted; a pair whose count fell is put back with its new count before it
   can win;
4. stops when the vocab has ``vocab_size`` tokens or no pair is seen
   ``min_frequency`` times (and at least once).

``train_byte_level_bpe`` does exactly that and gives a ``BpeModel``; ``train
--model bpe`` writes it with its byte-level parts as ``tokenizer.json``, with the
merges Hugging Face writes (``tests/peers/test_real_tokenizers_hf.py``).

>>> model = train_byte_level_bpe({"hug": 10, "pug": 5, "hugs": 5}, 260, initial_alphabet=False)
>>> model.merges  # ug (20), hug (15), then pug and hugs (5 each: the smaller ids first)
(('u', 'g'), ('h', 'ug'), ('p', 'ug'), ('hug', 's'))
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Mapping

from .._validate import check_bool, check_int, check_str_list
from ..model.bpe import BpeModel
from ..text.byte_level import BYTE_CHARS


def train_byte_level_bpe(
    word_counts: Mapping[str, int] | Iterable[tuple[str, int]],
    vocab_size: int,
    *,
    special_tokens: Iterable[str] = (),
    initial_alphabet: bool = True,
    min_frequency: int = 0,
) -> BpeModel:
    """A BPE model learned from byte-level words and their counts, as Hugging Face's ``BpeTrainer`` learns it.

    ``initial_alphabet``: the 256 byte characters are in the vocab whether seen or not (Hugging Face's
    ``ByteLevel.alphabet()``, as a GPT-2 tokenizer has them).

    >>> model = train_byte_level_bpe({"ĠHug": 3, "Ġhug": 4}, 262, special_tokens=["<|endoftext|>"])
    >>> model.merges, len(model.vocab)
    ((('u', 'g'), ('h', 'ug'), ('Ġ', 'hug'), ('H', 'ug'), ('Ġ', 'Hug')), 262)
    """
    check_int(vocab_size, "vocab_size", minimum=1)
    specials = check_str_list(list(special_tokens), "special_tokens")
    check_bool(initial_alphabet, "initial_alphabet")
    check_int(min_frequency, "min_frequency", minimum=0)
    counts = dict(word_counts.items() if isinstance(word_counts, Mapping) else word_counts)
    for word, count in counts.items():
        if not isinstance(word, str) or not word:
            raise ValueError(f"word_counts must map non-empty words to counts, got the word {word!r}")
        check_int(count, f"the count of {word!r}", minimum=0)
    tokens: list[str] = list(dict.fromkeys(specials))
    ids: dict[str, int] = {token: index for index, token in enumerate(tokens)}
    alphabet = {char for word in counts for char in word}
    if initial_alphabet:
        alphabet.update(BYTE_CHARS.values())
    for char in sorted(alphabet):
        if char not in ids:
            ids[char] = len(tokens)
            tokens.append(char)
    words = [[ids[char] for char in word] for word in counts]
    weights = list(counts.values())
    pair_counts: dict[tuple[int, int], int] = {}
    where: dict[tuple[int, int], set[int]] = {}
    for index, (symbols, weight) in enumerate(zip(words, weights, strict=True)):
        for pair in itertools.pairwise(symbols):
            pair_counts[pair] = pair_counts.get(pair, 0) + weight
            where.setdefault(pair, set()).add(index)
    # A max-heap on the count, then the smallest pair. Each entry carries the words it was pushed for (as
    # Hugging Face's does): a merge changes only those, and a stale entry goes back with the same words.
    heap: list[tuple[int, tuple[int, int], int]] = []
    words_of: list[set[int]] = []
    for pair, indexes in where.items():
        if pair_counts[pair] > 0:
            heap.append((-pair_counts[pair], pair, len(words_of)))
            words_of.append(indexes)
    heapq.heapify(heap)
    merges: list[tuple[str, str]] = []
    while heap and len(ids) < vocab_size:
        negative, pair, entry = heapq.heappop(heap)
        count = pair_counts[pair]
        if -negative != count:
            heapq.heappush(heap, (-count, pair, entry))
            continue
        if count < 1 or count < min_frequency:
            break
        left, right = pair
        new = tokens[left] + tokens[right]
        new_id = ids.get(new)
        if new_id is None:
            new_id = ids[new] = len(tokens)
            tokens.append(new)
        merges.append((tokens[left], tokens[right]))
        grown: dict[tuple[int, int], set[int]] = {}
        for index in words_of[entry]:
            for changed, delta in _merge_word(words[index], left, right, new_id):
                pair_counts[changed] = pair_counts.get(changed, 0) + delta * weights[index]
                if delta > 0:
                    grown.setdefault(changed, set()).add(index)
        for changed, indexes in grown.items():
            if pair_counts[changed] > 0:
                heapq.heappush(heap, (-pair_counts[changed], changed, len(words_of)))
                words_of.append(indexes)
    return BpeModel({token: index for index, token in enumerate(tokens)}, merges)


def _merge_word(symbols: list[int], left: int, right: int, new: int) -> list[tuple[tuple[int, int], int]]:
    """Merge every ``left right`` in ``symbols`` (left to right, in place); the pair counts that changed."""
    changes: list[tuple[tuple[int, int], int]] = []
    index = 0
    while index < len(symbols) - 1:
        if symbols[index] == left and symbols[index + 1] == right:
            if index > 0:
                changes.append(((symbols[index - 1], left), -1))
                changes.append(((symbols[index - 1], new), 1))
            symbols[index : index + 2] = [new]
            if index < len(symbols) - 1:
                changes.append(((right, symbols[index + 1]), -1))
                changes.append(((new, symbols[index + 1]), 1))
        index += 1
    return changes


__all__ = ["train_byte_level_bpe"]
