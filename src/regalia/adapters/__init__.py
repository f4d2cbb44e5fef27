"""Research interfaces over the core contract (issue 16; the ``[rl]`` and ``[openspiel]``
extras): :mod:`.pettingzoo` (AEC environments), :mod:`.gymnasium` (single-agent
environments against regalia agents) and :mod:`.openspiel` (pyspiel Python games).

Nothing here is imported by ``import regalia``; each module imports its library (and
numpy) itself, and games only through the registry (``load_game``).
"""
