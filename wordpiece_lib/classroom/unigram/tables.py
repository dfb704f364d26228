"""Tables for notebook 12: the course's worked example, training step by step, three trainers on a book.

Everything here reads the core (``wordpiece_lib.model.unigram``,
``wordpiece_lib.training.unigram``) and never re-implements it:

* ``cuts_frame``: every cut of a word, with its exact probability from the
  piece frequencies (the course's numbers) and the model's score;
* ``removal_frame``: what removing each piece costs the corpus loss, least first;
* ``unigram_rounds`` / ``rounds_frame``: the course's training from every
  substring, one EM round or pruning at a time, using the core's E-step,
  M-step and pruning (``train_unigram`` runs the same steps from Hugging Face's seed);
* ``trained_unigram``: ``train_unigram``'s model for a book, kept in memory and
  in the data cache folder, so running the notebook again does not train again;
* ``three_way_frame`` / ``overlap_frame``: WordPiece, BPE and Unigram on a
  held-out chapter at the same vocab size.

>>> from wordpiece_lib.training import model_from_frequencies, substring_frequencies
>>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
>>> frequencies = substring_frequencies(corpus)
>>> cuts_frame(model_from_frequencies(frequencies), "pug", frequencies)["cut"].tolist()
['p ug', 'pu g', 'p u g']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wordpiece_lib._validate import (
    check_bool,
    check_callable,
    check_instance,
    check_int,
    check_mapping,
    check_sequence,
    check_str,
    check_str_list,
)
from wordpiece_lib.classroom.display import cache_key, cached_json
from wordpiece_lib.counting import as_word_counts
from wordpiece_lib.model import UnigramModel
from wordpiece_lib.model import unigram as unigram_model
from wordpiece_lib.training import (
    UnigramStep,
    corpus_loss,
    expected_counts,
    m_step,
    prune,
    removal_losses,
    train_unigram,
)
from wordpiece_lib.training import unigram as unigram_training

#: How many cuts ``cuts_frame`` lists at most (a long word has thousands).
MAX_CUTS = 200


def cut_fraction(pieces: Iterable[str], frequencies: Mapping[str, int]) -> Fraction:
    """The exact probability of a cut: the product of ``frequency / total`` over its pieces (0 for an unknown piece).

    >>> cut_fraction(["p", "ug"], {"p": 17, "ug": 20, "u": 173})
    Fraction(17, 2205)
    """
    pieces = check_str_list(pieces, "pieces")
    check_mapping(frequencies, "frequencies", "a dict piece -> count")
    total = sum(frequencies.values())
    probability = Fraction(1)
    for piece in pieces:
        probability *= Fraction(frequencies.get(piece, 0), total)
    return probability


def cuts_frame(model: UnigramModel, word: str, frequencies: Mapping[str, int] | None = None) -> Any:
    """Every cut of ``word`` (best first, as the model ranks them), its score and probability.

    With ``frequencies`` (the pieces' counts the model was made from), the
    probability is exact (``Fraction``); otherwise ``exp(score)``.
    """
    import pandas as pd

    check_instance(model, "model", UnigramModel)
    check_str(word, "word", allow_empty=False)
    if frequencies is not None:
        check_mapping(frequencies, "frequencies", "a dict piece -> count")
    rows = []
    for cut in model.nbest(word, MAX_CUTS):
        exact = cut_fraction(cut.pieces, frequencies) if frequencies is not None else None
        rows.append(
            {
                "cut": " ".join(cut.pieces),
                "pieces": len(cut.pieces),
                "score": cut.score,
                "probability": exact if exact is not None else math.exp(cut.score),
            }
        )
    return pd.DataFrame(rows)


def removal_frame(model: UnigramModel, word_counts: Mapping[str, int]) -> Any:
    """Each piece longer than one character, what removing it adds to the corpus loss, least first (ties: model order).

    >>> from wordpiece_lib.training import model_from_frequencies, substring_frequencies
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> removal_frame(model_from_frequencies(substring_frequencies(corpus)), corpus)["piece"].tolist()[-1]
    'hug'
    """
    import pandas as pd

    check_instance(model, "model", UnigramModel)
    losses = removal_losses(model, word_counts)
    rows = [(piece, math.exp(model.score_of(piece)), loss) for piece, loss in losses.items()]
    frame = pd.DataFrame(rows, columns=["piece", "probability", "loss increase"])
    # Exact zeros can come out as 1e-15 after subtracting two sums of logs: round before sorting.
    frame["loss increase"] = frame["loss increase"].round(9) + 0.0
    return frame.sort_values("loss increase", kind="stable").reset_index(drop=True)


@dataclass(frozen=True)
class Round:
    """One step of training from the course's vocab: ``em`` or ``prune``, the model after it and its loss."""

    number: int
    kind: str
    model: UnigramModel
    loss: float


def unigram_rounds(
    word_counts: Mapping[str, int],
    model: UnigramModel,
    vocab_size: int,
    *,
    shrinking_factor: float = 0.75,
    n_sub_iterations: int = 2,
) -> list[Round]:
    """Train from ``model`` (e.g. every substring, the course's start) as ``train_unigram`` does, keeping every step.

    Step 0 is the start. Each EM round is the core's ``expected_counts`` then
    ``m_step``; each pruning the core's ``prune``, keeping ``shrinking_factor``
    of the pieces (but no fewer than the target plus 10%, the trainer's rule).
    The loss after each step is the corpus loss under the best cuts
    (``corpus_loss``, the course's definition).

    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> from wordpiece_lib.training import model_from_frequencies, substring_frequencies
    >>> rounds = unigram_rounds(corpus, model_from_frequencies(substring_frequencies(corpus)), 9)
    >>> [(r.kind, len(r.model)) for r in rounds][:4]
    [('start', 16), ('em', 16), ('em', 15), ('prune', 10)]
    """
    counts = as_word_counts(word_counts)
    check_int(vocab_size, "vocab_size", minimum=1)
    check_int(n_sub_iterations, "n_sub_iterations", minimum=1)
    check_instance(model, "model", UnigramModel)
    if (
        isinstance(shrinking_factor, bool)
        or not isinstance(shrinking_factor, (int, float))
        or not 0 < shrinking_factor < 1
    ):
        raise ValueError(f"shrinking_factor must be a number between 0 and 1, got {shrinking_factor!r}")
    desired = vocab_size * 11 // 10
    rounds = [Round(0, "start", model, corpus_loss(model, counts))]
    while True:
        for _ in range(n_sub_iterations):
            expected, _ = expected_counts(model, counts)
            model = UnigramModel(m_step(model, expected), unk_id=0)
            rounds.append(Round(len(rounds), "em", model, corpus_loss(model, counts)))
        if len(model) <= desired or len(rounds) > 200:
            return rounds
        keep = max(desired, int(len(model) * shrinking_factor))
        smaller = UnigramModel(prune(model, counts, keep=keep), unk_id=0)
        if len(smaller) == len(model):  # nothing more can go (every piece is a must-have)
            return rounds
        model = smaller
        rounds.append(Round(len(rounds), "prune", model, corpus_loss(model, counts)))


def rounds_frame(rounds: Iterable[Round | UnigramStep]) -> Any:
    """One row per step: ``step``, ``kind``, ``vocab_size``, ``loss`` and (for ``Round``\\s) the pieces dropped.

    ``UnigramStep``\\s (a ``UnigramTrace``'s steps) carry the size after the step and the loss the
    trainer measured before it.
    """
    import pandas as pd

    rounds = check_sequence(rounds, "rounds")
    rows = []
    before: set[str] | None = None
    for number, item in enumerate(rounds):
        if isinstance(item, Round):
            pieces = set(item.model.pieces)
            dropped = sorted(before - pieces, key=lambda p: (-len(p), p)) if before is not None else []
            rows.append((item.number, item.kind, len(item.model), item.loss, " ".join(dropped)))
            before = pieces
        elif isinstance(item, UnigramStep):
            rows.append((number + 1, item.kind, item.size, item.loss, ""))
        else:
            raise TypeError(f"rounds must hold Round or UnigramStep items, got {type(item).__name__}")
    return pd.DataFrame(rows, columns=["step", "kind", "vocab_size", "loss", "dropped"])


# ---------------------------------------------------------------- a book, trained once


_MODELS: dict[str, UnigramModel] = {}


def trained_unigram(word_counts: Mapping[str, int], vocab_size: int, *, cache: bool = True) -> UnigramModel:
    """``train_unigram(word_counts, vocab_size).model``, trained once: kept in memory and in the data cache folder.

    The file (``unigram/<key>.json`` under ``wordpiece_lib.data.cache_dir()``) holds the
    model as ``tokenizer.json``'s model object; its name is a hash of the counts, the size
    and the trainer's source code, so another corpus or another trainer never reads it
    (``classroom/display/disk_cache.py``). ``cache=False`` always trains.

    >>> trained_unigram({"hug": 10, "pug": 5, "hugs": 5}, 8, cache=False).tokenize("hugs")
    ['hug', 's']
    """
    counts = as_word_counts(word_counts)
    check_int(vocab_size, "vocab_size", minimum=1)
    check_bool(cache, "cache")
    if not cache:
        return train_unigram(counts, vocab_size).model
    key = cache_key((unigram_model, unigram_training), [vocab_size, list(counts.items())])
    if key not in _MODELS:
        _MODELS[key] = cached_json(
            "unigram",
            key,
            lambda: train_unigram(counts, vocab_size).model,
            dump=UnigramModel.to_json,
            load=UnigramModel.from_json,
        )
    return _MODELS[key]


# ---------------------------------------------------------------- three trainers side by side

Encoder = Callable[[str], list[str]]


def tokens_per_word(encode: Encoder, word_counts: Mapping[str, int]) -> float:
    """Tokens per word of running text (each word weighted by its count).

    >>> tokens_per_word(lambda word: list(word), {"ab": 3, "c": 1})
    1.75
    """
    check_callable(encode, "encode", "a function word -> tokens")
    counts = as_word_counts(word_counts)
    total = sum(counts.values())
    if not total:
        raise ValueError("word_counts is empty: there are no words to cut")
    return sum(len(encode(word)) * count for word, count in counts.items()) / total


def three_way_frame(
    encoders: Mapping[str, Encoder], held_out: Mapping[str, int], unk_tokens: Iterable[str] = ("[UNK]", "<unk>")
) -> Any:
    """One row per model: tokens per word on ``held_out``, the share of its words cut, and unknown tokens.

    >>> three_way_frame({"letters": lambda word: list(word)}, {"ab": 1, "c": 1})["tokens per word"].tolist()
    [1.5]
    """
    import pandas as pd

    check_mapping(encoders, "encoders", "a dict name -> encoder")
    counts = as_word_counts(check_mapping(held_out, "held_out", "a dict word -> count"))
    unknown = set(check_str_list(unk_tokens, "unk_tokens"))
    total = sum(counts.values())
    rows = []
    for name, encode in encoders.items():
        cuts = {word: encode(word) for word in counts}
        rows.append(
            {
                "model": name,
                "tokens per word": sum(len(cut) * counts[word] for word, cut in cuts.items()) / total,
                "words cut": sum(counts[word] for word, cut in cuts.items() if len(cut) > 1) / total,
                "unknown tokens": sum(
                    counts[word] * sum(token in unknown for token in cut) for word, cut in cuts.items()
                ),
            }
        )
    return pd.DataFrame(rows).set_index("model")


def surface(tokens: Iterable[str], *, prefix: str = "##", specials: Iterable[str] = ()) -> set[str]:
    """The strings a vocab can write, with the continuation prefix dropped and the special tokens left out.

    WordPiece and BPE tell ``h`` (a word starts) from ``##h`` (inside a word); a Unigram
    piece has no such mark, so vocabs are compared on what they spell.

    >>> sorted(surface(["[UNK]", "h", "##h", "##ug", "hug"], specials=["[UNK]"]))
    ['h', 'hug', 'ug']
    """
    tokens = check_str_list(tokens, "tokens")
    check_str(prefix, "prefix")
    left_out = set(check_str_list(specials, "specials"))
    return {token.removeprefix(prefix) if prefix else token for token in tokens if token not in left_out}


def overlap_frame(vocabs: Mapping[str, set[str]]) -> Any:
    """The Jaccard index (shared / in either) of every two vocabs, as a square table.

    >>> float(overlap_frame({"a": {"x", "y"}, "b": {"y", "z"}}).loc["a", "b"])
    0.3333333333333333
    """
    import pandas as pd

    names = list(check_mapping(vocabs, "vocabs", "a dict name -> set of tokens"))
    table = {
        first: {
            second: len(vocabs[first] & vocabs[second]) / len(vocabs[first] | vocabs[second])
            if vocabs[first] | vocabs[second]
            else 1.0
            for second in names
        }
        for first in names
    }
    return pd.DataFrame(table).loc[names, names]


def unseen_cuts(encoders: Mapping[str, Encoder], words: Iterable[str]) -> Any:
    """How each model cuts each word (tokens joined by spaces), one row per word.

    >>> unseen_cuts({"letters": lambda word: list(word)}, ["ab"]).loc["ab", "letters"]
    'a b'
    """
    import pandas as pd

    check_mapping(encoders, "encoders", "a dict name -> encoder")
    words = check_str_list(words, "words")
    rows = {word: {name: " ".join(encode(word)) for name, encode in encoders.items()} for word in words}
    return pd.DataFrame(rows).T


__all__ = [
    "MAX_CUTS",
    "Round",
    "cut_fraction",
    "cuts_frame",
    "overlap_frame",
    "removal_frame",
    "rounds_frame",
    "surface",
    "three_way_frame",
    "tokens_per_word",
    "trained_unigram",
    "unigram_rounds",
    "unseen_cuts",
]
