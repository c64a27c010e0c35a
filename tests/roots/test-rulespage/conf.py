"""A site with a page of the rules (under ``rules/``) and a guide, both with doctests outside any
rule: the rules page shows them as a judge reads them, the guide as code."""

extensions = ["myst_parser", "rulekeeper.sphinx"]
myst_enable_extensions = ["colon_fence"]
exclude_patterns = ["_build"]
rulekeeper_engine_packages: list[str] = []
rulekeeper_tests_dir = "ruletests"
rulekeeper_api_dir = "api"
