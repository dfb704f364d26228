"""Why a tokenizer cut a text the way it did: every token with the normalizer's edits, the word it came from, and
the model's decision (``explain``).

The explanation walks the tokenizer's own pipeline, step by step, and keeps
what each step did:

* the added tokens typed in the text, kept whole;
* each normalizer (each part of a ``Sequence``): what it changed, with the
  span of the original text each change stands on;
* the pre-tokenizer: each word, with its span in the original text (a
  byte-level word also with each character's bytes);
* the model's decision for each word: WordPiece, every longest-match
  candidate tried and rejected (and why a word became the unknown token);
  Unigram, the best cut through the lattice and its log-probability against
  the best cut that differs; BPE, every merge applied, in the order of its
  rank;
* the post-processor's special tokens.

The tokens, ids and offsets of the walk are the tokenizer's own: ``tokens``
equals ``encode_plus(text)`` field for field (``tests/core/pipeline/test_explain.py``
checks it on every bundled tokenizer and text set).

>>> from wordpiece_lib import Vocab, WordPieceTokenizer
>>> story = explain(WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]), lowercase=True), "Hugs")
>>> [(token.token, token.start, token.end) for token in story.tokens]
[('hug', 0, 3), ('##s', 3, 4)]
>>> print(story.tokens[0].decision)
WordPiece: tried 'hugs' (not in the vocab), 'hug' (in the vocab): took 'hug'
"""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import asdict, dataclass, field
from typing import Any

from .._validate import check_str
from ..model.bpe import BpeModel
from ..model.longest_match import longest_match_attempts
from ..model.unigram import UnigramModel
from ..model.wordpiece import WordPieceModel
from ..text.alignment import AlignedText, normalize_with_origins
from ..text.byte_level import ByteLevel
from ..text.edits import Edit, edits_between
from ..text.normalizers import NormalizerSequence
from ..text.splitters import PreTokenizerSequence
from .engine import Engine
from .parts import type_name


@dataclass(frozen=True)
class NormalizerStep:
    """One normalizer's work: its name, the text it gave, and its edits (spans in the original text)."""

    part: str
    text: str
    edits: list[Edit]


@dataclass(frozen=True)
class WordStory:
    """One word (pre-token) as the model saw it: its text, its span in the original text, the model's decision."""

    index: int
    word: str
    start: int
    end: int
    decision: str
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TokenStory:
    """One token: what it is, where it stands in the original text, where it came from, and why."""

    index: int
    token: str
    id: int
    start: int
    end: int
    text: str
    source: str
    word: int | None = None
    edits: list[Edit] = field(default_factory=list)
    decision: str = ""


@dataclass(frozen=True)
class Explanation:
    """A text taken apart by a tokenizer: the normalizer's steps, the words, and every token's story."""

    text: str
    tokenizer: dict[str, str]
    normalizer_steps: list[NormalizerStep]
    words: list[WordStory]
    tokens: list[TokenStory]

    def to_json(self) -> dict[str, Any]:
        """The explanation as plain JSON values (``wordpiece explain --format json``)."""
        return {
            "text": self.text,
            "tokenizer": dict(self.tokenizer),
            "normalizer_steps": [asdict(step) for step in self.normalizer_steps],
            "words": [asdict(word) for word in self.words],
            "tokens": [asdict(token) for token in self.tokens],
        }

    def to_text(self) -> str:
        """The explanation as lines a person reads (``wordpiece explain``)."""
        parts = ", ".join(f"{slot} {name}" for slot, name in self.tokenizer.items())
        lines = [f"text: {self.text!r}", f"tokenizer: {parts}"]
        for step in self.normalizer_steps:
            changes = "; ".join(f"[{edit.start}:{edit.end}] {edit.before!r} -> {edit.after!r}" for edit in step.edits)
            lines.append(f"normalizer {step.part}: {changes or 'no change'}")
        if self.normalizer_steps:
            lines.append(f"normalized: {self.normalizer_steps[-1].text!r}")
        lines.append(f"words ({len(self.words)}):")
        for word in self.words:
            lines.append(f"  word {word.index} {word.word!r} [{word.start}:{word.end}] {word.decision}")
            for line in word.details.get("bytes_text", []):
                lines.append(f"    {line}")
        lines.append(f"tokens ({len(self.tokens)}):")
        for token in self.tokens:
            where = f"[{token.start}:{token.end}] {token.text!r}"
            lines.append(f"  {token.index} {token.token!r} id {token.id} {where} {token.source}")
            for edit in token.edits:
                lines.append(f"    normalizer: {edit.before!r} -> {edit.after!r} ({edit.part})")
            if token.decision:
                lines.append(f"    {token.decision}")
        return "\n".join(lines)

    def to_json_text(self) -> str:
        """``to_json`` as indented JSON text."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=2)


def _normalizer_steps(normalizer: Any, text: str) -> tuple[AlignedText, list[NormalizerStep]]:
    """The normalized text with origins, and each normalizer's step (a ``Sequence`` step by step)."""
    if normalizer is None:
        return AlignedText(text, tuple(range(len(text)))), []
    parts = normalizer.normalizers if isinstance(normalizer, NormalizerSequence) else (normalizer,)
    aligned = AlignedText(text, tuple(range(len(text))))
    steps = []
    for part in parts:
        local = normalize_with_origins(aligned.text, part)
        edits = [
            Edit(
                type_name("normalizer", part),
                aligned.origins[edit.start] if edit.start < len(aligned.origins) else len(text),
                aligned.origins[edit.end - 1] + 1 if edit.end > edit.start else edit.start,
                text[aligned.origins[edit.start] : aligned.origins[edit.end - 1] + 1] if edit.end > edit.start else "",
                edit.after,
            )
            for edit in edits_between(aligned.text, local, type_name("normalizer", part))
        ]
        aligned = AlignedText(local.text, tuple(aligned.origins[origin] for origin in local.origins))
        steps.append(NormalizerStep(type_name("normalizer", part), aligned.text, edits))
    return aligned, steps


def _is_byte_level(pre_tokenizer: Any) -> bool:
    if isinstance(pre_tokenizer, ByteLevel):
        return True
    return isinstance(pre_tokenizer, PreTokenizerSequence) and any(map(_is_byte_level, pre_tokenizer.pretokenizers))


def _word_decision(
    model: Any, word: str, tokens: list[tuple[str, int, int, int]]
) -> tuple[str, dict[str, Any], list[str]]:
    """The model's decision for one word cut into ``tokens``: a summary, details (JSON), one line per token."""
    if isinstance(model, WordPieceModel):
        if len(word) > model.max_input_chars_per_word:
            why = f"WordPiece: the word has {len(word)} characters, over max_input_chars_per_word ({model.max_input_chars_per_word}): {model.unk_token}"
            return why, {"too_long": True}, [why]
        attempts = list(
            longest_match_attempts(
                word, model.vocab, prefix=model.prefix, max_input_chars_per_word=model.max_input_chars_per_word
            )
        )
        details = {"attempts": [[a.start, a.end, a.candidate, a.matched] for a in attempts]}
        if len(tokens) == 1 and tokens[0][0] == model.unk_token and word not in model.vocab:
            stuck = attempts[-1].start if attempts else 0
            why = (
                f"WordPiece: no token of the vocab starts the rest of the word at character {stuck} "
                f"({word[stuck:]!r}), so the whole word is {model.unk_token}"
            )
            return why, details, [why]
        lines = []
        for _, _, start, _ in tokens:
            tried = [a for a in attempts if a.start == start]
            listed = ", ".join(
                f"{a.candidate!r} ({'in the vocab' if a.matched else 'not in the vocab'})" for a in tried
            )
            taken = next((a.candidate for a in tried if a.matched), "")
            lines.append(f"WordPiece: tried {listed}: took {taken!r}")
        return f"WordPiece: longest match first, {len(attempts)} lookups", details, lines
    if isinstance(model, UnigramModel):
        cuts = model.nbest(word, 2)
        best = cuts[0]
        other = next((cut for cut in cuts[1:] if cut.pieces != best.pieces), None)
        details = {
            "best": {"pieces": best.pieces, "log_probability": best.score},
            "runner_up": None if other is None else {"pieces": other.pieces, "log_probability": other.score},
        }
        against = (
            "the only cut" if other is None else f"beats {' + '.join(other.pieces)} (log-probability {other.score:.4f})"
        )
        summary = f"Unigram: best cut {' + '.join(best.pieces)} (log-probability {best.score:.4f}) {against}"
        lines = [
            f"Unigram: piece of the best cut, log-probability {model.score_of(token):.4f}"
            if token in model.piece_ids
            else "Unigram: unknown characters fused into one unknown piece"
            for token, *_ in tokens
        ]
        return summary, details, lines
    if isinstance(model, BpeModel):
        record = model.merge_steps(word)
        details = {
            "start": [piece for piece, _, _ in record.start],
            "merges": [[step.rank, step.left, step.right, step.new] for step in record.steps],
            "whole": record.whole,
        }
        if record.whole:
            why = "BPE: the word is a token of the vocab (ignore_merges): taken whole"
            return why, details, [why]
        symbols, merges = len(record.start), len(record.steps)
        summary = f"BPE: {symbols} symbol{'s' * (symbols != 1)}, {merges} merge{'s' * (merges != 1)}"
        # The tokens cut the word into consecutive spans, so each merge lies inside the one token whose span
        # holds its start: one pass over the merges, in rank order, instead of one pass per token.
        starts = [start for _, _, start, _ in tokens]
        merged_in: list[list[Any]] = [[] for _ in tokens]
        for step in record.steps:
            merged_in[bisect_right(starts, step.start) - 1].append(step)
        lines = []
        for inside in merged_in:
            if inside:
                merged = ", ".join(f"#{step.rank} {step.left} + {step.right} -> {step.new}" for step in inside)
                lines.append(f"BPE: merges in rank order: {merged}")
            else:
                lines.append("BPE: a first symbol no merge of the list joins to its neighbours")
        return summary, details, lines
    return f"{type_name('model', model)}: the model's cut", {}, ["" for _ in tokens]


def _byte_lines(word: str, origins: list[int], text: str) -> list[str]:
    """Each original character of a byte-level word with its bytes and their characters."""
    lines = []
    position = 0
    while position < len(word):
        origin = origins[position]
        run = position
        while run < len(word) and origins[run] == origin:
            run += 1
        char = text[origin] if origin < len(text) else ""
        raw = char.encode("utf-8")
        shown = word[position:run]
        if len(raw) == run - position:
            lines.append(f"{char!r} -> bytes {' '.join(f'{b:02X}' for b in raw)} -> {shown!r}")
        else:  # a space put in front of the word stands on its first character
            lines.append(f"{shown!r} added in front of {char!r}")
        position = run
    return lines


def explain(tokenizer: Any, text: str) -> Explanation:
    """Take ``text`` apart with ``tokenizer``: each normalizer's edits, each word, each token and the model's
    decision; the tokens are ``tokenizer.encode_plus(text)``'s (padding left out).

    >>> from wordpiece_lib.model.unigram import UnigramModel
    >>> from wordpiece_lib.pipeline.unigram_tokenizer import UnigramTokenizer
    >>> model = UnigramModel([("<unk>", 0.0), ("▁hug", -1.0), ("▁hu", -1.5), ("gs", -2.0), ("s", -2.0)])
    >>> story = explain(UnigramTokenizer(model), "hugs")
    >>> story.words[0].decision
    'Unigram: best cut ▁hug + s (log-probability -3.0000) beats ▁hu + gs (log-probability -3.5000)'
    """
    check_str(text, "text")
    compat = getattr(tokenizer, "compat", "huggingface")
    if compat != "huggingface":
        raise ValueError(f"explain follows Hugging Face's pipeline; this tokenizer has compat={compat!r}")
    model = tokenizer.model
    normalizer = tokenizer.normalizer
    pre_tokenizer = tokenizer.pre_tokenizer
    ids = tokenizer.token_ids
    specials = tokenizer.special_tokens
    engine = Engine(
        model, normalizer, pre_tokenizer, specials, {token.content: ids[token.content] for token in specials}
    )
    byte_level = _is_byte_level(pre_tokenizer)
    steps: list[NormalizerStep] = []
    words: list[WordStory] = []
    walk: list[dict[str, Any]] = []
    word_index = 0
    for start, end, special in engine.added_parts(text):
        if special is not None:
            walk.append({"id": special, "token": text[start:end], "offsets": (start, end), "word": word_index,
                         "source": "added token typed in the text", "decision": ""})  # fmt: skip
            word_index += 1
            continue
        part = text[start:end]
        aligned, part_steps = _normalizer_steps(normalizer, part)
        for step in part_steps:
            shifted = [Edit(e.part, e.start + start, e.end + start, e.before, e.after) for e in step.edits]
            steps.append(NormalizerStep(step.part, step.text, shifted))
        for inner_start, inner_end, inner_special in engine.added_parts(aligned.text, normalized=True):
            origins = aligned.origins[inner_start:inner_end]
            if inner_special is not None:
                walk.append(
                    {
                        "id": inner_special,
                        "token": aligned.text[inner_start:inner_end],
                        "offsets": (origins[0] + start, origins[-1] + 1 + start),
                        "word": word_index,
                        "source": "added token found in the normalized text",
                        "decision": "",
                    }
                )
                word_index += 1
                continue
            marked, marked_origins, spans = engine.split(
                aligned.text[inner_start:inner_end], origins, start == 0 and inner_start == 0
            )
            for span_start, span_end in spans:
                word = marked[span_start:span_end]
                word_origins = list(marked_origins[span_start:span_end])
                cut = model.tokens_with_spans(word)
                summary, details, lines = _word_decision(model, word, cut)
                if byte_level:
                    details["bytes_text"] = _byte_lines(word, word_origins, part)
                words.append(
                    WordStory(word_index, word, word_origins[0] + start, word_origins[-1] + 1 + start, summary, details)
                )
                for (token, token_id, token_start, token_end), line in zip(cut, lines, strict=True):
                    offsets = (word_origins[token_start] + start, word_origins[token_end - 1] + 1 + start)
                    walk.append(
                        {
                            "id": token_id,
                            "token": token,
                            "offsets": offsets,
                            "word": word_index,
                            "source": f"from word {word_index}",
                            "decision": line,
                        }
                    )
                word_index += 1
    first = (
        [item["id"] for item in walk],
        [item["token"] for item in walk],
        [item["offsets"] for item in walk],
        [item["word"] for item in walk],
    )
    encoding = tokenizer._assemble(first, None, True)  # truncation and the post-processor, as encode_plus
    all_edits = [edit for step in steps for edit in step.edits]
    touching = _edits_touching(all_edits)
    stories = []
    position = 0
    for index, (token_id, token, (begin, finish), sequence) in enumerate(
        zip(encoding.ids, encoding.tokens, encoding.offsets, encoding.sequence_ids, strict=True)
    ):
        if sequence is None:
            stories.append(TokenStory(index, token, token_id, begin, finish, "", "added by the post-processor"))
            continue
        item = walk[position]
        position += 1
        stories.append(
            TokenStory(
                index,
                token,
                token_id,
                begin,
                finish,
                text[begin:finish],
                item["source"],
                item["word"],
                touching(begin, finish),
                item["decision"],
            )
        )
    names = {
        "normalizer": "none" if normalizer is None else _describe(normalizer, "normalizer"),
        "pre_tokenizer": "none" if pre_tokenizer is None else _describe(pre_tokenizer, "pre_tokenizer"),
        "model": type_name("model", model),
        "post_processor": "none" if tokenizer.template is None else type_name("post_processor", tokenizer.template),
    }
    return Explanation(text, names, steps, words, stories)


def _edits_touching(edits: list[Edit]) -> Any:
    """A function of a span ``[begin, finish)``: the edits whose span overlaps it, in the order of ``edits``.

    Each edit is filed under every original position it covers (edits are short), so a token finds its
    edits through its own positions rather than by reading every edit.

    >>> touching = _edits_touching([Edit("Lowercase", 0, 1, "H", "h"), Edit("NFD", 2, 4, "éé", "e")])
    >>> [edit.before for edit in touching(0, 3)], touching(1, 2), [edit.part for edit in touching(3, 3)]
    (['H', 'éé'], [], ['NFD'])
    """
    covering: dict[int, list[int]] = {}
    empty = [index for index, edit in enumerate(edits) if edit.end <= edit.start]
    for index, edit in enumerate(edits):
        for position in range(edit.start, edit.end):
            covering.setdefault(position, []).append(index)

    def touching(begin: int, finish: int) -> list[Edit]:
        found = {index for position in range(begin, max(finish, begin + 1)) for index in covering.get(position, ())}
        found.update(empty)
        return [edits[index] for index in sorted(found) if edits[index].start < finish and begin < edits[index].end]

    return touching


def _describe(part: Any, slot: str) -> str:
    """A part's name, a ``Sequence`` with its parts' names."""
    inner = getattr(part, "normalizers", None) or getattr(part, "pretokenizers", None)
    name = type_name(slot, part)
    return f"{name}[{', '.join(_describe(item, slot) for item in inner)}]" if inner else name


__all__ = ["Explanation", "NormalizerStep", "TokenStory", "WordStory", "explain"]
