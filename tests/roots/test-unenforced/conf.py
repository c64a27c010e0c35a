"""A normative rule that no code enforces."""

import sys
from pathlib import Path

# The tiny engine lives beside this file; its module name is unique to this root.
sys.path.insert(0, str(Path(__file__).parent))

extensions = ["myst_parser", "rulekeeper.sphinx"]
myst_enable_extensions = ["colon_fence"]
exclude_patterns = ["_build"]
rulekeeper_engine_packages = ["unenforced_engine"]
