NOTEBOOK = "notebooks/02_pair_scores.ipynb"
EXERCISES = [{'name': 'count_pairs', 'stub': 11, 'check': 12, 'attempts': []}, {'name': 'wordpiece_score', 'stub': 19, 'check': 20, 'attempts': []}, {'name': 'best_after_ug', 'stub': 22, 'check': 23, 'attempts': []}, {'name': 'bpe_first', 'stub': 36, 'check': 37, 'attempts': []}]
