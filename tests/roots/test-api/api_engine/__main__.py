"""Running this would be a mistake; it gets no API page and is never imported."""

raise SystemExit("not for import")
