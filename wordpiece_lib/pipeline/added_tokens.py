"""Added tokens: special tokens such as ``[MASK]`` that stay whole when typed in raw text.

A WordPiece pipeline on its own turns ``[MASK]`` into ``[``, ``mask``, ``]``:
the brackets are punctuation. A model's tokenizer instead looks for its
*added tokens* in the raw text first, before any normalization, and cuts
the text around them; only the parts in between are normalized,
pre-tokenized and split into pieces. Hugging Face calls them added tokens
(``added_tokens`` in ``tokenizer.json``), with these switches:

* ``special``: a special token (``[CLS]``, ``[PAD]`` ...): ``decode`` can skip it;
* ``single_word``: match only when no word character touches it on either side;
* ``lstrip`` / ``rstrip``: the match swallows the whitespace on its left / right;
* ``normalized``: match in the normalized text (its content normalized too)
  instead of the raw text; Hugging Face's ``add_tokens`` sets it for ordinary
  added tokens, BERT's specials are matched in the raw text.

An added token may lie beyond the model's vocab (its own id, ``len(vocab)``
onwards), as the tokens ``add_tokens`` adds in Hugging Face do.

When two added tokens could match at the same place, the longest wins; the
search then goes on after the match (leftmost-longest, as Hugging Face does).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .._validate import check_bool, check_instance, check_str
from ..model.vocab import Vocab
from ..text.pretokenizers import is_bert_whitespace

_WORD_CHAR = re.compile(r"\w")


@dataclass(frozen=True)
class AddedToken:
    """One added token and how it is matched in raw text (Hugging Face's switches and defaults for a special).

    >>> AddedToken("[MASK]")
    AddedToken(content='[MASK]', special=True, single_word=False, lstrip=False, rstrip=False, normalized=False)
    """

    content: str
    special: bool = True
    single_word: bool = False
    lstrip: bool = False
    rstrip: bool = False
    normalized: bool = False

    def __post_init__(self) -> None:
        check_str(self.content, "content", allow_empty=False)
        for name in ("special", "single_word", "lstrip", "rstrip", "normalized"):
            check_bool(getattr(self, name), name)

    def to_json(self, token_id: int) -> dict[str, Any]:
        """The ``added_tokens`` entry of ``tokenizer.json`` (Hugging Face's field order).

        >>> AddedToken("[PAD]").to_json(0)["content"]
        '[PAD]'
        """
        return {
            "id": token_id,
            "content": self.content,
            "single_word": self.single_word,
            "lstrip": self.lstrip,
            "rstrip": self.rstrip,
            "normalized": self.normalized,
            "special": self.special,
        }

    @classmethod
    def from_json(cls, entry: Any) -> AddedToken:
        """Read an ``added_tokens`` entry (unknown or missing keys are an error, as in Hugging Face).

        >>> AddedToken.from_json(AddedToken("[MASK]").to_json(103)).content
        '[MASK]'
        """
        if not isinstance(entry, dict):
            raise ValueError(f"an added_tokens entry must be an object, got {type(entry).__name__}")
        known = {"id", "content", "special", "single_word", "lstrip", "rstrip", "normalized"}
        unknown = sorted(set(entry) - known)
        if unknown:
            raise ValueError(f"added token {entry.get('content')!r} has unsupported fields: {', '.join(unknown)}")
        missing = sorted(known - set(entry))
        if missing:  # tokenizers refuses such a file too
            raise ValueError(
                f"added token {entry.get('content')!r} has no {', '.join(missing)}: every field is required"
            )
        return cls(entry["content"], **{name: entry[name] for name in known - {"id", "content"}})


def read_added_tokens(added_tokens: Any, vocab: Vocab) -> tuple[list[AddedToken], dict[str, int]]:
    """The ``added_tokens`` of ``tokenizer.json`` in id order, and each one's id, checked against the model's ``vocab``.

    A token of the vocab keeps its vocab id; tokens beyond it take the ids after it, in order, as
    Hugging Face's ``add_tokens`` gives them.

    >>> entry = {"id": 2, "content": "<x>", "single_word": False, "lstrip": False, "rstrip": False,
    ...          "normalized": False, "special": True}
    >>> tokens, ids = read_added_tokens([entry], Vocab(["[UNK]", "a"]))
    >>> [token.content for token in tokens], ids
    (['<x>'], {'<x>': 2})
    """
    check_instance(vocab, "vocab", Vocab)
    entries = added_tokens or []
    if not isinstance(entries, list):
        raise ValueError(f"added_tokens must be a list, got {type(entries).__name__}")
    tokens = []
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
        tokens.append(token)
    beyond = sorted((token_id, content) for content, token_id in token_ids.items() if content not in vocab)
    for position, (token_id, content) in enumerate(beyond):
        if token_id != len(vocab) + position:
            raise ValueError(
                f"added token {content!r} has id {token_id}; tokens beyond the {len(vocab)}-token vocab must "
                f"take the ids {len(vocab)}, {len(vocab) + 1} ... in order, without gaps"
            )
    tokens.sort(key=lambda token: token_ids[token.content])
    return tokens, token_ids


def as_added_tokens(tokens: Iterable[str | AddedToken], name: str = "special_tokens") -> tuple[AddedToken, ...]:
    """Strings become special ``AddedToken``\\ s; duplicates are an error.

    >>> [token.content for token in as_added_tokens(["[CLS]", AddedToken("[SEP]")])]
    ['[CLS]', '[SEP]']
    """
    check_str(name, "name", allow_empty=False)
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Iterable):
        raise TypeError(f"{name} must be a list of str or AddedToken, got {type(tokens).__name__}")
    result: list[AddedToken] = []
    seen: set[str] = set()
    for position, token in enumerate(tokens):
        if isinstance(token, str):
            token = AddedToken(token)
        elif not isinstance(token, AddedToken):
            raise TypeError(f"{name}[{position}] must be a str or an AddedToken, got {type(token).__name__}")
        if token.content in seen:
            raise ValueError(f"{name}[{position}] {token.content!r} is given twice")
        seen.add(token.content)
        result.append(token)
    return tuple(result)


class AddedTokenSplitter:
    """Cuts raw text around its added tokens (leftmost-longest matches, Hugging Face's switches).

    ``split`` returns ``(start, end, token)`` triples that cover the text in
    order; ``token`` is the ``AddedToken`` matched there, or ``None`` for the
    ordinary text in between.

    >>> splitter = AddedTokenSplitter([AddedToken("[MASK]"), AddedToken("[SEP]")])
    >>> splitter.split("a[MASK]b [SEP]")
    [(0, 1, None), (1, 7, '[MASK]'), (7, 9, None), (9, 14, '[SEP]')]
    """

    def __init__(self, tokens: Iterable[AddedToken]) -> None:
        self.tokens = as_added_tokens(tokens, "tokens")
        self._by_content = {token.content: token for token in self.tokens}
        # Longest first: at one position the regex takes the first alternative that matches.
        contents = sorted(self._by_content, key=len, reverse=True)
        self.pattern = re.compile("|".join(map(re.escape, contents))) if contents else None
        # BERT's specials all start with "[": one `in` test rules most texts out faster than the regex.
        self._first_chars = "".join(sorted({content[0] for content in contents}))

    def __bool__(self) -> bool:
        return self.pattern is not None

    def occurs_in(self, text: str) -> bool:
        """True when some added token occurs in ``text`` (then ``split`` has work to do).

        >>> AddedTokenSplitter([AddedToken("[MASK]")]).occurs_in("a [MASK]"), AddedTokenSplitter([]).occurs_in("a")
        (True, False)
        """
        if self.pattern is None:
            return False
        if len(self._first_chars) == 1 and self._first_chars not in text:
            return False
        return self.pattern.search(text) is not None

    def token(self, content: str) -> AddedToken:
        """The added token with this content."""
        return self._by_content[content]

    def split(self, text: str) -> list[tuple[int, int, str | None]]:
        """The text cut into ordinary parts and added-token matches, as ``(start, end, content or None)``.

        >>> AddedTokenSplitter([AddedToken("<x>", lstrip=True, rstrip=True)]).split("a  <x>  b")
        [(0, 1, None), (1, 8, '<x>'), (8, 9, None)]
        >>> AddedTokenSplitter([AddedToken("ab", single_word=True)]).split("ab cab ab")
        [(0, 2, 'ab'), (2, 7, None), (7, 9, 'ab')]
        """
        check_str(text, "text")
        if self.pattern is None or not text:
            return [(0, len(text), None)] if text else []
        parts: list[tuple[int, int, str | None]] = []
        done = 0
        for match in self.pattern.finditer(text):
            start, end = match.span()
            token = self._by_content[match.group()]
            if token.single_word and (
                (start > 0 and _WORD_CHAR.match(text, start - 1)) or (end < len(text) and _WORD_CHAR.match(text, end))
            ):
                continue
            if token.lstrip:  # never back into what an earlier match took
                while start > done and is_bert_whitespace(text[start - 1]):
                    start -= 1
            if token.rstrip:
                while end < len(text) and is_bert_whitespace(text[end]):
                    end += 1
            if done < start:
                parts.append((done, start, None))
            parts.append((start, end, token.content))
            done = end
        if done < len(text):
            parts.append((done, len(text), None))
        return parts


__all__ = ["AddedToken", "AddedTokenSplitter", "as_added_tokens", "read_added_tokens"]
