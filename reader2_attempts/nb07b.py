NOTEBOOK = "notebooks/07_real_book.ipynb"
TS = "team_sentence = \"Our team found the map, the gold, and Ben Gunn's cave.\"\n"
TF = "len(tokenizer_10k.tokenize(team_sentence)) / len(tokenizer_10k.words(team_sentence))"
EXERCISES = [
 dict(name="team_fertility", stub=48, check=49, attempts=[
  ("correct", "rounded to 2 decimals", ("round(" + TF + ", 2)", TS + "team_fertility = {v}")),
  ("correct", "as a Fraction", ("__import__('fractions').Fraction(len(tokenizer_10k.tokenize(team_sentence)), len(tokenizer_10k.words(team_sentence)))", TS + "from fractions import Fraction\nteam_fertility = {v}")),
  ("correct", "as tokens / words typed", ("'%d / %d' % (len(tokenizer_10k.tokenize(team_sentence)), len(tokenizer_10k.words(team_sentence)))", TS + "team_fertility = eval({v})")),
 ]),
]
