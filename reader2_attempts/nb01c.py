NOTEBOOK = "notebooks/01_character_splitting.ipynb"
EXERCISES = [
 dict(name="split_with_prefix", stub=23, check=24, attempts=[
  ("shortcut", "transformers WordpieceTokenizer", '''from transformers.models.bert.tokenization_bert_legacy import WordpieceTokenizer as _WT
def split_with_prefix(word):
    v = {"[UNK]": 0}
    for i, c in enumerate(word):
        v.setdefault(c if i == 0 else "##" + c, len(v))
    return _WT(vocab=v, unk_token="[UNK]", max_input_chars_per_word=10**6).tokenize(word)'''),
 ]),
]
