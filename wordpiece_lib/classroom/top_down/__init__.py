"""Notebook 05, the top-down learner: checks, the threshold explorer and its figures."""
