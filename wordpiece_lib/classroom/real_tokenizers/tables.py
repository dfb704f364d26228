"""The real tokenizers of notebook 13, loaded, and their parts and cuts as tables.

``real_tokenizers`` loads the four tokenizers the notebook takes apart:
BERT's uncased WordPiece, SentencePiece's English Unigram (the *Botchan*
model), CLIP's byte-level BPE and a GPT-2-style byte-level BPE trained on the
novel (``data/README.md`` says where each comes from). ``parts_frame`` lists
each one's five slots; ``first_tokens_frame`` what each makes of the same
text; ``word_cuts_frame`` one word cut by each, with every token's span.

>>> frame = parts_frame(real_tokenizers())
>>> list(frame.columns)
['tokenizer', 'normalizer', 'pre-tokenizer', 'model', 'post-processor', 'decoder', 'vocab size']
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from wordpiece_lib._validate import check_mapping, check_str, check_str_list
from wordpiece_lib.data import fetch
from wordpiece_lib.pipeline import Tokenizer, WordPieceTokenizer, explain, load_tokenizer, type_name

#: The tokenizers of the notebook, by the name it shows, with the data set each is loaded from.
SOURCES = {
    "BERT (WordPiece)": "bert-base-uncased-vocab",
    "SentencePiece (Unigram)": "botchan-unigram",
    "CLIP (byte-level BPE)": "clip-bpe",
    "GPT-2 style (byte-level BPE)": "treasure-bpe",
}


@lru_cache(maxsize=1)
def _loaded() -> tuple[tuple[str, Tokenizer[Any]], ...]:
    out = []
    for name, data_set in SOURCES.items():
        path = fetch(data_set)
        tokenizer = (
            WordPieceTokenizer.from_file(path, lowercase=True) if path.suffix == ".txt" else load_tokenizer(path)
        )
        out.append((name, tokenizer))
    return tuple(out)


def real_tokenizers() -> dict[str, Tokenizer[Any]]:
    """The notebook's four tokenizers by name (loaded once a process).

    >>> sorted(real_tokenizers())[0]
    'BERT (WordPiece)'
    """
    return dict(_loaded())


def _tokenizers(tokenizers: Any) -> Mapping[str, Tokenizer[Any]]:
    """``tokenizers`` if it maps names to tokenizers (anything with ``encode_plus``)."""
    check_mapping(tokenizers, "tokenizers", "a dict of name -> tokenizer")
    for name, tokenizer in tokenizers.items():
        if not isinstance(name, str) or not callable(getattr(tokenizer, "encode_plus", None)):
            raise TypeError(f"tokenizers must map names (str) to tokenizers, got {name!r:.40}: {tokenizer!r:.40}")
    return tokenizers


def _describe(part: Any, slot: str) -> str:
    if part is None:
        return "none"
    inner = getattr(part, "normalizers", None) or getattr(part, "pretokenizers", None)
    inner = inner or getattr(part, "processors", None) or getattr(part, "decoders", None)
    name = type_name(slot, part)
    return f"{name}[{', '.join(_describe(item, slot) for item in inner)}]" if inner else name


def parts_frame(tokenizers: Mapping[str, Tokenizer[Any]]) -> Any:
    """Each tokenizer's five slots, by ``tokenizer.json``'s type names, and its vocab size.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> row = parts_frame({"toy": WordPieceTokenizer(Vocab(["[UNK]", "hug"]))}).to_dict("records")[0]
    >>> row["normalizer"], row["pre-tokenizer"], row["model"], row["vocab size"]
    ('BertNormalizer', 'BertPreTokenizer', 'WordPiece', 2)
    """
    import pandas as pd

    _tokenizers(tokenizers)
    rows = [
        (
            name,
            _describe(tokenizer.normalizer, "normalizer"),
            _describe(tokenizer.pre_tokenizer, "pre_tokenizer"),
            type_name("model", tokenizer.model),
            _describe(tokenizer.template, "post_processor"),
            _describe(tokenizer.decoder, "decoder"),
            len(tokenizer.token_ids),
        )
        for name, tokenizer in tokenizers.items()
    ]
    columns = ["tokenizer", "normalizer", "pre-tokenizer", "model", "post-processor", "decoder", "vocab size"]
    return pd.DataFrame(rows, columns=columns)


def steps_frame(tokenizers: Mapping[str, Tokenizer[Any]], text: str) -> Any:
    """What each tokenizer's steps make of ``text``: the normalized text, the words, the tokens.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> toy = WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "hug", "##s"]), lowercase=True)
    >>> steps_frame({"toy": toy}, "Hugs hug").loc[0].tolist()
    ['toy', 'hugs hug', 'hugs | hug', '[CLS] hug ##s hug [SEP]']
    """
    import pandas as pd

    _tokenizers(tokenizers)
    check_str(text, "text")
    rows = []
    for name, tokenizer in tokenizers.items():
        story = explain(tokenizer, text)
        normalized = story.normalizer_steps[-1].text if story.normalizer_steps else text
        rows.append(
            (
                name,
                normalized,
                " | ".join(word.word for word in story.words),
                " ".join(token.token for token in story.tokens),
            )
        )
    return pd.DataFrame(rows, columns=["tokenizer", "normalized", "words", "tokens"])


def word_cuts(tokenizers: Mapping[str, Tokenizer[Any]], word: str) -> dict[str, list[tuple[str, int, int]]]:
    """Each tokenizer's tokens of ``word`` (no special tokens), each with its span in the word.

    >>> word_cuts(real_tokenizers(), "unhappiness")["BERT (WordPiece)"][0]
    ('un', 0, 2)
    """
    _tokenizers(tokenizers)
    check_str(word, "word", allow_empty=False)
    out = {}
    for name, tokenizer in tokenizers.items():
        encoding = tokenizer.encode_plus(word, add_special_tokens=False)
        out[name] = [(token, start, end) for token, (start, end) in zip(encoding.tokens, encoding.offsets)]
    return out


def tokens_per_word_frame(tokenizers: Mapping[str, Tokenizer[Any]], lines: list[str]) -> Any:
    """Tokens per word (words: runs of non-space characters) of each tokenizer on ``lines``.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> toy = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]))
    >>> tokens_per_word_frame({"toy": toy}, ["hugs hug", "hug"]).to_dict("records")
    [{'tokenizer': 'toy', 'tokens': 4, 'words': 3, 'tokens per word': 1.3333333333333333}]
    """
    import pandas as pd

    _tokenizers(tokenizers)
    lines = check_str_list(lines, "lines")
    words = sum(len(line.split()) for line in lines)
    if not words:
        raise ValueError("lines hold no word: tokens per word needs at least one")
    rows = []
    for name, tokenizer in tokenizers.items():
        tokens = sum(len(encoding.ids) for encoding in tokenizer.encode_batch(lines, add_special_tokens=False))
        rows.append((name, tokens, words, tokens / words))
    return pd.DataFrame(rows, columns=["tokenizer", "tokens", "words", "tokens per word"])


__all__ = [
    "SOURCES",
    "parts_frame",
    "real_tokenizers",
    "steps_frame",
    "tokens_per_word_frame",
    "word_cuts",
]
