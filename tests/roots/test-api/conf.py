"""An engine package with submodules, re-exports and private parts, for the API pages."""

import sys
from pathlib import Path

# The engine package lives beside this file; its name is unique to this root.
sys.path.insert(0, str(Path(__file__).parent))

extensions = ["myst_parser", "sphinx.ext.autodoc", "rulekeeper.sphinx"]
myst_enable_extensions = ["colon_fence"]
exclude_patterns = ["_build"]
nitpicky = True
rulekeeper_engine_packages = ["api_engine"]
rulekeeper_api_dir = "reference"
