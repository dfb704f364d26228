NOTEBOOK = "notebooks/06_bpe_comparison.ipynb"
EXERCISES = [{'name': 'bpe_first_two', 'stub': 11, 'check': 12, 'attempts': []}, {'name': 'toy_jaccard', 'stub': 17, 'check': 18, 'attempts': []}, {'name': 'replay', 'stub': 24, 'check': 25, 'attempts': []}, {'name': 'bpe_differing_word', 'stub': 34, 'check': 35, 'attempts': []}]
