"""A site with two card galleries: one of real data, one whose provider does not exist."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

extensions = ["myst_parser", "rulekeeper.sphinx"]
myst_enable_extensions = ["colon_fence"]
exclude_patterns = ["_build"]
rulekeeper_engine_packages = ["gallery_cards"]
