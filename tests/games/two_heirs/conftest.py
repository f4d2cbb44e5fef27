"""The Two Heirs tests' helper module ``two_heirs_tiles.py`` sits in this folder, which is put
on ``sys.path`` so that the tests can import it (the project imports tests with
``--import-mode=importlib``, which does not import sibling modules)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
