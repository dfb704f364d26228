NOTEBOOK = "notebooks/09_other_languages.ipynb"
EXERCISES = [
 dict(name="merged_groups", stub=13, check=14, attempts=[
  ("shortcut", "HF BertNormalizer earlier via variable", ["from tokenizers import normalizers as _hn\n_n = _hn.BertNormalizer(lowercase=True)\n_d = {}\nfor _w in words_to_group:\n    _d.setdefault(_n.normalize_str(_w), []).append(_w)\n_hg = [g for g in _d.values() if len(g) > 1]", "merged_groups = _hg"]),
  ("shortcut", "transformers BasicTokenizer earlier via variable", ["from transformers.models.bert.tokenization_bert import BasicTokenizer as _BT\n_bt = _BT(do_lower_case=True)\n_d2 = {}\nfor _w in words_to_group:\n    _d2.setdefault(' '.join(_bt.tokenize(_w)), []).append(_w)\n_tg = [g for g in _d2.values() if len(g) > 1]", "merged_groups = _tg"]),
  ("shortcut", "uncased in answer cell", "_d3 = {}\nfor _w in words_to_group:\n    _d3.setdefault(uncased(_w), []).append(_w)\nmerged_groups = [g for g in _d3.values() if len(g) > 1]"),
  ("shortcut", "HF earlier, typed in", ["from tokenizers import normalizers as _hn\n_n = _hn.BertNormalizer(lowercase=True)\n_d = {}\nfor _w in words_to_group:\n    _d.setdefault(_n.normalize_str(_w), []).append(_w)\n_hg = [g for g in _d.values() if len(g) > 1]", ("_hg", "merged_groups = {v}")]),
 ]),
 dict(name="bert_disagreements", stub=70, check=71, attempts=[
  ("shortcut", "HF vs google earlier via variable", ["google_bert = WordPieceTokenizer(bert.vocab, lowercase=True, compat='google')\nfrom wordpiece_lib import BERT_SPECIAL_TOKENS\nfrom tokenizers import Tokenizer as _T, models as _m, normalizers as _n, pre_tokenizers as _p\n_h = _T(_m.WordPiece({t: i for i, t in enumerate(bert.vocab.tokens)}, unk_token='[UNK]'))\n_h.normalizer = _n.BertNormalizer(lowercase=True)\n_h.pre_tokenizer = _p.BertPreTokenizer()\n_h.add_special_tokens(list(BERT_SPECIAL_TOKENS))\n_causes = dict(zip(which_bert_texts, [None, 'final sigma', 'special token typed']))\n_hd = {k: (None if _h.encode(t, add_special_tokens=False).tokens == google_bert.tokenize(t) else _causes[k]) for k, t in which_bert_texts.items()}", "bert_disagreements = _hd"]),
  ("shortcut", "library tokenizers earlier via variable (plain compare)", ["google_bert = WordPieceTokenizer(bert.vocab, lowercase=True, compat='google')\n_same = {k: bert.tokenize(t) == google_bert.tokenize(t) for k, t in which_bert_texts.items()}", "bert_disagreements = {k: (None if v else {'b': 'final sigma', 'c': 'special token typed', 'a': 'Unicode version'}[k]) for k, v in _same.items()}"]),
 ]),
]
