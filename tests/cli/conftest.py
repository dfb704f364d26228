"""Fixtures the command-line tests share."""

from command_helpers import corpus  # noqa: F401  (the fixture, for every test here)
