NOTEBOOK = "notebooks/04_encoding.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
ME = '''def my_encode(word, vocab):
    if len(word) > 100:
        return ["[UNK]"]
    tokens, start = [], 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = "_" + word[start:end] if start == 0 else word[start:end]
            if piece in vocab:
                tokens.append(piece)
                start = end
                break
        else:
            return ["[UNK]"]
    return tokens'''
MD = "def my_decode(tokens):\n    out = ''\n    for t in tokens:\n        if t.startswith('##'):\n            out += t[2:]\n        else:\n            out += (' ' if out else '') + t\n    return out"
NEWF = "[w for w, *_ in new_found]"
EXERCISES = [
 dict(name="my_encode", stub=12, check=13, attempts=[
  (W, "no _ on the first lookup", ME.replace('"_" + word[start:end] if start == 0 else word[start:end]', 'word[start:end]')),
  (W, "_ on every lookup", ME.replace('"_" + word[start:end] if start == 0 else word[start:end]', '"_" + word[start:end]')),
  (W, "## lookups after first", ME.replace('else word[start:end]', 'else "##" + word[start:end]')),
  (W, "partial [UNK]", ME.replace('        else:\n            return ["[UNK]"]', '        else:\n            tokens.append("[UNK]"); start += 1')),
  (W, "no 100-char rule", ME.replace('    if len(word) > 100:\n        return ["[UNK]"]\n', '')),
  (W, "100 rule off by one (>=)", ME.replace('len(word) > 100', 'len(word) >= 100')),
  (W, "shortest match first", ME.replace('range(len(word), start, -1)', 'range(start + 1, len(word) + 1)')),
  (W, "[UNK] as a string", ME.replace('return ["[UNK]"]', 'return "[UNK]"')),
  (W, "bytes count for the rule", ME.replace('len(word) > 100', 'len(word.encode()) > 100')),
  (S, "longest_match with translated vocab", "def my_encode(word, vocab):\n    v = {t[1:] if t.startswith('_') else '##' + t for t in vocab}\n    return [t if t == '[UNK]' else ('_' + t if i == 0 else t[2:]) for i, t in enumerate(longest_match(word, v))] if len(word) <= 100 else ['[UNK]']"),
  (S, "HF WordPiece with translated vocab", '''from tokenizers import models as _hm
def my_encode(word, vocab):
    v = {"[UNK]": 0}
    for t in vocab:
        if t == "[UNK]":
            continue
        v.setdefault(t[1:] if t.startswith("_") else "##" + t, len(v))
    m = _hm.WordPiece(v, unk_token="[UNK]", max_input_chars_per_word=100)
    out = [x.value for x in m.tokenize(word)]
    return [t if t == "[UNK]" else ("_" + t if i == 0 else t[2:]) for i, t in enumerate(out)]'''),
  (S, "encode_word aliased earlier, translated", ["import wordpiece_lib as _wl\n_ew = getattr(_wl, 'encode_' + 'word')", "def my_encode(word, vocab):\n    v = {t[1:] if t.startswith('_') else '##' + t for t in vocab}\n    return [t if t == '[UNK]' else ('_' + t if i == 0 else t[2:]) for i, t in enumerate(_ew(word, v))]"]),
  (C, "right", ME),
 ]),
 dict(name="my_word", stub=23, check=24, attempts=[
  (W, "pugs (old disagreement)", "my_word = 'pugs'"),
  (W, "agreeing word", "my_word = 'hug'"),
  (W, "the new corpus word", "my_word = 'puns'"),
  (W, "word outside the alphabet", "my_word = 'mugs'"),
  (W, "another old disagreement", ("[w for w, *_ in found if w != 'pugs'][0]", "my_word = {v}")),
  (W, "list of two words", ("" + NEWF + "[:2]", "my_word = {v}")),
  (W, "capitalised right word", ("" + NEWF + "[0].capitalize()", "my_word = {v}")),
  (S, "new_found read ahead", ["exec(compile(open('/dev/null').read(), 'x', 'exec'))\nimport itertools\npuns_vocab = puns_trace.vocab()\nnew_found = []\nfor length in range(2, 5):\n    for t in itertools.product(letters, repeat=length):\n        word = ''.join(t)\n        l, r = encode_word(word, puns_vocab), encode_with_merges(word, puns_trace.merges)\n        was = encode_word(word, vocab) != encode_with_merges(word, trace.merges)\n        if l != r and l != ['[UNK]'] and not was:\n            new_found.append((word, l, r))", "my_word = new_found[0][0]"]),
  (S, "search loop in answer cell", "import itertools\nmy_word = next(''.join(t) for n in range(2, 6) for t in itertools.product('bghnpsu', repeat=n) if encode_word(''.join(t), puns_trace.vocab()) != encode_with_merges(''.join(t), puns_trace.merges) and encode_word(''.join(t), puns_trace.vocab()) != ['[UNK]'] and encode_word(''.join(t), vocab) == encode_with_merges(''.join(t), trace.merges))"),
  (S, "HF BPE replay vs WordPiece search, typed", ("" + NEWF + "[-1]", "my_word = {v}")),
  (C, "right typed", ("" + NEWF + "[0]", "my_word = {v}")),
 ]),
 dict(name="my_decode", stub=34, check=35, attempts=[
  (W, "keeps ##", "def my_decode(tokens):\n    return ' '.join(tokens)"),
  (W, "removes ## but keeps spaces", "def my_decode(tokens):\n    return ' '.join(t.removeprefix('##') for t in tokens)"),
  (W, "glues everything", "def my_decode(tokens):\n    return ''.join(t.removeprefix('##') for t in tokens)"),
  (W, "strips every #", "def my_decode(tokens):\n    out = ''\n    for t in tokens:\n        if t.startswith('##'):\n            out += t.replace('#', '')\n        else:\n            out += (' ' if out else '') + t.replace('#', '')\n    return out"),
  (W, "glues to the next (wrong side)", "def my_decode(tokens):\n    out = ''\n    for i, t in enumerate(tokens):\n        out += t.removeprefix('##')\n        if i + 1 < len(tokens) and not t.startswith('##'):\n            out += ' '\n    return out.strip()"),
  (W, "trailing space", "def my_decode(tokens):\n    out = ''\n    for t in tokens:\n        if t.startswith('##'):\n            out = out.rstrip(' ') + t[2:] + ' '\n        else:\n            out += t + ' '\n    return out"),
  (W, "clean-up of punctuation", MD + "\n_md = my_decode\ndef my_decode(tokens):\n    s = _md(tokens)\n    for p in '.,!?':\n        s = s.replace(' ' + p, p)\n    return s"),
  (W, "skips special tokens", MD.replace("for t in tokens:", "for t in [x for x in tokens if not (x.startswith('[') and x.endswith(']'))]:")),
  (S, "decode_pieces aliased earlier", ["import wordpiece_lib as _wl\n_dp = getattr(_wl, 'decode_' + 'pieces')", "def my_decode(tokens):\n    return _dp(tokens)"]),
  (S, "HF WordPiece decoder", "from tokenizers import decoders as _hd\ndef my_decode(tokens):\n    return _hd.WordPiece(cleanup=False).decode(tokens)"),
  (S, "transformers BertTokenizer convert_tokens_to_string", "from transformers.models.bert.tokenization_bert import BasicTokenizer\nimport transformers\ndef my_decode(tokens):\n    return ' '.join(tokens).replace(' ##', '')"),
  (C, "right", MD),
 ]),
]
