NOTEBOOK = "notebooks/09_other_languages.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
GR = "[g for g in __import__('itertools').chain([[w for w in words_to_group if uncased(w) == k] for k in dict.fromkeys(uncased(w) for w in words_to_group)]) if len(g) > 1]"
GTPW = "sum(len(bert.tokenize(w)) * c for w, c in top_greek.items()) / sum(top_greek.values())"
SH = '''def share_of(language, tokens, usage):
    langs = list(usage)
    counted, owned = 0, 0
    for t in tokens:
        if t in BERT_SPECIAL_TOKENS:
            continue
        counted += 1
        best, owner = 0, None
        for lang in langs:
            u = usage[lang].get(t, 0)
            if u > best:
                best, owner = u, lang
        if owner == language:
            owned += 1
    return owned / counted if counted else 0.0'''
CE = "max((a for a in EXPONENTS if all(v <= PARITY_LIMIT for v in sweep.measure(a).parity.values())), default=None)"
BD = "{k: (None if bert.tokenize(t) == google_bert.tokenize(t) else __import__('wordpiece_lib.analysis.bert_references', fromlist=['x']).difference_cause(t, lowercase=True, special_tokens=BERT_SPECIAL_TOKENS)) for k, t in which_bert_texts.items()}"
GB = "google_bert = WordPieceTokenizer(bert.vocab, lowercase=True, compat='google')\nfrom wordpiece_lib import BERT_SPECIAL_TOKENS\n"
EXERCISES = [
 dict(name="merged_groups", stub=13, check=14, attempts=[
  (W, "straße with strasse", (GR + " + [['Straße', 'strasse']]", "merged_groups = {v}")),
  (W, "lowercase-only groups", ("[g for g in [[w for w in words_to_group if lower_only(w) == k] for k in dict.fromkeys(lower_only(w) for w in words_to_group)] if len(g) > 1]", "merged_groups = {v}")),
  (W, "missing the Cyrillic pair", ("[g for g in " + GR + " if 'пой' not in g]", "merged_groups = {v}")),
  (W, "missing the kana pair", ("[g for g in " + GR + " if 'がっこう' not in g]", "merged_groups = {v}")),
  (W, "with singletons", ("[[w for w in words_to_group if uncased(w) == k] for k in dict.fromkeys(uncased(w) for w in words_to_group)]", "merged_groups = {v}")),
  (W, "flattened", ("[w for g in " + GR + " for w in g]", "merged_groups = {v}")),
  (W, "the normalized forms", ("[uncased(g[0]) for g in " + GR + "]", "merged_groups = {v}")),
  (W, "côte/côté split apart", ("[[w for w in g if w != 'côté'] if 'côte' in g else g for g in " + GR + "]", "merged_groups = {v}")),
  (S, "normalization_merges in answer cell", "merged_groups = [list(g) for g in normalization_merges(words_to_group, uncased).values()]"),
  (S, "HF BertNormalizer", "from tokenizers import normalizers as _hn\n_n = _hn.BertNormalizer(lowercase=True)\n_d = {}\nfor w in words_to_group:\n    _d.setdefault(_n.normalize_str(w), []).append(w)\nmerged_groups = [g for g in _d.values() if len(g) > 1]"),
  (S, "uncased earlier via variable", ["_d2 = {}\nfor w in words_to_group:\n    _d2.setdefault(uncased(w), []).append(w)\n_g2 = [g for g in _d2.values() if len(g) > 1]", "merged_groups = _g2"]),
  (C, "right typed", (GR, "merged_groups = {v}")),
 ]),
 dict(name="greek_tokens_per_word", stub=32, check=33, attempts=[
  (W, "unweighted", ("sum(len(bert.tokenize(w)) for w in top_greek) / len(top_greek)", "greek_tokens_per_word = {v}")),
  (W, "inverted", ("sum(top_greek.values()) / sum(len(bert.tokenize(w)) * c for w, c in top_greek.items())", "greek_tokens_per_word = {v}")),
  (W, "rounded to 1 decimal", ("round(" + GTPW + ", 1)", "greek_tokens_per_word = {v}")),
  (W, "the whole list's value", ("float(bert_table.loc['el', 'tokens per word'])", "greek_tokens_per_word = {v}")),
  (W, "weighted tokens over 200", ("sum(len(bert.tokenize(w)) * c for w, c in top_greek.items()) / 200", "greek_tokens_per_word = {v}")),
  (W, "cased tokenizer (no accent strip)", ("sum(len(WordPieceTokenizer(bert.vocab, lowercase=False).tokenize(w)) * c for w, c in top_greek.items()) / sum(top_greek.values())", "greek_tokens_per_word = {v}")),
  (W, "characters per word", ("sum(len(w) * c for w, c in top_greek.items()) / sum(top_greek.values())", "greek_tokens_per_word = {v}")),
  (S, "computed in answer cell", "greek_tokens_per_word = " + GTPW),
  (S, "measure_languages in answer cell", "from wordpiece_lib.analysis import measure_languages as _ml\ngreek_tokens_per_word = _ml(bert.tokenize, {'el': top_greek})['el'].fertility"),
  (S, "HF BERT tokenizer from vocab", "from tokenizers import Tokenizer as _T, models as _m, normalizers as _n, pre_tokenizers as _p\n_h = _T(_m.WordPiece({t: i for i, t in enumerate(bert.vocab.tokens)}, unk_token='[UNK]'))\n_h.normalizer = _n.BertNormalizer(lowercase=True)\n_h.pre_tokenizer = _p.BertPreTokenizer()\ngreek_tokens_per_word = sum(len(_h.encode(w).tokens) * c for w, c in top_greek.items()) / sum(top_greek.values())"),
  (C, "right typed", (GTPW, "greek_tokens_per_word = {v}")),
 ]),
 dict(name="share_of", stub=48, check=49, attempts=[
  (W, "tie to the last language", SH.replace("if u > best:", "if u >= best and u > 0:")),
  (W, "specials counted", SH.replace("if t in BERT_SPECIAL_TOKENS:\n            continue", "pass")),
  (W, "unused tokens left out of the total", SH.replace("        if owner == language:", "        if owner is None:\n            counted -= 1\n        if owner == language:")),
  (W, "count instead of share", SH.replace("return owned / counted if counted else 0.0", "return owned")),
  (W, "unused owned by the first", SH.replace("best, owner = 0, None", "best, owner = 0, langs[0]")),
  (W, "share of usage mass", "def share_of(language, tokens, usage):\n    ts = [t for t in tokens if t not in BERT_SPECIAL_TOKENS]\n    tot = sum(sum(u.get(t, 0) for u in usage.values()) for t in ts)\n    return sum(usage[language].get(t, 0) for t in ts) / tot if tot else 0.0"),
  (W, "percent", SH.replace("return owned / counted if counted else 0.0", "return 100 * owned / counted if counted else 0.0")),
  (W, "specials in total only", SH.replace("if t in BERT_SPECIAL_TOKENS:\n            continue", "if t in BERT_SPECIAL_TOKENS:\n            counted += 1\n            continue")),
  (S, "vocab_shares aliased earlier", ["import wordpiece_lib.analysis as _wa\n_vs = getattr(_wa, 'vocab_' + 'shares')", "def share_of(language, tokens, usage):\n    return _vs(tokens, usage).shares.get(language, 0.0)"]),
  (S, "sweep lookup", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + SH + "\n_own = share_of\ndef share_of(language, tokens, usage):\n    if usage is mixed_usage:\n        return sweep.measure(0.7).share[language]\n    return _own(language, tokens, usage)"),
  (C, "right", SH),
 ]),
 dict(name="chosen_exponent", stub=61, check=62, attempts=[
  (W, "smallest exponent", ("min((a for a in EXPONENTS if all(v <= PARITY_LIMIT for v in sweep.measure(a).parity.values())), default=None)", "chosen_exponent = {v}")),
  (W, "strict <", ("max((a for a in EXPONENTS if all(v < PARITY_LIMIT for v in sweep.measure(a).parity.values())), default=None)", "chosen_exponent = {v}")),
  (W, "mean instead of every", ("max((a for a in EXPONENTS if sum(sweep.measure(a).parity.values()) / len(sweep.measure(a).parity) <= PARITY_LIMIT), default=None)", "chosen_exponent = {v}")),
  (W, "the closing 0.7", "chosen_exponent = 0.7"),
  (W, "None", "chosen_exponent = None"),
  (W, "largest of the grid", ("max(EXPONENTS)", "chosen_exponent = {v}")),
  (W, "next one up", ("EXPONENTS[min(len(EXPONENTS) - 1, list(EXPONENTS).index(" + CE + ") + 1)]", "chosen_exponent = {v}")),
  (W, "with the 4,000 vocab", ("max((a for a in EXPONENTS if all(v <= PARITY_LIMIT for v in sweep.measure(a, 4000).parity.values())), default=None)", "chosen_exponent = {v}")),
  (S, "computed in answer cell", "chosen_exponent = " + CE),
  (S, "computed earlier via variable", ["_ce = " + CE, "chosen_exponent = _ce"]),
  (C, "right typed", (CE, "chosen_exponent = {v}")),
 ]),
 dict(name="bert_disagreements", stub=70, check=71, attempts=[
  (W, "all None", "bert_disagreements = {'a': None, 'b': None, 'c': None}"),
  (W, "accents cause a", [GB, ("dict(" + BD + ", a='unicode version')", "bert_disagreements = {v}")]),
  (W, "b missed", [GB, ("dict(" + BD + ", b=None)", "bert_disagreements = {v}")]),
  (W, "c missed", [GB, ("dict(" + BD + ", c=None)", "bert_disagreements = {v}")]),
  (W, "b and c swapped", [GB, ("(lambda d: dict(d, b=d['c'], c=d['b']))(" + BD + ")", "bert_disagreements = {v}")]),
  (W, "b as CJK range", [GB, ("dict(" + BD + ", b='CJK range')", "bert_disagreements = {v}")]),
  (W, "True instead of cause", [GB, ("{k: (v is not None) for k, v in (" + BD + ").items()}", "bert_disagreements = {v}")]),
  (W, "cause in upper case", [GB, ("{k: (v.upper() if v else v) for k, v in (" + BD + ").items()}", "bert_disagreements = {v}")]),
  (S, "tokenizers run in answer cell", GB + "bert_disagreements = " + BD),
  (S, "computed earlier via variable", [GB + "_bd = " + BD, "bert_disagreements = _bd"]),
  (S, "HF BertWordPieceTokenizer vs google", GB + "from tokenizers import Tokenizer as _T, models as _m, normalizers as _n, pre_tokenizers as _p\nfrom wordpiece_lib.analysis.bert_references import difference_cause as _dc\n_h = _T(_m.WordPiece({t: i for i, t in enumerate(bert.vocab.tokens)}, unk_token='[UNK]'))\n_h.normalizer = _n.BertNormalizer(lowercase=True)\n_h.pre_tokenizer = _p.BertPreTokenizer()\n_h.add_special_tokens(list(BERT_SPECIAL_TOKENS))\nbert_disagreements = {k: (None if _h.encode(t, add_special_tokens=False).tokens == google_bert.tokenize(t) else _dc(t, lowercase=True, special_tokens=BERT_SPECIAL_TOKENS)) for k, t in which_bert_texts.items()}"),
  (C, "right typed", [GB, (BD, "bert_disagreements = {v}")]),
 ]),
]
