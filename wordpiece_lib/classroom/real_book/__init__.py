"""Notebook 07, a real book: checks, tables and figures for Treasure Island."""
