"""What the compiled engines share: ``history.pxd`` (inline, compiled into each engine) and
``pcg64`` (the dealer of the compiled engines, an extension module of its own whose class
the engines cimport; :mod:`regalia.core.dealers` describes the generator)."""
