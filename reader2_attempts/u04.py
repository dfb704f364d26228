NOTEBOOK = "notebooks/04_encoding.ipynb"
EXERCISES = [{'name': 'my_encode', 'stub': 12, 'check': 13, 'attempts': []}, {'name': 'my_word', 'stub': 23, 'check': 24, 'attempts': []}, {'name': 'my_decode', 'stub': 34, 'check': 35, 'attempts': []}]
