"""Notebook 01, character splitting: checks for splitting words into ``##`` pieces, and word-count figures."""
