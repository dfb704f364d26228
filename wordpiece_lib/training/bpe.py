"""BPE on the same pieces as WordPiece: a trainer and a merge-replay encoder.

WordPiece and BPE (as BERT-style libraries build them) differ in exactly two places:

* **which pair is merged next**: WordPiece takes the best score
  ``freq(ab) / (freq(a) * freq(b))``, BPE the most frequent pair ``freq(ab)``;
* **how a new word is encoded**: WordPiece takes the longest vocab entry at
  each position (``encode.encode_word``), BPE replays the learned merges in
  the order they were learned (``trace.apply_merges``).

Everything else is shared: the same pre-tokenization, the same ``##``
convention (or begin-of-word marker), the same tie policies and the same
``Trace``. So the trainer here is the fast incremental trainer
(``fast_bottom_up.train_fast``) with ``criterion="bpe"`` (or the readable
reference ``bottom_up.train_bottom_up`` with ``fast=False``), not a copy.

``BpeEncoder`` replays merges like Hugging Face's ``models.BPE`` with a
continuing-subword prefix and ``fuse_unk=False``: a character that is not in
the vocab becomes one ``[UNK]`` of its own, and nothing merges across it.

>>> trace = train_bpe({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 11, special_tokens=["[UNK]"])
>>> trace.merges[:2]
[('##u', '##g'), ('##u', '##n')]
>>> BpeEncoder(trace).encode_word("bugs")
['b', '##ug', '##s']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._validate import check_bool, check_instance, check_int, check_str, check_str_list
from ..counting.word_counts import WordCounts
from ..model.pieces import DEFAULT_PREFIX, check_style, split_word
from ..model.vocab import UNK_TOKEN
from ..text.normalizer import BertNormalizer
from ..text.pretokenizers import bert_split
from .bottom_up import train_bottom_up
from .fast_bottom_up import train_fast
from .scores import Pair
from .trace import Trace, apply_merges, merge_ranks

#: The criterion name BPE has in the trainers: the raw pair count.
BPE_CRITERION = "bpe"


def train_bpe(
    word_counts: WordCounts | Mapping[str, int] | Iterable[tuple[str, int]],
    vocab_size: int,
    *,
    fast: bool = True,
    **options: Any,
) -> Trace:
    """Learn BPE merges (the most frequent pair first) until the vocab has ``vocab_size`` tokens.

    Same keyword options and ``Trace`` as the WordPiece trainers (see
    :class:`~wordpiece_lib.training.plan.TrainerOptions`; the criterion is always
    ``"bpe"``); each step's ``score`` is the pair count. ``fast=False`` uses the readable reference
    trainer (same merges, one full recount per step).

    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> [(step.new_token, step.score) for step in train_bpe(corpus, 10, special_tokens=[]).steps]
    [('##ug', Fraction(20, 1)), ('##un', Fraction(16, 1)), ('hug', Fraction(15, 1))]
    """
    check_bool(fast, "fast")
    if "criterion" in options:
        raise TypeError("train_bpe takes no criterion: it always merges the most frequent pair (criterion='bpe')")
    trainer = train_fast if fast else train_bottom_up
    return trainer(word_counts, vocab_size, criterion=BPE_CRITERION, **options)


class BpeEncoder:
    """Merge-replay encoding with a vocab, as Hugging Face's ``models.BPE`` does it.

    Give it a ``Trace`` (its merges and tokens are used; ``steps`` keeps only
    the first merges, so the vocab grows with the trace) or ``merges`` plus a
    ``vocab``. A word is split into its first pieces, the present pair learned
    earliest is merged until none is left, then every piece missing from the
    vocab (only unseen characters can be) becomes ``unk_token``, one per
    piece. ``vocab=None`` keeps every piece (no ``[UNK]``). Encoded words are
    cached.

    >>> encoder = BpeEncoder(merges=[("##u", "##g"), ("h", "##ug")], vocab={"[UNK]", "h", "##u", "##g", "##ug", "hug", "##s"})
    >>> encoder.encode_word("hugs"), encoder.encode_word("mugs")
    (['hug', '##s'], ['[UNK]', '##ug', '##s'])
    >>> encoder.tokenize("Hugs, HUG!")
    ['hug', '##s', '[UNK]', 'hug', '[UNK]']
    """

    def __init__(
        self,
        trace: Trace | None = None,
        *,
        steps: int | None = None,
        merges: Sequence[Pair] | Mapping[Pair, int] | None = None,
        vocab: Iterable[str] | None = None,
        unk_token: str = UNK_TOKEN,
        prefix: str | None = None,
        marker: str | None = None,
        lowercase: bool = True,
    ) -> None:
        check_str(unk_token, "unk_token", allow_empty=False)
        check_bool(lowercase, "lowercase")
        if trace is not None:
            if not isinstance(trace, Trace):
                raise TypeError(f"trace must be a Trace (from train_bpe or train_fast), got {type(trace).__name__}")
            if merges is not None or vocab is not None:
                raise ValueError("give either a trace or merges (and vocab), not both")
            total = len(trace.steps)
            chosen = total if steps is None else check_int(steps, "steps", minimum=0)
            if chosen > total:
                raise ValueError(f"steps must be between 0 and {total} (the merges in the trace), got {chosen}")
            self.ranks = merge_ranks(trace.merges[:chosen])
            self.vocab: frozenset[str] | None = frozenset(trace.tokens(chosen))
            self.prefix = trace.prefix if prefix is None else prefix
            self.marker = trace.marker if marker is None else marker
        else:
            if merges is None:
                raise ValueError("give a trace, or merges (a list of (left, right) pairs)")
            if steps is not None:
                raise ValueError("steps needs a trace; slice the merges list yourself")
            self.ranks = merge_ranks(merges)
            if isinstance(vocab, (str, bytes)):
                raise TypeError("vocab must be a collection of tokens, not a single str")
            self.vocab = None if vocab is None else frozenset(check_str_list(vocab, "vocab"))
            self.prefix = DEFAULT_PREFIX if prefix is None else prefix
            self.marker = marker
        check_style(self.prefix, self.marker)
        self.unk_token = unk_token
        self.normalizer = BertNormalizer(lowercase=lowercase)
        self._cache: dict[str, list[str]] = {}

    def encode_word(self, word: str) -> list[str]:
        """The tokens of one pre-tokenized word."""
        cached = self._cache.get(word)
        if cached is None:
            check_str(word, "word", allow_empty=False)
            pieces = apply_merges(
                split_word(word, self.prefix, marker=self.marker), self.ranks, self.prefix, self.marker
            )
            if self.vocab is not None:
                pieces = [piece if piece in self.vocab else self.unk_token for piece in pieces]
            cached = self._cache[word] = pieces
        return list(cached)

    def tokenize(self, text: str) -> list[str]:
        """BERT normalizer, BERT pre-tokenizer, then merge replay on every word."""
        check_str(text, "text")
        return [token for word in bert_split(self.normalizer(text)) for token in self.encode_word(word)]

    def __repr__(self) -> str:
        size = "no vocab" if self.vocab is None else f"{len(self.vocab)} tokens"
        return f"BpeEncoder({len(self.ranks)} merges, {size})"


def hf_bpe_tokenizer(
    trace: Trace, *, steps: int | None = None, unk_token: str = UNK_TOKEN, lowercase: bool = True
) -> Any:
    """Hugging Face's ``models.BPE`` with our merges and vocab, BERT normalizer and pre-tokenizer.

    Configured so that it tokenizes exactly like ``BpeEncoder(trace)``:
    ``continuing_subword_prefix`` is the trace's prefix (HF then writes every
    non-initial character with it, and strips it from the right piece when
    merging, as ``join_pair`` does); ``unk_token`` is set, because without
    one HF silently *drops* a character that is not in the vocab; and
    ``fuse_unk=False`` keeps one ``[UNK]`` per unknown character instead of
    fusing neighbours into one. Needs the ``tokenizers`` package.

    >>> trace = train_bpe({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 11, special_tokens=["[UNK]"])
    >>> hf_bpe_tokenizer(trace).encode("Bugs mug", add_special_tokens=False).tokens
    ['b', '##ug', '##s', '[UNK]', '##ug']
    """
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

    check_instance(trace, "trace", Trace)
    if trace.marker is not None:
        raise ValueError("hf_bpe_tokenizer needs a trace with a continuation prefix, not a begin-of-word marker")
    chosen = len(trace.steps) if steps is None else check_int(steps, "steps", minimum=0)
    tokens = trace.tokens(chosen)
    if unk_token not in tokens:
        tokens = [unk_token, *tokens]
    vocab = {token: index for index, token in enumerate(tokens)}
    merges = list(merge_ranks(trace.merges[:chosen]))
    model = models.BPE(
        vocab=vocab, merges=merges, unk_token=unk_token, continuing_subword_prefix=trace.prefix, fuse_unk=False
    )
    tokenizer = Tokenizer(model)
    tokenizer.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=lowercase
    )
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    return tokenizer


__all__ = ["BPE_CRITERION", "BpeEncoder", "hf_bpe_tokenizer", "train_bpe"]
