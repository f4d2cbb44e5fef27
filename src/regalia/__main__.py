"""The ``regalia`` command (and ``python -m regalia``): the language first, then the app.

The command line speaks English or German: ``regalia --lang de ...`` (a root option, before
the command), else the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, read by
:func:`regalia.core.i18n.from_environment`), else English. Typer and click build their help
texts when the command modules are imported, so the language is set here, before
:mod:`regalia.cli.app` is imported; click's and Typer's own messages (``Usage:``,
``No such option``) are looked up in regalia's catalogues too (``locale/de/.../click.po``).

An unknown ``--lang`` is refused with exit 2, naming the languages regalia speaks.
"""

from __future__ import annotations

import gettext
import sys
from typing import TYPE_CHECKING, Sequence

from regalia.core import i18n
from regalia.core.i18n import _

if TYPE_CHECKING:
    from typer import Typer

#: The root options that take no value (read past while looking for ``--lang``).
_ROOT_FLAGS = {"--version", "-h", "--help"}


def given_language(args: Sequence[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` among the root options (before the
    command), or None. The arguments are left as they are (the root takes ``--lang`` too,
    for its help and for callers of the app itself).

    Raises:
        ValueError: ``--lang`` given without a value.
    """
    for index, arg in enumerate(args):
        if arg == "--lang":
            if index + 1 >= len(args):
                raise ValueError(None)
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg not in _ROOT_FLAGS:  # the command: its options are its own
            break
    return None


def _speaks() -> str:
    return i18n.format_list([f"{code} ({i18n.LANGUAGE_NAMES[code]})"
                             for code in i18n.LANGUAGES])


def choose_language(args: Sequence[str]) -> None:
    """Set the process's language from ``args`` (``--lang``) or the environment. Exits 2
    with a message on stderr for an unknown language."""
    i18n.set_default_language(i18n.from_environment())
    try:
        given = given_language(args)
    except ValueError:
        sys.stderr.write(_("Error: --lang needs a language: {languages}.").format(
            languages=_speaks()) + "\n")
        raise SystemExit(2) from None
    if given is not None:
        if i18n.normalize(given) is None:
            sys.stderr.write(_("Error: unknown language {given!r} for --lang: regalia "
                                    "speaks {languages}.").format(given=given,
                                                                  languages=_speaks()) + "\n")
            raise SystemExit(2)
        i18n.set_default_language(given)


def _import_app() -> "Typer":
    """Import the Typer app with click's and Typer's own messages going through regalia's
    catalogues (they bind ``gettext.gettext`` when imported; the stdlib's functions are put
    back at once, so nothing else is touched)."""
    if "click" in sys.modules or i18n.default_language() == i18n.DEFAULT_LANGUAGE:
        from regalia.cli.app import app
        return app
    plain, counted = gettext.gettext, gettext.ngettext

    def ngettext(msgid1: str, msgid2: str, n: int) -> str:
        return i18n.ngettext(msgid1, msgid2, n)

    gettext.gettext, gettext.ngettext = i18n.gettext, ngettext
    try:
        import typer.rich_utils  # noqa: F401  (its panel titles are built when imported)

        from regalia.cli.app import app
    finally:
        gettext.gettext, gettext.ngettext = plain, counted
    return app


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``regalia`` script and of ``python -m regalia``."""
    args = list(sys.argv[1:] if argv is None else argv)
    choose_language(args)
    _import_app()(args=args)


if __name__ == "__main__":
    main()
