"""``WordPieceTokenizer``: the whole BERT pipeline in one object, from text to a model's input and back.

text -> (special tokens kept whole) -> normalize -> pre-tokenize ->
longest-match-first -> tokens -> ids, offsets, word ids -> truncation ->
template (``[CLS] ... [SEP]``) -> padding -> ``Encoding``; and back:
ids -> tokens -> text (``decode``).

Its settings can be changed after it was first used (``tokenizer.lowercase =
True``); the fast twin that does the work is rebuilt when they change.
"""

from __future__ import annotations

import dataclasses
import gc
import os
from collections import ChainMap
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .._validate import check_bool, check_callable, check_choice, check_int, check_str
from ..model.vocab import Vocab
from ..text.google import GOOGLE_MAX_INPUT_CHARS_PER_WORD, GoogleNormalizer, google_split
from ..text.normalizer import BertNormalizer
from ..text.pretokenizers import PRETOKENIZERS, get_pretokenizer
from .added_tokens import AddedToken, as_added_tokens
from .compat import check_compat, google_file_settings, resolve_compat
from .decoder import WordPieceDecoder, join_with_spaces, transformers_clean_up
from .encoding import Encoding
from .fast_tokenizer import FastWordPieceTokenizer
from .template import Template, TextTokens
from .tokenizer_json import load_options, options_from_json, save_tokenizer, tokenizer_to_json
from .truncation import Padding, Truncation

#: ``template="bert"``: BERT's ``[CLS] $A [SEP]`` template when the vocab has both tokens, else none.
BERT_TEMPLATE = "bert"
#: ``decoder="wordpiece"``: a ``WordPieceDecoder`` with the tokenizer's own prefix and clean-up.
WORDPIECE_DECODER = "wordpiece"

TextInput = str | tuple[str, str]


class WordPieceTokenizer:
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
        template: Template | str | None = BERT_TEMPLATE,
        truncation: Truncation | None = None,
        padding: Padding | None = None,
        decoder: WordPieceDecoder | str | None = WORDPIECE_DECODER,
        compat: str = "huggingface",
        preserve_unused_tokens: bool | None = None,
    ) -> None:
        if not isinstance(vocab, Vocab):
            raise TypeError(f"vocab must be a Vocab, got {type(vocab).__name__} (use Vocab.load('vocab.txt'))")
        self.vocab = vocab
        self.prefix = prefix
        if normalizer is not None:
            check_callable(normalizer, "normalizer", "a function str -> str")
        check_bool(lowercase, "lowercase")
        # compat is a preset: the normalizer and the word cap it means, or a refusal of a setting contradicting it.
        self._compat = check_compat(compat)
        normalizer, cap = resolve_compat(
            compat,
            lowercase=lowercase,
            max_input_chars_per_word=max_input_chars_per_word,
            pretokenizer=pretokenizer,
            normalizer=normalizer,
            preserve_unused_tokens=preserve_unused_tokens,
        )
        self.max_input_chars_per_word = cap
        self.pretokenizer = pretokenizer
        self.normalize: Callable[[str], str] = normalizer if normalizer is not None else BertNormalizer(lowercase)
        # A given BertNormalizer says itself whether it lowercases.
        self._lowercase = (
            normalizer.lowercase if isinstance(normalizer, (BertNormalizer, GoogleNormalizer)) else lowercase
        )
        self._added_ids: dict[str, int] = {}
        self.special_tokens = vocab.special_tokens if special_tokens is None else special_tokens  # type: ignore[assignment]
        self.template = template  # type: ignore[assignment]
        self.truncation = truncation
        self.padding = padding
        self.decoder = decoder  # type: ignore[assignment]
        self._fast: FastWordPieceTokenizer | None = None
        self._fast_settings: tuple[Any, ...] = ()

    def __getstate__(self) -> dict[str, Any]:
        # The fast twin is a cache: a copy or a worker process builds its own on first use.
        state = self.__dict__.copy()
        state["_fast"], state["_fast_settings"] = None, ()
        return state

    # -- settings: each checked when set; the fast twin notices changes -------------------------------------------

    @property
    def lowercase(self) -> bool:
        """Lowercase (and, unless the normalizer says otherwise, strip accents) before splitting."""
        return self._lowercase

    @lowercase.setter
    def lowercase(self, value: bool) -> None:
        self._lowercase = check_bool(value, "lowercase")
        if isinstance(self.normalize, (BertNormalizer, GoogleNormalizer)) and self.normalize.lowercase != value:
            self.normalize = dataclasses.replace(self.normalize, lowercase=value)

    @property
    def prefix(self) -> str:
        """The continuation prefix (``##``)."""
        return self._prefix

    @prefix.setter
    def prefix(self, value: str) -> None:
        self._prefix = check_str(value, "prefix", allow_empty=False)

    @property
    def max_input_chars_per_word(self) -> int:
        """Longer words become one unknown token without being looked at."""
        return self._max_chars

    @max_input_chars_per_word.setter
    def max_input_chars_per_word(self, value: int) -> None:
        check_int(value, "max_input_chars_per_word", minimum=1)
        if self._compat == "google" and value != GOOGLE_MAX_INPUT_CHARS_PER_WORD:
            resolve_compat("google", lowercase=False, max_input_chars_per_word=value)  # refuses, naming both
        self._max_chars = value

    @property
    def compat(self) -> str:
        """Whose tokens this tokenizer gives: ``"huggingface"`` (the default) or ``"google"`` (Google's ``FullTokenizer``)."""
        return self._compat

    @property
    def preserve_unused_tokens(self) -> bool:
        """Google mode only: a word ``[unusedN]`` of the vocab typed in the text stays whole (Google's flag)."""
        return isinstance(self.normalize, GoogleNormalizer) and self.normalize.preserve_unused_tokens

    @property
    def pretokenizer(self) -> str:
        """The pre-tokenizer's name: ``bert``, ``whitespace`` or ``gpt2``."""
        return self._pretokenizer

    @pretokenizer.setter
    def pretokenizer(self, name: str) -> None:
        split = get_pretokenizer(name)
        if self._compat == "google":
            resolve_compat("google", lowercase=False, max_input_chars_per_word=None, pretokenizer=name)
            split = google_split  # BERT's split with Google's punctuation and whitespace
        self.pretokenize = split
        self._pretokenizer = name

    @property
    def pretokenizer_name(self) -> str:
        """Same as ``pretokenizer`` (the older name)."""
        return self._pretokenizer

    @property
    def special_tokens(self) -> tuple[AddedToken, ...]:
        """Tokens kept whole when typed in text (Hugging Face's added tokens), in id order; ``decode`` skips the special ones."""
        return self._special_tokens

    @special_tokens.setter
    def special_tokens(self, tokens: Iterable[str | AddedToken]) -> None:
        added = as_added_tokens(tokens)
        # Tokens beyond the model's vocab get the next ids, in the order given (Hugging Face's add_tokens).
        beyond = [token.content for token in added if token.content not in self.vocab]
        self._added_ids = {content: len(self.vocab) + index for index, content in enumerate(beyond)}
        # In id order, as tokenizer.json lists them: the order never changes what matches.
        self._special_tokens = tuple(sorted(added, key=lambda token: self.token_ids[token.content]))

    @property
    def added_ids(self) -> dict[str, int]:
        """The ids of the added tokens beyond the model's vocab (``len(vocab)`` onwards), by content."""
        return dict(self._added_ids)

    @property
    def token_ids(self) -> Mapping[str, int]:
        """Every token's id: the vocab's, then the added tokens beyond it.

        >>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "a"]), special_tokens=["[UNK]", "<ent>"])
        >>> tokenizer.token_ids["<ent>"], tokenizer.convert_ids_to_tokens([2, 1])
        (2, ['<ent>', 'a'])
        """
        return ChainMap(self._added_ids, self.vocab.lookup_table())  # type: ignore[arg-type]

    def add_tokens(self, tokens: Iterable[str | AddedToken], *, special: bool = False) -> int:
        """Add tokens as Hugging Face's ``add_tokens`` does: strings become ``normalized`` (special: not) tokens.

        Tokens already there are left as they are; new ones beyond the vocab get the next ids. Returns how
        many were added.

        >>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "a"]), lowercase=True)
        >>> tokenizer.add_tokens(["<Ent>"]), tokenizer.tokenize("a <ENT>"), tokenizer.encode("a <ent>")
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
        order = sorted(self.special_tokens, key=lambda token: self.token_ids[token.content])
        self.special_tokens = [*order, *fresh]
        return len(fresh)

    @property
    def template(self) -> Template | None:
        """The post-processing template (``[CLS] $A [SEP]``), or ``None`` for no special tokens around texts."""
        return self._template

    @template.setter
    def template(self, template: Template | str | None) -> None:
        if template == BERT_TEMPLATE:
            has_both = "[CLS]" in self.vocab and "[SEP]" in self.vocab
            template = Template.bert() if has_both else None
        if template is not None and not isinstance(template, Template):
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
    def decoder(self) -> WordPieceDecoder | None:
        """How ids become text again (``None``: tokens joined by spaces, as Hugging Face without a decoder)."""
        if self._decoder == WORDPIECE_DECODER:
            return WordPieceDecoder(self.prefix)
        return self._decoder  # type: ignore[return-value]

    @decoder.setter
    def decoder(self, value: WordPieceDecoder | str | None) -> None:
        if value is not None and not isinstance(value, WordPieceDecoder):
            check_choice(value, "decoder", (WORDPIECE_DECODER,))
        self._decoder = value

    def _settings(self) -> tuple[Any, ...]:
        return (
            self.vocab,
            self.normalize,
            self.pretokenize,
            self.prefix,
            self.max_input_chars_per_word,
            self.special_tokens,
        )

    @property
    def fast(self) -> FastWordPieceTokenizer:
        """The cached, linear-time twin that encodes whole texts (rebuilt when a setting changed).

        It gives exactly the tokens of ``words`` + ``encode_word`` (the tests
        check this on every line of a book), only faster: a translation table
        normalizes and splits in one pass, each distinct word is encoded once
        (long words by LinMaxMatch, whose automaton is built only when one comes).
        """
        settings = self._settings()
        if self._fast is None or settings != self._fast_settings:
            automaton = None
            if self._fast is not None and self._fast.automaton is not None:
                old = self._fast
                same = (old.vocab, old.prefix, old.max_input_chars_per_word)
                if same == (self.vocab, self.prefix, self.max_input_chars_per_word):
                    automaton = old.automaton  # building BERT's takes a second: keep it when it still fits
            self._fast = FastWordPieceTokenizer.from_tokenizer(self, automaton=automaton, encoder="auto")
            self._fast_settings = settings
        return self._fast

    # -- files --------------------------------------------------------------------------------------------------

    @classmethod
    def from_file(
        cls, path: str | os.PathLike[str], *, compat: str = "huggingface", **options: Any
    ) -> WordPieceTokenizer:
        """Load a tokenizer: a ``tokenizer.json``, a folder holding one, or a ``vocab.txt``.

        A ``vocab.txt`` brings its settings when its settings file (written
        by ``save``) is beside it; ``options`` override what is loaded. With
        ``compat="google"`` the file gives the vocab, the casing and the
        special tokens; the mode gives the rest (Google's word cap of 200, not
        the file's); a file setting Google cannot express is refused.

        >>> import tempfile, pathlib
        >>> path = WordPieceTokenizer(Vocab(["[UNK]", "hug"]), lowercase=True).save(pathlib.Path(tempfile.mkdtemp()) / "t.json")
        >>> WordPieceTokenizer.from_file(path).tokenize("HUG")
        ['hug']
        """
        check_compat(compat)  # before the file is read: a misspelt mode is the first thing to hear about
        vocab, settings = load_options(path, **options)
        if compat == "google":
            settings = google_file_settings(settings, explicit=options, source=str(path))
        return cls(vocab, compat=compat, **settings)

    @classmethod
    def from_json(cls, data: Any, *, compat: str = "huggingface", **options: Any) -> WordPieceTokenizer:
        """A tokenizer from ``tokenizer.json`` contents (a dict); ``options`` override what is loaded.

        >>> data = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]), lowercase=True).to_json()
        >>> WordPieceTokenizer.from_json(data).tokenize("HUGS"), WordPieceTokenizer.from_json(data, lowercase=False).tokenize("HUGS")
        (['hug', '##s'], ['[UNK]'])
        """
        check_compat(compat)
        vocab, settings = options_from_json(data, **options)
        if compat == "google":  # as from_file: the casing and the tokens from the data, the rest from the mode
            settings = google_file_settings(settings, explicit=options, source="the tokenizer.json data")
        return cls(vocab, compat=compat, **settings)

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
        return save_tokenizer(self, path)

    def _refuse_hugging_face_files(self, action: str) -> None:
        if self._compat == "google":
            raise ValueError(
                f"cannot {action} a compat='google' tokenizer: tokenizer.json (and the settings file beside a "
                "vocab.txt) cannot express Google's rules (its clean-up, punctuation, CJK ranges, final sigma, "
                "200-character words, typed special tokens split), so a Hugging Face loader would give other "
                "tokens on some texts; save the vocab alone with tokenizer.vocab.save('vocab.txt') and load it "
                "with WordPieceTokenizer.from_file('vocab.txt', compat='google')"
            )

    def to_json(self) -> dict[str, Any]:
        """Hugging Face's ``tokenizer.json`` contents as a dict.

        >>> WordPieceTokenizer(Vocab(["[UNK]", "hug"])).to_json()["model"]["vocab"]
        {'[UNK]': 0, 'hug': 1}
        """
        self._refuse_hugging_face_files("write tokenizer.json for")
        return tokenizer_to_json(self)

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
        """Longest-match-first tokens of one (already pre-tokenized) word."""
        return self.fast.longest_match(word)

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text``: every word through ``encode_word``; special tokens typed in the text stay whole.

        No template tokens (``[CLS]``) are added: ``encode_plus`` does that.
        """
        return self.fast.tokenize(text)

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text`` (``tokenize`` as ids: no template, truncation or padding)."""
        return self.fast.encode(text)

    def encode_plus(self, text: str, pair: str | None = None, *, add_special_tokens: bool = True) -> Encoding:
        """Everything a model needs for ``text`` (or the pair ``text``, ``pair``), as Hugging Face's ``encode``.

        Truncation, then the template's special tokens, then padding.

        >>> vocab = Vocab(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "a", "b"])
        >>> tokenizer = WordPieceTokenizer(vocab, padding=Padding(8))
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

        >>> vocab = Vocab(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "a", "b"])
        >>> tokenizer = WordPieceTokenizer(vocab, padding=Padding())
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
        parts = [(window.ids, window.tokens, window.offsets, window.word_ids) for window in firsts]
        if seconds is None:
            encoding = self._join(parts[0], None, add_special_tokens)
            encoding.overflowing = [self._join(part, None, add_special_tokens) for part in parts[1:]]
            return encoding
        second_parts = [(window.ids, window.tokens, window.offsets, window.word_ids) for window in seconds]

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

    # -- decoding -----------------------------------------------------------------------------------------------

    def convert_ids_to_tokens(self, ids: Sequence[int]) -> list[str]:
        """Tokens for ids (raises on an id outside the vocab).

        >>> WordPieceTokenizer(Vocab(["[UNK]", "hug"])).convert_ids_to_tokens([1, 0])
        ['hug', '[UNK]']
        """
        if isinstance(ids, (str, bytes)) or not isinstance(ids, Iterable):
            raise TypeError(f"ids must be a list of int, got {type(ids).__name__}")
        if not self._added_ids:
            return [self.vocab.token(token_id) for token_id in ids]
        # Hugging Face spells a normalized added token as its normalized content.
        beyond = {
            self._added_ids[token.content]: self.normalize(token.content) if token.normalized else token.content
            for token in self.special_tokens
            if token.content in self._added_ids
        }
        out = []
        for token_id in ids:
            token = beyond.get(token_id) if type(token_id) is int else None
            out.append(token if token is not None else self.vocab.token(token_id))
        return out

    def decode(
        self, ids: Sequence[int], *, skip_special_tokens: bool = True, clean_up_tokenization_spaces: bool = False
    ) -> str:
        """Text for ids, as Hugging Face decodes: special tokens skipped, ``##`` pieces glued, spaces cleaned up.

        >>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "island", ",", "he", "said", "."]))
        >>> tokenizer.decode([1, 3, 4, 5, 6, 7, 2])
        'island, he said.'
        >>> tokenizer.decode([1, 3, 2], skip_special_tokens=False)
        '[CLS] island [SEP]'

        ``clean_up_tokenization_spaces`` adds transformers' second clean-up over the whole text
        (``jim ' s`` becomes ``jim's``), as its ``decode`` does with that option.
        """
        check_bool(skip_special_tokens, "skip_special_tokens")
        if isinstance(ids, (str, bytes)) or not isinstance(ids, Iterable):
            raise TypeError(f"ids must be a list of int, got {type(ids).__name__}")
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

        >>> WordPieceTokenizer(Vocab(["[UNK]", "a", "##b"])).decode_batch([[1, 2], [1]])
        ['ab', 'a']
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
        return (
            f"WordPieceTokenizer(vocab={len(self.vocab)} tokens, lowercase={self.lowercase}, "
            f"pretokenizer={self.pretokenizer!r}{', compat=' + repr(self.compat) if self.compat != 'huggingface' else ''})"
        )


__all__ = ["BERT_TEMPLATE", "PRETOKENIZERS", "WORDPIECE_DECODER", "WordPieceTokenizer"]
