"""Every limit and duration of the web table in one place (:class:`Settings`).

``regalia serve`` builds one from its options; tests build their own. Nothing else in
:mod:`regalia.web` holds a limit of its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """The web table's settings.

    Attributes:
        workers: threads that run computer players' moves and hints.
        hint_spec: the hint agent's spec (None: the game's default,
            :func:`regalia.agents.default_hint_spec`).
        pace: seconds between two consecutive computer moves at a table where a person
            sits, for tables created without their own ``pace`` (0: no pause).
        max_pace: the largest ``pace`` a table may ask for (seconds).
        max_body: the largest request body accepted (bytes).
        max_clicks: the longest click sequence of a move in progress (board protocol v2).
        resume: let the computer players of unfinished tables go on at start-up.
        share_hours: how long a shared scoring pad link lives (hours).
        shares_per_client: live shared links one client address may hold at once.
        max_shares: live shared links the server holds in all.
    """

    workers: int = 2
    hint_spec: str | None = None
    pace: float = 0.7
    max_pace: float = 10.0
    max_body: int = 64 * 1024
    max_clicks: int = 32
    resume: bool = True
    share_hours: float = 48.0
    shares_per_client: int = 20
    max_shares: int = 10_000
