"""Sphinx configuration of the API reference, built from the package's docstrings.

Built offline (no inventories fetched), warnings as errors, by tests/test_docs.py and by
``piecepack-diagrams build`` (into output/docs/)::

    python -m sphinx -W --keep-going -b html docs output/docs
    python -m sphinx -W --keep-going -b doctest docs /tmp/doctest
"""

from __future__ import annotations

import sys
from pathlib import Path

# The checkout's package, when the sources are built from a checkout that is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piecepack_diagrams import __version__  # noqa: E402

project = "piecepack-diagrams"
author = "the piecepack-diagrams authors"
copyright = author  # no year: the same pages whenever they are built
version = release = __version__

extensions = ["sphinx.ext.autodoc", "sphinx.ext.doctest"]
# Only the reStructuredText pages: the other files of docs/ (the README's picture scripts,
# notes) are not part of the reference.
source_suffix = {".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "pictures"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": False}
# Annotations are kept as written (``from __future__ import annotations``), not evaluated.
autodoc_preserve_defaults = True

html_theme = "alabaster"
html_title = f"piecepack-diagrams {version} API reference"
# Deterministic pages: no date, no source copies, no build stamps.
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False
html_show_sphinx = False
today = ""
