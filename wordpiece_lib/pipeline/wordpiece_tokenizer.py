"""``WordPieceTokenizer``: the whole BERT pipeline in one object, from text to a model's input and back.

A ``Tokenizer`` whose model is WordPiece (``WordPieceModel``: a ``Vocab``, the
``##`` prefix, the word cap), with BERT's parts by default: the
``BertNormalizer`` (``lowercase=True`` for an uncased vocab), BERT's
pre-tokenizer, the ``[CLS] $A [SEP]`` template and the WordPiece decoder.
Its settings are named as the notebooks teach them (``vocab``,
``lowercase``, ``pretokenizer``, ``prefix``, ``max_input_chars_per_word``),
and ``compat="google"`` gives Google's ``FullTokenizer`` instead of Hugging
Face's (see ``compat.py``).

text -> (special tokens kept whole) -> normalize -> pre-tokenize ->
longest-match-first -> tokens -> ids, offsets, word ids -> truncation ->
template (``[CLS] ... [SEP]``) -> padding -> ``Encoding``; and back:
ids -> tokens -> text (``decode``).

The work is done by its fast twin, ``FastWordPieceTokenizer`` (one table for
normalizing and splitting, a word cache, cheap offsets), rebuilt when a
setting changes (``tokenizer.lowercase = True``). Besides ``tokenizer.json``
it reads and writes BERT's own file, ``vocab.txt``: with the settings file
saved beside it, with ``transformers``' config beside it (Google's BERT
checkpoints), or alone (its casing guessed aloud).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Self

from .._validate import check_bool, check_choice, check_int, check_str
from ..atomic import atomic_group, atomic_write_bytes, encode_utf8, resolve_output, shared_folder_lock
from ..model.longest_match import encode_word
from ..model.vocab import MAX_VOCAB_FILE_BYTES, Vocab
from ..model.wordpiece import WordPieceModel
from ..side_files import check_belongs, find_settings, settings_path
from ..text.google import GOOGLE_MAX_INPUT_CHARS_PER_WORD, NO_JSON_FORM, GoogleNormalizer, google_split
from ..text.normalizer import BertNormalizer
from ..text.pretokenizers import PRETOKENIZERS, Gpt2Split, SplitFunction, pre_tokenizer_named
from ..textfiles import read_text_file
from .added_tokens import AddedToken
from .compat import check_compat, google_file_settings, resolve_compat
from .decoder import WordPieceDecoder
from .fast_tokenizer import FastWordPieceTokenizer
from .hf_config import (
    CONFIG_FILE,
    SPECIAL_TOKENS_MAP_FILE,
    config_beside,
    guess_casing,
    hard_coded_differences,
    options_from_config,
    transformers_config,
)
from .parts import Decoder, PostProcessor, PreTokenizer, type_name
from .serialization import TokenizerParts, parts_from_json, parts_to_json
from .tokenizer import BERT_TEMPLATE, Tokenizer, json_text
from .tokenizer_json import (
    MAX_JSON_BYTES,
    SETTINGS_MARK,
    TOKENIZER_FILE,
    VOCAB_FILE,
    about_file,
    parse_json,
    read_tokenizer_json,
)
from .truncation import Padding, Truncation

#: ``decoder="wordpiece"``: a ``WordPieceDecoder`` with the tokenizer's own prefix and clean-up.
WORDPIECE_DECODER = "wordpiece"
#: The pre-tokenizers a WordPiece tokenizer takes, by name.
WORDPIECE_PRETOKENIZERS = tuple(PRETOKENIZERS)


class WordPieceTokenizer(Tokenizer[WordPieceModel]):
    """Normalizer + pre-tokenizer + longest-match-first encoder over a ``Vocab``, and what a model needs around it.

    >>> vocab = Vocab(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "hug", "##s", "p", "##u", "##g", "!"])
    >>> tokenizer = WordPieceTokenizer(vocab, lowercase=True)
    >>> tokenizer.tokenize("Hugs pug!")
    ['hug', '##s', 'p', '##u', '##g', '!']
    >>> tokenizer.encode("Hugs pug!")
    [4, 5, 6, 7, 8, 9]
    >>> encoding = tokenizer.encode_plus("Hugs pug!")
    >>> encoding.tokens
    ['[CLS]', 'hug', '##s', 'p', '##u', '##g', '!', '[SEP]']
    >>> encoding.offsets[1:3], encoding.word_ids[1:4]
    ([(0, 3), (3, 4)], [0, 0, 1])
    >>> tokenizer.decode(encoding.ids)
    'hugs pug!'

    ``compat="google"`` gives the tokens of Google's reference ``FullTokenizer``
    instead of Hugging Face's (see ``pipeline/compat.py``):

    >>> google = WordPieceTokenizer(Vocab(["[UNK]", "[", "]", "cl", "##s", "hug"]), lowercase=True, compat="google")
    >>> google.tokenize("Hug [CLS]"), tokenizer.tokenize("Hug [CLS]")
    (['hug', '[', 'cl', '##s', ']'], ['hug', '[CLS]'])
    """

    model_types = ("WordPiece",)

    def __init__(
        self,
        vocab: Vocab,
        *,
        lowercase: bool = False,
        pretokenizer: str = "bert",
        prefix: str = "##",
        max_input_chars_per_word: int | None = None,
        normalizer: Callable[[str], str] | None = None,
        special_tokens: Iterable[str | AddedToken] | None = None,
        template: PostProcessor | str | None = BERT_TEMPLATE,
        truncation: Truncation | None = None,
        padding: Padding | None = None,
        decoder: Decoder | str | None = WORDPIECE_DECODER,
        compat: str = "huggingface",
        preserve_unused_tokens: bool | None = None,
    ) -> None:
        if not isinstance(vocab, Vocab):
            raise TypeError(f"vocab must be a Vocab, got {type(vocab).__name__} (use Vocab.load('vocab.txt'))")
        check_str(prefix, "prefix", allow_empty=False)
        self._lowercase = check_bool(lowercase, "lowercase")
        # compat is a preset: the normalizer and the word cap it means, or a refusal of a setting contradicting it.
        self._compat = check_compat(compat)
        chosen, cap = resolve_compat(
            compat,
            lowercase=lowercase,
            max_input_chars_per_word=max_input_chars_per_word,
            pretokenizer=pretokenizer,
            normalizer=normalizer,
            preserve_unused_tokens=preserve_unused_tokens,
        )
        super().__init__(
            WordPieceModel(vocab, prefix, cap),
            normalizer=chosen if chosen is not None else BertNormalizer(lowercase),
            pretokenizer=pretokenizer,
            special_tokens=vocab.special_tokens if special_tokens is None else special_tokens,
            template=template,
            truncation=truncation,
            padding=padding,
            decoder=decoder,
        )

    # -- settings: each checked when set; the fast twin notices changes -------------------------------------------

    def _checked_model(self, model: Any) -> WordPieceModel:
        if not isinstance(model, WordPieceModel):
            raise TypeError(f"model must be a WordPieceModel, got {type(model).__name__}")
        return model

    @property
    def lowercase(self) -> bool:
        """Lowercase (and, unless the normalizer says otherwise, strip accents) before splitting."""
        normalizer = self.normalizer
        if isinstance(normalizer, (BertNormalizer, GoogleNormalizer)):
            return normalizer.lowercase  # a BERT normalizer says itself whether it lowercases
        return self._lowercase

    @lowercase.setter
    def lowercase(self, value: bool) -> None:
        self._lowercase = check_bool(value, "lowercase")
        normalizer = self.normalizer
        if isinstance(normalizer, (BertNormalizer, GoogleNormalizer)) and normalizer.lowercase != value:
            self.normalizer = dataclasses.replace(normalizer, lowercase=value)

    @property
    def prefix(self) -> str:
        """The continuation prefix (``##``)."""
        return self.model.prefix

    @prefix.setter
    def prefix(self, value: str) -> None:
        self._model = dataclasses.replace(self.model, prefix=check_str(value, "prefix", allow_empty=False))

    @property
    def max_input_chars_per_word(self) -> int:
        """Longer words become one unknown token without being looked at."""
        return self.model.max_input_chars_per_word

    @max_input_chars_per_word.setter
    def max_input_chars_per_word(self, value: int) -> None:
        check_int(value, "max_input_chars_per_word", minimum=1)
        if self._compat == "google" and value != GOOGLE_MAX_INPUT_CHARS_PER_WORD:
            resolve_compat("google", lowercase=False, max_input_chars_per_word=value)  # refuses, naming both
        self._model = dataclasses.replace(self.model, max_input_chars_per_word=value)

    @property
    def compat(self) -> str:
        """Whose tokens this tokenizer gives: ``"huggingface"`` (the default) or ``"google"`` (Google's ``FullTokenizer``)."""
        return self._compat

    @property
    def preserve_unused_tokens(self) -> bool:
        """Google mode only: a word ``[unusedN]`` of the vocab typed in the text stays whole (Google's flag)."""
        normalizer = self.normalizer
        return isinstance(normalizer, GoogleNormalizer) and normalizer.preserve_unused_tokens

    def _checked_pre_tokenizer(self, value: PreTokenizer | str | None) -> PreTokenizer | None:
        """A name (``bert``, ``whitespace``, ``gpt2``, ``none``) or its part; Google's rules split the BERT way."""
        if value is not None and not isinstance(value, str):  # a part: the one its name gives
            name = getattr(value, "name", None)
            if name not in WORDPIECE_PRETOKENIZERS or value != pre_tokenizer_named(name):
                raise TypeError(
                    f"pretokenizer must be one of {', '.join(map(repr, WORDPIECE_PRETOKENIZERS))} or its part, "
                    f"got {value!r}"
                )
            value = name
        name = check_choice(value, "pretokenizer", WORDPIECE_PRETOKENIZERS)
        if self._compat == "google":
            resolve_compat("google", lowercase=False, max_input_chars_per_word=None, pretokenizer=name)
        return pre_tokenizer_named(name)

    @property
    def pretokenize(self) -> SplitFunction:
        """The pre-tokenizer as a function of the normalized text (with ``compat="google"``, Google's split)."""
        return google_split if self._compat == "google" else PRETOKENIZERS[self.pretokenizer]

    def _named_decoder(self, name: str) -> Decoder | None:
        check_choice(name, "decoder", (WORDPIECE_DECODER,))
        return WordPieceDecoder(self.prefix)  # follows the prefix, whenever it is asked for

    @property
    def fast(self) -> FastWordPieceTokenizer:
        """The cached, linear-time twin that encodes whole texts (rebuilt when a setting changed).

        It gives exactly the tokens of ``words`` + ``encode_word`` (the tests
        check this on every line of a book), only faster: a translation table
        normalizes and splits in one pass, each distinct word is encoded once
        (long words by LinMaxMatch, whose automaton is built only when one comes).
        """
        settings = self._engine_settings()
        old = self._fast
        if isinstance(old, FastWordPieceTokenizer) and settings == self._fast_settings:
            return old
        automaton = None
        if isinstance(old, FastWordPieceTokenizer) and old.automaton is not None:
            same = (old.vocab, old.prefix, old.max_input_chars_per_word)
            if same == (self.vocab, self.prefix, self.max_input_chars_per_word):
                automaton = old.automaton  # building BERT's takes a second: keep it when it still fits
        fast = FastWordPieceTokenizer.from_tokenizer(self, automaton=automaton, encoder="auto")
        self._fast, self._fast_settings = fast, settings
        return fast

    # -- files --------------------------------------------------------------------------------------------------

    @classmethod
    def holds(cls, parts: TokenizerParts) -> bool:
        """Whether ``parts`` fit a ``WordPieceTokenizer``: a WordPiece model, and one of its named pre-tokenizers.

        >>> from wordpiece_lib.text.metaspace import Metaspace
        >>> parts = WordPieceTokenizer(Vocab(["[UNK]", "hug"])).parts
        >>> WordPieceTokenizer.holds(parts), WordPieceTokenizer.holds(dataclasses.replace(parts, pre_tokenizer=Metaspace()))
        (True, False)
        """
        return isinstance(parts.model, WordPieceModel) and _named_split(parts.pre_tokenizer) is not None

    @classmethod
    def from_parts(cls, parts: TokenizerParts, **options: Any) -> Self:
        """A tokenizer of ``parts`` whose model is WordPiece; ``options`` (the constructor's keywords) override them.

        With ``compat="google"`` the parts give the vocab, the casing and the special tokens; the mode gives
        the rest (Google's word cap of 200); a part Google cannot express is refused.

        >>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]), lowercase=True)
        >>> WordPieceTokenizer.from_parts(tokenizer.parts, lowercase=False).tokenize("HUGS")
        ['[UNK]']
        """
        compat = check_compat(options.pop("compat", "huggingface"))
        vocab, settings = _settings_of(parts)
        return cls._made(vocab, settings, options, compat)

    @classmethod
    def _made(
        cls, vocab: Vocab, settings: dict[str, Any], options: dict[str, Any], compat: str, source: str | None = None
    ) -> Self:
        """The tokenizer of ``settings`` loaded (from ``source``), ``options`` over them: ``lowercase`` given alone
        changes the loaded normalizer's casing; ``compat="google"`` keeps the casing and the tokens, the mode the rest."""
        loaded = settings.get("normalizer")
        if "lowercase" in options and "normalizer" not in options and isinstance(loaded, BertNormalizer):
            settings["normalizer"] = dataclasses.replace(loaded, lowercase=options["lowercase"])
        settings.update(options)
        if compat == "google":
            settings = google_file_settings(settings, explicit=options, source=source)
        return cls(vocab, compat=compat, **settings)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], *, max_bytes: int | None = None, **options: Any) -> Self:
        """Load a tokenizer: a ``tokenizer.json``, a folder holding one, or a ``vocab.txt``.

        A ``vocab.txt`` brings its settings when its settings file (written by ``save``) is beside it, or
        ``transformers``' config (Google's BERT checkpoints); alone, its casing is guessed from its letters,
        with a ``CasingGuess`` warning. ``options`` override what is loaded. With ``compat="google"`` the
        file gives the vocab, the casing and the special tokens; the mode gives the rest (Google's word cap
        of 200, not the file's); a file setting Google cannot express is refused. ``max_bytes``: the largest
        file read (by default ``MAX_JSON_BYTES`` for a ``tokenizer.json``, ``MAX_VOCAB_FILE_BYTES`` for a vocab).

        >>> import tempfile, pathlib
        >>> path = WordPieceTokenizer(Vocab(["[UNK]", "hug"]), lowercase=True).save(pathlib.Path(tempfile.mkdtemp()) / "t.json")
        >>> WordPieceTokenizer.from_file(path).tokenize("HUG")
        ['hug']
        """
        compat = check_compat(options.pop("compat", "huggingface"))  # a misspelt mode is the first thing to hear about
        if max_bytes is not None:
            check_int(max_bytes, "max_bytes", minimum=1)
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
        if Path(path).suffix == ".json" or Path(path).is_dir():
            data, source = read_tokenizer_json(path, max_bytes=max_bytes)
            with about_file(source):
                vocab, settings = _settings_of(parts_from_json(data, model_types=cls.model_types))
            return cls._made(vocab, settings, options, compat, str(source))
        return cls._from_vocab_file(Path(path), max_bytes, options, compat)

    @classmethod
    def _from_vocab_file(cls, path: Path, max_bytes: int | None, options: dict[str, Any], compat: str) -> Self:
        """A ``vocab.txt`` and what is beside it: its settings file, else ``transformers``' config, else nothing."""
        cap = MAX_VOCAB_FILE_BYTES if max_bytes is None else max_bytes
        with shared_folder_lock(path):  # not while a writer switches the vocab and its settings
            settings_file = find_settings(path)
            if settings_file is None:
                beside = config_beside(path)
                if beside is not None:  # Google's BERT checkpoints: vocab.txt with transformers' config beside it
                    config, read = beside
                    unk_token = config.get("unk_token", "[UNK]")
                    if isinstance(unk_token, dict):  # transformers may write a role as an AddedToken object
                        unk_token = unk_token.get("content")
                    unk_token = unk_token if isinstance(unk_token, str) and unk_token else "[UNK]"
                    where = " + ".join(map(str, read))
                    vocab, settings = options_from_config(
                        config, Vocab.load(path, unk_token=unk_token, max_bytes=cap), where
                    )
                    return cls._made(vocab, settings, options, compat, str(path))
                vocab = Vocab.load(path, max_bytes=cap)
                if "lowercase" in options or "normalizer" in options:
                    return cls._made(vocab, {}, options, compat, str(path))
                return cls._made(vocab, {"lowercase": guess_casing(vocab, str(path))}, options, compat, str(path))
            vocab = Vocab.load(path, max_bytes=cap)
            data = _read_settings(settings_file, path)
        with about_file(settings_file):
            model = WordPieceModel.from_json(data.get("model"), vocab=vocab)
            vocab, settings = _settings_of(parts_from_json(data, model=model))
        if data.get("pretokenizer") in PRETOKENIZERS:  # a settings file names ours, GPT-2's included
            settings["pretokenizer"] = data["pretokenizer"]
        return cls._made(vocab, settings, options, compat, str(settings_file))

    def _refuse_hugging_face_files(self, action: str) -> None:
        if self._compat == "google":
            raise ValueError(f"cannot {action} a compat='google' tokenizer: {NO_JSON_FORM}")

    def to_json(self) -> dict[str, Any]:
        """Hugging Face's ``tokenizer.json`` contents as a dict.

        >>> WordPieceTokenizer(Vocab(["[UNK]", "hug"])).to_json()["model"]["vocab"]
        {'[UNK]': 0, 'hug': 1}
        """
        self._refuse_hugging_face_files("write tokenizer.json for")
        return super().to_json()

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Save atomically; the format follows the name.

        * ``NAME.json``: Hugging Face's ``tokenizer.json``;
        * an existing folder, a name ending with ``/`` or without a suffix: a folder that
          ``transformers.AutoTokenizer.from_pretrained`` loads (``tokenizer.json``,
          ``tokenizer_config.json``, ``special_tokens_map.json``, ``vocab.txt``);
        * anything else: ``vocab.txt``, with the settings in ``NAME.settings.json`` beside it.

        >>> import tempfile, pathlib
        >>> folder = WordPieceTokenizer(Vocab(["[UNK]", "hug"])).save(pathlib.Path(tempfile.mkdtemp()) / "mine")
        >>> sorted(path.name for path in folder.iterdir())
        ['special_tokens_map.json', 'tokenizer.json', 'tokenizer_config.json', 'vocab.txt']

        A ``compat="google"`` tokenizer is refused: no Hugging Face file can
        say "Google's rules", and a file that loads as Hugging Face's would
        give other tokens on some texts. Save its vocab with ``vocab.save``.
        """
        self._refuse_hugging_face_files("save")
        return super().save(path)

    def _folder_files(self) -> dict[str, bytes]:
        """``BertTokenizer``'s folder: the vocab, and a config naming what it rebuilds its pipeline from.

        A vocab ``vocab.txt`` cannot hold (a token with surrounding whitespace or a line break, as an added
        token may have) leaves the folder without it, said in a warning: ``tokenizer.json`` holds every token.
        """
        data = json_text(self.to_json())  # checked before anything is made
        config, special_map = transformers_config(self)
        lost = hard_coded_differences(self)
        try:
            files = {VOCAB_FILE: encode_utf8(self.vocab.to_text(), what="the vocab")}
        except ValueError as why:
            files = {}
            lost.append(f"no {VOCAB_FILE} ({why})")
        if lost:
            warnings.warn(
                f"{', '.join(lost)}: BertTokenizer/BertTokenizerFast (rebuilt from vocab.txt and {CONFIG_FILE}) "
                f"cannot take this; AutoTokenizer, PreTrainedTokenizerFast and tokenizers.Tokenizer.from_file "
                f"keep it ({TOKENIZER_FILE})",
                UserWarning,
                stacklevel=4,
            )
        return {
            **files,
            CONFIG_FILE: encode_utf8(json_text(config)),
            SPECIAL_TOKENS_MAP_FILE: encode_utf8(json_text(special_map)),
            TOKENIZER_FILE: encode_utf8(data),
        }

    def _save_vocab_file(self, target: Path) -> Path:
        """``vocab.txt`` and, beside it, its settings (``tokenizer.json`` without the vocab), replaced as one unit."""
        parts = self.parts
        if isinstance(parts.pre_tokenizer, Gpt2Split):  # no tokenizer.json twin: the settings file names it alone
            parts = dataclasses.replace(parts, pre_tokenizer=None)
        data = parts_to_json(parts)
        del data["model"]["vocab"]
        settings = {SETTINGS_MARK: 1, "vocab_file": target.name, "pretokenizer": self.pretokenizer, **data}
        vocab_bytes = encode_utf8(self.vocab.to_text(), what="the vocab")
        if resolve_output(target)[1]:  # a device or a pipe has no "beside" to keep the settings in
            atomic_write_bytes(target, vocab_bytes)
            return target
        settings["vocab_sha256"] = hashlib.sha256(vocab_bytes).hexdigest()
        with atomic_group() as group:
            group.add(target, vocab_bytes)
            group.add(settings_path(target), encode_utf8(json_text(settings)))
        return target

    # -- encoding -----------------------------------------------------------------------------------------------

    def words(self, text: str) -> list[str]:
        """The words of ``text`` after normalization and pre-tokenization.

        >>> WordPieceTokenizer(Vocab(["[UNK]"])).words("Hi, you!")
        ['Hi', ',', 'you', '!']
        """
        if self._compat == "google":  # preserve_unused_tokens looks at the words before they are normalized
            return self.fast.words(check_str(text, "text"))
        return self.pretokenize(self.normalize(check_str(text, "text")))

    def encode_word(self, word: str) -> list[str]:
        """Longest-match-first tokens of one (already pre-tokenized) word.

        >>> WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"])).encode_word("hugs")
        ['hug', '##s']
        """
        model = self.model
        return encode_word(
            word, model.vocab, prefix=model.prefix, max_input_chars_per_word=model.max_input_chars_per_word
        )

    def __repr__(self) -> str:
        return (
            f"WordPieceTokenizer(vocab={len(self.vocab)} tokens, lowercase={self.lowercase}, "
            f"pretokenizer={self.pretokenizer!r}{', compat=' + repr(self.compat) if self.compat != 'huggingface' else ''})"
        )


def _named_split(pre_tokenizer: PreTokenizer | None) -> str | None:
    """The name of a pre-tokenizer a ``WordPieceTokenizer`` takes (``none`` for none), else ``None``."""
    if pre_tokenizer is None:
        return "none"
    name = pre_tokenizer.name
    return name if name in WORDPIECE_PRETOKENIZERS and pre_tokenizer == pre_tokenizer_named(name) else None


def _settings_of(parts: TokenizerParts) -> tuple[Vocab, dict[str, Any]]:
    """The vocab and ``WordPieceTokenizer`` keywords of a WordPiece tokenizer's parts (other parts refused by name)."""
    model = parts.model
    if not isinstance(model, WordPieceModel):
        raise ValueError(
            f"unsupported model {type_name('model', model)!r}: a WordPieceTokenizer holds a WordPiece model; "
            "wordpiece_lib.load_tokenizer picks the class the file's model needs"
        )
    name = _named_split(parts.pre_tokenizer)
    if name is None:
        raise ValueError(
            f"unsupported pre_tokenizer {type_name('pre_tokenizer', parts.pre_tokenizer)!r} for a "
            "WordPieceTokenizer: it takes BertPreTokenizer, WhitespaceSplit or none (null); "
            "wordpiece_lib.load_tokenizer loads any other in a Tokenizer"
        )
    normalizer: Callable[[str], str] = (
        parts.normalizer
        if parts.normalizer is not None  # none: every step off is the same
        else BertNormalizer(lowercase=False, strip_accents=False, clean_text=False, handle_chinese_chars=False)
    )
    return model.vocab, {
        "normalizer": normalizer,
        "pretokenizer": name,
        "prefix": model.prefix,
        "max_input_chars_per_word": model.max_input_chars_per_word,
        "special_tokens": parts.added_tokens,
        "template": parts.template,
        "truncation": parts.truncation,
        "padding": parts.padding,
        "decoder": parts.decoder,
    }


def _read_settings(path: Path, vocab_path: Path) -> dict[str, Any]:
    """The settings file of a ``vocab.txt``, checked: written by this library, for this very vocab file."""
    text = read_text_file(path, name="settings file", max_bytes=MAX_JSON_BYTES, raise_with="max_bytes")
    data = parse_json(text, f"settings file {path}")
    if not isinstance(data, dict) or SETTINGS_MARK not in data:
        raise ValueError(f"{path} is not a settings file written by wordpiece_lib")
    check_belongs(path, data.get("vocab_sha256"), vocab_path)
    return data


__all__ = ["WORDPIECE_DECODER", "WORDPIECE_PRETOKENIZERS", "WordPieceTokenizer"]
