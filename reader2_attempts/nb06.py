NOTEBOOK = "notebooks/06_bpe_comparison.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
RP = '''def replay(word, merges):
    pieces = [word[0]] + ["##" + c for c in word[1:]]
    rank = {tuple(m): i for i, m in enumerate(merges)}
    while True:
        present = [(rank[p], p) for p in zip(pieces, pieces[1:]) if p in rank]
        if not present:
            return pieces
        _, pair = min(present)
        new, i = [], 0
        while i < len(pieces):
            if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == pair:
                new.append(pair[0] + pair[1].removeprefix("##")); i += 2
            else:
                new.append(pieces[i]); i += 1
        pieces = new'''
BT = "train_bpe(hug_pug, 100, special_tokens=['[UNK]'])"
J = "(lambda a, b: __import__('fractions').Fraction(len(a & b), len(a | b)))(set(wp_toy.tokens()), set(bpe_toy.tokens()))"
DW = "[w for w, *_ in differing_words(longest_match_encoder(bpe_gnus), merge_replay_encoder(bpe_gnus), ['' .join((f, *r)) for n in range(1, 5) for f in 'hpbg' for r in itertools.product('ugns', repeat=n)]) if w != 'pugs']"
EXERCISES = [
 dict(name="bpe_first_two", stub=11, check=12, attempts=[
  (W, "WordPiece first two", ("[s.pair for s in train_fast(hug_pug, 100, special_tokens=['[UNK]']).steps[:2]]", "bpe_first_two = {v}")),
  (W, "first only", ("[s.pair for s in " + BT + ".steps[:1]]", "bpe_first_two = {v}")),
  (W, "second without re-counting", ("[c.pair for c in rank_candidates(score_pairs(splits, hug_pug, 'bpe'))[:2]]", "bpe_first_two = {v}")),
  (W, "reversed pairs", ("[tuple(reversed(s.pair)) for s in " + BT + ".steps[:2]]", "bpe_first_two = {v}")),
  (W, "tokens instead of pairs", ("" + BT + ".new_tokens[:2]", "bpe_first_two = {v}")),
  (W, "order swapped", ("[s.pair for s in " + BT + ".steps[:2]][::-1]", "bpe_first_two = {v}")),
  (W, "steps 2-3", ("[s.pair for s in " + BT + ".steps[1:3]]", "bpe_first_two = {v}")),
  (S, "train_bpe in answer cell", "bpe_first_two = [s.pair for s in " + BT + ".steps[:2]]"),
  (S, "HF BpeTrainer merges", "from tokenizers import Tokenizer as _T, models as _m, trainers as _tr, pre_tokenizers as _p\nimport json as _j\n_t = _T(_m.BPE(continuing_subword_prefix='##'))\n_t.pre_tokenizer = _p.WhitespaceSplit()\n_t.train_from_iterator([' '.join([w] * c) for w, c in hug_pug.items()], _tr.BpeTrainer(vocab_size=100, special_tokens=['[UNK]'], continuing_subword_prefix='##', show_progress=False))\n_ms = _j.loads(_t.to_str())['model']['merges'][:2]\nbpe_first_two = [tuple(m.split(' ')) if isinstance(m, str) else tuple(m) for m in _ms]"),
  (S, "train_bpe earlier via variable", ["_bt = " + BT, "bpe_first_two = [s.pair for s in _bt.steps[:2]]"]),
  (C, "right typed", ("[s.pair for s in " + BT + ".steps[:2]]", "bpe_first_two = {v}")),
 ]),
 dict(name="toy_jaccard", stub=17, check=18, attempts=[
  (W, "shared over WordPiece's size", ("__import__('fractions').Fraction(len(set(wp_toy.tokens()) & set(bpe_toy.tokens())), len(wp_toy.tokens()))", "from fractions import Fraction\ntoy_jaccard = {v}")),
  (W, "shared over the sum", ("__import__('fractions').Fraction(len(set(wp_toy.tokens()) & set(bpe_toy.tokens())), len(wp_toy.tokens()) + len(bpe_toy.tokens()))", "from fractions import Fraction\ntoy_jaccard = {v}")),
  (W, "float", ("float(" + J + ")", "toy_jaccard = {v}")),
  (W, "one minus", ("1 - " + J, "from fractions import Fraction\ntoy_jaccard = {v}")),
  (W, "new tokens only", ("(lambda a, b: __import__('fractions').Fraction(len(a & b), len(a | b)))(set(wp_toy.new_tokens), set(bpe_toy.new_tokens))", "from fractions import Fraction\ntoy_jaccard = {v}")),
  (W, "without [UNK]", ("(lambda a, b: __import__('fractions').Fraction(len(a & b), len(a | b)))(set(wp_toy.tokens()) - {'[UNK]'}, set(bpe_toy.tokens()) - {'[UNK]'})", "from fractions import Fraction\ntoy_jaccard = {v}")),
  (W, "Dice instead", ("(lambda a, b: __import__('fractions').Fraction(2 * len(a & b), len(a) + len(b)))(set(wp_toy.tokens()), set(bpe_toy.tokens()))", "from fractions import Fraction\ntoy_jaccard = {v}")),
  (S, "vocab_overlap in answer cell", "toy_jaccard = vocab_overlap(wp_toy.tokens(), bpe_toy.tokens()).jaccard"),
  (S, "sets in answer cell", "from fractions import Fraction\ntoy_jaccard = Fraction(len(set(wp_toy.tokens()) & set(bpe_toy.tokens())), len(set(wp_toy.tokens()) | set(bpe_toy.tokens())))"),
  (S, "vocab_overlap earlier via variable", ["_ov = vocab_overlap(wp_toy.tokens(), bpe_toy.tokens())", "toy_jaccard = _ov.jaccard"]),
  (C, "right typed", (J, "from fractions import Fraction\ntoy_jaccard = {v}")),
 ]),
 dict(name="replay", stub=24, check=25, attempts=[
  (W, "latest learned first", RP.replace("min(present)", "max(present)")),
  (W, "plain concatenation", RP.replace('pair[0] + pair[1].removeprefix("##")', 'pair[0] + pair[1]')),
  (W, "first occurrence only", RP.replace("new.append(pair[0] + pair[1].removeprefix(\"##\")); i += 2", "new.append(pair[0] + pair[1].removeprefix(\"##\")); new.extend(pieces[i + 2:]); break")),
  (W, "one merge and stop", RP.replace("        pieces = new", "        return new")),
  (W, "no ## start", RP.replace('[word[0]] + ["##" + c for c in word[1:]]', 'list(word)')),
  (W, "leftmost present pair first", RP.replace("_, pair = min(present)", "pair = present[0][1]")),
  (W, "only pairs in the first pass, one sweep", '''def replay(word, merges):
    pieces = [word[0]] + ["##" + c for c in word[1:]]
    out, i = [], 0
    ms = {tuple(m) for m in merges}
    while i < len(pieces):
        if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) in ms:
            out.append(pieces[i] + pieces[i + 1].removeprefix("##")); i += 2
        else:
            out.append(pieces[i]); i += 1
    return out'''),
  (W, "longest match instead", "def replay(word, merges):\n    vocab = {word[0]} | {'##' + c for c in word[1:]} | {a + b.removeprefix('##') for a, b in merges}\n    return encode_word(word, vocab)"),
  (S, "encode_with_merges aliased earlier", ["import wordpiece_lib as _wl\n_ewm = getattr(_wl, 'encode_with_' + 'merges')", "def replay(word, merges):\n    return _ewm(word, merges)"]),
  (S, "HF BPE model", '''from tokenizers import models as _hm
def replay(word, merges):
    vocab = {}
    for i, c in enumerate(word):
        vocab.setdefault(c if i == 0 else "##" + c, len(vocab))
    for a, b in merges:
        for t in (a, b, a + b.removeprefix("##")):
            vocab.setdefault(t, len(vocab))
    m = _hm.BPE(vocab, [tuple(x) for x in merges], continuing_subword_prefix="##")
    return [t.value for t in m.tokenize(word)]'''),
  (S, "merge_pair per merge", "from wordpiece_lib import merge_pair as _mp, join_pair as _jp\ndef replay(word, merges):\n    s = {word: [word[0]] + ['##' + c for c in word[1:]]}\n    for m in merges:\n        s = _mp(s, tuple(m), _jp(*m))\n    return s[word]"),
  (C, "right", RP),
 ]),
 dict(name="bpe_differing_word", stub=34, check=35, attempts=[
  (W, "pugs (known)", "gnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = 'pugs'"),
  (W, "agreeing word", "gnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = 'hug'"),
  (W, "the new word itself", "gnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = 'gnus'"),
  (W, "unknown letter", "gnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = 'mug'"),
  (W, "WordPiece's disagreement", "gnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = 'hugpugs'"),
  (W, "capitalised", ["import itertools", (DW + "[0].upper()", "gnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = {v}")]),
  (S, "differing_words in answer cell", "import itertools\ngnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = " + DW + "[0]"),
  (S, "own loop earlier via variable", ["import itertools\n_cands = [''.join((f, *r)) for n in range(1, 5) for f in 'hpbg' for r in itertools.product('ugns', repeat=n)]\n_found = [w for w in _cands if w != 'pugs' and encode_word(w, bpe_gnus.tokens()) != encode_with_merges(w, bpe_gnus.merges) and encode_word(w, bpe_gnus.tokens()) != ['[UNK]']]", "gnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = _found[0]"]),
  (S, "search aside, typed", ["import itertools", (DW + "[-1]", "gnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = {v}")]),
  (C, "right typed", ["import itertools", (DW + "[0]", "gnus_counts = {**hug_pug, 'gnus': 3}\nbpe_gnus = train_bpe(gnus_counts, 100, special_tokens=['[UNK]'])\nbpe_differing_word = {v}")]),
 ]),
]
