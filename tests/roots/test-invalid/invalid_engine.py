"""Enforces nothing: every rule of the ``invalid`` project is malformed."""
