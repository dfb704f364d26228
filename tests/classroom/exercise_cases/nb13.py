"""Notebook 13 · Take apart a real tokenizer: three cuts predicted by hand, and one decision explained."""

from __future__ import annotations

from .rows import COPIED, Case, Later, Wrong, computed, copied, slip, typed


def tokenizers():
    from wordpiece_lib.classroom.real_tokenizers import real_tokenizers

    return real_tokenizers()


def bert():
    return tokenizers()["BERT (WordPiece)"]


def unigram():
    return tokenizers()["SentencePiece (Unigram)"]


def gpt():
    return tokenizers()["GPT-2 style (byte-level BPE)"]


#: What the notebook's cells computed as its worked example (section 4's word): a copied answer.
WORKED_WORD = "unhappiness"


def cases() -> list[Case]:
    from wordpiece_lib.classroom.real_tokenizers import checks

    doubloons = ["do", "##ub", "##lo", "##ons"]
    parrots = ["Ġparrot", "s"]
    islanders = ["▁is", "l", "and", "er", "s"]
    rejected = ["tokenizers", "tokenizer", "tokenize", "tokeniz", "tokeni"]
    return [
        Case(
            "doubloons_cut",
            checks.check_wordpiece_cut,
            right=(doubloons,),
            data=(Later(bert), "doubloons"),
            wrongs=(
                slip("no ## on the pieces inside the word", ["do", "ub", "lo", "ons"]),
                slip("## on the first piece too", ["##do", "##ub", "##lo", "##ons"]),
                slip("shortest match first", ["d", "##o", "##u", "##b", "##l", "##o", "##o", "##n", "##s"]),
                slip("the whole word as unknown", ["[UNK]"]),
                slip("the word as one token (not in the vocab)", ["doubloons"]),
                slip("a cut that does not spell the word", ["do", "##ub", "##lo"]),
                slip("a cut of vocab pieces, not longest match's", ["dou", "##bl", "##oons"]),
                slip("capitals kept", ["Do", "##ub", "##lo", "##ons"]),
                copied("the worked word's cut", ["un", "##ha", "##pp", "##iness"]),
                typed("one string, not a list", "do ##ub ##lo ##ons"),
                computed(
                    "the tokenizer's own cut, under an alias",
                    "cut = tok.tokenize\ndoubloons_cut = cut('doubloons')",
                    {"tok": Later(bert)},
                ),
                computed(
                    "explain's tokens",
                    "doubloons_cut = [t.token for t in why(model, 'doubloons').tokens[1:-1]]",
                    {"why": Later(lambda: __import__("wordpiece_lib").explain), "model": Later(bert)},
                ),
            ),
            secrets=("'##ub'", "'##lo'", "'##ons'", "##ub, ##lo"),
        ),
        Case(
            "parrots_cut",
            checks.check_bpe_cut,
            right=(parrots,),
            data=(Later(gpt), " parrots"),
            wrongs=(
                slip("the space forgotten", ["parrot", "s"]),
                slip("the characters, no merge", list("Ġparrots")),
                slip("the whole word as one token", ["Ġparrots"]),
                slip("stopped after the first merges", ["Ġp", "arrot", "s"]),
                slip("CLIP's end-of-word mark", ["Ġparrot", "s</w>"]),
                slip("a cut that does not spell the word", ["Ġparrot"]),
                copied("the worked word's cut", ["un", "hap", "p", "iness"]),
                computed(
                    "the model's merge replay",
                    "parrots_cut = [t for t, *_ in m.model.tokens_with_spans('Ġparrots')]",
                    {"m": Later(gpt)},
                ),
                computed(
                    "the tokenizer's encoding",
                    "parrots_cut = m.encode_plus(' parrots').tokens",
                    {"m": Later(gpt)},
                ),
            ),
            secrets=("'Ġparrot'", "Ġparrot'"),
        ),
        Case(
            "islanders_cut",
            checks.check_unigram_cut,
            right=(islanders,),
            data=(Later(unigram), "islanders"),
            wrongs=(
                slip("no ▁ at the start", ["is", "l", "and", "er", "s"]),
                slip("a cut that does not spell the word", ["▁is", "land", "ers"]),
                slip("a piece that is not in the vocab", ["▁is", "land", "er", "s"]),
                slip("one character a piece", list("▁islanders")),
                slip("another possible cut", ["▁i", "s", "l", "and", "er", "s"]),
                copied("the worked word's cut", ["▁un", "ha", "p", "p", "i", "ness"]),
                computed(
                    "the model's Viterbi",
                    "islanders_cut = m.model.best_path('▁islanders').pieces",
                    {"m": Later(unigram)},
                ),
                computed(
                    "the model's n best cuts",
                    "islanders_cut = m.model.nbest('▁islanders', 2)[0].pieces",
                    {"m": Later(unigram)},
                ),
            ),
            secrets=("'▁is', 'l', 'and'", "'and', 'er'"),
        ),
        Case(
            "rejected",
            checks.check_rejected,
            right=(rejected,),
            data=(Later(bert), "tokenizers"),
            wrongs=(
                slip("the one it took listed too", [*rejected, "token"]),
                slip("shortest first", rejected[::-1]),
                slip("the whole word left out", rejected[1:]),
                slip("## in front", ["##" + candidate for candidate in rejected]),
                slip("candidates that are not prefixes of the word", ["tokenizers", "okenizers", "kenizers"]),
                slip("the tokens instead of the candidates", ["token", "##izer", "##s"]),
                computed(
                    "the lookups the library lists",
                    "rejected = [a.candidate for a in attempts('tokenizers', b.vocab) if a.start == 0 and not a.matched]",
                    {
                        "attempts": Later(lambda: __import__("wordpiece_lib").longest_match_attempts),
                        "b": Later(bert),
                    },
                    kind=COPIED,
                ),
            ),
            secrets=("'tokeniz'", "'tokeni'"),
        ),
    ]


# ---- Issue 40: the course's container rule (kept apart from the rows above, so that other tables' additions merge
# ---- cleanly; the ideas their messages name are in ideas.py).


def merged_to_the_end(text, pick):
    """The byte characters of ``text`` merged until no pair of the list is left, ``pick`` choosing which pair goes."""
    from wordpiece_lib.text import to_byte_chars

    ranks = {tuple(pair): rank for rank, pair in enumerate(gpt().model.merges)}
    pieces = list(to_byte_chars(text))
    while present := [i for i in range(len(pieces) - 1) if (pieces[i], pieces[i + 1]) in ranks]:
        at = pick(present, key=lambda i: ranks[(pieces[i], pieces[i + 1])])
        pieces[at : at + 2] = [pieces[at] + pieces[at + 1]]
    return pieces


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    return {
        "doubloons_cut": (typed("a tuple, not a list", ("do", "##ub", "##lo", "##ons")),),
        "parrots_cut": (
            slip("the largest rank merged first, to the end", Later(lambda: merged_to_the_end(" parrots", max))),
            slip(
                "the leftmost pair of the list merged first, to the end",
                Later(lambda: merged_to_the_end(" parrots", lambda present, key: present[0])),
            ),
        ),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def shortcut_wrongs() -> dict[str, tuple[Wrong, ...]]:
    """Hugging Face's `tokenizers` loads the same three tokenizers and cuts the words (it names no rejected candidate).

    Each cell builds its tokenizer as a learner would, from the data set's file, so the one-verdict test can write it.
    """
    from .hugging_face import HAVE_TOKENIZERS
    from .rows import other_computed

    if not HAVE_TOKENIZERS:
        return {}
    loaded = "from tokenizers import Tokenizer\nfrom wordpiece_lib.data import fetch\n"
    return {
        "doubloons_cut": (
            other_computed(
                "Hugging Face's WordPiece on BERT's vocab",
                "from tokenizers import Tokenizer, models, normalizers, pre_tokenizers\n"
                "from wordpiece_lib.data import fetch\n"
                "hf = Tokenizer(models.WordPiece.from_file(str(fetch('bert-base-uncased-vocab')), unk_token='[UNK]'))\n"
                "hf.normalizer = normalizers.BertNormalizer(lowercase=True)\n"
                "hf.pre_tokenizer = pre_tokenizers.BertPreTokenizer()\n"
                "doubloons_cut = hf.encode('doubloons').tokens",
                {},
            ),
        ),
        "parrots_cut": (
            other_computed(
                "Hugging Face's Tokenizer.from_file on the same byte-level BPE",
                loaded + "hf = Tokenizer.from_file(str(fetch('treasure-bpe')))\n"
                "parrots_cut = hf.encode(' parrots', add_special_tokens=False).tokens",
                {},
            ),
        ),
        "islanders_cut": (
            other_computed(
                "Hugging Face's Tokenizer.from_file on the same Unigram model",
                loaded + "hf = Tokenizer.from_file(str(fetch('botchan-unigram')))\n"
                "islanders_cut = hf.encode('islanders', add_special_tokens=False).tokens",
                {},
            ),
        ),
    }
