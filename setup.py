"""Build of the compiled engine cores (issue 15; ARCHITECTURE.md, "Compiled kernels").

Everything else about the package is in pyproject.toml. ``pip install .`` (or ``pip wheel
.``) turns each Cython module below into a C extension with the machine's C compiler;
Cython itself is a build requirement (pyproject.toml ``[build-system]``). Where the
compiler fails, the package is still built, without the extension, and says so: the pure
engines are the fallback (``regalia.games.kingdomino.compiled``). Set
``REGALIA_REQUIRE_COMPILED=1`` to make such a failure fatal instead.

The modules cimport what they share from ``src/regalia/_compiled/*.pxd`` (C structs and
``inline`` functions, compiled into each module: nothing there is a module of its own or
is imported at run time); MANIFEST.in puts those files in the source distribution.

In a source tree: ``python setup.py build_ext --inplace`` builds the modules beside their
sources (ignored by git).
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

EXTENSIONS = [
    # The compiled engines' dealer (PCG64 in C; regalia.core.dealers): built first, the
    # engines cimport its class.
    Extension("regalia._compiled.pcg64", ["src/regalia/_compiled/pcg64.pyx"],
              extra_compile_args=["-O2"]),
    Extension("regalia.games.kingdomino._engine",
              ["src/regalia/games/kingdomino/_engine.pyx"],
              extra_compile_args=["-O2"]),
    Extension("regalia.games.two_heirs._engine",
              ["src/regalia/games/two_heirs/_engine.pyx"],
              extra_compile_args=["-O2"]),
    # -ffp-contract=off: the compiled playout policies add up floating-point values in
    # the Python policies' order, so that ties are broken alike; a fused multiply-add
    # (the default where the CPU has one, e.g. aarch64) would round otherwise
    Extension("regalia.games.cascadito._engine",
              ["src/regalia/games/cascadito/_engine.pyx"],
              extra_compile_args=["-O2", "-ffp-contract=off"]),
    Extension("regalia.games.inheritors._engine",
              ["src/regalia/games/inheritors/_engine.pyx"],
              extra_compile_args=["-O2", "-ffp-contract=off"]),
]


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing when an extension cannot be compiled."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all
            self._give_up(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # this extension fails to compile
            self._give_up(exc, ext.name)

    @staticmethod
    def _give_up(exc: Exception, name: str = "the compiled engines") -> None:
        if os.environ.get("REGALIA_REQUIRE_COMPILED", "") == "1":
            raise exc
        print(f"WARNING: {name} not built ({exc}); regalia will use the pure-Python "
              f"engine", file=sys.stderr)


def extensions() -> list:
    from Cython.Build import cythonize

    return cythonize(EXTENSIONS, language_level=3, quiet=True)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
