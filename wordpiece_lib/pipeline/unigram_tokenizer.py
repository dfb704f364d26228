"""``UnigramTokenizer``: a Unigram model (SentencePiece's) in the same pipeline, from text to a model's input and back.

A ``Tokenizer`` whose model is a ``UnigramModel``, with SentencePiece's parts
by default: no normalizer, the ``Metaspace`` pre-tokenizer (spaces become
``▁``) and its decoder, which puts the spaces back.

text -> (special tokens kept whole) -> normalize (none, or BERT's) ->
pre-tokenize (``Metaspace``; or BERT's, whitespace, none) -> Viterbi cut of
each word -> ids, offsets, word ids -> truncation -> template -> padding ->
``Encoding``; and back: ids -> tokens -> text.

A ``tokenizer.json`` Hugging Face's ``UnigramTrainer`` wrote loads here and
encodes with the same tokens, ids and offsets
(tests/peers/test_unigram_pipeline_hf.py checks every line of a book);
``save`` writes one that Hugging Face loads back the same.

>>> from wordpiece_lib.model.unigram import UnigramModel
>>> model = UnigramModel([("<unk>", 0.0), ("▁hug", -2.0), ("s", -3.0), ("▁", -4.0), ("p", -5.0), ("ug", -5.0)])
>>> tokenizer = UnigramTokenizer(model)
>>> encoding = tokenizer.encode_plus("hugs pug")
>>> encoding.tokens, encoding.offsets
(['▁hug', 's', '▁', 'p', 'ug'], [(0, 3), (3, 4), (4, 5), (5, 6), (6, 8)])
>>> tokenizer.decode(encoding.ids)
'hugs pug'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Self

from ..model.unigram import UnigramModel
from ..text.metaspace import Metaspace
from ..text.pretokenizers import pre_tokenizer_named
from .added_tokens import AddedToken
from .decoder import MetaspaceDecoder
from .parts import Decoder, PostProcessor, PreTokenizer, type_name
from .serialization import TokenizerParts
from .tokenizer import Tokenizer
from .truncation import Padding, Truncation

#: The pre-tokenizers a Unigram tokenizer takes by name (a ``Metaspace`` object gives its own settings).
UNIGRAM_PRETOKENIZERS = ("metaspace", "bert", "whitespace", "none")
#: ``decoder="default"``: the ``Metaspace`` decoder of a ``Metaspace`` pre-tokenizer (same settings), else none.
DEFAULT_DECODER = "default"


class UnigramTokenizer(Tokenizer[UnigramModel]):
    """A Unigram model with the pipeline around it: the ``WordPieceTokenizer`` API, Hugging Face's tokens.

    ``pretokenizer`` is a ``Metaspace`` (the default: SentencePiece's ``▁``), or
    ``"bert"``, ``"whitespace"`` or ``"none"``; ``normalizer`` a ``BertNormalizer`` or
    ``None`` (what Hugging Face's ``UnigramTrainer`` files have), or any normalizer part. The decoder
    defaults to the ``Metaspace`` decoder of a ``Metaspace`` pre-tokenizer, else none
    (tokens joined by spaces, as Hugging Face without one). ``special_tokens``
    default to the model's unknown piece.

    >>> model = UnigramModel([("<unk>", 0.0), ("hug", -2.0), ("s", -3.0), ("!", -4.0)])
    >>> tokenizer = UnigramTokenizer(model, pretokenizer="bert")
    >>> tokenizer.tokenize("hugs!"), tokenizer.encode("hugs!"), tokenizer.decode([1, 2, 3])
    (['hug', 's', '!'], [1, 2, 3], 'hug s !')
    """

    model_types = ("Unigram",)

    def __init__(
        self,
        model: UnigramModel,
        *,
        normalizer: Callable[[str], str] | None = None,
        pretokenizer: PreTokenizer | str = "metaspace",
        special_tokens: Iterable[str | AddedToken] | None = None,
        template: PostProcessor | None = None,
        truncation: Truncation | None = None,
        padding: Padding | None = None,
        decoder: Decoder | str | None = DEFAULT_DECODER,
    ) -> None:
        if special_tokens is None and isinstance(model, UnigramModel) and model.unk_token is not None:
            special_tokens = [AddedToken(model.unk_token, normalized=False)]
        super().__init__(
            model,
            normalizer=normalizer,
            pretokenizer=pretokenizer,
            special_tokens=[] if special_tokens is None else special_tokens,
            template=template,
            truncation=truncation,
            padding=padding,
            decoder=decoder,
        )

    # -- settings ----------------------------------------------------------------------------------------------

    def _checked_model(self, model: Any) -> UnigramModel:
        if not isinstance(model, UnigramModel):
            raise TypeError(f"model must be a UnigramModel, got {type(model).__name__}")
        return model

    @classmethod
    def holds(cls, parts: TokenizerParts) -> bool:
        """Whether ``parts`` fit a ``UnigramTokenizer``: a Unigram model, and a ``Metaspace`` or a named pre-tokenizer.

        >>> UnigramTokenizer.holds(UnigramTokenizer(UnigramModel([("<unk>", 0.0)])).parts)
        True
        """
        pre_tokenizer = parts.pre_tokenizer
        name = "none" if pre_tokenizer is None else pre_tokenizer.name
        if not isinstance(parts.model, UnigramModel) or name not in UNIGRAM_PRETOKENIZERS:
            return False
        return isinstance(pre_tokenizer, Metaspace) or pre_tokenizer == pre_tokenizer_named(name)

    def _checked_pre_tokenizer(self, value: PreTokenizer | str | None) -> PreTokenizer | None:
        """A ``Metaspace`` (its settings its own), or the name of one of ``UNIGRAM_PRETOKENIZERS``."""
        if isinstance(value, Metaspace):
            return value
        name = value if isinstance(value, str) else getattr(value, "name", None)
        if name not in UNIGRAM_PRETOKENIZERS or (not isinstance(value, str) and value != pre_tokenizer_named(name)):
            raise ValueError(
                f"pretokenizer must be a Metaspace or one of {', '.join(UNIGRAM_PRETOKENIZERS)}, got {value!r}"
            )
        return pre_tokenizer_named(name)

    def _named_decoder(self, name: str) -> Decoder | None:
        if name != DEFAULT_DECODER:
            return super()._named_decoder(name)
        metaspace = self.pre_tokenizer
        if not isinstance(metaspace, Metaspace):
            return None
        return MetaspaceDecoder(metaspace.replacement, metaspace.prepend_scheme, metaspace.split)

    @classmethod
    def from_parts(cls, parts: TokenizerParts, **options: Any) -> Self:
        """A tokenizer of ``parts`` whose model is Unigram; ``options`` (the constructor's keywords) override them.

        >>> tokenizer = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0), ("hug", -3.0)]))
        >>> UnigramTokenizer.from_parts(tokenizer.parts, pretokenizer="none").tokenize("hug")
        ['hug']
        """
        if not isinstance(parts.model, UnigramModel):
            raise ValueError(
                f"unsupported model {type_name('model', parts.model)!r}: a UnigramTokenizer holds a Unigram model; "
                "wordpiece_lib.load_tokenizer picks the class the file's model needs"
            )
        return super().from_parts(parts, **options)

    def _save_vocab_file(self, target: Path) -> Path:
        raise ValueError(
            f"cannot save a Unigram tokenizer as {target.name}: a vocab.txt has no room for the pieces' scores; "
            "save it as NAME.json (tokenizer.json) or to a folder"
        )

    def __repr__(self) -> str:
        return f"UnigramTokenizer(model={len(self.model)} pieces, pretokenizer={self.pretokenizer!r})"


__all__ = ["DEFAULT_DECODER", "UNIGRAM_PRETOKENIZERS", "UnigramTokenizer"]
