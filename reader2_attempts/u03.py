NOTEBOOK = "notebooks/03_merge_steps.ipynb"
EXERCISES = [{'name': 'merge_all', 'stub': 7, 'check': 8, 'attempts': []}, {'name': 'first_three', 'stub': 20, 'check': 21, 'attempts': []}, {'name': 'lexical_four', 'stub': 35, 'check': 36, 'attempts': []}, {'name': 'final_size', 'stub': 47, 'check': 48, 'attempts': []}]
