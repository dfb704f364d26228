NOTEBOOK = "notebooks/05_top_down.ipynb"
EXERCISES = [
 dict(name="my_split_points", stub=35, check=36, attempts=[
  ("shortcut", "transformers WordpieceTokenizer", '''from transformers.models.bert.tokenization_bert_legacy import WordpieceTokenizer as _WT
def my_split_points(word, vocab):
    pieces = _WT(vocab={t: i for i, t in enumerate(vocab)}, unk_token="[UNK]", max_input_chars_per_word=10**6).tokenize(word)
    if pieces == ["[UNK]"]:
        return None
    points, at = [], 0
    for p in pieces:
        points.append(at)
        at += len(p.removeprefix("##"))
    return points'''),
 ]),
]
