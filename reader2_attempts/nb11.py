NOTEBOOK = "notebooks/11_big_corpora.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
CUT = '''def cut(data: bytes, position: int) -> int:
    if position <= 0:
        return 0
    if position >= len(data):
        return len(data)
    if data[position - 1] == 10:
        return position
    i = data.find(b"\\n", position)
    return len(data) if i == -1 else i + 1'''
MIO = '''def merge_in_order(parts):
    out = {}
    for part in parts:
        for w, c in part.items():
            out[w] = out.get(w, 0) + c
    return out'''
HRS = "20 * 1000 / (12.5 * 8 * 0.9) / 3600"
EXERCISES = [
 dict(name="cut", stub=14, check=15, attempts=[
  (W, "the newline itself", CUT.replace("i + 1", "i")),
  (W, "already at a line end not seen", CUT.replace("    if data[position - 1] == 10:\n        return position\n", "")),
  (W, "-1 when none", CUT.replace("return len(data) if i == -1 else i + 1", "return -1 if i == -1 else i + 1")),
  (W, "searches backwards", CUT.replace('i = data.find(b"\\n", position)', 'i = data.rfind(b"\\n", 0, position)')),
  (W, "search from position + 1", CUT.replace('data.find(b"\\n", position)', 'data.find(b"\\n", position + 1)')),
  (W, "no clamp past the end", CUT.replace("    if position >= len(data):\n        return len(data)\n", "")),
  (W, "no start case", CUT.replace("    if position <= 0:\n        return 0\n", "")),
  (W, "rounds to the previous line end", '''def cut(data: bytes, position: int) -> int:
    if position >= len(data):
        return len(data)
    i = data.rfind(b"\\n", 0, position)
    return 0 if i == -1 else i + 1'''),
  (W, "splits at spaces too", '''def cut(data: bytes, position: int) -> int:
    if position <= 0:
        return 0
    for i in range(position, len(data)):
        if data[i - 1] in b"\\n ":
            return i
    return len(data)'''),
  (S, "library _next_boundary", "import io\nfrom wordpiece_lib.counting import textstream as _ts\ndef cut(data: bytes, position: int) -> int:\n    if position <= 0:\n        return 0\n    s = io.BytesIO(data)\n    s.seek(position - 1)\n    return _ts._next_boundary(s)"),
  (S, "split_file on a temp file", "import tempfile, os\ndef cut(data: bytes, position: int) -> int:\n    if position <= 0:\n        return 0\n    if position >= len(data):\n        return len(data)\n    d = tempfile.mkdtemp()\n    p = os.path.join(d, 'x.txt')\n    open(p, 'wb').write(data)\n    return split_file(p, position)[0].end"),
  (C, "right", CUT),
 ]),
 dict(name="merge_in_order", stub=20, check=21, attempts=[
  (W, "overwrites counts", "def merge_in_order(parts):\n    out = {}\n    for part in parts:\n        out.update(part)\n    return out"),
  (W, "alphabetical", MIO + "\n_mio = merge_in_order\ndef merge_in_order(parts):\n    return dict(sorted(_mio(parts).items()))"),
  (W, "parts reversed", MIO.replace("for part in parts:", "for part in reversed(parts):")),
  (W, "mutates the first part", "def merge_in_order(parts):\n    out = parts[0] if parts else {}\n    for part in parts[1:]:\n        for w, c in part.items():\n            out[w] = out.get(w, 0) + c\n    return out"),
  (W, "by total count", MIO + "\n_mio2 = merge_in_order\ndef merge_in_order(parts):\n    return dict(sorted(_mio2(parts).items(), key=lambda kv: -kv[1]))"),
  (W, "last-seen order", MIO.replace("out[w] = out.get(w, 0) + c", "out[w] = out.pop(w, 0) + c")),
  (W, "counts kept per part (max)", MIO.replace("out[w] = out.get(w, 0) + c", "out[w] = max(out.get(w, 0), c)")),
  (S, "merge_counts aliased earlier", ["import wordpiece_lib.counting as _wc\n_mc = getattr(_wc, 'merge_' + 'counts')", "def merge_in_order(parts):\n    return dict(_mc(parts))"]),
  (S, "Counter sum", "from collections import Counter\ndef merge_in_order(parts):\n    out = Counter()\n    for p in parts:\n        out.update(p)\n    return dict(out)"),
  (S, "WordCounts.from_pairs", "from wordpiece_lib import WordCounts as _WC\ndef merge_in_order(parts):\n    return dict(_WC.from_pairs([kv for p in parts for kv in p.items()]))"),
  (C, "right", MIO),
 ]),
 dict(name="hours", stub=37, check=38, attempts=[
  (W, "no efficiency", "hours = 20 * 1000 / (12.5 * 8) / 3600"),
  (W, "1 GB = 1024 MB", "hours = 20 * 1024 / (12.5 * 8 * 0.9) / 3600"),
  (W, "efficiency the wrong way", "hours = 20 * 1000 * 0.9 / (12.5 * 8) / 3600"),
  (W, "seconds", "hours = 20 * 1000 / (12.5 * 8 * 0.9)"),
  (W, "minutes", "hours = 20 * 1000 / (12.5 * 8 * 0.9) / 60"),
  (W, "one core", "hours = 20 * 1000 / (12.5 * 0.9) / 3600"),
  (W, "rounded 0.06", "hours = 0.06"),
  (W, "measured speed", "hours = 20 * 1000 / (mb_per_second * 8 * 0.9) / 3600"),
  (S, "docs/scaling style formula in a helper earlier", ["def _estimate(gb, speed, cores, eff):\n    return gb * 1000 / (speed * cores * eff) / 3600\n_h = _estimate(20, 12.5, 8, 0.9)", "hours = _h"]),
  (S, "computed in answer cell", "hours = " + HRS),
  (C, "right typed", ("round(" + HRS + ", 4)", "hours = {v}")),
 ]),
]
