"""An engine package that re-exports its public names."""

from api_engine.core import Table, setup

LIMIT = 30
"""Defined here, so documented here."""

__all__ = ["LIMIT", "Table", "setup"]
