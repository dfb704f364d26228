NOTEBOOK = "notebooks/07_real_book.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
LT = '''def longest_token(tokens):
    best = None
    for t in tokens:
        if t in BERT_SPECIAL_TOKENS:
            continue
        if best is None or len(t.removeprefix("##")) > len(best.removeprefix("##")):
            best = t
    return best'''
WN = "sum(made_at[n].vocab_size <= 11_800 for n in names)"
PS = "{w: len(encode_word(w, full_vocab)) > 1 for w in words_to_predict}"
TF = "len(tokenizer_10k.tokenize(team_sentence)) / len(tokenizer_10k.words(team_sentence))"
WP = "words_to_predict = ['parrot', 'love', 'school', 'car', 'hug', 'captains', 'castle']\n"
TS = "team_sentence = \"Our team found the map, the gold, and Ben Gunn's cave.\"\n"
def flip(i):
    return ("{w: (not v if k == %d else False) for k, (w, v) in enumerate((%s).items())}" % (i, PS), WP + "predicted_split = {v}")
EXERCISES = [
 dict(name="longest_token", stub=24, check=25, attempts=[
  (W, "counts the ##", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + LT.replace('len(t.removeprefix("##")) > len(best.removeprefix("##"))', 'len(t) > len(best)')),
  (W, "keeps specials", LT.replace("if t in BERT_SPECIAL_TOKENS:\n            continue", "pass")),
  (W, "shortest", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + LT.replace("> len(best", "< len(best")),
  (W, "returns the length", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + LT + "\n_lt = longest_token\ndef longest_token(tokens):\n    return len(_lt(tokens).removeprefix('##'))"),
  (W, "returns it without ##", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + LT + "\n_lt2 = longest_token\ndef longest_token(tokens):\n    return _lt2(tokens).removeprefix('##')"),
  (W, "lstrip('#')", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + LT.replace('removeprefix("##")', 'lstrip("#")')),
  (W, "skips ## tokens", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + LT.replace("if t in BERT_SPECIAL_TOKENS:", "if t in BERT_SPECIAL_TOKENS or t.startswith('##'):")),
  (W, "last of ties (>=)", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + LT.replace(") > len(best", ") >= len(best")),
  (W, "skips anything in brackets", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + LT.replace("if t in BERT_SPECIAL_TOKENS:", "if t.startswith('['):")),
  (S, "pandas idxmax", "import pandas as pd\nfrom wordpiece_lib import BERT_SPECIAL_TOKENS\ndef longest_token(tokens):\n    s = pd.Series([t for t in tokens if t not in BERT_SPECIAL_TOKENS], dtype=object)\n    return s[s.str.replace('^##', '', regex=True).str.len().idxmax()]"),
  (S, "HF WordPiece vocab lookup", "from tokenizers import models as _hm\nfrom wordpiece_lib import BERT_SPECIAL_TOKENS\ndef longest_token(tokens):\n    v = {t: i for i, t in enumerate(tokens)}\n    m = _hm.WordPiece(v, unk_token='[UNK]')\n    return max((t for t in m.get_vocab() if t not in BERT_SPECIAL_TOKENS), key=lambda t: (len(t.removeprefix('##')), -v[t]))"),
  (C, "right", "from wordpiece_lib import BERT_SPECIAL_TOKENS\n" + LT),
 ]),
 dict(name="whole_names", stub=30, check=31, attempts=[
  (W, "all eight", "whole_names = 8"),
  (W, "strict < at 11,800", ("sum(made_at[n].vocab_size < 11_800 for n in names) - 1", "whole_names = {v}")),
  (W, "at 10,000", ("sum(made_at[n].vocab_size <= 10_000 for n in names)", "whole_names = {v}")),
  (W, "merge number instead of size", ("sum(made_at[n].number <= 11_800 for n in names)", "whole_names = {v}")),
  (W, "by book frequency > 50", ("sum(book_counts[n] > 50 for n in names)", "whole_names = {v}")),
  (W, "off by one", (WN + " + 1", "whole_names = {v}")),
  (W, "names instead of count", ("[n for n in names if made_at[n].vocab_size <= 11_800]", "whole_names = {v}")),
  (S, "vocab built in answer cell", "whole_names = sum(n in set(full.tokens(full.steps_for_size(11_800))) for n in names)"),
  (S, "vocab earlier via variable", ["_v = set(full.tokens(full.steps_for_size(11_800)))\n_n = sum(n in _v for n in names)", "whole_names = _n"]),
  (S, "HF WordPiece model on the vocab, typed", ("sum(len(__import__('tokenizers').models.WordPiece({t: i for i, t in enumerate(full.tokens(full.steps_for_size(11_800)))}, unk_token='[UNK]').tokenize(n)) == 1 for n in names)", "whole_names = {v}")),
  (C, "right typed", (WN, "whole_names = {v}")),
 ]),
 dict(name="predicted_split", stub=40, check=41, attempts=[
  (W, "all False", ("{w: False for w in words_to_predict}", WP + "predicted_split = {v}")),
  (W, "all True", ("{w: True for w in words_to_predict}", WP + "predicted_split = {v}")),
  (W, "not in the book -> split", ("{w: w not in book_counts for w in words_to_predict}", WP + "predicted_split = {v}")),
  (W, "inverted", ("{w: not v for w, v in (" + PS + ").items()}", WP + "predicted_split = {v}")),
  (W, "list of bools", ("list((" + PS + ").values())", WP + "predicted_split = {v}")),
  (W, "flip 1", flip(0)), (W, "flip 2", flip(1)), (W, "flip 3", flip(2)), (W, "flip 4", flip(3)), (W, "flip 5", flip(4)), (W, "flip 6", flip(5)), (W, "flip 7", flip(6)),
  (S, "encode in answer cell", WP + "predicted_split = " + PS),
  (S, "vocab lookup in answer cell", WP + "predicted_split = {w: w not in full_vocab for w in words_to_predict}"),
  (S, "lookup earlier via variable", ["_ps = {w: w not in full_vocab for w in words_to_predict}", WP + "predicted_split = _ps"]),
  (S, "reveal cell run ahead", ["made_on_the_way = [word for word in words_to_predict if word not in book_counts and word in full_vocab]\nprint(made_on_the_way)", WP + "predicted_split = {w: w not in book_counts and w not in made_on_the_way for w in words_to_predict}"]),
  (C, "right typed", (PS, WP + "predicted_split = {v}")),
 ]),
 dict(name="team_fertility", stub=48, check=49, attempts=[
  (W, "words by str.split", ("len(tokenizer_10k.tokenize(team_sentence)) / len(team_sentence.split())", TS + "team_fertility = {v}")),
  (W, "full vocab", ("len(tokenizer_full.tokenize(team_sentence)) / len(tokenizer_full.words(team_sentence))", TS + "team_fertility = {v}")),
  (W, "inverted", ("len(tokenizer_10k.words(team_sentence)) / len(tokenizer_10k.tokenize(team_sentence))", TS + "team_fertility = {v}")),
  (W, "rounded to one decimal", ("round(" + TF + ", 1)", TS + "team_fertility = {v}")),
  (W, "with [CLS] [SEP]", ("(len(tokenizer_10k.tokenize(team_sentence)) + 2) / len(tokenizer_10k.words(team_sentence))", TS + "team_fertility = {v}")),
  (W, "punctuation not words", ("len(tokenizer_10k.tokenize(team_sentence)) / sum(w.isalnum() for w in tokenizer_10k.words(team_sentence))", TS + "team_fertility = {v}")),
  (W, "the five sentences' value", ("float(fertility.iloc[list(fertility['vocab size']).index(10_000)]['the five sentences'])", TS + "team_fertility = {v}")),
  (W, "truncated to 2 decimals", ("int(" + TF + " * 100) / 100", TS + "team_fertility = {v}")),
  (S, "computed in answer cell", TS + "team_fertility = " + TF),
  (S, "HF tokenizer on vocab_10k", TS + "from tokenizers import Tokenizer as _T, models as _m, normalizers as _n, pre_tokenizers as _p\n_h = _T(_m.WordPiece({t: i for i, t in enumerate(tokens_10k)}, unk_token='[UNK]'))\n_h.normalizer = _n.BertNormalizer(lowercase=False)\n_h.pre_tokenizer = _p.BertPreTokenizer()\n_e = _h.encode(team_sentence)\nteam_fertility = len(_e.tokens) / len(set(_e.word_ids))"),
  (C, "right typed", (TF, TS + "team_fertility = {v}")),
 ]),
]
