"""The kernel's shared JSON Schemas (chance, event log, outcome), shipped as data files.

Each format's save schema refers to them by their ``$id`` (``urn:rulekeeper:chance``, ...);
:func:`rulekeeper.engine.saves.check_structure` resolves those references.
"""
