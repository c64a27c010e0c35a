"""``python -m rulekeeper`` runs the command line."""

import sys

from rulekeeper.cli import main

sys.exit(main())
