NOTEBOOK = "notebooks/03_merge_steps.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
MA = '''def merge_all(splits, pairs):
    out = {w: list(p) for w, p in splits.items()}
    for pair in pairs:
        tok = join_pair(*pair)
        for w, p in out.items():
            new, i = [], 0
            while i < len(p):
                if i + 1 < len(p) and (p[i], p[i + 1]) == pair:
                    new.append(tok); i += 2
                else:
                    new.append(p[i]); i += 1
            out[w] = new
    return out'''
def tb(expr, tpl):
    return (expr, tpl)
VT = "train_bottom_up(variant, vocab_size=100, special_tokens=['[UNK]'])"
LT = "train_bottom_up(word_counts, vocab_size=100, special_tokens=['[UNK]'], tie_break='lexical')"
FS = "len(train_bottom_up(word_counts, vocab_size=1000, special_tokens=['[UNK]', '[CLS]', '[SEP]']).tokens())"
EXERCISES = [
 dict(name="merge_all", stub=7, check=8, attempts=[
  (W, "plain concatenation", MA.replace("tok = join_pair(*pair)", "tok = pair[0] + pair[1]")),
  (W, "strip ## of both", MA.replace("tok = join_pair(*pair)", "tok = pair[0].removeprefix('##') + pair[1].removeprefix('##')")),
  (W, "pairs in reverse order", MA.replace("for pair in pairs:", "for pair in reversed(pairs):")),
  (W, "first occurrence only", MA.replace("new.append(tok); i += 2", "new.append(tok); new.extend(p[i + 2:]); break")),
  (W, "right to left overlap", MA.replace("new, i = [], 0", "p = p[::-1]; new, i = [], 0").replace("if i + 1 < len(p) and (p[i], p[i + 1]) == pair:", "if i + 1 < len(p) and (p[i + 1], p[i]) == pair:").replace("out[w] = new", "out[w] = new[::-1]")),
  (W, "only the first pair", MA.replace("for pair in pairs:", "for pair in pairs[:1]:")),
  (W, "all pairs at once from the start", '''def merge_all(splits, pairs):
    out = {}
    for w, p in splits.items():
        new, i = [], 0
        while i < len(p):
            if i + 1 < len(p) and (p[i], p[i + 1]) in pairs:
                new.append(join_pair(p[i], p[i + 1])); i += 2
            else:
                new.append(p[i]); i += 1
        out[w] = new
    return out'''),
  (W, "skips overlapping: i += 1 after merge", MA.replace("new.append(tok); i += 2", "new.append(tok); i += 1")),
  (S, "merge_pair aliased earlier", ["import wordpiece_lib as _wl\n_mp = getattr(_wl, 'merge_' + 'pair')", "def merge_all(splits, pairs):\n    for pair in pairs:\n        splits = _mp(splits, pair, join_pair(*pair))\n    return splits"]),
  (S, "encode_with_merges per word", "from wordpiece_lib import encode_with_merges as _ewm\ndef merge_all(splits, pairs):\n    return {w: _ewm(w, list(pairs)) for w in splits}"),
  (S, "HF BPE model", '''from tokenizers import models as _hm
def merge_all(splits, pairs):
    out = {}
    for w, p in splits.items():
        vocab = {}
        for piece in p:
            vocab.setdefault(piece, len(vocab))
        for a, b in pairs:
            vocab.setdefault(a, len(vocab)); vocab.setdefault(b, len(vocab)); vocab.setdefault(join_pair(a, b), len(vocab))
        m = _hm.BPE(vocab, [tuple(x) for x in pairs], continuing_subword_prefix='##')
        out[w] = [t.value for t in m.tokenize(w)]
    return out'''),
  (C, "right", MA),
 ]),
 dict(name="first_three", stub=20, check=21, attempts=[
  (W, "hug/pug's first three (worked)", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = ['##gs', 'hu', 'hugs']"),
  (W, "lexical tie-break", ("train_bottom_up(variant, vocab_size=100, special_tokens=['[UNK]'], tie_break='lexical').new_tokens[:3]", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = {v}")),
  (W, "BPE order", ("__import__('wordpiece_lib').train_bpe(variant, 100, special_tokens=['[UNK]']).new_tokens[:3]", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = {v}")),
  (W, "no ##", ("[t.removeprefix('##') for t in " + VT + ".new_tokens[:3]]", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = {v}")),
  (W, "pairs instead of tokens", ("[s.pair for s in " + VT + ".steps[:3]]", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = {v}")),
  (W, "steps 2-4", (VT + ".new_tokens[1:4]", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = {v}")),
  (W, "right tokens wrong order", ("sorted(" + VT + ".new_tokens[:3])", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = {v}")),
  (W, "last tie-break (pair met last)", ("train_bottom_up(dict(reversed(list(variant.items()))), vocab_size=100, special_tokens=['[UNK]']).new_tokens[:3]", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = {v}")),
  (S, "trainer in answer cell", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = train_bottom_up(variant, vocab_size=100, special_tokens=['[UNK]']).new_tokens[:3]"),
  (S, "trainer earlier, via variable", ["_vt = train_bottom_up(variant, vocab_size=100, special_tokens=['[UNK]'])", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = _vt.new_tokens[:3]"]),
  (S, "train_fast in answer cell", "from wordpiece_lib import train_fast as _tf\nvariant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = list(_tf(variant, 100, special_tokens=['[UNK]']).new_tokens[:3])"),
  (C, "right typed", (VT + ".new_tokens[:3]", "variant = {'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5, 'bugs': 3}\nfirst_three = {v}")),
 ]),
 dict(name="lexical_four", stub=35, check=36, attempts=[
  (W, "the first-policy four (given)", "lexical_four = ['##gs', 'hu', 'hugs', 'hug']"),
  (W, "no ##", ("[t.removeprefix('##') for t in " + LT + ".new_tokens[:4]]", "lexical_four = {v}")),
  (W, "three only", (LT + ".new_tokens[:3]", "lexical_four = {v}")),
  (W, "sorted", ("sorted(" + LT + ".new_tokens[:4])", "lexical_four = {v}")),
  (W, "BPE lexical", ("__import__('wordpiece_lib').train_bpe(word_counts, 100, special_tokens=['[UNK]'], tie_break='lexical').new_tokens[:4]", "lexical_four = {v}")),
  (W, "lexical on variant", ("train_bottom_up(variant, vocab_size=100, special_tokens=['[UNK]'], tie_break='lexical').new_tokens[:4]", "lexical_four = {v}")),
  (W, "off by one (steps 2-5)", (LT + ".new_tokens[1:5]", "lexical_four = {v}")),
  (S, "trainer in answer cell", "lexical_four = " + LT + ".new_tokens[:4]"),
  (S, "trainer earlier via variable", ["_lt = " + LT, "lexical_four = list(_lt.new_tokens[:4])"]),
  (C, "right typed", (LT + ".new_tokens[:4]", "lexical_four = {v}")),
 ]),
 dict(name="final_size", stub=47, check=48, attempts=[
  (W, "vocab_size asked", "final_size = 1000"),
  (W, "no specials", ("" + FS + " - 3", "final_size = {v}")),
  (W, "off by one", ("" + FS + " + 1", "final_size = {v}")),
  (W, "one special only", ("" + FS + " - 2", "final_size = {v}")),
  (W, "BERT's five specials", ("" + FS + " + 2", "final_size = {v}")),
  (W, "merges only", ("len(train_bottom_up(word_counts, vocab_size=1000, special_tokens=['[UNK]', '[CLS]', '[SEP]']).steps)", "final_size = {v}")),
  (W, "notebook's 100-vocab trace size", ("len(trace.tokens())", "final_size = {v}")),
  (S, "trainer in answer cell", "final_size = len(train_bottom_up(word_counts, vocab_size=1000, special_tokens=['[UNK]', '[CLS]', '[SEP]']).tokens())"),
  (S, "trainer earlier via variable", ["_b = train_bottom_up(word_counts, vocab_size=1000, special_tokens=['[UNK]', '[CLS]', '[SEP]'])", "final_size = len(_b.tokens())"]),
  (S, "HF WordPieceTrainer size", "from tokenizers import Tokenizer as _T, models as _m, trainers as _tr, pre_tokenizers as _p\n_t = _T(_m.WordPiece(unk_token='[UNK]'))\n_t.pre_tokenizer = _p.WhitespaceSplit()\n_t.train_from_iterator([' '.join([w] * c) for w, c in word_counts.items()], _tr.WordPieceTrainer(vocab_size=1000, special_tokens=['[UNK]', '[CLS]', '[SEP]'], show_progress=False))\nfinal_size = _t.get_vocab_size()"),
  (C, "right typed", (FS, "final_size = {v}")),
 ]),
]
