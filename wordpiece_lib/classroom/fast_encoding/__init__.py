"""Notebook 08, linear-time encoding: checks, the automaton stepper and figures of LinMaxMatch."""
