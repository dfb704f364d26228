"""``tokenizer_config.json`` and ``special_tokens_map.json``: what ``transformers``' loaders read beside the vocab.

``AutoTokenizer`` and ``PreTrainedTokenizerFast`` take the whole pipeline from
``tokenizer.json``; ``BertTokenizer`` (``BertTokenizerFast`` is the same class
in ``transformers`` 5) rebuilds it from ``vocab.txt`` and these keyword
arguments: ``do_lower_case``, ``strip_accents``, ``tokenize_chinese_chars`` and
the token of each *role* (``unk_token``, ``sep_token``, ``pad_token``,
``cls_token``, ``mask_token``). ``transformers`` gives a token a role only
when a config names it, so the roles are written under the tokens' real
names (``<unk>``, ``<s>`` ...), found from what the tokenizer does with them:
the model's unknown token, the template's first and last special tokens, the
padding token, and a special token spelled ``mask`` inside brackets.

What ``BertTokenizer`` hard-codes (``clean_text`` on, BERT's pre-tokenizer,
the ``##`` prefix, 100 characters a word, BERT's template, the ``WordPiece``
decoder with clean-up) cannot reach it; ``hard_coded_differences`` names what
a tokenizer sets otherwise, and ``save`` warns with it.

Read the other way, these files beside a ``vocab.txt`` (the layout of
Google's BERT checkpoints) give its casing and roles: ``options_from_config``.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

from ..model.vocab import Vocab
from ..text.normalizer import BertNormalizer
from ..textfiles import read_text_file
from .added_tokens import AddedToken
from .template import Template

CONFIG_FILE = "tokenizer_config.json"
SPECIAL_TOKENS_MAP_FILE = "special_tokens_map.json"
ROLES = ("unk_token", "sep_token", "pad_token", "cls_token", "mask_token")
#: transformers 5 names the other special tokens so; 4 called them additional_special_tokens.
EXTRA_SPECIALS = "extra_special_tokens"
OLD_EXTRA_SPECIALS = "additional_special_tokens"


def _bare_name(token: str) -> str:
    return token.strip("[]<>").lower()


def special_roles(tokenizer: Any) -> dict[str, str]:
    """The role of each special token, under its real name: what ``transformers`` needs told.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> from wordpiece_lib.pipeline.template import Template
    >>> vocab = Vocab(["<pad>", "<unk>", "<s>", "</s>", "<mask>", "a"], unk_token="<unk>")
    >>> tokenizer = WordPieceTokenizer(vocab, special_tokens=["<pad>", "<unk>", "<s>", "</s>", "<mask>"],
    ...                                template=Template.bert("<s>", "</s>"))
    >>> special_roles(tokenizer)
    {'unk_token': '<unk>', 'sep_token': '</s>', 'pad_token': '<pad>', 'cls_token': '<s>', 'mask_token': '<mask>'}
    """
    specials = [token.content for token in tokenizer.special_tokens if token.special]
    found: dict[str, str] = {"unk_token": tokenizer.vocab.unk_token}
    template = tokenizer.template
    # A chain of post-processors (byte-level offsets, then a template) names its roles in its template.
    chain = getattr(template, "processors", None)
    if chain is not None:
        template = next((part for part in chain if hasattr(part, "single")), None)
    if template is not None and hasattr(template, "single"):
        single = [piece.special for piece in template.single]
        if single and single[0] is not None:
            found["cls_token"] = single[0]
        if single and single[-1] is not None:
            found["sep_token"] = single[-1]
    if tokenizer.padding is not None:
        found["pad_token"] = tokenizer.padding.pad_token
    for role in ROLES:
        if role not in found:
            wanted = role.removesuffix("_token")
            named = [token for token in specials if _bare_name(token) == wanted]
            if len(named) == 1:
                found[role] = named[0]
    return {role: found[role] for role in ROLES if role in found}


def hard_coded_differences(tokenizer: Any) -> list[str]:
    """The settings of ``tokenizer`` that ``BertTokenizer`` rebuilds from its own defaults (empty: none).

    >>> from wordpiece_lib import BertNormalizer, Vocab, WordPieceTokenizer
    >>> hard_coded_differences(WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "a"])))
    []
    >>> hard_coded_differences(WordPieceTokenizer(Vocab(["[UNK]", "a"]), prefix="@@", normalizer=BertNormalizer(clean_text=False)))
    ['clean_text=False', "prefix='@@'", 'template=None']
    """
    normalizer = tokenizer.normalize
    out = []
    if getattr(normalizer, "clean_text", True) is not True:
        out.append("clean_text=False")
    if tokenizer.pretokenizer != "bert":
        out.append(f"pretokenizer={tokenizer.pretokenizer!r}")
    if tokenizer.prefix != "##":
        out.append(f"prefix={tokenizer.prefix!r}")
    if tokenizer.max_input_chars_per_word != 100:
        out.append(f"max_input_chars_per_word={tokenizer.max_input_chars_per_word}")
    template = tokenizer.template
    roles = special_roles(tokenizer)
    if template is None:
        out.append("template=None")
    else:
        if (
            "cls_token" not in roles
            or "sep_token" not in roles
            or template != Template.bert(roles["cls_token"], roles["sep_token"])
        ):
            out.append(f"template={template}")
    decoder = tokenizer.decoder
    if decoder is None or decoder.prefix != tokenizer.prefix or not decoder.cleanup:
        out.append(f"decoder={decoder!r}")
    return out


def transformers_config(tokenizer: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """``tokenizer_config.json`` and ``special_tokens_map.json`` for ``transformers``' loaders.

    The class is ``PreTrainedTokenizerFast``, so ``AutoTokenizer`` takes every
    setting from ``tokenizer.json``; the keyword arguments are those
    ``BertTokenizer`` rebuilds its pipeline from.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> config, special_map = transformers_config(WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "a"])))
    >>> config["tokenizer_class"], config["do_lower_case"], config["strip_accents"], special_map
    ('PreTrainedTokenizerFast', False, False, {'unk_token': '[UNK]', 'sep_token': '[SEP]', 'cls_token': '[CLS]'})
    """
    normalizer = tokenizer.normalize
    roles = special_roles(tokenizer)
    taken = set(roles.values())
    others = [token.content for token in tokenizer.special_tokens if token.special and token.content not in taken]
    special_map: dict[str, Any] = dict(roles)
    if others:
        special_map[OLD_EXTRA_SPECIALS] = others
    config: dict[str, Any] = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "do_lower_case": bool(getattr(normalizer, "lowercase", tokenizer.lowercase)),
        # BertNormalizer's strip_accents=None follows lowercase; written out so that no loader has to guess.
        "strip_accents": bool(getattr(normalizer, "strips_accents", tokenizer.lowercase)),
        "tokenize_chinese_chars": bool(getattr(normalizer, "handle_chinese_chars", True)),
        "clean_up_tokenization_spaces": False,
        # BERT-style models take the segment ids too; transformers returns only what is listed here.
        "model_input_names": ["input_ids", "token_type_ids", "attention_mask"],
        **roles,
    }
    if others:
        config[EXTRA_SPECIALS] = others
    if tokenizer.truncation is not None:
        config["model_max_length"] = tokenizer.truncation.max_length
    return config, special_map


#: The largest ``tokenizer_config.json`` or ``special_tokens_map.json`` read (a link to ``/dev/zero`` has no end;
#: real ones are a few kB, a few MB with thousands of added tokens).
MAX_CONFIG_BYTES = 30_000_000


def _read_json_object(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(read_text_file(path, name=path.name, max_bytes=MAX_CONFIG_BYTES))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not valid JSON: {error.msg} (line {error.lineno})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} must hold an object, got {type(data).__name__}")
    return data


def _token_name(value: Any, where: str) -> str:
    # transformers writes a role either as a string or as an AddedToken object {"content": ...}.
    if isinstance(value, dict):
        value = value.get("content")
    if not isinstance(value, str) or not value:
        raise ValueError(f"{where} must name a token, got {value!r}")
    return value


def config_beside(vocab_path: Path) -> tuple[dict[str, Any], list[Path]] | None:
    """The merged ``tokenizer_config.json`` and ``special_tokens_map.json`` beside a vocab, and which were read.

    ``None`` when neither is there. The config wins where both name a role (as in ``transformers``).
    """
    folder = vocab_path.parent
    merged: dict[str, Any] = {}
    read = []
    for name in (SPECIAL_TOKENS_MAP_FILE, CONFIG_FILE):
        path = folder / name
        if path.is_file():
            merged.update(_read_json_object(path))
            read.append(path)
    return (merged, read) if read else None


def options_from_config(config: dict[str, Any], vocab: Vocab, where: str) -> tuple[Vocab, dict[str, Any]]:
    """``WordPieceTokenizer`` options from a ``transformers`` config (``BertTokenizer``'s reading of it).

    >>> vocab, options = options_from_config({"do_lower_case": True}, Vocab(["[UNK]", "[CLS]", "[SEP]", "a"]), "here")
    >>> options["normalizer"].lowercase, options["normalizer"].strips_accents, [t.content for t in options["special_tokens"]]
    (True, True, ['[UNK]', '[SEP]', '[CLS]'])
    """
    lowercase = config.get("do_lower_case", True)
    strip_accents = config.get("strip_accents")
    chinese = config.get("tokenize_chinese_chars", True)
    for name, value, allowed in (
        ("do_lower_case", lowercase, (bool,)),
        ("strip_accents", strip_accents, (bool, type(None))),
        ("tokenize_chinese_chars", chinese, (bool,)),
    ):
        if not isinstance(value, allowed):
            raise ValueError(f"{where}: {name} must be true or false, got {value!r}")
    defaults = {"unk_token": "[UNK]", "sep_token": "[SEP]", "pad_token": "[PAD]", "cls_token": "[CLS]"}
    defaults["mask_token"] = "[MASK]"
    roles = {role: _token_name(config.get(role, default), f"{where}: {role}") for role, default in defaults.items()}
    if roles["unk_token"] not in vocab:
        raise ValueError(f"{where}: the unknown token {roles['unk_token']!r} is not in the vocab")
    vocab = Vocab(vocab.tokens, unk_token=roles["unk_token"])
    extra = config.get(EXTRA_SPECIALS, config.get(OLD_EXTRA_SPECIALS, [])) or []
    names = [*roles.values(), *(_token_name(token, f"{where}: {EXTRA_SPECIALS}") for token in extra)]
    specials = [AddedToken(name) for name in dict.fromkeys(names) if name in vocab]
    has_template = roles["cls_token"] in vocab and roles["sep_token"] in vocab
    options: dict[str, Any] = {
        "normalizer": BertNormalizer(
            lowercase=lowercase, strip_accents=strip_accents, handle_chinese_chars=chinese, clean_text=True
        ),
        "special_tokens": specials,
        "template": Template.bert(roles["cls_token"], roles["sep_token"]) if has_template else None,
    }
    return vocab, options


class CasingGuess(UserWarning):
    """A ``vocab.txt`` came with nothing saying its casing; the warning says which casing was taken and why."""


def looks_uncased(vocab: Vocab, specials: set[str] | frozenset[str] = frozenset()) -> bool:
    """True for a vocab with letters but no capital letters outside its special tokens (BERT-uncased's look).

    A capital is a letter with a different lowercase (so the double-struck R in BERT's vocab is none).

    >>> looks_uncased(Vocab(["[UNK]", "hug", "##s"])), looks_uncased(Vocab(["[UNK]", "Hug"])), looks_uncased(Vocab(["[UNK]", "1"]))
    (True, False, False)
    """
    skip = set(specials) | {vocab.unk_token, *vocab.special_tokens}
    words = [token for token in vocab if token not in skip]
    return any(char.isalpha() for token in words for char in token) and not any(
        char.lower() != char for token in words for char in token
    )


def guess_casing(vocab: Vocab, where: str) -> bool:
    """The casing of a vocab that came alone (True: lowercase), with a ``CasingGuess`` warning saying why.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     guess_casing(Vocab(["[UNK]", "hug"]), "vocab.txt")
    True
    >>> "looks uncased" in str(caught[0].message)
    True
    """
    uncased = looks_uncased(vocab)
    nothing = f"{where}: no settings file, {CONFIG_FILE} or {SPECIAL_TOKENS_MAP_FILE} beside it"
    if uncased:
        message = (
            f"{nothing}, and it has no capital letters, so it looks uncased: read as uncased (lowercase, accents "
            "stripped, as BERT-uncased); give lowercase=False to keep the case"
        )
    else:
        message = (
            f"{nothing}; it has capital letters (or no letters), so it is read as cased (no lowercasing); "
            "give lowercase=True for an uncased model (Hugging Face's loaders lowercase by default)"
        )
    warnings.warn(message, CasingGuess, stacklevel=4)
    return uncased


__all__ = [
    "CONFIG_FILE",
    "EXTRA_SPECIALS",
    "ROLES",
    "SPECIAL_TOKENS_MAP_FILE",
    "CasingGuess",
    "config_beside",
    "guess_casing",
    "hard_coded_differences",
    "looks_uncased",
    "options_from_config",
    "special_roles",
    "transformers_config",
]
