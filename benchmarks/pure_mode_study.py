"""The design study of issue 29: does Cython's pure-Python mode reach the compiled
engines' goals on Cascadito? (docs/architecture.md, "One source of rules?")

Builds two compiled copies of the pure Cascadito engine (``games/cascadito/state.py``) in a
temporary directory with ``cythonize`` and the machine's C compiler, and times them in one
run beside the pure engine and, when it is built, the compiled engine that was chosen
(``_engine.pyx``, column ``pyx``):

* ``plain``: ``state.py`` compiled unchanged;
* ``typed``: ``state.py`` with Cython's pure-Python annotations on the hot methods
  (``@cython.locals`` with C ints for indices and codes, ``list`` for the lists it walks)
  and ``tables.bits`` compiled with C ints too; the file still runs unchanged as Python
  (``import cython`` is Cython's shadow module then).

Both copies also get the playout loop written in Python inside the compiled module
(``random_playout``: what a pure-Python-mode engine would offer as
``State.compiled_playout``). Rows, per CPU-second of this process, the best of
``--rounds`` interleaved rounds over the same ``--games`` deals with the same generator
(every variant must play the same games; the script checks the histories):

* ``playout``: random playouts (the pure engine: ``agents.search.playout``'s Python loop;
  the copies: ``random_playout`` in the compiled module; the compiled engine:
  ``State.compiled_playout``);
* ``user loop``: a user's Python loop over ``legal_actions`` / ``apply_action``
  (``benchlib.random_game_by_ply``) on each engine.

The annotations are patches on the text of ``state.py``: when that file changes so that
one no longer applies, the script stops and names it.

Usage: python benchmarks/pure_mode_study.py [--players 2] [--sheet 1] [--games 200]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from benchlib import machine_line, random_game_by_ply

import regalia
import regalia.games.cascadito as package
from regalia.agents.search import playout, random_action

SRC = Path(package.__file__).parent

PLAYOUT = '''

def random_playout(state, rng):
    """The random playout loop, compiled with the engine (the study's compiled playout)."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
'''

I = "cython.int"
#: ``@cython.locals`` per method of ``state.py`` (C ints: ids, indices, codes; never the
#: cell masks, which have more than 64 bits on every sheet).
LOCALS = {
    "_die_actions": f"H={I}, R={I}, B1={I}, B2={I}, p={I}, c={I}, base={I}, marks=list, "
                    f"rivers=list, passes=list, open_rivers=list",
    "_task_actions": f"task={I}, p={I}, B3={I}, B4={I}, B5={I}, kind={I}, o={I}, R={I}",
    "sample_chance_outcome": f"nf={I}, need={I}, k={I}, c={I}",
    "_apply_action": f"action={I}, ph={I}, B3={I}, B6={I}, CB={I}",
    "_apply_die": f"action={I}, H={I}, R={I}, B1={I}, B2={I}, p={I}, c={I}, i={I}, r={I}",
    "_apply_task": f"action={I}, B3={I}, B4={I}, B5={I}, p={I}, cell={I}, r={I}",
    "_mark": f"p={I}, i={I}, r={I}, a={I}",
    "_join": f"p={I}, i={I}, H={I}, n={I}, size={I}, j={I}, roots=list",
    "_advance": f"p={I}, k={I}, j={I}, h={I}, a={I}",
    "_settle": f"cell={I}, p={I}, a={I}",
    "_newly_met": f"p={I}, cell={I}, A={I}, o={I}, a={I}, code={I}, no_group=cython.bint, "
                  f"ok=cython.bint, claimed=list, first=list, spec=tuple",
    "_met": f"p={I}, code={I}, o={I}, H={I}, k={I}, count={I}, spec=tuple",
    "_end_turn": f"p={I}",
    "_stuck": f"R={I}, c={I}, p={I}, r={I}",
    "_claim": f"p={I}, k={I}, q={I}",
}
#: Text changes the typed copy needs to stay correct: a generator expression does not see
#: the typed locals of its function (Cython reads them as unassigned), and ``1 << i`` with
#: a C int ``i`` overflows a C int for cells past 31.
REWRITES = [
    ("rivers.extend(B1 + c * R + r for r in open_rivers)",
     "rivers.extend([B1 + c * R + r for r in open_rivers])"),
    ("sum(1 for k in range(t.num_tracks) if self.track[o + k] >= need)",
     "sum([1 for k in range(t.num_tracks) if self.track[o + k] >= need])"),
    ("all(self.grp[o + j] == rt for j in bits(m))", "all([self.grp[o + j] == rt for j in bits(m)])"),
    ("all(self.claimed[p * A + a] for a in t.top):\n            self.bonus",
     "all([self.claimed[p * A + a] for a in t.top]):\n            self.bonus"),
    ("any(self.river[p * R + r] < t.river_len[r] for r in range(R))",
     "any([self.river[p * R + r] < t.river_len[r] for r in range(R)])"),
    ("return sum(1 for k in range(o, o + H) if gs[k] >= 2) >= need",
     "return sum([1 for k in range(o, o + H) if gs[k] >= 2]) >= need"),
    ("all(self.track[o + k] >= e.spaces_in_every_track for k in range(t.num_tracks))",
     "all([self.track[o + k] >= e.spaces_in_every_track for k in range(t.num_tracks)])"),
    ("        bit = 1 << i\n", "        bit = cython.cast(object, 1) << i\n"),
    ("import random\n", "import random\n\nimport cython\n"),
    ("from .tables import (", "from ._study_tables import ("),
]


def replace_once(text: str, old: str, new: str, what: str) -> str:
    if text.count(old) < 1:
        sys.exit(f"the study's annotations no longer fit {what}: {old.splitlines()[0]!r} "
                 f"is gone; update LOCALS / REWRITES in {Path(__file__).name}")
    return text.replace(old, new, 1)


def typed_source() -> tuple[str, str]:
    """The annotated copies of state.py and tables.py."""
    state = (SRC / "state.py").read_text()
    for old, new in REWRITES:
        state = replace_once(state, old, new, "state.py")
    for name, locs in LOCALS.items():
        anchor = f"\n    def {name}("
        state = replace_once(state, anchor, f"\n    @cython.locals({locs})" + anchor,
                             "state.py")
    tables = (SRC / "tables.py").read_text()
    tables = replace_once(tables, "from itertools import product\n",
                          "from itertools import product\n\nimport cython\n", "tables.py")
    tables = replace_once(tables, "def bits(m: int) -> list[int]:",
                          f"@cython.locals(k={I}, b={I}, out=list, at=list)\n"
                          "def bits(m: int) -> list[int]:", "tables.py")
    return state + PLAYOUT, tables


def build(tmp: Path) -> None:
    """Compile the copies into ``tmp`` (``regalia.games.cascadito._study_*``)."""
    from Cython.Build import cythonize
    from setuptools import Extension
    from setuptools.dist import Distribution

    typed_state, typed_tables = typed_source()
    (tmp / "_study_plain.py").write_text((SRC / "state.py").read_text() + PLAYOUT)
    (tmp / "_study_typed.py").write_text(typed_state)
    (tmp / "_study_tables.py").write_text(typed_tables)
    exts = [Extension(f"regalia.games.cascadito.{m}", [str(tmp / f"{m}.py")],
                      extra_compile_args=["-O2", "-w"])   # (gcc's warnings: noise)
            for m in ("_study_plain", "_study_typed", "_study_tables")]
    dist = Distribution({"ext_modules": cythonize(exts, language_level=3, quiet=True)})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(tmp / "lib")
    cmd.build_temp = str(tmp / "build")
    cmd.ensure_finalized()
    cmd.run()
    for so in (tmp / "lib" / "regalia" / "games" / "cascadito").iterdir():
        shutil.copy(so, tmp / so.name)
    for m in ("_study_plain", "_study_typed", "_study_tables"):
        (tmp / f"{m}.py").unlink()   # import the extension, not the source beside it


def pure_state_class(module: object) -> type:
    """The pure engine's state class in ``module`` (``state.py`` or a copy of it)."""
    cls = getattr(module, "PureCascaditoState", None) or getattr(module, "CascaditoState")
    assert isinstance(cls, type)
    return cls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--sheet", type=int, default=1)
    ap.add_argument("--games", type=int, default=200, help="deals per round (default 200)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    args = ap.parse_args()
    print(machine_line())
    from regalia.games.cascadito import state

    game = regalia.load_game("cascadito", players=args.players, sheet=args.sheet)
    pure_cls = pure_state_class(state)
    with tempfile.TemporaryDirectory(prefix="regalia-study-") as tmp:
        print("compiling the copies of state.py ...", flush=True)
        build(Path(tmp))
        package.__path__.append(tmp)
        plain = importlib.import_module("regalia.games.cascadito._study_plain")
        typed = importlib.import_module("regalia.games.cascadito._study_typed")
        variants: dict[str, tuple[Callable[[int], object], Callable[..., object]]] = {
            "pure": (lambda i: pure_cls(game, i),
                     lambda s, rng: playout(s, rng, random_action)),
            "plain": (lambda i: pure_state_class(plain)(game, i), plain.random_playout),
            "typed": (lambda i: pure_state_class(typed)(game, i), typed.random_playout),
        }
        compiled = regalia.load_game("cascadito", players=args.players, sheet=args.sheet)
        if getattr(compiled, "engine", "pure") == "compiled":   # _engine.pyx (issue 29)
            variants["pyx"] = (compiled.new_initial_state,
                               lambda s, rng: s.compiled_playout("random", rng))
        best: dict[tuple[str, str], float] = {}
        digests: dict[tuple[str, str], str] = {}
        for _ in range(args.rounds):
            for row in ("playout", "user loop"):
                for name, (new, fast) in variants.items():
                    rng = random.Random(5)
                    h = hashlib.sha256()
                    start = time.process_time()
                    for i in range(args.games):
                        s = new(i)
                        (fast if row == "playout" else random_game_by_ply)(s, rng)
                        h.update(repr(s.history()).encode())
                    rate = args.games / (time.process_time() - start)
                    best[row, name] = max(best.get((row, name), 0.0), rate)
                    digests[row, name] = h.hexdigest()
    if len(set(digests.values())) != 1:
        sys.exit(f"the variants played different games: {digests}")
    print(f"Cascadito {args.players}p sheet {args.sheet}, random games per CPU-second "
          f"(best of {args.rounds} rounds of {args.games} deals; same games everywhere)")
    names = list(variants)
    print(f"{'':10}" + "".join(f"{n:>10}" for n in names) + "   ratios to pure")
    for row in ("playout", "user loop"):
        rates = [best[row, n] for n in names]
        print(f"{row:10}" + "".join(f"{r:10,.0f}" for r in rates) + "   "
              + "  ".join(f"{n} {r / rates[0]:.2f}x" for n, r in zip(names[1:], rates[1:])))


if __name__ == "__main__":
    main()
