"""Notebook 09, beyond English: scripts, accents, one vocab for several languages, parity."""
