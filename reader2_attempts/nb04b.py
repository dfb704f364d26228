NOTEBOOK = "notebooks/04_encoding.ipynb"
ONLY = None
W = "wrong"
AS = "import itertools\n_pv = puns_trace.vocab()\n_nf = []\nfor _n in range(2, 5):\n    for _t in itertools.product('bghnpsu', repeat=_n):\n        _w = ''.join(_t)\n        if encode_word(_w, _pv) != encode_with_merges(_w, puns_trace.merges) and encode_word(_w, _pv) != ['[UNK]'] and encode_word(_w, vocab) == encode_with_merges(_w, trace.merges):\n            _nf.append(_w)"
EXERCISES = [
 dict(name="my_word", stub=23, check=24, attempts=[
  (W, "a word the old trace split differently (not pugs)", [AS, ("[w for w, *_ in found if w != 'pugs'][:1] or ['hugpugs']", "my_word = {v}[0]")]),
  (W, "list of two words", [AS, ("_nf[:2]", "my_word = {v}")]),
  (W, "capitalised right word", [AS, ("_nf[0].capitalize()", "my_word = {v}")]),
  (W, "right word plus s", [AS, ("_nf[0] + 's'", "my_word = {v}")]),
  (W, "right word reversed", [AS, ("_nf[0][::-1]", "my_word = {v}")]),
  ("shortcut", "notebook's own search cell run ahead", ["puns_vocab = puns_trace.vocab()\nnew_found = []\nfor length in range(2, 5):\n    for letters_tuple in itertools.product(letters, repeat=length):\n        word = ''.join(letters_tuple)\n        longest, replay = encode_word(word, puns_vocab), encode_with_merges(word, puns_trace.merges)\n        was = encode_word(word, vocab) != encode_with_merges(word, trace.merges)\n        if longest != replay and longest != ['[UNK]'] and not was:\n            new_found.append((word, longest, replay))\nif checks.WORKBOOK.reveal('my_word'):\n    display(pd.DataFrame(new_found, columns=['word', 'longest match', 'merge replay']))", "my_word = new_found[0][0]"]),
  ("correct", "right typed", [AS, ("_nf[0]", "my_word = {v}")]),
 ]),
]
