"""``python -m wordpiece_lib``: see ``wordpiece_lib.cli``."""

import sys

from .cli import MODULE_PROGRAM, main

if __name__ == "__main__":
    sys.exit(main(prog=MODULE_PROGRAM))
