"""Private: no API page."""
