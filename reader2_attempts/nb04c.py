NOTEBOOK = "notebooks/04_encoding.ipynb"
EXERCISES = [
 dict(name="my_encode", stub=12, check=13, attempts=[
  ("shortcut", "transformers WordpieceTokenizer", '''from transformers.models.bert.tokenization_bert_legacy import WordpieceTokenizer as _WT
def my_encode(word, vocab):
    v = {"[UNK]": 0}
    for t in vocab:
        if t != "[UNK]":
            v.setdefault(t[1:] if t.startswith("_") else "##" + t, len(v))
    out = _WT(vocab=v, unk_token="[UNK]", max_input_chars_per_word=100).tokenize(word)
    return [t if t == "[UNK]" else ("_" + t if i == 0 else t[2:]) for i, t in enumerate(out)]'''),
 ]),
 dict(name="my_decode", stub=34, check=35, attempts=[
  ("shortcut", "transformers convert_tokens_to_string", '''from transformers.models.bert.tokenization_bert_legacy import BertTokenizerLegacy as _BTL
def my_decode(tokens):
    return _BTL.convert_tokens_to_string(None, tokens)'''),
 ]),
]
