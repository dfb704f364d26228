"""Notebook 13, real tokenizers taken apart: checks, the token-span view and the explanation widget, tables, figures."""
