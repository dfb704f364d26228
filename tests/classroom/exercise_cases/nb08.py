"""Notebook 08 · fast encoding: a failure link and its pops, what a failure emits, a word that is [UNK]."""

from __future__ import annotations

from wordpiece_lib import LinMaxMatch
from wordpiece_lib.classroom.fast_encoding import checks as fast_checks

from .rows import Case, Wrong, computed, copied, secrets_of, slip, typed

PAPER_VOCAB = ["a", "abcdx", "##b", "##c", "##cdy", "##dz"]
TOKEN_VOCAB = ["t", "to", "tok", "token", "tokenize", "##e", "##en", "##ed", "##i", "##k", "##n", "##s", "##z"]


def cases() -> list[Case]:
    paper = LinMaxMatch(PAPER_VOCAB)
    token_automaton = LinMaxMatch(TOKEN_VOCAB)
    return [
        Case(
            "failure_of_tokeniz",
            fast_checks.check_failure,
            right=(["token", "##i"], "##z"),
            data=(token_automaton, "tokeniz"),
            wrongs=(
                slip("stops popping too early", ["token"], "##iz"),
                slip("pops too far", ["token", "##i", "##z"], "##"),
                slip("right pops, wrong link", ["token", "##i"], "##iz"),
                copied("the paper's abcd answer, printed above", ["a", "##b"], "##cd"),
                computed(
                    "read off the automaton's node",
                    "node = automaton.node(automaton.find('tokeniz'))\nmy_pops = list(node.failure_pops)\n"
                    "my_link = automaton.label(node.failure_link)",
                    {"automaton": LinMaxMatch(TOKEN_VOCAB)},
                    ("my_pops", "my_link"),
                ),
            ),
            secrets=secrets_of(["token", "##i"], "##z"),
        ),
        Case(
            "emitted_at_s",
            fast_checks.check_emitted_at,
            right=(["token", "##i"],),
            data=(token_automaton, "tokenis", 6),
            wrongs=(
                slip("only the first failure", ["token"]),
                slip("the whole word's tokens", ["token", "##i", "##s"]),
                copied("the abcdz example's pops", ["a", "##b", "##c"]),
                slip("the pops of the next failure too", ["token", "##i", "##s"]),
                computed(
                    "read off the automaton's trace",
                    "emitted_at_s = [t for step in automaton.trace('tokenis') if step.kind == 'fail' and step.position == 6 "
                    "for t in step.tokens]",
                    {"automaton": LinMaxMatch(TOKEN_VOCAB)},
                ),
            ),
            secrets=secrets_of(["token", "##i"]),
        ),
        Case(
            "unk_word",
            fast_checks.check_unk_word,
            right=("acx", 2),
            data=(paper,),
            wrongs=(
                copied("the worked example abd", "abd", 3),
                copied("abcz, walked through above", "abcz", 3),
                slip("position counted from 1", "acx", 3),
                slip("a word that is not [UNK]", "abcdx", 5),
                slip("unknown from the first letter", "zz", 0),
                computed(
                    "found with the automaton's encode_word",
                    "unk_word = next(w for w in ['ab', 'abcx', 'acx'] if w != 'abcx' and paper.encode_word(w) == ['[UNK]'])\n"
                    "unk_position = 2",
                    {"paper": LinMaxMatch(PAPER_VOCAB)},
                    ("unk_word", "unk_position"),
                ),
            ),
        ),
    ]


# ---- Issue 40: slips the messages must name, and the course's container rule (kept apart from the rows above,
# ---- so that other tables' additions merge cleanly; the ideas their messages name are in ideas.py).


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    return {
        "emitted_at_s": (typed("a tuple, not a list", ("token", "##i")),),
        # On the paper's vocab, abxb is [UNK] at its x: no edge, and the links lead to the ## root, which has none.
        "unk_word": (slip("len(word), though it knows at a character", "abxb", 4),),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's WordPiece model finds a word that is [UNK] (the automaton's pops and links have no counterpart)."""
    from .hugging_face import HAVE_TOKENIZERS, tokens_of, wordpiece_model
    from .rows import other_computed

    if not HAVE_TOKENIZERS:
        return {}
    return {
        "unk_word": (
            other_computed(
                "Hugging Face's WordPiece model finds an [UNK] word",
                "unk_word = next(w for w in ['abcx', 'ab', 'acx'] if w != 'abcx' and tokens(hf, w) == ['[UNK]'])\n"
                "unk_position = 2",
                {"tokens": tokens_of, "hf": wordpiece_model(PAPER_VOCAB)},
                ("unk_word", "unk_position"),
            ),
        ),
    }
