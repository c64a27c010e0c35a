"""A rules page with hidden setup, an example that starts from a position and one that does not,
and a guide: the rules page's examples get the buttons that run them in the browser."""

extensions = ["myst_parser", "rulekeeper.sphinx"]
myst_enable_extensions = ["colon_fence"]
exclude_patterns = ["_build"]
rulekeeper_engine_packages: list[str] = []
rulekeeper_tests_dir = "ruletests"
