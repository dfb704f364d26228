"""Notebook 12, Unigram: checks, the Viterbi stepper and the sampling explorer, tables and figures."""
