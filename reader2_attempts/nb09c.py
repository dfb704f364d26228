NOTEBOOK = "notebooks/09_other_languages.ipynb"
EXERCISES = [
 dict(name="merged_groups", stub=13, check=14, attempts=[
  ("shortcut", "transformers BasicTokenizer earlier via variable", ["from transformers.models.bert.tokenization_bert_legacy import BasicTokenizer as _BT\n_bt = _BT(do_lower_case=True)\n_d2 = {}\nfor _w in words_to_group:\n    _d2.setdefault(' '.join(_bt.tokenize(_w)), []).append(_w)\n_tg = [g for g in _d2.values() if len(g) > 1]\nprint(_tg)", "merged_groups = _tg"]),
  ("shortcut", "transformers BasicTokenizer in answer cell", "from transformers.models.bert.tokenization_bert_legacy import BasicTokenizer as _BT2\n_d4 = {}\nfor _w in words_to_group:\n    _d4.setdefault(' '.join(_BT2(do_lower_case=True).tokenize(_w)), []).append(_w)\nmerged_groups = [g for g in _d4.values() if len(g) > 1]"),
  ("wrong", "reset to a wrong answer", "merged_groups = [['a', 'b']]"),
  ("shortcut", "transformers BertTokenizerLegacy basic_tokenizer earlier", ["from transformers.models.bert.tokenization_bert_legacy import BasicTokenizer as _BT3\n_b3 = _BT3(do_lower_case=True, strip_accents=None)\n_norm = {w: _b3.tokenize(w)[0] for w in words_to_group}\n_d5 = {}\nfor _w, _k in _norm.items():\n    _d5.setdefault(_k, []).append(_w)\n_g5 = [g for g in _d5.values() if len(g) > 1]", "merged_groups = _g5"]),
 ]),
 dict(name="greek_tokens_per_word", stub=32, check=33, attempts=[
  ("shortcut", "transformers WordpieceTokenizer earlier via variable", ["from transformers.models.bert.tokenization_bert_legacy import BasicTokenizer as _BT4, WordpieceTokenizer as _WT\n_v = {t: i for i, t in enumerate(bert.vocab.tokens)}\n_wt = _WT(vocab=_v, unk_token='[UNK]')\n_bt4 = _BT4(do_lower_case=True)\n_g = sum(len([p for w2 in _bt4.tokenize(w) for p in _wt.tokenize(w2)]) * c for w, c in top_greek.items()) / sum(top_greek.values())", "greek_tokens_per_word = _g"]),
  ("shortcut", "transformers WordpieceTokenizer in answer cell", "from transformers.models.bert.tokenization_bert_legacy import BasicTokenizer as _BT5, WordpieceTokenizer as _WT5\n_wt5 = _WT5(vocab={t: i for i, t in enumerate(bert.vocab.tokens)}, unk_token='[UNK]')\n_bt5 = _BT5(do_lower_case=True)\ngreek_tokens_per_word = sum(len([p for w2 in _bt5.tokenize(w) for p in _wt5.tokenize(w2)]) * c for w, c in top_greek.items()) / sum(top_greek.values())"),
 ]),
]
