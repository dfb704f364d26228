"""The library in a data pipeline: every object pickles and copies at every point of its life.

A tokenizer is usually tried on a sentence first and then sent to worker processes
(``multiprocessing``, PyTorch's ``DataLoader``, joblib). Sending means pickling, so a
used tokenizer must pickle, and its copy must give the parent's ids and offsets. The
caches built on first use (the fast twin, the word cache, the automaton) are rebuilt
where they are needed, never sent.
"""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from wordpiece_lib import (
    BertNormalizer,
    BpeEncoder,
    FastNormalizer,
    FastTopDown,
    FastWordPieceTokenizer,
    Padding,
    PairStats,
    Template,
    Truncation,
    UnigramTokenizer,
    Vocab,
    WordPieceDecoder,
    WordPieceTokenizer,
    initial_splits,
    train_bpe,
    train_fast,
    train_top_down,
)
from wordpiece_lib.data import datasets
from wordpiece_lib.model import UnigramModel, WordPieceModel, automaton_for
from wordpiece_lib.pipeline import Tokenizer
from wordpiece_lib.text import FastSplitter, Metaspace

BERT_VOCAB = Path(__file__).resolve().parents[2] / "data" / "bert-base-uncased-vocab.txt"

TEXTS = [
    "Where is the treasure? On the island, said Jim.",
    "Hugging pugs and bun-loving puns: [MASK] is kept whole.",
    "Ünïcödé wörds, 東京, and a veryveryveryveryveryveryverylongwordthatgoesonandon.",
    "  spaces\tand\nlines  ",
]
PAIRS = [("Who found it?", "Jim Hawkins found the map."), ("a", "b c d e")]


def fields(encoding: Any) -> tuple[Any, ...]:
    """Everything a model reads from an encoding, and where each token came from."""
    return (
        encoding.ids,
        encoding.tokens,
        encoding.offsets,
        encoding.type_ids,
        encoding.attention_mask,
        encoding.word_ids,
    )


def encode_all(tokenizer: WordPieceTokenizer) -> list[tuple[Any, ...]]:
    singles = [fields(tokenizer.encode_plus(text)) for text in TEXTS]
    pairs = [fields(tokenizer.encode_plus(first, second)) for first, second in PAIRS]
    return singles + pairs


def encode_in_worker(tokenizer: WordPieceTokenizer) -> list[tuple[Any, ...]]:
    """Run in a worker process: the tokenizer arrived pickled."""
    return encode_all(tokenizer)


_GLOBAL: WordPieceTokenizer | None = None


def encode_with_global(_: int) -> list[tuple[Any, ...]]:
    """Run in a forked worker that reaches the tokenizer as a global (no pickling at all)."""
    assert _GLOBAL is not None
    return encode_all(_GLOBAL)


@pytest.fixture(scope="module")
def bert() -> WordPieceTokenizer:
    """BERT's uncased tokenizer, used once in this process (as a pipeline does before it fans out)."""
    tokenizer = WordPieceTokenizer(Vocab.load(BERT_VOCAB), lowercase=True, truncation=Truncation(max_length=24))
    tokenizer.encode_plus(TEXTS[0])
    assert tokenizer._fast is not None  # the twin that held a closure exists now
    return tokenizer


def test_a_used_tokenizer_pickles_at_every_protocol_and_encodes_the_same(bert):
    expected = encode_all(bert)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        copy_ = pickle.loads(pickle.dumps(bert, protocol=protocol))
        assert encode_all(copy_) == expected, protocol
        assert copy_._fast is None or copy_._fast is not bert._fast


def test_the_pickle_does_not_grow_with_use(bert):
    fresh = WordPieceTokenizer(Vocab.load(BERT_VOCAB), lowercase=True, truncation=Truncation(max_length=24))
    before = len(pickle.dumps(fresh))
    encode_all(fresh)
    fresh.encode_plus("x" * 90)  # a long word: the automaton may be built now
    assert len(pickle.dumps(fresh)) == before
    # The pickle carries the tokens once (the id table is rebuilt): about the size of vocab.txt.
    assert before < 1.5 * BERT_VOCAB.stat().st_size


def test_copy_and_deepcopy_of_a_used_tokenizer(bert):
    expected = encode_all(bert)
    shallow, deep = copy.copy(bert), copy.deepcopy(bert)
    assert encode_all(shallow) == expected and encode_all(deep) == expected
    assert shallow.vocab is bert.vocab and deep.vocab is not bert.vocab


def test_a_setting_changed_after_use_travels_with_the_pickle(bert):
    changed = copy.deepcopy(bert)
    changed.encode_plus(TEXTS[1])
    changed.lowercase = False
    changed.truncation = None
    copy_ = pickle.loads(pickle.dumps(changed))
    assert copy_.lowercase is False and copy_.truncation is None
    assert encode_all(copy_) == encode_all(changed)
    assert encode_all(copy_) != encode_all(bert)  # the change really changed something


@pytest.mark.parametrize("method", ["spawn", "forkserver", "fork"])
def test_a_process_pool_gets_the_parents_ids_and_offsets(bert, method):
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"this platform has no {method!r} start method")
    expected = encode_all(bert)
    context = multiprocessing.get_context(method)
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        results = list(pool.map(encode_in_worker, [bert, bert]))  # pickled as an argument, as Pool.map does
    assert results == [expected, expected]


def test_a_forked_pool_reaches_the_tokenizer_as_a_global(bert):
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("this platform has no 'fork' start method")
    global _GLOBAL
    _GLOBAL = bert
    try:
        with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
            results = list(pool.map(encode_with_global, range(2)))
    finally:
        _GLOBAL = None
    assert results == [encode_all(bert)] * 2


def test_threads_share_one_tokenizer(bert):
    expected = encode_all(bert)
    start = threading.Barrier(4)

    def work(_: int) -> list[tuple[Any, ...]]:
        start.wait()
        return [row for _ in range(5) for row in encode_all(bert)]

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(work, range(4)))
    assert all(result == expected * 5 for result in results)


def test_joblib_workers(bert):
    joblib = pytest.importorskip("joblib")
    results = joblib.Parallel(n_jobs=2, backend="loky")(joblib.delayed(encode_in_worker)(bert) for _ in range(2))
    assert results == [encode_all(bert)] * 2


def every_object() -> dict[str, Any]:
    """One object of each public class a user keeps or sends, each used first where it has a cache."""
    counts = datasets.hug_pug_counts()
    trace = train_fast(counts, 20)
    vocab = trace.vocab()
    automaton = automaton_for(vocab)
    automaton.encode_word("hugs")
    fast = FastWordPieceTokenizer(vocab, lowercase=True)
    fast.tokenize("Hugs and pugs")
    normalizer = FastNormalizer(BertNormalizer(lowercase=True))
    normalizer("Ünïcödé")
    splitter = FastSplitter()
    splitter.words("Hug a pug")
    tokenizer = WordPieceTokenizer(vocab, lowercase=True)
    encoding = tokenizer.encode_plus("hugs", "pug")
    unigram = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0), ("s", -2.0), ("▁pug", -1.5)]))
    unigram.encode_plus("hugs pugs")
    pipeline = Tokenizer(WordPieceModel(vocab), normalizer=BertNormalizer(lowercase=True), pretokenizer=Metaspace())
    pipeline.encode_plus("hugs pugs")
    return {
        "WordCounts": counts,
        "Trace": trace,
        "Vocab": vocab,
        "LinMaxMatch": automaton,
        "FastWordPieceTokenizer": fast,
        "FastNormalizer": normalizer,
        "FastSplitter": splitter,
        "WordPieceTokenizer": tokenizer,
        "UnigramTokenizer": unigram,
        "Tokenizer": pipeline,
        "Encoding": encoding,
        "BpeEncoder": BpeEncoder(train_bpe(counts, 20)),
        "FastTopDown": FastTopDown(list(counts.items()), ["[UNK]"]),
        "PairStats": PairStats(list(initial_splits(counts).values()), list(counts.values())),
        "TopDownResult": train_top_down(counts, 20, ["[UNK]"]),
        "Template": Template.bert(),
        "Truncation": Truncation(max_length=8),
        "Padding": Padding(),
        "WordPieceDecoder": WordPieceDecoder(),
        "BertNormalizer": BertNormalizer(),
    }


def behaviour(name: str, value: Any) -> Any:
    """What an object gives, to compare a copy with its original."""
    if name in {"FastWordPieceTokenizer", "WordPieceTokenizer", "UnigramTokenizer", "Tokenizer"}:
        return value.tokenize("Hugs, pugs and buns!")
    if name == "LinMaxMatch":
        return value.encode_word("hugs")
    if name in {"FastNormalizer", "BertNormalizer"}:
        return value("Ünïcödé Wörds")
    if name == "BpeEncoder":
        return value.encode_word("hugs")
    if name == "PairStats":
        return value.best()
    if name == "Vocab":
        return list(value), value["hug"], value.unk_token, value.special_tokens
    if name == "Encoding":
        return fields(value)
    if name == "Trace":
        return value.merges, value.tokens()
    if name == "TopDownResult":
        return value.tokens
    if name == "FastSplitter":
        return value.words("Hug, a pug!")
    if name == "FastTopDown":
        return value.learn_with_threshold(2)
    return value


@pytest.mark.parametrize("name", sorted(every_object()))
def test_every_public_object_pickles_and_copies(name):
    value = every_object()[name]
    expected = behaviour(name, value)
    copies = [pickle.loads(pickle.dumps(value, protocol=p)) for p in range(pickle.HIGHEST_PROTOCOL + 1)]
    copies += [copy.copy(value), copy.deepcopy(value)]
    for copied in copies:
        assert type(copied) is type(value)
        assert behaviour(name, copied) == expected
