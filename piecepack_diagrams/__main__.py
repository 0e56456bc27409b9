"""``python -m piecepack_diagrams`` runs the command line."""

import sys

from .launch import main

sys.exit(main())
