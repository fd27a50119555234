"""The frozen program's entry point: the same main() that `python -m encounter_app` runs."""

import sys

from encounter_app.__main__ import main

sys.exit(main())
