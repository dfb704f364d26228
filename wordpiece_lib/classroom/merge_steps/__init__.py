"""Notebook 03, merge steps: checks for merging and training, the merge stepper widget and its figures."""
