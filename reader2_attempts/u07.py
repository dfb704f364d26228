NOTEBOOK = "notebooks/07_real_book.ipynb"
EXERCISES = [{'name': 'longest_token', 'stub': 24, 'check': 25, 'attempts': []}, {'name': 'whole_names', 'stub': 30, 'check': 31, 'attempts': []}, {'name': 'predicted_split', 'stub': 40, 'check': 41, 'attempts': []}, {'name': 'team_fertility', 'stub': 48, 'check': 49, 'attempts': []}]
