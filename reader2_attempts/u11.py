NOTEBOOK = "notebooks/11_big_corpora.ipynb"
EXERCISES = [{'name': 'cut', 'stub': 14, 'check': 15, 'attempts': []}, {'name': 'merge_in_order', 'stub': 20, 'check': 21, 'attempts': []}, {'name': 'hours', 'stub': 37, 'check': 38, 'attempts': []}]
