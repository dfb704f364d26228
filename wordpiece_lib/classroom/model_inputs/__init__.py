"""Notebook 10, from tokens to a model's input: checks, the token-span view and figures of batches."""
