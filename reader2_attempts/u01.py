NOTEBOOK = "notebooks/01_character_splitting.ipynb"
EXERCISES = [{'name': 'count_words', 'stub': 16, 'check': 17, 'attempts': []}, {'name': 'split_with_prefix', 'stub': 23, 'check': 24, 'attempts': []}, {'name': 'split_with_end_marker', 'stub': 26, 'check': 27, 'attempts': []}, {'name': 'my_alphabet', 'stub': 32, 'check': 33, 'attempts': []}]
