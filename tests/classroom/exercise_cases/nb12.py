"""Notebook 12 · Unigram: the best cut, a word's probability, a cut's chance when sampling, pieces that cost nothing."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from wordpiece_lib.training import model_from_frequencies, substring_frequencies

from .rows import COPIED, Case, Later, Wrong, another_cell, computed, copied, library, secrets_of, slip, typed
from .shared import HUG_PUG

#: The course's corpus of Your turn 3: ``bun`` has twin best cuts (``b un`` and ``bu n``, 4 × 4 either way).
UNIGRAM_VARIANT = {"mug": 8, "mugs": 3, "gum": 6, "bun": 4, "hum": 5}


def word_probability(word, probabilities):
    total = [Fraction(0)] * (len(word) + 1)
    total[0] = Fraction(1)
    for end in range(1, len(word) + 1):
        for start in range(end):
            if word[start:end] in probabilities:
                total[end] += total[start] * probabilities[word[start:end]]
    return total[len(word)]


#: Notebook 12's worked cuts (section 2), as its cell defines them.
CUTS_CELL = """
import math

def all_cuts(word, vocab):
    if not word:
        return [[]]
    return [[word[:end], *rest] for end in range(1, len(word) + 1) if word[:end] in vocab for rest in all_cuts(word[end:], vocab)]

def best_cut(word, probabilities):
    scored = [(math.prod(probabilities[piece] for piece in cut), cut) for cut in all_cuts(word, probabilities)]
    return max(scored)[::-1]
"""


def worked_cuts() -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(CUTS_CELL, namespace)
    return namespace


#: Notebook 12's worked enumeration of every cut.
all_cuts = worked_cuts()["all_cuts"]


def best_cut_probability(word, probabilities):
    """Notebook 12's worked best_cut, kept as the answer: the maximum over the cuts, not their sum."""
    return max((math.prod(probabilities[p] for p in cut) for cut in all_cuts(word, probabilities)), default=Fraction(0))


def probability_summing_sums(word, probabilities):
    return sum((sum(probabilities[p] for p in cut) for cut in all_cuts(word, probabilities)), Fraction(0))


def probability_without_the_whole_word(word, probabilities):
    return sum(
        (math.prod(probabilities[p] for p in cut) for cut in all_cuts(word, probabilities) if len(cut) > 1), Fraction(0)
    )


def probability_of_one_or_two_pieces(word, probabilities):
    """Adds the whole word and every cut into a head and a tail: a cut of three pieces or more is never met."""
    whole = probabilities.get(word, Fraction(0))
    heads = (
        probabilities[word[:cut]] * probabilities[word[cut:]]
        for cut in range(1, len(word))
        if word[:cut] in probabilities and word[cut:] in probabilities
    )
    return whole + sum(heads, Fraction(0))


def probability_as_float(word, probabilities):
    return float(word_probability(word, probabilities))


def probability_unknown_letter_is_one(word, probabilities):
    return word_probability(word, probabilities) if set(word) <= {c for p in probabilities for c in p} else Fraction(1)


def probability_through_the_model(word, probabilities):
    """The library's model: its forward sums give the word's probability."""
    from wordpiece_lib.model import UnigramModel as UM

    model = UM([("<unk>", 0.0), *((p, math.log(q)) for p, q in probabilities.items())], unk_id=0)
    pieces = model.best_path(word).pieces
    return Fraction(model.probability(word) / model.cut_probability(word, pieces)).limit_denominator(10**6)


def first_vocab():
    return model_from_frequencies(substring_frequencies(HUG_PUG))


def free_pieces_missing_twins(word_counts, one_cut_a_word):
    """A learner's answer that misses the twin rule: every best cut's pieces kept as needed, or the first best cut only.

    On words where no best cut has a twin, both are the right answer, and the case that types them in fails.
    """
    frequency = substring_frequencies(word_counts)
    total = sum(frequency.values())
    chance = {piece: Fraction(count, total) for piece, count in frequency.items()}
    needed = set()
    for word in word_counts:
        scored = [(math.prod(chance[piece] for piece in cut), cut) for cut in all_cuts(word, chance)]
        top = max(probability for probability, _ in scored)
        best = [cut for probability, cut in scored if probability == top]
        needed |= set(best[0]) if one_cut_a_word else set().union(*best)
    return {piece for piece in frequency if len(piece) > 1} - needed


def course_probabilities() -> dict[str, Fraction]:
    frequency = substring_frequencies(HUG_PUG)
    total = sum(frequency.values())
    return {piece: Fraction(count, total) for piece, count in frequency.items()}


def sampled_share(chance: Fraction, draws: int) -> Fraction:
    """The share of ``draws`` seeded draws that give a cut whose chance is ``chance``: an estimate, as a learner's."""
    rng = random.Random(40)
    return Fraction(sum(rng.random() < chance for _ in range(draws)), draws)


def cases() -> list[Case]:
    from wordpiece_lib.classroom.unigram import checks as unigram_checks
    from wordpiece_lib.classroom.unigram import removal_frame, sampling_frame
    from wordpiece_lib.training import removal_losses

    bugs = (Fraction(1, 2205), 2)
    # by hand: bun's twins each do without one of bu, un, so both go; no best cut uses gs, gu, mu or ug
    zero = {"bu", "gs", "gu", "mu", "ug", "un"}
    course_zero = {"hu", "ug", "pu", "un", "bu", "ugs", "gs"}
    fresh = unigram_checks._fresh_probability_cases()
    return [
        Case(
            "bugs_best",
            unigram_checks.check_best_cut,
            right=(bugs,),
            data=(HUG_PUG, "bugs"),
            right_extra={"source": "bugs_best = (Fraction(4 * 5, 210 * 210), 2)"},
            wrongs=(
                computed(
                    "section 2's worked all_cuts and best_cut, run on bugs",
                    "chance = best_cut('bugs', probability)[1]\n"
                    "ties = sum(math.prod(probability[p] for p in cut) == chance for cut in all_cuts('bugs', probability))\n"
                    "bugs_best = (chance, ties)",
                    {
                        "best_cut": Later(lambda: worked_cuts()["best_cut"]),
                        "all_cuts": Later(lambda: worked_cuts()["all_cuts"]),
                        "probability": Later(course_probabilities),
                        "math": math,
                    },
                    kind=COPIED,
                ),
                computed(
                    "the model's ranked cuts and their ties, under an alias",
                    "best = model(frequency).nbest('bugs', 10)\n"
                    "chance = Fraction(math.exp(best[0].score)).limit_denominator(10**6)\n"
                    "bugs_best = (chance, sum(abs(cut.score - best[0].score) < 1e-9 for cut in best))",
                    {
                        "model": model_from_frequencies,
                        "frequency": Later(lambda: substring_frequencies(HUG_PUG)),
                        "Fraction": Fraction,
                        "math": math,
                    },
                ),
                copied("pug's answer, worked in the notebook", (Fraction(17, 2205), 2)),
                slip("frequencies multiplied, not divided", (Fraction(20), 2)),
                slip("divided by the total once", (Fraction(20, 210), 2)),
                slip(
                    "the sum over every cut",
                    (Fraction(1, 2205) * 2 + Fraction(2, 25725) + Fraction(4, 46305) + Fraction(4, 540225), 2),
                ),
                slip("a cut of three pieces", (Fraction(2, 25725), 1)),
                slip("every cut counted", (Fraction(1, 2205), 6)),
                slip("the tie missed", (Fraction(1, 2205), 1)),
                slip("the right value as a float", (1 / 2205, 2)),
                slip("a Fraction made from the float", (Fraction(1 / 2205), 2)),
                computed(
                    "the model's n best cuts under an alias",
                    "m = build(frequency)\ncuts = m.nbest('bugs', 20)\nbest = max(c.score for c in cuts)\n"
                    "bugs_best = (Fraction(math.exp(best)).limit_denominator(100000), "
                    "sum(math.isclose(c.score, best) for c in cuts))",
                    {
                        "build": model_from_frequencies,
                        "frequency": substring_frequencies(HUG_PUG),
                        "math": math,
                        "Fraction": Fraction,
                    },
                ),
            ),
            secrets=("1/2205", "Fraction(1, 2205)", "2205", "0.000453"),
        ),
        Case(
            "word_probability",
            unigram_checks.check_word_probability,
            right=(word_probability,),
            wrongs=(
                copied("the worked best cut (a maximum)", best_cut_probability),
                slip("pieces added within a cut", probability_summing_sums),
                slip("only cuts of one or two pieces", probability_of_one_or_two_pieces),
                slip("the whole word left out", probability_without_the_whole_word),
                slip("a float", probability_as_float),
                slip("an unknown letter taken as certain", probability_unknown_letter_is_one),
                slip(
                    "the log of the probability",
                    lambda word, probabilities: -abs(word_probability(word, probabilities)),
                ),
                library("UnigramModel under an alias", probability_through_the_model),
                slip(
                    "None when no cut exists", lambda word, probabilities: word_probability(word, probabilities) or None
                ),
                slip(
                    "a Fraction made from a float sum",
                    lambda word, probabilities: Fraction(float(word_probability(word, probabilities))),
                ),
            ),
            secrets=secrets_of(
                *(f"{word_probability(w, v)}" for w, v in fresh if word_probability(w, v) not in (0, 1))
            ),
        ),
        Case(
            "hug_chance",
            unigram_checks.check_sample_chance,
            right=(Fraction(735, 887),),
            data=(HUG_PUG, "hug", ["hug"]),
            right_extra={"source": "hug_chance = Fraction(735, 887)"},
            wrongs=(
                copied("the cut's own probability, as in section 2", Fraction(15, 210), source=""),
                typed("every cut alike (alpha 0)", Fraction(1, 4)),
                typed("Viterbi's choice", Fraction(1)),
                typed("another cut's chance", Fraction(70, 887)),
                typed("the right value as a float", 735 / 887),
                typed("a Fraction made from the rounded float", Fraction(0.8286)),
                typed("the word's probability", Fraction(887, 10290)),
                typed("the chance rounded to three decimals, typed as a Fraction", round(Fraction(735, 887), 3)),
                typed("the share of 1,000 sampled draws", sampled_share(Fraction(735, 887), 1000)),
                computed(
                    "cut_probability under an alias",
                    "hug_chance = Fraction(chance('hug', ['hug'], 1.0)).limit_denominator(10_000)",
                    {"chance": first_vocab().cut_probability, "Fraction": Fraction},
                ),
                computed(
                    "the sampling table, read in the answer cell",
                    "hug_chance = Fraction(float(table(m, 'hug', [1.0]).iloc[0]['chance'])).limit_denominator(10_000)",
                    {"table": sampling_frame, "m": first_vocab(), "Fraction": Fraction},
                ),
            ),
            secrets=("735/887", "Fraction(735, 887)", "735", "0.828", "82.9"),
        ),
        Case(
            "zero_cost",
            unigram_checks.check_zero_cost,
            right=(zero,),
            data=(UNIGRAM_VARIANT,),
            right_extra={"source": "zero_cost = {" + ", ".join(repr(piece) for piece in sorted(zero)) + "}"},
            wrongs=(
                copied("the course corpus's answer, worked in section 4", course_zero, source=""),
                typed("the rarest pieces", {"gs", "ugs", "bu", "un", "hu"}),
                typed("a single character too", zero | {"g"}),
                typed("one missing", zero - {"mu"}),
                typed("a piece a best cut needs", zero | {"ugs"}),
                typed("a whole word that is no piece", zero | {"bun"}),
                # the twin rule's slips, worked on the course's corpus (issue 40.4: not only the variants tell them)
                typed(
                    "twins ignored: only the pieces no best cut uses", free_pieces_missing_twins(UNIGRAM_VARIANT, False)
                ),
                typed("one best cut a word", free_pieces_missing_twins(UNIGRAM_VARIANT, True)),
                computed(
                    "removal_losses under an alias",
                    "zero_cost = {p for p, loss in costs(start(freq(v)), v).items() if abs(loss) < 1e-9}",
                    {
                        "costs": removal_losses,
                        "start": model_from_frequencies,
                        "freq": substring_frequencies,
                        "v": UNIGRAM_VARIANT,
                    },
                ),
                computed(
                    "the model's own best cuts",
                    "m = start(freq(v))\nused = {p for w in v for p in m.tokenize(w)}\n"
                    "zero_cost = {p for p in freq(v) if len(p) > 1} - used",
                    {"start": model_from_frequencies, "freq": substring_frequencies, "v": UNIGRAM_VARIANT},
                ),
                computed(
                    "the notebook's removal table, read in the answer cell",
                    "zero_cost = set(table(start(freq(v)), v).query('`loss increase` == 0')['piece'])",
                    {
                        "table": removal_frame,
                        "start": model_from_frequencies,
                        "freq": substring_frequencies,
                        "v": UNIGRAM_VARIANT,
                    },
                ),
            ),
            secrets=secrets_of(sorted(zero)),
        ),
    ]


# ---- Issue 40: the notebook's one rule for section 2's functions (all_cuts for any answer, best_cut for none),
# ---- slips the messages must name, and the course's container rule (kept apart from the rows above, so that other
# ---- tables' additions merge cleanly; the ideas their messages name are in ideas.py).

#: An answer cell that runs section 2's best_cut on the exercise's word: refused in every exercise of the notebook.
BEST_CUT_IN_THE_ANSWER = {
    "zero_cost": (
        "cuts = {w: best_cut(w, p)[0] for w in variant}\n"
        "zero_cost = {x for x in p if len(x) > 1 and not any(x in cut for cut in cuts.values())}"
    ),
    "hug_chance": (
        "best = best_cut('hug', probability)[1]\n"
        "hug_chance = best / sum(math.prod(probability[x] for x in cut) for cut in all_cuts('hug', probability))"
    ),
}


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    variant = dict(UNIGRAM_VARIANT)
    variant_frequency = substring_frequencies(variant)
    variant_total = sum(variant_frequency.values())
    cells = {
        "best_cut": Later(lambda: worked_cuts()["best_cut"]),
        "all_cuts": Later(lambda: worked_cuts()["all_cuts"]),
        "math": math,
    }
    return {
        "bugs_best": (
            typed("the pair the other way round", (2, Fraction(1, 2205))),
            typed("a list, not a tuple", [Fraction(1, 2205), 2]),
        ),
        "zero_cost": (
            typed("a list, not a set", sorted({"bu", "gs", "gu", "mu", "ug", "un"})),
            typed("nothing goes for free", set()),
            typed(
                "every piece longer than a character", {p for p in substring_frequencies(UNIGRAM_VARIANT) if len(p) > 1}
            ),
            computed(
                "section 2's best_cut run on each word",
                BEST_CUT_IN_THE_ANSWER["zero_cost"],
                {
                    **cells,
                    "variant": variant,
                    "p": {piece: Fraction(count, variant_total) for piece, count in variant_frequency.items()},
                },
            ),
        ),
        "word_probability": (
            copied(
                "section 2's best_cut inside the function",
                another_cell(
                    CUTS_CELL
                    + "\ndef word_probability(word, probabilities):\n    return best_cut(word, probabilities)[1]",
                    "word_probability",
                ),
            ),
        ),
        "hug_chance": (
            computed(
                "section 2's best_cut for the numerator",
                BEST_CUT_IN_THE_ANSWER["hug_chance"],
                {**cells, "probability": Later(course_probabilities)},
            ),
        ),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's Unigram model cuts each word: the pieces no best cut uses (probabilities and sampling are ours).

    Its Viterbi gives one best cut, so the other Unigram exercises (a probability over every cut, a
    sampling chance, a count of best cuts) have no answer it works out.
    """
    from .hugging_face import HAVE_TOKENIZERS
    from .rows import other_computed

    if not HAVE_TOKENIZERS:
        return {}
    from tokenizers import models

    def unigram_of(word_counts):
        frequencies = substring_frequencies(word_counts)
        total = sum(frequencies.values())
        return models.Unigram([(piece, math.log(count / total)) for piece, count in frequencies.items()], 0)

    return {
        "zero_cost": (
            other_computed(
                "Hugging Face's Unigram model, the pieces its best cuts never use",
                "used = {t.value for w in v for t in hf.tokenize(w)}\n"
                "zero_cost = {p for p in freq(v) if len(p) > 1} - used",
                {"hf": Later(lambda: unigram_of(UNIGRAM_VARIANT)), "freq": substring_frequencies, "v": UNIGRAM_VARIANT},
            ),
        ),
    }
