NOTEBOOK = "notebooks/12_unigram.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
PR = "[math.prod(probability[p] for p in c) for c in all_cuts('bugs', probability)]"
BB = "(lambda cs: (max(cs), cs.count(max(cs))))(" + PR + ")"
WP = '''from fractions import Fraction
def word_probability(word, probabilities):
    total = [Fraction(0)] * (len(word) + 1)
    total[0] = Fraction(1)
    for i in range(1, len(word) + 1):
        for j in range(i):
            piece = word[j:i]
            if piece in probabilities:
                total[i] += total[j] * probabilities[piece]
    return total[len(word)]'''
ZC = "set(removal_frame(model_from_frequencies(variant_frequency), variant).query('`loss increase` == 0')['piece']) - {p for p in variant_frequency if len(p) == 1}"
VAR = "variant = {'mug': 8, 'mugs': 3, 'nun': 6, 'bun': 4, 'hum': 5}\nvariant_frequency = substring_frequencies(variant)\n"
HC = "(lambda cs: math.prod(probability[p] for p in ['hug']) / sum(math.prod(probability[p] for p in c) for c in cs))(all_cuts('hug', probability))"
EXERCISES = [
 dict(name="bugs_best", stub=12, check=13, attempts=[
  (W, "ties ignored (count 1)", ("(max(" + PR + "), 1)", "bugs_best = {v}")),
  (W, "float", ("(float(max(" + PR + ")), " + BB + "[1])", "bugs_best = {v}")),
  (W, "sum of every cut", ("(sum(" + PR + "), " + BB + "[1])", "bugs_best = {v}")),
  (W, "pug's answer (worked example)", ("(lambda cs: (max(cs), cs.count(max(cs))))([math.prod(probability[p] for p in c) for c in all_cuts('pug', probability)])", "bugs_best = {v}")),
  (W, "second best", ("(sorted(set(" + PR + "))[-2], " + BB + "[1])", "bugs_best = {v}")),
  (W, "reversed pair", ("" + BB + "[::-1]", "bugs_best = {v}")),
  (W, "number of cuts instead of ties", ("(" + BB + "[0], len(" + PR + "))", "bugs_best = {v}")),
  (W, "wrong total (the words' count)", ("(lambda cs: (max(cs), cs.count(max(cs))))([math.prod(Fraction(frequency[p], sum(hug_pug.values())) for p in c) for c in all_cuts('bugs', probability)])", "bugs_best = {v}")),
  (S, "best_cut in answer cell", "_bc = best_cut('bugs', probability)\nbugs_best = (_bc[1], sum(math.prod(probability[p] for p in c) == _bc[1] for c in all_cuts('bugs', probability)))"),
  (S, "all_cuts max in answer cell", "_cs = [math.prod(probability[p] for p in c) for c in all_cuts('bugs', probability)]\nbugs_best = (max(_cs), _cs.count(max(_cs)))"),
  (S, "HF Unigram best cut", "from tokenizers import models as _hm\n_u = _hm.Unigram([(p, math.log(float(q))) for p, q in probability.items()], unk_id=None)\n_cut = [t.value for t in _u.tokenize('bugs')]\n_best = math.prod(probability[p] for p in _cut)\nbugs_best = (_best, sum(math.prod(probability[p] for p in c) == _best for c in all_cuts('bugs', probability)))"),
  (S, "model earlier via variable", ["_m = model_from_frequencies(frequency)\n_bp = _m.best_path('bugs').pieces\n_bv = math.prod(probability[p] for p in _bp)", "bugs_best = (_bv, 2)"]),
  (C, "right typed", (BB, "bugs_best = {v}")),
 ]),
 dict(name="word_probability", stub=23, check=24, attempts=[
  (W, "max instead of sum", WP.replace("total[i] += total[j] * probabilities[piece]", "total[i] = max(total[i], total[j] * probabilities[piece])")),
  (W, "number of cuts", WP.replace("total[i] += total[j] * probabilities[piece]", "total[i] += total[j]")),
  (W, "float", WP.replace("return total[len(word)]", "return float(total[len(word)])")),
  (W, "whole word never a piece", WP.replace("for j in range(i):", "for j in range(1 if i == len(word) else 0, i):")),
  (W, "1 when no cut", WP.replace("return total[len(word)]", "return total[len(word)] or Fraction(1)")),
  (W, "single-letter pieces only", WP.replace("for j in range(i):", "for j in [i - 1]:")),
  (W, "sum of pieces, not product", WP.replace("total[i] += total[j] * probabilities[piece]", "total[i] += (total[j] + probabilities[piece]) if total[j] else 0")),
  (W, "pieces at most 2 long", WP.replace("for j in range(i):", "for j in range(max(0, i - 2), i):")),
  (S, "all_cuts-based", "from fractions import Fraction\ndef word_probability(word, probabilities):\n    return sum((math.prod(probabilities[p] for p in c) for c in all_cuts(word, probabilities)), Fraction(0))"),
  (S, "UnigramModel.probability", "from wordpiece_lib.model import UnigramModel as _UM\nfrom fractions import Fraction\ndef word_probability(word, probabilities):\n    m = _UM([(p, math.log(q)) for p, q in probabilities.items()])\n    return Fraction(m.probability(word)).limit_denominator(10**12)"),
  (S, "HF Unigram nbest-free: own sum with HF vocab", "from tokenizers import models as _hm\nfrom fractions import Fraction\ndef word_probability(word, probabilities):\n    _hm.Unigram([(p, 0.0) for p in probabilities], unk_id=None)\n    return sum((math.prod(probabilities[p] for p in c) for c in all_cuts(word, probabilities)), Fraction(0))"),
  (C, "right", WP),
 ]),
 dict(name="zero_cost", stub=32, check=33, attempts=[
  (W, "single characters too", ("set(removal_frame(model_from_frequencies(variant_frequency), variant).query('`loss increase` == 0')['piece'])", VAR + "zero_cost = {v}")),
  (W, "list", ("sorted(" + ZC + ")", VAR + "zero_cost = {v}")),
  (W, "hug/pug's free pieces", ("set(removal_frame(first_vocab, hug_pug).query('`loss increase` == 0')['piece']) - {p for p in frequency if len(p) == 1}", VAR + "zero_cost = {v}")),
  (W, "empty", VAR + "zero_cost = set()"),
  (W, "every long piece", ("{p for p in variant_frequency if len(p) > 1}", VAR + "zero_cost = {v}")),
  (W, "one missing", ("set(sorted(" + ZC + ")[1:])", VAR + "zero_cost = {v}")),
  (W, "costly ones instead", ("{p for p in variant_frequency if len(p) > 1} - " + ZC, VAR + "zero_cost = {v}")),
  (W, "unused-only (twins missed)", ("{p for p in variant_frequency if len(p) > 1} - {q for w in variant for q in model_from_frequencies(variant_frequency).tokenize(w)}", VAR + "zero_cost = {v}")),
  (S, "removal_frame in answer cell", VAR + "zero_cost = " + ZC),
  (S, "removal_losses earlier via variable", ["_zc = " + ZC, VAR + "zero_cost = _zc"]),
  (C, "right typed", (ZC, VAR + "zero_cost = {v}")),
 ]),
 dict(name="hug_chance", stub=42, check=43, attempts=[
  (W, "probability of the piece alone", ("probability['hug']", "from fractions import Fraction\nhug_chance = {v}")),
  (W, "one over the number of cuts", ("Fraction(1, len(all_cuts('hug', probability)))", "from fractions import Fraction\nhug_chance = {v}")),
  (W, "float", ("float(" + HC + ")", "hug_chance = {v}")),
  (W, "frequency over total of words", ("Fraction(frequency['hug'], sum(hug_pug.values()))", "from fractions import Fraction\nhug_chance = {v}")),
  (W, "normalized over pug's cuts", ("probability['hug'] / sum(math.prod(probability[p] for p in c) for c in all_cuts('pug', probability))", "from fractions import Fraction\nhug_chance = {v}")),
  (W, "complement", ("1 - " + HC, "from fractions import Fraction\nhug_chance = {v}")),
  (W, "rounded fraction", ("Fraction(float(" + HC + ")).limit_denominator(100)", "from fractions import Fraction\nhug_chance = {v}")),
  (W, "share of 1000 draws", ("Fraction(sum(first_vocab.sample('hug', 1.0, random.Random(s)).pieces == ['hug'] for s in range(1000)), 1000)", "from fractions import Fraction\nhug_chance = {v}")),
  (S, "sampling_frame in answer cell", "from fractions import Fraction\n_sf = sampling_frame(first_vocab, 'hug', [1.0], samples=10)\nhug_chance = Fraction(first_vocab.cut_probability('hug', ['hug'])).limit_denominator(10**6)"),
  (S, "cut_fraction + all_cuts in answer cell", "from wordpiece_lib.classroom.unigram import cut_fraction\nhug_chance = cut_fraction(['hug'], frequency) / sum(cut_fraction(c, frequency) for c in all_cuts('hug', probability))"),
  (S, "model earlier via variable", ["from fractions import Fraction\n_hc = Fraction(first_vocab.cut_probability('hug', ['hug'])).limit_denominator(10**6)", "hug_chance = _hc"]),
  (C, "right typed", (HC, "from fractions import Fraction\nhug_chance = {v}")),
 ]),
]
