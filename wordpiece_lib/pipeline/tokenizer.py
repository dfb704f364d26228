"""``Tokenizer``: Hugging Face's pipeline in one object, five slots and a model among them, from text to a model's input and back.

text -> (added tokens kept whole) -> normalizer -> pre-tokenizer -> model
(each word's tokens) -> ids, offsets, word ids -> truncation -> template
(the post-processor: ``[CLS] ... [SEP]``) -> padding -> ``Encoding``; and
back: ids -> tokens -> decoder -> text.

The slots hold parts (``parts.py`` says what each must do): ``normalizer``,
``pre_tokenizer``, ``model``, ``template`` (Hugging Face's
``post_processor``) and ``decoder``; around them the added tokens
(``special_tokens``), ``truncation`` and ``padding``. Everything but the
model is the same whatever the model is, so it lives here once; the model
is WordPiece (``WordPieceTokenizer``), Unigram (``UnigramTokenizer``) or
any model of the registry. ``to_json`` and ``from_json`` go through the one
serializer (``serialization.py``), which reads each part by its ``type``.

Settings can change after first use (``tokenizer.pretokenizer = "bert"``):
the engine that does the work is rebuilt when they change.

>>> from wordpiece_lib.model.unigram import UnigramModel
>>> from wordpiece_lib.text.metaspace import Metaspace
>>> tokenizer = Tokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0), ("s", -2.0)]), pretokenizer=Metaspace())
>>> tokenizer.encode_plus("hugs hug").tokens, tokenizer.pretokenizer
(['▁hug', 's', '▁hug'], 'metaspace')
"""

from __future__ import annotations

import dataclasses
import gc
import json
import os
from collections import ChainMap
from collections.abc import Callable, Iterable, Mapping, Sequence
from numbers import Integral
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .._validate import check_bool, check_callable, check_str
from ..atomic import atomic_group, atomic_write_text, encode_utf8
from ..model.vocab import Vocab
from ..text.pretokenizers import pre_tokenizer_named
from .added_tokens import AddedToken, as_added_tokens
from .compat import check_compat
from .decoder import join_with_spaces, transformers_clean_up
from .encoding import Encoding, TextTokens
from .engine import Engine
from .hf_config import CONFIG_FILE, SPECIAL_TOKENS_MAP_FILE, special_roles
from .parts import Decoder, Model, PostProcessor, PreTokenizer, type_name
from .serialization import TokenizerParts, parts_from_json, parts_to_json
from .template import Template
from .tokenizer_json import TOKENIZER_FILE, about_file, is_folder_name, read_tokenizer_json
from .truncation import Padding, Truncation

#: ``template="bert"``: BERT's ``[CLS] $A [SEP]`` template when the vocab has both tokens, else none.
BERT_TEMPLATE = "bert"

TextInput = str | tuple[str, str]
#: The kind of model a tokenizer holds.
M = TypeVar("M", bound=Model)


class TextEngine(Protocol):
    """What turns texts into tokens for a tokenizer: ``Engine``, or a faster twin for some parts."""

    def words(self, text: str) -> list[str]: ...

    def encode_sequence(self, text: str) -> TextTokens: ...

    def encode_sequences(self, texts: Sequence[str]) -> list[TextTokens]: ...

    def tokenize(self, text: str) -> list[str]: ...

    def encode(self, text: str) -> list[int]: ...


def _unchanged(text: str) -> str:
    """No normalizer: the text as it is."""
    return text


def json_text(data: dict[str, Any]) -> str:
    """JSON as Hugging Face's files hold it: indented, characters as they are, one newline at the end.

    >>> json_text({"a": "▁"})
    '{\\n  "a": "▁"\\n}\\n'
    """
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


class Tokenizer(Generic[M]):
    """A model in Hugging Face's pipeline: normalizer, pre-tokenizer, model, template, decoder, and what goes around.

    ``pretokenizer`` is a pre-tokenizer part or its name (``bert``,
    ``whitespace``, ``gpt2``, ``metaspace``, ``none``); ``special_tokens``
    default to the model's unknown token; no normalizer, pre-tokenizer,
    template or decoder unless given (without a decoder, ``decode`` joins the
    tokens with spaces, as Hugging Face does).

    >>> from wordpiece_lib.model.wordpiece import WordPieceModel
    >>> tokenizer = Tokenizer(WordPieceModel(Vocab(["[UNK]", "hug", "##s", "!"])), pretokenizer="bert")
    >>> tokenizer.tokenize("hugs!"), tokenizer.decode(tokenizer.encode("hugs!"))
    (['hug', '##s', '!'], 'hug ##s !')
    """

    #: The ``model`` types of ``tokenizer.json`` this class holds (``None``: any model of the registry).
    model_types: ClassVar[tuple[str, ...] | None] = None

    def __init__(
        self,
        model: M,
        *,
        normalizer: Callable[[str], str] | None = None,
        pretokenizer: PreTokenizer | str | None = None,
        special_tokens: Iterable[str | AddedToken] | None = None,
        template: PostProcessor | str | None = None,
        truncation: Truncation | None = None,
        padding: Padding | None = None,
        decoder: Decoder | str | None = None,
    ) -> None:
        self._model = self._checked_model(model)
        self.normalizer = normalizer
        self.pretokenizer = pretokenizer
        self._added_ids: dict[str, int] = {}
        if special_tokens is None:
            unknown = model.unk_token
            special_tokens = [AddedToken(unknown)] if unknown is not None else []
        self.special_tokens = special_tokens
        self.template = template
        self.truncation = truncation
        self.padding = padding
        self.decoder = decoder
        self._fast: TextEngine | None = None
        self._fast_settings: tuple[Any, ...] = ()

    def __getstate__(self) -> dict[str, Any]:
        # The engine is a cache: a copy or a worker process builds its own on first use.
        state = self.__dict__.copy()
        state["_fast"], state["_fast_settings"] = None, ()
        return state

    # -- the slots: each part checked when set; the engine notices changes ---------------------------------------

    def _checked_model(self, model: Any) -> M:
        """The model, if it is one (a class that holds one kind of model says so here)."""
        if not hasattr(model, "tokens_with_spans") or not hasattr(model, "to_json"):
            raise TypeError(
                f"model must be a model part (WordPieceModel, UnigramModel ...), got {type(model).__name__}"
            )
        checked: M = model
        return checked

    @property
    def model(self) -> M:
        """The model: the slot that cuts one word into tokens (WordPiece, Unigram ...)."""
        return self._model

    @property
    def vocab(self) -> Vocab:
        """The model's vocab: every token's id (the added tokens beyond it are in ``token_ids``)."""
        return self._model.vocab

    @property
    def normalizer(self) -> Callable[[str], str] | None:
        """The normalizer, or ``None`` (the text as it is): a part (``BertNormalizer`` ...), or any function of the
        text, which a file cannot hold."""
        return self._normalizer

    @normalizer.setter
    def normalizer(self, value: Callable[[str], str] | None) -> None:
        if value is not None:
            check_callable(value, "normalizer", "a function str -> str (a BertNormalizer, say) or None")
        self._normalizer = value

    @property
    def normalize(self) -> Callable[[str], str]:
        """The normalizer as a function of the text (the text unchanged without one); set it as ``normalizer``."""
        return self._normalizer if self._normalizer is not None else _unchanged

    @normalize.setter
    def normalize(self, value: Callable[[str], str]) -> None:
        self.normalizer = value

    @property
    def lowercase(self) -> bool:
        """Whether the normalizer lowercases (none, or one without a ``lowercase`` switch: no)."""
        return getattr(self._normalizer, "lowercase", False) is True

    @lowercase.setter
    def lowercase(self, value: bool) -> None:
        check_bool(value, "lowercase")
        normalizer = self._normalizer
        if dataclasses.is_dataclass(normalizer) and hasattr(normalizer, "lowercase"):
            if normalizer.lowercase != value:
                self.normalizer = dataclasses.replace(normalizer, lowercase=value)
        elif value:
            which = "has no normalizer" if normalizer is None else "has a normalizer with no lowercase switch"
            raise ValueError(
                f"this tokenizer {which}, so it cannot lowercase: give it normalizer=BertNormalizer(lowercase=True) "
                "(its model must have been learned lowercased)"
            )

    @property
    def pre_tokenizer(self) -> PreTokenizer | None:
        """The pre-tokenizer part (``None``: the whole normalized text is one word)."""
        return self._pre_tokenizer

    @property
    def pretokenizer(self) -> str:
        """The pre-tokenizer's name (``pre_tokenizer`` is the part); set a name or a part."""
        return self._pre_tokenizer.name if self._pre_tokenizer is not None else "none"

    @pretokenizer.setter
    def pretokenizer(self, value: PreTokenizer | str | None) -> None:
        self._pre_tokenizer = self._checked_pre_tokenizer(value)

    def _checked_pre_tokenizer(self, value: PreTokenizer | str | None) -> PreTokenizer | None:
        """The part a ``pretokenizer`` setting means (a class that takes fewer refuses the rest here)."""
        if isinstance(value, str):
            return pre_tokenizer_named(value)
        if value is not None and not hasattr(value, "split_with_origins"):
            raise TypeError(f"pretokenizer must be a pre-tokenizer part, a name or None, got {type(value).__name__}")
        return value

    @property
    def special_tokens(self) -> tuple[AddedToken, ...]:
        """Tokens kept whole when typed in text (Hugging Face's added tokens), in id order; ``decode`` skips the special ones."""
        return self._special_tokens

    @special_tokens.setter
    def special_tokens(self, tokens: Iterable[str | AddedToken]) -> None:
        added = as_added_tokens(tokens)
        # Tokens beyond the model's vocab get the next ids, in the order given (Hugging Face's add_tokens).
        vocab = self.vocab
        beyond = [token.content for token in added if token.content not in vocab]
        self._added_ids = {content: len(vocab) + index for index, content in enumerate(beyond)}
        # In id order, as tokenizer.json lists them: the order never changes what matches.
        ids = self.token_ids
        self._special_tokens = tuple(sorted(added, key=lambda token: ids[token.content]))

    @property
    def added_ids(self) -> dict[str, int]:
        """The ids of the added tokens beyond the model's vocab (``len(vocab)`` onwards), by content."""
        return dict(self._added_ids)

    @property
    def token_ids(self) -> Mapping[str, int]:
        """Every token's id: the vocab's, then the added tokens beyond it.

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> tokenizer = Tokenizer(WordPieceModel(Vocab(["[UNK]", "a"])), special_tokens=["[UNK]", "<ent>"])
        >>> tokenizer.token_ids["<ent>"], tokenizer.convert_ids_to_tokens([2, 1])
        (2, ['<ent>', 'a'])
        """
        return ChainMap(self._added_ids, self.vocab.lookup_table())

    def add_tokens(self, tokens: Iterable[str | AddedToken], *, special: bool = False) -> int:
        """Add tokens as Hugging Face's ``add_tokens`` does: strings become ``normalized`` (special: not) tokens.

        Tokens already there are left as they are; new ones beyond the vocab get the next ids. Returns how
        many were added.

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> tokenizer = Tokenizer(WordPieceModel(Vocab(["[UNK]", "a"])), pretokenizer="bert")
        >>> tokenizer.add_tokens(["<ent>"]), tokenizer.tokenize("a <ent>"), tokenizer.encode("a <ent>")
        (1, ['a', '<ent>'], [1, 2])
        """
        check_bool(special, "special")
        if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Iterable):
            raise TypeError(f"tokens must be a list of str or AddedToken, got {type(tokens).__name__}")
        fresh = list(
            as_added_tokens(
                [
                    AddedToken(token, special=special, normalized=not special) if isinstance(token, str) else token
                    for token in tokens
                ],
                "tokens",
            )
        )
        known = {token.content for token in self.special_tokens}
        fresh = [token for token in fresh if token.content not in known]
        self.special_tokens = [*self.special_tokens, *fresh]
        return len(fresh)

    @property
    def template(self) -> PostProcessor | None:
        """The post-processing template (``[CLS] $A [SEP]``), or ``None`` for no special tokens around texts."""
        return self._template

    @template.setter
    def template(self, template: PostProcessor | str | None) -> None:
        if template == BERT_TEMPLATE:
            has_both = "[CLS]" in self.vocab and "[SEP]" in self.vocab
            template = Template.bert() if has_both else None
        if template is not None and (isinstance(template, str) or not hasattr(template, "build")):
            raise TypeError(f"template must be a Template, 'bert' or None, got {type(template).__name__}")
        for token in template.special_tokens if template is not None else ():
            if token not in self.token_ids:
                raise ValueError(f"template token {token!r} is not in the vocab")
        self._template = template

    @property
    def truncation(self) -> Truncation | None:
        """How encodings are cut to a maximum length (``None``: never)."""
        return self._truncation

    @truncation.setter
    def truncation(self, value: Truncation | None) -> None:
        if value is not None and not isinstance(value, Truncation):
            raise TypeError(f"truncation must be a Truncation or None, got {type(value).__name__}")
        if value is not None:  # refused when set, as Hugging Face's enable_truncation does
            value.check_stride(self.template.added_tokens(False) if self.template is not None else 0)
        self._truncation = value

    @property
    def padding(self) -> Padding | None:
        """How encodings are padded (``None``: never)."""
        return self._padding

    @padding.setter
    def padding(self, value: Padding | None) -> None:
        if value is not None and not isinstance(value, Padding):
            raise TypeError(f"padding must be a Padding or None, got {type(value).__name__}")
        ids = self.token_ids
        if value is not None and value.pad_token in ids and ids[value.pad_token] != value.pad_id:
            raise ValueError(
                f"padding.pad_id={value.pad_id}, but {value.pad_token!r} has id {ids[value.pad_token]} in the vocab"
            )
        self._padding = value

    @property
    def decoder(self) -> Decoder | None:
        """How ids become text again (``None``: tokens joined by spaces, as Hugging Face without a decoder)."""
        value = self._decoder
        return self._named_decoder(value) if isinstance(value, str) else value

    @decoder.setter
    def decoder(self, value: Decoder | str | None) -> None:
        if isinstance(value, str):
            self._named_decoder(value)  # refuses a name this class does not know
        elif value is not None and not hasattr(value, "decode"):
            raise TypeError(
                f"decoder must be a decoder part (WordPieceDecoder, MetaspaceDecoder ...) or None, got {value!r}"
            )
        self._decoder = value

    def _named_decoder(self, name: str) -> Decoder | None:
        """The decoder a name stands for, made when asked (a class with named decoders says them here)."""
        raise ValueError(f"decoder must be a decoder part or None, got {name!r}")

    @property
    def parts(self) -> TokenizerParts:
        """The parts as ``tokenizer.json`` holds them (what ``to_json`` writes).

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> Tokenizer(WordPieceModel(Vocab(["[UNK]", "a"]))).parts.added_tokens
        (AddedToken(content='[UNK]', special=True, single_word=False, lstrip=False, rstrip=False, normalized=False),)
        """
        return TokenizerParts(
            model=self._model,
            normalizer=self._normalizer,
            pre_tokenizer=self._pre_tokenizer,
            template=self._template,
            decoder=self.decoder,
            added_tokens=self._special_tokens,
            truncation=self._truncation,
            padding=self._padding,
        )

    # -- the engine ----------------------------------------------------------------------------------------------

    def _engine_settings(self) -> tuple[Any, ...]:
        """What the engine is built from: a change to any of them builds a new one."""
        return (self._model, self._normalizer, self._pre_tokenizer, self._special_tokens)

    def _new_engine(self) -> TextEngine:
        return Engine(self._model, self._normalizer, self._pre_tokenizer, self._special_tokens, dict(self.token_ids))

    @property
    def fast(self) -> TextEngine:
        """The engine that cuts texts (rebuilt when a setting changed); each distinct word is cut once."""
        settings = self._engine_settings()
        if self._fast is None or settings != self._fast_settings:
            self._fast = self._new_engine()
            self._fast_settings = settings
        return self._fast

    # -- files -------------------------------------------------------------------------------------------------

    @classmethod
    def holds(cls, parts: TokenizerParts) -> bool:
        """Whether a tokenizer of this class can hold ``parts`` (the pipeline itself holds any parts of the registry).

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> Tokenizer.holds(TokenizerParts(WordPieceModel(Vocab(["[UNK]"]))))
        True
        """
        return True

    @classmethod
    def from_parts(cls, parts: TokenizerParts, **options: Any) -> Self:
        """A tokenizer of ``parts``; ``options`` (the constructor's keywords) override them.

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> parts = TokenizerParts(WordPieceModel(Vocab(["[UNK]", "a", "##b"])))
        >>> Tokenizer.from_parts(parts).tokenize("ab"), Tokenizer.from_parts(parts, pretokenizer="bert").tokenize("a b")
        (['a', '##b'], ['a', '[UNK]'])
        """
        compat = check_compat(options.pop("compat", "huggingface"))
        if compat != "huggingface":  # only a WordPiece vocab has Google's rules (WordPieceTokenizer takes them)
            raise ValueError(
                f"compat={compat!r} is for WordPiece vocabs (Google's BERT rules), not a "
                f"{type_name('model', parts.model)} model"
            )
        settings: dict[str, Any] = {
            "model": parts.model,
            "normalizer": parts.normalizer,
            "pretokenizer": parts.pre_tokenizer,
            "special_tokens": parts.added_tokens,
            "template": parts.template,
            "truncation": parts.truncation,
            "padding": parts.padding,
            "decoder": parts.decoder,
            **options,
        }
        return cls(**settings)

    @classmethod
    def from_json(cls, data: Any, **options: Any) -> Self:
        """A tokenizer from ``tokenizer.json`` contents (a dict); ``options`` override what is loaded.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> data = Tokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0)]), pretokenizer="metaspace").to_json()
        >>> Tokenizer.from_json(data).tokenize("hug hug")
        ['▁hug', '▁hug']
        """
        return cls.from_parts(parts_from_json(data, model_types=cls.model_types), **options)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], *, max_bytes: int | None = None, **options: Any) -> Self:
        """A tokenizer from a ``tokenizer.json``, or a folder holding one (``max_bytes``: the largest file read).

        >>> import tempfile, pathlib
        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> path = Tokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0)]), pretokenizer="metaspace").save(pathlib.Path(tempfile.mkdtemp()) / "t.json")
        >>> Tokenizer.from_file(path).tokenize("hug")
        ['▁hug']
        """
        data, source = read_tokenizer_json(path, max_bytes=max_bytes)
        with about_file(source):
            return cls.from_json(data, **options)

    def to_json(self) -> dict[str, Any]:
        """Hugging Face's ``tokenizer.json`` contents as a dict (keys in its order).

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> Tokenizer(WordPieceModel(Vocab(["[UNK]", "hug"]))).to_json()["model"]["vocab"]
        {'[UNK]': 0, 'hug': 1}
        """
        return parts_to_json(self.parts)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Save atomically; the format follows the name.

        * ``NAME.json``: Hugging Face's ``tokenizer.json``;
        * an existing folder, a name ending with ``/`` or without a suffix: a folder that
          ``transformers.AutoTokenizer.from_pretrained`` loads (``tokenizer.json``,
          ``tokenizer_config.json``, ``special_tokens_map.json``; a WordPiece vocab also as ``vocab.txt``);
        * anything else: a WordPiece vocab's ``vocab.txt`` with its settings beside it (only a WordPiece
          vocab fits one).

        >>> import tempfile, pathlib
        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> folder = Tokenizer(UnigramModel([("<unk>", 0.0), ("▁a", -1.0)])).save(pathlib.Path(tempfile.mkdtemp()) / "mine")
        >>> sorted(path.name for path in folder.iterdir())
        ['special_tokens_map.json', 'tokenizer.json', 'tokenizer_config.json']
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
        target = Path(path)
        if is_folder_name(path):
            if not target.parent.is_dir():
                raise FileNotFoundError(f"cannot create {target}: folder {target.parent} does not exist")
            files = self._folder_files()  # every file made before anything is written
            target.mkdir(exist_ok=True)
            with atomic_group() as group:
                for name, data in files.items():
                    group.add(target / name, data)
            return target
        if target.suffix == ".json":
            return atomic_write_text(target, json_text(self.to_json()))
        return self._save_vocab_file(target)

    def _folder_files(self) -> dict[str, bytes]:
        """The files of a folder ``transformers`` loads: ``PreTrainedTokenizerFast`` takes everything from
        ``tokenizer.json``; the config names the special tokens' roles."""
        roles = special_roles(self)
        if self._model.unk_token is None:
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
        return {
            CONFIG_FILE: encode_utf8(json_text(config)),
            SPECIAL_TOKENS_MAP_FILE: encode_utf8(json_text(special_map)),
            TOKENIZER_FILE: encode_utf8(json_text(self.to_json())),
        }

    def _save_vocab_file(self, target: Path) -> Path:
        """A vocab file: only a WordPiece vocab is one (``WordPieceTokenizer`` writes it)."""
        raise ValueError(
            f"cannot save a {type_name('model', self._model)} tokenizer as {target.name}: only a WordPiece vocab "
            "fits in a vocab.txt; save it as NAME.json (tokenizer.json) or to a folder"
        )

    # -- encoding ------------------------------------------------------------------------------------------------

    def words(self, text: str) -> list[str]:
        """The words of ``text`` after normalization and pre-tokenization.

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> Tokenizer(WordPieceModel(Vocab(["[UNK]"])), pretokenizer="bert").words("Hi, you!")
        ['Hi', ',', 'you', '!']
        """
        return self.fast.words(check_str(text, "text"))

    def encode_word(self, word: str) -> list[str]:
        """The model's tokens of one (already pre-tokenized) word.

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> Tokenizer(WordPieceModel(Vocab(["[UNK]", "hug", "##s"]))).encode_word("hugs")
        ['hug', '##s']
        """
        return [token for token, *_ in self._model.tokens_with_spans(check_str(word, "word"))]

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text``: every word through the model; special tokens typed in the text stay whole.

        No template tokens (``[CLS]``) are added: ``encode_plus`` does that.
        """
        return self.fast.tokenize(text)

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text`` (``tokenize`` as ids: no template, truncation or padding)."""
        return self.fast.encode(text)

    def encode_plus(self, text: str, pair: str | None = None, *, add_special_tokens: bool = True) -> Encoding:
        """Everything a model needs for ``text`` (or the pair ``text``, ``pair``), as Hugging Face's ``encode``.

        Truncation, then the template's special tokens, then padding.

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> vocab = Vocab(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "a", "b"])
        >>> tokenizer = Tokenizer(WordPieceModel(vocab), pretokenizer="bert", template="bert", padding=Padding(8))
        >>> encoding = tokenizer.encode_plus("a b", "b")
        >>> encoding.tokens
        ['[CLS]', 'a', 'b', '[SEP]', 'b', '[SEP]', '[PAD]', '[PAD]']
        >>> encoding.type_ids, encoding.attention_mask
        ([0, 0, 0, 0, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1, 0, 0])
        """
        encoding = self._encode_unpadded(text, pair, add_special_tokens)
        return self.padding.pad([encoding])[0] if self.padding is not None else encoding

    def encode_batch(self, inputs: Sequence[TextInput], *, add_special_tokens: bool = True) -> list[Encoding]:
        """``encode_plus`` for every text or ``(text, pair)`` of ``inputs``; padding then evens out the batch.

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> vocab = Vocab(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "a", "b"])
        >>> tokenizer = Tokenizer(WordPieceModel(vocab), pretokenizer="bert", template="bert", padding=Padding())
        >>> [encoding.tokens for encoding in tokenizer.encode_batch(["a", ("a b", "b")])]
        [['[CLS]', 'a', '[SEP]', '[PAD]', '[PAD]', '[PAD]'], ['[CLS]', 'a', 'b', '[SEP]', 'b', '[SEP]']]
        """
        if isinstance(inputs, (str, bytes)) or not isinstance(inputs, Sequence):
            raise TypeError(f"inputs must be a list of texts or (text, pair) tuples, got {type(inputs).__name__}")
        for position, item in enumerate(inputs):
            if not isinstance(item, str) and not (
                isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(text, str) for text in item)
            ):
                raise TypeError(f"inputs[{position}] must be a str or a (text, pair) tuple, got {item!r:.60}")
        check_bool(add_special_tokens, "add_special_tokens")
        # A batch makes about ten lists per text and a tuple per token, none in a reference cycle; the cyclic
        # garbage collector would scan the growing batch over and over (a third of the time), so it waits.
        collecting = gc.isenabled()
        gc.disable()
        try:
            fast = self.fast
            firsts = fast.encode_sequences([item if isinstance(item, str) else item[0] for item in inputs])
            seconds = iter(fast.encode_sequences([item[1] for item in inputs if not isinstance(item, str)]))
            encodings = [
                self._assemble(first, None if isinstance(item, str) else next(seconds), add_special_tokens)
                for item, first in zip(inputs, firsts)
            ]
        finally:
            if collecting:
                gc.enable()
        return self.padding.pad(encodings) if self.padding is not None else encodings

    def _encode_unpadded(self, text: str, pair: str | None, add_special_tokens: bool) -> Encoding:
        check_bool(add_special_tokens, "add_special_tokens")
        fast = self.fast
        first = fast.encode_sequence(check_str(text, "text"))
        second = fast.encode_sequence(check_str(pair, "pair")) if pair is not None else None
        return self._assemble(first, second, add_special_tokens)

    def _assemble(self, first: TextTokens, second: TextTokens | None, add_special_tokens: bool) -> Encoding:
        """Truncation, then the template (or, without one, the texts one after the other); cut parts overflow."""
        if self.truncation is None:
            return self._join(first, second, add_special_tokens)
        template = self.template
        added = template.added_tokens(second is not None) if template is not None and add_special_tokens else 0
        firsts, seconds = self.truncation.windows(
            Encoding.from_sequence(*first),
            None if second is None else Encoding.from_sequence(*second, sequence_id=1, type_id=1),
            added,
        )
        parts: list[TextTokens] = [(window.ids, window.tokens, window.offsets, window.word_ids) for window in firsts]
        if seconds is None:
            encoding = self._join(parts[0], None, add_special_tokens)
            encoding.overflowing = [self._join(part, None, add_special_tokens) for part in parts[1:]]
            return encoding
        second_parts: list[TextTokens] = [
            (window.ids, window.tokens, window.offsets, window.word_ids) for window in seconds
        ]

        def merged(a: int, a_rest: list[int], b: int, b_rest: list[int]) -> Encoding:
            # Hugging Face's Encoding.merge_with: each overflowing window of the first text with the second
            # (whose own windows nest under it), with each window of the second; then the first with each of those.
            encoding = self._join(parts[a], second_parts[b], add_special_tokens)
            for other in a_rest:
                encoding.overflowing.append(merged(other, [], b, b_rest))
                encoding.overflowing += [merged(other, [], window, []) for window in b_rest]
            encoding.overflowing += [merged(a, a_rest, window, []) for window in b_rest]
            return encoding

        return merged(0, list(range(1, len(parts))), 0, list(range(1, len(second_parts))))

    def _join(self, first: TextTokens, second: TextTokens | None, add_special_tokens: bool) -> Encoding:
        """The template around the texts (or, without one, the texts one after the other)."""
        template = self.template
        if template is not None:
            return template.build(first, second, self.token_ids, add_special_tokens=add_special_tokens)
        if second is None:
            return Encoding.from_sequence(*first)
        return Encoding.concatenate(
            [Encoding.from_sequence(*first), Encoding.from_sequence(*second, sequence_id=1, type_id=1)]
        )

    # -- decoding ----------------------------------------------------------------------------------------------

    def convert_ids_to_tokens(self, ids: Sequence[int]) -> list[str]:
        """Tokens for ids (raises on an id outside the vocab).

        >>> from wordpiece_lib.model.wordpiece import WordPieceModel
        >>> Tokenizer(WordPieceModel(Vocab(["[UNK]", "hug"]))).convert_ids_to_tokens([1, 0])
        ['hug', '[UNK]']
        """
        if isinstance(ids, (str, bytes)) or not isinstance(ids, Iterable):
            raise TypeError(f"ids must be a list of int, got {type(ids).__name__}")
        vocab = self.vocab
        if not self._added_ids:
            return [vocab.token(token_id) for token_id in ids]
        # Hugging Face spells a normalized added token as its normalized content.
        normalize = self.normalize
        beyond = {
            self._added_ids[token.content]: normalize(token.content) if token.normalized else token.content
            for token in self.special_tokens
            if token.content in self._added_ids
        }
        out = []
        for token_id in ids:
            token = beyond.get(token_id) if type(token_id) is int else None
            out.append(token if token is not None else vocab.token(token_id))
        return out

    def _known_ids(self, ids: Sequence[int]) -> list[int]:
        """``ids`` without those no token has (Hugging Face's ``decode`` leaves them out); an id no token could
        ever have (below 0, or beyond 32 bits) is refused, as Hugging Face refuses it."""
        if isinstance(ids, (str, bytes)) or not isinstance(ids, Iterable):
            raise TypeError(f"ids must be a list of int, got {type(ids).__name__}")
        size = len(self.vocab) + len(self._added_ids)
        known: list[int] = []
        for position, token_id in enumerate(ids):
            if isinstance(token_id, bool) or not isinstance(token_id, Integral):
                raise TypeError(f"ids[{position}] must be an int, got {type(token_id).__name__}")
            if not 0 <= token_id < 1 << 32:
                raise ValueError(f"ids[{position}] is {token_id}: an id is a number from 0 to 2**32 - 1")
            if token_id < size:
                known.append(int(token_id))
        return known

    def decode(
        self, ids: Sequence[int], *, skip_special_tokens: bool = True, clean_up_tokenization_spaces: bool = False
    ) -> str:
        """Text for ids, as Hugging Face decodes: ids no token has left out, special tokens skipped, then the decoder.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> tokenizer = Tokenizer(UnigramModel([("<unk>", 0.0), ("hug", -1.0), ("s", -2.0)]))
        >>> tokenizer.decode([1, 2, 0]), tokenizer.decode([1, 2, 0], skip_special_tokens=False)
        ('hug s', 'hug s <unk>')

        ``clean_up_tokenization_spaces`` adds transformers' second clean-up over the whole text
        (``jim ' s`` becomes ``jim's``), as its ``decode`` does with that option.
        """
        check_bool(skip_special_tokens, "skip_special_tokens")
        ids = self._known_ids(ids)
        if skip_special_tokens:
            known = self.token_ids
            skipped = {known[token.content] for token in self.special_tokens if token.special}
            ids = [token_id for token_id in ids if token_id not in skipped]
        tokens = self.convert_ids_to_tokens(ids)
        decoder = self.decoder
        text = decoder.decode(tokens) if decoder is not None else join_with_spaces(tokens)
        check_bool(clean_up_tokenization_spaces, "clean_up_tokenization_spaces")
        return transformers_clean_up(text) if clean_up_tokenization_spaces else text

    def decode_batch(
        self,
        batch: Sequence[Sequence[int]],
        *,
        skip_special_tokens: bool = True,
        clean_up_tokenization_spaces: bool = False,
    ) -> list[str]:
        """``decode`` for each list of ids.

        >>> from wordpiece_lib.model.unigram import UnigramModel
        >>> Tokenizer(UnigramModel([("<unk>", 0.0), ("a", -1.0)])).decode_batch([[1, 1], [1]])
        ['a a', 'a']
        """
        if isinstance(batch, (str, bytes)) or not isinstance(batch, Iterable):
            raise TypeError(f"batch must be a list of lists of ids, got {type(batch).__name__}")
        return [
            self.decode(
                ids, skip_special_tokens=skip_special_tokens, clean_up_tokenization_spaces=clean_up_tokenization_spaces
            )
            for ids in batch
        ]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={type(self._model).__name__} of {len(self.vocab)} tokens, pretokenizer={self.pretokenizer!r})"


__all__ = ["BERT_TEMPLATE", "TextEngine", "Tokenizer"]
