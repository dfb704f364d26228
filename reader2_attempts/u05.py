NOTEBOOK = "notebooks/05_top_down.ipynb"
EXERCISES = [{'name': 'hug_keeps', 'stub': 16, 'check': 17, 'attempts': []}, {'name': 'survivors', 'stub': 21, 'check': 22, 'attempts': []}, {'name': 'my_split_points', 'stub': 35, 'check': 36, 'attempts': []}, {'name': 'threshold_tries', 'stub': 64, 'check': 65, 'attempts': []}]
