NOTEBOOK = "notebooks/13_real_tokenizers.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
LM = "(lambda w, v: (lambda f: f(f, w, 0))(lambda f, w, s: [] if s >= len(w) else next(([p] + f(f, w, e) for e in range(len(w), s, -1) for p in [w[s:e] if s == 0 else '##' + w[s:e]] if p in v), ['[UNK]'])))"
DB = LM + "('doubloons', bert.vocab)"
BPE = '''(lambda ps: (lambda loop: loop(loop, ps))(lambda loop, ps: ps if not any((a, b) in ranks for a, b in zip(ps, ps[1:])) else loop(loop, (lambda i: ps[:i] + [ps[i] + ps[i + 1]] + ps[i + 2:])(min(range(len(ps) - 1), key=lambda i: ranks.get((ps[i], ps[i + 1]), 10**9))))))(list(to_byte_chars(' parrots')))'''
UG = "unigram.model.best_path('▁islanders').pieces"
RJ = "[('tokenizers')[:e] for e in range(len('tokenizers'), 5, -1)]"
EXERCISES = [
 dict(name="doubloons_cut", stub=23, check=24, attempts=[
  (W, "no ##", ("[t.removeprefix('##') for t in " + DB + "]", "doubloons_cut = {v}")),
  (W, "shortest first", ("(lambda w, v: (lambda f: f(f, w, 0))(lambda f, w, s: [] if s >= len(w) else next(([p] + f(f, w, e) for e in range(s + 1, len(w) + 1) for p in [w[s:e] if s == 0 else '##' + w[s:e]] if p in v), ['[UNK]'])))('doubloons', bert.vocab)", "doubloons_cut = {v}")),
  (W, "the whole word", "doubloons_cut = ['doubloons']"),
  (W, "singular cut + s", ("" + LM + "('doubloon', bert.vocab) + ['##s']", "doubloons_cut = {v}")),
  (W, "## on the first", ("['##' + t if i == 0 else t for i, t in enumerate(" + DB + ")]", "doubloons_cut = {v}")),
  (W, "string", ("' '.join(" + DB + ")", "doubloons_cut = {v}")),
  (W, "[UNK]", "doubloons_cut = ['[UNK]']"),
  (W, "letters", "doubloons_cut = ['d'] + ['##' + c for c in 'oubloons']"),
  (S, "tokenizer in answer cell", "print('ship' in bert.vocab)\ndoubloons_cut = bert.tokenize('doubloons') if hasattr(bert, 'tokenize') else bert.encode('doubloons').tokens"),
  (S, "explain in answer cell", "print('ship' in bert.vocab)\ndoubloons_cut = list(explain(bert, 'doubloons').tokens) if isinstance(explain(bert, 'doubloons').tokens[0], str) else [t.token if hasattr(t, 'token') else str(t) for t in explain(bert, 'doubloons').tokens]"),
  (S, "HF WordPiece from bert.vocab", "print('ship' in bert.vocab)\nfrom tokenizers import models as _hm\n_vt = list(getattr(bert.vocab, 'tokens', bert.vocab))\ndoubloons_cut = [t.value for t in _hm.WordPiece({t: i for i, t in enumerate(_vt)}, unk_token='[UNK]').tokenize('doubloons')]"),
  (S, "library encode_word earlier via variable", ["from wordpiece_lib import encode_word as _ew\n_dc = _ew('doubloons', bert.vocab)", "print('ship' in bert.vocab)\ndoubloons_cut = _dc"]),
  (C, "right typed", (DB, "print('ship' in bert.vocab)\ndoubloons_cut = {v}")),
 ]),
 dict(name="parrots_cut", stub=28, check=29, attempts=[
  (W, "without Ġ", ("[t.replace('Ġ', '') for t in " + BPE + "]", "parrots_cut = {v}")),
  (W, "characters only", ("list(to_byte_chars(' parrots'))", "parrots_cut = {v}")),
  (W, "whole", "parrots_cut = ['Ġparrots']"),
  (W, "largest rank first", ("(lambda ps: (lambda loop: loop(loop, ps))(lambda loop, ps: ps if not any((a, b) in ranks for a, b in zip(ps, ps[1:])) else loop(loop, (lambda i: ps[:i] + [ps[i] + ps[i + 1]] + ps[i + 2:])(max([i for i in range(len(ps) - 1) if (ps[i], ps[i + 1]) in ranks], key=lambda i: ranks[(ps[i], ps[i + 1])])))))(list(to_byte_chars(' parrots')))", "parrots_cut = {v}")),
  (W, "leftmost mergeable pair first", ("(lambda ps: (lambda loop: loop(loop, ps))(lambda loop, ps: ps if not any((a, b) in ranks for a, b in zip(ps, ps[1:])) else loop(loop, (lambda i: ps[:i] + [ps[i] + ps[i + 1]] + ps[i + 2:])(min([i for i in range(len(ps) - 1) if (ps[i], ps[i + 1]) in ranks])))))(list(to_byte_chars(' parrots')))", "parrots_cut = {v}")),
  (W, "no space (parrots at start)", ("(lambda ps: (lambda loop: loop(loop, ps))(lambda loop, ps: ps if not any((a, b) in ranks for a, b in zip(ps, ps[1:])) else loop(loop, (lambda i: ps[:i] + [ps[i] + ps[i + 1]] + ps[i + 2:])(min(range(len(ps) - 1), key=lambda i: ranks.get((ps[i], ps[i + 1]), 10**9))))))(list(to_byte_chars('parrots')))", "parrots_cut = {v}")),
  (W, "space as a plain space", ("[t.replace('Ġ', ' ') for t in " + BPE + "]", "parrots_cut = {v}")),
  (S, "gpt tokenizer in answer cell", "parrots_cut = gpt.tokenize(' parrots') if hasattr(gpt, 'tokenize') else gpt.encode(' parrots').tokens"),
  (S, "HF Tokenizer.from_file", "from tokenizers import Tokenizer as _T\nimport glob\n_cands = {p: _T.from_file(p).encode(' parrots').tokens for p in glob.glob('../data/tokenizers/*bpe*.json')}\nparrots_cut = next(v for p, v in _cands.items() if 'treasure' in p)"),
  (S, "HF BPE model from gpt merges", "from tokenizers import models as _hm\n_v = dict(gpt.model.vocab) if hasattr(gpt.model, 'vocab') and isinstance(gpt.model.vocab, dict) else {t: i for i, t in enumerate(getattr(gpt.model.vocab, 'tokens', gpt.model.vocab))}\nparrots_cut = [t.value for t in _hm.BPE(_v, [tuple(m) for m in gpt.model.merges]).tokenize(''.join(to_byte_chars(' parrots')))]"),
  (C, "right typed", (BPE, "parrots_cut = {v}")),
 ]),
 dict(name="islanders_cut", stub=33, check=34, attempts=[
  (W, "without ▁", ("[p.replace('▁', '') for p in " + UG + "]", "islanders_cut = {v}")),
  (W, "second best", ("unigram.model.nbest('▁islanders', 2)[1].pieces", "islanders_cut = {v}")),
  (W, "greedy longest", ("(lambda w, v: (lambda f: f(f, 0))(lambda f, s: [] if s >= len(w) else next(([w[s:e]] + f(f, e) for e in range(len(w), s, -1) if w[s:e] in v), [w[s]] + f(f, s + 1))))('▁islanders', unigram.model.piece_ids)", "islanders_cut = {v}")),
  (W, "characters", "islanders_cut = list('▁islanders')"),
  (W, "▁ separate", ("['▁'] + [p.replace('▁', '') for p in " + UG + "]", "islanders_cut = {v}")),
  (W, "whole", "islanders_cut = ['▁islanders']"),
  (W, "fewest pieces then", ("min((c.pieces for c in unigram.model.nbest('▁islanders', 50)), key=len)", "islanders_cut = {v}")),
  (S, "model in answer cell", "islanders_cut = " + UG),
  (S, "HF Tokenizer.from_file", "from tokenizers import Tokenizer as _T\nislanders_cut = _T.from_file('../data/tokenizers/botchan-unigram.json').encode('islanders').tokens"),
  (S, "HF earlier via variable", ["from tokenizers import Tokenizer as _T\n_ic = _T.from_file('../data/tokenizers/botchan-unigram.json').encode('islanders').tokens", "islanders_cut = _ic"]),
  (C, "right typed", (UG, "islanders_cut = {v}")),
 ]),
 dict(name="rejected", stub=38, check=39, attempts=[
  (W, "token included", ("" + RJ + " + ['token']", "rejected = {v}")),
  (W, "shortest first", ("" + RJ + "[::-1]", "rejected = {v}")),
  (W, "with ##", ("['##' + c for c in " + RJ + "]", "rejected = {v}")),
  (W, "whole word only", "rejected = ['tokenizers']"),
  (W, "missing the whole word", ("" + RJ + "[1:]", "rejected = {v}")),
  (W, "after token (##izers...)", ("['##' + 'izers'[:e] for e in range(5, 0, -1)]", "rejected = {v}")),
  (W, "tuple", ("tuple(" + RJ + ")", "rejected = {v}")),
  (W, "tokenize/tokenizer swapped", ("(lambda r: [r[0], r[2], r[1], *r[3:]])(" + RJ + ")", "rejected = {v}")),
  (S, "lookup loop in answer cell", "rejected = [('tokenizers')[:e] for e in range(len('tokenizers'), 0, -1) if ('tokenizers')[:e] not in bert.vocab and len(('tokenizers')[:e]) > 5]"),
  (S, "explain parsed", "import re\n_d = explain(bert, 'tokenizers').tokens[1].decision\nprint(_d)\nrejected = [('tokenizers')[:e] for e in range(len('tokenizers'), 5, -1)]"),
  (C, "right typed", (RJ, "rejected = {v}")),
 ]),
]
