"""Notebook 04, encoding: checks for longest-match-first and decoding, the longest-match explorer and its figure."""
