"""Notebook 06, BPE next to WordPiece: checks, comparison tables, Hugging Face's merges replayed, figures and a widget."""
