"""Hugging Face's ``tokenizer.json``, both ways, and the files that travel with a vocab.

``tokenizer.json`` holds a whole pipeline: the normalizer (``BertNormalizer``
with its four switches), the pre-tokenizer (``BertPreTokenizer`` or
``WhitespaceSplit``), the model (``WordPiece``: vocab, unknown token,
continuation prefix, character limit), the post-processor (the ``[CLS] $A
[SEP]`` template), the decoder, the added tokens, truncation and padding.
``tokenizers.Tokenizer.from_file`` reads it, and ``transformers`` 5 needs it:
``AutoTokenizer.from_pretrained(folder)`` loads a folder holding it.

Three ways to save (``save_tokenizer``; the name decides):

* ``NAME.json``: one ``tokenizer.json``;
* ``FOLDER/``: ``tokenizer.json`` plus ``tokenizer_config.json``,
  ``special_tokens_map.json`` and ``vocab.txt``, the layout of a model folder;
* ``vocab.txt``: the vocab, and beside it ``vocab.txt.settings.json``: the same
  JSON without the vocab, so that whoever encodes with the vocab later gets
  its settings (lowercase or not, pre-tokenizer, prefix, special tokens ...).

A component this library cannot reproduce exactly (another model type, a
normalizer sequence, added tokens outside the vocab ...) is refused with an
error naming it, never approximated.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import warnings
from collections import ChainMap
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .._validate import check_int
from ..atomic import (
    atomic_group,
    atomic_write_bytes,
    atomic_write_text,
    encode_utf8,
    resolve_output,
    shared_folder_lock,
)
from ..model.vocab import MAX_VOCAB_FILE_BYTES, Vocab
from ..side_files import check_belongs, find_settings, settings_path
from ..text.normalizer import BertNormalizer
from ..text.pretokenizers import PRETOKENIZERS
from ..textfiles import read_text_file
from .added_tokens import AddedToken
from .decoder import WordPieceDecoder
from .hf_config import (
    CONFIG_FILE,
    SPECIAL_TOKENS_MAP_FILE,
    config_beside,
    guess_casing,
    hard_coded_differences,
    options_from_config,
    transformers_config,
)
from .template import Template
from .truncation import Padding, Truncation

TOKENIZER_FILE = "tokenizer.json"
VOCAB_FILE = "vocab.txt"
#: The key that marks a settings file (``tokenizer.json`` without the vocab), with its format version.
SETTINGS_MARK = "wordpiece_lib_settings"
#: The most ``max_input_chars_per_word`` a file may set (Hugging Face's default: 100).
MAX_FILE_CHARS_PER_WORD = 100_000
#: The longest fixed padding a file may set: every line then takes that many tokens of memory.
MAX_FILE_PADDING = 1 << 17
#: The largest ``tokenizer.json`` or settings file read unless ``max_bytes`` says more (BERT's is 0.7 MB,
#: multilingual BERT's 2.9 MB, XLM-RoBERTa's 17 MB). Loading one costs up to 17 bytes of memory per byte of
#: JSON (a vocab of short tokens written compactly), so this keeps a load under 500 MB.
MAX_JSON_BYTES = 30_000_000

_PRETOKENIZER_TYPES = {"bert": "BertPreTokenizer", "whitespace": "WhitespaceSplit"}


@runtime_checkable
class TokenizerParts(Protocol):
    """What the writers read of a tokenizer (``WordPieceTokenizer`` has it all).

    The file format sits below the tokenizer: the tokenizer saves itself through
    this module and builds itself from what this module reads, never the other way.
    """

    vocab: Vocab
    normalize: Any
    pretokenizer: str
    prefix: str
    max_input_chars_per_word: int
    special_tokens: Any
    template: Template | None
    truncation: Truncation | None
    padding: Padding | None
    decoder: WordPieceDecoder | None

    @property
    def lowercase(self) -> bool: ...


# -- writing --------------------------------------------------------------------------------------------------------


def tokenizer_to_json(tokenizer: TokenizerParts, *, include_vocab: bool = True) -> dict[str, Any]:
    """The ``tokenizer.json`` contents for ``tokenizer`` (keys in Hugging Face's order).

    Without ``include_vocab`` (a settings file) the GPT-2 pre-tokenizer, which
    has no exact Hugging Face twin, is allowed and written as ``null``.

    >>> from wordpiece_lib import WordPieceTokenizer
    >>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]), lowercase=True)
    >>> data = tokenizer_to_json(tokenizer)
    >>> data["normalizer"]["lowercase"], data["pre_tokenizer"], data["model"]["vocab"]
    (True, {'type': 'BertPreTokenizer'}, {'[UNK]': 0, 'hug': 1, '##s': 2})
    """
    if not isinstance(tokenizer, TokenizerParts):
        raise TypeError(f"tokenizer must be a WordPieceTokenizer, got {type(tokenizer).__name__}")
    normalizer = tokenizer.normalize
    if not isinstance(normalizer, BertNormalizer):
        raise ValueError("a normalizer function cannot be written to tokenizer.json; use a BertNormalizer")
    if tokenizer.pretokenizer not in (*_PRETOKENIZER_TYPES, "none") and include_vocab:
        raise ValueError(
            f"the {tokenizer.pretokenizer!r} pre-tokenizer has no exact tokenizer.json equivalent "
            f"(supported: {', '.join(_PRETOKENIZER_TYPES)})"
        )
    vocab = tokenizer.vocab
    token_ids = getattr(tokenizer, "token_ids", vocab)
    added = sorted(((token_ids[token.content], token) for token in tokenizer.special_tokens), key=lambda item: item[0])
    model: dict[str, Any] = {
        "type": "WordPiece",
        "unk_token": vocab.unk_token,
        "continuing_subword_prefix": tokenizer.prefix,
        "max_input_chars_per_word": tokenizer.max_input_chars_per_word,
    }
    if include_vocab:
        model["vocab"] = {token: token_id for token_id, token in enumerate(vocab)}
    decoder = tokenizer.decoder
    return {
        "version": "1.0",
        "truncation": tokenizer.truncation.to_json() if tokenizer.truncation is not None else None,
        "padding": tokenizer.padding.to_json() if tokenizer.padding is not None else None,
        "added_tokens": [token.to_json(token_id) for token_id, token in added],
        "normalizer": {
            "type": "BertNormalizer",
            "clean_text": normalizer.clean_text,
            "handle_chinese_chars": normalizer.handle_chinese_chars,
            "strip_accents": normalizer.strip_accents,
            "lowercase": normalizer.lowercase,
        },
        "pre_tokenizer": (
            {"type": _PRETOKENIZER_TYPES[tokenizer.pretokenizer]}
            if tokenizer.pretokenizer in _PRETOKENIZER_TYPES
            else None  # "none" itself, or (only in a settings file, which names it) GPT-2's
        ),
        "post_processor": tokenizer.template.to_json(token_ids) if tokenizer.template is not None else None,
        "decoder": decoder.to_json() if decoder is not None else None,
        "model": model,
    }


def _json_text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def is_folder_name(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` names a folder to save into: an existing folder, a name ending with ``/``, or no suffix.

    Something else already there under that name (a file, ``/dev/null``, a pipe) is not a folder.

    >>> is_folder_name("out/"), is_folder_name("bert-tiny"), is_folder_name("vocab.txt"), is_folder_name("t.json")
    (True, True, False, False)
    >>> is_folder_name("/dev/null")
    False
    """
    target = Path(path)
    if target.is_dir() or str(path).endswith(("/", os.sep)):
        return True
    return not target.suffix and not target.exists()


def save_tokenizer(tokenizer: TokenizerParts, path: str | os.PathLike[str]) -> Path:
    """Save ``tokenizer`` atomically: ``NAME.json``, a folder (``FOLDER/``, no suffix, or existing), or ``vocab.txt``.

    ``vocab.txt`` (any other suffix) gets its settings in ``vocab.txt.settings.json`` beside it; the two
    (or the folder's four files) replace the old ones as one unit (``atomic_group``).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> from wordpiece_lib import WordPieceTokenizer
    >>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]), lowercase=True)
    >>> sorted(p.name for p in save_tokenizer(tokenizer, folder).iterdir())
    ['special_tokens_map.json', 'tokenizer.json', 'tokenizer_config.json', 'vocab.txt']
    >>> save_tokenizer(tokenizer, folder / "mine.json").name
    'mine.json'
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    target = Path(path)
    if is_folder_name(path):
        if not target.parent.is_dir():
            raise FileNotFoundError(f"cannot create {target}: folder {target.parent} does not exist")
        data = tokenizer_to_json(tokenizer)  # checked before anything is written
        config, special_map = transformers_config(tokenizer)
        lost = hard_coded_differences(tokenizer)
        if lost:
            warnings.warn(
                f"{', '.join(lost)}: BertTokenizer/BertTokenizerFast (rebuilt from vocab.txt and {CONFIG_FILE}) "
                f"cannot take this; AutoTokenizer, PreTrainedTokenizerFast and tokenizers.Tokenizer.from_file "
                f"keep it ({TOKENIZER_FILE})",
                UserWarning,
                stacklevel=3,
            )
        target.mkdir(exist_ok=True)
        with atomic_group() as group:
            group.add(target / VOCAB_FILE, encode_utf8(tokenizer.vocab.to_text(), what="the vocab"))
            group.add(target / CONFIG_FILE, encode_utf8(_json_text(config)))
            group.add(target / SPECIAL_TOKENS_MAP_FILE, encode_utf8(_json_text(special_map)))
            group.add(target / TOKENIZER_FILE, encode_utf8(_json_text(data)))
        return target
    if target.suffix == ".json":
        return atomic_write_text(target, _json_text(tokenizer_to_json(tokenizer)))
    settings = {
        SETTINGS_MARK: 1,
        "vocab_file": target.name,
        "pretokenizer": tokenizer.pretokenizer,
        **tokenizer_to_json(tokenizer, include_vocab=False),
    }
    vocab_bytes = encode_utf8(tokenizer.vocab.to_text(), what="the vocab")
    if resolve_output(target)[1]:  # a device or a pipe has no "beside" to keep the settings in
        atomic_write_bytes(target, vocab_bytes)
        return target
    settings["vocab_sha256"] = hashlib.sha256(vocab_bytes).hexdigest()
    with atomic_group() as group:
        group.add(target, vocab_bytes)
        group.add(settings_path(target), encode_utf8(_json_text(settings)))
    return target


# -- reading --------------------------------------------------------------------------------------------------------


def _component(data: dict[str, Any], key: str) -> Any:
    value = data.get(key)
    if value is not None and not isinstance(value, dict):
        raise ValueError(f"{key} must be an object or null, got {type(value).__name__}")
    return value


def _kind(component: Any) -> str:
    return repr(component.get("type")) if isinstance(component, dict) else "null"


#: What tokenizers refuses a tokenizer.json without (strip_accents may be missing: null, follow lowercase).
_MODEL_FIELDS = ("unk_token", "continuing_subword_prefix", "max_input_chars_per_word")
_NORMALIZER_FIELDS = ("clean_text", "handle_chinese_chars", "lowercase")


def _require(component: dict[str, Any], where: str, fields: tuple[str, ...]) -> None:
    missing = [field for field in fields if field not in component]
    if missing:
        raise ValueError(
            f"{where} has no {', '.join(missing)}: tokenizer.json must give "
            f"{'it' if len(missing) == 1 else 'them'} (Hugging Face refuses the file too)"
        )


def _vocab_from_model(model: dict[str, Any]) -> list[str]:
    entries = model.get("vocab")
    if not isinstance(entries, dict) or not entries:
        raise ValueError("model.vocab must be a non-empty object token -> id")
    tokens: list[str | None] = [None] * len(entries)
    for token, token_id in entries.items():
        if isinstance(token_id, bool) or not isinstance(token_id, int) or not 0 <= token_id < len(entries):
            raise ValueError(
                f"model.vocab gives {token!r} the id {token_id!r}; ids must be 0 ... {len(entries) - 1}, each used once"
            )
        if tokens[token_id] is not None:
            raise ValueError(f"model.vocab gives the id {token_id} to both {tokens[token_id]!r} and {token!r}")
        tokens[token_id] = token
    return tokens  # type: ignore[return-value]


def tokenizer_options(data: Any, *, vocab: Vocab | None = None) -> tuple[Vocab, dict[str, Any]]:
    """The vocab and the ``WordPieceTokenizer`` keyword arguments that ``data`` (a ``tokenizer.json``) describes.

    ``vocab`` replaces ``model.vocab`` (a settings file has none).

    >>> model = {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##", "max_input_chars_per_word": 100}
    >>> data = {"pre_tokenizer": {"type": "BertPreTokenizer"}, "model": {**model, "vocab": {"[UNK]": 0, "a": 1}}}
    >>> vocab, options = tokenizer_options(data)
    >>> vocab.tokens, options["pretokenizer"], options["template"]
    (('[UNK]', 'a'), 'bert', None)
    """
    if not isinstance(data, dict):
        raise ValueError(f"tokenizer.json must hold an object, got {type(data).__name__}")
    model = _component(data, "model")
    if model is not None and model.get("type") == "Unigram":
        raise ValueError(
            "the model is 'Unigram': load it with UnigramTokenizer.from_file (or wordpiece_lib.load_tokenizer, "
            "which picks the class from the file), not as a WordPiece tokenizer"
        )
    if model is None or model.get("type") != "WordPiece":
        raise ValueError(f"unsupported model {_kind(model)}: only WordPiece models can be loaded")
    unsupported = sorted(
        set(model) - {"type", "unk_token", "continuing_subword_prefix", "max_input_chars_per_word", "vocab"}
    )
    if unsupported:
        raise ValueError(f"unsupported WordPiece model fields: {', '.join(unsupported)}")
    _require(model, "model", _MODEL_FIELDS)
    unk_token = model["unk_token"]
    if vocab is None:
        vocab = Vocab(_vocab_from_model(model), unk_token=unk_token)
    elif vocab.unk_token != unk_token:
        vocab = Vocab(vocab.tokens, unk_token=unk_token)

    normalizer_data = _component(data, "normalizer")
    if normalizer_data is None:  # no normalizer: every step off is the same
        normalizer = BertNormalizer(lowercase=False, strip_accents=False, clean_text=False, handle_chinese_chars=False)
    elif normalizer_data.get("type") == "BertNormalizer":
        _require(normalizer_data, "normalizer", _NORMALIZER_FIELDS)
        switches = {
            key: normalizer_data[key]
            for key in ("clean_text", "handle_chinese_chars", "strip_accents", "lowercase")
            if key in normalizer_data
        }
        normalizer = BertNormalizer(**switches)
    else:
        raise ValueError(f"unsupported normalizer {_kind(normalizer_data)}: only BertNormalizer (or none) is supported")

    pretokenizer_data = _component(data, "pre_tokenizer")
    names = {kind: name for name, kind in _PRETOKENIZER_TYPES.items()}
    kind = pretokenizer_data.get("type") if pretokenizer_data is not None else None
    if SETTINGS_MARK in data and data.get("pretokenizer") in PRETOKENIZERS:
        pretokenizer = data["pretokenizer"]  # a settings file names ours, GPT-2's included
    elif kind in names and set(pretokenizer_data) == {"type"}:  # type: ignore[arg-type]
        pretokenizer = names[kind]
    elif pretokenizer_data is None:  # no pre-tokenizer: the whole normalized text is one word, as in Hugging Face
        pretokenizer = "none"
    else:
        raise ValueError(
            f"unsupported pre_tokenizer {_kind(pretokenizer_data)}: only BertPreTokenizer, WhitespaceSplit "
            "and none (null) are supported"
        )

    specials, token_ids = read_added_tokens(data, vocab)

    _check_file_limits(model, _component(data, "padding"))
    post_processor = _component(data, "post_processor")
    decoder_data = _component(data, "decoder")
    truncation = _component(data, "truncation")
    padding = _component(data, "padding")
    options: dict[str, Any] = {
        "normalizer": normalizer,
        "pretokenizer": pretokenizer,
        "prefix": model.get("continuing_subword_prefix", "##"),
        "max_input_chars_per_word": model.get("max_input_chars_per_word", 100),
        "special_tokens": specials,
        "template": (
            Template.from_json(post_processor, ChainMap(token_ids, vocab.lookup_table()))  # type: ignore[arg-type]
            if post_processor is not None
            else None
        ),
        "truncation": Truncation.from_json(truncation) if truncation is not None else None,
        "padding": Padding.from_json(padding) if padding is not None else None,
        "decoder": WordPieceDecoder.from_json(decoder_data) if decoder_data is not None else None,
    }
    return vocab, options


def read_added_tokens(data: dict[str, Any], vocab: Vocab) -> tuple[list[AddedToken], dict[str, int]]:
    """The ``added_tokens`` of ``tokenizer.json`` contents, in id order, and each one's id (checked against ``vocab``).

    >>> entry = {"id": 2, "content": "<x>", "single_word": False, "lstrip": False, "rstrip": False,
    ...          "normalized": False, "special": True}
    >>> tokens, ids = read_added_tokens({"added_tokens": [entry]}, Vocab(["[UNK]", "a"]))
    >>> [token.content for token in tokens], ids
    (['<x>'], {'<x>': 2})
    """
    specials = []
    entries = data.get("added_tokens") or []
    if not isinstance(entries, list):
        raise ValueError(f"added_tokens must be a list, got {type(entries).__name__}")
    token_ids: dict[str, int] = {}
    for entry in entries:
        token = AddedToken.from_json(entry)
        token_id = entry.get("id")
        if isinstance(token_id, bool) or not isinstance(token_id, int):
            raise ValueError(f"added token {token.content!r} has the id {token_id!r}: an id is a number")
        if token.content in vocab and token_id != vocab[token.content]:
            raise ValueError(
                f"added token {token.content!r} has id {token_id}, but its vocab id is {vocab[token.content]}"
            )
        token_ids[token.content] = token_id
        specials.append(token)
    # Tokens beyond the vocab take the ids after it, in order (what Hugging Face's add_tokens gives them).
    beyond = sorted((token_id, content) for content, token_id in token_ids.items() if content not in vocab)
    for position, (token_id, content) in enumerate(beyond):
        if token_id != len(vocab) + position:
            raise ValueError(
                f"added token {content!r} has id {token_id}; tokens beyond the {len(vocab)}-token vocab must "
                f"take the ids {len(vocab)}, {len(vocab) + 1} ... in order, without gaps"
            )
    specials.sort(key=lambda token: token_ids[token.content])
    return specials, token_ids


def _check_file_limits(model: dict[str, Any], padding: dict[str, Any] | None) -> None:
    """Sizes a downloaded file may not set beyond what one line can afford (the caller may still set more)."""
    limit = model.get("max_input_chars_per_word")
    if isinstance(limit, int) and not isinstance(limit, bool) and limit > MAX_FILE_CHARS_PER_WORD:
        raise ValueError(
            f"model.max_input_chars_per_word is {limit:,}, over {MAX_FILE_CHARS_PER_WORD:,}, the most taken "
            "from a file (set tokenizer.max_input_chars_per_word yourself to go beyond)"
        )
    strategy = padding.get("strategy") if padding is not None else None
    length = strategy.get("Fixed") if isinstance(strategy, dict) else None
    if isinstance(length, int) and not isinstance(length, bool) and length > MAX_FILE_PADDING:
        raise ValueError(
            f"padding pads every line to {length:,} tokens, over {MAX_FILE_PADDING:,}, the most taken from a "
            "file (each line would take that much memory; pad explicitly to go beyond)"
        )


def options_from_json(data: Any, *, vocab: Vocab | None = None, **overrides: Any) -> tuple[Vocab, dict[str, Any]]:
    """The vocab and ``WordPieceTokenizer`` options of ``tokenizer.json`` contents; ``overrides`` replace loaded ones.

    ``WordPieceTokenizer.from_json`` builds the tokenizer from them.

    >>> data = {
    ...     "normalizer": {"type": "BertNormalizer", "lowercase": True, "clean_text": True, "handle_chinese_chars": True},
    ...     "pre_tokenizer": {"type": "BertPreTokenizer"},
    ...     "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
    ...               "max_input_chars_per_word": 100, "vocab": {"[UNK]": 0}},
    ... }
    >>> vocab, options = options_from_json(data, lowercase=False)
    >>> options["normalizer"].lowercase, options["lowercase"]
    (False, False)
    """
    vocab, options = tokenizer_options(data, vocab=vocab)
    return vocab, _with_overrides(options, overrides)


def _with_overrides(options: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    if "lowercase" in overrides and "normalizer" not in overrides:
        options["normalizer"] = dataclasses.replace(options["normalizer"], lowercase=overrides["lowercase"])
    options.update(overrides)
    return options


def _read_json(path: Path, name: str, max_bytes: int | None = None) -> Any:
    cap = MAX_JSON_BYTES if max_bytes is None else max_bytes
    text = read_text_file(path, name=name, max_bytes=cap, raise_with="max_bytes")
    return parse_json(text, f"{name} {path}")


def parse_json(text: str, where: str) -> Any:
    """``json.loads``, with every way it can fail said as one ``ValueError`` naming ``where``.

    >>> parse_json("[" * 100_000, "tokenizer file t.json")
    Traceback (most recent call last):
    ...
    ValueError: tokenizer file t.json is not usable JSON: nested too deeply (more levels of [ and { than Python's reader allows)
    >>> parse_json('{"a": ' + "9" * 5000 + "}", "x.json")
    Traceback (most recent call last):
    ...
    ValueError: x.json is not usable JSON: a number of over 4,300 digits at line 1, column 7
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{where} is not valid JSON: {error.msg} (line {error.lineno})") from None
    except RecursionError:
        raise ValueError(
            f"{where} is not usable JSON: nested too deeply (more levels of [ and {{ than Python's reader allows)"
        ) from None
    except ValueError as error:
        if "digits" not in str(error):
            raise ValueError(f"{where} is not usable JSON: {error}") from None
        match = re.search(r"\d{4301,}", text)
        offset = match.start() if match else 0
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        raise ValueError(
            f"{where} is not usable JSON: a number of over 4,300 digits at line {line}, column {column}"
        ) from None


def load_options(
    path: str | os.PathLike[str], *, max_bytes: int | None = None, **overrides: Any
) -> tuple[Vocab, dict[str, Any]]:
    """The vocab and options of a ``tokenizer.json``, a folder holding one, or a ``vocab.txt`` (and its settings file).

    ``WordPieceTokenizer.from_file`` builds the tokenizer from them (and passes its ``max_bytes`` on).
    ``max_bytes``: the largest ``tokenizer.json`` or ``vocab.txt`` read; by default ``MAX_JSON_BYTES`` and
    ``MAX_VOCAB_FILE_BYTES`` (a file over it is an error naming it, its size and ``max_bytes``).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> from wordpiece_lib import WordPieceTokenizer
    >>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]), lowercase=True)
    >>> _ = tokenizer.save(folder / "vocab.txt")
    >>> load_options(folder / "vocab.txt")[1]["normalizer"].lowercase, load_options(folder / "vocab.txt", lowercase=False)[1]["lowercase"]
    (True, False)
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    target = Path(path)
    if target.is_dir():
        if not (target / TOKENIZER_FILE).is_file():
            raise FileNotFoundError(f"folder {target} holds no {TOKENIZER_FILE}")
        target = target / TOKENIZER_FILE
    if max_bytes is not None:
        check_int(max_bytes, "max_bytes", minimum=1)
    vocab_cap = MAX_VOCAB_FILE_BYTES if max_bytes is None else max_bytes
    if target.suffix == ".json":
        data = _read_json(target, "tokenizer file", max_bytes)
        if isinstance(data, dict) and SETTINGS_MARK in data:
            vocab_file = target.with_name(str(data.get("vocab_file", VOCAB_FILE)))
            raise ValueError(f"{target} holds the settings of a vocab: load the vocab {vocab_file} instead")
        return _naming(target, lambda: options_from_json(data, **overrides))
    with shared_folder_lock(target):  # not while a writer switches the vocab and its settings
        settings = find_settings(target)
        if settings is None:
            beside = config_beside(target)
            if beside is not None:  # Google's BERT checkpoints: vocab.txt with transformers' config beside it
                config, read = beside
                unk_token = config.get("unk_token", "[UNK]")
                if isinstance(unk_token, dict):  # transformers may write a role as an AddedToken object
                    unk_token = unk_token.get("content")
                unk_token = unk_token if isinstance(unk_token, str) and unk_token else "[UNK]"
                vocab, options = options_from_config(
                    config,
                    Vocab.load(target, unk_token=unk_token, max_bytes=vocab_cap),
                    " + ".join(str(path) for path in read),
                )
                return vocab, _with_overrides(options, overrides)
            vocab = Vocab.load(target, max_bytes=vocab_cap)
            if "lowercase" not in overrides and "normalizer" not in overrides:
                return vocab, {"lowercase": guess_casing(vocab, str(target)), **overrides}
            return vocab, overrides
        vocab = Vocab.load(target, max_bytes=vocab_cap)
        data = _read_json(settings, "settings file")
        if not isinstance(data, dict) or SETTINGS_MARK not in data:
            raise ValueError(f"{settings} is not a settings file written by wordpiece_lib")
        check_belongs(settings, data.get("vocab_sha256"), target)
    return _naming(settings, lambda: options_from_json(data, vocab=vocab, **overrides))


def _naming(path: Path, build: Any) -> tuple[Vocab, dict[str, Any]]:
    """``build()``, with a ``ValueError`` about the file's contents naming the file."""
    try:
        return build()
    except ValueError as error:
        if str(path) in str(error):
            raise
        raise ValueError(f"{path}: {error}") from None


__all__ = [
    "CONFIG_FILE",
    "MAX_JSON_BYTES",
    "SETTINGS_MARK",
    "SPECIAL_TOKENS_MAP_FILE",
    "TOKENIZER_FILE",
    "VOCAB_FILE",
    "TokenizerParts",
    "load_options",
    "options_from_json",
    "parse_json",
    "read_added_tokens",
    "save_tokenizer",
    "tokenizer_options",
    "tokenizer_to_json",
]
