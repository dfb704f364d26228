NOTEBOOK = "notebooks/12_unigram.ipynb"
EXERCISES = [{'name': 'bugs_best', 'stub': 12, 'check': 13, 'attempts': []}, {'name': 'word_probability', 'stub': 23, 'check': 24, 'attempts': []}, {'name': 'zero_cost', 'stub': 32, 'check': 33, 'attempts': []}, {'name': 'hug_chance', 'stub': 42, 'check': 43, 'attempts': []}]
