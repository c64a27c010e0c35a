"""Sphinx glue is not part of an engine's API."""
