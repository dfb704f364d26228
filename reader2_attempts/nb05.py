NOTEBOOK = "notebooks/05_top_down.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
HC = "{'hug': 10, 'hugs': 5, 'hugged': 3}"
SC = "{'hug': 6, 'hugs': 3, 'bugs': 3, 'bug': 1}"
SP = '''def my_split_points(word, vocab):
    pieces = encode_word(word, vocab)
    if pieces == ["[UNK]"]:
        return None
    points, at = [], 0
    for p in pieces:
        points.append(at)
        at += len(p.removeprefix("##"))
    return points'''
SEARCH = '''def _search(lo, hi, target=1500, ceil=False, plus=1, stop_at_fit=True, slack=0.05, size=None):
    size = size or book_rounds.size
    tries = []
    while lo <= hi:
        t = (lo + hi + (1 if ceil else 0)) // 2
        tries.append(t)
        n = size(t)
        if n > target:
            lo = t + plus
        elif n < target * (1 - slack):
            hi = t - plus
        else:
            if stop_at_fit:
                break
            hi = t - 1
        if t <= 1:
            break
    return tries
_b = threshold_bounds(book_counts, upper_thresh=100, lower_thresh=1)'''
EXERCISES = [
 dict(name="hug_keeps", stub=16, check=17, attempts=[
  (W, "the whole count", ("substring_counts(" + HC + ")['hug']", "hug_keeps = {v}")),
  (W, "guide's rule (kept only)", ("substring_counts(" + HC + ")['hug'] - 5", "hug_keeps = {v}")),
  (W, "hug + hugs", "hug_keeps = 15"),
  (W, "zero (nothing kept)", "hug_keeps = 0"),
  (W, "hugged only", "hug_keeps = 3"),
  (W, "took off twice (hugge and hugged)", ("substring_counts(" + HC + ")['hug'] - 5 - 3 - 3", "hug_keeps = {v}")),
  (W, "float", "hug_keeps = 10.0"),
  (S, "one_pass in answer cell", "_t = one_pass(substring_counts(" + HC + "), 4)\nhug_keeps = int(_t[_t.substring == 'hug']['left when its turn comes'].iloc[0])"),
  (S, "threshold_pass earlier via variable", ["_k = threshold_pass(substring_counts(" + HC + "), 4)", "hug_keeps = _k['hug']"]),
  (S, "TensorFlow-text-free: learn() aside, typed", ("dict(threshold_pass(substring_counts(" + HC + "), 4))['hug']", "hug_keeps = {v}")),
  (C, "right typed", "hug_keeps = 10"),
 ]),
 dict(name="survivors", stub=21, check=22, attempts=[
  (W, "guide's rule", ("set(threshold_pass(substring_counts(" + SC + "), 4, subtract='kept'))", "survivors = {v}")),
  (W, "every substring counted >= 4", ("{s for s, n in substring_counts(" + SC + ").items() if n >= 4}", "survivors = {v}")),
  (W, "> instead of >=", ("set(threshold_pass(substring_counts(" + SC + "), 5))", "survivors = {v}")),
  (W, "without ##", ("{s.removeprefix('##') for s in threshold_pass(substring_counts(" + SC + "), 4)}", "survivors = {v}")),
  (W, "plus characters", ("set(add_characters(threshold_pass(substring_counts(" + SC + "), 4), word_characters(" + SC + ")))", "survivors = {v}")),
  (W, "list instead of set", ("sorted(threshold_pass(substring_counts(" + SC + "), 4))", "survivors = {v}")),
  (W, "one missing", ("set(sorted(threshold_pass(substring_counts(" + SC + "), 4))[1:])", "survivors = {v}")),
  (W, "whole words only", "survivors = {'hug'}"),
  (S, "threshold_pass in answer cell", "survivors = set(threshold_pass(substring_counts(" + SC + "), 4))"),
  (S, "one_pass earlier via variable", ["_op = one_pass(substring_counts(" + SC + "), 4)", "survivors = set(_op[_op.kept].substring)"]),
  (S, "the reveal read ahead", ["print(checks.WORKBOOK.reveal('survivors'))", "survivors = set(threshold_pass(substring_counts(" + SC + "), 4))"]),
  (C, "right typed", ("set(threshold_pass(substring_counts(" + SC + "), 4))", "survivors = {v}")),
 ]),
 dict(name="my_split_points", stub=35, check=36, attempts=[
  (W, "end positions", SP.replace("points.append(at)\n        at += len(p.removeprefix(\"##\"))", "at += len(p.removeprefix(\"##\"))\n        points.append(at)")),
  (W, "counts the ##", SP.replace('len(p.removeprefix("##"))', 'len(p)')),
  (W, "[] when unknown", SP.replace("return None", "return []")),
  (W, "[0] when unknown", SP.replace("return None", "return [0]")),
  (W, "piece lengths", SP.replace("points.append(at)\n        at += len(p.removeprefix(\"##\"))", "points.append(len(p.removeprefix('##')))")),
  (W, "1-based", SP.replace("points.append(at)", "points.append(at + 1)")),
  (W, "plus the end", SP.replace("    return points", "    return points + [len(word)]")),
  (W, "unk not detected (UNK length)", SP.replace('if pieces == ["[UNK]"]:\n        return None', 'if False:\n        pass')),
  (S, "split_points aliased earlier", ["import wordpiece_lib.training as _wt\n_spf = getattr(_wt, 'split_' + 'points')", "def my_split_points(word, vocab):\n    return _spf(word, vocab)"]),
  (S, "HF WordPiece offsets", '''from tokenizers import models as _hm
def my_split_points(word, vocab):
    v = {"[UNK]": 0}
    for t in vocab:
        v.setdefault(t, len(v))
    toks = _hm.WordPiece(v, unk_token="[UNK]", max_input_chars_per_word=10**6).tokenize(word)
    if [t.value for t in toks] == ["[UNK]"]:
        return None
    return [t.offsets[0] for t in toks]'''),
  (C, "right", SP),
 ]),
 dict(name="threshold_tries", stub=64, check=65, attempts=[
  (W, "default bounds", [SEARCH, ("_search(*threshold_bounds(book_counts))", "threshold_tries = {v}")]),
  (W, "ceil middle", [SEARCH, ("_search(*_b, ceil=True)", "threshold_tries = {v}")]),
  (W, "moves to the try, not +1", [SEARCH, ("_search(*_b, plus=0)[:12]", "threshold_tries = {v}")]),
  (W, "no slack", [SEARCH, ("_search(*_b, slack=0)", "threshold_tries = {v}")]),
  (W, "only the last", [SEARCH, ("_search(*_b)[-1:]", "threshold_tries = {v}")]),
  (W, "directions swapped", [SEARCH, ("_search(*_b, size=lambda t: 3000 - book_rounds.size(t))", "threshold_tries = {v}")]),
  (W, "drops the first try", [SEARCH, ("_search(*_b)[1:]", "threshold_tries = {v}")]),
  (W, "target 2000 (the example)", [SEARCH, ("_search(*_b, target=2000)", "threshold_tries = {v}")]),
  (S, "train_top_down in answer cell", "threshold_tries = [s.threshold for s in train_top_down(book_counts, 1500, ['[UNK]'], upper_thresh=100, lower_thresh=1).steps]"),
  (S, "train_top_down earlier via variable", ["_s = train_top_down(book_counts, 1500, ['[UNK]'], upper_thresh=100, lower_thresh=1)", "threshold_tries = [s.threshold for s in _s.steps]"]),
  (S, "linear scan typed", [SEARCH, ("[t for t in range(100, 0, -1) if book_rounds.size(t) <= 1500][-1:]", "threshold_tries = {v}")]),
  (C, "right typed", [SEARCH, ("_search(*_b)", "threshold_tries = {v}")]),
 ]),
]
