NOTEBOOK = "notebooks/08_fast_encoding.ipynb"
W = "wrong"; S = "shortcut"; C = "correct"
def fp(pops, link):
    return "my_pops = %r\nmy_link = %r" % (pops, link)
def uw(w, p):
    return "unk_word = %r\nunk_position = %r" % (w, p)
LIB = "_node = token_automaton.node(token_automaton.find('tokeniz', continuation=False))\nmy_pops = list(_node.failure_pops)\nmy_link = None if _node.failure_link is None else token_automaton.label(_node.failure_link)"
EXERCISES = [
 dict(name="failure_of_tokeniz", stub=28, check=29, attempts=[
  (W, "stops too late: pops ##z too", fp(["token", "##i", "##z"], "##")),
  (W, "stops too early: link ##iz", fp(["token"], "##iz")),
  (W, "link without ##", fp(["token", "##i"], "z")),
  (W, "no link", fp(["token", "##i"], None)),
  (W, "the longest token of the path", fp(["tokenize"], "##")),
  (W, "shortest first", fp(["t", "##o"], "##k")),
  (W, "pops as a string", fp("token ##i", "##z")),
  (W, "link to root", fp(["token", "##i"], "##")),
  (W, "## on the first pop", fp(["##token", "##i"], "##z")),
  (S, "library node in answer cell", LIB),
  (S, "library node earlier via variables", [LIB.replace("my_pops", "_p").replace("my_link", "_l"), "my_pops = _p\nmy_link = _l"]),
  (S, "encode_word of the prefix", "my_pops = encode_word('tokeni', TOKEN_VOCAB)\nmy_link = '##z'"),
  (C, "right typed", fp(["token", "##i"], "##z")),
 ]),
 dict(name="emitted_at_s", stub=31, check=32, attempts=[
  (W, "one failure only", "emitted_at_s = ['token']"),
  (W, "includes ##s", "emitted_at_s = ['token', '##i', '##s']"),
  (W, "tokeni", "emitted_at_s = ['tokeni']"),
  (W, "only ##i", "emitted_at_s = ['##i']"),
  (W, "tuple", "emitted_at_s = ('token', '##i')"),
  (W, "no ##", "emitted_at_s = ['token', 'i']"),
  (W, "the whole word's tokens", "emitted_at_s = encode_word('tokenis', TOKEN_VOCAB)"),
  (W, "reversed", "emitted_at_s = ['##i', 'token']"),
  (S, "encoder in answer cell", "emitted_at_s = token_automaton.encode_word('tokenis')[:-1]"),
  (S, "steps_frame in answer cell", "_f = steps_frame(token_automaton, 'tokenis')\nprint(_f.columns)\nemitted_at_s = token_automaton.encode_word('tokeni')[:2]"),
  (S, "encoder earlier via variable", ["_e = token_automaton.encode_word('tokenis')", "emitted_at_s = _e[:-1]"]),
  (C, "right typed", "emitted_at_s = ['token', '##i']"),
 ]),
 dict(name="unk_word", stub=36, check=37, attempts=[
  (W, "a walked word (abd)", uw("abd", 3)),
  (W, "one past", uw("abcdq", 5)),
  (W, "one before", uw("abcdq", 3)),
  (W, "no character read", uw("zzz", 0)),
  (W, "not unknown", uw("abcdx", 5)),
  (W, "end case given mid position", uw("abcd", 3)),
  (W, "1-based", uw("abx", 3)),
  (W, "position as str", uw("abcdq", "4")),
  (S, "search in answer cell", "import itertools\nunk_word, unk_position = next((''.join(t), 4) for t in itertools.product('abcdqz', repeat=5) if ''.join(t).startswith('abcd') and automaton.encode_word(''.join(t)) == ['[UNK]'] and ''.join(t) not in ('abcdz',))"),
  (S, "search earlier via variable", ["import itertools\n_u = [''.join(t) for t in itertools.product('abcdq', repeat=5) if automaton.encode_word(''.join(t)) == ['[UNK]'] and ''.join(t).startswith('abcd')]", "unk_word = _u[0]\nunk_position = 4"]),
  (C, "right typed (mid-word)", uw("abcdq", 4)),
  (C, "right typed (end)", uw("abcd", 4)),
 ]),
]
