"""The ``regalia`` command line: ``regalia.cli.app:app`` (Typer), entry point ``main``.

Rich and Typer live here only; games provide plain text views (``games/<game>/view.py``).
"""

from .app import app, main

__all__ = ["app", "main"]
