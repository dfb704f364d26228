"""``UnigramTokenizer``: a Unigram model (SentencePiece's) in the same pipeline, from text to a model's input and back.

text -> (special tokens kept whole) -> normalize (none, or BERT's) ->
pre-tokenize (``Metaspace``: spaces become ``▁``; or BERT's, whitespace, none)
-> Viterbi cut of each word -> ids, offsets, word ids -> truncation -> template
-> padding -> ``Encoding``; and back: ids -> tokens -> text (the ``Metaspace``
decoder puts the spaces back).

Everything after the words (special tokens, template, truncation, padding,
decoding ids, ``encode_batch``) is the ``WordPieceTokenizer``'s own: this class
only swaps the engine that turns a text into tokens, and reads and writes the
``Unigram`` model of ``tokenizer.json``. A ``tokenizer.json`` Hugging Face's
``UnigramTrainer`` wrote loads here and encodes with the same tokens, ids and
offsets (tests/peers/test_unigram_pipeline_hf.py checks every line of a book);
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

import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .._validate import check_bool
from ..atomic import atomic_group, atomic_write_text, encode_utf8
from ..model.unigram import UnigramModel
from ..model.vocab import Vocab
from ..text.alignment import normalize_with_origins
from ..text.metaspace import Metaspace
from ..text.normalizer import BertNormalizer
from ..text.pretokenizers import PRETOKENIZER_SPANS
from .added_tokens import AddedToken, AddedTokenSplitter
from .decoder import MetaspaceDecoder, WordPieceDecoder, decoder_from_json
from .fast_tokenizer import _Memo, check_text
from .hf_config import CONFIG_FILE, SPECIAL_TOKENS_MAP_FILE, special_roles
from .template import Template, TextTokens
from .tokenizer import WordPieceTokenizer
from .tokenizer_json import (
    MAX_JSON_BYTES,
    TOKENIZER_FILE,
    is_folder_name,
    parse_json,
    read_added_tokens,
)
from .truncation import Padding, Truncation

#: The pre-tokenizers a Unigram tokenizer takes by name (a ``Metaspace`` object gives its own settings).
UNIGRAM_PRETOKENIZERS = ("metaspace", "bert", "whitespace", "none")
_PRETOKENIZER_TYPES = {"BertPreTokenizer": "bert", "WhitespaceSplit": "whitespace"}


def _unchanged(text: str) -> str:
    """No normalizer: the text as it is."""
    return text


class UnigramEngine:
    """Texts to tokens with a Unigram model: the work behind ``UnigramTokenizer`` (each distinct word cut once).

    >>> engine = UnigramEngine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0), ("b", -2.0)]), None, Metaspace(), [])
    >>> engine.encode_sequence("ab a")
    ([1, 2, 1], ['▁a', 'b', '▁a'], [(0, 1), (1, 2), (2, 4)], [0, 0, 1])
    """

    def __init__(
        self,
        model: UnigramModel,
        normalizer: BertNormalizer | None,
        pretokenizer: Metaspace | str,
        special_tokens: Sequence[AddedToken],
        special_ids: dict[str, int] | None = None,
        cache_size: int = 1_000_000,
    ) -> None:
        self.model = model
        self.normalizer = normalizer
        self.pretokenizer = pretokenizer
        ids = special_ids if special_ids is not None else model.piece_ids
        self._special_ids = {token.content: ids[token.content] for token in special_tokens}
        self._splitter = AddedTokenSplitter(special_tokens)
        self._spans = PRETOKENIZER_SPANS.get(pretokenizer) if isinstance(pretokenizer, str) else None
        self._words = _Memo(self._cut, cache_size)  # type: ignore[arg-type]

    def _cut(self, word: str) -> tuple[tuple[str, int, int, int], ...]:
        return tuple(self.model.tokens_with_spans(word))

    def _aligned(self, text: str, at_start: bool) -> tuple[str, Sequence[int], list[tuple[int, int]]]:
        """The normalized, pre-tokenized text, each of its characters' origin in ``text``, and its words' spans."""
        if self.normalizer is not None:
            aligned = normalize_with_origins(text, self.normalizer)
            normalized, origins = aligned.text, aligned.origins
        else:
            normalized, origins = text, range(len(text))
        if isinstance(self.pretokenizer, Metaspace):
            marked, prepended = self.pretokenizer.marked(normalized, at_start=at_start)
            if prepended:  # the mark put in front stands on the first character (Hugging Face's prepend)
                origins = [origins[0], *origins]
            return marked, origins, self.pretokenizer.spans(marked)
        if self._spans is not None:
            return normalized, origins, self._spans(normalized)
        return normalized, origins, [(0, len(normalized))] if normalized else []

    def _encode_part(self, text: str, shift: int, word_index: int, out: TextTokens) -> int:
        ids, tokens, offsets, word_ids = out
        normalized, origins, spans = self._aligned(text, shift == 0)
        for start, end in spans:
            for token, token_id, token_start, token_end in self._words[normalized[start:end]]:
                ids.append(token_id)
                tokens.append(token)
                offsets.append((origins[start + token_start] + shift, origins[start + token_end - 1] + 1 + shift))
                word_ids.append(word_index)
            word_index += 1
        return word_index

    def words(self, text: str) -> list[str]:
        """The words of ``text`` (no special tokens in it) after normalization and pre-tokenization.

        >>> UnigramEngine(UnigramModel([("<unk>", 0.0)]), None, Metaspace(), []).words("Hi  you")
        ['▁Hi', '▁', '▁you']
        """
        normalized, _, spans = self._aligned(check_text(text), True)
        return [normalized[start:end] for start, end in spans]

    def encode_sequence(self, text: str) -> TextTokens:
        """Ids, tokens, offsets in ``text`` and word index of every token of ``text``; special tokens stay whole.

        >>> engine = UnigramEngine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)]), None, Metaspace(), [AddedToken("<unk>")])
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

        >>> engine = UnigramEngine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)]), None, Metaspace(), [])
        >>> [tokens for _, tokens, _, _ in engine.encode_sequences(["a", "a a"])]
        [['▁a'], ['▁a', '▁a']]
        """
        if isinstance(texts, (str, bytes)) or not isinstance(texts, Sequence):
            raise TypeError(f"texts must be a list of str, got {type(texts).__name__}")
        return [self.encode_sequence(text) for text in texts]

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text``.

        >>> UnigramEngine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)]), None, Metaspace(), []).tokenize("ab")
        ['▁a', 'b']
        """
        return self.encode_sequence(text)[1]

    def encode(self, text: str) -> list[int]:
        """The ids of ``text``.

        >>> UnigramEngine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)]), None, Metaspace(), []).encode("ab")
        [1, 0]
        """
        return self.encode_sequence(text)[0]

    def longest_match(self, word: str) -> list[str]:
        """The tokens of one word (the name ``WordPieceTokenizer.encode_word`` calls).

        >>> UnigramEngine(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)]), None, Metaspace(), []).longest_match("▁aa")
        ['▁a', 'a']
        """
        return [token for token, *_ in self._words[word]]


class UnigramTokenizer(WordPieceTokenizer):
    """A Unigram model with the pipeline around it: the ``WordPieceTokenizer`` API, Hugging Face's tokens.

    ``pretokenizer`` is a ``Metaspace`` (the default: SentencePiece's ``▁``), or
    ``"bert"``, ``"whitespace"`` or ``"none"``; ``normalizer`` a ``BertNormalizer`` or
    ``None`` (what Hugging Face's ``UnigramTrainer`` files have). The decoder
    defaults to the ``Metaspace`` decoder of a ``Metaspace`` pre-tokenizer, else none
    (tokens joined by spaces, as Hugging Face without one). ``special_tokens``
    default to the model's unknown piece.

    >>> model = UnigramModel([("<unk>", 0.0), ("hug", -2.0), ("s", -3.0), ("!", -4.0)])
    >>> tokenizer = UnigramTokenizer(model, pretokenizer="bert")
    >>> tokenizer.tokenize("hugs!"), tokenizer.encode("hugs!"), tokenizer.decode([1, 2, 3])
    (['hug', 's', '!'], [1, 2, 3], 'hug s !')
    """

    def __init__(
        self,
        model: UnigramModel,
        *,
        normalizer: BertNormalizer | None = None,
        pretokenizer: Metaspace | str = "metaspace",
        special_tokens: Iterable[str | AddedToken] | None = None,
        template: Template | None = None,
        truncation: Truncation | None = None,
        padding: Padding | None = None,
        decoder: MetaspaceDecoder | WordPieceDecoder | str | None = "default",
    ) -> None:
        if not isinstance(model, UnigramModel):
            raise TypeError(f"model must be a UnigramModel, got {type(model).__name__}")
        if normalizer is not None and not isinstance(normalizer, BertNormalizer):
            raise TypeError(f"normalizer must be a BertNormalizer or None, got {type(normalizer).__name__}")
        self.model = model
        unk = model.pieces[model.unk_id] if model.unk_id is not None else model.pieces[0]
        # The vocab is the id table the pipeline around the model reads (special tokens, template, decoding).
        self.vocab = Vocab(model.pieces, unk_token=unk, special_tokens=())
        self._compat = "huggingface"
        self._prefix = "##"
        self._max_chars = max(1, model.longest)
        self.normalizer = normalizer
        self.pretokenizer = pretokenizer  # type: ignore[assignment]
        self._added_ids: dict[str, int] = {}
        if special_tokens is None:
            special_tokens = [AddedToken(unk, normalized=False)] if model.unk_id is not None else []
        self.special_tokens = special_tokens  # type: ignore[assignment]
        self.template = template
        self.truncation = truncation
        self.padding = padding
        if decoder == "default":
            metaspace = self._metaspace
            decoder = MetaspaceDecoder(*_fields(metaspace)) if metaspace is not None else None
        self.decoder = decoder  # type: ignore[assignment]
        self._fast = None
        self._fast_settings = ()

    # -- settings ----------------------------------------------------------------------------------------------

    @property
    def normalizer(self) -> BertNormalizer | None:
        """The normalizer: a ``BertNormalizer``, or ``None`` (the text as it is)."""
        return self._normalizer

    @normalizer.setter
    def normalizer(self, value: BertNormalizer | None) -> None:
        if value is not None and not isinstance(value, BertNormalizer):
            raise TypeError(f"normalizer must be a BertNormalizer or None, got {type(value).__name__}")
        self._normalizer = value
        self.normalize = value if value is not None else _unchanged

    @property
    def lowercase(self) -> bool:
        """Whether the normalizer lowercases (no normalizer: no)."""
        return self._normalizer is not None and self._normalizer.lowercase

    @lowercase.setter
    def lowercase(self, value: bool) -> None:
        check_bool(value, "lowercase")
        if self._normalizer is not None:
            self.normalizer = BertNormalizer(
                clean_text=self._normalizer.clean_text,
                handle_chinese_chars=self._normalizer.handle_chinese_chars,
                strip_accents=self._normalizer.strip_accents,
                lowercase=value,
            )
        elif value:
            raise ValueError(
                "this Unigram tokenizer has no normalizer, so it cannot lowercase: give it "
                "normalizer=BertNormalizer(lowercase=True) (its pieces must have been learned lowercased)"
            )

    @property
    def pretokenizer(self) -> str:
        """The pre-tokenizer's name: ``metaspace``, ``bert``, ``whitespace`` or ``none`` (``metaspace_settings`` has the rest)."""
        return self._pretokenizer

    @pretokenizer.setter
    def pretokenizer(self, value: Metaspace | str) -> None:
        if isinstance(value, Metaspace):
            self._metaspace: Metaspace | None = value
            self._pretokenizer = "metaspace"
            return
        if value not in UNIGRAM_PRETOKENIZERS:
            raise ValueError(
                f"pretokenizer must be a Metaspace or one of {', '.join(UNIGRAM_PRETOKENIZERS)}, got {value!r}"
            )
        self._metaspace = Metaspace() if value == "metaspace" else None
        self._pretokenizer = value

    @property
    def metaspace_settings(self) -> Metaspace | None:
        """The ``Metaspace`` pre-tokenizer with its settings, or ``None`` for another pre-tokenizer."""
        return self._metaspace

    @property
    def decoder(self) -> MetaspaceDecoder | WordPieceDecoder | None:  # type: ignore[override]
        """How ids become text again: the ``Metaspace`` decoder, a ``WordPieceDecoder``, or ``None`` (tokens joined by spaces)."""
        return self._decoder  # type: ignore[return-value]

    @decoder.setter
    def decoder(self, value: MetaspaceDecoder | WordPieceDecoder | None) -> None:
        if value is not None and not isinstance(value, (MetaspaceDecoder, WordPieceDecoder)):
            raise TypeError(f"decoder must be a MetaspaceDecoder, a WordPieceDecoder or None, got {value!r}")
        self._decoder = value

    def _settings(self) -> tuple[Any, ...]:
        return (self.model, self._normalizer, self._pretokenizer, self._metaspace, self.special_tokens)

    @property
    def fast(self) -> UnigramEngine:  # type: ignore[override]
        """The engine that cuts texts (rebuilt when a setting changed); each distinct word is cut once."""
        settings = self._settings()
        if self._fast is None or settings != self._fast_settings:
            self._fast = UnigramEngine(  # type: ignore[assignment]
                self.model,
                self._normalizer,
                self._metaspace if self._metaspace is not None else self._pretokenizer,
                self.special_tokens,
                dict(self.token_ids),
            )
            self._fast_settings = settings
        return self._fast  # type: ignore[return-value]

    def words(self, text: str) -> list[str]:
        """The words of ``text`` after normalization and pre-tokenization.

        >>> UnigramTokenizer(UnigramModel([("<unk>", 0.0)])).words("Hi you")
        ['▁Hi', '▁you']
        """
        return self.fast.words(text)

    # -- files ---------------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Hugging Face's ``tokenizer.json`` contents as a dict (keys in its order).

        >>> UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)])).to_json()["pre_tokenizer"]["type"]
        'Metaspace'
        """
        normalizer = self._normalizer
        token_ids = self.token_ids
        pretokenizer: dict[str, Any] | None
        if self._metaspace is not None:
            pretokenizer = self._metaspace.to_json()
        elif self._pretokenizer == "none":
            pretokenizer = None
        else:
            kinds = {name: kind for kind, name in _PRETOKENIZER_TYPES.items()}
            pretokenizer = {"type": kinds[self._pretokenizer]}
        decoder = self.decoder
        return {
            "version": "1.0",
            "truncation": self.truncation.to_json() if self.truncation is not None else None,
            "padding": self.padding.to_json() if self.padding is not None else None,
            "added_tokens": [token.to_json(token_ids[token.content]) for token in self.special_tokens],
            "normalizer": (
                {
                    "type": "BertNormalizer",
                    "clean_text": normalizer.clean_text,
                    "handle_chinese_chars": normalizer.handle_chinese_chars,
                    "strip_accents": normalizer.strip_accents,
                    "lowercase": normalizer.lowercase,
                }
                if normalizer is not None
                else None
            ),
            "pre_tokenizer": pretokenizer,
            "post_processor": self.template.to_json(token_ids) if self.template is not None else None,
            "decoder": decoder.to_json() if decoder is not None else None,
            "model": self.model.to_json(),
        }

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Save atomically: ``NAME.json`` (``tokenizer.json``) or a folder ``transformers`` loads.

        A folder holds ``tokenizer.json``, ``tokenizer_config.json`` (class
        ``PreTrainedTokenizerFast``, the special tokens' roles) and
        ``special_tokens_map.json``. A ``vocab.txt`` cannot hold the pieces' scores: refused.

        >>> import tempfile, pathlib
        >>> folder = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)])).save(pathlib.Path(tempfile.mkdtemp()) / "mine")
        >>> sorted(path.name for path in folder.iterdir())
        ['special_tokens_map.json', 'tokenizer.json', 'tokenizer_config.json']
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
        target = Path(path)
        text = json.dumps(self.to_json(), ensure_ascii=False, indent=2) + "\n"
        if is_folder_name(path):
            if not target.parent.is_dir():
                raise FileNotFoundError(f"cannot create {target}: folder {target.parent} does not exist")
            roles = special_roles(self)
            if self.model.unk_id is None:
                roles.pop("unk_token", None)
            others = [
                token.content for token in self.special_tokens if token.special and token.content not in roles.values()
            ]
            special_map: dict[str, Any] = {**roles, **({"additional_special_tokens": others} if others else {})}
            config: dict[str, Any] = {
                "tokenizer_class": "PreTrainedTokenizerFast",
                "clean_up_tokenization_spaces": False,
                **roles,
                **({"extra_special_tokens": others} if others else {}),
            }
            if self.truncation is not None:
                config["model_max_length"] = self.truncation.max_length
            target.mkdir(exist_ok=True)
            with atomic_group() as group:
                group.add(target / CONFIG_FILE, encode_utf8(json.dumps(config, ensure_ascii=False, indent=2) + "\n"))
                group.add(
                    target / SPECIAL_TOKENS_MAP_FILE,
                    encode_utf8(json.dumps(special_map, ensure_ascii=False, indent=2) + "\n"),
                )
                group.add(target / TOKENIZER_FILE, encode_utf8(text))
            return target
        if target.suffix != ".json":
            raise ValueError(
                f"cannot save a Unigram tokenizer as {target.name}: a vocab.txt has no room for the pieces' scores; "
                "save it as NAME.json (tokenizer.json) or to a folder"
            )
        return atomic_write_text(target, text)

    @classmethod
    def from_json(cls, data: Any, **options: Any) -> UnigramTokenizer:  # type: ignore[override]
        """A tokenizer from ``tokenizer.json`` contents with a ``Unigram`` model; ``options`` override what is loaded.

        >>> data = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0)])).to_json()
        >>> UnigramTokenizer.from_json(data).tokenize("hug hug")
        ['▁hug', '▁hug']
        """
        model, settings = _model_and_options(data, options)
        return cls(model, **settings)

    @classmethod
    def from_file(  # type: ignore[override]
        cls, path: str | os.PathLike[str], *, max_bytes: int | None = None, **options: Any
    ) -> UnigramTokenizer:
        """A tokenizer from a ``tokenizer.json`` with a ``Unigram`` model, or a folder holding one.

        >>> import tempfile, pathlib
        >>> path = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0)])).save(pathlib.Path(tempfile.mkdtemp()) / "t.json")
        >>> UnigramTokenizer.from_file(path).tokenize("hug")
        ['▁hug']
        """
        target = _tokenizer_file(path)
        try:
            return cls.from_json(read_tokenizer_json(target, max_bytes=max_bytes), **options)
        except ValueError as error:
            if str(target) in str(error):
                raise
            raise ValueError(f"{target}: {error}") from None

    def __repr__(self) -> str:
        return f"UnigramTokenizer(model={len(self.model)} pieces, pretokenizer={self.pretokenizer!r})"


def _fields(metaspace: Metaspace) -> tuple[str, str, bool]:
    return metaspace.replacement, metaspace.prepend_scheme, metaspace.split


def _tokenizer_file(path: str | os.PathLike[str]) -> Path:
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    target = Path(path)
    if target.is_dir():
        if not (target / TOKENIZER_FILE).is_file():
            raise FileNotFoundError(f"folder {target} holds no {TOKENIZER_FILE}")
        target = target / TOKENIZER_FILE
    return target


def read_tokenizer_json(path: str | os.PathLike[str], max_bytes: int | None = None) -> Any:
    """The parsed contents of a ``tokenizer.json`` (or of the one in a folder), size-checked (``max_bytes``).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.json"
    >>> _ = path.write_text('{"model": {"type": "Unigram"}}')
    >>> read_tokenizer_json(path)["model"]["type"]
    'Unigram'
    """
    from ..textfiles import read_text_file

    target = _tokenizer_file(path)
    return parse_json(
        read_text_file(
            target,
            name="tokenizer file",
            max_bytes=MAX_JSON_BYTES if max_bytes is None else max_bytes,
            raise_with="max_bytes",
        ),
        f"tokenizer file {target}",
    )


def model_type(data: Any) -> str | None:
    """The ``model.type`` of ``tokenizer.json`` contents (``"WordPiece"``, ``"Unigram"`` ...), or ``None``.

    >>> model_type({"model": {"type": "Unigram"}}), model_type([])
    ('Unigram', None)
    """
    model = data.get("model") if isinstance(data, dict) else None
    kind = model.get("type") if isinstance(model, dict) else None
    return kind if isinstance(kind, str) else None


def load_tokenizer(path: str | os.PathLike[str], **options: Any) -> WordPieceTokenizer:
    """The tokenizer a file holds: a ``UnigramTokenizer`` for a Unigram ``tokenizer.json``, else ``WordPieceTokenizer.from_file``.

    >>> import tempfile, pathlib
    >>> path = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)])).save(pathlib.Path(tempfile.mkdtemp()) / "t.json")
    >>> type(load_tokenizer(path)).__name__
    'UnigramTokenizer'
    """
    target = Path(path) if isinstance(path, (str, os.PathLike)) else None
    if target is not None and (target.suffix == ".json" or (target / TOKENIZER_FILE).is_file()) and target.exists():
        data = read_tokenizer_json(target)
        if model_type(data) == "Unigram":
            return UnigramTokenizer.from_file(target, **options)
    return WordPieceTokenizer.from_file(path, **options)


def _model_and_options(data: Any, options: dict[str, Any]) -> tuple[UnigramModel, dict[str, Any]]:
    """The ``UnigramModel`` and ``UnigramTokenizer`` keyword arguments that ``tokenizer.json`` contents describe."""
    if not isinstance(data, dict):
        raise ValueError(f"tokenizer.json must hold an object, got {type(data).__name__}")
    model_data = data.get("model")
    if model_type(data) != "Unigram":
        raise ValueError(f"unsupported model {model_type(data)!r}: a UnigramTokenizer loads Unigram models")
    unsupported = sorted(set(model_data) - {"type", "unk_id", "vocab", "byte_fallback"})
    if unsupported:
        raise ValueError(f"unsupported Unigram model fields: {', '.join(unsupported)}")
    if "vocab" not in model_data:
        raise ValueError("model has no vocab: tokenizer.json must give it (Hugging Face refuses the file too)")
    model = UnigramModel.from_json(model_data)
    vocab = Vocab(model.pieces, unk_token=model.pieces[model.unk_id or 0], special_tokens=())
    settings: dict[str, Any] = {}

    normalizer = data.get("normalizer")
    if normalizer is None:
        settings["normalizer"] = None
    elif isinstance(normalizer, dict) and normalizer.get("type") == "BertNormalizer":
        for key in ("clean_text", "handle_chinese_chars", "lowercase"):
            if key not in normalizer:
                raise ValueError(
                    f"normalizer has no {key}: tokenizer.json must give it (Hugging Face refuses the file too)"
                )
        settings["normalizer"] = BertNormalizer(
            **{
                key: normalizer[key]
                for key in ("clean_text", "handle_chinese_chars", "strip_accents", "lowercase")
                if key in normalizer
            }
        )
    else:
        raise ValueError(f"unsupported normalizer {_kind(normalizer)}: only BertNormalizer (or none) is supported")

    pretokenizer = data.get("pre_tokenizer")
    if pretokenizer is None:
        settings["pretokenizer"] = "none"
    elif isinstance(pretokenizer, dict) and pretokenizer.get("type") == "Metaspace":
        settings["pretokenizer"] = Metaspace.from_json(pretokenizer)
    elif isinstance(pretokenizer, dict) and pretokenizer.get("type") in _PRETOKENIZER_TYPES and len(pretokenizer) == 1:
        settings["pretokenizer"] = _PRETOKENIZER_TYPES[pretokenizer["type"]]
    else:
        raise ValueError(
            f"unsupported pre_tokenizer {_kind(pretokenizer)}: only Metaspace, BertPreTokenizer, WhitespaceSplit "
            "and none (null) are supported"
        )

    specials, token_ids = read_added_tokens(data, vocab)
    if settings["normalizer"] is not None and any(token.normalized for token in specials):
        names = ", ".join(repr(token.content) for token in specials if token.normalized)
        raise ValueError(
            f"added tokens {names} are matched in the normalized text (normalized: true), which a Unigram "
            "tokenizer here supports only without a normalizer"
        )
    settings["special_tokens"] = specials
    post_processor = data.get("post_processor")
    settings["template"] = (
        Template.from_json(post_processor, {**vocab.lookup_table(), **token_ids})
        if post_processor is not None
        else None
    )
    truncation, padding = data.get("truncation"), data.get("padding")
    settings["truncation"] = Truncation.from_json(truncation) if truncation is not None else None
    settings["padding"] = Padding.from_json(padding) if padding is not None else None
    decoder = data.get("decoder")
    settings["decoder"] = decoder_from_json(decoder) if decoder is not None else None
    settings.update(options)
    return model, settings


def _kind(component: Any) -> str:
    return repr(component.get("type")) if isinstance(component, dict) else type(component).__name__


__all__ = [
    "UNIGRAM_PRETOKENIZERS",
    "UnigramEngine",
    "UnigramTokenizer",
    "load_tokenizer",
    "model_type",
    "read_tokenizer_json",
]
