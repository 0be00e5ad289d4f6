"""``python -m spelbord.cli``: the same as the ``spelbord`` command."""

import sys

from spelbord.cli.main import main

sys.exit(main())
