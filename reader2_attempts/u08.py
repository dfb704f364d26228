NOTEBOOK = "notebooks/08_fast_encoding.ipynb"
EXERCISES = [{'name': 'failure_of_tokeniz', 'stub': 28, 'check': 29, 'attempts': []}, {'name': 'emitted_at_s', 'stub': 31, 'check': 32, 'attempts': []}, {'name': 'unk_word', 'stub': 36, 'check': 37, 'attempts': []}]
