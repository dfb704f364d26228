"""Notebook 02, pair scores: checks for pair counts and WordPiece scores, and score figures."""
