NOTEBOOK = "notebooks/13_real_tokenizers.ipynb"
EXERCISES = [{'name': 'wordpiece_cut', 'stub': 23, 'check': 24, 'attempts': []}, {'name': 'bpe_cut', 'stub': 28, 'check': 29, 'attempts': []}, {'name': 'unigram_cut', 'stub': 33, 'check': 34, 'attempts': []}, {'name': 'rejected', 'stub': 38, 'check': 39, 'attempts': []}]
