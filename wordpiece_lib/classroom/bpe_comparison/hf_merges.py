"""Hugging Face's BPE merges, replayed on our counts: is every merge a most frequent pair?

A BPE trainer may break a tie any way it likes, but every pair it merges
must have the highest count at its step; replaying another trainer's merges
on our pair counts shows where two correct trainers part ways.

>>> checks = replay_merges({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, [("##u", "##g")])
>>> checks[0].is_most_frequent
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from wordpiece_lib._validate import check_bool, check_int, check_pair, check_str, check_str_list
from wordpiece_lib.counting import WordCounts, as_word_counts
from wordpiece_lib.model import DEFAULT_PREFIX, UNK_TOKEN, initial_splits, join_pair
from wordpiece_lib.training import Pair, PairStats


@dataclass(frozen=True)
class MergeCheck:
    """One merge of another trainer, replayed on our counts.

    ``pair_count`` is the pair's count just before it was merged;
    ``best_count`` the highest count of any pair at that moment;
    ``tied`` the number of pairs that had ``best_count`` (only filled for the
    first ``count_ties`` steps of ``replay_merges``, else 0).
    """

    step: int
    pair: Pair
    pair_count: int
    best_count: int
    tied: int

    @property
    def is_most_frequent(self) -> bool:
        """Whether the pair was a most frequent pair at its step (what BPE must merge)."""
        return self.pair_count == self.best_count


def replay_merges(
    word_counts: WordCounts | Mapping[str, int],
    merges: Iterable[Pair],
    *,
    prefix: str = DEFAULT_PREFIX,
    count_ties: int = 0,
) -> list[MergeCheck]:
    """Replay ``merges`` (e.g. Hugging Face's) on ``word_counts`` and report each pair's count against the best.

    A BPE trainer may break a tie any way it likes, but every pair it merges
    must have the highest count at its step. ``count_ties`` counts, for the
    first steps, how many pairs shared that highest count (a tie is where two
    BPE trainers may part ways).

    >>> checks = replay_merges({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, [("##u", "##g"), ("h", "##ug")], count_ties=2)
    >>> [(c.pair_count, c.best_count, c.tied) for c in checks]
    [(20, 20, 1), (15, 16, 1)]
    """
    counts = as_word_counts(word_counts)
    check_int(count_ties, "count_ties", minimum=0)
    check_str(prefix, "prefix", allow_empty=False)
    if isinstance(merges, (str, bytes)) or not isinstance(merges, Iterable):
        raise TypeError(f"merges must be a list of (left, right) pairs, got {type(merges).__name__}")
    merges = [check_pair(pair, f"merges[{index}]") for index, pair in enumerate(merges)]
    stats = PairStats(initial_splits(counts, prefix).values(), counts.values(), criterion="bpe")
    checks = []
    for number, pair in enumerate(merges, start=1):
        left, right = pair
        best = stats.best()
        best_count = 0 if best is None else best.pair_count
        tied = 0
        if number <= count_ties and best is not None:
            tied = 1
            while True:
                top = stats.top(tied + 1)
                if len(top) <= tied or top[tied].pair_count != best_count:
                    break
                tied += 1
        checks.append(MergeCheck(number, (left, right), stats.pair_count((left, right)), best_count, tied))
        stats.merge(left, right, join_pair(left, right, prefix))
    return checks


def hf_trained_merges(
    texts: Iterable[str],
    vocab_size: int,
    *,
    special_tokens: Sequence[str] = (UNK_TOKEN,),
    prefix: str = DEFAULT_PREFIX,
    lowercase: bool = True,
) -> list[Pair]:
    """Train Hugging Face's ``BpeTrainer`` (BERT normalizer and pre-tokenizer, ``prefix``) and return its merges.

    Needs the ``tokenizers`` package. HF breaks ties between equally frequent
    pairs by token ids, and those come from hash-map order: the merges can
    change from one run to the next.

    >>> hf_trained_merges(["hug " * 10 + "pug " * 5 + "pun " * 12 + "bun " * 4 + "hugs " * 5], 14)
    [('##u', '##g'), ('##u', '##n')]
    """
    import json

    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

    check_int(vocab_size, "vocab_size", minimum=1)
    texts = [texts] if isinstance(texts, str) else check_str_list(texts, "texts")
    special_tokens = check_str_list(special_tokens, "special_tokens")
    check_str(prefix, "prefix", allow_empty=False)
    check_bool(lowercase, "lowercase")
    tokenizer = Tokenizer(models.BPE(unk_token=UNK_TOKEN, continuing_subword_prefix=prefix))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=lowercase, strip_accents=None)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(special_tokens),
        continuing_subword_prefix=prefix,
        show_progress=False,
    )
    tokenizer.train_from_iterator([texts] if isinstance(texts, str) else list(texts), trainer)
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    return [tuple(merge) if isinstance(merge, list) else tuple(merge.split(" ", 1)) for merge in merges]  # type: ignore[misc]


__all__ = ["MergeCheck", "hf_trained_merges", "replay_merges"]
