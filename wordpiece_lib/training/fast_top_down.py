"""``FastTopDown``: TensorFlow Text's top-down learner, vectorised with NumPy.

It learns the same vocab as the readable steps of :mod:`wordpiece_lib.training.top_down`
for each threshold, without building every substring of every word; the
threshold search in :mod:`wordpiece_lib.training.top_down_search` uses it by default.

The trade: it relies on a property of TensorFlow Text's subtraction rule
(``subtract="always"``, see ``FastTopDown``) instead of following the steps, so
it offers no ``"kept"`` rule and shows no per-round substring table; and it
keeps arrays over every word's candidate pieces for the whole search, to
make each threshold a few array operations.

>>> FastTopDown([("hug", 10), ("hugs", 5), ("bugs", 5)], ["[UNK]"]).learn_with_threshold(5)[-8:]
['hug', 'bugs', 'hugs', '##b', '##g', '##h', '##s', '##u']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .._validate import check_int, check_str_list
from ..counting.word_counts import as_word_counts
from .top_down import (
    JOINER,
    NUM_ITERATIONS,
    WordCountPairs,
    check_joiner,
    joiner_prefix,
    learn_with_threshold,
    with_extra_characters,
    word_characters,
)


class FastTopDown:
    """Learns the vocab of one threshold like :func:`learn_with_threshold`, without building substrings.

    Why it gives the same tokens: when every substring's count is subtracted
    from its prefixes (kept or not), what is left for a substring is the total
    count of the words in which it starts at a counted position and runs to
    the end of the word. So a round only needs, for every word, the ending
    that starts at each of its split points. Every token a round can keep is
    then a whole word, a word ending (with the joiner) or a character.

    What is done once, for all thresholds: number those strings; for every
    word and position, list the strings that could match there (the
    candidates of the greedy longest-match split); the first round's counts,
    which do not depend on the threshold. A round is then a few array
    operations: which candidates are in the vocab, the longest one at every
    position, the chain of split points of every word, and the counts of the
    endings that start there. A round whose tokens equal the previous round's
    would repeat itself, so the remaining rounds are skipped.

    >>> learner = FastTopDown([("hug", 10), ("hugs", 5), ("bugs", 5)], ["[UNK]"])
    >>> learner.learn_with_threshold(5) == learn_with_threshold({"hug": 10, "hugs": 5, "bugs": 5}, 5, ["[UNK]"])
    True
    """

    def __init__(
        self,
        words: Iterable[tuple[str, int]],
        reserved_tokens: Iterable[str],
        *,
        num_iterations: int = NUM_ITERATIONS,
        joiner: str = JOINER,
        include_joiner_token: bool = True,
        extra_characters: Iterable[str] = (),
    ) -> None:
        pairs = list(as_word_counts(words, "words").items())
        reserved = check_str_list(reserved_tokens, "reserved_tokens")
        self._setup(
            pairs,
            reserved,
            num_iterations,
            joiner,
            include_joiner_token,
            check_str_list(extra_characters, "extra_characters"),
        )

    @classmethod
    def _from_checked(
        cls,
        words: WordCountPairs,
        reserved_tokens: list[str],
        num_iterations: int,
        joiner: str,
        include_joiner_token: bool,
        extra_characters: list[str] | None = None,
    ) -> FastTopDown:
        """Build from words already checked (distinct, positive counts), skipping the checks."""
        learner = cls.__new__(cls)
        learner._setup(words, reserved_tokens, num_iterations, joiner, include_joiner_token, extra_characters or [])
        return learner

    def _setup(
        self,
        words: WordCountPairs,
        reserved_tokens: list[str],
        num_iterations: int,
        joiner: str,
        include_joiner_token: bool,
        extra_characters: list[str],
    ) -> None:
        self.words = words
        self.extra_characters = extra_characters
        self.reserved_tokens = reserved_tokens
        self.num_iterations = check_int(num_iterations, "num_iterations", minimum=0)
        self.joiner = check_joiner(joiner, include_joiner_token)
        self.include_joiner_token = include_joiner_token
        self.characters = word_characters(word for word, _ in self.words)
        self._prefix = joiner_prefix(joiner, include_joiner_token)
        if self.words:
            self._number_strings()
            self._find_candidates()

    def _number_strings(self) -> None:
        """Number every string a round can keep, and each word's ending at every position.

        An "entry" is what TensorFlow Text counts: word ``i`` is entry ``i``;
        the endings come after. It counts the ending ``##a`` apart from a word
        ``##a`` (it groups substrings by their length without the joiner), so
        two entries can share one string; with no joiner they are one entry.
        """
        import numpy as np

        prefix = self._prefix
        texts = [word for word, _ in self.words]
        ending_texts = [prefix + word[start:] for word in texts for start in range(1, len(word))]
        entry_of = {} if prefix else {word: index for index, word in enumerate(texts)}
        first_entry = len(texts)
        new_endings = [text for text in dict.fromkeys(ending_texts) if text not in entry_of]
        entry_of.update(zip(new_endings, range(first_entry, first_entry + len(new_endings)), strict=True))
        entry_texts = texts + new_endings
        char_texts = [*self.characters, *(self.joiner + c for c in self.characters if self.include_joiner_token)]
        string_ids = {text: index for index, text in enumerate(dict.fromkeys(entry_texts + char_texts))}
        lengths = np.array([len(word) for word in texts], dtype=np.int64)
        word_counts = [count for _, count in self.words]
        # Counts stay exact: int64 while the total fits, Python integers otherwise.
        dtype = np.int64 if sum(word_counts) < 2**62 else object
        self._string_ids = string_ids
        self._strings = list(string_ids)
        self._entry_string = np.array([string_ids[text] for text in entry_texts], dtype=np.int64)
        self._entry_is_ending = np.arange(len(entry_texts)) >= first_entry
        self._char_ids = np.array([string_ids[text] for text in char_texts], dtype=np.int64)
        # Positions are numbered across all words: word i holds word_start[i] .. word_start[i] + len - 1.
        self._word_start = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
        is_word_start = np.zeros(int(lengths.sum()), dtype=bool)
        is_word_start[self._word_start] = True
        self._position_entry = np.empty(len(is_word_start), dtype=np.int64)
        self._position_entry[is_word_start] = np.arange(len(texts))
        self._position_entry[~is_word_start] = np.array([entry_of[text] for text in ending_texts], dtype=np.int64)
        self._position_stop = np.repeat(self._word_start + lengths, lengths)
        self._position_count = np.repeat(np.array(word_counts, dtype=dtype), lengths)
        # Round 0 counts every start, so every ending of every word.
        self._first_counts = np.zeros(len(entry_texts), dtype=dtype)
        np.add.at(self._first_counts, self._position_entry, self._position_count)

    def _find_candidates(self) -> None:
        """For every position, the numbered strings the greedy split may match there.

        The string looked up at a position, running to the end of the word, is
        itself numbered; the candidates are the numbered strings that are its
        prefixes (longer than the joiner). In sorted order a string's prefixes
        come before it, so one pass finds each string's longest numbered
        proper prefix (its parent); the candidates are a chain of parents.
        """
        import numpy as np

        strings = self._strings
        parent = np.full(len(strings), -1, dtype=np.int64)
        chain: list[int] = []
        for sid in sorted(range(len(strings)), key=strings.__getitem__):
            text = strings[sid]
            while chain and not text.startswith(strings[chain[-1]]):
                chain.pop()
            if chain:
                parent[sid] = chain[-1]
            chain.append(sid)
        length = np.array([len(text) for text in strings], dtype=np.int64)
        positions = np.arange(len(self._position_entry), dtype=np.int64)
        head = np.full(len(positions), len(self._prefix), dtype=np.int64)
        head[self._word_start] = 0
        found_positions = []
        found_strings = []
        current, sid = positions, self._entry_string[self._position_entry]
        while current.size:
            # A prefix no longer than the joiner is not a piece; its own prefixes are shorter still.
            long_enough = length[sid] > head[current]
            current, sid = current[long_enough], sid[long_enough]
            found_positions.append(current)
            found_strings.append(sid)
            sid = parent[sid]
            current, sid = current[sid >= 0], sid[sid >= 0]
        candidate_position = np.concatenate(found_positions)
        order = np.argsort(candidate_position, kind="stable")
        candidate_position = candidate_position[order]
        self._candidate_string = np.concatenate(found_strings)[order]
        # A candidate's end, as the position number where the next piece starts.
        self._candidate_end = candidate_position + length[self._candidate_string] - head[candidate_position]
        self._group_first = np.searchsorted(candidate_position, positions)

    def _counts_under(self, in_vocab: Any) -> Any:
        """Entry counts of one round: split every word under ``in_vocab`` (a mask over strings)."""
        import numpy as np

        # The longest candidate in the vocab at every position (a character always is).
        ends = np.where(in_vocab[self._candidate_string], self._candidate_end, -1)
        next_start = np.maximum.reduceat(ends, self._group_first)
        starts = [self._word_start]
        current = self._word_start
        while current.size:
            following = next_start[current]
            current = following[following < self._position_stop[current]]
            starts.append(current)
        counted = np.concatenate(starts)
        counts = np.zeros(len(self._first_counts), dtype=self._first_counts.dtype)
        np.add.at(counts, self._position_entry[counted], self._position_count[counted])
        return counts

    def _keep(self, counts: Any, threshold: int) -> tuple[Any, Any]:
        """The vocab mask over strings and each kept string's count (characters added back)."""
        import numpy as np

        kept = counts >= threshold
        in_vocab = np.zeros(len(self._strings), dtype=bool)
        token_counts = np.ones(len(self._strings), dtype=counts.dtype)
        # TensorFlow Text looks at a word ending after an equal string that starts a word, so the
        # ending's count is the one that stays.
        for is_ending in (False, True):
            chosen = kept & (self._entry_is_ending == is_ending)
            in_vocab[self._entry_string[chosen]] = True
            token_counts[self._entry_string[chosen]] = counts[chosen]
        in_vocab[self._char_ids] = True
        return in_vocab, token_counts

    def learn_with_threshold(self, threshold: int) -> list[str]:
        """The vocab at ``threshold`` (equal to :func:`learn_with_threshold` on the same words)."""
        import numpy as np

        check_int(threshold, "threshold")
        if threshold <= 0 or not self.words:
            # At 0 even substrings with no count left are kept: only the readable steps know them.
            return learn_with_threshold(
                self.words,
                threshold,
                self.reserved_tokens,
                num_iterations=self.num_iterations,
                joiner=self.joiner,
                include_joiner_token=self.include_joiner_token,
                extra_characters=self.extra_characters,
            )
        in_vocab = np.zeros(len(self._strings), dtype=bool)
        in_vocab[self._char_ids] = True
        token_counts = np.ones(len(self._strings), dtype=self._first_counts.dtype)
        for iteration in range(self.num_iterations):
            counts = self._first_counts if iteration == 0 else self._counts_under(in_vocab)
            new_in_vocab, token_counts = self._keep(counts, threshold)
            if iteration > 0 and np.array_equal(new_in_vocab, in_vocab):
                break
            in_vocab = new_in_vocab
        strings = self._strings
        learned = {strings[index]: int(token_counts[index]) for index in np.flatnonzero(in_vocab)}
        return with_extra_characters(
            self.reserved_tokens,
            self.characters,
            learned,
            self.extra_characters,
            self.joiner,
            self.include_joiner_token,
        )


__all__ = ["FastTopDown"]
