"""regalia's web table (issue 12): a game-independent server (FastAPI, SQLAlchemy) and a
small hand-written JavaScript client. Needs the ``[web]`` extra.

It imports no game's rules: games come from the core registry, their drawings through
:func:`regalia.core.registry.game_drawing`.
"""

from .app import create_app

__all__ = ["create_app"]
