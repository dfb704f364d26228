"""Notebook 11, corpora beyond one process: checks, tables and figures for counting at scale."""
