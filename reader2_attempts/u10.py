NOTEBOOK = "notebooks/10_model_inputs.ipynb"
EXERCISES = [{'name': 'rum_offsets', 'stub': 15, 'check': 16, 'attempts': []}, {'name': 'my_pair_input', 'stub': 24, 'check': 25, 'attempts': []}, {'name': 'kept', 'stub': 33, 'check': 34, 'attempts': []}, {'name': 'decoded', 'stub': 41, 'check': 42, 'attempts': []}]
