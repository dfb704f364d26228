"""Which reference the tokenizer reproduces: ``compat="huggingface"`` (the default) or ``"google"``.

"The BERT tokenizer" is several slightly different programs. The library's
default gives Hugging Face's tokens; ``compat="google"`` gives the tokens of
Google's ``tokenization.py`` (``FullTokenizer``), which cut BERT's pre-training
data. The mode is a preset: it fixes the normalizer (``GoogleNormalizer``),
the pre-tokenizer (BERT's, with Google's rules) and the word cap (200
characters), and an explicit setting that contradicts it is refused.

>>> resolve_compat("google", lowercase=True, max_input_chars_per_word=None)
(GoogleNormalizer(lowercase=True, preserve_unused_tokens=False), 200)
>>> resolve_compat("google", lowercase=True, max_input_chars_per_word=100)
Traceback (most recent call last):
...
ValueError: max_input_chars_per_word=100 contradicts compat='google' (Google's FullTokenizer uses 200); leave it out
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._validate import check_bool, check_choice, check_int
from ..model.vocab import MAX_INPUT_CHARS_PER_WORD
from ..text.google import GOOGLE_MAX_INPUT_CHARS_PER_WORD, GoogleNormalizer
from ..text.normalizer import BertNormalizer

#: The references a tokenizer can reproduce.
COMPAT_MODES = ("huggingface", "google")


def check_compat(compat: Any) -> str:
    """``compat`` if it names a mode, else a ``ValueError`` naming the allowed ones.

    >>> check_compat("google")
    'google'
    """
    return check_choice(compat, "compat", COMPAT_MODES)


def resolve_compat(
    compat: str,
    *,
    lowercase: bool,
    max_input_chars_per_word: int | None,
    pretokenizer: str = "bert",
    normalizer: Callable[[str], str] | None = None,
    preserve_unused_tokens: bool | None = None,
) -> tuple[Callable[[str], str] | None, int]:
    """The normalizer (``None``: the default one) and word cap that ``compat`` means, given the explicit settings.

    A setting the mode fixes may be given only with the mode's own value.

    >>> resolve_compat("huggingface", lowercase=False, max_input_chars_per_word=None)
    (None, 100)
    >>> resolve_compat("huggingface", lowercase=False, max_input_chars_per_word=None, preserve_unused_tokens=True)
    Traceback (most recent call last):
    ...
    ValueError: preserve_unused_tokens is a setting of compat='google' (Google's bert-tensorflow flag); this tokenizer has compat='huggingface'
    """
    check_compat(compat)
    check_bool(lowercase, "lowercase")
    if max_input_chars_per_word is not None:
        check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=1)
    if preserve_unused_tokens is not None:
        check_bool(preserve_unused_tokens, "preserve_unused_tokens")
    if compat == "huggingface":
        if preserve_unused_tokens is not None:
            raise ValueError(
                "preserve_unused_tokens is a setting of compat='google' (Google's bert-tensorflow flag); "
                "this tokenizer has compat='huggingface'"
            )
        cap = MAX_INPUT_CHARS_PER_WORD if max_input_chars_per_word is None else max_input_chars_per_word
        return normalizer, cap
    if max_input_chars_per_word not in (None, GOOGLE_MAX_INPUT_CHARS_PER_WORD):
        raise ValueError(
            f"max_input_chars_per_word={max_input_chars_per_word} contradicts compat='google' "
            f"(Google's FullTokenizer uses {GOOGLE_MAX_INPUT_CHARS_PER_WORD}); leave it out"
        )
    if pretokenizer != "bert":
        raise ValueError(
            f"pretokenizer={pretokenizer!r} contradicts compat='google' (Google's BasicTokenizer splits "
            "the BERT way); leave it out"
        )
    preserve = bool(preserve_unused_tokens)
    if normalizer is not None:
        if not isinstance(normalizer, GoogleNormalizer):
            raise ValueError(
                f"normalizer={normalizer!r} contradicts compat='google' (which uses GoogleNormalizer); leave it out"
            )
        if normalizer.lowercase != lowercase and lowercase:
            raise ValueError(f"lowercase=True contradicts normalizer={normalizer!r}")
        if preserve_unused_tokens is not None and normalizer.preserve_unused_tokens != preserve:
            raise ValueError(f"preserve_unused_tokens={preserve_unused_tokens} contradicts normalizer={normalizer!r}")
        return normalizer, GOOGLE_MAX_INPUT_CHARS_PER_WORD
    return GoogleNormalizer(lowercase=lowercase, preserve_unused_tokens=preserve), GOOGLE_MAX_INPUT_CHARS_PER_WORD


def google_file_settings(
    settings: dict[str, Any], *, explicit: dict[str, Any], source: str | None = None
) -> dict[str, Any]:
    """The settings loaded from a file (``source``, named in errors), made Google's: its casing kept, its word cap and normalizer not.

    ``explicit`` are the settings the caller gave (they are checked against
    the mode later, as any). A loaded normalizer Google cannot express is refused.

    >>> google_file_settings({"normalizer": BertNormalizer(lowercase=True), "max_input_chars_per_word": 100}, explicit={}, source="t.json")
    {'lowercase': True}
    >>> google_file_settings({"normalizer": BertNormalizer(lowercase=True, strip_accents=False)}, explicit={}, source="t.json")
    Traceback (most recent call last):
    ...
    ValueError: t.json: its normalizer (lowercase=True, strip_accents=False) has no compat='google' equivalent: Google strips accents exactly when it lowercases, and always cleans and spaces CJK
    """
    settings = dict(settings)
    if "max_input_chars_per_word" not in explicit:
        settings.pop("max_input_chars_per_word", None)  # the file's cap is Hugging Face's; the mode brings Google's
    if "normalizer" in explicit:
        return settings
    loaded = settings.pop("normalizer", None)
    if isinstance(loaded, BertNormalizer):
        if not (loaded.clean_text and loaded.handle_chinese_chars and loaded.strips_accents == loaded.lowercase):
            raise ValueError(
                f"{'' if source is None else source + ': '}its normalizer (lowercase={loaded.lowercase}, strip_accents={loaded.strips_accents}"
                + (", clean_text=False" if not loaded.clean_text else "")
                + (", handle_chinese_chars=False" if not loaded.handle_chinese_chars else "")
                + ") has no compat='google' equivalent: Google strips accents exactly when it lowercases, "
                "and always cleans and spaces CJK"
            )
        settings.setdefault("lowercase", loaded.lowercase)
    elif loaded is not None:
        raise ValueError(
            f"{'' if source is None else source + ': '}its normalizer {loaded!r} has no compat='google' equivalent"
        )
    return settings


__all__ = ["COMPAT_MODES", "check_compat", "google_file_settings", "resolve_compat"]
