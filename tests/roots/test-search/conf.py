"""A site with rules and a glossary whose entry names another game's word and a range of rules:
what the search reads of them."""

extensions = ["myst_parser", "rulekeeper.sphinx"]
myst_enable_extensions = ["colon_fence", "attrs_inline"]
exclude_patterns = ["_build"]
rulekeeper_engine_packages: list[str] = []
